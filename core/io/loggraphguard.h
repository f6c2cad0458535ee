#pragma once

#include "jsonfields.h"
#include "model/diagnostic.h"
#include "model/population.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kfx {

// Stands before a search replay and refuses the events whose graph is a lie (issue 27): one that makes a node
// its own parent or ancestor, and a repeated evaluation_completed for one request. Each is reported with its
// file and line and not applied, as the replay treats any event that breaks its preconditions.
//
// A refused parent edge drops the whole event rather than making the node a root: the event's kernel has no
// lineage that can be true, and a root would claim it was a seed. A node introduced earlier keeps the parent it
// had, so an A-B-A loop leaves A where the log first put it. A repeated completion keeps the first: the search
// acted on it (admission, PUCT's counts), and a later one would silently rewrite a result already used.
class LogGraphGuard {
public:
    // `candidateIsRequest`: the v3 log names a candidate by its mutation request id; v2 by its child_ulid.
    LogGraphGuard(const Population &population, bool candidateIsRequest, Diagnostics &diagnostics,
                  std::string fileLabel);

    // Whether the replay may apply this event; a refusal is reported.
    bool admits(std::string_view kind, const json::Object &event, std::int64_t line);

private:
    bool admitsParent(std::string_view childId, const json::Object &event, std::int64_t line);
    bool admitsCompletion(const json::Object &event, std::int64_t line);

    const Population &m_population;
    const bool m_candidateIsRequest;
    Diagnostics &m_diagnostics;
    std::string m_label;
    std::unordered_map<std::string, std::int64_t> m_completedOn; // request id -> line of its first completion
};

} // namespace kfx
