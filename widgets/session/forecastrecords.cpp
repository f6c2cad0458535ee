#include "forecastrecords.h"

#include "io/fileloader.h"
#include "surrogate/predictionrows.h"
#include "surrogate/searchpairs.h"

namespace forecastrecords {

kfx::ComparisonPair pairFor(const kfx::Population &population, std::size_t node, const kfx::SharedText &taskReference)
{
    return kfx::surrogate::searchPair(population, node, taskReference);
}

std::vector<kfx::ComparisonPair> measuredPairs(const kfx::Population &population, const kfx::SharedText &taskReference)
{
    return kfx::surrogate::measuredSearchPairs(population, {}, taskReference);
}

std::string recordJson(const kfx::ComparisonPair &pair, const std::string &surrogateLabel,
                       kfx::surrogate::SurrogateResult result)
{
    if (auto *forecast = std::get_if<kfx::Forecast>(&result.outcome); forecast && forecast->reasoning.empty())
        forecast->reasoning = result.rationale;
    // An LLM surrogate's result comes redacted of its key already (LlmSurrogate); this redacts credential headers.
    return kfx::surrogate::predictionRowJson(kfx::surrogate::predictionRow(pair, surrogateLabel, 0, result),
                                             kfx::surrogate::SecretRedactor());
}

std::optional<NodeForecast> forecastFromRecord(const kfx::workspace::StoredRecord &record)
{
    // Read by the same reader as a predictions file (simdjson): through QJsonDocument, reopening a search of
    // 80,000 kernels spent 1.1 s on the GUI thread here.
    auto row = kfx::readPredictionRowText(record.json);
    if (row.parseFailed || !row.forecast)
        return std::nullopt;
    row.forecast->source = record.source;
    return NodeForecast{record.nodeId, std::move(*row.forecast)};
}

} // namespace forecastrecords
