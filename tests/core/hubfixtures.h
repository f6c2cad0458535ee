#pragma once

// The five published datasets (spec §3.1) as the Hugging Face dataset viewer serves them: each a table in its
// Hub columns, and the viewer's replies in their documented shape (rows pages, splits, errors). For the pull
// tests and the Open from Hugging Face journey, both against a ScriptedChatServer on 127.0.0.1.

#include "io/jsonwriter.h"
#include "scriptedchatserver.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hubfixture {

// One speedup for each ground-truth bin, from the reference's pinned examples (spec §1.1: floor(2 log2 S) + 4,
// clamped to 1..8): row i has kBinSpeedups[i % 8] and so bin i % 8 + 1.
inline constexpr double kBinSpeedups[8] = {0.4, 0.6, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0};
inline constexpr const char *kA100 = "NVIDIA A100-SXM4-80GB";

// Cells as compact JSON, one vector per row, in the order of `columns`.
struct Table {
    std::vector<std::string> columns;
    std::vector<std::vector<std::string>> rows;
};

inline std::string text(const std::string &value)
{
    std::string out;
    kfx::JsonWriter::appendEscaped(out, value);
    return out;
}

inline std::string number(double value)
{
    std::string out;
    kfx::JsonWriter::appendNumber(out, value);
    return out;
}

inline std::string id(const std::string &prefix, int i)
{
    return prefix + std::to_string(i);
}

// A kernel long enough that a viewer cutting cells short visibly cuts it.
inline std::string kernel(const std::string &name, int i)
{
    return "__global__ void " + name + "_" + std::to_string(i) + "(float *out, const float *in) { out[0] = in[0]; }";
}

inline Table evalSet(int count)
{
    Table table{{"source_search", "internal_experiment", "comparison_id", "pack", "anchor_code", "candidate_code",
                 "hardware", "aggregated_speedup", "true_bin", "source_id"},
                {}};
    for (int i = 0; i < count; ++i)
        table.rows.push_back({text("eval_dataset_builders/trimul__e0090.json"), text("e0090_trimul_eval_dataset"),
                              text(id("trimul/cmp", i)), text("trimul"), text(kernel("anchor", 0)),
                              text(kernel("candidate", i)), text(kA100), number(kBinSpeedups[i % 8]),
                              std::to_string(i % 8 + 1), text(id("binfiller/x/", i))});
    return table;
}

// Row i predicts bin 5 with p = 0.6 and spreads 0.4 over the other seven bins.
inline Table predictions(int count)
{
    Table table{{"comparison_id", "pack", "surrogate_label", "repeat", "predicted_bin", "bin_probabilities",
                 "reasoning", "raw_probability_sum", "parse_failed", "parse_error", "input_tokens", "output_tokens",
                 "elapsed_s"},
                {}};
    std::string probabilities = "[";
    for (int bin = 1; bin <= 8; ++bin)
        probabilities += (bin > 1 ? "," : "") + std::string("{\"bin\":") + std::to_string(bin)
            + ",\"p\":" + number(bin == 5 ? 0.6 : 0.4 / 7.0) + "}";
    probabilities += "]";
    for (int i = 0; i < count; ++i)
        table.rows.push_back({text(id("trimul/cmp", i / 3)), text("trimul"), text("gemini3_flash"),
                              std::to_string(i % 3), "5", probabilities, text("shuffles replace shared memory"), "1.0",
                              "false", "null", "1200", "340", number(2.5)});
    return table;
}

inline Table trainingPool(int count)
{
    Table table{{"source_search", "internal_experiment", "row_id", "pack", "anchor_code", "candidate_code",
                 "aggregated_speedup", "relative_bin", "pair_type", "hardware", "source_id"},
                {}};
    for (int i = 0; i < count; ++i)
        table.rows.push_back({text("searches/cross_entropy__e0091.json"), text("e0091"), text(id("row", i)),
                              text("cross_entropy"), text(kernel("anchor", i)), text(kernel("candidate", i)),
                              number(kBinSpeedups[i % 8]), std::to_string(i % 8 + 1), text("parent_edit"), text(kA100),
                              text(id("src/", i))});
    return table;
}

inline Table discoveryPairs(int count)
{
    Table table{{"source_search", "internal_experiment", "pair_id", "problem_id", "benchmark_family", "parent_code",
                 "child_code", "g_speedup", "true_bin", "hardware", "parent_node_id", "child_node_id", "source_id"},
                {}};
    for (int i = 0; i < count; ++i)
        table.rows.push_back({text("searches/gpu_mode.json"), text("e0100"), text(id("pair", i)), text("trimul"),
                              text("gpu_mode"), text(kernel("parent", i)), text(kernel("child", i)),
                              number(kBinSpeedups[i % 8]), std::to_string(i % 8 + 1), text(kA100),
                              text(id("parent-node", i)), text(id("child-node", i)), text(id("pair", i))});
    return table;
}

// A 26-character ULID-like id (Crockford digits only), distinct for each n.
inline std::string ulid(int n)
{
    std::string digits = std::to_string(n);
    return std::string(26 - digits.size(), '0') + digits;
}

// A v2 search flattened as the Hub holds it (event_kind lifted out of the payload, the payload a struct whose
// fields absent from an event are null): the seed, then `steps` steps that each mutate the seed into one child
// measured at kBinSpeedups[step % 8]. So the population has 1 + steps nodes.
inline Table searchEvents(int steps)
{
    Table table{{"event_index", "event_kind", "payload", "source_search", "internal_experiment"}, {}};
    const auto evaluation = [](double speedup) {
        return "{\"observation\":{\"feedback\":{\"kind\":\"success\",\"aggregated_speedup\":" + number(speedup)
            + ",\"aggregation_method\":\"geomean\",\"per_case_speedups\":[]},\"per_case_results\":[]},\"reward\":"
            + number(speedup) + "}";
    };
    const auto add = [&](const std::string &kind, const std::string &fields) {
        table.rows.push_back({std::to_string(table.rows.size()), text(kind), "{" + fields + ",\"reason\":null}",
                              text("puct/cross_entropy__e0091"), text("e0091")});
    };
    const std::string seed = ulid(1);
    add("search_initialized",
        "\"root\":{\"program_code\":" + text(kernel("seed", 0)) + ",\"ancestors\":[],\"evaluation\":" + evaluation(1.0)
            + ",\"ulid\":\"" + seed + "\",\"is_seed\":true}");
    for (int step = 0; step < steps; ++step) {
        const std::string mutation = ulid(1000 + step), request = ulid(2000 + step), child = ulid(3000 + step);
        const std::string code = text(kernel("child", step));
        add("step_started", "\"step\":" + std::to_string(step) + ",\"parent_ulids\":[\"" + seed + "\"]");
        add("mutation_requested", "\"request_id\":\"" + mutation + "\",\"parent_ulid\":\"" + seed + "\"");
        add("mutation_completed", "\"request_id\":\"" + mutation + "\",\"code\":" + code);
        add("evaluation_requested",
            "\"request_id\":\"" + request + "\",\"child_ulid\":\"" + child + "\",\"parent_ulid\":\"" + seed
                + "\",\"code\":" + code + ",\"from_mutation_request_id\":\"" + mutation + "\"");
        add("evaluation_completed",
            "\"request_id\":\"" + request + "\",\"evaluation\":" + evaluation(kBinSpeedups[step % 8]));
        add("step_completed", "\"step\":" + std::to_string(step));
    }
    return table;
}

inline std::string rowObject(const Table &table, std::size_t row, const std::set<std::size_t> &cut = {})
{
    std::string json = "{";
    for (std::size_t column = 0; column < table.columns.size(); ++column) {
        std::string cell = table.rows[row][column];
        // The viewer shortens a cut cell to the start of its JSON text, as a string.
        if (cut.count(column))
            cell = text(cell.substr(0, 12));
        json += (column ? "," : "") + text(table.columns[column]) + ":" + cell;
    }
    return json + "}";
}

// GET /rows?...&offset=O&length=L, with the rows in `truncated` cut short in their last column; `partial` as
// the viewer says of a split it converted only the start of.
inline std::string rowsPage(const Table &table, std::size_t offset, std::size_t length,
                            const std::set<std::size_t> &truncated = {}, bool partial = false)
{
    kfx::JsonWriter writer;
    writer.beginObject().key("features").beginArray();
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
        writer.beginObject().field("feature_idx", std::int64_t(i)).field("name", table.columns[i]);
        writer.key("type").beginObject().field("dtype", "string").field("_type", "Value").endObject().endObject();
    }
    writer.endArray().key("rows").beginArray();
    const std::size_t cutColumn = table.columns.size() - 1;
    for (std::size_t row = offset; row < std::min(table.rows.size(), offset + length); ++row) {
        const bool cut = truncated.count(row) > 0;
        writer.beginObject().field("row_idx", std::int64_t(row));
        writer.key("row").raw(rowObject(table, row, cut ? std::set<std::size_t>{cutColumn} : std::set<std::size_t>{}));
        writer.key("truncated_cells").beginArray();
        if (cut)
            writer.value(table.columns[cutColumn]);
        writer.endArray().endObject();
    }
    writer.endArray().field("num_rows_total", std::int64_t(table.rows.size())).field("num_rows_per_page", 100);
    writer.field("partial", partial).endObject();
    return writer.take();
}

inline std::string splits(const std::string &dataset, const std::vector<std::pair<std::string, std::string>> &names)
{
    kfx::JsonWriter writer;
    writer.beginObject().key("splits").beginArray();
    for (const auto &[config, split] : names)
        writer.beginObject().field("dataset", dataset).field("config", config).field("split", split).endObject();
    writer.endArray().key("pending").beginArray().endArray().key("failed").beginArray().endArray().endObject();
    return writer.take();
}

inline ScriptedReply ok(std::string body)
{
    return {200, std::move(body), {}, 0, false};
}

inline ScriptedReply failure(int status, const std::string &message, std::vector<std::string> headers = {})
{
    return {status, "{\"error\":" + text(message) + "}", std::move(headers), 0, false};
}

// The whole split in pages of 100, as a client asking from offset 0 sees it.
inline std::vector<ScriptedReply> allPages(const Table &table, std::size_t from = 0)
{
    std::vector<ScriptedReply> replies;
    for (std::size_t offset = from; offset < table.rows.size(); offset += 100)
        replies.push_back(ok(rowsPage(table, offset, 100)));
    return replies;
}

} // namespace hubfixture
