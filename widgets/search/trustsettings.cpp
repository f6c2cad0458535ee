#include "trustsettings.h"

#include "common/displaytext.h"
#include "workspace/workspace.h"

#include <QLocale>

#include <cmath>

TrustSettings::TrustSettings()
{
    const kfx::search::SearchConfig defaults;
    confidence = defaults.confidence;
    threshold = defaults.threshold;
    coverage = defaults.coverage;
    alpha = defaults.alpha;
    delta = defaults.delta;
}

TrustSettings TrustSettings::ofGate(const kfx::workspace::StoredGateSettings &gate)
{
    TrustSettings trust;
    trust.confidence = gate.gate.score;
    trust.threshold = gate.gate.threshold;
    trust.coverage = gate.targetCoverage.value_or(trust.coverage);
    trust.alpha = gate.riskAlpha.value_or(trust.alpha);
    trust.delta = gate.riskDelta.value_or(trust.delta);
    return trust;
}

void TrustSettings::applyTo(kfx::search::SearchConfig &config) const
{
    config.confidence = confidence;
    config.threshold = threshold;
    config.coverage = coverage;
    config.alpha = alpha;
    config.delta = delta;
}

double TrustSettings::level(kfx::search::SelectionPolicy policy) const
{
    using kfx::search::SelectionPolicy;
    switch (policy) {
    case SelectionPolicy::TopK:
        return 0.0;
    case SelectionPolicy::Threshold:
        return threshold;
    case SelectionPolicy::Coverage:
        return coverage;
    case SelectionPolicy::Risk:
        return alpha;
    }
    return 0.0;
}

QString TrustSettings::describe(kfx::search::SelectionPolicy policy) const
{
    using kfx::search::SelectionPolicy;
    const QLocale locale;
    switch (policy) {
    case SelectionPolicy::TopK:
        return tr("trusts no forecast: every selected candidate is measured");
    case SelectionPolicy::Threshold:
        // A gate moved to its lowest end trusts every forecast; "≥ -inf" would say so less plainly.
        if (!std::isfinite(threshold))
            return tr("%1 at any value").arg(confidenceScoreText(confidence));
        return tr("%1 ≥ %2").arg(confidenceScoreText(confidence), locale.toString(threshold, 'g', 3));
    case SelectionPolicy::Coverage:
        return tr("the most confident %1 % by %2")
            .arg(locale.toString(100.0 * coverage, 'g', 3), confidenceScoreText(confidence));
    case SelectionPolicy::Risk:
        return tr("risk ≤ %1 at δ %2").arg(locale.toString(alpha, 'g', 3), locale.toString(delta, 'g', 3));
    }
    return {};
}
