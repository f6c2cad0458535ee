#include "democandidatecard.h"

#include "common/displaytext.h"
#include "population/populationmodel.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <cmath>

namespace {

using kfx::gate::DecisionReason;
using kfx::replay::CandidateEvent;

QLabel *cardLabel(QWidget *parent, int pointSize, bool bold)
{
    auto *label = new QLabel(parent);
    auto font = label->font();
    font.setPointSize(pointSize);
    font.setBold(bold);
    label->setFont(font);
    label->setWordWrap(true);
    return label;
}

} // namespace

DemoCandidateCard::DemoCandidateCard(QWidget *parent)
    : QFrame(parent)
    , m_title(cardLabel(this, 22, true))
    , m_parent(cardLabel(this, 14, false))
    , m_forecast(cardLabel(this, 18, false))
    , m_decision(cardLabel(this, 18, true))
    , m_fate(cardLabel(this, 18, false))
{
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setAccessibleName(tr("Candidate being replayed"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 10, 16, 10);
    layout->setSpacing(6);
    layout->addWidget(m_title);
    layout->addWidget(m_parent);
    layout->addWidget(m_forecast);
    layout->addWidget(m_decision);
    layout->addWidget(m_fate);
    layout->addStretch(1);
}

void DemoCandidateCard::showIdle(const QString &policy)
{
    m_title->setText(tr("Following: %1").arg(policy));
    m_parent->clear();
    m_forecast->setText(tr("Press Play or Step: each candidate appears, gets its forecast, then its verdict."));
    m_decision->clear();
    m_fate->clear();
    setAccessibleDescription(text());
}

void DemoCandidateCard::showCandidate(const CandidateEvent &event, Stage stage)
{
    m_title->setText(tr("Candidate %1").arg(PopulationModel::shortIdText(event.nodeId)));
    m_parent->setText(tr("mutated from %1").arg(PopulationModel::shortIdText(event.parentId)));
    if (event.predictedBin) {
        m_forecast->setText(
            tr("Forecast: bin %1 %2, expected %3")
                .arg(*event.predictedBin)
                .arg(binIntervalText(*event.predictedBin, false), speedupText(event.expectedSpeedup.value_or(0.0))));
    } else if (!event.deferralReason.empty()) {
        m_forecast->setText(tr("The model deferred: %1").arg(QString::fromStdString(event.deferralReason)));
    } else {
        m_forecast->setText(tr("No forecast"));
    }
    const bool settled = stage == Stage::Settled;
    m_decision->setText(settled ? decisionText(event) : tr("…"));
    m_fate->setText(settled ? fateText(event) : QString());
    setAccessibleDescription(text());
}

QString DemoCandidateCard::text() const
{
    QStringList lines;
    for (auto *label : {m_title, m_parent, m_forecast, m_decision, m_fate}) {
        if (!label->text().isEmpty())
            lines << label->text();
    }
    return lines.join(QLatin1Char('\n'));
}

QString DemoCandidateCard::decisionText(const CandidateEvent &event)
{
    if (!event.gate) {
        return event.fate == CandidateEvent::Fate::NotChosen ? tr("Not among the k chosen") : tr("Chosen for the GPU");
    }
    const auto score = QLocale().toString(event.gate->score, 'f', 2);
    switch (event.gate->reason) {
    case DecisionReason::ScoreAtOrAboveThreshold:
        return tr("Gate: trusted, confidence %1").arg(score);
    case DecisionReason::ScoreBelowThreshold:
        return tr("Gate: deferred, confidence %1").arg(score);
    case DecisionReason::ModelDeferred:
        return tr("Gate: deferred by the model");
    case DecisionReason::NoForecast:
        return tr("Gate: deferred (no usable forecast)");
    case DecisionReason::OverriddenTrust:
        return tr("Gate: trusted by hand");
    case DecisionReason::OverriddenDefer:
        return tr("Gate: deferred by hand");
    }
    return {};
}

QString DemoCandidateCard::fateText(const CandidateEvent &event)
{
    switch (event.fate) {
    case CandidateEvent::Fate::Measured:
        if (!event.measured)
            return tr("Measured on the GPU: it failed");
        if (event.bestAfter && std::abs(*event.bestAfter - *event.measured) < 1e-12)
            return tr("Measured on the GPU: %1, a new best").arg(speedupText(*event.measured));
        return tr("Measured on the GPU: %1").arg(speedupText(*event.measured));
    case CandidateEvent::Fate::Trusted:
        return tr("Admitted on its forecast: no GPU time spent");
    case CandidateEvent::Fate::Dropped:
        return tr("Dropped unmeasured: forecast slower than its parent");
    case CandidateEvent::Fate::NotChosen:
        return tr("Not measured");
    case CandidateEvent::Fate::OverBudget:
        return tr("Not measured: the GPU budget is spent");
    }
    return {};
}
