#pragma once

#include <vector>

namespace kfx {

// A running sum of doubles kept exactly (Shewchuk's non-overlapping partials) and rounded once on reading:
// Python's math.fsum and statistics.fmean, which the reference's metrics use, so means agree to the last bit.
class ExactSum {
public:
    void add(double value);
    double value() const;

private:
    std::vector<double> m_partials;
};

} // namespace kfx
