#pragma once

#include "taskmanifest.h"

#include <cstddef>
#include <string>
#include <vector>

namespace kfx::measure {

// How far a candidate's output is from the reference's, with torch.allclose's rule per element:
// |actual - expected| <= atol + rtol * |expected|; NaN in the candidate (such as the poison left in an element
// it never wrote) fails.
struct OutputComparison {
    std::size_t mismatches = 0;
    std::size_t worstIndex = 0; // the element furthest beyond its tolerance
    float expected = 0.0f;      // at worstIndex
    float actual = 0.0f;
    double maxAbsError = 0.0;
    double maxRelError = 0.0;

    bool passed() const { return mismatches == 0; }
    // "12 of 4194304 elements of y differ; worst at index 1023: expected 0.5, got 0.25 (...)"
    std::string describe(const std::string &buffer, std::size_t elements, const Tolerance &tolerance) const;
};

OutputComparison compareOutputs(const std::vector<float> &expected, const std::vector<float> &actual,
                                const Tolerance &tolerance);

} // namespace kfx::measure
