#include "predictionrows.h"

#include "io/jsonwriter.h"
#include "model/speedupbin.h"

namespace kfx::surrogate {

PredictionRow predictionRow(const ComparisonPair &pair, const std::string &surrogateLabel, int repeat,
                            const SurrogateResult &result)
{
    PredictionRow row;
    row.comparisonId = pair.id;
    row.pack = pair.pack;
    row.surrogateLabel = surrogateLabel;
    row.repeat = repeat;
    row.usage = result.usage;
    row.elapsedSeconds = result.elapsedSeconds;
    if (const auto *forecast = std::get_if<Forecast>(&result.outcome)) {
        row.forecast = *forecast;
        row.forecast->source = surrogateLabel;
        row.forecast->repeat = repeat;
    } else if (const auto *deferral = std::get_if<Deferral>(&result.outcome)) {
        row.parseFailed = true;
        row.parseError = "deferred: " + deferral->reason;
    } else {
        row.parseFailed = true;
        row.parseError = std::get<SurrogateFailure>(result.outcome).reason;
    }
    return row;
}

std::string predictionRowJson(const PredictionRow &row, const SecretRedactor &redactor)
{
    JsonWriter writer;
    writer.beginObject().field("comparison_id", row.comparisonId).field("pack", row.pack);
    writer.field("surrogate_label", row.surrogateLabel).field("repeat", row.repeat).key("predicted_bin");
    if (row.forecast)
        writer.value(row.forecast->predictedBin);
    else
        writer.null();
    writer.key("bin_probabilities").beginArray();
    if (row.forecast) {
        for (int bin = kFirstBin; bin <= kLastBin; ++bin)
            writer.beginObject().field("bin", bin).field("p", row.forecast->probabilityOf(bin)).endObject();
    }
    writer.endArray().field("reasoning", row.forecast ? row.forecast->reasoning : std::string());
    writer.key("raw_probability_sum");
    if (row.forecast)
        writer.value(row.forecast->rawProbabilitySum);
    else
        writer.null();
    // kfx's own key, as in a search log (searchdriver's writeForecast): the search-aware forecaster's failure mass,
    // which the gate reads, must survive the workspace's rows. Left out where it is 0, so other surrogates' rows
    // stay the published format to the byte.
    if (row.forecast && row.forecast->failureProbability != 0.0)
        writer.field("failure_probability", row.forecast->failureProbability);
    writer.field("parse_failed", row.parseFailed).key("parse_error");
    if (row.parseFailed)
        writer.value(row.parseError);
    else
        writer.null();
    writer.key("input_tokens");
    if (row.usage)
        writer.value(row.usage->inputTokens);
    else
        writer.null();
    writer.key("output_tokens");
    if (row.usage)
        writer.value(row.usage->outputTokens);
    else
        writer.null();
    writer.field("elapsed_s", row.elapsedSeconds).endObject();
    return redactor.redact(writer.text());
}

} // namespace kfx::surrogate
