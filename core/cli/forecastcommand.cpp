#include "commands.h"
#include "optionreader.h"

#include "io/fileloader.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/predictionrows.h"
#include "surrogate/searchpairs.h"
#include "surrogate/surrogatejob.h"

#include <fstream>
#include <iterator>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage = R"(usage: kfx-cli forecast --surrogate embedded|llm [options] FILE... --json
  FILE: measured pairs (eval set, RL pool, discovery pairs, scored comparisons) or search logs (their measured
        kernels against the search's reference); prints prediction rows.
  embedded: [--train PAIRS]... [--load-model M] [--save-model M] [--folds N] [--label L]
            without --train or --load-model, each pair is forecast by a model trained on the other tasks only
            (grouped cross-validation by pack)
  llm:      --endpoint URL --model NAME [--api-key-env VAR] [--temperature T] [--max-tokens N] [--timeout S]
            [--retries N] [--concurrency N] [--defer] [--system FILE --user FILE] [--repeats N] [--label L]
)";

struct ForecastOptions {
    std::string surrogate, label, loadModel, saveModel, folds = "5";
    std::vector<std::string> trainFiles, files;
    std::string endpoint, model, apiKeyEnv, temperature = "1.0", maxTokens = "16384", timeout = "600", retries = "4",
                                            concurrency = "16", systemPath, userPath, repeats = "1";
    bool defer = false;
    bool json = false;
};

std::vector<ComparisonPair> loadPairs(const std::vector<std::string> &paths, std::ostream &err, bool &ok)
{
    std::vector<ComparisonPair> pairs;
    for (const auto &path : paths) {
        auto file = loadFile(path);
        for (const auto &diagnostic : file.diagnostics)
            err << diagnostic.file << ':' << diagnostic.line << ": " << diagnostic.message << '\n';
        ok = ok && file.readable;
        pairs.insert(pairs.end(), std::make_move_iterator(file.pairs.begin()),
                     std::make_move_iterator(file.pairs.end()));
        // A search log: its measured kernels against the search's reference, grouped by the search's task.
        if (file.pairs.empty() && file.population) {
            auto measured = surrogate::measuredSearchPairs(*file.population, surrogate::taskFromFileName(path));
            pairs.insert(pairs.end(), std::make_move_iterator(measured.begin()),
                         std::make_move_iterator(measured.end()));
        }
    }
    return pairs;
}

std::vector<std::uint8_t> readBytes(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeReport(const surrogate::TrainingReport &report, std::ostream &err)
{
    err << "kfx-cli forecast: trained on " << report.trainingRows << " pairs in " << report.seconds << " s; "
        << report.calibrationMethod << " calibration on " << report.calibrationRows << " held-out pairs: ECE "
        << report.eceBefore << " -> " << report.eceAfter << ", NLL " << report.nllBefore << " -> " << report.nllAfter
        << '\n';
}

// Forecasts with the embedded model: one repeat (it is deterministic).
std::vector<surrogate::SurrogateResult> embeddedResults(const ForecastOptions &options,
                                                        const std::vector<ComparisonPair> &pairs, std::ostream &err)
{
    const surrogate::TrainingOptions training;
    if (options.trainFiles.empty() && options.loadModel.empty()) {
        const auto folds = numberOption<int>(options.folds).value_or(5);
        err << "kfx-cli forecast: grouped cross-validation by pack, " << folds << " folds at most\n";
        return surrogate::crossValidatedForecasts(surrogate::trainingExamples(pairs), folds, training);
    }
    surrogate::EmbeddedModel model;
    if (!options.loadModel.empty()) {
        model = surrogate::EmbeddedModel::load(readBytes(options.loadModel));
    } else {
        bool ok = true;
        const auto trainPairs = loadPairs(options.trainFiles, err, ok);
        if (!ok)
            throw std::runtime_error("a training file could not be read");
        surrogate::TrainingReport report;
        model = surrogate::EmbeddedModel::train(surrogate::trainingExamples(trainPairs), training, &report);
        writeReport(report, err);
    }
    if (!options.saveModel.empty()) {
        const auto bytes = model.save();
        std::ofstream(options.saveModel, std::ios::binary)
            .write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    }
    surrogate::EmbeddedSurrogate embedded(std::move(model));
    std::vector<surrogate::KernelRuntimeQuery> queries;
    for (const auto &pair : pairs)
        queries.push_back(surrogate::queryForPair(pair));
    surrogate::SurrogateJob job(embedded, std::move(queries));
    return job.results();
}

std::optional<surrogate::LlmSettings> llmSettings(const ForecastOptions &options, std::ostream &err)
{
    surrogate::LlmSettings settings;
    settings.endpoint = options.endpoint;
    settings.model = options.model;
    settings.apiKeyEnv = options.apiKeyEnv;
    settings.allowDeferral = options.defer;
    const auto temperature = numberOption<double>(options.temperature);
    const auto maxTokens = numberOption<int>(options.maxTokens);
    const auto timeout = numberOption<double>(options.timeout);
    const auto retries = numberOption<int>(options.retries);
    const auto concurrency = numberOption<int>(options.concurrency);
    if (!temperature || !maxTokens || !timeout || !retries || !concurrency || *concurrency < 1 || *retries < 0
        || *timeout <= 0.0 || settings.endpoint.empty() || settings.model.empty()) {
        err << "kfx-cli forecast: llm needs --endpoint and --model, and numbers where numbers are asked for\n";
        return std::nullopt;
    }
    settings.temperature = *temperature;
    settings.maxTokens = *maxTokens;
    settings.timeoutSeconds = *timeout;
    settings.retries = *retries;
    settings.concurrency = *concurrency;
    return settings;
}

} // namespace

int runForecast(const Arguments &args, std::ostream &out, std::ostream &err)
{
    ForecastOptions options;
    OptionReader reader("forecast");
    for (auto [name, target] :
         std::initializer_list<std::pair<const char *, std::string *>>{{"--surrogate", &options.surrogate},
                                                                       {"--label", &options.label},
                                                                       {"--load-model", &options.loadModel},
                                                                       {"--save-model", &options.saveModel},
                                                                       {"--folds", &options.folds},
                                                                       {"--endpoint", &options.endpoint},
                                                                       {"--model", &options.model},
                                                                       {"--api-key-env", &options.apiKeyEnv},
                                                                       {"--temperature", &options.temperature},
                                                                       {"--max-tokens", &options.maxTokens},
                                                                       {"--timeout", &options.timeout},
                                                                       {"--retries", &options.retries},
                                                                       {"--concurrency", &options.concurrency},
                                                                       {"--system", &options.systemPath},
                                                                       {"--user", &options.userPath},
                                                                       {"--repeats", &options.repeats}})
        reader.value(name, target);
    reader.repeated("--train", &options.trainFiles);
    reader.flag("--defer", &options.defer);
    reader.flag("--json", &options.json);
    if (!reader.parse(args, err, &options.files) || options.files.empty()
        || (options.surrogate != "embedded" && options.surrogate != "llm")) {
        err << kUsage;
        return 1;
    }
    bool ok = true;
    const auto pairs = loadPairs(options.files, err, ok);
    if (!ok)
        return 2;

    std::vector<PredictionRow> rows;
    try {
        if (options.surrogate == "embedded") {
            const auto label = options.label.empty() ? std::string("embedded") : options.label;
            const auto results = embeddedResults(options, pairs, err);
            for (std::size_t i = 0; i < pairs.size(); ++i)
                rows.push_back(surrogate::predictionRow(pairs[i], label, 0, results[i]));
        } else {
            const auto settings = llmSettings(options, err);
            const auto repeats = numberOption<int>(options.repeats);
            if (!settings || !repeats || *repeats < 1 || options.systemPath.empty() != options.userPath.empty())
                return 1;
            auto prompts = options.systemPath.empty()
                ? surrogate::PromptSet::builtIn(options.defer)
                : surrogate::PromptSet::fromFiles(options.systemPath, options.userPath);
            surrogate::LlmSurrogate llm(*settings, std::move(prompts));
            const auto label = options.label.empty() ? settings->model : options.label;
            std::vector<surrogate::KernelRuntimeQuery> queries;
            for (int repeat = 0; repeat < *repeats; ++repeat) {
                for (const auto &pair : pairs)
                    queries.push_back(surrogate::queryForPair(pair));
            }
            surrogate::SurrogateJob job(llm, std::move(queries));
            const auto results = job.results();
            for (std::size_t i = 0; i < results.size(); ++i)
                rows.push_back(
                    surrogate::predictionRow(pairs[i % pairs.size()], label, int(i / pairs.size()), results[i]));
        }
    } catch (const std::exception &error) {
        err << "kfx-cli forecast: " << error.what() << '\n';
        return 2;
    }
    std::size_t failed = 0;
    for (const auto &row : rows) {
        out << surrogate::predictionRowJson(row) << '\n';
        if (row.parseFailed) {
            ++failed;
            err << "kfx-cli forecast: " << row.comparisonId << " repeat " << row.repeat << ": " << row.parseError
                << '\n';
        }
    }
    err << "kfx-cli forecast: " << rows.size() - failed << " forecasts, " << failed << " without a forecast\n";
    return 0;
}

} // namespace kfx::cli
