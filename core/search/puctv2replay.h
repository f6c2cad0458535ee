#pragma once

#include "searchreplay.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace kfx {

// The standard search's log (spec §3.6): mutation and evaluation requests have their own ids; a node's id is
// the child_ulid pinned when its evaluation is requested.
class PuctV2Replay final : public SearchReplay {
public:
    using SearchReplay::SearchReplay;

private:
    bool applyKind(std::string_view kind, const json::Object &event, std::int64_t line) override;

    void onStepStarted(const json::Object &event, std::int64_t line);
    void onMutationRequested(const json::Object &event, std::int64_t line);
    void onMutationCompleted(const json::Object &event, std::int64_t line);
    void onMutationFailed(const json::Object &event, std::int64_t line);
    void onEvaluationRequested(const json::Object &event, std::int64_t line);
    void onEvaluationCompleted(const json::Object &event, std::int64_t line);
    void onEvaluationFailed(const json::Object &event, std::int64_t line);
    void onStepCompleted(const json::Object &event, std::int64_t line);
    std::optional<std::size_t> pendingChild(std::string_view requestId, std::int64_t line);

    struct MutationInFlight {
        std::size_t parent = kNoNode;
        bool completed = false;
    };
    // Per-step buffers, cleared when a step starts or completes, as in the reference's state.
    std::vector<std::size_t> m_stepParents;
    std::unordered_map<std::string, MutationInFlight> m_mutations;
    std::vector<std::size_t> m_children; // in evaluation_requested order
    std::unordered_map<std::string, std::size_t> m_childByRequest;
};

} // namespace kfx
