#include "forecastsources.h"

#include <algorithm>

namespace kfx {

namespace {

bool carriesOtherSources(const KernelNode &node, std::string_view source)
{
    if (node.evaluation && node.evaluation->trustedForecast && source != kSearchLogSource)
        return true;
    return std::any_of(node.forecasts.begin(), node.forecasts.end(),
                       [source](const Forecast &forecast) { return sourceOf(forecast) != source; });
}

} // namespace

std::string_view sourceOf(const Forecast &forecast)
{
    return forecast.source.empty() ? kSearchLogSource : std::string_view(forecast.source);
}

std::vector<std::string> forecastSources(const Population &population)
{
    std::vector<std::string> sources;
    bool hasLogsOwn = false;
    const auto note = [&](std::string_view source) {
        if (source == kSearchLogSource)
            hasLogsOwn = true;
        else if (std::find(sources.begin(), sources.end(), source) == sources.end())
            sources.emplace_back(source);
    };
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        for (const auto &forecast : node.forecasts)
            note(sourceOf(forecast));
        if (node.evaluation && node.evaluation->trustedForecast)
            note(kSearchLogSource);
    }
    if (hasLogsOwn)
        sources.emplace(sources.begin(), kSearchLogSource);
    return sources;
}

std::string defaultForecastSource(const Population &population)
{
    const auto sources = forecastSources(population);
    return sources.empty() ? std::string() : sources.front();
}

std::shared_ptr<const Population> keepOnlyForecastsOf(std::shared_ptr<const Population> population,
                                                      std::string_view source)
{
    if (!population)
        return population;
    std::vector<std::size_t> mixed;
    for (std::size_t i = 0; i < population->size(); ++i) {
        if (carriesOtherSources(population->node(i), source))
            mixed.push_back(i);
    }
    if (mixed.empty())
        return population;
    auto copy = std::make_shared<Population>(*population);
    for (const auto index : mixed) {
        auto &node = copy->node(index);
        std::erase_if(node.forecasts, [source](const Forecast &forecast) { return sourceOf(forecast) != source; });
        if (node.evaluation && source != kSearchLogSource)
            node.evaluation->trustedForecast.reset();
    }
    return copy;
}

} // namespace kfx
