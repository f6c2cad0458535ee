#include "counterfactualreplay.h"

#include "forecastreward.h"
#include "model/speedupbin.h"
#include "search/puct.h"

#include <algorithm>
#include <limits>

namespace kfx::replay {

namespace {

constexpr double kNoReward = -std::numeric_limits<double>::infinity();

double trueReward(const Population &recorded, std::size_t node)
{
    return recorded.node(node).reward().value_or(kNoReward);
}

// A candidate the recorded search really sent to the GPU: measured, or failed while being measured.
bool wasMeasured(const KernelNode &node)
{
    return node.evaluation || (node.status == NodeStatus::Failed && node.failureStage == FailureStage::Evaluation);
}

// Each step's recorded children as (parent, child), each parent's in the order it lists them. A parent expanded at
// many steps (the seed of the generated 80,000-node search) would otherwise have its whole list walked at every
// step: half the CPU time of opening that log went there.
std::unordered_map<int, std::vector<std::pair<std::size_t, std::size_t>>> childrenByStep(const Population &recorded)
{
    std::unordered_map<int, std::vector<std::pair<std::size_t, std::size_t>>> byStep;
    for (std::size_t parent = 0; parent < recorded.size(); ++parent) {
        for (auto child : recorded.node(parent).children)
            byStep[recorded.node(child).step].emplace_back(parent, child);
    }
    return byStep;
}

// The first k by `better`, ties in recorded order, returned in recorded order (the order a step measures in).
template<typename Better>
std::vector<std::size_t> firstK(std::vector<std::size_t> candidates, int k, Better better)
{
    std::vector<std::size_t> ranked = candidates;
    std::stable_sort(ranked.begin(), ranked.end(), better);
    ranked.resize(std::min(ranked.size(), std::size_t(std::max(k, 0))));
    std::erase_if(candidates,
                  [&](std::size_t c) { return std::find(ranked.begin(), ranked.end(), c) == ranked.end(); });
    return candidates;
}

// The oracle's preference: the best reward a candidate leads to, then its own reward.
auto oracleOrder(const Population &recorded, const std::vector<double> &hindsight)
{
    return [&recorded, &hindsight](std::size_t a, std::size_t b) {
        if (hindsight[a] != hindsight[b])
            return hindsight[a] > hindsight[b];
        return trueReward(recorded, a) > trueReward(recorded, b);
    };
}

const Forecast *forecastOf(const gate::SurrogateAnswer *answer)
{
    return answer ? std::get_if<Forecast>(answer) : nullptr;
}

} // namespace

std::string_view replayPolicyName(ReplayPolicy policy)
{
    switch (policy) {
    case ReplayPolicy::Standard:
        return "standard";
    case ReplayPolicy::Random:
        return "random";
    case ReplayPolicy::SurrogateTopK:
        return "surrogate";
    case ReplayPolicy::GateFilter:
        return "gate";
    case ReplayPolicy::Compound:
        return "compound";
    case ReplayPolicy::Oracle:
        return "oracle";
    }
    return "";
}

std::optional<ReplayPolicy> replayPolicyFromName(std::string_view name)
{
    for (auto policy : kReplayPolicies) {
        if (replayPolicyName(policy) == name)
            return policy;
    }
    return std::nullopt;
}

std::string_view stopReasonName(StopReason reason)
{
    switch (reason) {
    case StopReason::RecordedSearchEnded:
        return "recorded_search_ended";
    case StopReason::BudgetSpent:
        return "budget_spent";
    case StopReason::OffTheRecordedPath:
        return "off_the_recorded_path";
    case StopReason::NoForecasts:
        return "no_forecasts";
    }
    return "";
}

CounterfactualReplay::CounterfactualReplay(ReplayPolicy policy, const CounterfactualConfig &config,
                                           const ForecastTable *forecasts)
    : m_policy(policy)
    , m_config(config)
    , m_forecasts(forecasts)
    , m_random(config.seed)
{
    m_outcome.policy = policy;
}

int CounterfactualReplay::advance(const Population &recorded)
{
    if (m_population.size() == 0)
        start(recorded);
    if (m_population.size() == 0)
        return 0; // no seed yet: the log has not been initialised
    if (m_nextStep < recorded.steps.size())
        computeHindsight(recorded); // every policy is scored against the oracle's choices
    int replayed = 0;
    if (m_nextStep < recorded.steps.size() && recorded.steps[m_nextStep].completed) {
        const auto stepChildren = childrenByStep(recorded);
        static const std::vector<std::pair<std::size_t, std::size_t>> none;
        while (m_nextStep < recorded.steps.size() && recorded.steps[m_nextStep].completed) {
            const auto &step = recorded.steps[m_nextStep++];
            const auto children = stepChildren.find(step.step);
            replayStep(recorded, step, children == stepChildren.end() ? none : children->second);
            ++replayed;
        }
    }
    m_outcome.stepsReplayed += replayed;
    settleStopReason();
    return replayed;
}

void CounterfactualReplay::settleStopReason()
{
    auto &outcome = m_outcome;
    if (m_config.evaluationBudget && outcome.evaluations >= *m_config.evaluationBudget)
        outcome.stop = StopReason::BudgetSpent;
    else if (m_policy == ReplayPolicy::SurrogateTopK && outcome.evaluations == 0 && outcome.expansions > 0)
        outcome.stop = StopReason::NoForecasts; // offered children, it could choose none; so it left the path too
    else if (outcome.offPathFromStep)
        outcome.stop = StopReason::OffTheRecordedPath;
    else
        outcome.stop = StopReason::RecordedSearchEnded;
}

void CounterfactualReplay::start(const Population &recorded)
{
    for (std::size_t i = 0; i < recorded.size(); ++i) {
        const auto &node = recorded.node(i);
        if (node.status != NodeStatus::Seed)
            continue;
        KernelNode seed = node;
        seed.children.clear();
        seed.inArchive = seed.everInArchive = true;
        const auto ours = m_population.add(std::move(seed));
        m_population.archive.push_back(ours);
        m_fromRecorded[i] = ours;
        if (auto reward = node.reward()) {
            m_outcome.finalBest = reward;
            m_outcome.series.push_back({0, *reward});
        }
    }
}

void CounterfactualReplay::computeHindsight(const Population &recorded)
{
    m_hindsight.assign(recorded.size(), kNoReward);
    // A child is always added after its parent, so one backward pass carries every subtree's best upward.
    for (std::size_t i = recorded.size(); i-- > 0;) {
        m_hindsight[i] = std::max(m_hindsight[i], trueReward(recorded, i));
        const auto parent = recorded.node(i).parent;
        if (parent != kNoNode && parent < i)
            m_hindsight[parent] = std::max(m_hindsight[parent], m_hindsight[i]);
    }
}

void CounterfactualReplay::replayStep(const Population &recorded, const StepRecord &step,
                                      std::span<const std::pair<std::size_t, std::size_t>> stepChildren)
{
    std::vector<std::size_t> stepParents;
    std::vector<puct::StepChild> children;
    for (auto recordedParent : step.parents) {
        auto it = m_fromRecorded.find(recordedParent);
        if (it == m_fromRecorded.end() || !m_population.node(it->second).inArchive)
            continue; // this policy never admitted (or has evicted) the kernel the recorded search expanded
        const std::size_t parent = it->second;
        stepParents.push_back(parent);

        std::vector<std::size_t> candidates;
        for (const auto &[childParent, child] : stepChildren) {
            if (childParent == recordedParent && wasMeasured(recorded.node(child)))
                candidates.push_back(child);
        }
        if (candidates.empty())
            continue;
        ++m_outcome.expansions;
        const auto best = *std::min_element(candidates.begin(), candidates.end(), oracleOrder(recorded, m_hindsight));
        bool matched = false;
        for (auto choice : choose(recorded, candidates, parent)) {
            using Fate = CandidateEvent::Fate;
            if (choice.fate == Fate::Dropped)
                ++m_outcome.dropped;
            if (choice.fate == Fate::Measured && m_config.evaluationBudget
                && m_outcome.evaluations >= *m_config.evaluationBudget)
                choice.fate = Fate::OverBudget; // the GPU budget is spent; only free (trusted) admissions remain
            if (choice.fate == Fate::Measured || choice.fate == Fate::Trusted) {
                children.push_back({admit(recorded, choice, parent), parent});
                matched = matched || choice.recorded == best;
            }
            if (m_config.recordTrace)
                trace(recorded, choice, recordedParent);
        }
        m_outcome.oracleMatches += matched ? 1 : 0;
    }
    // A step that expanded only kernels this policy never admitted offers it nothing; a run of them to the end is
    // why it stopped short.
    if (stepParents.empty() && !step.parents.empty()) {
        if (!m_outcome.offPathFromStep)
            m_outcome.offPathFromStep = step.step;
    } else if (!stepParents.empty()) {
        m_outcome.offPathFromStep.reset();
    }
    puct::finalizeStep(m_population, stepParents, children, m_config.archive);
    if (!m_outcome.series.empty() && m_outcome.series.back().evaluations < m_outcome.evaluations) {
        if (m_seriesEndsWithTail)
            m_outcome.series.back().evaluations = m_outcome.evaluations;
        else
            m_outcome.series.push_back({m_outcome.evaluations, m_outcome.series.back().best});
        m_seriesEndsWithTail = true;
    }
}

std::vector<CounterfactualReplay::Choice>
CounterfactualReplay::choose(const Population &recorded, std::span<const std::size_t> candidates, std::size_t parent)
{
    using Fate = CandidateEvent::Fate;
    const int k = m_config.measurePerParent;
    std::vector<std::size_t> measured;
    std::vector<Choice> choices;
    auto answerOf = [&](std::size_t node) { return m_forecasts ? m_forecasts->find(recorded.node(node).id) : nullptr; };
    switch (m_policy) {
    case ReplayPolicy::Standard:
        measured.assign(candidates.begin(), candidates.end());
        break;
    case ReplayPolicy::Oracle:
        measured = firstK({candidates.begin(), candidates.end()}, k, oracleOrder(recorded, m_hindsight));
        break;
    case ReplayPolicy::Random: {
        // A partial Fisher–Yates shuffle over mt19937_64, whose output the standard fixes, so a seed gives the
        // same draws everywhere (std::uniform_int_distribution does not). The modulo bias is below 2^-50.
        std::vector<std::size_t> pool(candidates.begin(), candidates.end());
        const std::size_t take = std::min(pool.size(), std::size_t(std::max(k, 0)));
        for (std::size_t i = 0; i < take; ++i)
            std::swap(pool[i], pool[i + std::size_t(m_random() % (pool.size() - i))]);
        pool.resize(take);
        measured = std::move(pool);
        break;
    }
    case ReplayPolicy::SurrogateTopK: {
        // The v3 selection: candidates with a forecast, by (−expected bin index, request id); failures skipped.
        std::vector<std::size_t> forecast;
        for (auto node : candidates) {
            if (forecastOf(answerOf(node)))
                forecast.push_back(node);
        }
        measured = firstK(std::move(forecast), k, [&](std::size_t a, std::size_t b) {
            const double sa = forecastOf(answerOf(a))->expectedBinIndex();
            const double sb = forecastOf(answerOf(b))->expectedBinIndex();
            return sa != sb ? sa > sb : recorded.node(a).id < recorded.node(b).id;
        });
        break;
    }
    case ReplayPolicy::GateFilter:
    case ReplayPolicy::Compound: {
        const auto parentBin = trySpeedupBinFor(m_population.node(parent).reward().value_or(0.0));
        for (auto node : candidates) {
            const auto *answer = answerOf(node);
            const auto *forecast = forecastOf(answer);
            const auto decision = gate::decide(
                gate::gateInput(answer, m_config.gate.score, overrideOf(recorded.node(node).id)),
                m_config.gate.threshold);
            Fate fate = Fate::Measured;
            // A kernel trusted by hand without a forecast has no expected speedup to enter the archive with, nor
            // a bin to compare with its parent's: it is measured like a deferred one.
            if (!decision.trusted() || !forecast)
                fate = Fate::Measured;
            else if (m_policy == ReplayPolicy::Compound)
                fate = Fate::Trusted;
            else if (parentBin && forecast->predictedBin < *parentBin)
                fate = Fate::Dropped; // trusted to be slower than its parent: not worth a GPU evaluation
            choices.push_back({node, fate, decision});
        }
        return choices;
    }
    }
    // Every candidate in recorded order (the order a step measures in), chosen or not.
    for (auto node : candidates) {
        const bool chosen = std::find(measured.begin(), measured.end(), node) != measured.end();
        choices.push_back({node, chosen ? Fate::Measured : Fate::NotChosen, std::nullopt});
    }
    return choices;
}

gate::OverrideMode CounterfactualReplay::overrideOf(const std::string &nodeId) const
{
    const auto it = m_config.overrides.find(nodeId);
    return it == m_config.overrides.end() ? gate::OverrideMode::Auto : it->second.mode;
}

void CounterfactualReplay::trace(const Population &recorded, const Choice &choice, std::size_t recordedParent)
{
    const auto &node = recorded.node(choice.recorded);
    CandidateEvent event;
    event.nodeId = node.id;
    event.parentId = recorded.node(recordedParent).id;
    event.fate = choice.fate;
    event.gate = choice.gate;
    if (const auto *answer = m_forecasts ? m_forecasts->find(node.id) : nullptr) {
        if (const auto *forecast = forecastOf(answer)) {
            event.predictedBin = forecast->predictedBin;
            event.expectedSpeedup = expectedSpeedupReward(*forecast);
        } else if (const auto *deferral = std::get_if<gate::Deferral>(answer)) {
            event.deferralReason = deferral->reason;
        }
    }
    if (choice.fate == CandidateEvent::Fate::Measured)
        event.measured = node.reward();
    event.evaluationsAfter = m_outcome.evaluations;
    event.bestAfter = m_outcome.finalBest;
    m_outcome.trace.push_back(std::move(event));
}

std::size_t CounterfactualReplay::admit(const Population &recorded, const Choice &choice, std::size_t parent)
{
    KernelNode node = recorded.node(choice.recorded);
    node.children.clear();
    node.parent = kNoNode;
    node.status = NodeStatus::Pending;
    node.inArchive = node.everInArchive = false;
    if (choice.fate == CandidateEvent::Fate::Measured) {
        ++m_outcome.evaluations;
        recordMeasurement(node.reward());
    } else {
        // Trusted, never measured: the archive sees the forecast's expected speedup instead of the truth.
        const auto &forecast = std::get<Forecast>(*m_forecasts->find(node.id));
        EvaluationOutcome trusted;
        trusted.kind = OutcomeKind::Forecasted;
        trusted.expectedSpeedup = expectedSpeedupReward(forecast);
        trusted.reward = trusted.expectedSpeedup;
        trusted.trustedForecast = forecast;
        node.evaluation = std::move(trusted);
        ++m_outcome.trusted;
    }
    const auto ours = m_population.add(std::move(node));
    m_population.setParent(ours, parent);
    m_fromRecorded[choice.recorded] = ours;
    return ours;
}

void CounterfactualReplay::recordMeasurement(std::optional<double> reward)
{
    if (!reward || (m_outcome.finalBest && *reward <= *m_outcome.finalBest))
        return;
    m_outcome.finalBest = reward;
    if (m_seriesEndsWithTail)
        m_outcome.series.pop_back();
    m_outcome.series.push_back({m_outcome.evaluations, *reward});
    m_seriesEndsWithTail = false;
}

std::vector<PolicyOutcome> replayPolicies(const Population &recorded, std::span<const ReplayPolicy> policies,
                                          const CounterfactualConfig &config, const ForecastTable *forecasts)
{
    std::vector<PolicyOutcome> outcomes;
    for (auto policy : policies) {
        CounterfactualReplay replay(policy, config, forecasts);
        replay.advance(recorded);
        outcomes.push_back(replay.outcome());
    }
    return outcomes;
}

} // namespace kfx::replay
