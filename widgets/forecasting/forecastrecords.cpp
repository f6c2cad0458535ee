#include "forecastrecords.h"

#include "model/speedupbin.h"
#include "surrogate/predictionrows.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace forecastrecords {

namespace {

// The code a search's candidates are measured against: the log's stated reference, else its seed's code.
std::string referenceCode(const kfx::Population &population, std::size_t node)
{
    if (!population.context.seedReferenceCode.empty())
        return population.context.seedReferenceCode;
    auto root = node;
    while (population.node(root).parent != kfx::kNoNode)
        root = population.node(root).parent;
    return population.node(root).code;
}

} // namespace

kfx::ComparisonPair pairFor(const kfx::Population &population, std::size_t node)
{
    const auto &kernel = population.node(node);
    kfx::ComparisonPair pair;
    pair.origin = kfx::PairOrigin::DiscoveryPair;
    pair.id = kernel.id;
    pair.pack = population.context.opName.empty() ? std::string("search") : population.context.opName;
    pair.referenceCode = referenceCode(population, node);
    pair.candidateCode = kernel.code;
    pair.hardware = population.context.hardware;
    if (pair.hardware)
        pair.hardwareName = pair.hardware->deviceName;
    if (const auto speedup = kernel.evaluation ? kernel.evaluation->measuredSpeedup() : std::nullopt) {
        pair.speedup = *speedup;
        pair.trueBin = kfx::trySpeedupBinFor(*speedup).value_or(0);
    }
    pair.childNodeId = kernel.id;
    if (kernel.parent != kfx::kNoNode)
        pair.parentNodeId = population.node(kernel.parent).id;
    return pair;
}

std::vector<kfx::ComparisonPair> measuredPairs(const kfx::Population &population)
{
    std::vector<kfx::ComparisonPair> pairs;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status == kfx::NodeStatus::Seed || node.code.empty())
            continue;
        auto pair = pairFor(population, i);
        if (pair.trueBin != 0)
            pairs.push_back(std::move(pair));
    }
    return pairs;
}

std::string recordJson(const kfx::ComparisonPair &pair, const std::string &surrogateLabel,
                       kfx::surrogate::SurrogateResult result)
{
    if (auto *forecast = std::get_if<kfx::Forecast>(&result.outcome); forecast && forecast->reasoning.empty())
        forecast->reasoning = result.rationale;
    return kfx::surrogate::predictionRowJson(kfx::surrogate::predictionRow(pair, surrogateLabel, 0, result));
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
    // The copied views point into the original's nodes; the copy's own code must back its duplicate check.
    copy->archivedCode.clear();
    for (const auto member : copy->archive)
        copy->archivedCode.insert(copy->node(member).code);
    for (const auto &[id, forecast] : forecasts) {
        if (const auto index = copy->find(id))
            copy->node(*index).forecasts.push_back(forecast);
    }
    return copy;
}

} // namespace forecastrecords
