#pragma once

#include "model/forecast.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// The forecasters every quality table puts beside the surrogate (issue 24). None of them learns: each needs only
// what a search knows before it measures the kernel, so a surrogate that cannot beat them has learnt nothing.
inline constexpr std::string_view kMajorityLabel = "majority";
inline constexpr std::string_view kAlwaysDeferLabel = "always-defer";
inline constexpr std::string_view kParentBinLabel = "parent-bin";
inline constexpr std::string_view kNearestLabel = "nearest";
// Not a baseline: the forecast a search's own surrogate logged for a kernel before it was measured, judged the
// same way, so that what a live search's gate saw is scored beside what kfx forecasts afterwards.
inline constexpr std::string_view kSearchLogLabel = "search-log";

// What is known of the bins before a kernel is looked at: the share of each bin among the training kernels and
// the most frequent of them (the lowest bin among equals).
struct BinPrior {
    BinProbabilities frequencies{};
    int majorityBin = 1;
    // From the true bins (1..8) of the training kernels; needs at least one.
    static BinPrior of(std::span<const int> bins);
    // Where nothing is known of a task's bins before it is searched (a live or simulated search's start).
    static BinPrior everyBinAlike();
};

// Always the majority bin, all the mass on it.
Forecast majorityForecast(const BinPrior &prior);
// A surrogate that never commits leaves the search with the bin frequencies, the same for every kernel, so no
// threshold tells its forecasts apart.
Forecast alwaysDeferForecast(const BinPrior &prior);

// A measured kernel's bin as a forecast for another kernel: half the mass on that bin and half spread as the
// prior. One measurement says much but not all (an edit moves the speedup, often by a bin); the weight is set
// here once, not tuned on the corpus, and at 0.5 a gate at max-probability 0.5 trusts every such forecast.
inline constexpr double kMeasuredBinWeight = 0.5;
Forecast smoothedBinForecast(int bin, const BinPrior &prior, std::string_view source);
// The parent's measured bin (spec §3.1's parent_edit anchor), smoothed; the prior where the parent has none
// (a seed, a parent that failed).
Forecast parentBinForecast(std::optional<int> parentBin, const BinPrior &prior);
// The nearest already-measured kernel's bin, smoothed; the prior where nothing was measured before.
Forecast nearestMeasuredForecast(std::optional<int> nearestBin, const BinPrior &prior);

// A kernel's code as the set of its token bigrams, for the nearest-neighbour baseline's similarity: the
// canonical form (search::canonicalKernelCode) cut into names, number literals and single punctuation
// characters, each pair of neighbouring tokens hashed, sorted, duplicates dropped. Bigrams rather than single
// tokens so that moving a loop or changing an operator shows, while a changed constant changes only the two
// bigrams around it.
using CodeShingles = std::vector<std::uint64_t>;
CodeShingles codeShingles(std::string_view code);
// |a ∩ b| / |a ∪ b|, in [0, 1]; 1 for two empty sets.
double jaccardSimilarity(const CodeShingles &a, const CodeShingles &b);
// The candidate most similar to `query` (the first among equals), none when there is no candidate.
std::optional<std::size_t> nearestKernel(const CodeShingles &query, std::span<const CodeShingles *const> candidates);

} // namespace kfx::surrogate
