#include "recordjson.h"

#include "jsonwriter.h"
#include "model/speedupbin.h"

#include <array>
#include <charconv>
#include <limits>

namespace kfx::json {

namespace {

OutcomeKind outcomeKindFromName(std::string_view name)
{
    static constexpr std::array<std::pair<std::string_view, OutcomeKind>, 5> kinds{{
        {"success", OutcomeKind::Success},
        {"compile_failed", OutcomeKind::CompileFailed},
        {"runtime_error", OutcomeKind::RuntimeError},
        {"incorrect", OutcomeKind::Incorrect},
        {"infrastructure_failure", OutcomeKind::InfrastructureFailure},
    }};
    for (const auto &[text, kind] : kinds) {
        if (text == name)
            return kind;
    }
    throw FieldError("unknown feedback kind \"" + std::string(name) + "\"");
}

// A stored forecast's probability lies in [0, 1]: spec §1.3's simplex (each >= 0, summing to 1 within 1e-6) and the
// published list form alike. makeForecast() alone would renormalise a p of 1e300 into a one-hot forecast (issue 27).
double probabilityOfBin(double p, int bin)
{
    if (p >= 0.0 && p <= 1.0)
        return p;
    std::string message = "bin_probabilities: p of bin " + std::to_string(bin) + " is ";
    JsonWriter::appendNumber(message, p);
    throw FieldError(message + ", outside [0, 1]");
}

// A GPU's description feeds the embedded model's features and the prompts (issue 27): a clock of -1 or 1e300 GHz
// was taken as written, and a count of 2^32 + 1 narrowed to 1. 0 stays legal: kfx writes what CUDA reports.
// Bounds ten times beyond any GPU: the fastest memory clock the attributes report is about 14 GHz (L40S: 9.0, spec
// §6), the largest GPU memory a few hundred GB.
constexpr double kFastestClockGhz = 100.0;
constexpr double kMostGpuMemoryGb = 10'000.0;

int hardwareCount(Element value, std::string_view what)
{
    const auto count = asInteger(value, what);
    if (count < 0 || count > std::numeric_limits<int>::max())
        throw FieldError(std::string(what) + ": " + std::to_string(count) + " is not a count a GPU can have");
    return int(count);
}

double hardwareQuantity(const Object &hardware, std::string_view key, double largest)
{
    const double value = requiredNumber(hardware, key);
    if (value >= 0.0 && value <= largest)
        return value;
    std::string message = "\"" + std::string(key) + "\": ";
    JsonWriter::appendNumber(message, value);
    message += " is outside [0, ";
    JsonWriter::appendNumber(message, largest);
    throw FieldError(message + "]");
}

std::string optionalText(const Object &object, std::string_view key)
{
    return std::string(optionalString(object, key).value_or(std::string_view{}));
}

void readCaseSpeedups(const Array &list, EvaluationOutcome &outcome)
{
    for (auto element : list) {
        auto item = asObject(element, "per_case_speedups entry");
        CaseSpeedup entry;
        entry.speedup = requiredNumber(item, "speedup");
        entry.runtimeNs = requiredNumber(item, "runtime_ns");
        entry.refRuntimeNs = requiredNumber(item, "ref_runtime_ns");
        for (auto [key, value] : item) {
            if (key != "speedup" && key != "runtime_ns" && key != "ref_runtime_ns")
                entry.shape.emplace_back(std::string(key), scalarText(value));
        }
        outcome.cases.push_back(std::move(entry));
    }
}

void readCaseResults(const Array &list, EvaluationOutcome &outcome)
{
    for (auto element : list) {
        auto item = asObject(element, "per_case_results entry");
        CaseResult result;
        // Required by the reference's schema and written by every writer: read as false when missing, a renamed
        // key turned a correct case into an incorrect one without a word (issue 27).
        result.correct = requiredBool(item, "correct");
        result.runtimeNs = optionalNumber(item, "runtime_ns").value_or(0.0);
        result.refRuntimeNs = optionalNumber(item, "ref_runtime_ns").value_or(0.0);
        result.failureKind = optionalText(item, "failure_kind");
        for (auto key : {"compilation_error", "runtime_error", "error_message"}) {
            if (auto text = optionalString(item, key); text && !text->empty()) {
                result.message = std::string(*text);
                break;
            }
        }
        outcome.caseResults.push_back(std::move(result));
    }
}

std::vector<std::string> textList(const Object &object, std::string_view key)
{
    std::vector<std::string> result;
    if (auto list = optionalArray(object, key)) {
        for (auto element : *list)
            result.push_back(scalarText(element));
    }
    return result;
}

// The GPU-mode feedback union and the KernelBench one share their discriminator; KernelBench is recognised by
// its own success and failure fields.
void readFeedback(const Object &feedback, EvaluationOutcome &outcome)
{
    outcome.kind = outcomeKindFromName(requiredString(feedback, "kind"));
    switch (outcome.kind) {
    case OutcomeKind::Success:
        if (hasField(feedback, "runtime_us")
            || (hasField(feedback, "speedup") && !hasField(feedback, "aggregated_speedup"))) {
            outcome.kernelBench = true;
            outcome.aggregatedSpeedup = requiredNumber(feedback, "speedup");
            outcome.runtimeUs = optionalNumber(feedback, "runtime_us").value_or(0.0);
            outcome.refRuntimeUs = optionalNumber(feedback, "ref_runtime_us").value_or(0.0);
        } else {
            outcome.aggregatedSpeedup = requiredNumber(feedback, "aggregated_speedup");
            outcome.aggregationMethod = optionalText(feedback, "aggregation_method");
            // Required by the reference's schema and written by every writer: a renamed key lost every case
            // without a word (issue 27).
            readCaseSpeedups(requiredArray(feedback, "per_case_speedups"), outcome);
        }
        break;
    case OutcomeKind::CompileFailed:
        outcome.message = std::string(requiredString(feedback, "compilation_error"));
        outcome.errorName = optionalText(feedback, "compilation_error_name");
        outcome.kernelBench = hasField(feedback, "compilation_error_name");
        break;
    case OutcomeKind::RuntimeError:
        outcome.errorName = optionalText(feedback, "runtime_error_name");
        outcome.message = std::string(requiredString(feedback, "runtime_error"));
        outcome.kernelBench = hasField(feedback, "runtime_error_traceback");
        outcome.traceback = outcome.kernelBench ? optionalText(feedback, "runtime_error_traceback")
                                                : optionalText(feedback, "traceback");
        break;
    case OutcomeKind::Incorrect:
        if (hasField(feedback, "correctness_issue")) {
            outcome.kernelBench = true;
            outcome.message = std::string(requiredString(feedback, "correctness_issue"));
            outcome.maxDifference = textList(feedback, "max_difference");
            outcome.avgDifference = textList(feedback, "avg_difference");
        } else {
            outcome.message = std::string(requiredString(feedback, "error_message"));
        }
        break;
    case OutcomeKind::InfrastructureFailure:
        outcome.message = std::string(requiredString(feedback, "reason"));
        break;
    case OutcomeKind::NoFeedback:
    case OutcomeKind::Forecasted:
        break;
    }
}

void readObservation(const Object &observation, EvaluationOutcome &outcome)
{
    if (auto kind = optionalString(observation, "kind")) {
        // The abstaining search's compound observation (spec §3.5).
        if (*kind == "forecast") {
            outcome.kind = OutcomeKind::Forecasted;
            outcome.trustedForecast = readForecast(requiredObject(observation, "estimate"));
            outcome.expectedSpeedup = requiredNumber(observation, "expected_speedup");
            return;
        }
        if (*kind == "real") {
            if (auto reason = optionalString(observation, "deferral_reason"))
                outcome.deferralReason = std::string(*reason);
            readObservation(requiredObject(observation, "inner"), outcome);
            return;
        }
        throw FieldError("unknown observation kind \"" + std::string(*kind) + "\"");
    }
    if (auto feedback = optionalObject(observation, "feedback")) {
        readFeedback(*feedback, outcome);
        if (auto results = optionalArray(observation, "per_case_results"))
            readCaseResults(*results, outcome);
        return;
    }
    outcome.kind = OutcomeKind::NoFeedback;
}

} // namespace

EvaluationOutcome readEvaluation(const Object &evaluation)
{
    EvaluationOutcome outcome;
    if (auto observation = optionalObject(evaluation, "observation"))
        readObservation(*observation, outcome);
    outcome.reward = optionalNumber(evaluation, "reward");
    return outcome;
}

Forecast readForecast(const Object &estimate)
{
    const auto predicted = requiredInteger(estimate, "predicted_bin");
    auto probabilities = requiredObject(estimate, "bin_probabilities");
    BinProbabilities raw{};
    std::array<bool, kBinCount> seen{};
    for (auto [key, value] : probabilities) {
        int bin = 0;
        auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), bin);
        if (error != std::errc() || end != key.data() + key.size() || !isForecastBin(bin))
            throw FieldError("bin_probabilities: key \"" + std::string(key) + "\" is not a bin 1..8");
        raw[bin - 1] = probabilityOfBin(asNumber(value, "bin_probabilities[\"" + std::string(key) + "\"]"), bin);
        seen[bin - 1] = true;
    }
    for (int i = 0; i < kBinCount; ++i) {
        if (!seen[i])
            throw FieldError("bin_probabilities: bin " + std::to_string(i + 1) + " is missing");
    }
    auto made = makeForecast(raw, predicted, std::string(optionalString(estimate, "reasoning").value_or("")),
                             optionalNumber(estimate, "raw_probability_sum"));
    if (auto *error = std::get_if<ForecastError>(&made))
        throw FieldError("forecast: " + error->message);
    auto forecast = std::get<Forecast>(std::move(made));
    readFailureProbability(estimate, forecast);
    return forecast;
}

void readFailureProbability(const Object &object, Forecast &forecast)
{
    if (const auto failure = optionalNumber(object, "failure_probability")) {
        if (!(*failure >= 0.0 && *failure <= 1.0))
            throw FieldError("failure_probability: " + std::to_string(*failure) + " is not a probability");
        forecast.failureProbability = *failure;
    }
}

BinProbabilities readBinProbabilityList(const Array &list)
{
    BinProbabilities result{};
    std::array<bool, kBinCount> seen{};
    for (auto element : list) {
        auto entry = asObject(element, "bin_probabilities entry");
        const auto bin = requiredInteger(entry, "bin");
        if (!isForecastBin(bin))
            throw FieldError("bin_probabilities: bin " + std::to_string(bin) + " is not one of 1..8");
        if (seen[bin - 1])
            throw FieldError("bin_probabilities: bin " + std::to_string(bin) + " appears twice");
        seen[bin - 1] = true;
        result[bin - 1] = probabilityOfBin(requiredNumber(entry, "p"), int(bin));
    }
    for (int i = 0; i < kBinCount; ++i) {
        if (!seen[i])
            throw FieldError("bin_probabilities: bin " + std::to_string(i + 1) + " is missing");
    }
    return result;
}

HardwareContext readHardwareContext(const Object &hardware)
{
    HardwareContext context;
    context.deviceName = std::string(requiredString(hardware, "device_name"));
    auto capability = requiredArray(hardware, "compute_capability");
    if (capability.size() != 2)
        throw FieldError("\"compute_capability\": expected [major, minor]");
    context.computeCapabilityMajor = hardwareCount(capability.at(0).value_unsafe(), "compute_capability[0]");
    context.computeCapabilityMinor = hardwareCount(capability.at(1).value_unsafe(), "compute_capability[1]");
    context.totalGlobalMemoryGb = hardwareQuantity(hardware, "total_global_memory_gb", kMostGpuMemoryGb);
    context.multiprocessorCount = hardwareCount(requiredField(hardware, "multiprocessor_count"),
                                                R"("multiprocessor_count")");
    context.maxThreadsPerMultiprocessor = hardwareCount(requiredField(hardware, "max_threads_per_multiprocessor"),
                                                        R"("max_threads_per_multiprocessor")");
    context.clockRateGhz = hardwareQuantity(hardware, "clock_rate_ghz", kFastestClockGhz);
    context.memoryClockRateGhz = hardwareQuantity(hardware, "memory_clock_rate_ghz", kFastestClockGhz);
    context.memoryBusWidthBits = hardwareCount(requiredField(hardware, "memory_bus_width_bits"),
                                               R"("memory_bus_width_bits")");
    return context;
}

TokenUsage readTokenUsage(const Object &usage)
{
    return {requiredInteger(usage, "input_tokens"), requiredInteger(usage, "output_tokens")};
}

} // namespace kfx::json
