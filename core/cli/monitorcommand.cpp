// kfx-cli monitor: certify a gate on the start of a search's own measured forecasts (Learn-then-Test), then
// replay the rest of its measurements through the online risk monitor and say whether, and where, it alarms.

#include "commands.h"
#include "optionreader.h"

#include "gate/riskcontrol.h"
#include "gate/searchmonitor.h"
#include "io/fileloader.h"
#include "io/jsonwriter.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace kfx::cli {

namespace {

constexpr std::string_view kUsage =
    "usage: kfx-cli monitor SEARCH.jsonl [--calibrate FRACTION | --threshold T] [--score S] [--alpha A] [--delta D]\n"
    "                       [--correction bonferroni|holm|fixed-sequence] [--p-value "
    "clopper-pearson|hoeffding-bentkus]\n"
    "                       [--error-rule wrong-bin|off-by-two] [--json]\n";

struct MonitorOptions {
    std::string log;
    double calibrate = 0.25; // the share of measured forecasts, from the start, that certify the gate
    std::optional<double> threshold;
    gate::RiskControlRequest request;
    bool json = false;
};

template<typename T>
bool parseChoice(const std::string &text, std::optional<T> (*fromName)(std::string_view), T *target,
                 std::string_view option, std::ostream &err)
{
    if (text.empty())
        return true;
    const auto value = fromName(text);
    if (!value)
        err << "kfx-cli monitor: unknown " << option << " '" << text << "'\n" << kUsage;
    else
        *target = *value;
    return value.has_value();
}

// A number option within [low, high]; absent leaves `target` as it is.
bool parseNumber(const std::string &text, double low, double high, double *target, std::string_view option,
                 std::ostream &err)
{
    if (text.empty())
        return true;
    const auto value = numberOption<double>(text);
    if (!value || !(*value >= low && *value <= high)) {
        err << "kfx-cli monitor: " << option << " must be a number from " << low << " to " << high << ", not '" << text
            << "'\n";
        return false;
    }
    *target = *value;
    return true;
}

std::optional<MonitorOptions> parseOptions(const Arguments &args, std::ostream &err)
{
    MonitorOptions options;
    std::string calibrate, threshold, score, alpha, delta, correction, pValue, errorRule;
    OptionReader reader("kfx-cli monitor");
    reader.value("--calibrate", &calibrate);
    reader.value("--threshold", &threshold);
    reader.value("--score", &score);
    reader.value("--alpha", &alpha);
    reader.value("--delta", &delta);
    reader.value("--correction", &correction);
    reader.value("--p-value", &pValue);
    reader.value("--error-rule", &errorRule);
    reader.flag("--json", &options.json);
    std::vector<std::string> positional;
    if (!reader.parse(args, err, &positional) || positional.size() != 1) {
        err << kUsage;
        return std::nullopt;
    }
    options.log = positional.front();
    auto &request = options.request;
    if (!calibrate.empty() && !threshold.empty()) {
        err << "kfx-cli monitor: --calibrate and --threshold exclude each other\n" << kUsage;
        return std::nullopt;
    }
    double fixedThreshold = 0.0;
    if (!parseNumber(calibrate, 0.01, 0.99, &options.calibrate, "--calibrate", err)
        || !parseNumber(threshold, -std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
                        &fixedThreshold, "--threshold", err)
        || !parseNumber(alpha, 0.001, 0.999, &request.alpha, "--alpha", err)
        || !parseNumber(delta, 0.0001, 0.5, &request.delta, "--delta", err)
        || !parseChoice(score, metrics::confidenceScoreFromName, &request.score, "score", err)
        || !parseChoice(correction, gate::correctionFromName, &request.correction, "correction", err)
        || !parseChoice(pValue, gate::pValueFromName, &request.pValue, "p-value", err)
        || !parseChoice(errorRule, gate::errorRuleFromName, &request.errorRule, "error rule", err))
        return std::nullopt;
    if (!threshold.empty())
        options.threshold = fixedThreshold;
    return options;
}

void writeCertification(JsonWriter &w, const gate::RiskControlRequest &request, std::size_t rows,
                        const gate::RiskControlledThreshold &result)
{
    w.key("certification").beginObject().field("rows", std::int64_t(rows));
    w.field("correction", gate::correctionName(request.correction));
    w.field("p_value", gate::pValueName(request.pValue)).field("alpha", request.alpha).field("delta", request.delta);
    w.field("certified", result.certified).key("threshold");
    result.certified ? w.value(result.threshold) : w.null();
    w.field("trusted", result.trusted).field("errors", result.errors).field("coverage", result.coverage);
    w.field("p", result.pValue).field("upper_bound", result.upperBound);
    w.key("tests").beginArray();
    for (const auto &test : result.tests) {
        w.beginObject().field("threshold", test.threshold).field("trusted", test.trusted);
        w.field("errors", test.errors).field("p_value", test.pValue).field("level", test.level);
        w.field("certified", test.certified).endObject();
    }
    w.endArray().endObject();
}

std::string fixed(double value, int digits)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
    return buffer;
}

} // namespace

int runMonitor(const Arguments &args, std::ostream &out, std::ostream &err)
{
    const auto options = parseOptions(args, err);
    if (!options)
        return 1;
    const LoadedFile log = loadFile(options->log);
    for (const auto &diagnostic : log.diagnostics)
        err << diagnostic.file << ':' << diagnostic.line << ": " << diagnostic.message << '\n';
    if (!log.readable || !log.population) {
        err << "kfx-cli monitor: " << options->log << " is not a search log\n";
        return 2;
    }
    const auto measured = gate::measuredForecasts(*log.population);
    const auto &request = options->request;

    // Certify on the first share of the measurements, unless a threshold was given; monitor what follows.
    std::size_t calibrationSize = 0;
    std::optional<gate::RiskControlledThreshold> certified;
    gate::GateSettings gate;
    gate.score = request.score;
    if (options->threshold) {
        gate.threshold = *options->threshold;
    } else {
        calibrationSize = std::size_t(std::floor(options->calibrate * double(measured.size())));
        std::vector<metrics::SelectiveRow> rows;
        for (std::size_t i = 0; i < calibrationSize; ++i)
            rows.push_back(measured[i].row);
        certified = gate::riskControlledThreshold(rows, request);
        gate.threshold = certified->threshold;
    }

    gate::RiskMonitor monitor({request.alpha, request.delta});
    std::optional<std::size_t> alarmIndex;
    std::int64_t trustedAtAlarm = 0, wrongAtAlarm = 0;
    double lowerAtAlarm = 0.0;
    for (std::size_t i = calibrationSize; i < measured.size(); ++i) {
        const auto observation = gate::observationOf(measured[i].row, gate, request.errorRule);
        if (monitor.observe(observation.trusted, observation.wrong)) {
            alarmIndex = i;
            trustedAtAlarm = monitor.trusted();
            wrongAtAlarm = monitor.trustedWrong();
            lowerAtAlarm = monitor.lowerBound();
        }
    }
    const auto *alarmNode = alarmIndex ? &log.population->node(measured[*alarmIndex].node) : nullptr;

    if (options->json) {
        JsonWriter w;
        w.beginObject().field("file", options->log).field("measured", std::int64_t(measured.size()));
        w.field("score", metrics::confidenceScoreName(request.score));
        w.field("error_rule", gate::errorRuleName(request.errorRule));
        if (certified)
            writeCertification(w, request, calibrationSize, *certified);
        w.key("monitor").beginObject().field("threshold", gate.threshold);
        w.field("watched", monitor.observations()).field("trusted", monitor.trusted());
        w.field("wrong", monitor.trustedWrong()).field("lower_bound", monitor.lowerBound());
        w.field("upper_bound", monitor.upperBound()).key("alarm");
        if (alarmNode) {
            w.beginObject().field("measurement", std::int64_t(*alarmIndex + 1)).field("node", alarmNode->id);
            w.field("step", alarmNode->step).field("line", alarmNode->firstLine);
            w.field("trusted", trustedAtAlarm).field("wrong", wrongAtAlarm).field("lower_bound", lowerAtAlarm);
            w.endObject();
        } else {
            w.null();
        }
        w.endObject().endObject();
        out << w.text() << '\n';
        return 0;
    }

    out << options->log << ": " << measured.size() << " measured forecasts\n";
    if (certified) {
        out << "certified on the first " << calibrationSize << " (Learn-then-Test, "
            << gate::correctionName(request.correction) << ", " << gate::pValueName(request.pValue)
            << " p-values, alpha " << request.alpha << ", delta " << request.delta << ", "
            << certified->thresholdsTested << " thresholds): ";
        if (certified->certified)
            out << "threshold " << fixed(certified->threshold, 4) << ", trusts " << certified->trusted << " with "
                << certified->errors << " wrong, p = " << certified->pValue << '\n';
        else
            out << "no threshold certified, nothing is trusted\n";
    }
    if (alarmNode) {
        out << "ALARM at measurement " << *alarmIndex + 1 << " (node " << alarmNode->id << ", step " << alarmNode->step
            << ", line " << alarmNode->firstLine << "): " << wrongAtAlarm << " of " << trustedAtAlarm
            << " trusted forecasts wrong; the error rate is at least " << fixed(lowerAtAlarm, 4) << " > alpha "
            << request.alpha << " (time-uniform, confidence " << 1.0 - request.delta << ")\n";
    } else {
        out << "no alarm: " << monitor.trustedWrong() << " of " << monitor.trusted()
            << " trusted forecasts wrong; error rate within [" << fixed(monitor.lowerBound(), 3) << ", "
            << fixed(monitor.upperBound(), 3) << "]\n";
    }
    return 0;
}

} // namespace kfx::cli
