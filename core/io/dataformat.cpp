#include "dataformat.h"

namespace kfx {

std::string_view dataFormatName(DataFormat format)
{
    switch (format) {
    case DataFormat::PuctV2:
        return "puct-v2";
    case DataFormat::PuctV3:
        return "puct-v3";
    case DataFormat::HfPuctV2:
        return "hf-puct-v2";
    case DataFormat::HfPuctV3:
        return "hf-puct-v3";
    case DataFormat::HfSummaries:
        return "hf-summaries";
    case DataFormat::EvalSet:
        return "eval-set";
    case DataFormat::Predictions:
        return "predictions";
    case DataFormat::RlPool:
        return "rl-pool";
    case DataFormat::DiscoveryPairs:
        return "discovery-pairs";
    case DataFormat::ScoredComparisons:
        return "scored-comparisons";
    case DataFormat::EvalDataset:
        return "eval-dataset";
    case DataFormat::TrimulLeaderboard:
        return "trimul-leaderboard";
    case DataFormat::Unknown:
        break;
    }
    return "unknown";
}

bool isSearchLog(DataFormat format)
{
    return format == DataFormat::PuctV2 || format == DataFormat::PuctV3 || format == DataFormat::HfPuctV2
        || format == DataFormat::HfPuctV3;
}

} // namespace kfx
