#include "common/displaytext.h"
#include "model/speedupbin.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <iterator>

namespace {

// Three significant digits at most: "812", "81.2", "8.12".
QString threeDigits(double value)
{
    const int decimals = value >= 100.0 ? 0 : value >= 10.0 ? 1 : 2;
    return QLocale().toString(value, 'f', decimals);
}

QString edgeText(double edge)
{
    if (std::isinf(edge))
        return QStringLiteral("∞");
    return speedupText(edge);
}

} // namespace

QString speedupText(double speedup)
{
    return QCoreApplication::translate("DisplayText", "%1×").arg(QLocale().toString(speedup, 'f', 2));
}

QString durationText(double nanoseconds)
{
    if (nanoseconds < 1000.0)
        return QCoreApplication::translate("DisplayText", "%1 ns").arg(qRound(nanoseconds));
    if (nanoseconds < 1e6)
        return QCoreApplication::translate("DisplayText", "%1 µs").arg(threeDigits(nanoseconds / 1e3));
    if (nanoseconds < 1e9)
        return QCoreApplication::translate("DisplayText", "%1 ms").arg(threeDigits(nanoseconds / 1e6));
    return QCoreApplication::translate("DisplayText", "%1 s").arg(threeDigits(nanoseconds / 1e9));
}

QString binIntervalText(int bin, bool truth)
{
    if (!kfx::isForecastBin(bin))
        return {};
    const auto interval = truth ? kfx::truthInterval(bin) : kfx::labelInterval(bin);
    return QStringLiteral("%1%2, %3%4")
        .arg(interval.lowInclusive ? QLatin1Char('[') : QLatin1Char('('))
        .arg(edgeText(interval.low), edgeText(interval.high))
        .arg(interval.highInclusive ? QLatin1Char(']') : QLatin1Char(')'));
}

QString binDescription(int bin)
{
    // core/ names the bins (kfx::binName) but has no Qt to translate them.
    static const char *const kDescriptions[] = {
        QT_TRANSLATE_NOOP("DisplayText", "failure"),
        QT_TRANSLATE_NOOP("DisplayText", "severe slowdown"),
        QT_TRANSLATE_NOOP("DisplayText", "significant slowdown"),
        QT_TRANSLATE_NOOP("DisplayText", "moderate slowdown"),
        QT_TRANSLATE_NOOP("DisplayText", "minor slowdown"),
        QT_TRANSLATE_NOOP("DisplayText", "minor speedup"),
        QT_TRANSLATE_NOOP("DisplayText", "significant speedup"),
        QT_TRANSLATE_NOOP("DisplayText", "high speedup"),
        QT_TRANSLATE_NOOP("DisplayText", "extreme speedup"),
    };
    if (bin < 0 || bin >= int(std::size(kDescriptions)))
        return QString::number(bin);
    return QCoreApplication::translate("DisplayText", kDescriptions[bin]);
}

QString confidenceScoreText(kfx::metrics::ConfidenceScore score)
{
    switch (score) {
    case kfx::metrics::ConfidenceScore::MaxProb:
        return QCoreApplication::translate("DisplayText", "Max probability");
    case kfx::metrics::ConfidenceScore::NegEntropy:
        return QCoreApplication::translate("DisplayText", "Negative entropy");
    case kfx::metrics::ConfidenceScore::Top2Margin:
        return QCoreApplication::translate("DisplayText", "Top-2 margin");
    case kfx::metrics::ConfidenceScore::ExpectedBin:
        return QCoreApplication::translate("DisplayText", "Expected bin index");
    }
    return {};
}
