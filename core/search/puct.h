#pragma once

#include "model/population.h"

#include <cstddef>
#include <span>
#include <vector>

namespace kfx {
struct ReplayOptions;
}

// The max-reward PUCT rules shared by the v2 and v3 searches (spec §4.1), over a Population's archive.
namespace kfx::puct {

inline constexpr double kDefaultCPuct = 1.0;

// P(s) = (N - rank(s)) / Σ (N - rank), rank 0 for the highest reward; -inf stands for "no reward".
std::vector<double> rankPrior(std::span<const double> rewards);

// R_max - R_min over non-seed archive members with a reward (over all members if none), at least 1e-6;
// 1.0 when no member has a reward.
double globalScale(const Population &population);

struct ScoredNode {
    std::size_t node = kNoNode;
    double score = 0.0;
    double reward = 0.0; // -inf for none
};

// Every archive member's score, highest first; exact ties keep archive order.
std::vector<ScoredNode> scoreArchive(const Population &population, double cPuct = kDefaultCPuct);

// The parents the next step expands: the top scorers, blocking each pick's whole lineage (itself, its
// ancestors, its archived descendants) for the rest of the batch. Siblings stay eligible.
std::vector<std::size_t> selectParents(const Population &population, int batchSize,
                                       double cPuct = kDefaultCPuct);

// A child measured in the step being closed, with the archive member it was mutated from.
struct StepChild {
    std::size_t node = kNoNode;
    std::size_t parent = kNoNode;
};

// Closes a step as the reference's reducers do: back-propagation to the parents and their ancestors, the
// failed-rollout decay for step parents without a valid child, then top-k admission per parent (by reward,
// skipping missing rewards and code already archived) and truncation to capacity (seeds always kept).
// `children` must be in the order the log produced them; parents must be archive members.
void finalizeStep(Population &population, std::span<const std::size_t> stepParents,
                  std::span<const StepChild> children, const ReplayOptions &options);

} // namespace kfx::puct
