#pragma once

#include "model/comparisonpair.h"
#include "model/population.h"
#include "surrogate/surrogate.h"
#include "workspace/workspace.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Forecasts the window made, as the workspace keeps them (rows of the published predictions schema, so that a
// workspace's forecasts can be scored like any predictions file) and as the window holds them, beside the search
// (SearchWithForecasts: the data files are never modified).
namespace forecastrecords {

using NodeForecast = std::pair<std::string, kfx::Forecast>; // node id, forecast

// The source of the forecasts the window's embedded surrogate makes, pretrained or trained here.
inline constexpr std::string_view kEmbeddedSource = "embedded";
// The source of an LLM server's forecasts: "llm:" and the model's name.
inline std::string llmSource(const std::string &model)
{
    return "llm:" + model;
}
// The comparison a surrogate is asked about for one kernel of a search, as kfx::surrogate::searchPair makes it:
// against the code of its task's reference where known (`taskReference`), else the search's own reference.
kfx::ComparisonPair pairFor(const kfx::Population &population, std::size_t node, const kfx::SharedText &taskReference);
// Every measured candidate as a training pair.
std::vector<kfx::ComparisonPair> measuredPairs(const kfx::Population &population, const kfx::SharedText &taskReference);

// The prediction row of one answer; the embedded model's rationale becomes the forecast's reasoning when the
// forecast has none of its own, so that it is kept and shown.
std::string recordJson(const kfx::ComparisonPair &pair, const std::string &surrogateLabel,
                       kfx::surrogate::SurrogateResult result);
// Nothing for rows that hold no forecast (deferrals, failures); kfx::json::FieldError for one that cannot be read.
std::optional<NodeForecast> forecastFromRecord(const kfx::workspace::StoredRecord &record);

} // namespace forecastrecords
