#pragma once

#include "model/forecast.h"

#include <optional>
#include <string_view>

namespace kfx::metrics {

// How sure a forecast is, by the reference's scores (spec §2.4) plus the v3 search's ranking rule.
enum class ConfidenceScore {
    MaxProb,     // mass on the declared predicted bin (not necessarily the largest), less the failure's share
    NegEntropy,  // 1 − H(p)/ln 8: 1 for a one-hot, 0 for uniform
    Top2Margin,  // largest minus second-largest mass
    ExpectedBin, // Σ b·p_b, how fast the forecast expects the kernel to be rather than how sure it is
};

inline constexpr ConfidenceScore kConfidenceScores[] = {ConfidenceScore::MaxProb, ConfidenceScore::NegEntropy,
                                                        ConfidenceScore::Top2Margin, ConfidenceScore::ExpectedBin};

double confidence(ConfidenceScore score, const Forecast &forecast);
std::string_view confidenceScoreName(ConfidenceScore score); // "max_prob", "neg_entropy", "top2_margin", "expected_bin"
std::optional<ConfidenceScore> confidenceScoreFromName(std::string_view name);

} // namespace kfx::metrics
