#include "forecastreward.h"

#include <array>
#include <cmath>
#include <stdexcept>

namespace kfx::replay {

namespace {
// forecast_reward.py's _midpoint for bins 1..8 (spec §1.1.1), exponents written out as the table gives them.
const std::array<double, 8> kMidpoints = {std::exp2(-2.25), std::exp2(-1.25), std::exp2(-0.625), std::exp2(-0.375),
                                          std::exp2(0.375), std::exp2(0.625), std::exp2(1.25),   std::exp2(2.25)};
} // namespace

double expectedSpeedupReward(const Forecast &forecast)
{
    double reward = 0.0;
    for (std::size_t i = 0; i < kMidpoints.size(); ++i)
        reward += forecast.probabilities[i] * kMidpoints[i];
    // The reference raises on a non-finite reward; a forecast that passed makeForecast() cannot produce one.
    if (!std::isfinite(reward))
        throw std::domain_error("expected speedup reward is not finite");
    return reward;
}

} // namespace kfx::replay
