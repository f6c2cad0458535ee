#pragma once

#include <cstdint>
#include <optional>

namespace kfx::gate {

struct RiskMonitorSettings {
    double alpha = 0.1;  // the certified error rate the trusted forecasts must stay under
    double delta = 0.05; // the chance of a false alarm over the whole run, however long
};

// Watches the error rate of trusted forecasts as their measurements arrive, and alarms once the data show, with
// time-uniform confidence, that it is above the certified level.
//
// The bound is a confidence sequence by betting (Waudby-Smith & Ramdas 2023, "Estimating means of bounded random
// variables by betting", JRSS B): for a candidate rate m, a gambler bets a fixed fraction c of its wealth that
// the next trusted forecast is wrong, at fair odds under "the rate is m" (stake λ = c / m on X − m); its wealth
// after t forecasts with k errors is (1 + c(1 − m)/m)^k (1 − c)^(t − k). While every trusted forecast is wrong
// with probability at most m, that wealth is a nonnegative supermartingale, so by Ville's inequality it ever
// reaches 1/δ with probability at most δ — whenever one looks. Averaging gamblers with c = 1/20, ..., 19/20
// (the paper's "diversified Kelly") keeps that guarantee, detects both small and large excesses, and depends on
// the counts alone, so each measurement costs a constant amount of work whatever the search's length.
//
// It bounds the running rate of all trusted forecasts so far, so a long clean history delays the alarm: after N
// forecasts at rate r0 < α, a shift to r1 needs about N(α − r0)/(r1 − α) more before the running rate itself
// passes α. The guarantee it buys is the one a certified gate needs: if the rate never exceeds α, no alarm, ever,
// with probability 1 − δ.
//
// Chosen over a Hoeffding-style stitched bound because a Bernoulli rate near α has variance α(1 − α), far below
// the 1/4 Hoeffding assumes: at α = 0.1 betting alarms on a real shift several times sooner.
class RiskMonitor {
public:
    explicit RiskMonitor(const RiskMonitorSettings &settings = {});

    // One measured candidate: whether the gate trusted it and, if so, whether its forecast was wrong. Deferred
    // measurements are counted but cannot move the bound: only trusted forecasts carry the guarantee.
    // Returns true when this observation raised the alarm.
    bool observe(bool trusted, bool wrong);

    const RiskMonitorSettings &settings() const { return m_settings; }
    std::int64_t observations() const { return m_observations; } // trusted and deferred
    std::int64_t trusted() const { return m_trusted; }
    std::int64_t trustedWrong() const { return m_wrong; }
    double runningRisk() const { return m_trusted == 0 ? 0.0 : double(m_wrong) / double(m_trusted); }

    // The time-uniform lower and upper bounds on the trusted error rate, each one-sided at confidence 1 − δ.
    double lowerBound() const;
    double upperBound() const;

    bool alarmed() const { return m_alarmAt.has_value(); }
    // The observation (1-based, counting deferred ones) that raised the alarm; the alarm stays raised.
    std::optional<std::int64_t> alarmAt() const { return m_alarmAt; }

private:
    RiskMonitorSettings m_settings;
    std::int64_t m_observations = 0;
    std::int64_t m_trusted = 0;
    std::int64_t m_wrong = 0;
    std::optional<std::int64_t> m_alarmAt;
};

// The log of the averaged gamblers' wealth against the rate `rate` after `hits` events in `trials` (the betting
// statistic RiskMonitor thresholds at log(1/δ)); exposed for tests and reports.
double bettingLogWealth(std::int64_t hits, std::int64_t trials, double rate);

} // namespace kfx::gate
