#pragma once

#include "metrics/confidencescore.h"
#include "search/searchdriver.h"

#include <QCoreApplication>
#include <QString>

namespace kfx::workspace {
struct StoredGateSettings;
}

// How a selective search started or simulated from the window trusts forecasts: as the gate bar does (issue 24).
// The gate's score and threshold, its target coverage and its risk bound where the user applied them, and
// SearchConfig's defaults where the gate has none. So "threshold" in the simulation dock means the threshold on
// screen, not a constant of its own.
struct TrustSettings {
    kfx::metrics::ConfidenceScore confidence;
    double threshold;
    double coverage;
    double alpha;
    double delta;

    // SearchConfig's defaults.
    TrustSettings();
    static TrustSettings ofGate(const kfx::workspace::StoredGateSettings &gate);

    // Sets the parameters every policy reads; the policy itself is the caller's.
    void applyTo(kfx::search::SearchConfig &config) const;
    // The value `policy` is set by: the threshold, the coverage or α (top-k has none, 0).
    double level(kfx::search::SelectionPolicy policy) const;
    // What `policy` trusts, in words for a legend or a tooltip: "Max probability ≥ 0.62", "the most confident
    // 50 %", "risk ≤ 0.1 at δ 0.05"; for top-k, that it trusts nothing.
    QString describe(kfx::search::SelectionPolicy policy) const;

    bool operator==(const TrustSettings &other) const = default;

    Q_DECLARE_TR_FUNCTIONS(TrustSettings)
};
