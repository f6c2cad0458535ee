#pragma once

#include "counterfactualreplay.h"
#include "gate/riskcontrol.h"

#include <cmath>
#include <limits>
#include <string_view>
#include <vector>

namespace kfx::replay {

// How the gate's threshold is chosen, for issue 17's GPU-budget frontier. Every policy but MeasureAll replays
// the abstaining search (ReplayPolicy::Compound): trusted forecasts enter the archive unmeasured, deferred ones
// are measured.
enum class FrontierPolicy {
    MeasureAll, // no gate: every candidate measured (the recorded search)
    Threshold,  // the threshold given
    Coverage,   // the threshold trusting the target share of the forecasts, as the gate bar's Set chooses it
    Certified,  // the risk-controlled threshold (Clopper–Pearson, Bonferroni) at alpha and delta
};
inline constexpr FrontierPolicy kFrontierPolicies[] = {FrontierPolicy::MeasureAll, FrontierPolicy::Threshold,
                                                       FrontierPolicy::Coverage, FrontierPolicy::Certified};
std::string_view frontierPolicyName(FrontierPolicy policy); // "measure_all", "threshold", "coverage", "certified"

struct FrontierSettings {
    metrics::ConfidenceScore score = metrics::ConfidenceScore::MaxProb;
    double threshold = 0.5;
    double targetCoverage = 0.5;
    double alpha = 0.1;
    double delta = 0.05;
};

// One GPU evaluation further: the best measured speedup so far, and the trusted forecasts (of measured kernels)
// so far and how many of them named the wrong bin.
struct FrontierPoint {
    int evaluations = 0;
    double best = 0.0;
    int trusted = 0;
    int wrong = 0;
    // Selective risk, the share of trusted forecasts in the wrong bin; NaN before anything was trusted.
    double risk() const { return trusted == 0 ? std::numeric_limits<double>::quiet_NaN() : double(wrong) / trusted; }
};

struct FrontierCurve {
    FrontierPolicy policy = FrontierPolicy::MeasureAll;
    double threshold = -std::numeric_limits<double>::infinity(); // the gate's; +inf when nothing is certified
    // Starts at (0, the seed's reward); then one point per evaluation count, the last after the whole replay.
    std::vector<FrontierPoint> points;
};

// The rows the Coverage and Certified policies choose their thresholds on: the recorded search's measured
// candidates and their forecasts, as the gate bar's Set and Certify read them (a what-if in hindsight).
std::vector<metrics::SelectiveRow> measuredCandidateRows(const Population &recorded, const ForecastTable &forecasts);

// Replays `recorded` once per policy (config's gate replaced by each policy's) and reads each replay's trace.
std::vector<FrontierCurve> gpuBudgetFrontier(const Population &recorded, const ForecastTable &forecasts,
                                             const FrontierSettings &settings, CounterfactualConfig config);

} // namespace kfx::replay
