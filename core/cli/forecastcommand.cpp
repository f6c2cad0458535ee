#include "commands.h"
#include "optionreader.h"

#include "io/fileloader.h"
#include "surrogate/crossfittedsurrogate.h"
#include "surrogate/embeddedsurrogate.h"
#include "surrogate/llmsurrogate.h"
#include "surrogate/predictionrows.h"
#include "surrogate/searchpairs.h"
#include "surrogate/surrogatejob.h"

#include <chrono>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage = R"(usage: kfx-cli forecast --surrogate embedded|llm [options] FILE... --json
  FILE: measured pairs (eval set, RL pool, discovery pairs, scored comparisons) or search logs (their measured
        kernels against the search's reference); prints prediction rows.
  embedded: [--train PAIRS]... [--load-model M] [--save-model M] [--folds N] [--cross-fit N] [--label L]
            without --train or --load-model, each pair is forecast by a model trained on the other tasks only
            (grouped cross-validation by pack); --cross-fit N: each pair by that model continued on the FILE
            pairs outside its fold (N folds by features), as a model that keeps learning forecasts what it has
            not measured yet
  llm:      --endpoint URL --model NAME [--api-key-env VAR] [--temperature T] [--max-tokens N] [--timeout S]
            [--total-timeout S] [--retries N] [--max-response-mib M] [--concurrency N] [--defer]
            [--system FILE --user FILE] [--repeats N] [--label L]
            --timeout bounds one request (default 180 s), --total-timeout one query with its retries (300 s);
            a reply above --max-response-mib (16) fails. The key is read from VAR and never written: where a
            server echoes it back, every row and message shows *** instead.
  Exits 3 when no query got an answer (a forecast or a deferral); stderr counts the failures by kind.
)";

constexpr int kNoAnswerExitCode = 3;

struct ForecastOptions {
    std::string surrogate, label, loadModel, saveModel, folds = "5", crossFit;
    std::vector<std::string> trainFiles, files;
    std::string endpoint, model, apiKeyEnv, temperature = "1.0", maxTokens = "16384", timeout = "180",
                                            totalTimeout = "300", retries = "4", maxResponseMiB = "16",
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
        if (!options.crossFit.empty())
            throw std::runtime_error("--cross-fit continues a model: give it --load-model or --train");
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
    std::vector<surrogate::KernelRuntimeQuery> queries;
    for (const auto &pair : pairs)
        queries.push_back(surrogate::queryForPair(pair));
    if (!options.crossFit.empty()) {
        const auto folds = numberOption<int>(options.crossFit);
        if (!folds || *folds < 2)
            throw std::runtime_error("--cross-fit takes a number of folds of at least 2, not '" + options.crossFit
                                     + "'");
        err << "kfx-cli forecast: cross-fitting on the " << pairs.size() << " pairs given, " << *folds << " folds\n";
        surrogate::CrossFittedSurrogate crossFitted(std::make_shared<const surrogate::EmbeddedModel>(std::move(model)),
                                                    pairs, *folds, surrogate::continuationOptions());
        surrogate::SurrogateJob job(crossFitted, std::move(queries));
        return job.results();
    }
    surrogate::EmbeddedSurrogate embedded(std::move(model));
    surrogate::SurrogateJob job(embedded, std::move(queries));
    return job.results();
}

// A timeout option in seconds, or nothing after saying what is wrong with it: NaN, infinities and values that
// would round to no timeout at all are refused here rather than handed to curl.
std::optional<double> timeoutOption(std::string_view name, const std::string &text, std::ostream &err)
{
    const auto seconds = numberOption<double>(text);
    if (seconds && surrogate::isUsableTimeout(*seconds))
        return seconds;
    err << "kfx-cli forecast: " << name << " must be a number of seconds from " << surrogate::kMinTimeoutSeconds
        << " to " << surrogate::kMaxTimeoutSeconds << ", not '" << text << "'\n";
    return std::nullopt;
}

std::optional<std::size_t> responseCapOption(const std::string &text, std::ostream &err)
{
    constexpr int kLargestMiB = 1024;
    const auto mebibytes = numberOption<int>(text);
    if (mebibytes && *mebibytes >= 1 && *mebibytes <= kLargestMiB)
        return std::size_t(*mebibytes) * surrogate::kMiB;
    err << "kfx-cli forecast: --max-response-mib must be a whole number from 1 to " << kLargestMiB << ", not '" << text
        << "'\n";
    return std::nullopt;
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
    const auto retries = numberOption<int>(options.retries);
    const auto concurrency = numberOption<int>(options.concurrency);
    if (!temperature || !maxTokens || !retries || !concurrency || *concurrency < 1 || *retries < 0
        || settings.endpoint.empty() || settings.model.empty()) {
        err << "kfx-cli forecast: llm needs --endpoint and --model, and numbers where numbers are asked for\n";
        return std::nullopt;
    }
    const auto timeout = timeoutOption("--timeout", options.timeout, err);
    const auto totalTimeout = timeoutOption("--total-timeout", options.totalTimeout, err);
    const auto maxResponseBytes = responseCapOption(options.maxResponseMiB, err);
    if (!timeout || !totalTimeout || !maxResponseBytes)
        return std::nullopt;
    settings.temperature = *temperature;
    settings.maxTokens = *maxTokens;
    settings.timeoutSeconds = *timeout;
    settings.totalTimeoutSeconds = *totalTimeout;
    settings.maxResponseBytes = *maxResponseBytes;
    settings.retries = *retries;
    settings.concurrency = *concurrency;
    return settings;
}

// How a run's queries ended, for the closing line: failures split by kind, deferrals apart.
class OutcomeTally {
public:
    void add(const surrogate::SurrogateResult &result)
    {
        if (std::holds_alternative<Forecast>(result.outcome))
            ++m_forecasts;
        else if (std::holds_alternative<surrogate::Deferral>(result.outcome))
            ++m_deferrals;
        else
            ++m_failures[std::get<surrogate::SurrogateFailure>(result.outcome).kind];
    }

    bool anyAnswered() const { return m_forecasts + m_deferrals > 0; }

    // "1 forecasts, 3 without a forecast (deferred 1, timeout 1, parse 1)"
    std::string summary() const
    {
        std::vector<std::string> parts;
        if (m_deferrals > 0)
            parts.push_back("deferred " + std::to_string(m_deferrals));
        std::size_t without = m_deferrals;
        for (const auto &[kind, count] : m_failures) {
            parts.push_back(std::string(surrogate::failureKindName(kind)) + ' ' + std::to_string(count));
            without += count;
        }
        std::string text = std::to_string(m_forecasts) + " forecasts, " + std::to_string(without)
            + " without a forecast";
        for (std::size_t i = 0; i < parts.size(); ++i)
            text += (i == 0 ? " (" : ", ") + parts[i];
        return parts.empty() ? text : text + ')';
    }

private:
    std::size_t m_forecasts = 0;
    std::size_t m_deferrals = 0;
    std::map<surrogate::FailureKind, std::size_t> m_failures;
};

// Writes the prediction rows in the order of the queries, each as soon as it and every row before it are
// answered, and flushes them: an LLM run can take an hour and costs tokens, and a kill must not lose the rows of
// what was answered already (issue 27). Result i answers pair i % pairs.size() in repeat i / pairs.size().
class RowsInOrder {
public:
    RowsInOrder(const std::vector<ComparisonPair> &pairs, std::string label, const surrogate::SecretRedactor &redactor,
                std::ostream &out, std::ostream &err)
        : m_pairs(pairs)
        , m_label(std::move(label))
        , m_redactor(redactor)
        , m_out(out)
        , m_err(err)
    {
    }

    void add(std::size_t index, surrogate::SurrogateResult result)
    {
        m_waiting.emplace(index, std::move(result));
        bool wrote = false;
        for (auto next = m_waiting.begin(); next != m_waiting.end() && next->first == m_written;
             next = m_waiting.erase(next), ++m_written, wrote = true)
            write(next->second);
        if (wrote)
            m_out.flush();
    }

    const OutcomeTally &tally() const { return m_tally; }
    std::size_t written() const { return m_written; }

private:
    void write(const surrogate::SurrogateResult &result)
    {
        const auto repeat = int(m_written / m_pairs.size());
        const auto row = surrogate::predictionRow(m_pairs[m_written % m_pairs.size()], m_label, repeat, result);
        m_out << surrogate::predictionRowJson(row, m_redactor) << '\n';
        if (row.parseFailed)
            m_err << "kfx-cli forecast: " << row.comparisonId << " repeat " << row.repeat << ": " << row.parseError
                  << '\n';
        m_tally.add(result);
    }

    const std::vector<ComparisonPair> &m_pairs;
    std::string m_label;
    const surrogate::SecretRedactor &m_redactor;
    std::ostream &m_out;
    std::ostream &m_err;
    std::map<std::size_t, surrogate::SurrogateResult> m_waiting; // answered, behind an unanswered one
    std::size_t m_written = 0;
    OutcomeTally m_tally;
};

// Runs `job`, handing each answer to `rows` as it comes.
void writeAsAnswered(surrogate::SurrogateJob &job, RowsInOrder &rows)
{
    constexpr auto kPoll = std::chrono::milliseconds(200);
    const auto take = [&] {
        for (auto &[index, result] : job.takeAnswered())
            rows.add(index, std::move(result));
    };
    while (!job.waitFor(kPoll))
        take();
    take();
    job.results(); // joins the job, and rethrows what stopped it
}

} // namespace

int runForecast(const Arguments &args, std::ostream &out, std::ostream &err)
{
    ForecastOptions options;
    OptionReader reader("kfx-cli forecast");
    for (auto [name, target] :
         std::initializer_list<std::pair<const char *, std::string *>>{{"--surrogate", &options.surrogate},
                                                                       {"--label", &options.label},
                                                                       {"--load-model", &options.loadModel},
                                                                       {"--save-model", &options.saveModel},
                                                                       {"--folds", &options.folds},
                                                                       {"--cross-fit", &options.crossFit},
                                                                       {"--endpoint", &options.endpoint},
                                                                       {"--model", &options.model},
                                                                       {"--api-key-env", &options.apiKeyEnv},
                                                                       {"--temperature", &options.temperature},
                                                                       {"--max-tokens", &options.maxTokens},
                                                                       {"--timeout", &options.timeout},
                                                                       {"--total-timeout", &options.totalTimeout},
                                                                       {"--max-response-mib", &options.maxResponseMiB},
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

    const surrogate::SecretRedactor redactor(surrogate::apiKeysNamedBy({options.apiKeyEnv}));
    std::optional<RowsInOrder> rows;
    try {
        if (options.surrogate == "embedded") {
            auto results = embeddedResults(options, pairs, err);
            rows.emplace(pairs, options.label.empty() ? std::string("embedded") : options.label, redactor, out, err);
            for (std::size_t i = 0; i < results.size(); ++i)
                rows->add(i, std::move(results[i]));
        } else {
            const auto settings = llmSettings(options, err);
            const auto repeats = numberOption<int>(options.repeats);
            if (!settings || !repeats || *repeats < 1 || options.systemPath.empty() != options.userPath.empty())
                return 1;
            auto prompts = options.systemPath.empty()
                ? surrogate::PromptSet::builtIn(options.defer)
                : surrogate::PromptSet::fromFiles(options.systemPath, options.userPath);
            surrogate::LlmSurrogate llm(*settings, std::move(prompts));
            std::vector<surrogate::KernelRuntimeQuery> queries;
            for (int repeat = 0; repeat < *repeats; ++repeat) {
                for (const auto &pair : pairs)
                    queries.push_back(surrogate::queryForPair(pair));
            }
            rows.emplace(pairs, options.label.empty() ? settings->model : options.label, redactor, out, err);
            surrogate::SurrogateJob job(llm, std::move(queries));
            writeAsAnswered(job, *rows);
        }
    } catch (const std::exception &error) {
        err << "kfx-cli forecast: " << error.what() << '\n';
        return 2;
    }
    const auto &tally = rows->tally();
    err << "kfx-cli forecast: " << tally.summary() << '\n';
    return rows->written() == 0 || tally.anyAnswered() ? 0 : kNoAnswerExitCode;
}

} // namespace kfx::cli
