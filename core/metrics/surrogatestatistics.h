#pragma once

#include "reliabilitystatistics.h"
#include "selectivestatistics.h"
#include "surrogateevaluation.h"

#include <span>
#include <string>
#include <vector>

namespace kfx::metrics {

// Issue 17's statistics with uncertainty about one surrogate, beside its SurrogateEvaluation.
struct StatisticsOptions {
    int buckets = 10;
    BucketMode bucketMode = BucketMode::EqualWidth;
    SelectiveStatisticsRequest selective;
};

struct SurrogateStatistics {
    std::string label;
    ReliabilityStatistics reliability;
    SelectiveStatistics selective;
};

SurrogateStatistics surrogateStatistics(const JoinedSurrogate &joined, const StatisticsOptions &options);
// One per joined surrogate, in their order, computed in parallel: the same as one by one.
std::vector<SurrogateStatistics> surrogateStatistics(std::span<const JoinedSurrogate> joined,
                                                     const StatisticsOptions &options);

} // namespace kfx::metrics
