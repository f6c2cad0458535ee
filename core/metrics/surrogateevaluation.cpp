#include "surrogateevaluation.h"

#include <unordered_map>

namespace kfx::metrics {

namespace {

struct JoinedRows {
    std::vector<CalibrationDatum> calibration;
    std::vector<SelectiveRow> selective;
    std::vector<PoolCandidate> candidates;
    int unjoined = 0;
    std::string firstUnjoined;
};

SurrogateEvaluation evaluate(const std::string &label, const JoinedRows &rows, const EvaluationOptions &options)
{
    SurrogateEvaluation result;
    result.label = label;
    result.calibration = evaluateCalibration(rows.calibration, options.buckets);
    for (auto score : kSelectiveScores) {
        for (auto risk : kRisks) {
            SelectiveSummary summary;
            summary.curve = riskCoverageCurve(rows.selective, score, risk);
            summary.aurc = areaUnderRiskCoverage(summary.curve);
            summary.selectiveAt50 = selectiveRiskAtCoverage(summary.curve, 0.5);
            result.selective.emplace(std::make_pair(score, risk), std::move(summary));
        }
    }
    result.topK = topKRecovery(rows.candidates, result.rankingScore);
    return result;
}

} // namespace

std::vector<SurrogateEvaluation> evaluateSurrogates(std::span<const ComparisonPair> pairs,
                                                    std::span<const PredictionRow> predictions,
                                                    const EvaluationOptions &options, Diagnostics &diagnostics)
{
    std::unordered_map<std::string, const ComparisonPair *> pairById;
    std::unordered_map<std::string, int> poolByPack;
    for (const auto &pair : pairs) {
        if (!options.pack || pair.pack == *options.pack)
            pairById.emplace(pair.id, &pair);
    }
    std::vector<std::string> labels;
    std::unordered_map<std::string, JoinedRows> byLabel;
    for (const auto &prediction : predictions) {
        auto [it, inserted] = byLabel.try_emplace(prediction.surrogateLabel);
        if (inserted)
            labels.push_back(prediction.surrogateLabel);
        auto &rows = it->second;
        const auto pair = pairById.find(prediction.comparisonId);
        if (pair == pairById.end()) {
            // With a pack filter, rows of other packs are expected to be missing; only real misses count.
            if (!options.pack || prediction.pack == *options.pack) {
                if (rows.unjoined++ == 0)
                    rows.firstUnjoined = prediction.comparisonId;
            }
            continue;
        }
        const auto *forecast = prediction.forecast ? &*prediction.forecast : nullptr;
        const auto &measured = *pair->second;
        rows.calibration.push_back({measured.trueBin, forecast});
        rows.selective.push_back({measured.trueBin, measured.speedup, forecast});
        const auto pool = poolByPack.try_emplace(measured.pack, int(poolByPack.size())).first->second;
        rows.candidates.push_back({pool, measured.speedup, forecast});
    }
    std::vector<SurrogateEvaluation> results;
    for (const auto &label : labels) {
        const auto &rows = byLabel[label];
        if (rows.unjoined > 0)
            diagnostics.push_back({label, 0,
                                   std::to_string(rows.unjoined) + " predictions name no loaded pair (first: "
                                       + rows.firstUnjoined + "); they are left out"});
        results.push_back(evaluate(label, rows, options));
    }
    return results;
}

} // namespace kfx::metrics
