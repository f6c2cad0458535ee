#pragma once

#include <string_view>

namespace kfx {

// Every published format kfx reads (spec §3), told apart by content, never by file name.
enum class DataFormat {
    Unknown,
    PuctV2,            // v2 PUCT events.jsonl (§3.6)
    PuctV3,            // v3 surrogate-filtered events.jsonl (§3.7)
    HfPuctV2,          // the HF flattening of a v2 log: event_index, event_kind, payload (§3.1 e)
    HfPuctV3,          // the same flattening of a v3 log
    HfSummaries,       // the _summaries rows of the HF search-events dataset
    EvalSet,           // eval-set rows (§3.1 a)
    Predictions,       // eval-set predictions (§3.1 b)
    RlPool,            // RL training pool rows (§3.1 c)
    DiscoveryPairs,    // discovery pairs (§3.1 d)
    ScoredComparisons, // local scoring output, scored_eval.jsonl (§3.4)
    EvalDataset,       // the eval-set builder's eval_dataset.jsonl (§3.3)
    TrimulLeaderboard, // a TriMul leaderboard baseline JSON (§3.9)
};

// "puct-v2", "puct-v3", "hf-puct-v2", "hf-puct-v3", "hf-summaries", "eval-set", "predictions", "rl-pool",
// "discovery-pairs", "scored-comparisons", "eval-dataset", "trimul-leaderboard", "unknown".
std::string_view dataFormatName(DataFormat format);

bool isSearchLog(DataFormat format);

} // namespace kfx
