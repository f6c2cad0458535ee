#include "samplestatistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace kfx::measure {

namespace {
constexpr std::size_t kReferenceMinSamples = 3;
constexpr std::size_t kReferenceMaxSamples = 100;
constexpr double kReferenceRelativeError = 0.001;

double mean(const std::vector<double> &samples)
{
    return std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
}

double sampleStddev(const std::vector<double> &samples, double average)
{
    if (samples.size() < 2)
        return 0.0;
    double squares = 0.0;
    for (double sample : samples)
        squares += (sample - average) * (sample - average);
    return std::sqrt(squares / double(samples.size() - 1));
}
} // namespace

SampleStatistics summarize(std::vector<double> samples)
{
    SampleStatistics statistics;
    statistics.count = samples.size();
    if (samples.empty())
        return statistics;
    std::sort(samples.begin(), samples.end());
    statistics.mean = mean(samples);
    const std::size_t half = samples.size() / 2;
    statistics.median = samples.size() % 2 ? samples[half] : (samples[half - 1] + samples[half]) / 2.0;
    statistics.min = samples.front();
    statistics.max = samples.back();
    statistics.stddev = sampleStddev(samples, statistics.mean);
    return statistics;
}

bool referenceProtocolDone(const std::vector<double> &samplesNs, double budgetNs)
{
    const std::size_t count = samplesNs.size();
    if (count < kReferenceMinSamples)
        return false;
    if (count >= kReferenceMaxSamples)
        return true;
    const double average = mean(samplesNs);
    const double standardError = sampleStddev(samplesNs, average) / std::sqrt(double(count));
    return standardError / average < kReferenceRelativeError || average * double(count) > budgetNs;
}

double geometricMean(const std::vector<double> &values)
{
    double logSum = 0.0;
    for (double value : values)
        logSum += std::log(value);
    return std::exp(logSum / double(values.size()));
}

} // namespace kfx::measure
