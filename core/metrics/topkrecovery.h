#pragma once

#include "confidencescore.h"
#include "model/forecast.h"

#include <optional>
#include <span>
#include <vector>

namespace kfx::metrics {

// The paper's headline (not in the reference code, spec §2.6): in a pool of candidates (a pack, or one
// parent's children), measure only the k% the surrogate ranks highest and see how much of the pool's best
// speedup that finds.
struct PoolCandidate {
    int pool = 0;                       // which pool the candidate belongs to
    double speedup = 0.0;               // measured truth
    const Forecast *forecast = nullptr; // none: ranked after every forecast candidate, in input order
};

struct RecoveryPoint {
    int percent = 0;        // k, 1..100
    double recovered = 0.0; // mean over pools of (best measured among the top ceil(k%·n)) / (best in pool)
};

struct TopKRecovery {
    std::vector<RecoveryPoint> curve;
    // The smallest k whose mean recovery is within 20% of the best (recovered >= 0.8).
    std::optional<int> percentWithin20;
};

TopKRecovery topKRecovery(std::span<const PoolCandidate> candidates, ConfidenceScore score);
// The candidates measured at k percent, as indices into `candidates`: each pool's top ceil(k%·n) (at least one)
// of those with a measured speedup, pool by pool; what a point of the recovery curve was computed from.
std::vector<std::size_t> topKMeasured(std::span<const PoolCandidate> candidates, ConfidenceScore score, int percent);

} // namespace kfx::metrics
