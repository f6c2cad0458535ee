#include "publishedrows.h"

#include <algorithm>
#include <map>

namespace kfx::hub {

namespace {

constexpr std::array kAllFormats{RowFormat::Predictions,    RowFormat::EvalSet,      RowFormat::TrainingPool,
                                 RowFormat::DiscoveryPairs, RowFormat::SearchEvents, RowFormat::SearchSummaries};

std::vector<std::string_view> missingFrom(RowFormat format, const std::vector<std::string> &columns)
{
    std::vector<std::string_view> missing;
    for (const auto column : columnsOf(format)) {
        if (std::find(columns.begin(), columns.end(), column) == columns.end())
            missing.push_back(column);
    }
    return missing;
}

std::string joined(const auto &names)
{
    std::string text;
    for (const auto &name : names)
        text.append(text.empty() ? "" : ", ").append(name);
    return text;
}

} // namespace

std::string_view rowFormatName(RowFormat format)
{
    switch (format) {
    case RowFormat::EvalSet:
        return "eval set";
    case RowFormat::Predictions:
        return "predictions";
    case RowFormat::TrainingPool:
        return "RL training pool";
    case RowFormat::DiscoveryPairs:
        return "discovery pairs";
    case RowFormat::SearchEvents:
        return "PUCT search events";
    case RowFormat::SearchSummaries:
        return "PUCT search summaries";
    }
    return "unknown";
}

const std::vector<std::string_view> &columnsOf(RowFormat format)
{
    static const std::map<RowFormat, std::vector<std::string_view>> columns{
        {RowFormat::EvalSet,
         {"source_search", "internal_experiment", "comparison_id", "pack", "anchor_code", "candidate_code", "hardware",
          "aggregated_speedup", "true_bin", "source_id"}},
        {RowFormat::Predictions,
         {"comparison_id", "pack", "surrogate_label", "repeat", "predicted_bin", "bin_probabilities", "reasoning",
          "raw_probability_sum", "parse_failed", "parse_error", "input_tokens", "output_tokens", "elapsed_s"}},
        {RowFormat::TrainingPool,
         {"source_search", "internal_experiment", "row_id", "pack", "anchor_code", "candidate_code",
          "aggregated_speedup", "relative_bin", "pair_type", "hardware", "source_id"}},
        {RowFormat::DiscoveryPairs,
         {"source_search", "internal_experiment", "pair_id", "problem_id", "benchmark_family", "parent_code",
          "child_code", "g_speedup", "true_bin", "hardware", "parent_node_id", "child_node_id", "source_id"}},
        {RowFormat::SearchEvents, {"event_index", "event_kind", "payload", "source_search", "internal_experiment"}},
        {RowFormat::SearchSummaries,
         {"n_steps", "n_evaluations", "n_correct", "best_speedup", "archive_size_final", "config_snapshot",
          "source_search", "internal_experiment"}},
    };
    return columns.at(format);
}

std::optional<RowFormat> rowFormatOf(const std::vector<std::string> &columns)
{
    for (const auto format : kAllFormats) {
        if (missingFrom(format, columns).empty())
            return format;
    }
    return std::nullopt;
}

std::string whyNoRowFormat(const std::vector<std::string> &columns)
{
    const auto closest = *std::min_element(kAllFormats.begin(), kAllFormats.end(), [&](RowFormat a, RowFormat b) {
        return missingFrom(a, columns).size() < missingFrom(b, columns).size();
    });
    return "its columns (" + joined(columns) + ") match none of the published row formats; the closest, "
        + std::string(rowFormatName(closest)) + ", also needs " + joined(missingFrom(closest, columns));
}

} // namespace kfx::hub
