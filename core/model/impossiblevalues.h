#pragma once

#include "evaluation.h"

#include <string>
#include <vector>

namespace kfx {

// Replaces the values a measurement cannot have (issue 27) with a safe default, and says what it replaced: a
// reward, speedup or runtime that is negative, NaN or infinite becomes 0, the value that never wins a
// comparison, never becomes the best and never raises a parent's score. Returns one line per replaced value,
// e.g. "reward -3 is impossible; 0 is used instead", for the reader to report with its file and line.
std::vector<std::string> replaceImpossibleValues(EvaluationOutcome &outcome);

} // namespace kfx
