#include "gatebar.h"

#include "common/displaytext.h"
#include "metrics/reliabilitystatistics.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

QLabel *counterLabel(QWidget *parent, const QString &accessibleName)
{
    auto *label = new QLabel(parent);
    label->setAccessibleName(accessibleName);
    label->setTextFormat(Qt::RichText);
    return label;
}

QString counter(const QString &number, const QString &what)
{
    return QStringLiteral("<b>%1</b> %2").arg(number, what.toHtmlEscaped());
}

// Grouped as the locale writes thousands: 12,388 kernels read at a glance, 12388 does not.
QString count(int number)
{
    return QLocale().toString(number);
}

QString percent(double share)
{
    return QLocale().toString(share * 100.0, 'f', 1) + QLatin1Char('%');
}

} // namespace

GateBar::GateBar(GateSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_score(new QComboBox(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_threshold(new QDoubleSpinBox(this))
    , m_coverage(new QDoubleSpinBox(this))
    , m_applyCoverage(new QPushButton(tr("Set"), this))
    , m_alpha(new QDoubleSpinBox(this))
    , m_delta(new QDoubleSpinBox(this))
    , m_correction(new QComboBox(this))
    , m_pValue(new QComboBox(this))
    , m_applyRisk(new QPushButton(tr("Certify"), this))
    , m_monitorLabel(new QLabel(this))
    , m_deferEverything(new QToolButton(this))
    , m_coverageCount(counterLabel(this, tr("Coverage")))
    , m_trustedCount(counterLabel(this, tr("Trusted")))
    , m_deferredCount(counterLabel(this, tr("Deferred")))
    , m_overriddenCount(counterLabel(this, tr("Overridden")))
    , m_gpuCount(counterLabel(this, tr("GPU evaluations")))
    , m_riskCount(counterLabel(this, tr("Risk")))
    , m_riskResult(new QLabel(this))
    , m_riskWarning(new QLabel(this))
    , m_messageBar(new QFrame(this))
    , m_message(new QLabel(this))
    , m_acceptData(new QToolButton(this))
    , m_setAside(new QToolButton(this))
{
    setAccessibleName(tr("Gate"));
    for (const auto score : kfx::metrics::kConfidenceScores)
        m_score->addItem(confidenceScoreText(score), static_cast<int>(score));
    m_score->setAccessibleName(tr("Gate score"));
    m_score->setToolTip(tr("The confidence score the gate reads"));

    m_slider->setRange(0, kSliderSteps);
    m_slider->setMinimumWidth(180);
    m_slider->setAccessibleName(tr("Gate threshold"));
    m_slider->setToolTip(tr("Forecasts scoring at or above the threshold are trusted; the rest go to the GPU"));
    m_threshold->setDecimals(3);
    m_threshold->setSingleStep(0.01);
    m_threshold->setAccessibleName(tr("Gate threshold value"));
    m_threshold->setKeyboardTracking(false);

    m_coverage->setRange(0.0, 100.0);
    m_coverage->setDecimals(1);
    m_coverage->setSuffix(QStringLiteral(" %"));
    m_coverage->setValue(90.0);
    m_coverage->setAccessibleName(tr("Target coverage"));
    m_coverage->setToolTip(tr("Trust this share of the forecasts: the threshold midway between the last trusted "
                              "and the first deferred score"));
    m_applyCoverage->setToolTip(tr("Set the threshold for the target coverage"));

    m_alpha->setRange(0.001, 0.999);
    m_alpha->setDecimals(3);
    m_alpha->setSingleStep(0.01);
    m_alpha->setValue(0.1);
    m_alpha->setPrefix(QStringLiteral("α "));
    m_alpha->setAccessibleName(tr("Largest acceptable error rate among trusted forecasts"));
    m_alpha->setToolTip(
        tr("At most this share of trusted forecasts may be wrong: name the wrong bin, or trust a kernel that fails"));
    m_delta->setRange(0.001, 0.5);
    m_delta->setDecimals(3);
    m_delta->setSingleStep(0.01);
    m_delta->setValue(0.05);
    m_delta->setPrefix(QStringLiteral("δ "));
    m_delta->setAccessibleName(tr("Chance that the guarantee fails"));
    m_delta->setToolTip(tr("The guarantee holds with probability 1 − δ (exact Clopper–Pearson bounds over the "
                           "measured kernels)"));
    m_applyRisk->setToolTip(tr("Set the lowest threshold whose error rate is certified below α"));
    // Learn-then-Test's family-wise corrections over the candidate thresholds.
    m_correction->addItem(tr("Bonferroni"), static_cast<int>(kfx::gate::Correction::Bonferroni));
    m_correction->addItem(tr("Holm"), static_cast<int>(kfx::gate::Correction::Holm));
    m_correction->addItem(tr("Fixed sequence"), static_cast<int>(kfx::gate::Correction::FixedSequence));
    m_correction->setAccessibleName(tr("Multiple-testing correction"));
    m_correction->setToolTip(tr("How the thresholds' tests are combined so that the chosen one is safe with "
                                "probability 1 − δ: Bonferroni (each at δ/m), Holm (step-down, certifies at least as "
                                "many), or fixed sequence (from the most confident threshold down, stopping at the "
                                "first failure)"));
    m_pValue->addItem(tr("Clopper–Pearson"), static_cast<int>(kfx::gate::PValue::ClopperPearson));
    m_pValue->addItem(tr("Hoeffding–Bentkus"), static_cast<int>(kfx::gate::PValue::HoeffdingBentkus));
    m_pValue->setAccessibleName(tr("p-value"));
    m_pValue->setToolTip(tr("Clopper–Pearson: the exact binomial tail; Hoeffding–Bentkus: valid for any bounded "
                            "loss, more cautious"));

    m_monitorLabel->setAccessibleName(tr("Risk monitor"));
    m_monitorLabel->setMargin(2);
    m_monitorLabel->hide();
    m_deferEverything->setText(tr("Defer Everything"));
    m_deferEverything->setToolTip(tr("Trust no forecast: every candidate goes to the GPU (undoable)"));
    m_deferEverything->hide();
    m_riskWarning->setAccessibleName(tr("Risk warning"));
    m_riskWarning->setWordWrap(true);
    m_riskWarning->hide();

    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->addWidget(new QLabel(tr("Gate:"), this));
    controls->addWidget(m_score);
    controls->addWidget(m_slider, 1);
    controls->addWidget(m_threshold);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Coverage:"), this));
    controls->addWidget(m_coverage);
    controls->addWidget(m_applyCoverage);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Risk:"), this));
    controls->addWidget(m_alpha);
    controls->addWidget(m_delta);
    controls->addWidget(m_correction);
    controls->addWidget(m_pValue);
    controls->addWidget(m_applyRisk);

    m_counters = new QHBoxLayout;
    m_counters->setContentsMargins(0, 0, 0, 0);
    m_counters->setSpacing(18);
    for (auto *label : {m_coverageCount, m_trustedCount, m_deferredCount, m_overriddenCount, m_gpuCount, m_riskCount})
        m_counters->addWidget(label);
    m_counters->addStretch(1);

    // A row of its own, wrapping, so that the alarm, the warning and Certify's answer never widen the window.
    auto *monitorRow = new QHBoxLayout;
    monitorRow->setContentsMargins(0, 0, 0, 0);
    m_monitorLabel->setWordWrap(true);
    m_riskResult->setWordWrap(true);
    m_riskResult->hide();
    monitorRow->addWidget(m_riskWarning, 1);
    monitorRow->addWidget(m_riskResult, 1);
    monitorRow->addWidget(m_monitorLabel, 1);
    monitorRow->addWidget(m_deferEverything);

    auto *messageFrame = static_cast<QFrame *>(m_messageBar);
    messageFrame->setFrameShape(QFrame::StyledPanel);
    messageFrame->setAutoFillBackground(true);
    messageFrame->setBackgroundRole(QPalette::ToolTipBase);
    messageFrame->setForegroundRole(QPalette::ToolTipText);
    auto *messageLayout = new QHBoxLayout(m_messageBar);
    messageLayout->setContentsMargins(6, 2, 2, 2);
    m_message->setWordWrap(true);
    m_message->setAccessibleName(tr("Workspace message"));
    messageLayout->addWidget(m_message, 1);
    m_acceptData->setText(tr("Keep and Use This Data"));
    m_acceptData->setToolTip(tr("Record the data as it is now, so that this message does not return"));
    messageLayout->addWidget(m_acceptData);
    m_setAside->setText(tr("Set Aside and Start Fresh"));
    m_setAside->setToolTip(tr("Rename the unusable workspace file (it is kept) and start an empty workspace"));
    messageLayout->addWidget(m_setAside);
    m_messageBar->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addLayout(m_counters);
    layout->addLayout(monitorRow);
    layout->addWidget(m_messageBar);

    connect(m_score, qOverload<int>(&QComboBox::activated), this, [this](int row) {
        if (!m_following)
            m_session->setScore(static_cast<kfx::metrics::ConfidenceScore>(m_score->itemData(row).toInt()));
    });
    connect(m_slider, &QSlider::valueChanged, this, &GateBar::onSliderMoved);
    connect(m_threshold, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &GateBar::onThresholdEdited);
    connect(m_applyCoverage, &QPushButton::clicked, this,
            [this] { m_session->applyTargetCoverage(m_coverage->value() / 100.0); });
    connect(m_applyRisk, &QPushButton::clicked, this, &GateBar::applyRiskControl);
    connect(m_alpha, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &GateBar::showRiskWarning);
    connect(m_delta, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &GateBar::showRiskWarning);
    auto *workspace = m_session->workspace();
    connect(m_acceptData, &QToolButton::clicked, workspace, &SessionWorkspace::acceptData);
    connect(m_setAside, &QToolButton::clicked, workspace, &SessionWorkspace::setAsideAndStartFresh);
    connect(m_session, &GateSession::settingsChanged, this, &GateBar::followSettings);
    connect(m_session, &GateSession::decisionsChanged, this, &GateBar::showCounters);
    connect(workspace, &SessionWorkspace::workspaceMessage, this, &GateBar::showMessage);
    connect(m_session, &GateSession::monitorChanged, this, &GateBar::showMonitor);
    connect(m_deferEverything, &QToolButton::clicked, m_session, &GateSession::deferEverything);
    followSettings();
    showCounters();
    showMonitor();
}

std::pair<double, double> GateBar::scoreRange() const
{
    if (m_session->settings().gate.score == kfx::metrics::ConfidenceScore::ExpectedBin)
        return {1.0, 8.0};
    return {0.0, 1.0};
}

void GateBar::followSettings()
{
    m_following = true;
    const auto &settings = m_session->settings();
    m_score->setCurrentIndex(m_score->findData(static_cast<int>(settings.gate.score)));
    const auto [low, high] = scoreRange();
    // ±inf (everything or nothing trusted) shows at the ends; the session keeps the exact value.
    const double shown = std::clamp(settings.gate.threshold, low, high);
    {
        const QSignalBlocker blockThreshold(m_threshold);
        const QSignalBlocker blockSlider(m_slider);
        m_threshold->setRange(low, high);
        m_threshold->setValue(shown);
        m_slider->setValue(static_cast<int>(std::lround((shown - low) / (high - low) * kSliderSteps)));
    }
    if (settings.targetCoverage)
        m_coverage->setValue(*settings.targetCoverage * 100.0);
    if (settings.riskAlpha)
        m_alpha->setValue(*settings.riskAlpha);
    if (settings.riskDelta)
        m_delta->setValue(*settings.riskDelta);
    m_following = false;
}

void GateBar::onSliderMoved(int value)
{
    if (m_following)
        return;
    const auto [low, high] = scoreRange();
    m_session->setThreshold(low + (high - low) * value / kSliderSteps);
}

void GateBar::onThresholdEdited(double value)
{
    if (!m_following)
        m_session->setThreshold(value);
}

void GateBar::applyRiskControl()
{
    const auto result = m_session->applyRiskControl(
        m_alpha->value(), m_delta->value(), static_cast<kfx::gate::Correction>(m_correction->currentData().toInt()),
        static_cast<kfx::gate::PValue>(m_pValue->currentData().toInt()));
    m_riskResult->show();
    if (result.certified) {
        m_riskResult->setText(tr("certified: %1 of %2 trusted wrong, bound %3")
                                  .arg(result.errors)
                                  .arg(result.trusted)
                                  .arg(percent(result.upperBound)));
    } else {
        m_riskResult->setText(tr("no threshold certifies α = %1 at δ = %2 on %n measured kernel(s)", nullptr,
                                 static_cast<int>(m_session->selectiveRows(true).size()))
                                  .arg(QLocale().toString(m_alpha->value()), QLocale().toString(m_delta->value())));
    }
}

void GateBar::showMonitor()
{
    const auto &monitor = m_session->monitor();
    m_monitorLabel->setVisible(monitor.armed);
    m_deferEverything->setVisible(monitor.alarmed());
    if (!monitor.armed)
        return;
    const QString alpha = QLocale().toString(monitor.settings.alpha);
    if (monitor.alarmed()) {
        m_monitorLabel->setText(tr("Risk alarm: the trusted forecasts' error rate is at least %1, above α = %2")
                                    .arg(percent(monitor.alarmLowerBound), alpha));
        m_monitorLabel->setToolTip(tr("Raised by the measurement of %1: %2 of %3 trusted forecasts measured since "
                                      "certifying were wrong. The bound holds at every moment at once, so a false "
                                      "alarm has probability at most δ = %4 over the whole run.")
                                       .arg(monitor.alarmNodeId)
                                       .arg(monitor.wrong)
                                       .arg(monitor.trusted)
                                       .arg(QLocale().toString(monitor.settings.delta)));
    } else {
        m_monitorLabel->setText(tr("Monitor: %n trusted measured since certifying, error at most %1", nullptr,
                                   static_cast<int>(monitor.trusted))
                                    .arg(percent(monitor.upperBound)));
        m_monitorLabel->setToolTip(tr("Time-uniform bounds on the trusted forecasts' error rate: %1 to %2. An alarm "
                                      "is raised when even the lower bound exceeds α = %3.")
                                       .arg(percent(monitor.lowerBound), percent(monitor.upperBound), alpha));
    }
    // The alarm colour comes from the palette, so it reads in light and dark themes alike: a red of the
    // background's own lightness, the usual text on it. (In a tool bar the background role is Button, not Window.)
    const auto role = m_monitorLabel->backgroundRole();
    QPalette alarmPalette = palette();
    if (monitor.alarmed()) {
        const bool dark = palette().color(role).lightness() < 128;
        alarmPalette.setColor(role, QColor::fromHsl(0, dark ? 110 : 170, dark ? 70 : 215));
    }
    m_monitorLabel->setAutoFillBackground(monitor.alarmed());
    m_monitorLabel->setPalette(alarmPalette);
}

void GateBar::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // A new theme: the alarm's red is derived again (the label's own palette does not follow the bar's).
    if (event->type() == QEvent::PaletteChange)
        showMonitor();
}

void GateBar::showCounters()
{
    const auto &summary = m_session->summary();
    m_coverageCount->setText(counter(percent(summary.coverage()), tr("coverage")));
    m_trustedCount->setText(counter(count(summary.trusted), tr("trusted")));
    m_deferredCount->setText(counter(count(summary.deferred), tr("deferred")));
    m_overriddenCount->setText(counter(count(summary.overridden), tr("overridden")));
    m_gpuCount->setText(counter(count(summary.gpuEvaluations), tr("GPU evaluations")));
    if (const auto risk = summary.risk()) {
        m_riskCount->setText(counter(percent(*risk), tr("risk")));
        m_riskCount->setToolTip(tr("%1 of %2 trusted forecasts with known truth were wrong: %3 named the wrong bin, "
                                   "and %4 trusted a kernel that failed to compile, crashed or computed wrong results")
                                    .arg(count(summary.trustedWrong), count(summary.trustedMeasured),
                                         count(summary.trustedWrong - summary.trustedFailed),
                                         count(summary.trustedFailed)));
    } else {
        m_riskCount->setText(counter(QStringLiteral("—"), tr("risk")));
        m_riskCount->setToolTip(tr("No trusted forecast has a measured truth to judge it by"));
    }
    showRiskWarning();
}

void GateBar::showRiskWarning()
{
    const auto &summary = m_session->summary();
    const double alpha = m_alpha->value();
    const double delta = m_delta->value();
    // "Far above" is what the measurements prove, not a ratio: the exact one-sided lower bound on the trusted
    // kernels' error rate at confidence 1 − δ exceeds α. A couple of wrong forecasts among few measured ones
    // stays quiet; 15 of 19 wrong against α = 0.1 (issue 23's v2 log) does not.
    const auto interval = kfx::metrics::clopperPearsonInterval(summary.trustedWrong, summary.trustedMeasured,
                                                               1.0 - 2.0 * delta);
    const bool far = summary.trustedMeasured > 0 && interval.low > alpha;
    m_riskWarning->setVisible(far);
    if (!far) {
        m_riskWarning->clear();
        m_riskWarning->setToolTip({});
        return;
    }
    m_riskWarning->setText(
        tr("⚠ Trusted kernels are wrong %1 of the time, far above the target α = %2")
            .arg(percent(double(summary.trustedWrong) / summary.trustedMeasured), QLocale().toString(alpha)));
    m_riskWarning->setToolTip(
        tr("%1 of the %2 trusted kernels with a measurement failed or disagree with their "
           "forecast (%3). With probability 1 − δ = %4 the true rate is at least %5, above α = %6: "
           "raise the threshold, or Certify one for α.")
            .arg(count(summary.trustedWrong), count(summary.trustedMeasured),
                 percent(double(summary.trustedWrong) / summary.trustedMeasured), QLocale().toString(1.0 - delta),
                 percent(interval.low), QLocale().toString(alpha)));
}

void GateBar::showSourceBox(QWidget *box)
{
    m_counters->insertWidget(0, box);
}

QString GateBar::countersText() const
{
    QStringList parts;
    for (auto *label : {m_coverageCount, m_trustedCount, m_deferredCount, m_overriddenCount, m_gpuCount, m_riskCount}) {
        auto text = label->text();
        text.remove(QStringLiteral("<b>")).remove(QStringLiteral("</b>"));
        parts << text;
    }
    return parts.join(QStringLiteral(" · "));
}

QString GateBar::messageText() const
{
    return m_messageBar->isHidden() ? QString() : m_message->text();
}

void GateBar::showMessage(const QString &message)
{
    m_message->setText(message);
    m_acceptData->setVisible(!m_session->workspace()->dataMessage().isEmpty());
    m_setAside->setVisible(!m_session->workspace()->unusablePath().isEmpty());
    m_messageBar->setVisible(!message.isEmpty());
}
