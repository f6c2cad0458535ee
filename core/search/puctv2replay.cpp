#include "puctv2replay.h"

#include "puct.h"

#include <algorithm>

namespace kfx {

bool PuctV2Replay::applyKind(std::string_view kind, const json::Object &event, std::int64_t line)
{
    if (kind == "step_started")
        onStepStarted(event, line);
    else if (kind == "mutation_requested")
        onMutationRequested(event, line);
    else if (kind == "mutation_completed")
        onMutationCompleted(event, line);
    else if (kind == "mutation_failed")
        onMutationFailed(event, line);
    else if (kind == "evaluation_requested")
        onEvaluationRequested(event, line);
    else if (kind == "evaluation_completed")
        onEvaluationCompleted(event, line);
    else if (kind == "evaluation_failed")
        onEvaluationFailed(event, line);
    else if (kind == "step_completed")
        onStepCompleted(event, line);
    else
        return false;
    return true;
}

void PuctV2Replay::onStepStarted(const json::Object &event, std::int64_t line)
{
    m_stepParents = startStep(event, line).parents;
    m_mutations.clear();
    m_children.clear();
    m_childByRequest.clear();
}

void PuctV2Replay::onMutationRequested(const json::Object &event, std::int64_t line)
{
    const auto parent = referencedNode(json::requiredString(event, "parent_ulid"), line, "parent");
    m_mutations[std::string(json::requiredString(event, "request_id"))] = {parent, false};
}

void PuctV2Replay::onMutationCompleted(const json::Object &event, std::int64_t line)
{
    const auto requestId = json::requiredString(event, "request_id");
    json::requiredString(event, "code");
    auto it = m_mutations.find(std::string(requestId));
    if (it == m_mutations.end()) {
        report(line, "mutation_completed for unknown mutation request " + std::string(requestId));
        return;
    }
    it->second.completed = true;
}

void PuctV2Replay::onMutationFailed(const json::Object &event, std::int64_t line)
{
    const auto requestId = std::string(json::requiredString(event, "request_id"));
    const auto reason = std::string(json::requiredString(event, "reason"));
    ++m_population.counters.mutationFailures;
    auto it = m_mutations.find(requestId);
    if (it == m_mutations.end()) {
        report(line, "mutation_failed for unknown mutation request " + requestId);
        return;
    }
    m_population.failedMutations.push_back({it->second.parent, m_openStep, reason, line});
    m_mutations.erase(it);
}

void PuctV2Replay::onEvaluationRequested(const json::Object &event, std::int64_t line)
{
    const auto requestId = std::string(json::requiredString(event, "request_id"));
    const auto childId = json::requiredString(event, "child_ulid");
    const auto parent = referencedNode(json::requiredString(event, "parent_ulid"), line, "parent");
    auto code = json::requiredString(event, "code");
    const auto mutation = json::optionalString(event, "from_mutation_request_id");
    const auto index = addCandidate(childId, parent, m_openStep, line);
    if (!index)
        return;
    if (mutation)
        m_mutations.erase(std::string(*mutation));

    auto &node = m_population.node(*index);
    setCode(node, code);
    // A child requested twice in one step (under two request ids) is still one child of the step.
    if (m_childByRequest.emplace(requestId, *index).second && std::ranges::find(m_children, *index) == m_children.end())
        m_children.push_back(*index);
}

std::optional<std::size_t> PuctV2Replay::pendingChild(std::string_view requestId, std::int64_t line)
{
    auto it = m_childByRequest.find(std::string(requestId));
    if (it == m_childByRequest.end()) {
        report(line, "no evaluation request " + std::string(requestId) + " is open in this step");
        return std::nullopt;
    }
    return it->second;
}

void PuctV2Replay::onEvaluationCompleted(const json::Object &event, std::int64_t line)
{
    const auto requestId = json::requiredString(event, "request_id");
    json::requiredObject(event, "evaluation");
    auto child = pendingChild(requestId, line);
    if (!child) {
        // The reference's summary counts every evaluation_completed event, attached or not.
        ++m_population.counters.evaluationsCompleted;
        return;
    }
    recordEvaluation(*child, event);
}

void PuctV2Replay::onEvaluationFailed(const json::Object &event, std::int64_t line)
{
    const auto requestId = json::requiredString(event, "request_id");
    auto reason = std::string(json::requiredString(event, "reason"));
    ++m_population.counters.evaluationFailures;
    if (auto child = pendingChild(requestId, line)) {
        markFailed(*child, FailureStage::Evaluation, std::move(reason));
        markCached(*child, event);
    }
}

void PuctV2Replay::onStepCompleted(const json::Object &event, std::int64_t line)
{
    const int step = readStep(event);
    if (step != m_openStep)
        report(line, "step_completed for step " + std::to_string(step) + " but the open step is "
                         + std::to_string(m_openStep));
    std::vector<puct::StepChild> children;
    for (auto index : m_children) {
        const auto &node = m_population.node(index);
        // Failed or unfinished evaluations, and children of evicted parents, never reach the archive.
        if (node.status == NodeStatus::Failed && node.failureStage == FailureStage::Evaluation)
            continue;
        if (!node.evaluation || !m_population.node(node.parent).inArchive)
            continue;
        children.push_back({index, node.parent});
    }
    puct::finalizeStep(m_population, m_stepParents, children, m_options);
    for (auto index : m_children) {
        auto &node = m_population.node(index);
        if (node.status == NodeStatus::Pending && node.evaluation)
            node.status = NodeStatus::NotAdmitted; // measured, but its parent had left the archive
    }
    ++m_population.counters.stepsCompleted;
    completeStep(step);
    m_stepParents.clear();
    m_mutations.clear();
    m_children.clear();
    m_childByRequest.clear();
}

} // namespace kfx
