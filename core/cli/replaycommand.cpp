#include "commands.h"

#include "io/fileloader.h"
#include "io/jsonwriter.h"
#include "replay/counterfactualreplay.h"
#include "replay/gpubudgetfrontier.h"

#include <charconv>
#include <cmath>
#include <optional>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli replay FILE [--predictions PRED.jsonl [--surrogate LABEL]] [--policy P[,P...]|all] [--k K]\n"
    "                      [--budget B] [--seed S] [--score SCORE] [--threshold T] [--k-per-parent K]\n"
    "                      [--archive-capacity C] --json\n"
    "       kfx-cli replay FILE --frontier [--predictions PRED.jsonl] [--score SCORE] [--threshold T]\n"
    "                      [--coverage C] [--alpha A] [--delta D] --json\n";

struct ReplayArguments {
    std::string log;
    std::string predictions;
    std::string surrogate;
    std::vector<replay::ReplayPolicy> policies{std::begin(replay::kReplayPolicies), std::end(replay::kReplayPolicies)};
    replay::CounterfactualConfig config;
    bool frontier = false; // issue 17's GPU-budget frontier instead of the policies
    replay::FrontierSettings frontierSettings;
};

template<typename Number>
bool parseNumber(const std::string &text, Number &number)
{
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    return error == std::errc() && end == text.data() + text.size();
}

std::optional<std::vector<replay::ReplayPolicy>> parsePolicies(const std::string &text)
{
    if (text == "all")
        return std::vector(std::begin(replay::kReplayPolicies), std::end(replay::kReplayPolicies));
    std::vector<replay::ReplayPolicy> policies;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find(',', start), text.size());
        auto policy = replay::replayPolicyFromName(std::string_view(text).substr(start, end - start));
        if (!policy)
            return std::nullopt;
        policies.push_back(*policy);
        start = end + 1;
    }
    return policies;
}

// One option's value into `arguments`; false (with a message) when it is not valid.
bool applyOption(const std::string &option, const std::string &value, ReplayArguments &arguments, std::ostream &err)
{
    auto &config = arguments.config;
    bool valid = true;
    if (option == "--predictions") {
        arguments.predictions = value;
    } else if (option == "--surrogate") {
        arguments.surrogate = value;
    } else if (option == "--policy") {
        auto policies = parsePolicies(value);
        valid = policies.has_value();
        if (valid)
            arguments.policies = *policies;
    } else if (option == "--k") {
        valid = parseNumber(value, config.measurePerParent) && config.measurePerParent >= 1;
    } else if (option == "--budget") {
        int budget = 0;
        valid = parseNumber(value, budget) && budget >= 0;
        config.evaluationBudget = budget;
    } else if (option == "--seed") {
        valid = parseNumber(value, config.seed);
    } else if (option == "--score") {
        auto score = metrics::confidenceScoreFromName(value);
        valid = score.has_value();
        config.gate.score = score.value_or(config.gate.score);
    } else if (option == "--threshold") {
        valid = parseNumber(value, config.gate.threshold) && !std::isnan(config.gate.threshold);
        arguments.frontierSettings.threshold = config.gate.threshold;
    } else if (option == "--coverage") {
        auto &coverage = arguments.frontierSettings.targetCoverage;
        valid = parseNumber(value, coverage) && coverage >= 0.0 && coverage <= 1.0;
    } else if (option == "--alpha") {
        auto &alpha = arguments.frontierSettings.alpha;
        valid = parseNumber(value, alpha) && alpha > 0.0 && alpha < 1.0;
    } else if (option == "--delta") {
        auto &delta = arguments.frontierSettings.delta;
        valid = parseNumber(value, delta) && delta > 0.0 && delta < 1.0;
    } else if (option == "--k-per-parent") {
        valid = parseNumber(value, config.archive.kPerParent) && config.archive.kPerParent >= 1;
    } else if (option == "--archive-capacity") {
        valid = parseNumber(value, config.archive.archiveCapacity) && config.archive.archiveCapacity >= 1;
    } else {
        err << "kfx-cli replay: unexpected argument '" << option << "'\n" << kUsage;
        return false;
    }
    if (!valid)
        err << "kfx-cli replay: invalid value '" << value << "' for " << option << '\n';
    return valid;
}

std::optional<ReplayArguments> parseArguments(const Arguments &args, std::ostream &err)
{
    ReplayArguments arguments;
    // The recorded search is replayed with the gate open to everything unless told otherwise.
    arguments.config.gate.threshold = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < args.size(); ++i) {
        const auto &arg = args[i];
        if (arg == "--json")
            continue; // JSON is the only output, as for metrics
        if (arg == "--frontier") {
            arguments.frontier = true;
            continue;
        }
        if (!arg.starts_with("--")) {
            if (!arguments.log.empty()) {
                err << "kfx-cli replay: one log at a time\n" << kUsage;
                return std::nullopt;
            }
            arguments.log = arg;
            continue;
        }
        if (i + 1 >= args.size()) {
            err << "kfx-cli replay: " << arg << " needs a value\n" << kUsage;
            return std::nullopt;
        }
        if (!applyOption(arg, args[++i], arguments, err))
            return std::nullopt;
    }
    if (arguments.log.empty()) {
        err << kUsage;
        return std::nullopt;
    }
    return arguments;
}

bool reportDiagnostics(const LoadedFile &file, std::ostream &err)
{
    for (const auto &diagnostic : file.diagnostics)
        err << diagnostic.file << ':' << diagnostic.line << ": " << diagnostic.message << '\n';
    return file.readable;
}

void writeOutcome(JsonWriter &writer, const replay::PolicyOutcome &outcome)
{
    writer.key(replay::replayPolicyName(outcome.policy)).beginObject();
    writer.field("evaluations", outcome.evaluations).key("final_best");
    outcome.finalBest ? writer.value(*outcome.finalBest) : writer.null();
    writer.field("trusted", outcome.trusted)
        .field("dropped", outcome.dropped)
        .field("steps", outcome.stepsReplayed)
        .field("expansions", outcome.expansions)
        .field("oracle_matches", outcome.oracleMatches)
        .field("oracle_match_rate", outcome.oracleMatchRate())
        .field("stopped", replay::stopReasonName(outcome.stop))
        .key("off_path_from_step");
    outcome.offPathFromStep ? writer.value(*outcome.offPathFromStep) : writer.null();
    writer.key("series").beginArray();
    for (const auto &point : outcome.series)
        writer.beginObject().field("evaluations", point.evaluations).field("best", point.best).endObject();
    writer.endArray().endObject();
}

// {"policy": {"threshold", "points": [{"evaluations", "best", "trusted", "wrong", "risk"}...]}...}
void writeFrontier(JsonWriter &writer, std::span<const replay::FrontierCurve> curves)
{
    writer.key("frontier").beginObject();
    for (const auto &curve : curves) {
        writer.key(replay::frontierPolicyName(curve.policy)).beginObject().field("threshold", curve.threshold);
        writer.key("points").beginArray();
        for (const auto &point : curve.points) {
            writer.beginObject().field("evaluations", point.evaluations).field("best", point.best);
            writer.field("trusted", point.trusted).field("wrong", point.wrong).field("risk", point.risk());
            writer.endObject();
        }
        writer.endArray().endObject();
    }
    writer.endObject();
}

} // namespace

int runReplay(const Arguments &args, std::ostream &out, std::ostream &err)
{
    const auto arguments = parseArguments(args, err);
    if (!arguments)
        return 1;
    const auto log = loadFile(arguments->log, arguments->config.archive);
    if (!reportDiagnostics(log, err) || !log.population) {
        err << "kfx-cli replay: " << arguments->log << " is not a search log\n";
        return 2;
    }
    replay::ForecastTable forecasts = replay::ForecastTable::fromPopulation(*log.population);
    if (!arguments->predictions.empty()) {
        const auto predictions = loadFile(arguments->predictions);
        if (!reportDiagnostics(predictions, err))
            return 2;
        forecasts = replay::ForecastTable::fromPredictions(predictions.predictions, arguments->surrogate);
    }

    if (arguments->frontier) {
        auto settings = arguments->frontierSettings;
        settings.score = arguments->config.gate.score;
        const auto curves = replay::gpuBudgetFrontier(*log.population, forecasts, settings, arguments->config);
        JsonWriter writer;
        writer.beginObject().field("file", arguments->log).field("forecasts", std::int64_t(forecasts.size()));
        writeFrontier(writer, curves);
        out << writer.endObject().text() << '\n';
        return 0;
    }
    const auto outcomes = replay::replayPolicies(*log.population, arguments->policies, arguments->config, &forecasts);
    JsonWriter writer;
    writer.beginObject()
        .field("file", arguments->log)
        .field("format", dataFormatName(log.format))
        .field("steps", int(log.population->steps.size()))
        .field("forecasts", std::int64_t(forecasts.size()))
        .field("k", arguments->config.measurePerParent);
    writer.key("policies").beginObject();
    for (const auto &outcome : outcomes)
        writeOutcome(writer, outcome);
    writer.endObject().endObject();
    out << writer.text() << '\n';
    return 0;
}

} // namespace kfx::cli
