#include "measurementrecords.h"

#include "io/recordjson.h"

#include <simdjson.h>

namespace measurementrecords {

std::optional<NodeMeasurement> measurementFromRecord(const kfx::workspace::StoredRecord &record)
{
    const simdjson::padded_string text(record.json);
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    if (const auto error = parser.parse(text).get(root))
        throw kfx::json::FieldError(std::string("invalid JSON (") + simdjson::error_message(error) + ")");
    if (!root.is_object())
        throw kfx::json::FieldError("expected a JSON object");
    if (isCpuTestMode(record.json))
        return std::nullopt;
    return NodeMeasurement{record.nodeId, kfx::json::readEvaluation(root.get_object().value_unsafe())};
}

bool isCpuTestMode(const std::string &evaluationJson)
{
    const simdjson::padded_string text(evaluationJson);
    simdjson::dom::parser parser;
    bool cpuMode = false;
    return parser.parse(text)["provenance"]["cpu_mode"].get(cpuMode) == simdjson::SUCCESS && cpuMode;
}

void applyMeasurements(kfx::Population &population, const std::vector<NodeMeasurement> &measurements)
{
    for (const auto &[id, outcome] : measurements) {
        const auto index = population.find(id);
        if (!index)
            continue;
        auto &node = population.node(*index);
        node.evaluation = outcome;
        if (node.status == kfx::NodeStatus::Pending || node.status == kfx::NodeStatus::Deferred
            || node.status == kfx::NodeStatus::Failed) {
            node.status = outcome.succeeded() ? kfx::NodeStatus::NotAdmitted : kfx::NodeStatus::Failed;
            node.failureStage = outcome.succeeded() ? kfx::FailureStage::None : kfx::FailureStage::Outcome;
            node.failureReason = outcome.succeeded() ? std::string() : outcome.message;
        } else if (node.status == kfx::NodeStatus::NotAdmitted && !outcome.succeeded()) {
            node.status = kfx::NodeStatus::Failed;
            node.failureStage = kfx::FailureStage::Outcome;
            node.failureReason = outcome.message;
        }
    }
}

} // namespace measurementrecords
