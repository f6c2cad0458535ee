#include "searchmonitor.h"

#include <algorithm>

namespace kfx::gate {

const Forecast *searchForecastOf(const KernelNode &node)
{
    if (!node.forecasts.empty())
        return &node.forecasts.back();
    if (node.evaluation && node.evaluation->trustedForecast)
        return &*node.evaluation->trustedForecast;
    return nullptr;
}

std::vector<MeasuredForecast> measuredForecasts(const Population &population)
{
    std::vector<MeasuredForecast> measured;
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (node.status == NodeStatus::Seed || !node.evaluation)
            continue;
        if (const auto bin = node.evaluation->judgedBin())
            measured.push_back(
                {i, node.step, {*bin, node.evaluation->measuredSpeedup().value_or(0.0), searchForecastOf(node)}});
    }
    std::stable_sort(measured.begin(), measured.end(), [&](const MeasuredForecast &a, const MeasuredForecast &b) {
        const auto lineOf = [&](const MeasuredForecast &m) { return population.node(m.node).firstLine; };
        return a.step != b.step ? a.step < b.step : lineOf(a) < lineOf(b);
    });
    return measured;
}

MonitorObservation observationOf(const metrics::SelectiveRow &row, const GateSettings &gate, ErrorRule rule)
{
    if (!row.forecast)
        return {};
    GateInput input;
    input.score = metrics::confidence(gate.score, *row.forecast);
    const bool trusted = decide(input, gate.threshold).trusted();
    return {trusted, trusted && isWrong(row, rule)};
}

MonitorRun monitorMeasurements(std::span<const MeasuredForecast> measurements, const GateSettings &gate,
                               const RiskMonitorSettings &settings, ErrorRule rule)
{
    MonitorRun run{RiskMonitor(settings), std::nullopt};
    for (std::size_t i = 0; i < measurements.size(); ++i) {
        const auto observation = observationOf(measurements[i].row, gate, rule);
        if (run.monitor.observe(observation.trusted, observation.wrong))
            run.alarmIndex = i;
    }
    return run;
}

} // namespace kfx::gate
