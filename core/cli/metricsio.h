#pragma once

#include "io/jsonwriter.h"
#include "io/loadedfile.h"
#include "metrics/surrogateevaluation.h"
#include "model/comparisonpair.h"
#include "model/diagnostic.h"

#include <ostream>
#include <span>
#include <string>
#include <vector>

namespace kfx::cli {

// What `metrics` and `report` both read and write, so that the report's metrics.json is the metrics command's
// output byte for byte.

// What loading left out or set aside, reported beside every summary computed from the files: the warnings
// (cut-off last lines, repeated rows) and the count of lines that could not be loaded.
struct LoadNotes {
    Diagnostics warnings;
    std::size_t damagedLines = 0;

    void add(const LoadedFile &file);
    bool partial() const { return damagedLines > 0; }
};

// "FILE:LINE: message", with "warning: " before the message of a warning, as compilers print them.
void printDiagnostic(std::ostream &out, const Diagnostic &diagnostic);

// "partial", "damaged_lines" and "warnings": [{"file", "line", "message"}], as fields of the object being written.
void writeLoadNotes(JsonWriter &writer, const LoadNotes &notes);

// Loads every eval file's pairs and every predictions file's rows, printing the files' diagnostics to err and
// collecting their notes; false when a file could not be read at all.
bool loadPairsAndPredictions(const std::vector<std::string> &pairFiles, const std::vector<std::string> &predictionFiles,
                             std::vector<ComparisonPair> &pairs, std::vector<PredictionRow> &predictions,
                             std::ostream &err, LoadNotes *notes = nullptr);

// {"surrogates": {LABEL: {...}}, "partial", "damaged_lines", "warnings"}, as `kfx-cli metrics --json` prints it
// (without the final newline).
std::string metricsJson(std::span<const metrics::SurrogateEvaluation> evaluations, const LoadNotes &notes = {});

} // namespace kfx::cli
