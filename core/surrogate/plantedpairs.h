#pragma once

#include "model/comparisonpair.h"

#include <cstdint>
#include <vector>

namespace kfx::surrogate {

// Measured-looking pairs whose speedup follows a known rule of the candidate's techniques, for checking that
// the embedded model recovers it (tests, kfx-bench-surrogate). log2 S = 0.9·warp shuffles + 0.6·vectorised
// loads + 1.3·tensor cores − 1.1·atomics + 0.4·(BLOCK 128) − 0.25·extra barriers + N(0, noise²); the candidate's
// other choices (precision, warps, filler code) are drawn independently and carry no signal. Pairs are spread
// over six packs, each with its own PyTorch reference, so grouped cross-validation has tasks to hold out.
std::vector<ComparisonPair> plantedPairs(std::size_t count, std::uint64_t seed, double noise = 0.3);

} // namespace kfx::surrogate
