#pragma once

#include "baselines.h"
#include "model/population.h"

#include <cstddef>
#include <map>
#include <span>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// What one search has for free at each of its steps (issue 24), so that any surrogate's forecasts of its kernels
// can be scored beside them on the same kernels. Each asked-for kernel gets the four baselines of baselines.h, made
// only from what the search had measured at the steps before the kernel's: its parent's bin, the bin of the most
// similar successful kernel, and the bins measured so far as the prior (every bin alike before the first). So its
// "majority" is the most frequent bin measured so far in this search, not a training set's, and the labels say so.
inline constexpr std::string_view kMajoritySoFarLabel = "majority so far";
inline constexpr std::string_view kAlwaysDeferSoFarLabel = "always-defer so far";
inline constexpr std::string_view kParentBinSoFarLabel = "parent-bin so far";
inline constexpr std::string_view kNearestSoFarLabel = "nearest so far";

// Whether forecasts from `source` come from one of the baselines, trained (baselines.h) or in-search (above):
// views draw them beside a surrogate, not as one.
bool isBaselineSource(std::string_view source);

// Each kernel's nearest-neighbour search compares it with every successful kernel of the earlier steps; past this
// many kernels asked for, the window would wait seconds for them, so none are made (the caller says so).
inline constexpr std::size_t kMaxInSearchBaselineKernels = 2000;

// The four forecasts, in the order of the labels above, for each of `nodes` (indices into `population`); empty
// when more than kMaxInSearchBaselineKernels are asked for.
std::map<std::size_t, std::vector<Forecast>> inSearchBaselines(const Population &population,
                                                               std::span<const std::size_t> nodes);

} // namespace kfx::surrogate
