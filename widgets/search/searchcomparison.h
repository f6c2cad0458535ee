#pragma once

#include "model/population.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What a finished search achieved against GPU evaluations, read from its log: the figures the demo puts a
// selective search and its equal-budget baseline side by side on.
namespace searchcomparison {

// The standing after `evaluations` GPU evaluations: the best measured speedup so far, the kernel that has it, and
// how many candidates the search had considered by then (every distinct kernel its mutations produced up to that step,
// measured or only forecast).
struct Standing {
    int evaluations = 0;
    double best = 0.0;
    std::size_t bestNode = kfx::kNoNode;
    int candidates = 0;
};

// One standing per GPU evaluation, the seed's (before any) first.
struct Figures {
    std::vector<Standing> standings;

    const Standing & final() const { return standings.back(); }
    // The standing once `evaluations` were spent (the last one when the search spent fewer).
    const Standing &at(int evaluations) const;
};

// The nodes the search measured on the GPU, in the order it measured them.
std::vector<std::size_t> measuredNodes(const kfx::Population &population);

// The figures of a search as recorded; with `rewards`, as re-measured: the i-th GPU evaluation's reward is
// rewards[i] (none for a kernel that failed) and the figures end after rewards.size() evaluations.
Figures figuresOf(const kfx::Population &population, const std::vector<std::optional<double>> *rewards = nullptr);

// A kernel as a person knows it: its "kfx-variant:" comment, else its id.
std::string kernelLabel(const kfx::KernelNode &node);

// A selective search and its baseline opened together, paired by name: X-selective.jsonl and X-baseline.jsonl.
struct Pair {
    std::size_t selective = 0;
    std::size_t baseline = 0;
    std::string name; // X
};
// The first pair among these file names, in their order.
std::optional<Pair> findPair(const std::vector<std::string> &fileNames);

} // namespace searchcomparison
