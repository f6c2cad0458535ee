#include "recalibration.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <unordered_map>

namespace kfx::surrogate {

namespace {

std::uint64_t fnv1a(std::string_view text)
{
    std::uint64_t hash = 14695981039346656037ull;
    for (const unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

// splitmix64's finaliser: spreads seed and id over all 64 bits, so nearby seeds give unrelated draws.
std::uint64_t mix(std::uint64_t value)
{
    value += 0x9e3779b97f4a7c15ull;
    value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
    value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
    return value ^ (value >> 31);
}

template<typename Number>
bool parseWhole(std::string_view text, Number &out)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size();
}

} // namespace

std::variant<CalibrationSplit, std::string> parseCalibrationSplit(std::string_view text)
{
    CalibrationSplit split;
    if (text.starts_with("pack:")) {
        split.kind = CalibrationSplit::Kind::Pack;
        split.pack = std::string(text.substr(5));
        if (split.pack.empty())
            return std::string("the split 'pack:' names no pack");
        return split;
    }
    const std::string usage = "the split '" + std::string(text) + "' is neither pack:NAME nor random:SEED:FRACTION";
    if (!text.starts_with("random:"))
        return usage;
    const auto rest = text.substr(7);
    const auto colon = rest.find(':');
    if (colon == std::string_view::npos || !parseWhole(rest.substr(0, colon), split.seed))
        return usage;
    // from_chars for double is in GCC 11+ and clang 14's libstdc++ alike; strtod would follow the locale.
    const auto fraction = rest.substr(colon + 1);
    if (!parseWhole(fraction, split.fraction) || !(split.fraction > 0.0 && split.fraction < 1.0))
        return "the split's fraction '" + std::string(fraction) + "' is not a number between 0 and 1";
    split.kind = CalibrationSplit::Kind::Random;
    return split;
}

std::string calibrationSplitText(const CalibrationSplit &split)
{
    if (split.kind == CalibrationSplit::Kind::Pack)
        return "pack:" + split.pack;
    char fraction[32];
    const auto end = std::to_chars(fraction, fraction + sizeof fraction, split.fraction).ptr;
    return "random:" + std::to_string(split.seed) + ":" + std::string(fraction, end);
}

namespace {

template<typename T>
std::vector<const T *> pointersTo(std::span<const T> values)
{
    std::vector<const T *> pointers;
    pointers.reserve(values.size());
    for (const auto &value : values)
        pointers.push_back(&value);
    return pointers;
}

} // namespace

std::unordered_set<std::string> calibrationIds(std::span<const ComparisonPair *const> pairs,
                                               const CalibrationSplit &split)
{
    std::unordered_set<std::string> ids;
    if (split.kind == CalibrationSplit::Kind::Pack) {
        for (const auto *pair : pairs) {
            if (pair->pack == split.pack)
                ids.insert(pair->id);
        }
        return ids;
    }
    std::vector<std::pair<std::uint64_t, std::string_view>> ranked;
    std::unordered_set<std::string_view> seen;
    for (const auto *pair : pairs) {
        if (seen.insert(pair->id).second)
            ranked.emplace_back(mix(split.seed ^ fnv1a(pair->id)), pair->id);
    }
    std::sort(ranked.begin(), ranked.end());
    const auto count = std::size_t(std::llround(split.fraction * double(ranked.size())));
    for (std::size_t i = 0; i < count; ++i)
        ids.emplace(ranked[i].second);
    return ids;
}

std::unordered_set<std::string> calibrationIds(std::span<const ComparisonPair> pairs, const CalibrationSplit &split)
{
    return calibrationIds(pointersTo(pairs), split);
}

std::string recalibratedLabel(std::string_view label)
{
    return std::string(label) + " (recalibrated)";
}

std::optional<ProbabilityCalibrator::Method> recalibrationMethodFromName(std::string_view name)
{
    if (name == "temperature")
        return ProbabilityCalibrator::Method::Temperature;
    if (name == "isotonic")
        return ProbabilityCalibrator::Method::Isotonic;
    if (name == "histogram")
        return ProbabilityCalibrator::Method::Histogram;
    return std::nullopt;
}

RecalibrationResult recalibrate(std::span<const ComparisonPair> pairs, std::span<const PredictionRow> predictions,
                                ProbabilityCalibrator::Method method, const CalibrationSplit &split)
{
    return recalibrate(pointersTo(pairs), pointersTo(predictions), method, split);
}

RecalibrationResult recalibrate(std::span<const ComparisonPair *const> pairs,
                                std::span<const PredictionRow *const> predictions, ProbabilityCalibrator::Method method,
                                const CalibrationSplit &split)
{
    std::unordered_map<std::string_view, int> trueBins;
    for (const auto *pair : pairs)
        trueBins.emplace(pair->id, pair->trueBin);
    const auto calibration = calibrationIds(pairs, split);

    // Per label, in order of first appearance: the measured forecasts on each side of the split.
    struct Sample {
        std::vector<BinProbabilities> p;
        std::vector<int> bins;
    };
    struct Sides {
        Sample fit, check;
    };
    std::vector<std::string> labels;
    std::map<std::string, Sides, std::less<>> sides;
    for (const auto *rowPointer : predictions) {
        const auto &row = *rowPointer;
        if (sides.try_emplace(row.surrogateLabel).second)
            labels.push_back(row.surrogateLabel);
        const auto truth = trueBins.find(row.comparisonId);
        if (!row.forecast || truth == trueBins.end())
            continue;
        auto &sample = calibration.contains(row.comparisonId) ? sides[row.surrogateLabel].fit
                                                              : sides[row.surrogateLabel].check;
        sample.p.push_back(row.forecast->probabilities);
        sample.bins.push_back(truth->second);
    }

    RecalibrationResult result;
    result.calibrationPairs = calibration.size();
    std::map<std::string, ProbabilityCalibrator, std::less<>> fitted;
    for (const auto &label : labels) {
        const auto &[fit, check] = sides[label];
        if (fit.p.empty()) {
            result.skipped.push_back(label + " has no forecast of a measured pair in the calibration split "
                                     + calibrationSplitText(split) + "; it is not recalibrated");
            continue;
        }
        SurrogateRecalibration summary;
        summary.label = label;
        summary.calibrator = ProbabilityCalibrator::fit(method, fit.p, fit.bins);
        summary.calibrationForecasts = int(fit.p.size());
        summary.evaluationForecasts = int(check.p.size());
        summary.nllBefore = ProbabilityCalibrator::none().meanNll(check.p, check.bins);
        summary.nllAfter = summary.calibrator.meanNll(check.p, check.bins);
        fitted.emplace(label, summary.calibrator);
        result.surrogates.push_back(std::move(summary));
    }

    for (const auto *rowPointer : predictions) {
        const auto &row = *rowPointer;
        const auto calibrator = fitted.find(row.surrogateLabel);
        if (calibrator == fitted.end() || calibration.contains(row.comparisonId))
            continue;
        auto &out = result.rows.emplace_back(row);
        out.surrogateLabel = recalibratedLabel(row.surrogateLabel);
        if (out.forecast) {
            out.forecast->probabilities = calibrator->second.apply(row.forecast->probabilities);
            out.forecast->source = out.surrogateLabel;
            out.forecast->rawProbabilitySum = 1.0;
        }
    }
    return result;
}

} // namespace kfx::surrogate
