#include "commands.h"

#include "metricsio.h"

#include <charconv>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli metrics --eval EVAL.jsonl --predictions PRED.jsonl [--predictions ...] [--pack P] "
    "[--buckets N] --json\n";

struct MetricsOptions {
    std::vector<std::string> pairFiles;
    std::vector<std::string> predictionFiles;
    metrics::EvaluationOptions evaluation;
};

std::optional<MetricsOptions> parseOptions(const Arguments &args, std::ostream &err)
{
    MetricsOptions options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const auto &arg = args[i];
        if (arg == "--json")
            continue; // JSON is the only output; the flag is accepted for symmetry with inspect
        if (i + 1 >= args.size() || args[i + 1].starts_with("--")) {
            err << "kfx-cli metrics: " << arg << " needs a value\n" << kUsage;
            return std::nullopt;
        }
        const auto &value = args[++i];
        if (arg == "--eval") {
            options.pairFiles.push_back(value);
        } else if (arg == "--predictions") {
            options.predictionFiles.push_back(value);
        } else if (arg == "--pack") {
            options.evaluation.pack = value;
        } else if (arg == "--buckets") {
            int buckets = 0;
            auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), buckets);
            if (error != std::errc() || end != value.data() + value.size() || buckets < 1 || buckets > 1000) {
                err << "kfx-cli metrics: --buckets needs a whole number from 1 to 1000\n";
                return std::nullopt;
            }
            options.evaluation.buckets = buckets;
        } else {
            err << "kfx-cli metrics: unexpected argument '" << arg << "'\n" << kUsage;
            return std::nullopt;
        }
    }
    if (options.pairFiles.empty() || options.predictionFiles.empty()) {
        err << kUsage;
        return std::nullopt;
    }
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
    const auto evaluations = metrics::evaluateSurrogates(pairs, predictions, options->evaluation, diagnostics);
    for (const auto &diagnostic : diagnostics)
        err << "kfx-cli metrics: " << diagnostic.file << ": " << diagnostic.message << '\n';

    out << metricsJson(evaluations, notes) << '\n';
    return 0;
}

} // namespace kfx::cli
