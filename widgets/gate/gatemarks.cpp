#include "gatemarks.h"

#include "session/gatecandidates.h"

#include <QApplication>
#include <QLocale>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QPixmapCache>

#include <cmath>

namespace {

using kfx::gate::DecisionReason;
using kfx::gate::GateDecision;

enum class Mark { Trusted, Deferred, TrustedByHand, DeferredByHand, NoForecast };

Mark markOf(const GateDecision &decision)
{
    switch (decision.reason) {
    case DecisionReason::OverriddenTrust:
        return Mark::TrustedByHand;
    case DecisionReason::OverriddenDefer:
        return Mark::DeferredByHand;
    case DecisionReason::NoForecast:
        return Mark::NoForecast;
    case DecisionReason::ScoreAtOrAboveThreshold:
    case DecisionReason::ScoreBelowThreshold:
    case DecisionReason::ModelDeferred:
        break;
    }
    return decision.trusted() ? Mark::Trusted : Mark::Deferred;
}

QString outcomeText(kfx::OutcomeKind kind)
{
    const auto name = kfx::outcomeKindName(kind);
    return QString::fromUtf8(name.data(), static_cast<int>(name.size()));
}

// The two verdicts need colours that read on light and dark bases alike, so both are mid-tones; an override
// adds a ring in the text colour, so that it stands out without a third hue.
QPixmap paintMark(Mark mark)
{
    constexpr int size = 16;
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const auto palette = QApplication::palette();
    const QColor trusted(0x3d, 0xa8, 0x5a);
    const QColor deferred(0xd9, 0x8e, 0x2b);
    const QRectF dot(3.5, 3.5, 9, 9);
    switch (mark) {
    case Mark::Trusted:
    case Mark::TrustedByHand:
        painter.setPen(Qt::NoPen);
        painter.setBrush(trusted);
        painter.drawEllipse(dot);
        break;
    case Mark::Deferred:
    case Mark::DeferredByHand:
        painter.setPen(QPen(deferred, 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(dot.adjusted(1, 1, -1, -1));
        break;
    case Mark::NoForecast:
        painter.setPen(QPen(palette.color(QPalette::Disabled, QPalette::Text), 1.5, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(dot.adjusted(1, 1, -1, -1));
        break;
    }
    if (mark == Mark::TrustedByHand || mark == Mark::DeferredByHand) {
        painter.setPen(QPen(palette.color(QPalette::Text), 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(QRectF(0.75, 0.75, size - 1.5, size - 1.5));
    }
    return pixmap;
}

} // namespace

QString GateMarks::verdictText(const GateDecision &decision)
{
    switch (markOf(decision)) {
    case Mark::Trusted:
        return QObject::tr("trusted");
    case Mark::Deferred:
        return decision.reason == DecisionReason::ModelDeferred ? QObject::tr("deferred by model")
                                                                : QObject::tr("deferred");
    case Mark::TrustedByHand:
        return QObject::tr("trusted (override)");
    case Mark::DeferredByHand:
        return QObject::tr("deferred (override)");
    case Mark::NoForecast:
        return QObject::tr("no forecast");
    }
    return {};
}

QString GateMarks::verdictText(const kfx::KernelNode &node, const GateDecision &decision)
{
    if (decision.reason == DecisionReason::ModelDeferred && gatecandidates::modelDeferred(node)
        && !node.evaluation->deferralReason->empty())
        return QObject::tr("deferred by the model: %1").arg(QString::fromStdString(*node.evaluation->deferralReason));
    return verdictText(decision);
}

QString GateMarks::explanation(const kfx::KernelNode &node, const GateDecision &decision, const QString &note)
{
    const auto score = QLocale().toString(decision.score, 'g', 4);
    switch (decision.reason) {
    case DecisionReason::ScoreAtOrAboveThreshold:
        return QObject::tr("Trusted: its score %1 is at or above the threshold.").arg(score);
    case DecisionReason::ScoreBelowThreshold:
        return QObject::tr("Deferred to the GPU: its score %1 is below the threshold.").arg(score);
    case DecisionReason::ModelDeferred:
        if (gatecandidates::modelDeferred(node) && !node.evaluation->deferralReason->empty())
            return QObject::tr("Deferred by the model: %1")
                .arg(QString::fromStdString(*node.evaluation->deferralReason));
        return QObject::tr("Deferred by the model, which gave no reason.");
    case DecisionReason::NoForecast:
        return QObject::tr("Deferred to the GPU: there is no usable forecast.");
    case DecisionReason::OverriddenTrust:
        return note.isEmpty() ? QObject::tr("Trusted by hand, whatever the gate says.")
                              : QObject::tr("Trusted by hand: %1").arg(note);
    case DecisionReason::OverriddenDefer:
        return note.isEmpty() ? QObject::tr("Deferred to the GPU by hand, whatever the gate says.")
                              : QObject::tr("Deferred to the GPU by hand: %1").arg(note);
    }
    return {};
}

QIcon GateMarks::icon(const GateDecision &decision)
{
    // Keyed by the palette too, so that a theme change repaints the marks; Qt's cache outlives no QApplication.
    const auto mark = markOf(decision);
    const auto key =
        QStringLiteral("kfx-gate-mark-%1-%2").arg(static_cast<int>(mark)).arg(QApplication::palette().cacheKey());
    QPixmap pixmap;
    if (!QPixmapCache::find(key, &pixmap)) {
        pixmap = paintMark(mark);
        QPixmapCache::insert(key, pixmap);
    }
    return QIcon(pixmap);
}

QVariant GateMarks::data(const kfx::KernelNode &node, const GateDecision &decision, int role, int sortRole)
{
    if (!gatecandidates::isCandidate(node))
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        return verdictText(node, decision);
    case Qt::DecorationRole:
        return icon(decision);
    case Qt::ToolTipRole:
        if (gatecandidates::kernelFailed(node)) {
            const auto outcome = outcomeText(node.evaluation->kind);
            return explanation(node, decision) + QLatin1Char(' ')
                + (decision.trusted()
                       ? QObject::tr("The kernel then failed its measurement (%1): trusting it is a trust error.")
                       : QObject::tr("The kernel then failed its measurement (%1), as the GPU found."))
                      .arg(outcome);
        }
        return explanation(node, decision);
    default:
        break;
    }
    if (role == sortRole) {
        // Trusted first, overrides beside their verdict, then by score within each.
        const double verdict = decision.trusted() ? 0.0 : 2.0;
        const double byHand = decision.overridden() ? 1.0 : 0.0;
        const double score = std::isnan(decision.score) ? 0.0 : 0.5 / (1.0 + std::exp(-decision.score));
        return verdict + byHand - score;
    }
    return {};
}
