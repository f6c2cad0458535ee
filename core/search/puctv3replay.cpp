#include "puctv3replay.h"

#include "io/recordjson.h"
#include "model/speedupbin.h"
#include "puct.h"

#include <algorithm>
#include <sstream>

namespace kfx {

namespace {
std::string_view phaseName(int phase)
{
    static constexpr std::string_view names[] = {"mutating",      "awaiting_forecast", "forecasting",
                                                 "awaiting_selection", "awaiting_eval", "evaluating", "settled"};
    return names[phase];
}

// Both of the reference's selection rules score a forecast within its bins (spec §2.5: Σ b·p_b, or the predicted
// bin), kfx's failure bin 0 adding nothing; the probabilities sum to 1 within 1e-6 (spec §1.3). A score of -1 or
// 1e300 was shown as written (issue 27).
double readSelectionScore(const json::Object &event)
{
    constexpr double largest = kLastBin * (1.0 + 1e-6);
    const double score = json::requiredNumber(event, "selection_score");
    if (score >= 0.0 && score <= largest)
        return score;
    std::ostringstream message;
    message << "\"selection_score\": " << score << " is outside [0, " << kLastBin
            << "], where every selection rule scores";
    throw json::FieldError(message.str());
}
} // namespace

bool PuctV3Replay::applyKind(std::string_view kind, const json::Object &event, std::int64_t line)
{
    if (kind == "step_started")
        onStepStarted(event, line);
    else if (kind == "mutation_requested")
        onMutationRequested(event, line);
    else if (kind == "mutation_completed")
        onMutationCompleted(event, line);
    else if (kind == "mutation_failed")
        onMutationFailed(event, line);
    else if (kind == "forecast_requested")
        onForecastRequested(event, line);
    else if (kind == "forecast_completed")
        onForecastCompleted(event, line);
    else if (kind == "forecast_failed")
        onForecastFailed(event, line);
    else if (kind == "candidate_selected" || kind == "candidate_deferred")
        onSelection(event, line, kind == "candidate_selected");
    else if (kind == "evaluation_requested")
        onEvaluationRequested(event, line);
    else if (kind == "evaluation_completed")
        onEvaluationCompleted(event, line);
    else if (kind == "evaluation_failed")
        onEvaluationFailed(event, line);
    else if (kind == "mutations_drained" || kind == "forecasts_drained" || kind == "evaluations_drained")
        onDrained(event, line, kind);
    else if (kind == "step_completed")
        onStepCompleted(event, line);
    else
        return false;
    return true;
}

void PuctV3Replay::onStepStarted(const json::Object &event, std::int64_t line)
{
    // Every v3 writer gives the parents' PUCT scores (spec §3.7); without this, a renamed key lost them without a
    // word (issue 27). The step itself is whole, so it is replayed.
    if (!json::hasField(event, "selected_parent_scores"))
        report(line,
               "step_started has no selected_parent_scores, which every v3 log writes; the parents' scores "
               "are unknown");
    const auto &record = startStep(event, line);
    m_parents.clear();
    for (auto parent : record.parents)
        m_parents.push_back({parent, ParentPhase::MutatingForecasting, false, {}, {}});
}

PuctV3Replay::ParentInStep *PuctV3Replay::parentInStep(const json::Object &event, std::int64_t line,
                                                       std::string_view kind)
{
    const auto parentId = json::requiredString(event, "parent_ulid");
    for (auto &record : m_parents) {
        if (m_population.node(record.parent).id == parentId)
            return &record;
    }
    report(line, std::string(kind) + ": parent " + std::string(parentId) + " is not in the current step");
    return nullptr;
}

PuctV3Replay::Candidate *PuctV3Replay::candidateIn(const json::Object &event, std::int64_t line,
                                                   std::string_view kind, std::initializer_list<Phase> expected)
{
    const auto requestId = std::string(json::requiredString(event, "request_id"));
    auto *parent = parentInStep(event, line, kind);
    if (!parent)
        return nullptr;
    auto it = parent->candidates.find(requestId);
    if (it == parent->candidates.end()) {
        report(line, std::string(kind) + ": no candidate " + requestId + " under parent "
                         + m_population.node(parent->parent).id);
        return nullptr;
    }
    if (std::find(expected.begin(), expected.end(), it->second.phase) == expected.end()) {
        std::string wanted;
        for (auto phase : expected)
            wanted += (wanted.empty() ? "" : " or ") + std::string(phaseName(int(phase)));
        report(line, std::string(kind) + ": candidate " + requestId + " is "
                         + std::string(phaseName(int(it->second.phase))) + ", expected " + wanted);
        return nullptr;
    }
    return &it->second;
}

void PuctV3Replay::setCandidateCode(Candidate &candidate, const json::Object &event)
{
    auto &node = m_population.node(candidate.node);
    const auto code = json::requiredString(event, "code");
    // forecast_requested repeats the code mutation_completed carried. Comparing is a read; copying and
    // language-detecting it again cost up to 5 % of the time a gigabyte log took to read.
    if (node.code == code)
        return;
    setCode(node, code);
}

void PuctV3Replay::onMutationRequested(const json::Object &event, std::int64_t line)
{
    const auto requestId = std::string(json::requiredString(event, "request_id"));
    auto *parent = parentInStep(event, line, "mutation_requested");
    if (!parent)
        return;
    const auto node = addCandidate(requestId, parent->parent, m_openStep, line);
    if (!node)
        return;
    if (!parent->candidates.contains(requestId))
        parent->order.push_back(requestId);
    parent->candidates[requestId] = {*node, Phase::Mutating, Settlement::None};
}

void PuctV3Replay::onMutationCompleted(const json::Object &event, std::int64_t line)
{
    if (auto *candidate = candidateIn(event, line, "mutation_completed", {Phase::Mutating})) {
        setCandidateCode(*candidate, event);
        candidate->phase = Phase::AwaitingForecast;
    }
}

void PuctV3Replay::onMutationFailed(const json::Object &event, std::int64_t line)
{
    auto reason = std::string(json::requiredString(event, "reason"));
    if (auto *candidate = candidateIn(event, line, "mutation_failed", {Phase::Mutating})) {
        ++m_population.counters.mutationFailures;
        candidate->phase = Phase::Settled;
        candidate->settlement = Settlement::MutationFailed;
        markFailed(candidate->node, FailureStage::Mutation, std::move(reason));
    }
}

void PuctV3Replay::onForecastRequested(const json::Object &event, std::int64_t line)
{
    if (auto *candidate =
            candidateIn(event, line, "forecast_requested", {Phase::AwaitingForecast, Phase::Forecasting})) {
        setCandidateCode(*candidate, event);
        candidate->phase = Phase::Forecasting;
    }
}

void PuctV3Replay::onForecastCompleted(const json::Object &event, std::int64_t line)
{
    auto forecast = json::readForecast(json::requiredObject(event, "forecast"));
    forecast.source = "search log";
    if (auto usage = json::optionalObject(event, "llm_usage"))
        forecast.usage = json::readTokenUsage(*usage);
    if (auto *candidate =
            candidateIn(event, line, "forecast_completed", {Phase::AwaitingForecast, Phase::Forecasting})) {
        ++m_population.counters.forecastsCompleted;
        candidate->phase = Phase::AwaitingSelection;
        m_population.node(candidate->node).forecasts.push_back(std::move(forecast));
    }
}

void PuctV3Replay::onForecastFailed(const json::Object &event, std::int64_t line)
{
    auto reason = std::string(json::requiredString(event, "reason"));
    if (auto *candidate =
            candidateIn(event, line, "forecast_failed", {Phase::AwaitingForecast, Phase::Forecasting})) {
        ++m_population.counters.forecastsFailed;
        candidate->phase = Phase::Settled;
        candidate->settlement = Settlement::ForecastFailed;
        markFailed(candidate->node, FailureStage::Forecast, std::move(reason));
    }
}

void PuctV3Replay::onSelection(const json::Object &event, std::int64_t line, bool selected)
{
    const double score = readSelectionScore(event);
    const auto kind = selected ? "candidate_selected" : "candidate_deferred";
    auto *candidate = candidateIn(event, line, kind, {Phase::AwaitingSelection});
    if (!candidate)
        return;
    parentInStep(event, line, kind)->phase = ParentPhase::Evaluating;
    auto &node = m_population.node(candidate->node);
    node.selectionScore = score;
    if (selected) {
        ++m_population.counters.selected;
        candidate->phase = Phase::AwaitingEval;
    } else {
        ++m_population.counters.deferred;
        candidate->phase = Phase::Settled;
        candidate->settlement = Settlement::Deferred;
        node.status = NodeStatus::Deferred;
    }
}

void PuctV3Replay::onEvaluationRequested(const json::Object &event, std::int64_t line)
{
    if (auto *candidate =
            candidateIn(event, line, "evaluation_requested", {Phase::AwaitingEval, Phase::Evaluating}))
        candidate->phase = Phase::Evaluating;
}

void PuctV3Replay::onEvaluationCompleted(const json::Object &event, std::int64_t line)
{
    json::requiredObject(event, "evaluation");
    if (auto *candidate = candidateIn(event, line, "evaluation_completed", {Phase::Evaluating})) {
        candidate->phase = Phase::Settled;
        candidate->settlement = Settlement::Evaluated;
        recordEvaluation(candidate->node, event);
    }
}

void PuctV3Replay::onEvaluationFailed(const json::Object &event, std::int64_t line)
{
    auto reason = std::string(json::requiredString(event, "reason"));
    if (auto *candidate = candidateIn(event, line, "evaluation_failed", {Phase::Evaluating})) {
        ++m_population.counters.evaluationFailures;
        candidate->phase = Phase::Settled;
        candidate->settlement = Settlement::EvalFailed;
        markFailed(candidate->node, FailureStage::Evaluation, std::move(reason));
        markCached(candidate->node, event);
    }
}

void PuctV3Replay::onDrained(const json::Object &event, std::int64_t line, std::string_view kind)
{
    auto *parent = parentInStep(event, line, kind);
    if (!parent)
        return;
    if (kind == "mutations_drained")
        parent->mutationsDrained = true;
    else if (kind == "forecasts_drained")
        parent->phase = ParentPhase::AwaitingSelection;
    else
        parent->phase = ParentPhase::Done;
}

void PuctV3Replay::onStepCompleted(const json::Object &event, std::int64_t line)
{
    const int step = readStep(event);
    if (step != m_openStep)
        report(line, "step_completed for step " + std::to_string(step) + " but the open step is "
                         + std::to_string(m_openStep));
    std::vector<puct::StepChild> children;
    std::vector<std::size_t> stepParents;
    for (const auto &parent : m_parents) {
        stepParents.push_back(parent.parent);
        if (!m_population.node(parent.parent).inArchive)
            continue;
        for (const auto &requestId : parent.order) {
            const auto &candidate = parent.candidates.at(requestId);
            if (candidate.settlement == Settlement::Evaluated)
                children.push_back({candidate.node, parent.parent});
        }
    }
    puct::finalizeStep(m_population, stepParents, children, m_options);
    for (const auto &parent : m_parents) {
        for (const auto &[requestId, candidate] : parent.candidates) {
            auto &node = m_population.node(candidate.node);
            if (node.status == NodeStatus::Pending && candidate.settlement == Settlement::Evaluated)
                node.status = NodeStatus::NotAdmitted;
        }
    }
    ++m_population.counters.stepsCompleted;
    completeStep(step);
    m_parents.clear();
}

} // namespace kfx
