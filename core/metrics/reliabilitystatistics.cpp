#include "reliabilitystatistics.h"

#include <boost/math/distributions/beta.hpp>
#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace kfx::metrics {

namespace {

struct Judged {
    double confidence;
    bool correct;
};

std::vector<Judged> judgedForecasts(std::span<const CalibrationDatum> data)
{
    std::vector<Judged> judged;
    judged.reserve(data.size());
    for (const auto &datum : data) {
        if (datum.forecast)
            judged.push_back({datum.forecast->probabilityOf(datum.forecast->predictedBin),
                              datum.forecast->predictedBin == datum.trueBin});
    }
    return judged;
}

ReliabilityBand bandOf(ReliabilityBucket bucket, int correct, double level)
{
    return {bucket, correct, clopperPearsonInterval(correct, bucket.count, level)};
}

std::vector<ReliabilityBand> equalCountBands(std::span<const CalibrationDatum> data, int buckets, double level)
{
    const auto indices = bucketIndices(data, buckets, BucketMode::EqualCount);
    const int runs = indices.empty() ? 0 : *std::max_element(indices.begin(), indices.end()) + 1;
    struct Accumulator {
        double low = 1.0, high = 0.0, confidence = 0.0;
        int correct = 0, count = 0;
    };
    std::vector<Accumulator> accumulators(static_cast<std::size_t>(runs));
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (indices[i] < 0)
            continue;
        const double confidence = data[i].forecast->probabilityOf(data[i].forecast->predictedBin);
        auto &accumulator = accumulators[std::size_t(indices[i])];
        accumulator.low = std::min(accumulator.low, confidence);
        accumulator.high = std::max(accumulator.high, confidence);
        accumulator.confidence += confidence;
        accumulator.correct += data[i].forecast->predictedBin == data[i].trueBin ? 1 : 0;
        ++accumulator.count;
    }
    std::vector<ReliabilityBand> bands;
    for (const auto &accumulator : accumulators) {
        const ReliabilityBucket bucket{accumulator.low, accumulator.high, accumulator.confidence / accumulator.count,
                                       double(accumulator.correct) / accumulator.count, accumulator.count};
        bands.push_back(bandOf(bucket, accumulator.correct, level));
    }
    return bands;
}

// |mean confidence − accuracy| of each non-empty bucket.
std::vector<double> gapsOf(std::span<const ReliabilityBand> bands)
{
    std::vector<double> gaps;
    for (const auto &band : bands) {
        if (band.bucket.count > 0)
            gaps.push_back(std::abs(band.bucket.meanConfidence - band.bucket.accuracy));
    }
    return gaps;
}

std::vector<ReliabilityBucket> bucketsOf(std::span<const ReliabilityBand> bands)
{
    std::vector<ReliabilityBucket> buckets;
    buckets.reserve(bands.size());
    for (const auto &band : bands)
        buckets.push_back(band.bucket);
    return buckets;
}

} // namespace

std::vector<int> bucketIndices(std::span<const CalibrationDatum> data, int buckets, BucketMode mode)
{
    const int n = std::max(buckets, 1);
    std::vector<int> indices(data.size(), -1);
    std::vector<std::pair<double, std::size_t>> parsed;
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (data[i].forecast)
            parsed.emplace_back(data[i].forecast->probabilityOf(data[i].forecast->predictedBin), i);
    }
    if (mode == BucketMode::EqualWidth) {
        // reliabilityBuckets' rule: idx = min(int(conf·n), n − 1).
        for (const auto &[confidence, i] : parsed)
            indices[i] = std::min(int(confidence * n), n - 1);
        return indices;
    }
    std::stable_sort(parsed.begin(), parsed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    const auto runs = std::min<std::size_t>(std::size_t(n), parsed.size());
    std::size_t next = 0;
    for (std::size_t run = 0; run < runs; ++run) {
        // The first size % runs runs take one more, as numpy.array_split cuts.
        const auto size = parsed.size() / runs + (run < parsed.size() % runs ? 1 : 0);
        for (std::size_t k = 0; k < size; ++k)
            indices[parsed[next++].second] = int(run);
    }
    return indices;
}

ProportionInterval clopperPearsonInterval(int successes, int trials, double level)
{
    if (!(level > 0.0 && level < 1.0))
        throw std::invalid_argument("the confidence level must lie strictly between 0 and 1");
    if (trials <= 0)
        return {};
    if (successes < 0 || successes > trials)
        throw std::invalid_argument("successes must lie between 0 and the number of trials");
    const double tail = (1.0 - level) / 2.0;
    ProportionInterval interval{0.0, 1.0};
    if (successes > 0)
        interval.low = boost::math::ibeta_inv(double(successes), double(trials - successes + 1), tail);
    if (successes < trials)
        interval.high = boost::math::ibeta_inv(double(successes + 1), double(trials - successes), 1.0 - tail);
    return interval;
}

std::vector<ReliabilityBand> reliabilityBands(std::span<const CalibrationDatum> data, int buckets, BucketMode mode,
                                              double level)
{
    // No rows, no buckets: as evaluateCalibration reports a surrogate whose forecasts joined no pair.
    if (data.empty())
        return {};
    if (mode == BucketMode::EqualCount)
        return equalCountBands(data, buckets, level);
    std::vector<ReliabilityBand> bands;
    for (const auto &bucket : reliabilityBuckets(data, buckets)) {
        // accuracy is correct / count, which multiplies back exactly for any count a file can hold.
        const int correct = int(std::lround(bucket.accuracy * bucket.count));
        bands.push_back(bandOf(bucket, correct, level));
    }
    return bands;
}

double maximumCalibrationError(std::span<const ReliabilityBand> bands)
{
    const auto gaps = gapsOf(bands);
    return gaps.empty() ? 0.0 : *std::max_element(gaps.begin(), gaps.end());
}

double averageCalibrationError(std::span<const ReliabilityBand> bands)
{
    const auto gaps = gapsOf(bands);
    return gaps.empty() ? 0.0 : std::accumulate(gaps.begin(), gaps.end(), 0.0) / double(gaps.size());
}

double classwiseCalibrationError(std::span<const CalibrationDatum> data, int buckets)
{
    const int n = std::max(buckets, 1);
    struct Accumulator {
        double probability = 0.0;
        int hits = 0;
    };
    const auto parsed = std::count_if(data.begin(), data.end(), [](const auto &datum) { return datum.forecast; });
    if (parsed == 0)
        return 0.0;
    double total = 0.0;
    for (int bin = 1; bin <= 8; ++bin) {
        std::vector<Accumulator> accumulators(static_cast<std::size_t>(n));
        for (const auto &datum : data) {
            if (!datum.forecast)
                continue;
            const double p = datum.forecast->probabilityOf(bin);
            auto &accumulator = accumulators[std::size_t(std::clamp(int(p * n), 0, n - 1))];
            accumulator.probability += p;
            accumulator.hits += datum.trueBin == bin ? 1 : 0;
        }
        // Σ (count/N)·|mean p − frequency| = Σ |Σp − hits| / N; an empty bucket adds 0.
        for (const auto &accumulator : accumulators)
            total += std::abs(accumulator.probability - accumulator.hits) / double(parsed);
    }
    return total / 8.0;
}

SpiegelhalterTest spiegelhalterTest(std::span<const CalibrationDatum> data)
{
    double numerator = 0.0;
    double variance = 0.0;
    for (const auto &judged : judgedForecasts(data)) {
        const double p = judged.confidence;
        numerator += ((judged.correct ? 1.0 : 0.0) - p) * (1.0 - 2.0 * p);
        variance += (1.0 - 2.0 * p) * (1.0 - 2.0 * p) * p * (1.0 - p);
    }
    if (!(variance > 0.0)) {
        constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
        return {kNaN, kNaN};
    }
    const double z = numerator / std::sqrt(variance);
    return {z, 2.0 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::abs(z)))};
}

ReliabilityStatistics reliabilityStatistics(std::span<const CalibrationDatum> data, int buckets, BucketMode mode)
{
    ReliabilityStatistics statistics;
    statistics.mode = mode;
    statistics.bands = reliabilityBands(data, buckets, mode);
    const auto equalWidth = mode == BucketMode::EqualWidth ? statistics.bands
                                                           : reliabilityBands(data, buckets, BucketMode::EqualWidth);
    const auto equalCount = mode == BucketMode::EqualCount ? statistics.bands
                                                           : reliabilityBands(data, buckets, BucketMode::EqualCount);
    statistics.ece = expectedCalibrationError(bucketsOf(equalWidth));
    statistics.ace = averageCalibrationError(equalCount);
    statistics.mce = maximumCalibrationError(statistics.bands);
    statistics.classwiseEce = classwiseCalibrationError(data, buckets);
    statistics.spiegelhalter = spiegelhalterTest(data);
    return statistics;
}

} // namespace kfx::metrics
