#pragma once

#include "io/jsonfields.h"

#include <optional>
#include <string>
#include <string_view>

namespace kfx::measure {

// A worker's measure result as the reference's Evaluation (spec §3.5), the JSON that search logs and the
// workspace keep: feedback of the same kind, per-case speedups with the case's sizes as shape fields,
// per_case_results, reward = aggregated speedup or null. A timeout becomes a runtime error named Timeout (as
// outcomeFromResult reads it); any other kind that is not a kernel's own outcome, an infrastructure failure.
// `reward` is set on success. Throws json::FieldError.
std::string evaluationJson(const json::Object &result, std::optional<double> &reward);
// The same from the result line. Throws ProtocolError.
std::string evaluationJson(std::string_view resultLine);

} // namespace kfx::measure
