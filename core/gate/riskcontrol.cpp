#include "riskcontrol.h"

#include <boost/math/special_functions/beta.hpp>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace kfx::gate {

double clopperPearsonUpper(int errors, int trials, double delta)
{
    if (trials <= 0 || errors >= trials)
        return 1.0;
    // P(X <= errors | p) = delta solved for p is the (1 - delta) quantile of Beta(errors + 1, trials - errors).
    return boost::math::ibeta_inv(double(errors) + 1.0, double(trials - errors), 1.0 - delta);
}

namespace {

struct ScoredRow {
    double score;
    bool wrong;
};

bool isWrong(const metrics::SelectiveRow &row, ErrorRule rule)
{
    const int distance = std::abs(row.forecast->predictedBin - row.trueBin);
    return rule == ErrorRule::WrongBin ? distance != 0 : distance > 1;
}

// One candidate threshold: the trusted set is every row scoring at least `threshold`.
struct Candidate {
    double threshold;
    int trusted;
    int errors;
};

} // namespace

RiskControlledThreshold riskControlledThreshold(std::span<const metrics::SelectiveRow> calibration,
                                                const RiskControlRequest &request)
{
    std::vector<ScoredRow> rows;
    rows.reserve(calibration.size());
    for (const auto &row : calibration) {
        if (row.forecast)
            rows.push_back({metrics::confidence(request.score, *row.forecast), isWrong(row, request.errorRule)});
    }
    std::sort(rows.begin(), rows.end(), [](const ScoredRow &a, const ScoredRow &b) { return a.score > b.score; });

    // One sweep from the highest score down: each distinct score closes a candidate trusted set.
    std::vector<Candidate> candidates;
    int errors = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        errors += rows[i].wrong ? 1 : 0;
        if (i + 1 == rows.size() || rows[i + 1].score != rows[i].score)
            candidates.push_back({rows[i].score, int(i + 1), errors});
    }

    RiskControlledThreshold result;
    result.thresholdsTested = int(candidates.size());
    if (candidates.empty())
        return result;
    const double level = request.correction == Correction::Bonferroni ? request.delta / double(candidates.size())
                                                                      : request.delta;
    for (const auto &candidate : candidates) {
        const double bound = clopperPearsonUpper(candidate.errors, candidate.trusted, level);
        if (bound < request.alpha) {
            result.threshold = candidate.threshold;
            result.certified = true;
            result.trusted = candidate.trusted;
            result.errors = candidate.errors;
            result.upperBound = bound;
        } else if (request.correction == Correction::FixedSequence) {
            break;
        }
    }
    result.coverage = calibration.empty() ? 0.0 : double(result.trusted) / double(calibration.size());
    return result;
}

} // namespace kfx::gate
