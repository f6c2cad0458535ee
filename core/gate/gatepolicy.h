#pragma once

#include "metrics/confidencescore.h"
#include "metrics/selectiveprediction.h"
#include "model/forecast.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace kfx::gate {

// The predict-or-defer tool's other answer (spec §1.7): the model declined, and said why.
struct Deferral {
    std::string reason;
};
// What a surrogate answered for one candidate. A parse failure is no answer at all (std::nullopt at the caller).
using SurrogateAnswer = std::variant<Forecast, Deferral>;

// A person's word on one kernel, which wins over the gate.
enum class OverrideMode : std::uint8_t { Auto, Trust, Defer };
std::string_view overrideModeName(OverrideMode mode); // "auto", "trust", "defer"
std::optional<OverrideMode> overrideModeFromName(std::string_view name);

struct GateOverride {
    OverrideMode mode = OverrideMode::Auto;
    std::string note;
};

// Which score the gate reads and where it cuts. Ties at the threshold are trusted, as the reference's
// ThresholdAbstainPolicy predicts when score == threshold (spec §2.4).
struct GateSettings {
    metrics::ConfidenceScore score = metrics::ConfidenceScore::MaxProb;
    double threshold = -std::numeric_limits<double>::infinity();
};

enum class Verdict : std::uint8_t { Trusted, Deferred };

// Why a candidate got its verdict, so that every mark in the tree can explain itself.
enum class DecisionReason : std::uint8_t {
    ScoreAtOrAboveThreshold,
    ScoreBelowThreshold,
    ModelDeferred, // the model used the defer tool; its reason stays with its answer
    NoForecast,    // the answer could not be parsed, or there was none: the reference abstains ("parse_failure")
    OverriddenTrust,
    OverriddenDefer,
};
std::string_view decisionReasonName(DecisionReason reason);

// Kept to 16 bytes: the window re-gates 100,000 of these per slider move.
struct GateDecision {
    double score = std::numeric_limits<double>::quiet_NaN(); // NaN when there is no forecast
    Verdict verdict = Verdict::Deferred;
    DecisionReason reason = DecisionReason::NoForecast;

    bool trusted() const { return verdict == Verdict::Trusted; }
    bool overridden() const
    {
        return reason == DecisionReason::OverriddenTrust || reason == DecisionReason::OverriddenDefer;
    }
};

// One candidate as the gate sees it: its score under the gate's score (NaN if there is no forecast), whether
// the model deferred, and the person's override. Scores are computed once per score choice, so moving the
// threshold only re-runs decide().
struct GateInput {
    double score = std::numeric_limits<double>::quiet_NaN();
    bool modelDeferred = false;
    OverrideMode override = OverrideMode::Auto;
};

// `answer` null means no usable answer (parse failure).
GateInput gateInput(const SurrogateAnswer *answer, metrics::ConfidenceScore score,
                    OverrideMode override = OverrideMode::Auto);

// Order of precedence: the person's override, then the model's own deferral, then a missing forecast, then
// the threshold.
GateDecision decide(const GateInput &input, double threshold);
void decideAll(std::span<const GateInput> inputs, double threshold, std::span<GateDecision> out);

// Counts of one gating, for the gate bar's counters.
struct GateCounts {
    int trusted = 0;
    int deferred = 0;
    int overridden = 0;
    double coverage() const; // trusted share of all candidates; 0 when there are none
};
GateCounts countDecisions(std::span<const GateDecision> decisions);

// One sentence for a tooltip or a report: the verdict, why, and the model's own words when it deferred.
std::string explain(const GateDecision &decision, const SurrogateAnswer *answer, const GateOverride *override);

} // namespace kfx::gate
