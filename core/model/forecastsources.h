#pragma once

#include "population.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace kfx {

// A search's nodes can carry forecasts from several surrogates: the log's own (what the search's surrogate said),
// and those the window added (the embedded model, an LLM server). Every view shows one of them at a time, so that
// a figure never mixes two surrogates and never depends on which one happened to answer last (issue 23).

// The log's own forecasts. The v3 replay names them so; a forecast read without a name (the abstaining search's
// trusted estimate) is the log's own too.
inline constexpr std::string_view kSearchLogSource = "search log";
std::string_view sourceOf(const Forecast &forecast);

// The sources whose forecasts the nodes carry: the log's own first, the others in the order they first appear.
std::vector<std::string> forecastSources(const Population &population);
// What is shown when nobody chose: the log's own when it has any, else the first source; empty when none has.
std::string defaultForecastSource(const Population &population);

// The population as one source sees it: each node keeps that source's forecasts only, and the trusted estimate
// of an abstaining search stays only for the log's own. `population` itself when that drops nothing.
std::shared_ptr<const Population> keepOnlyForecastsOf(std::shared_ptr<const Population> population,
                                                      std::string_view source);
// The same, in place, for a copy that is made anyway.
void keepOnlyForecastsOf(Population &population, std::string_view source);

} // namespace kfx
