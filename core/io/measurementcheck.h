#pragma once

#include "jsonfields.h"
#include "model/diagnostic.h"
#include "model/population.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kfx {

// Stands after a search replay: once an event has recorded a measurement, the values it cannot have (a negative,
// NaN or infinite reward, speedup or runtime) are replaced with a safe default (model/impossiblevalues.h), each
// reported as a warning naming the file and line. Without it a negative reward ranked below every failure and an
// infinite one became the search's best. A recorded forecast's impossible raw_probability_sum is replaced too.
class MeasurementCheck {
public:
    // `candidateIsRequest`: the v3 log names a candidate by its request id; v2 by the child_ulid of its request.
    MeasurementCheck(Population &population, bool candidateIsRequest, Diagnostics &diagnostics, std::string fileLabel);

    // Call after the replay applied the event.
    void applied(std::string_view kind, const json::Object &event, std::int64_t line);

private:
    std::optional<std::size_t> measuredNode(std::string_view kind, const json::Object &event);
    void forecasted(const json::Object &event, std::int64_t line);
    void report(std::size_t node, std::vector<std::string> notes, std::int64_t line);

    Population &m_population;
    const bool m_candidateIsRequest;
    Diagnostics &m_diagnostics;
    std::string m_label;
    std::unordered_map<std::string, std::string> m_childByRequest; // v2: evaluation request id -> child_ulid
};

} // namespace kfx
