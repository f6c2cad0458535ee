#pragma once

#include "taskmanifest.h"

#include <cstdint>
#include <vector>

namespace kfx::measure {

// Fills an input buffer from its seed with our own generator (splitmix64, Box-Muller for normals), not the
// standard library's distributions, whose output differs between library implementations: the same task gives the
// same inputs on every machine.
std::vector<float> generateInput(const BufferInit &init, std::size_t count, std::uint64_t seed);

// The seed of one buffer of one case, derived from the task's seed.
std::uint64_t bufferSeed(std::uint64_t taskSeed, std::size_t caseIndex, std::size_t parameterIndex);

} // namespace kfx::measure
