#pragma once

#include "model/forecast.h"

// The reference tests' estimate (spec §2.7): `conf` on the predicted bin, (1 − conf)/7 on each other bin.
inline kfx::Forecast peaked(int bin, double conf)
{
    kfx::Forecast forecast;
    forecast.predictedBin = bin;
    forecast.probabilities.fill((1.0 - conf) / 7.0);
    forecast.probabilities[std::size_t(bin - 1)] = conf;
    return forecast;
}
