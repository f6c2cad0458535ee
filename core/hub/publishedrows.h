#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::hub {

// The row formats of the published datasets (spec §3.1), which kfx reads as JSON lines, one row object a line.
enum class RowFormat {
    EvalSet,         // (a) codezakh/gpu-forecasters-eval-set
    Predictions,     // (b) codezakh/gpu-forecasters-eval-set-predictions
    TrainingPool,    // (c) codezakh/gpu-forecasters-rl-training-pool
    DiscoveryPairs,  // (d) codezakh/gpu-forecasters-discovery-pairs
    SearchEvents,    // (e) codezakh/gpu-forecasters-puct-search-events, per-search configs (event_kind/payload)
    SearchSummaries, // (e) the same dataset's _summaries config
};

std::string_view rowFormatName(RowFormat format);

struct PublishedDataset {
    std::string_view id;
    RowFormat format;
};

inline constexpr std::array kPublishedDatasets{
    PublishedDataset{"codezakh/gpu-forecasters-eval-set", RowFormat::EvalSet},
    PublishedDataset{"codezakh/gpu-forecasters-eval-set-predictions", RowFormat::Predictions},
    PublishedDataset{"codezakh/gpu-forecasters-rl-training-pool", RowFormat::TrainingPool},
    PublishedDataset{"codezakh/gpu-forecasters-discovery-pairs", RowFormat::DiscoveryPairs},
    PublishedDataset{"codezakh/gpu-forecasters-puct-search-events", RowFormat::SearchEvents},
};

// The columns each format's rows carry on the Hub, in the Hub's order.
const std::vector<std::string_view> &columnsOf(RowFormat format);

// The format whose columns a split has (extra columns are allowed); nothing when none matches.
std::optional<RowFormat> rowFormatOf(const std::vector<std::string> &columns);

// Why a split's columns match no format: the closest one and the columns it would still need.
std::string whyNoRowFormat(const std::vector<std::string> &columns);

} // namespace kfx::hub
