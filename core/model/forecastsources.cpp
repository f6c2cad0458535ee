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
    bool mixed = false;
    for (std::size_t i = 0; i < population->size() && !mixed; ++i)
        mixed = carriesOtherSources(population->node(i), source);
    if (!mixed)
        return population;
    auto copy = std::make_shared<Population>(*population);
    keepOnlyForecastsOf(*copy, source);
    return copy;
}

void keepOnlyForecastsOf(Population &population, std::string_view source)
{
    for (std::size_t i = 0; i < population.size(); ++i) {
        auto &node = population.node(i);
        if (!carriesOtherSources(node, source))
            continue;
        std::erase_if(node.forecasts, [source](const Forecast &forecast) { return sourceOf(forecast) != source; });
        if (node.evaluation && source != kSearchLogSource)
            node.evaluation->trustedForecast.reset();
    }
}

} // namespace kfx
