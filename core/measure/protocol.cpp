#include "protocol.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"

#include <simdjson.h>

namespace kfx::measure {

namespace {
// Parses one line and hands its object to `read`; field errors become ProtocolErrors carrying the id if any.
template<typename Read>
auto withObject(std::string_view line, Read read)
{
    const simdjson::padded_string text(line);
    simdjson::dom::parser parser;
    json::Element element;
    if (const auto error = parser.parse(text).get(element); error != simdjson::SUCCESS)
        throw ProtocolError({}, std::string("not valid JSON: ") + simdjson::error_message(error));
    if (!element.is_object())
        throw ProtocolError({}, "expected a JSON object");
    const json::Object object = element.get_object().value_unsafe();
    std::string id;
    try {
        id = std::string(json::optionalString(object, "id").value_or(""));
        const std::int64_t version = json::requiredInteger(object, "protocol");
        if (version != kProtocolVersion)
            throw ProtocolError(
                id, "protocol version " + std::to_string(version) + " is not " + std::to_string(kProtocolVersion));
        return read(object, id);
    } catch (const json::FieldError &error) {
        throw ProtocolError(id, error.what());
    }
}

std::string simpleRequest(std::string_view id, std::string_view type)
{
    JsonWriter writer;
    beginMessage(writer, id, type).endObject();
    return writer.take();
}

OutcomeKind outcomeKindFor(std::string_view kind, const std::string &id)
{
    if (kind == "success")
        return OutcomeKind::Success;
    if (kind == "compile_failed")
        return OutcomeKind::CompileFailed;
    if (kind == "runtime_error" || kind == "timeout")
        return OutcomeKind::RuntimeError;
    if (kind == "incorrect")
        return OutcomeKind::Incorrect;
    if (kind == "infrastructure_failure")
        return OutcomeKind::InfrastructureFailure;
    throw ProtocolError(id, "\"" + std::string(kind) + "\" is not the result of a measurement");
}

void readSuccess(const json::Object &object, EvaluationOutcome &outcome)
{
    outcome.aggregatedSpeedup = json::requiredNumber(object, "aggregated_speedup");
    outcome.aggregationMethod = std::string(json::requiredString(object, "aggregation_method"));
    outcome.reward = outcome.aggregatedSpeedup;
    for (const json::Element element : json::requiredArray(object, "cases")) {
        const json::Object measured = json::asObject(element, "a case");
        CaseSpeedup speedup;
        speedup.speedup = json::requiredNumber(measured, "speedup");
        speedup.runtimeNs = json::requiredNumber(measured, "runtime_ns");
        speedup.refRuntimeNs = json::requiredNumber(measured, "ref_runtime_ns");
        for (const auto size : json::requiredObject(measured, "sizes"))
            speedup.shape.emplace_back(std::string(size.key), json::scalarText(size.value));
        outcome.caseResults.push_back({true, speedup.runtimeNs, speedup.refRuntimeNs, "none", {}});
        outcome.cases.push_back(std::move(speedup));
    }
}
ComputeDevice readDevice(const json::Object &object, const std::string &id)
{
    const std::string_view device = json::optionalString(object, "device").value_or("cuda");
    if (device != "cuda" && device != "cpu")
        throw ProtocolError(id, "\"device\" is \"cuda\" or \"cpu\", not \"" + std::string(device) + "\"");
    return device == "cpu" ? ComputeDevice::Cpu : ComputeDevice::Cuda;
}

void readPythonOptions(const json::Object &object, const std::string &id, MeasureOptions &options)
{
    options.device = readDevice(object, id);
    if (const auto python = json::optionalArray(object, "python")) {
        options.python.clear();
        for (const json::Element part : *python)
            options.python.emplace_back(json::asString(part, "\"python\"'s elements"));
        if (options.python.empty())
            throw ProtocolError(id, "\"python\" names at least the interpreter");
    }
    options.harnessDirectory = std::string(json::optionalString(object, "harness").value_or(""));
    options.timeoutMs = json::optionalNumber(object, "timeout_ms").value_or(options.timeoutMs);
    if (!(options.timeoutMs > 0.0))
        throw ProtocolError(id, "\"timeout_ms\" must be positive");
}

std::string_view deviceName(ComputeDevice device)
{
    return device == ComputeDevice::Cpu ? "cpu" : "cuda";
}
} // namespace

JsonWriter &beginMessage(JsonWriter &writer, std::string_view id, std::string_view type)
{
    return writer.beginObject().field("protocol", kProtocolVersion).field("id", id).field("type", type);
}

JsonWriter &beginResult(JsonWriter &writer, std::string_view id, std::string_view kind)
{
    return beginMessage(writer, id, "result").field("kind", kind);
}

std::string progressLine(std::string_view id, std::string_view stage, int caseIndex, int caseCount)
{
    JsonWriter writer;
    beginMessage(writer, id, "progress").field("stage", stage);
    if (caseIndex >= 0)
        writer.field("case", caseIndex).field("cases", caseCount);
    return writer.endObject().take();
}

std::string_view timingProtocolName(TimingProtocol protocol)
{
    return protocol == TimingProtocol::Reference ? "reference" : "robust";
}

Request parseRequest(std::string_view line)
{
    return withObject(line, [](const json::Object &object, const std::string &id) {
        Request request;
        request.id = id;
        const std::string_view type = json::requiredString(object, "type");
        if (type == "device_info") {
            request.type = RequestType::DeviceInfo;
            request.measure.device = readDevice(object, id);
        } else if (type == "shutdown") {
            request.type = RequestType::Shutdown;
        } else if (type == "cancel") {
            request.type = RequestType::Cancel;
            request.cancelTarget = std::string(json::requiredString(object, "target"));
        } else if (type == "measure") {
            request.type = RequestType::Measure;
            MeasureOptions &options = request.measure;
            options.taskDirectory = std::string(json::requiredString(object, "task"));
            const auto path = json::optionalString(object, "candidate");
            const auto source = json::optionalString(object, "candidate_source");
            if (path.has_value() == source.has_value())
                throw ProtocolError(id,
                                    "a measure request names exactly one of \"candidate\" and \"candidate_source\"");
            options.candidatePath = std::string(path.value_or(""));
            options.candidateSource = std::string(source.value_or(""));
            options.candidateLabel = std::string(
                json::optionalString(object, "candidate_label").value_or(path ? *path : std::string_view("candidate")));
            const std::string_view timing = json::optionalString(object, "timing").value_or("reference");
            if (timing != "reference" && timing != "robust")
                throw ProtocolError(id,
                                    "\"timing\" is \"reference\" or \"robust\", not \"" + std::string(timing) + "\"");
            options.timing = timing == "robust" ? TimingProtocol::Robust : TimingProtocol::Reference;
            options.timeBudgetMs = json::optionalNumber(object, "time_budget_ms").value_or(options.timeBudgetMs);
            options.rawSamples = json::optionalBool(object, "raw_samples").value_or(false);
            if (!(options.timeBudgetMs > 0.0))
                throw ProtocolError(id, "\"time_budget_ms\" must be positive");
            readPythonOptions(object, id, options);
        } else {
            throw ProtocolError(id, "unknown request type \"" + std::string(type) + "\"");
        }
        return request;
    });
}

std::string deviceInfoRequest(std::string_view id, ComputeDevice device)
{
    if (device == ComputeDevice::Cuda)
        return simpleRequest(id, "device_info");
    JsonWriter writer;
    beginMessage(writer, id, "device_info").field("device", deviceName(device)).endObject();
    return writer.take();
}

std::string shutdownRequest(std::string_view id)
{
    return simpleRequest(id, "shutdown");
}

std::string cancelRequest(std::string_view id, std::string_view target)
{
    JsonWriter writer;
    beginMessage(writer, id, "cancel").field("target", target).endObject();
    return writer.take();
}

std::string measureRequest(std::string_view id, const MeasureOptions &options)
{
    JsonWriter writer;
    beginMessage(writer, id, "measure").field("task", options.taskDirectory);
    if (options.candidateSource.empty())
        writer.field("candidate", options.candidatePath);
    else
        writer.field("candidate_source", options.candidateSource).field("candidate_label", options.candidateLabel);
    writer.field("timing", timingProtocolName(options.timing)).field("time_budget_ms", options.timeBudgetMs);
    if (options.rawSamples)
        writer.field("raw_samples", true);
    // The Python fields only when they differ from the defaults, so a kfx-task/1 request stays as it was.
    const MeasureOptions defaults;
    if (options.python != defaults.python) {
        writer.key("python").beginArray();
        for (const auto &part : options.python)
            writer.value(part);
        writer.endArray();
    }
    if (options.device != defaults.device)
        writer.field("device", deviceName(options.device));
    if (!options.harnessDirectory.empty())
        writer.field("harness", options.harnessDirectory);
    if (options.timeoutMs != defaults.timeoutMs)
        writer.field("timeout_ms", options.timeoutMs);
    writer.endObject();
    return writer.take();
}

ResponseHeader parseResponseHeader(std::string_view line)
{
    return withObject(line, [](const json::Object &object, const std::string &id) {
        ResponseHeader header;
        header.id = id;
        const std::string_view type = json::requiredString(object, "type");
        if (type != "result" && type != "progress")
            throw ProtocolError(id, "unknown response type \"" + std::string(type) + "\"");
        header.isResult = type == "result";
        if (header.isResult) {
            header.kind = std::string(json::requiredString(object, "kind"));
            header.workerExits = json::optionalBool(object, "sticky").value_or(false);
        }
        return header;
    });
}

EvaluationOutcome outcomeFromResult(std::string_view line)
{
    return withObject(line, [](const json::Object &object, const std::string &id) {
        EvaluationOutcome outcome;
        outcome.kind = outcomeKindFor(json::requiredString(object, "kind"), id);
        switch (outcome.kind) {
        case OutcomeKind::Success:
            readSuccess(object, outcome);
            break;
        case OutcomeKind::CompileFailed:
            outcome.message = std::string(json::requiredString(object, "compilation_error"));
            break;
        case OutcomeKind::RuntimeError:
            outcome.errorName = std::string(json::requiredString(object, "runtime_error_name"));
            outcome.message = std::string(json::requiredString(object, "runtime_error"));
            break;
        case OutcomeKind::Incorrect:
            outcome.message = std::string(json::requiredString(object, "error_message"));
            break;
        default:
            outcome.message = std::string(json::requiredString(object, "reason"));
            break;
        }
        return outcome;
    });
}

} // namespace kfx::measure
