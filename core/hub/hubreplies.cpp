#include "hubreplies.h"

#include <simdjson.h>

namespace kfx::hub {

namespace {

simdjson::dom::object parseObject(simdjson::dom::parser &parser, std::string_view body, std::string_view what)
{
    simdjson::dom::object object;
    if (parser.parse(body.data(), body.size()).get(object) != simdjson::SUCCESS)
        throw ReplyShapeError(std::string(what) + ": the reply is not a JSON object");
    return object;
}

template<typename T>
T field(const simdjson::dom::object &object, std::string_view key, std::string_view what)
{
    T value{};
    if (object.at_key(key).get(value) != simdjson::SUCCESS)
        throw ReplyShapeError(std::string(what) + ": \"" + std::string(key) + "\" is missing or of the wrong type");
    return value;
}

} // namespace

RowsPage parseRowsPage(std::string_view body)
{
    simdjson::dom::parser parser;
    const auto reply = parseObject(parser, body, "rows page");
    RowsPage page;
    for (simdjson::dom::element feature : field<simdjson::dom::array>(reply, "features", "rows page")) {
        simdjson::dom::object described;
        if (feature.get(described) != simdjson::SUCCESS)
            throw ReplyShapeError("rows page: a feature that is not an object");
        page.columns.emplace_back(field<std::string_view>(described, "name", "rows page feature"));
    }
    page.totalRows = field<std::int64_t>(reply, "num_rows_total", "rows page");
    if (reply.at_key("partial").get(page.partial) != simdjson::SUCCESS)
        page.partial = false; // older replies leave it out
    for (simdjson::dom::element entry : field<simdjson::dom::array>(reply, "rows", "rows page")) {
        simdjson::dom::object described;
        if (entry.get(described) != simdjson::SUCCESS)
            throw ReplyShapeError("rows page: a row entry that is not an object");
        HubRow row;
        row.index = field<std::int64_t>(described, "row_idx", "rows page row");
        row.json = simdjson::minify(field<simdjson::dom::object>(described, "row", "rows page row"));
        simdjson::dom::array truncated;
        if (described.at_key("truncated_cells").get(truncated) == simdjson::SUCCESS) {
            for (simdjson::dom::element cell : truncated) {
                std::string_view name;
                if (cell.get(name) == simdjson::SUCCESS)
                    row.truncatedCells.emplace_back(name);
            }
        }
        page.rows.push_back(std::move(row));
    }
    return page;
}

std::vector<SplitName> parseSplits(std::string_view body)
{
    simdjson::dom::parser parser;
    const auto reply = parseObject(parser, body, "splits");
    std::vector<SplitName> splits;
    for (simdjson::dom::element entry : field<simdjson::dom::array>(reply, "splits", "splits")) {
        simdjson::dom::object described;
        if (entry.get(described) != simdjson::SUCCESS)
            throw ReplyShapeError("splits: an entry that is not an object");
        splits.push_back({std::string(field<std::string_view>(described, "config", "splits entry")),
                          std::string(field<std::string_view>(described, "split", "splits entry"))});
    }
    return splits;
}

std::optional<std::string> parseErrorMessage(std::string_view body)
{
    simdjson::dom::parser parser;
    simdjson::dom::object reply;
    std::string_view message;
    if (parser.parse(body.data(), body.size()).get(reply) != simdjson::SUCCESS
        || reply.at_key("error").get(message) != simdjson::SUCCESS)
        return std::nullopt;
    return std::string(message);
}

} // namespace kfx::hub
