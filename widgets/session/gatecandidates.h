#pragma once

#include "model/kernelnode.h"
#include "model/population.h"

#include <cstddef>
#include <vector>

// Which kernels of a search the gate judges, and what it reads of them. Every part of the window that asks of a kernel
// what the gate would (forecasting, measuring, Calibration, the gate itself) reads it here, so that none of them needs
// the gate's own code.
namespace gatecandidates {

// Whether the gate judges this node at all: the seed and nodes the log only names never reach it, nor does a mutation
// that produced no kernel. A kernel its measurement later found broken is judged like any other, since the gate
// decides before the measurement: trusting it is a trust error.
bool isCandidate(const kfx::KernelNode &node);
// A kernel its measurement found broken: it did not compile, crashed, or computed the wrong result.
bool kernelFailed(const kfx::KernelNode &node);
// The forecast the gate reads: the node's last, or the abstaining search's trusted one.
const kfx::Forecast *forecastOf(const kfx::KernelNode &node);
// Whether the model itself declined to forecast (the predict-or-defer tool).
bool modelDeferred(const kfx::KernelNode &node);
// The candidates with code that no forecast reaches yet: what Forecast Missing asks for.
std::vector<std::size_t> candidatesWithoutForecast(const kfx::Population &population);

} // namespace gatecandidates
