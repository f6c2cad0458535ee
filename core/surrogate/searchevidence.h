#pragma once

#include "model/population.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace kfx::surrogate {

// What a search had measured, at the steps before a kernel's, that a person can check the kernel's forecast
// against (issue 25): the parent's measurement, and the measured kernels most like it by the token bigrams of
// their canonical code (codeShingles, as the nearest baseline and the search-aware forecaster compare them),
// failed ones included.
struct SearchEvidence {
    struct Neighbour {
        std::size_t node = 0;
        double similarity = 0.0; // Jaccard, in [0, 1]
    };
    std::optional<std::size_t> parent; // where the parent was measured at an earlier step
    std::vector<Neighbour> nearest;    // most similar first, the earlier step first among equals
};

// The kernel is compared with at most this many measured kernels, the latest before its step, so that selecting
// a kernel of a very large search stays well under a second.
inline constexpr std::size_t kMaxEvidenceCandidates = 2000;

SearchEvidence searchEvidence(const Population &population, std::size_t node, std::size_t nearest = 3);

} // namespace kfx::surrogate
