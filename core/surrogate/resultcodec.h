#pragma once

#include "surrogate.h"

#include <optional>
#include <string>
#include <string_view>

namespace kfx::surrogate {

// A surrogate's answer as the forecast cache keeps it: compact JSON holding the forecast (or deferral) exactly,
// its rationale and what it cost. Failures are not answers and are never cached: a later run asks again.
bool isCacheable(const SurrogateResult &result);
std::string encodeResult(const SurrogateResult &result);
// Nothing when the text is not an encoded forecast or deferral (damaged, or written by a later format).
std::optional<SurrogateResult> decodeResult(std::string_view json);

} // namespace kfx::surrogate
