#include "metrics/surprise.h"

#include "model/forecast.h"

#include <algorithm>
#include <cmath>

namespace kfx::metrics {

double surpriseBits(const Forecast &forecast, int trueBin)
{
    return -std::log2(std::max(forecast.probabilityOf(trueBin), kSmallestSurpriseProbability));
}

bool isSurprising(const Forecast &forecast, int trueBin)
{
    return forecast.probabilityOf(trueBin) < kSurprisingBelow;
}

} // namespace kfx::metrics
