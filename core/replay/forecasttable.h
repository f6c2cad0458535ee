#pragma once

#include "gate/gatepolicy.h"
#include "model/comparisonpair.h"
#include "model/population.h"

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kfx::replay {

// The surrogate's answer for each candidate kernel, by node id: what a counterfactual replay consults before
// it decides what to measure. A kernel with no entry, or a parse failure, has no answer.
class ForecastTable {
public:
    // Prediction rows whose comparison_id is a node id; the first row per node wins (repeat 0 first in the
    // published files), and one surrogate label only, when given.
    static ForecastTable fromPredictions(std::span<const PredictionRow> rows, std::string_view surrogateLabel = {});
    // The forecasts a log carries itself (v3 forecast_completed), first per node, and the model's deferrals.
    static ForecastTable fromPopulation(const Population &population);

    void set(std::string nodeId, gate::SurrogateAnswer answer);
    const gate::SurrogateAnswer *find(std::string_view nodeId) const;
    std::size_t size() const { return m_answers.size(); }

private:
    std::unordered_map<std::string, gate::SurrogateAnswer> m_answers;
};

} // namespace kfx::replay
