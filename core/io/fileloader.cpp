#include "fileloader.h"

#include <array>

namespace kfx {

namespace {

bool hasAll(const json::Object &record, std::initializer_list<std::string_view> keys)
{
    for (auto key : keys) {
        json::Element ignored;
        if (record.at_key(key).get(ignored) != simdjson::SUCCESS)
            return false;
    }
    return true;
}

// Event kinds that exist only in the v3 (surrogate-filtered) log.
bool isV3OnlyKind(std::string_view kind)
{
    static constexpr std::array<std::string_view, 8> kinds{
        "forecast_requested", "forecast_completed", "forecast_failed",   "candidate_selected",
        "candidate_deferred", "mutations_drained",  "forecasts_drained", "evaluations_drained"};
    for (auto v3 : kinds) {
        if (kind == v3)
            return true;
    }
    return false;
}

// v2 and v3 share their first event's kind; v3's carries the search context and its per-candidate events a
// step number.
bool looksLikeV3Event(const json::Object &event, std::string_view kind)
{
    if (isV3OnlyKind(kind))
        return true;
    if (kind == "search_initialized")
        return hasAll(event, {"kernel_task"}) || hasAll(event, {"seed_reference_code"});
    return kind != "step_started" && kind != "step_completed" && hasAll(event, {"step"});
}

std::string_view eventKind(const json::Object &record, std::string_view field)
{
    std::string_view kind;
    if (record.at_key(field).get(kind) != simdjson::SUCCESS)
        return {};
    return kind;
}

} // namespace

DataFormat detectFormat(const json::Object &record)
{
    if (auto kind = eventKind(record, "kind"); !kind.empty() && !hasAll(record, {"comparison"})) {
        if (kind == "search_initialized" || kind == "step_started" || kind == "step_completed"
            || kind.starts_with("mutation_") || kind.starts_with("evaluation_") || isV3OnlyKind(kind))
            return looksLikeV3Event(record, kind) ? DataFormat::PuctV3 : DataFormat::PuctV2;
    }
    if (hasAll(record, {"event_index", "event_kind"})) {
        const auto kind = eventKind(record, "event_kind");
        json::Object payload;
        std::string_view encoded;
        simdjson::dom::parser payloadParser; // some exports hold the payload as a JSON string
        bool found = record.at_key("payload").get(payload) == simdjson::SUCCESS;
        if (!found && record.at_key("payload").get(encoded) == simdjson::SUCCESS)
            found = payloadParser.parse(encoded.data(), encoded.size()).get(payload) == simdjson::SUCCESS;
        if (found && looksLikeV3Event(payload, kind))
            return DataFormat::HfPuctV3;
        return isV3OnlyKind(kind) ? DataFormat::HfPuctV3 : DataFormat::HfPuctV2;
    }
    if (hasAll(record, {"n_steps", "n_evaluations", "best_speedup"}))
        return DataFormat::HfSummaries;
    if (hasAll(record, {"surrogate_label", "comparison_id"}))
        return DataFormat::Predictions;
    if (hasAll(record, {"comparison_id", "anchor_code", "candidate_code"}))
        return DataFormat::EvalSet;
    if (hasAll(record, {"row_id", "anchor_code", "candidate_code"}))
        return DataFormat::RlPool;
    if (hasAll(record, {"pair_id", "parent_code", "child_code"}))
        return DataFormat::DiscoveryPairs;
    if (hasAll(record, {"pack_name", "comparison"}))
        return DataFormat::ScoredComparisons;
    if (hasAll(record, {"reference_code", "candidate_code", "aggregated_speedup"}))
        return DataFormat::EvalDataset;
    if (hasAll(record, {"leaderboard_id", "case_results"}))
        return DataFormat::TrimulLeaderboard;
    return DataFormat::Unknown;
}

namespace {

// A file without a single record says what it holds instead, so that an empty file, a binary one and text in
// another format each read differently. Only files that failed come here, so the extra passes cost nothing.
std::string whyNoRecords(JsonLinesFile &file)
{
    if (file.holdsOnlyBlankSpace())
        return "the file is empty";
    if (const auto offset = file.firstBinaryByte())
        return "not a JSON-lines file: binary data at byte offset " + std::to_string(*offset);
    Diagnostics problems;
    file.forEachObject([](const json::Object &, std::int64_t) { return false; }, problems);
    if (problems.empty())
        return "the file holds no JSON records";
    return "not a JSON-lines file: line " + std::to_string(problems.front().line) + ": " + problems.front().message;
}

LoadedFile loadOpened(JsonLinesFile &file, const ReplayOptions &options, LoadedFile out)
{
    DataFormat format = DataFormat::Unknown;
    const auto detect = [&](const json::Object &record, std::int64_t) {
        format = detectFormat(record);
        return false;
    };
    bool any = file.firstObject(detect);
    // A single indented document (the leaderboard files) does not parse line by line; try it whole. Only for
    // small files: a whole-document parse of a large log would cost memory several times its size.
    constexpr std::size_t kLargestSingleDocument = 64u << 20;
    if ((!any || format == DataFormat::Unknown) && file.sizeBytes() < kLargestSingleDocument)
        any = file.wholeObject(detect) || any;
    out.format = format;
    if (!any) {
        out.diagnostics.push_back({file.label(), 0, whyNoRecords(file)});
        return out;
    }
    out.readable = format != DataFormat::Unknown;
    switch (format) {
    case DataFormat::Unknown:
        out.diagnostics.push_back({file.label(), 0,
                                   "not a format kfx knows: the first record matches no published schema "
                                   "(search events, eval set, predictions, pairs, RL pool, leaderboard)"});
        break;
    case DataFormat::PuctV2:
    case DataFormat::PuctV3:
    case DataFormat::HfPuctV2:
    case DataFormat::HfPuctV3:
        readSearchLog(file, format, options, out);
        out.truncatedTail = file.truncatedTail();
        out.damagedLines = file.damagedLines();
        break;
    case DataFormat::TrimulLeaderboard:
        file.wholeObject([&](const json::Object &document, std::int64_t) {
            try {
                readLeaderboard(document, out);
            } catch (const json::FieldError &error) {
                out.diagnostics.push_back({file.label(), 0, error.what()});
            }
            return false;
        });
        break;
    default:
        readRows(file, format, out);
        out.truncatedTail = file.truncatedTail();
        out.damagedLines = file.damagedLines();
        break;
    }
    return out;
}

} // namespace

LoadedFile loadFile(const std::string &path, const ReplayOptions &options)
{
    LoadedFile out;
    out.path = path;
    JsonLinesFile file;
    if (!file.open(path, out.diagnostics))
        return out;
    out.bytesRead = file.sizeBytes();
    return loadOpened(file, options, std::move(out));
}

LoadedFile loadText(std::string_view text, const std::string &label, const ReplayOptions &options)
{
    LoadedFile out;
    out.path = label;
    JsonLinesFile file;
    file.setText(text, label);
    return loadOpened(file, options, std::move(out));
}

} // namespace kfx
