#pragma once

#include "confidencescore.h"
#include "model/forecast.h"

#include <array>
#include <iterator>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

namespace kfx::metrics {

// What a metric reads when it has nothing to measure (no trusted forecast, no example): NaN, as the reference
// reports it.
inline constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

// A forecast (none for a parse failure) with the measured truth it is judged against.
struct SelectiveRow {
    int trueBin = 0;
    double speedup = 0.0;
    const Forecast *forecast = nullptr;
};

// The reference's risks of trusting some forecasts and measuring the rest (spec §2.4).
enum class Risk {
    BinaryMismatch,  // share of trusted forecasts with the wrong bin
    SpeedupDistance, // mean |bin midpoint − true speedup| over trusted forecasts
    Regret,          // best speedup in the set minus the best one the trusting user ends up with
};
inline constexpr Risk kRisks[] = {Risk::BinaryMismatch, Risk::SpeedupDistance, Risk::Regret};
std::string_view riskName(Risk risk); // "binary_mismatch", "speedup_distance", "regret"

// The threshold rule: a forecast whose score is at least the threshold is trusted (ties trusted); a parse
// failure never is.
inline bool trusted(double score, double threshold)
{
    return score >= threshold;
}

// The risk of one decision: trusted[i] says whether row i's forecast is trusted. NaN where the reference's
// is (no trusted row for the pointwise risks, no rows at all for regret).
double selectiveRisk(std::span<const SelectiveRow> rows, std::span<const bool> trustedRows, Risk risk);

struct RiskCoveragePoint {
    double threshold = 0.0; // ±inf at the ends
    double coverage = 0.0;
    double risk = 0.0; // NaN where undefined
    int predicted = 0;
    int abstained = 0;
};

// One point per distinct observed score, plus −inf and +inf, in ascending threshold order (coverage falls).
// Computed in one sorted sweep, O(n log n), with the same values as evaluating each threshold afresh.
std::vector<RiskCoveragePoint> riskCoverageCurve(std::span<const SelectiveRow> rows, ConfidenceScore score, Risk risk);
// The three risks' curves (in kRisks' order) from one sort and one sweep: what riskCoverageCurve gives for each.
using RiskCoverageCurves = std::array<std::vector<RiskCoveragePoint>, std::size(kRisks)>;
RiskCoverageCurves riskCoverageCurves(std::span<const SelectiveRow> rows, ConfidenceScore score);
// The index of the curve's point whose decision a threshold makes: the first point at or above it, since no
// observed score lies between the threshold and that point's, so both trust the same rows. Binary search, for
// a gate cursor that follows a slider. The curve must be riskCoverageCurve's (ascending, ending at +inf).
std::size_t riskCoveragePointAt(std::span<const RiskCoveragePoint> curve, double threshold);
// Trapezoidal area over the observed coverage range only, NaN points dropped, not normalised.
double areaUnderRiskCoverage(std::span<const RiskCoveragePoint> curve);
// Risk at a coverage in [0, 1] by linear interpolation (clamped to the curve's ends); throws
// std::invalid_argument outside [0, 1].
double selectiveRiskAtCoverage(std::span<const RiskCoveragePoint> curve, double coverage);
// The threshold that trusts round-half-even(target·n) forecasts: the midpoint between the K-th and (K+1)-th
// highest scores; +inf when K <= 0, −inf when K reaches the parsed count.
double thresholdForCoverage(std::span<const SelectiveRow> rows, ConfidenceScore score, double targetCoverage);
// Jaccard index of two decisions' abstention sets; NaN when neither abstains.
double abstentionAgreement(std::span<const bool> trustedA, std::span<const bool> trustedB);

// The midpoint the speedup-distance risk gives a bin (spec §1.1.1, risks.py): geometric for bins 2..7, the
// mean true speedup of the rows in bins 1 and 8 (with the reference's fallbacks), 0 for bin 0.
struct OpenBinMidpoints {
    double bin1 = 0.125;
    double bin8 = 5.656854249492381;
};
OpenBinMidpoints openBinMidpoints(std::span<const SelectiveRow> rows);
double riskBinMidpoint(int bin, const OpenBinMidpoints &open);

} // namespace kfx::metrics
