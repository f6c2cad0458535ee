#include "inputgenerator.h"

#include <cmath>
#include <numbers>

namespace kfx::measure {

namespace {
std::uint64_t splitmix64(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Uniform in (0, 1]: never 0, so the logarithm of Box-Muller stays finite.
double unit(std::uint64_t &state)
{
    return (double(splitmix64(state) >> 11) + 1.0) * 0x1.0p-53;
}
} // namespace

std::uint64_t bufferSeed(std::uint64_t taskSeed, std::size_t caseIndex, std::size_t parameterIndex)
{
    std::uint64_t state = taskSeed ^ (std::uint64_t(caseIndex) << 32) ^ std::uint64_t(parameterIndex);
    return splitmix64(state);
}

std::vector<float> generateInput(const BufferInit &init, std::size_t count, std::uint64_t seed)
{
    std::vector<float> values(count);
    std::uint64_t state = seed;
    if (init.distribution == BufferInit::Distribution::Uniform) {
        for (float &value : values)
            value = float(init.first + (init.second - init.first) * unit(state));
        return values;
    }
    for (std::size_t i = 0; i < count; i += 2) {
        const double radius = std::sqrt(-2.0 * std::log(unit(state)));
        const double angle = 2.0 * std::numbers::pi * unit(state);
        values[i] = float(init.first + init.second * radius * std::cos(angle));
        if (i + 1 < count)
            values[i + 1] = float(init.first + init.second * radius * std::sin(angle));
    }
    return values;
}

} // namespace kfx::measure
