#include "forecasttable.h"

namespace kfx::replay {

ForecastTable ForecastTable::fromPredictions(std::span<const PredictionRow> rows, std::string_view surrogateLabel)
{
    ForecastTable table;
    for (const auto &row : rows) {
        if (!row.forecast || (!surrogateLabel.empty() && row.surrogateLabel != surrogateLabel))
            continue;
        table.m_answers.try_emplace(row.comparisonId, *row.forecast);
    }
    return table;
}

ForecastTable ForecastTable::fromPopulation(const Population &population)
{
    ForecastTable table;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (!node.forecasts.empty())
            table.m_answers.try_emplace(node.id, node.forecasts.front());
        else if (node.evaluation && node.evaluation->deferralReason)
            // The model's own deferral (spec §1.7) is an answer too: the gate defers it with its reason.
            table.m_answers.try_emplace(node.id, gate::Deferral{*node.evaluation->deferralReason});
    }
    return table;
}

void ForecastTable::set(std::string nodeId, gate::SurrogateAnswer answer)
{
    m_answers.insert_or_assign(std::move(nodeId), std::move(answer));
}

const gate::SurrogateAnswer *ForecastTable::find(std::string_view nodeId) const
{
    auto it = m_answers.find(std::string(nodeId));
    return it == m_answers.end() ? nullptr : &it->second;
}

} // namespace kfx::replay
