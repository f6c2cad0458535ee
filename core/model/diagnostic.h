#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kfx {

// One problem found while reading a file: which file, which line (1-based; 0 when it concerns the whole
// file), and what is wrong. Readers report and go on; the rest of the file still loads.
struct Diagnostic {
    std::string file;
    std::int64_t line = 0;
    std::string message;
};

using Diagnostics = std::vector<Diagnostic>;

} // namespace kfx
