#pragma once

#include "evaluation.h"
#include "forecast.h"
#include "language.h"
#include "sharedtext.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kfx {

enum class NodeStatus {
    Seed,        // the search's root
    Evaluated,   // measured successfully and admitted to the archive
    NotAdmitted, // measured successfully but kept out of the archive (k per parent, duplicate code, capacity)
    Failed,      // the mutation, forecast or evaluation failed, or the kernel did not compile/run/match
    Pending,     // mentioned, but its work had not finished when the log ends
    Deferred,    // forecast and not selected for measurement (surrogate-filtered search)
    Evicted,     // admitted once, removed later when the archive outgrew its capacity
    Placeholder, // referenced as a parent but never described: kept so a lineage never breaks
};

std::string_view nodeStatusName(NodeStatus status);

// Where in the candidate's life a failure happened.
enum class FailureStage { None, Mutation, Forecast, Evaluation, Outcome };

inline constexpr std::size_t kNoNode = static_cast<std::size_t>(-1);

// One kernel of a search: the seed or a candidate, whatever became of it.
struct KernelNode {
    std::string id; // a ULID (the v2 child_ulid, the v3 request_id, or the root's ulid)
    std::size_t parent = kNoNode;
    std::vector<std::size_t> children;
    SharedText code; // shared by the copies of a search (SharedText says why)
    KernelLanguage language = KernelLanguage::Other;
    int step = -1; // -1 for the seed
    NodeStatus status = NodeStatus::Pending;
    FailureStage failureStage = FailureStage::None;
    std::string failureReason; // mutation_failed / forecast_failed / evaluation_failed reason
    std::optional<EvaluationOutcome> evaluation;
    // The evaluation (or evaluation_failed) is an earlier measurement of the same kernel, taken again at no GPU
    // cost (the event's "cached": true, issue 24).
    bool cached = false;
    std::vector<Forecast> forecasts;
    std::optional<double> selectionScore; // v3 candidate_selected / candidate_deferred
    bool inArchive = false;
    bool everInArchive = false;
    std::int64_t firstLine = 0; // the log line that first names the node, to point back at the data

    std::optional<double> reward() const { return evaluation ? evaluation->reward : std::nullopt; }
};

} // namespace kfx
