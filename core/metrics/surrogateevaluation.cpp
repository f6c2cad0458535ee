#include "surrogateevaluation.h"

#include "parallelfor.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <iterator>
#include <string_view>
#include <thread>
#include <unordered_map>

namespace kfx::metrics {

namespace {

template<typename T>
std::vector<const T *> pointersTo(std::span<const T> rows)
{
    std::vector<const T *> pointers;
    pointers.reserve(rows.size());
    for (const auto &row : rows)
        pointers.push_back(&row);
    return pointers;
}

} // namespace

std::vector<JoinedSurrogate> joinSurrogates(std::span<const ComparisonPair *const> pairs,
                                            std::span<const PredictionRow *const> predictions,
                                            const EvaluationOptions &options, Diagnostics &diagnostics)
{
    struct Measured {
        const ComparisonPair *pair = nullptr;
        int pool = -1; // numbered when first joined, so that pools keep the order of first appearance
    };
    std::unordered_map<std::string_view, Measured> pairById;
    pairById.reserve(pairs.size());
    for (const auto *pair : pairs) {
        if (!options.pack || pair->pack == *options.pack)
            pairById.emplace(pair->id, Measured{pair});
    }
    std::unordered_map<std::string_view, int> poolByPack;
    // Surrogate index by label, then by repeat when repeats are separate: no label string is built per row.
    std::unordered_map<std::string_view, std::vector<std::pair<int, std::size_t>>> surrogateByLabel;
    std::vector<JoinedSurrogate> joined;
    struct Unjoined {
        int count = 0;
        std::string_view first;
    };
    std::vector<Unjoined> unjoined;
    // The id lookups, the join's main cost, read the map only: they run in parallel, in contiguous chunks.
    std::vector<Measured *> found(predictions.size());
    constexpr std::size_t kChunk = 8192;
    forEachInParallel((predictions.size() + kChunk - 1) / kChunk, [&](std::size_t chunk) {
        const auto end = std::min(predictions.size(), (chunk + 1) * kChunk);
        for (auto i = chunk * kChunk; i < end; ++i) {
            const auto pair = pairById.find(predictions[i]->comparisonId);
            found[i] = pair == pairById.end() ? nullptr : &pair->second;
        }
    });
    // Prediction files list a surrogate's rows together: the previous row's surrogate is usually this one's.
    const PredictionRow *previous = nullptr;
    std::size_t index = 0;
    for (std::size_t row = 0; row < predictions.size(); ++row) {
        const auto *prediction = predictions[row];
        if (!previous || prediction->surrogateLabel != previous->surrogateLabel
            || (options.separateRepeats && prediction->repeat != previous->repeat)) {
            auto &repeats = surrogateByLabel[prediction->surrogateLabel];
            const int repeat = options.separateRepeats ? prediction->repeat : 0;
            auto known = std::find_if(repeats.begin(), repeats.end(),
                                      [repeat](const auto &r) { return r.first == repeat; });
            if (known == repeats.end()) {
                auto &added = joined.emplace_back();
                added.label = prediction->surrogateLabel;
                if (options.separateRepeats)
                    added.label += " #" + std::to_string(repeat);
                unjoined.emplace_back();
                known = repeats.insert(repeats.end(), {repeat, joined.size() - 1});
            }
            index = known->second;
        }
        previous = prediction;
        if (!found[row]) {
            // With a pack filter, rows of other packs are expected to be missing; only real misses count.
            if (!options.pack || prediction->pack == *options.pack) {
                if (unjoined[index].count++ == 0)
                    unjoined[index].first = prediction->comparisonId;
            }
            continue;
        }
        auto &measured = *found[row];
        if (measured.pool < 0)
            measured.pool = poolByPack.try_emplace(measured.pair->pack, int(poolByPack.size())).first->second;
        auto &surrogate = joined[index];
        surrogate.predictions.push_back(prediction);
        surrogate.pairs.push_back(measured.pair);
        surrogate.pools.push_back(measured.pool);
    }
    for (std::size_t i = 0; i < joined.size(); ++i) {
        if (unjoined[i].count > 0)
            diagnostics.push_back({joined[i].label, 0,
                                   std::to_string(unjoined[i].count) + " predictions name no loaded pair (first: "
                                       + std::string(unjoined[i].first) + "); they are left out"});
    }
    return joined;
}

namespace {

// One surrogate's joined rows in the forms the metrics take.
struct Rows {
    std::vector<CalibrationDatum> calibration;
    std::vector<SelectiveRow> selective;
    std::vector<PoolCandidate> candidates;
};

Rows rowsOf(const JoinedSurrogate &joined)
{
    const auto n = joined.predictions.size();
    Rows rows;
    rows.calibration.reserve(n);
    rows.selective.reserve(n);
    rows.candidates.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto &prediction = *joined.predictions[i];
        const auto &measured = *joined.pairs[i];
        const auto *forecast = prediction.forecast ? &*prediction.forecast : nullptr;
        rows.calibration.push_back({measured.trueBin, forecast});
        rows.selective.push_back({measured.trueBin, measured.speedup, forecast});
        rows.candidates.push_back({joined.pools[i], measured.speedup, forecast});
    }
    return rows;
}

// A surrogate's evaluation falls into independent parts, so that cores can share the work more evenly than one
// surrogate each: part 0 is the calibration report, top-k recovery and confusion; part 1 + i the three risks'
// curves of score i, from one sort.
constexpr std::size_t kParts = 1 + std::size(kSelectiveScores);
using ScoreSummaries = std::array<SelectiveSummary, std::size(kRisks)>;

void evaluateOverall(const Rows &rows, const EvaluationOptions &options, SurrogateEvaluation &result)
{
    result.calibration = evaluateCalibration(rows.calibration, options.buckets);
    result.topK = topKRecovery(rows.candidates, result.rankingScore);
    result.confusion = confusionMatrix(rows.calibration);
}

ScoreSummaries summariseScore(const Rows &rows, ConfidenceScore score)
{
    auto curves = riskCoverageCurves(rows.selective, score);
    ScoreSummaries summaries;
    for (std::size_t risk = 0; risk < curves.size(); ++risk) {
        auto &summary = summaries[risk];
        summary.curve = std::move(curves[risk]);
        summary.aurc = areaUnderRiskCoverage(summary.curve);
        summary.selectiveAt50 = selectiveRiskAtCoverage(summary.curve, 0.5);
    }
    return summaries;
}

void addSelective(SurrogateEvaluation &result, std::array<ScoreSummaries, std::size(kSelectiveScores)> &&scores)
{
    for (std::size_t score = 0; score < scores.size(); ++score) {
        for (std::size_t risk = 0; risk < std::size(kRisks); ++risk)
            result.selective.emplace(std::make_pair(kSelectiveScores[score], kRisks[risk]),
                                     std::move(scores[score][risk]));
    }
}

} // namespace

SurrogateEvaluation evaluateSurrogate(const JoinedSurrogate &joined, const EvaluationOptions &options)
{
    const auto rows = rowsOf(joined);
    SurrogateEvaluation result;
    result.label = joined.label;
    evaluateOverall(rows, options, result);
    std::array<ScoreSummaries, std::size(kSelectiveScores)> scores;
    for (std::size_t score = 0; score < scores.size(); ++score)
        scores[score] = summariseScore(rows, kSelectiveScores[score]);
    addSelective(result, std::move(scores));
    return result;
}

std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const JoinedSurrogate> joined,
                                                    const EvaluationOptions &options)
{
    const auto count = joined.size();
    std::vector<Rows> rows(count);
    std::vector<SurrogateEvaluation> results(count);
    std::vector<std::array<ScoreSummaries, std::size(kSelectiveScores)>> scores(count);
    forEachInParallel(count, [&](std::size_t i) {
        rows[i] = rowsOf(joined[i]);
        results[i].label = joined[i].label;
    });
    // Each task writes only its own part of its surrogate's result.
    forEachInParallel(count * kParts, [&](std::size_t task) {
        const auto surrogate = task / kParts;
        const auto part = task % kParts;
        if (part == 0)
            evaluateOverall(rows[surrogate], options, results[surrogate]);
        else
            scores[surrogate][part - 1] = summariseScore(rows[surrogate], kSelectiveScores[part - 1]);
    });
    for (std::size_t i = 0; i < count; ++i)
        addSelective(results[i], std::move(scores[i]));
    return results;
}

std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const ComparisonPair *const> pairs,
                                                    std::span<const PredictionRow *const> predictions,
                                                    const EvaluationOptions &options, Diagnostics &diagnostics)
{
    return evaluateSurrogates(joinSurrogates(pairs, predictions, options, diagnostics), options);
}

std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const ComparisonPair> pairs,
                                                    std::span<const PredictionRow> predictions,
                                                    const EvaluationOptions &options, Diagnostics &diagnostics)
{
    return evaluateSurrogates(pointersTo(pairs), pointersTo(predictions), options, diagnostics);
}

} // namespace kfx::metrics
