#include "resultcodec.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"

namespace kfx::surrogate {

namespace {

constexpr std::int64_t kResultFormat = 1;

void writeUsage(JsonWriter &out, const std::optional<TokenUsage> &usage)
{
    if (!usage)
        return;
    out.key("usage").beginObject();
    out.field("input_tokens", usage->inputTokens).field("output_tokens", usage->outputTokens);
    out.endObject();
}

std::optional<TokenUsage> readUsage(const json::Object &object)
{
    const auto usage = json::optionalObject(object, "usage");
    if (!usage)
        return std::nullopt;
    return TokenUsage{json::requiredInteger(*usage, "input_tokens"), json::requiredInteger(*usage, "output_tokens")};
}

} // namespace

bool isCacheable(const SurrogateResult &result)
{
    return !std::holds_alternative<SurrogateFailure>(result.outcome);
}

std::string encodeResult(const SurrogateResult &result)
{
    JsonWriter out;
    out.beginObject().field("format", kResultFormat);
    if (const auto *forecast = std::get_if<Forecast>(&result.outcome)) {
        out.key("forecast").beginObject();
        out.key("p").beginArray();
        for (double p : forecast->probabilities)
            out.value(p);
        out.endArray();
        // Only where it is not 0, so that an entry of a forecaster without failure reads as before (issue 25).
        if (forecast->failureProbability != 0.0)
            out.field("p_fail", forecast->failureProbability);
        out.field("predicted_bin", forecast->predictedBin).field("reasoning", forecast->reasoning);
        out.field("raw_sum", forecast->rawProbabilitySum).field("source", forecast->source);
        writeUsage(out, forecast->usage);
        out.endObject();
    } else if (const auto *deferral = std::get_if<Deferral>(&result.outcome)) {
        out.key("deferral").beginObject().field("reason", deferral->reason).endObject();
    }
    out.field("rationale", result.rationale);
    writeUsage(out, result.usage);
    out.field("seconds", result.elapsedSeconds).field("attempts", result.attempts);
    out.endObject();
    return out.take();
}

std::optional<SurrogateResult> decodeResult(std::string_view text)
{
    simdjson::dom::parser parser;
    json::Element document;
    if (parser.parse(text.data(), text.size()).get(document))
        return std::nullopt;
    try {
        const auto object = json::asObject(document, "cached result");
        if (json::requiredInteger(object, "format") != kResultFormat)
            return std::nullopt;
        SurrogateResult result;
        if (const auto forecastObject = json::optionalObject(object, "forecast")) {
            Forecast forecast;
            const auto p = json::requiredArray(*forecastObject, "p");
            if (p.size() != forecast.probabilities.size())
                return std::nullopt;
            std::size_t bin = 0;
            for (auto element : p)
                forecast.probabilities[bin++] = json::asNumber(element, "p");
            // A cache is a file: a failure mass that is no probability is refused, as a damaged entry.
            forecast.failureProbability = json::optionalNumber(*forecastObject, "p_fail").value_or(0.0);
            if (!(forecast.failureProbability >= 0.0 && forecast.failureProbability <= 1.0))
                return std::nullopt;
            forecast.predictedBin = int(json::requiredInteger(*forecastObject, "predicted_bin"));
            forecast.reasoning = json::requiredString(*forecastObject, "reasoning");
            forecast.rawProbabilitySum = json::requiredNumber(*forecastObject, "raw_sum");
            forecast.source = json::requiredString(*forecastObject, "source");
            forecast.usage = readUsage(*forecastObject);
            result.outcome = std::move(forecast);
        } else if (const auto deferral = json::optionalObject(object, "deferral")) {
            result.outcome = Deferral{std::string(json::requiredString(*deferral, "reason"))};
        } else {
            return std::nullopt;
        }
        result.rationale = json::requiredString(object, "rationale");
        result.usage = readUsage(object);
        result.elapsedSeconds = json::requiredNumber(object, "seconds");
        result.attempts = int(json::requiredInteger(object, "attempts"));
        return result;
    } catch (const json::FieldError &) {
        return std::nullopt;
    }
}

} // namespace kfx::surrogate
