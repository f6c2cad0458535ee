#include "evaluationrecord.h"

#include "io/jsonwriter.h"
#include "protocol.h"

#include <simdjson.h>

namespace kfx::measure {

namespace {

void writeCaseResult(JsonWriter &w, bool correct, double runtimeNs, double refNs, std::string_view failureKind,
                     std::string_view errorMessage, std::string_view errorName, std::string_view runtimeError,
                     std::string_view compilationError)
{
    w.beginObject()
        .field("correct", correct)
        .field("runtime_ns", runtimeNs)
        .field("ref_runtime_ns", refNs)
        .field("error_message", errorMessage)
        .field("runtime_error_name", errorName)
        .field("runtime_error", runtimeError)
        .field("traceback", "")
        .field("compilation_error", compilationError)
        .field("failure_kind", failureKind)
        .endObject();
}

} // namespace

std::string evaluationJson(const json::Object &result, std::optional<double> &reward)
{
    using namespace kfx::json;
    std::string_view kind = requiredString(result, "kind");
    if (kind == "timeout")
        kind = "runtime_error"; // the caller's timeout result carries runtime_error_name "Timeout"
    const bool known = kind == "success" || kind == "compile_failed" || kind == "runtime_error" || kind == "incorrect";
    JsonWriter w;
    w.beginObject().key("observation").beginObject().key("feedback").beginObject();
    w.field("kind", known ? kind : std::string_view("infrastructure_failure"));
    JsonWriter cases;
    cases.beginArray();
    if (kind == "success") {
        reward = requiredNumber(result, "aggregated_speedup");
        w.field("aggregated_speedup", *reward)
            .field("aggregation_method", requiredString(result, "aggregation_method"));
        w.key("per_case_speedups").beginArray();
        for (auto element : requiredArray(result, "cases")) {
            const auto c = asObject(element, "case");
            const double speedup = requiredNumber(c, "speedup");
            const double runtime = requiredNumber(c, "runtime_ns");
            const double refRuntime = requiredNumber(c, "ref_runtime_ns");
            w.beginObject().field("speedup", speedup).field("runtime_ns", runtime).field("ref_runtime_ns", refRuntime);
            // kfx-task/1 sizes are integers; a GPU MODE case's keywords may be any scalar.
            for (auto [name, value] : requiredObject(c, "sizes"))
                value.is_int64() ? w.field(name, asInteger(value, "size")) : w.key(name).raw(simdjson::minify(value));
            w.endObject();
            writeCaseResult(cases, true, runtime, refRuntime, "none", "", "", "", "");
        }
        w.endArray();
    } else if (kind == "compile_failed") {
        const auto log = requiredString(result, "compilation_error");
        w.field("compilation_error", log);
        writeCaseResult(cases, false, 0.0, 0.0, "compile_failed", "", "", "", log);
    } else if (kind == "runtime_error") {
        const auto name = requiredString(result, "runtime_error_name");
        const auto message = requiredString(result, "runtime_error");
        w.field("runtime_error_name", name).field("runtime_error", message).field("traceback", "");
        writeCaseResult(cases, false, 0.0, 0.0, "runtime_error", "", name, message, "");
    } else if (kind == "incorrect") {
        const auto message = requiredString(result, "error_message");
        w.field("error_message", message);
        writeCaseResult(cases, false, 0.0, 0.0, "incorrect", message, "", "", "");
    } else {
        // infrastructure_failure (and anything unexpected): the reference stops before any case result.
        w.field("reason", optionalString(result, "reason").value_or(kind));
    }
    cases.endArray();
    w.endObject().key("per_case_results").raw(cases.text()).endObject().key("reward");
    reward ? w.value(*reward) : w.null();
    // A Python task's account of how it measured (device, CPU test mode, protocol) and its suspicion flags, and a
    // CUDA kernel's race check and the defect it proved (issue 26), kept as they came so that the workspace shows
    // them later.
    for (const char *extra : {"task_kind", "provenance", "suspicions", "race_check", "defects"}) {
        if (const auto value = optionalField(result, extra))
            w.key(extra).raw(simdjson::minify(*value));
    }
    w.endObject();
    return w.take();
}

std::string evaluationJson(std::string_view resultLine)
{
    const simdjson::padded_string text(resultLine);
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (const auto error = parser.parse(text).get(root); error != simdjson::SUCCESS)
        throw ProtocolError({}, std::string("not valid JSON: ") + simdjson::error_message(error));
    try {
        std::optional<double> reward;
        return evaluationJson(json::asObject(root, "result"), reward);
    } catch (const json::FieldError &error) {
        throw ProtocolError({}, error.what());
    }
}

} // namespace kfx::measure
