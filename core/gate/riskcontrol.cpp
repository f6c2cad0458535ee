#include "riskcontrol.h"

#include "model/speedupbin.h"

#include <boost/math/special_functions/beta.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <numeric>

namespace kfx::gate {

double clopperPearsonUpper(int errors, int trials, double delta)
{
    if (trials <= 0 || errors >= trials)
        return 1.0;
    // P(X <= errors | p) = delta solved for p is the (1 - delta) quantile of Beta(errors + 1, trials - errors).
    return boost::math::ibeta_inv(double(errors) + 1.0, double(trials - errors), 1.0 - delta);
}

double clopperPearsonPValue(int errors, int trials, double alpha)
{
    if (trials <= 0 || errors >= trials)
        return 1.0;
    // P(X <= k) for X ~ Bin(n, p) is the upper regularised incomplete beta I_{1−p}(n − k, k + 1) = 1 − I_p(k + 1, n −
    // k).
    return boost::math::ibetac(double(errors) + 1.0, double(trials - errors), alpha);
}

namespace {

// The Kullback–Leibler divergence of Bernoulli(a) from Bernoulli(b), with 0 ln 0 = 0.
double bernoulliDivergence(double a, double b)
{
    const double low = a > 0.0 ? a * std::log(a / b) : 0.0;
    const double high = a < 1.0 ? (1.0 - a) * std::log((1.0 - a) / (1.0 - b)) : 0.0;
    return low + high;
}

} // namespace

double hoeffdingBentkusPValue(int errors, int trials, double alpha)
{
    if (trials <= 0)
        return 1.0;
    const double riskHat = double(errors) / double(trials);
    const double hoeffding = std::exp(-double(trials) * bernoulliDivergence(std::min(riskHat, alpha), alpha));
    // ⌈n r̂⌉ is the error count itself: r̂ = errors / n exactly.
    const double bentkus = std::numbers::e * clopperPearsonPValue(errors, trials, alpha);
    return std::min(hoeffding, bentkus);
}

namespace {

template<typename Enum, std::size_t N>
std::optional<Enum> fromName(std::string_view name, const Enum (&values)[N], std::string_view (*nameOf)(Enum))
{
    for (const Enum value : values) {
        if (nameOf(value) == name)
            return value;
    }
    return std::nullopt;
}

} // namespace

std::string_view correctionName(Correction correction)
{
    switch (correction) {
    case Correction::Bonferroni:
        return "bonferroni";
    case Correction::Holm:
        return "holm";
    case Correction::FixedSequence:
        return "fixed-sequence";
    }
    return {};
}

std::optional<Correction> correctionFromName(std::string_view name)
{
    static constexpr Correction kAll[] = {Correction::Bonferroni, Correction::Holm, Correction::FixedSequence};
    return fromName(name, kAll, correctionName);
}

std::string_view pValueName(PValue pValue)
{
    return pValue == PValue::ClopperPearson ? "clopper-pearson" : "hoeffding-bentkus";
}

std::optional<PValue> pValueFromName(std::string_view name)
{
    static constexpr PValue kAll[] = {PValue::ClopperPearson, PValue::HoeffdingBentkus};
    return fromName(name, kAll, pValueName);
}

std::string_view errorRuleName(ErrorRule rule)
{
    return rule == ErrorRule::WrongBin ? "wrong-bin" : "off-by-two";
}

std::optional<ErrorRule> errorRuleFromName(std::string_view name)
{
    static constexpr ErrorRule kAll[] = {ErrorRule::WrongBin, ErrorRule::MoreThanOneBin};
    return fromName(name, kAll, errorRuleName);
}

bool isWrong(const metrics::SelectiveRow &row, ErrorRule rule)
{
    if (row.trueBin == kFailureBin)
        return true; // a trusted kernel that fails is wrong however near bin 1 the forecast was
    const int distance = std::abs(row.forecast->predictedBin - row.trueBin);
    return rule == ErrorRule::WrongBin ? distance != 0 : distance > 1;
}

namespace {

struct ScoredRow {
    double score;
    bool wrong;
};

// The candidates, one per distinct score from the highest down: each closes a trusted set.
std::vector<ThresholdTest> candidateThresholds(std::span<const metrics::SelectiveRow> calibration,
                                               const RiskControlRequest &request)
{
    std::vector<ScoredRow> rows;
    rows.reserve(calibration.size());
    for (const auto &row : calibration) {
        if (row.forecast)
            rows.push_back({metrics::confidence(request.score, *row.forecast), isWrong(row, request.errorRule)});
    }
    std::sort(rows.begin(), rows.end(), [](const ScoredRow &a, const ScoredRow &b) { return a.score > b.score; });
    std::vector<ThresholdTest> tests;
    int errors = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        errors += rows[i].wrong ? 1 : 0;
        if (i + 1 == rows.size() || rows[i + 1].score != rows[i].score) {
            ThresholdTest test;
            test.threshold = rows[i].score;
            test.trusted = int(i + 1);
            test.errors = errors;
            test.pValue = request.pValue == PValue::ClopperPearson
                ? clopperPearsonPValue(errors, test.trusted, request.alpha)
                : hoeffdingBentkusPValue(errors, test.trusted, request.alpha);
            tests.push_back(test);
        }
    }
    return tests;
}

// Marks the thresholds the family-wise procedure certifies, with the level each was compared with.
void certify(std::vector<ThresholdTest> &tests, Correction correction, double delta)
{
    const double m = double(tests.size());
    switch (correction) {
    case Correction::Bonferroni:
        for (auto &test : tests) {
            test.level = delta / m;
            test.certified = test.pValue <= test.level;
        }
        return;
    case Correction::FixedSequence:
        for (auto &test : tests) {
            test.level = delta;
            test.certified = test.pValue <= delta;
            if (!test.certified)
                return;
        }
        return;
    case Correction::Holm: {
        std::vector<std::size_t> order(tests.size());
        std::iota(order.begin(), order.end(), std::size_t(0));
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return tests[a].pValue < tests[b].pValue; });
        for (std::size_t rank = 0; rank < order.size(); ++rank) {
            auto &test = tests[order[rank]];
            test.level = delta / (m - double(rank));
            test.certified = test.pValue <= test.level;
            if (!test.certified)
                return;
        }
        return;
    }
    }
}

} // namespace

RiskControlledThreshold riskControlledThreshold(std::span<const metrics::SelectiveRow> calibration,
                                                const RiskControlRequest &request)
{
    RiskControlledThreshold result;
    result.tests = candidateThresholds(calibration, request);
    result.thresholdsTested = int(result.tests.size());
    certify(result.tests, request.correction, request.delta);
    // Any certified threshold keeps the guarantee; the lowest trusts the most.
    const auto chosen = std::find_if(result.tests.rbegin(), result.tests.rend(),
                                     [](const ThresholdTest &test) { return test.certified; });
    if (chosen != result.tests.rend()) {
        result.threshold = chosen->threshold;
        result.certified = true;
        result.trusted = chosen->trusted;
        result.errors = chosen->errors;
        result.pValue = chosen->pValue;
        result.upperBound = clopperPearsonUpper(chosen->errors, chosen->trusted, chosen->level);
    }
    result.coverage = calibration.empty() ? 0.0 : double(result.trusted) / double(calibration.size());
    return result;
}

} // namespace kfx::gate
