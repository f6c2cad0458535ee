#include "outputcomparison.h"

#include <cmath>
#include <limits>
#include <sstream>

namespace kfx::measure {

OutputComparison compareOutputs(const std::vector<float> &expected, const std::vector<float> &actual,
                                const Tolerance &tolerance)
{
    OutputComparison result;
    double worstExcess = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const double want = expected[i];
        const double got = actual[i];
        const double absError = std::isnan(got) || std::isnan(want) ? std::numeric_limits<double>::infinity()
                                                                    : std::abs(got - want);
        const double allowed = tolerance.atol + tolerance.rtol * std::abs(want);
        const double relError = want != 0.0 ? absError / std::abs(want) : absError;
        result.maxAbsError = std::max(result.maxAbsError, absError);
        result.maxRelError = std::max(result.maxRelError, relError);
        if (absError <= allowed)
            continue;
        ++result.mismatches;
        if (absError - allowed > worstExcess) {
            worstExcess = absError - allowed;
            result.worstIndex = i;
            result.expected = expected[i];
            result.actual = actual[i];
        }
    }
    return result;
}

std::string OutputComparison::describe(const std::string &buffer, std::size_t elements,
                                       const Tolerance &tolerance) const
{
    std::ostringstream text;
    text.precision(6);
    text << mismatches << " of " << elements << " elements of " << buffer << " differ; worst at index " << worstIndex
         << ": expected " << expected << ", got " << actual << " (max abs error " << maxAbsError << ", max rel error "
         << maxRelError << "; atol " << tolerance.atol << ", rtol " << tolerance.rtol << ")";
    return text.str();
}

} // namespace kfx::measure
