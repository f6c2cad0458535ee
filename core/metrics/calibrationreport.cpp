#include "calibrationreport.h"

#include "exactsum.h"
#include "scoringrules.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace kfx::metrics {

std::vector<ReliabilityBucket> reliabilityBuckets(std::span<const CalibrationDatum> data, int buckets)
{
    struct Accumulator {
        double confidence = 0.0;
        int correct = 0;
        int count = 0;
    };
    std::vector<Accumulator> accumulators(std::size_t(std::max(buckets, 1)));
    for (const auto &datum : data) {
        if (!datum.forecast)
            continue;
        const double confidence = datum.forecast->probabilityOf(datum.forecast->predictedBin);
        const int index = std::min(int(confidence * buckets), buckets - 1);
        auto &accumulator = accumulators[std::size_t(index)];
        accumulator.confidence += confidence;
        accumulator.correct += datum.forecast->predictedBin == datum.trueBin ? 1 : 0;
        ++accumulator.count;
    }
    std::vector<ReliabilityBucket> result;
    for (int i = 0; i < int(accumulators.size()); ++i) {
        const auto &accumulator = accumulators[std::size_t(i)];
        ReliabilityBucket bucket{double(i) / buckets, double(i + 1) / buckets, 0.0, 0.0, accumulator.count};
        if (accumulator.count > 0) {
            bucket.meanConfidence = accumulator.confidence / accumulator.count;
            bucket.accuracy = double(accumulator.correct) / accumulator.count;
        }
        result.push_back(bucket);
    }
    return result;
}

double expectedCalibrationError(std::span<const ReliabilityBucket> buckets)
{
    int total = 0;
    for (const auto &bucket : buckets)
        total += bucket.count;
    if (total == 0)
        return 0.0;
    double ece = 0.0;
    for (const auto &bucket : buckets) {
        if (bucket.count > 0)
            ece += (double(bucket.count) / total) * std::abs(bucket.meanConfidence - bucket.accuracy);
    }
    return ece;
}

CalibrationReport evaluateCalibration(std::span<const CalibrationDatum> data, int buckets)
{
    CalibrationReport report;
    report.total = int(data.size());
    if (data.empty())
        return report;

    int correct = 0;
    int nearlyCorrect = 0;
    double entropyTotal = 0.0;
    double brierParsed = 0.0, crpsParsed = 0.0, nllParsed = 0.0, unhalved = 0.0;
    double brierAll = 0.0, crpsAll = 0.0, nllAll = 0.0;
    ExactSum rawSums;
    const auto fallback = uniformDistribution();
    for (const auto &datum : data) {
        if (!datum.forecast) {
            brierAll += halfBrier(fallback, datum.trueBin);
            crpsAll += crps(fallback, datum.trueBin);
            nllAll += negativeLogLikelihood(fallback, datum.trueBin);
            continue;
        }
        const auto &forecast = *datum.forecast;
        ++report.parsed;
        correct += forecast.predictedBin == datum.trueBin ? 1 : 0;
        nearlyCorrect += std::abs(forecast.predictedBin - datum.trueBin) <= 1 ? 1 : 0;
        entropyTotal += entropy(forecast.probabilities);
        const double brier = halfBrier(forecast.probabilities, datum.trueBin);
        const double ranked = crps(forecast.probabilities, datum.trueBin);
        const double nll = negativeLogLikelihood(forecast.probabilities, datum.trueBin);
        brierParsed += brier;
        crpsParsed += ranked;
        nllParsed += nll;
        brierAll += brier;
        crpsAll += ranked;
        nllAll += nll;
        unhalved += unhalvedBrier(forecast.probabilities, datum.trueBin);
        rawSums.add(forecast.rawProbabilitySum);
    }
    const int parsed = report.parsed;
    report.parsedRate = double(parsed) / report.total;
    if (parsed > 0) {
        report.accuracy = double(correct) / parsed;
        report.offByOne = double(nearlyCorrect) / parsed;
        report.meanEntropy = entropyTotal / parsed;
        report.meanBrierParsed = brierParsed / parsed;
        report.meanCrpsParsed = crpsParsed / parsed;
        report.meanNllParsed = nllParsed / parsed;
        report.brierUnhalved = unhalved / parsed;
        // statistics.mean is exact; an exactly rounded sum divided once matches it.
        report.meanRawProbabilitySum = rawSums.value() / parsed;
    }
    report.meanBrier = brierAll / report.total;
    report.meanCrps = crpsAll / report.total;
    report.meanNll = nllAll / report.total;
    report.reliability = reliabilityBuckets(data, buckets);
    report.ece = expectedCalibrationError(report.reliability);
    return report;
}

ConfusionMatrix confusionMatrix(std::span<const CalibrationDatum> data)
{
    ConfusionMatrix matrix{};
    for (const auto &datum : data) {
        if (datum.forecast && datum.trueBin >= 1 && datum.trueBin <= 8)
            ++matrix[std::size_t(datum.forecast->predictedBin - 1)][std::size_t(datum.trueBin - 1)];
    }
    return matrix;
}

} // namespace kfx::metrics
