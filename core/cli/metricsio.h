#pragma once

#include "io/jsonwriter.h"
#include "io/loadedfile.h"
#include "metrics/surrogateevaluation.h"
#include "metrics/surrogatestatistics.h"
#include "model/comparisonpair.h"
#include "model/diagnostic.h"
#include "optionreader.h"

#include <optional>
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

// The options of issue 17's statistics, as `metrics` and `report` both take them: --buckets N, --equal-count,
// --score S, --target-risk R, --target-coverage C, --bootstrap N (resamples, 0 for none), --seed S.
class StatisticsArguments {
public:
    void addTo(OptionReader &reader);
    // The options, or nullopt after printing what is wrong to err.
    std::optional<metrics::StatisticsOptions> options(std::string_view speaker, std::ostream &err) const;

private:
    std::string m_buckets = "10";
    bool m_equalCount = false;
    std::string m_score = "max_prob";
    std::string m_targetRisk = "0.1";
    std::string m_targetCoverage = "0.5";
    std::string m_resamples = "1000";
    std::string m_seed = "1";
};

// {"surrogates": {LABEL: {...}}, "partial", "damaged_lines", "warnings"}, as `kfx-cli metrics --json` prints it
// (without the final newline). statistics[i], computed with `options`, belongs to evaluations[i] and is written
// as its "statistics".
std::string metricsJson(std::span<const metrics::SurrogateEvaluation> evaluations,
                        std::span<const metrics::SurrogateStatistics> statistics,
                        const metrics::StatisticsOptions &options, const LoadNotes &notes = {});

} // namespace kfx::cli
