#include "loggraphguard.h"

#include <algorithm>

namespace kfx {

namespace {

bool descendsFrom(const Population &population, std::size_t node, std::size_t ancestor)
{
    const auto lineage = population.ancestors(node);
    return std::ranges::find(lineage, ancestor) != lineage.end();
}

} // namespace

LogGraphGuard::LogGraphGuard(const Population &population, bool candidateIsRequest, Diagnostics &diagnostics,
                             std::string fileLabel)
    : m_population(population)
    , m_candidateIsRequest(candidateIsRequest)
    , m_diagnostics(diagnostics)
    , m_label(std::move(fileLabel))
{
}

bool LogGraphGuard::admits(std::string_view kind, const json::Object &event, std::int64_t line)
{
    if (kind == "evaluation_completed")
        return admitsCompletion(event, line);
    // The events that make a candidate a child of its parent.
    if (!m_candidateIsRequest && kind == "evaluation_requested")
        return admitsParent(json::requiredString(event, "child_ulid"), event, line);
    if (m_candidateIsRequest && kind == "mutation_requested")
        return admitsParent(json::requiredString(event, "request_id"), event, line);
    return true;
}

bool LogGraphGuard::admitsParent(std::string_view childId, const json::Object &event, std::int64_t line)
{
    const auto parentId = json::requiredString(event, "parent_ulid");
    const auto child = m_population.find(childId);
    const auto parent = m_population.find(parentId);
    if (childId == parentId) {
        m_diagnostics.push_back({m_label, line,
                                 "node " + std::string(childId)
                                     + " names itself as its parent; the event is ignored (a lineage cannot loop)",
                                 Severity::Warning});
        return false;
    }
    if (child && parent && descendsFrom(m_population, *parent, *child)) {
        m_diagnostics.push_back({m_label, line,
                                 "node " + std::string(childId) + " would become a child of " + std::string(parentId)
                                     + ", which descends from it; the event is ignored (a lineage cannot loop)",
                                 Severity::Warning});
        return false;
    }
    return true;
}

bool LogGraphGuard::admitsCompletion(const json::Object &event, std::int64_t line)
{
    const auto requestId = json::requiredString(event, "request_id");
    const auto [first, inserted] = m_completedOn.try_emplace(std::string(requestId), line);
    if (inserted)
        return true;
    m_diagnostics.push_back({m_label, line,
                             "evaluation_completed for request " + std::string(requestId) + " repeats the one on line "
                                 + std::to_string(first->second) + "; the first is kept and this one ignored",
                             Severity::Warning});
    return false;
}

} // namespace kfx
