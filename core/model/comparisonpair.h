#pragma once

#include "forecast.h"
#include "hardwarecontext.h"
#include "sharedtext.h"

#include <optional>
#include <string>
#include <vector>

namespace kfx {

// Which published row a pair came from; they all map onto one comparison of reference against candidate.
enum class PairOrigin { EvalSet, DiscoveryPair, RlPoolRow, ScoredComparison, EvalDataset };

// A reference kernel, a candidate, and how much faster the candidate measured (spec §3.1, §3.3, §3.4).
struct ComparisonPair {
    PairOrigin origin = PairOrigin::EvalSet;
    std::string id;      // comparison_id, pair_id or row_id: the join key of predictions
    std::string sourceId;
    std::string pack;    // pack or problem_id
    // Shared with the search's kernels and every query made of the pair (SharedText says why): a forecast run over
    // 80,000 kernels held each kernel's code in its pair and its query, 1.5 times the log file at its peak.
    SharedText referenceCode;
    SharedText candidateCode;
    std::string hardwareName;
    std::optional<HardwareContext> hardware;
    double speedup = 0.0;
    int trueBin = 0;
    std::string sourceSearch;
    std::string internalExperiment;
    std::string pairType;        // RL pool: seed / parent_edit / pair
    std::string benchmarkFamily; // discovery: gpu_mode / kernelbench_l3
    std::string parentNodeId;
    std::string childNodeId;
    std::int64_t line = 0;
};

// One surrogate's answer for one pair and repeat (the predictions schema, spec §3.1 b).
struct PredictionRow {
    std::string comparisonId;
    std::string pack;
    std::string surrogateLabel;
    int repeat = 0;
    std::optional<Forecast> forecast; // empty when the answer could not be parsed
    bool parseFailed = false;
    std::string parseError;
    std::optional<TokenUsage> usage;
    double elapsedSeconds = 0.0;
    std::int64_t line = 0;
};

} // namespace kfx
