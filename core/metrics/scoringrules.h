#pragma once

#include "model/forecast.h"

namespace kfx::metrics {

// The reference's proper scoring rules over the 8-bin simplex (spec §2.1), summed in its order so results
// agree to the last digit. `trueBin` is 1..8.
double halfBrier(const BinProbabilities &p, int trueBin);     // 0.5 Σ (p_b − 1[b = t])², in [0, 1]
double unhalvedBrier(const BinProbabilities &p, int trueBin); // the figure script's Σ (p_b − y_b)², in [0, 2]
double crps(const BinProbabilities &p, int trueBin);          // (1/7) Σ_{k<8} (F_k − F*_k)²
double negativeLogLikelihood(const BinProbabilities &p, int trueBin); // −ln max(p_t, 1e−12)
double entropy(const BinProbabilities &p);                    // nats, zero masses skipped
BinProbabilities uniformDistribution();                       // the parse-failure fallback

} // namespace kfx::metrics
