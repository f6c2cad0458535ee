#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kfx {

// An error means a line (or the whole file) could not be loaded; a warning means the file loaded, but not all
// of it as written: an unfinished last line was skipped, or a repeated row was ignored.
enum class Severity { Error, Warning };

// One problem found while reading a file: which file, which line (1-based; 0 when it concerns the whole
// file), and what is wrong. Readers report and go on; the rest of the file still loads.
struct Diagnostic {
    std::string file;
    std::int64_t line = 0;
    std::string message;
    Severity severity = Severity::Error;

    bool isWarning() const { return severity == Severity::Warning; }
};

using Diagnostics = std::vector<Diagnostic>;

} // namespace kfx
