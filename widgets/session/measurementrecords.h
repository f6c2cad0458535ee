#pragma once

#include "model/evaluation.h"
#include "model/population.h"
#include "workspace/workspace.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

// Measurements the window made on a GPU, as the workspace keeps them (the reference's Evaluation JSON, the
// shape a search log writes) and as the tree shows them (as the evaluation of the node in a copy of the search:
// the data files are never modified). The forecasting side does the same for forecasts (forecastrecords.h).
namespace measurementrecords {

using NodeMeasurement = std::pair<std::string, kfx::EvaluationOutcome>; // node id, outcome

// Nothing for a record measured in the CPU test mode: kept in the workspace as it came, but never shown as a GPU
// measurement. kfx::json::FieldError for one that cannot be read (a workspace damaged, or written by something else).
std::optional<NodeMeasurement> measurementFromRecord(const kfx::workspace::StoredRecord &record);
// Whether an Evaluation JSON says it was measured on the CPU ("provenance": {"cpu_mode": true}).
bool isCpuTestMode(const std::string &evaluationJson);

// Makes each measured node's evaluation in `population`, a copy of the search, the new one, later ones winning
// (unknown ids are skipped). A node the search never measured (pending or deferred) becomes measured: not admitted
// to the archive on success, failed on a failure; the archive itself stays the search's.
void applyMeasurements(kfx::Population &population, const std::vector<NodeMeasurement> &measurements);

} // namespace measurementrecords
