#include "surrogatestatistics.h"

#include "parallelfor.h"

namespace kfx::metrics {

SurrogateStatistics surrogateStatistics(const JoinedSurrogate &joined, const StatisticsOptions &options)
{
    std::vector<CalibrationDatum> calibration;
    std::vector<SelectiveRow> selective;
    calibration.reserve(joined.predictions.size());
    selective.reserve(joined.predictions.size());
    for (std::size_t i = 0; i < joined.predictions.size(); ++i) {
        const auto &prediction = *joined.predictions[i];
        const auto *forecast = prediction.forecast ? &*prediction.forecast : nullptr;
        calibration.push_back({joined.pairs[i]->trueBin, forecast});
        selective.push_back({joined.pairs[i]->trueBin, joined.pairs[i]->speedup, forecast});
    }
    return {joined.label, reliabilityStatistics(calibration, options.buckets, options.bucketMode),
            selectiveStatistics(selective, options.selective)};
}

std::vector<SurrogateStatistics> surrogateStatistics(std::span<const JoinedSurrogate> joined,
                                                     const StatisticsOptions &options)
{
    std::vector<SurrogateStatistics> result(joined.size());
    // The bootstrap is most of the time; surrogates resample independently, each from its own seeded generator.
    forEachInParallel(joined.size(), [&](std::size_t i) { result[i] = surrogateStatistics(joined[i], options); });
    return result;
}

} // namespace kfx::metrics
