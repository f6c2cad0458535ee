#pragma once

#include "model/forecast.h"

namespace kfx::replay {

// The abstaining search's reward for a trusted forecast (spec §2.5, forecast_reward.py): Σ_b p_b · midpoint_b
// with that module's own midpoint table (spec §1.1.1, third column) — neither the truth bands nor
// the risk midpoints, but what the reference's compound search really used.
double expectedSpeedupReward(const Forecast &forecast);

} // namespace kfx::replay
