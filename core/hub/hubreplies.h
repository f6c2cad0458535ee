#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::hub {

// A reply from the dataset viewer that is not in the shape its documentation gives.
class ReplyShapeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One row of a rows page: the row object as compact JSON and the columns the server cut short to fit its size
// limit (a row with any is not the published row).
struct HubRow {
    std::int64_t index = 0;
    std::string json;
    std::vector<std::string> truncatedCells;
};

// GET /rows: {"features":[{"feature_idx","name","type"}...],"rows":[{"row_idx","row","truncated_cells"}...],
// "num_rows_total","num_rows_per_page","partial"}.
struct RowsPage {
    std::vector<std::string> columns; // in the split's order
    std::vector<HubRow> rows;
    std::int64_t totalRows = 0;
    bool partial = false; // the viewer converted only the start of a large split
};

// GET /splits: {"splits":[{"dataset","config","split"}...]}.
struct SplitName {
    std::string config;
    std::string split;
};

RowsPage parseRowsPage(std::string_view body);
std::vector<SplitName> parseSplits(std::string_view body);
// The "error" text of an error reply ({"error": "..."}), when the body is one.
std::optional<std::string> parseErrorMessage(std::string_view body);

} // namespace kfx::hub
