#include "exactsum.h"

#include <cmath>

namespace kfx {

void ExactSum::add(double x)
{
    std::size_t kept = 0;
    for (double y : m_partials) {
        if (std::abs(x) < std::abs(y))
            std::swap(x, y);
        const double high = x + y;
        const double low = y - (high - x);
        if (low != 0.0)
            m_partials[kept++] = low;
        x = high;
    }
    m_partials.resize(kept);
    if (x != 0.0)
        m_partials.push_back(x);
}

double ExactSum::value() const
{
    // Sum the partials from the largest down, correcting the final rounding as math.fsum does.
    if (m_partials.empty())
        return 0.0;
    std::size_t n = m_partials.size();
    double high = m_partials[--n];
    double low = 0.0;
    while (n > 0) {
        const double x = high;
        const double y = m_partials[--n];
        high = x + y;
        const double yRounded = high - x;
        low = y - yRounded;
        if (low != 0.0)
            break;
    }
    if (n > 0 && ((low < 0.0 && m_partials[n - 1] < 0.0) || (low > 0.0 && m_partials[n - 1] > 0.0))) {
        const double y = low * 2.0;
        const double x = high + y;
        if (y == x - high)
            high = x;
    }
    return high;
}

} // namespace kfx
