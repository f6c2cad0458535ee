#pragma once

#include <cstddef>
#include <vector>

namespace kfx::measure {

// Summary of one kernel's timing samples, in nanoseconds.
struct SampleStatistics {
    std::size_t count = 0;
    double mean = 0.0;
    double median = 0.0;
    double min = 0.0;
    double max = 0.0;
    double stddev = 0.0; // sample standard deviation (n - 1), as the reference's adaptive loop uses
};

SampleStatistics summarize(std::vector<double> samples);

// The stopping rule of spec §5.1's adaptive loop, checked after each sample: at least 3 samples, then stop when
// the standard error over the mean is below 0.1%, at 100 samples, or when mean x count exceeds the budget.
bool referenceProtocolDone(const std::vector<double> &samplesNs, double budgetNs);

// Spec §5.1's aggregation: the geometric mean of the per-case speedups.
double geometricMean(const std::vector<double> &values);

} // namespace kfx::measure
