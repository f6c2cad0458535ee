#include "forecast.h"

#include "speedupbin.h"

#include <cmath>
#include <numeric>

namespace kfx {

namespace {
constexpr double kSumTolerance = 1e-6;
}

double Forecast::probabilityOf(int bin) const
{
    return isForecastBin(bin) ? probabilities[bin - kFirstBin] : 0.0;
}

double Forecast::expectedBinIndex() const
{
    double sum = 0.0;
    for (int bin = kFirstBin; bin <= kLastBin; ++bin)
        sum += bin * probabilityOf(bin);
    // Failure is bin 0: it adds nothing, and takes its share from the bins that run.
    return (1.0 - failureProbability) * sum;
}

std::variant<Forecast, ForecastError> makeForecast(const BinProbabilities &raw, std::int64_t predictedBin,
                                                   std::string reasoning, std::optional<double> declaredRawSum)
{
    if (!isForecastBin(predictedBin))
        return ForecastError{"predicted bin " + std::to_string(predictedBin) + " is not one of 1..8"};
    for (int i = 0; i < kBinCount; ++i) {
        if (!std::isfinite(raw[i]) || raw[i] < 0.0)
            return ForecastError{"probability of bin " + std::to_string(i + 1) + " is " + std::to_string(raw[i])
                                 + ", not a finite non-negative number"};
    }
    const double total = std::accumulate(raw.begin(), raw.end(), 0.0);
    if (!(total > 0.0))
        return ForecastError{"cannot renormalize probabilities that sum to " + std::to_string(total)};

    Forecast forecast;
    forecast.predictedBin = int(predictedBin);
    forecast.reasoning = std::move(reasoning);
    forecast.rawProbabilitySum = declaredRawSum.value_or(total);
    if (std::abs(total - 1.0) <= kSumTolerance) {
        forecast.probabilities = raw;
    } else {
        for (int i = 0; i < kBinCount; ++i)
            forecast.probabilities[i] = raw[i] / total;
    }
    return forecast;
}

} // namespace kfx
