#include "forecastrecords.h"

#include "model/speedupbin.h"
#include "surrogate/predictionrows.h"
#include "surrogate/searchpairs.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace forecastrecords {

bool hasEmbeddedForecast(const kfx::KernelNode &node)
{
    return std::any_of(node.forecasts.begin(), node.forecasts.end(),
                       [](const kfx::Forecast &forecast) { return forecast.source == kEmbeddedSource; });
}

kfx::ComparisonPair pairFor(const kfx::Population &population, std::size_t node, std::string_view taskReference)
{
    return kfx::surrogate::searchPair(population, node, taskReference);
}

std::vector<kfx::ComparisonPair> measuredPairs(const kfx::Population &population, std::string_view taskReference)
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
    const auto document = QJsonDocument::fromJson(QByteArray::fromStdString(record.json));
    const auto row = document.object();
    if (row.isEmpty() || row.value(QStringLiteral("parse_failed")).toBool())
        return std::nullopt;
    kfx::BinProbabilities probabilities{};
    const auto bins = row.value(QStringLiteral("bin_probabilities")).toArray();
    for (const auto &entry : bins) {
        const int bin = entry.toObject().value(QStringLiteral("bin")).toInt();
        if (kfx::isForecastBin(bin))
            probabilities[static_cast<std::size_t>(bin - kfx::kFirstBin)] =
                entry.toObject().value(QStringLiteral("p")).toDouble();
    }
    const auto rawSum = row.value(QStringLiteral("raw_probability_sum"));
    auto made = kfx::makeForecast(probabilities, row.value(QStringLiteral("predicted_bin")).toInt(),
                                  row.value(QStringLiteral("reasoning")).toString().toStdString(),
                                  rawSum.isDouble() ? std::optional(rawSum.toDouble()) : std::nullopt);
    auto *forecast = std::get_if<kfx::Forecast>(&made);
    if (!forecast)
        return std::nullopt;
    forecast->source = record.source;
    return NodeForecast{record.nodeId, std::move(*forecast)};
}

std::shared_ptr<const kfx::Population> withForecasts(const kfx::Population &population,
                                                     const std::vector<NodeForecast> &forecasts)
{
    auto copy = std::make_shared<kfx::Population>(population);
    for (const auto &[id, forecast] : forecasts) {
        if (const auto index = copy->find(id))
            copy->node(*index).forecasts.push_back(forecast);
    }
    return copy;
}

} // namespace forecastrecords
