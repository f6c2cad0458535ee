#pragma once

#include "forecasttable.h"
#include "gate/gatepolicy.h"
#include "io/loadedfile.h"
#include "model/population.h"

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kfx::replay {

// What a search could have done with the candidates a recorded v2 search produced (every one measured there).
enum class ReplayPolicy {
    Standard,      // measure every candidate: the recorded search itself
    Random,        // measure k of each parent's candidates, uniformly at random (seeded): the equal-budget baseline
    SurrogateTopK, // measure the k with the highest expected bin index (spec §4.4); the rest never exist
    GateFilter,    // drop trusted forecasts of a bin below the parent's, unmeasured; measure everything else
    Compound,      // trusted forecasts enter the archive with their expected speedup as reward, unmeasured;
                   // deferred ones are measured (the abstaining search, spec §2.5)
    Oracle,        // measure the k with the best true reward, in hindsight: the ceiling for any k-of-n filter
};
inline constexpr ReplayPolicy kReplayPolicies[] = {ReplayPolicy::Standard,      ReplayPolicy::Random,
                                                   ReplayPolicy::SurrogateTopK, ReplayPolicy::GateFilter,
                                                   ReplayPolicy::Compound,      ReplayPolicy::Oracle};
// "standard", "random", "surrogate", "gate", "compound", "oracle"
std::string_view replayPolicyName(ReplayPolicy policy);
std::optional<ReplayPolicy> replayPolicyFromName(std::string_view name);

struct CounterfactualConfig {
    int measurePerParent = 2;            // k of the Random, SurrogateTopK and Oracle policies
    std::optional<int> evaluationBudget; // GPU evaluations in all; none: as many as the policy wants
    std::uint64_t seed = 0;              // the Random policy's draws
    ReplayOptions archive;               // admission k and capacity, as the recorded search ran
    gate::GateSettings gate;             // GateFilter and Compound
    // A person's word per node id, which wins over the gate in GateFilter and Compound as it does in the window.
    std::map<std::string, gate::GateOverride> overrides;
    bool recordTrace = false; // keep every candidate's fate in PolicyOutcome::trace (the demo's animation)
};

// What became of one candidate a policy was offered, in the order it met them: what the demo animates.
struct CandidateEvent {
    enum class Fate : std::uint8_t {
        Measured,   // sent to the GPU
        Trusted,    // admitted on its forecast alone (Compound)
        Dropped,    // trusted to be slower than its parent, never measured (GateFilter)
        NotChosen,  // a k-of-n policy chose others
        OverBudget, // wanted a measurement after the budget was spent
    };
    std::string nodeId;
    std::string parentId;
    Fate fate = Fate::Measured;
    std::optional<int> predictedBin;        // the forecast's, when there is one
    std::optional<double> expectedSpeedup;  // its expected speedup (spec §2.5)
    std::optional<gate::GateDecision> gate; // GateFilter and Compound: the gate's verdict and why
    std::string deferralReason;             // the model's own words when it deferred
    std::optional<double> measured;         // the recorded truth, when this policy measured it
    int evaluationsAfter = 0;               // GPU evaluations spent once this candidate was settled
    std::optional<double> bestAfter;        // this policy's best measured speedup by then
};

// Why a policy spent no more than it did: a replay can measure only what the recorded search produced, from parents
// the policy itself admitted.
enum class StopReason : std::uint8_t {
    RecordedSearchEnded, // every recorded step was replayed with a parent this policy held
    BudgetSpent,         // the GPU budget ran out
    OffTheRecordedPath,  // from some step on, the recorded search expanded only kernels this policy never admitted
    NoForecasts,         // the top-k policy measures only forecast kernels, and none of the offered ones had one
};
// "recorded_search_ended", "budget_spent", "off_the_recorded_path", "no_forecasts"
std::string_view stopReasonName(StopReason reason);

// The best measured speedup once `evaluations` GPU evaluations had been spent.
struct BestSoFarPoint {
    int evaluations = 0;
    double best = 0.0;
};

struct PolicyOutcome {
    ReplayPolicy policy = ReplayPolicy::Standard;
    // Starts at (0, seed reward); one point per improvement, and a last point at the evaluations spent.
    std::vector<BestSoFarPoint> series;
    std::optional<double> finalBest; // best measured speedup (trusted forecasts never count: nobody measured them)
    int evaluations = 0;             // GPU evaluations spent (the seed's excluded, as the reference counts)
    int trusted = 0;                 // candidates admitted on a forecast alone (Compound)
    int dropped = 0;                 // candidates dropped on a forecast alone (GateFilter)
    int stepsReplayed = 0;
    StopReason stop = StopReason::RecordedSearchEnded;
    // OffTheRecordedPath: the first recorded step of the run of steps, up to the last, that expanded none of this
    // policy's archive members.
    std::optional<int> offPathFromStep;
    int expansions = 0;    // recorded expansions this policy's archive could reach
    int oracleMatches = 0; // of those, how often its chosen set held the truly best candidate
    double oracleMatchRate() const { return expansions == 0 ? 0.0 : double(oracleMatches) / expansions; }
    std::vector<CandidateEvent> trace; // filled when CounterfactualConfig::recordTrace is set
};

// Replays one policy over a recorded search, step by step, with the recorded measurements as the GPU.
//
// Each recorded step offers, for each recorded parent, the children the search produced from it. A policy can
// use them only if that parent is in *its own* archive — a kernel it never admitted cannot be expanded. Its
// archive evolves by the PUCT rules of core/search/puct.h (back-propagation, failed rollouts, top-k admission,
// capacity) over the children it admitted, so the standard policy reproduces the recorded archive exactly.
// Replaying a live log works the same way: advance() again after more steps completed.
class CounterfactualReplay {
public:
    // `forecasts` may be null (no surrogate): the forecast-driven policies then measure nothing.
    CounterfactualReplay(ReplayPolicy policy, const CounterfactualConfig &config, const ForecastTable *forecasts);

    // Replays the recorded steps completed since the last call; returns how many.
    int advance(const Population &recorded);
    const PolicyOutcome &outcome() const { return m_outcome; }
    const Population &population() const { return m_population; }

private:
    struct Choice {
        std::size_t recorded = kNoNode;
        CandidateEvent::Fate fate = CandidateEvent::Fate::Measured; // Measured, Trusted, Dropped or NotChosen
        std::optional<gate::GateDecision> gate;
    };
    void start(const Population &recorded);
    void computeHindsight(const Population &recorded);
    // `stepChildren`: the step's recorded children as (parent, child) pairs.
    void replayStep(const Population &recorded, const StepRecord &step,
                    std::span<const std::pair<std::size_t, std::size_t>> stepChildren);
    std::vector<Choice> choose(const Population &recorded, std::span<const std::size_t> candidates, std::size_t parent);
    std::size_t admit(const Population &recorded, const Choice &choice, std::size_t parent);
    gate::OverrideMode overrideOf(const std::string &nodeId) const;
    void trace(const Population &recorded, const Choice &choice, std::size_t recordedParent);
    void recordMeasurement(std::optional<double> reward);
    void settleStopReason();

    ReplayPolicy m_policy;
    CounterfactualConfig m_config;
    const ForecastTable *m_forecasts;
    Population m_population;
    std::unordered_map<std::size_t, std::size_t> m_fromRecorded; // recorded node index -> ours
    // Per recorded node, the best measured reward in its recorded subtree, itself included. The oracle ranks by
    // it: ranking by a candidate's own reward alone can starve the lineage that later produced the best kernel,
    // and then even a random draw beats the "oracle". On a live log it knows only the steps written so far.
    std::vector<double> m_hindsight;
    std::size_t m_nextStep = 0; // index into recorded.steps
    std::mt19937_64 m_random;
    PolicyOutcome m_outcome;
    bool m_seriesEndsWithTail = false; // the last point marks spending, not an improvement
};

// Every requested policy over the whole recorded search.
std::vector<PolicyOutcome> replayPolicies(const Population &recorded, std::span<const ReplayPolicy> policies,
                                          const CounterfactualConfig &config, const ForecastTable *forecasts);

} // namespace kfx::replay
