#include "riskmonitor.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace kfx::gate {

namespace {

constexpr int kGamblers = 19;

double betFraction(int gambler)
{
    return double(gambler + 1) / double(kGamblers + 1);
}

// The lowest rate in [0, 1] whose averaged wealth is below 1/δ: wealth falls as the rate rises, so bisect.
double lowestPlausibleRate(std::int64_t hits, std::int64_t trials, double delta)
{
    const double barrier = std::log(1.0 / delta);
    if (bettingLogWealth(hits, trials, 1.0) >= barrier)
        return 1.0;
    double low = 0.0;
    double high = 1.0;
    for (int i = 0; i < 60; ++i) {
        const double middle = 0.5 * (low + high);
        (bettingLogWealth(hits, trials, middle) >= barrier ? low : high) = middle;
    }
    return low;
}

} // namespace

double bettingLogWealth(std::int64_t hits, std::int64_t trials, double rate)
{
    if (trials <= 0)
        return 0.0;
    if (rate <= 0.0 && hits > 0)
        return std::numeric_limits<double>::infinity(); // an error where none can happen: the bet pays without end
    std::array<double, kGamblers> logWealth{};
    for (int j = 0; j < kGamblers; ++j) {
        const double c = betFraction(j);
        // A win pays c(1 − m)/m of the wealth; a loss costs c of it (λ = c/m on X − m).
        const double win = hits == 0 ? 0.0 : double(hits) * std::log1p(c * (1.0 - rate) / rate);
        logWealth[std::size_t(j)] = win + double(trials - hits) * std::log1p(-c);
    }
    const double top = *std::max_element(logWealth.begin(), logWealth.end());
    double sum = 0.0;
    for (const double w : logWealth)
        sum += std::exp(w - top);
    return top + std::log(sum / double(kGamblers));
}

RiskMonitor::RiskMonitor(const RiskMonitorSettings &settings) : m_settings(settings) {}

bool RiskMonitor::observe(bool trusted, bool wrong)
{
    ++m_observations;
    if (!trusted)
        return false;
    ++m_trusted;
    m_wrong += wrong ? 1 : 0;
    if (m_alarmAt)
        return false;
    if (bettingLogWealth(m_wrong, m_trusted, m_settings.alpha) < std::log(1.0 / m_settings.delta))
        return false;
    m_alarmAt = m_observations;
    return true;
}

double RiskMonitor::lowerBound() const
{
    return lowestPlausibleRate(m_wrong, m_trusted, m_settings.delta);
}

double RiskMonitor::upperBound() const
{
    // The same bet on the forecasts being right bounds the right share from below.
    return 1.0 - lowestPlausibleRate(m_trusted - m_wrong, m_trusted, m_settings.delta);
}

} // namespace kfx::gate
