#pragma once

#include "gate/gatepolicy.h"
#include "gate/riskcontrol.h"
#include "gate/riskmonitor.h"
#include "metrics/selectiveprediction.h"
#include "model/kernelnode.h"
#include "model/population.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace kfx::gate {

// The forecast a search itself made for a node: its last forecast, or the abstaining search's trusted one.
const Forecast *searchForecastOf(const KernelNode &node);

// One measured candidate of a search, with the search's own forecast (null when it had none).
struct MeasuredForecast {
    std::size_t node = kNoNode;
    int step = -1;
    metrics::SelectiveRow row;
};

// The search's measured candidates (the seed excepted; a kernel that failed has true bin kFailureBin) in the order
// their measurements arrived: by step, then by where the log first names them. The rows point into `population`, which
// must outlive them.
std::vector<MeasuredForecast> measuredForecasts(const Population &population);

// The risk monitor run over measurements as they arrive, each gated at `gate` (a candidate without a forecast is
// deferred).
struct MonitorRun {
    RiskMonitor monitor;
    std::optional<std::size_t> alarmIndex; // into the measurements given: the one that raised the alarm
};
MonitorRun monitorMeasurements(std::span<const MeasuredForecast> measurements, const GateSettings &gate,
                               const RiskMonitorSettings &settings, ErrorRule rule);

// Whether the gate trusts `row`'s forecast and, if so, whether it was wrong: one observation for the monitor.
struct MonitorObservation {
    bool trusted = false;
    bool wrong = false;
};
MonitorObservation observationOf(const metrics::SelectiveRow &row, const GateSettings &gate, ErrorRule rule);

} // namespace kfx::gate
