#pragma once

#include "surrogate.h"

#include <span>
#include <string>
#include <variant>

namespace kfx::surrogate {

// One tool call as a chat completion returns it: the function's name and its arguments, a JSON text.
struct ToolCall {
    std::string name;
    std::string arguments;
};

// Why an answer could not be read; the reference's EstimatorParseError, retried once by the caller.
struct ParseError {
    std::string message;
};

// The reference's parse_tool_call_args (spec §1.6): JSON, then the lax schema checks pydantic applies
// (predicted_bin an integer 1..8, 5.0 accepted and "5" rejected; each p_* a number, numeric string or boolean
// in [0, 1]; reasoning a non-empty string; unknown keys ignored), then renormalisation keeping the raw sum. A sum
// below kMinProbabilitySum is a ParseError rather than renormalised.
inline constexpr double kMinProbabilitySum = 1e-6;

std::variant<Forecast, ParseError> parseEstimateArguments(std::string_view argumentsJson);

// The predict-only rules: no call is an error; the first call named submit_kernel_runtime_estimate is read,
// else the first call, which is then an unexpected tool.
std::variant<Forecast, ParseError> parsePredictCalls(std::span<const ToolCall> calls);

// The predict-or-defer rules (spec §1.7): exactly one call, to one of the two tools.
std::variant<Forecast, Deferral, ParseError> parsePredictOrDeferCalls(std::span<const ToolCall> calls);

} // namespace kfx::surrogate
