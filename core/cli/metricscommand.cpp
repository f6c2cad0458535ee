#include "commands.h"

#include "metricsio.h"

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli metrics --eval EVAL.jsonl --predictions PRED.jsonl [--predictions ...] [--pack P] "
    "[--buckets N] [--equal-count] [--score S] [--target-risk R] [--target-coverage C] [--bootstrap N] "
    "[--seed S] --json\n";

struct MetricsOptions {
    std::vector<std::string> pairFiles;
    std::vector<std::string> predictionFiles;
    metrics::EvaluationOptions evaluation;
    metrics::StatisticsOptions statistics;
};

std::optional<MetricsOptions> parseOptions(const Arguments &args, std::ostream &err)
{
    MetricsOptions options;
    std::string pack;
    bool json = false; // JSON is the only output; the flag is accepted for symmetry with inspect
    StatisticsArguments statistics;
    OptionReader reader("kfx-cli metrics");
    reader.repeated("--eval", &options.pairFiles);
    reader.repeated("--predictions", &options.predictionFiles);
    reader.value("--pack", &pack);
    reader.flag("--json", &json);
    statistics.addTo(reader);
    if (!reader.parse(args, err) || options.pairFiles.empty() || options.predictionFiles.empty()) {
        err << kUsage;
        return std::nullopt;
    }
    const auto statisticsOptions = statistics.options("kfx-cli metrics", err);
    if (!statisticsOptions)
        return std::nullopt;
    options.statistics = *statisticsOptions;
    options.evaluation.buckets = options.statistics.buckets;
    if (!pack.empty())
        options.evaluation.pack = pack;
    return options;
}

} // namespace

int runMetrics(const Arguments &args, std::ostream &out, std::ostream &err)
{
    const auto options = parseOptions(args, err);
    if (!options)
        return 1;
    std::vector<ComparisonPair> pairs;
    std::vector<PredictionRow> predictions;
    LoadNotes notes;
    if (!loadPairsAndPredictions(options->pairFiles, options->predictionFiles, pairs, predictions, err, &notes))
        return 2;

    Diagnostics diagnostics;
    std::vector<const ComparisonPair *> pairPointers;
    std::vector<const PredictionRow *> predictionPointers;
    for (const auto &pair : pairs)
        pairPointers.push_back(&pair);
    for (const auto &prediction : predictions)
        predictionPointers.push_back(&prediction);
    const auto joined = metrics::joinSurrogates(pairPointers, predictionPointers, options->evaluation, diagnostics);
    for (const auto &diagnostic : diagnostics)
        err << "kfx-cli metrics: " << diagnostic.file << ": " << diagnostic.message << '\n';
    const auto evaluations = metrics::evaluateSurrogates(joined, options->evaluation);
    const auto statistics = metrics::surrogateStatistics(joined, options->statistics);

    out << metricsJson(evaluations, statistics, options->statistics, notes) << '\n';
    return 0;
}

} // namespace kfx::cli
