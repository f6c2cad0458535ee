#include "searchwithforecasts.h"

#include "model/forecastsources.h"

#include <algorithm>

SearchWithForecasts::SearchWithForecasts(std::shared_ptr<const kfx::Population> search, std::vector<Batch> added)
    : m_search(std::move(search))
    , m_added(std::move(added))
{
    if (!m_search)
        return;
    m_sources = kfx::forecastSources(*m_search);
    for (const auto &batch : m_added) {
        for (const auto &[id, forecast] : *batch) {
            const auto source = kfx::sourceOf(forecast);
            if (std::find(m_sources.begin(), m_sources.end(), source) == m_sources.end())
                m_sources.emplace_back(source);
            auto by = m_addedBy.find(source);
            if (by == m_addedBy.end())
                by = m_addedBy.emplace(std::string(source), std::vector<bool>(m_search->size())).first;
            if (const auto index = m_search->find(id))
                by->second[*index] = true;
        }
    }
}

bool SearchWithForecasts::adds(std::string_view source) const
{
    return m_addedBy.find(source) != m_addedBy.end();
}

std::vector<bool> SearchWithForecasts::forecastBy(std::string_view source) const
{
    if (!m_search)
        return {};
    const auto added = m_addedBy.find(source);
    auto forecast = added == m_addedBy.end() ? std::vector<bool>(m_search->size()) : added->second;
    for (std::size_t i = 0; i < m_search->size(); ++i) {
        const auto &forecasts = m_search->node(i).forecasts;
        forecast[i] = forecast[i]
            || std::any_of(forecasts.begin(), forecasts.end(),
                           [source](const kfx::Forecast &own) { return kfx::sourceOf(own) == source; });
    }
    return forecast;
}

std::shared_ptr<const kfx::Population> SearchWithForecasts::seenBy(std::string_view source) const
{
    if (!m_search || !adds(source))
        return kfx::keepOnlyForecastsOf(m_search, source);
    // One copy, dropped and added to in place.
    auto copy = std::make_shared<kfx::Population>(*m_search);
    kfx::keepOnlyForecastsOf(*copy, source);
    for (const auto &batch : m_added) {
        for (const auto &[id, forecast] : *batch) {
            if (kfx::sourceOf(forecast) != source)
                continue;
            if (const auto index = copy->find(id))
                copy->node(*index).forecasts.push_back(forecast);
        }
    }
    return copy;
}
