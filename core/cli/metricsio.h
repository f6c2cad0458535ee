#pragma once

#include "metrics/surrogateevaluation.h"
#include "model/comparisonpair.h"

#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace kfx::cli {

// What `metrics` and `report` both read and write, so that the report's metrics.json is the metrics command's
// output byte for byte.

// Loads every eval file's pairs and every predictions file's rows, printing the files' diagnostics to err;
// false when a file could not be read at all.
bool loadPairsAndPredictions(const std::vector<std::string> &pairFiles, const std::vector<std::string> &predictionFiles,
                             std::vector<ComparisonPair> &pairs, std::vector<PredictionRow> &predictions,
                             std::ostream &err);

// {"surrogates": {LABEL: {...}}}, as `kfx-cli metrics --json` prints it (without the final newline).
std::string metricsJson(std::span<const metrics::SurrogateEvaluation> evaluations);

} // namespace kfx::cli
