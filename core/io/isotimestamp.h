#pragma once

#include <chrono>
#include <string>

namespace kfx::io {

// The published search logs' timestamps (spec §3.6): UTC, ISO 8601, microseconds, "Z"
// ("2025-11-03T17:42:08.123456Z").
std::string isoTimestampUtc(std::chrono::system_clock::time_point when);

} // namespace kfx::io
