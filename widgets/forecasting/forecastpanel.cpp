#include "forecasting/forecastpanel.h"
#include "forecasting/rationaletext.h"

#include "common/displaytext.h"
#include "common/elidedlabel.h"
#include "forecasting/searchevidenceview.h"
#include "metrics/confidencescore.h"
#include "model/speedupbin.h"
#include "population/populationmodel.h"
#include "replay/forecastreward.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace {

QString number(double value, int decimals)
{
    return QLocale().toString(value, 'f', decimals);
}

// How far `speedup` lies outside `bin`'s measured interval: as a share of the edge it missed, and in bins (a bin
// spans a factor of √2, so the distance in bins is 2·log2 of the ratio). "0.07 of a bin" tells a near miss, one a
// tenth of a percent would have turned, from a forecast that was wrong by a mile. A finite positive speedup misses
// only finite edges.
QString missDescription(double speedup, int bin)
{
    const auto interval = kfx::truthInterval(bin);
    const bool below = speedup < interval.low;
    const double edge = below ? interval.low : interval.high;
    const double bins = std::abs(2.0 * std::log2(speedup / edge));
    const double share = std::abs(speedup - edge) / edge;
    const auto distance = ForecastPanel::tr("%1 % (%2 of a bin)").arg(number(100.0 * share, 1), number(bins, 2));
    const auto edgeText = speedupText(edge);
    return below ? ForecastPanel::tr("%1 below bin %2, which starts at %3").arg(distance).arg(bin).arg(edgeText)
                 : ForecastPanel::tr("%1 above bin %2, which ends at %3").arg(distance).arg(bin).arg(edgeText);
}

QString binTitle(int bin)
{
    return ForecastPanel::tr("bin %1 (%2)").arg(bin).arg(binDescription(bin));
}

QString intervalsText(int bin)
{
    return ForecastPanel::tr("%1: measured as %2, labelled to the model as %3")
        .arg(binTitle(bin), binIntervalText(bin, true), binIntervalText(bin, false));
}

QLabel *valueLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// The predicted and true bins' phrases ("4 · minor slowdown · p 0.38"): one line, shortened at the end where the
// panel is narrow, so that they never hold the rationale beside them to a sliver (issue 23).
ElidedLabel *phraseLabel(QWidget *parent)
{
    auto *label = new ElidedLabel(parent);
    label->setElideMode(Qt::ElideRight);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLabel *termLabel(const QString &text, const QString &explanation, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setToolTip(explanation);
    return label;
}

QColor mix(const QColor &a, const QColor &b, double strength)
{
    auto channel = [strength](int x, int y) { return qRound(x + (y - x) * strength); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()), channel(a.blue(), b.blue()));
}

} // namespace

ForecastPanel::ForecastPanel(QWidget *parent)
    : QWidget(parent)
    , m_source(new QComboBox(this))
    , m_chart(new BinChart(this))
    , m_predicted(phraseLabel(this))
    , m_predictedTruth(valueLabel(this))
    , m_predictedLabel(valueLabel(this))
    , m_true(phraseLabel(this))
    , m_trueTruth(valueLabel(this))
    , m_trueLabel(valueLabel(this))
    , m_missTerm(termLabel(tr("Missed by:"),
                           tr("For a forecast whose bin the measurement missed: how far the measured speedup fell "
                              "outside the predicted bin, as a share of the bin's nearest edge and in bins (a bin "
                              "spans a factor of √2)"),
                           this))
    , m_miss(valueLabel(this))
    , m_scores(valueLabel(this))
    , m_expectation(valueLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_rationale(new QPlainTextEdit(this))
    , m_measurement(valueLabel(this))
    , m_cases(new QTableWidget(this))
    , m_failure(new QPlainTextEdit(this))
    , m_notice(new QLabel(this))
    , m_evidence(new SearchEvidenceView(this))
{
    m_source->setAccessibleName(tr("Forecast source"));
    m_source->setToolTip(tr("Which surrogate and repeat produced the forecast shown"));
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_source->setMinimumContentsLength(16);
    connect(m_source, qOverload<int>(&QComboBox::currentIndexChanged), this, &ForecastPanel::showChoice);
    connect(m_source, qOverload<int>(&QComboBox::activated), this, [this] { m_preferredSource.clear(); });

    // A grid rather than a form: the bin and its two intervals get columns of their own, so both readings fit
    // side by side without wrapping.
    auto *details = new QGridLayout;
    details->setContentsMargins(0, 0, 0, 0);
    details->setVerticalSpacing(2);
    details->setHorizontalSpacing(8);
    auto *sourceLabel = termLabel(tr("&Forecast by:"), tr("The surrogate and repeat that produced this forecast"),
                                  this);
    sourceLabel->setBuddy(m_source);
    details->addWidget(sourceLabel, 0, 0);
    details->addWidget(m_source, 0, 1, 1, 3);
    details->addWidget(termLabel(tr("Measured as"),
                                 tr("The interval of speedups the ground-truth rule floor(2·log2 S) + 4 really "
                                    "assigns to the bin"),
                                 this),
                       1, 2);
    details->addWidget(termLabel(tr("Labelled as"),
                                 tr("The interval the prompt and the forecast tool told the model; it differs "
                                    "from the measured interval by about half a bin"),
                                 this),
                       1, 3);
    details->addWidget(termLabel(tr("Predicted:"),
                                 tr("The bin the surrogate declared (not necessarily its most likely bin) and the "
                                    "mass it put there"),
                                 this),
                       2, 0);
    details->addWidget(m_predicted, 2, 1);
    details->addWidget(m_predictedTruth, 2, 2);
    details->addWidget(m_predictedLabel, 2, 3);
    details->addWidget(termLabel(tr("True:"), tr("The bin the measured speedup S falls into"), this), 3, 0);
    details->addWidget(m_true, 3, 1);
    details->addWidget(m_trueTruth, 3, 2);
    details->addWidget(m_trueLabel, 3, 3);
    details->addWidget(m_missTerm, 4, 0);
    details->addWidget(m_miss, 4, 1, 1, 3);
    details->addWidget(termLabel(tr("Scores:"),
                                 tr("max-prob: the mass on the predicted bin; neg-entropy: 1 − H(p)/ln 8, 1 for "
                                    "a certain forecast and 0 for a uniform one; top-2 margin: the largest mass "
                                    "minus the second largest"),
                                 this),
                       5, 0);
    details->addWidget(m_scores, 5, 1, 1, 3);
    details->addWidget(termLabel(tr("Expected:"),
                                 tr("The expected speedup Σ p_b · midpoint_b, as the abstaining search scores a "
                                    "trusted forecast, and the sum of the probabilities as the model gave them "
                                    "before renormalisation"),
                                 this),
                       6, 0);
    details->addWidget(m_expectation, 6, 1, 1, 3);
    details->setColumnStretch(3, 1);
    // The bin descriptions read as one phrase each; wrapping them clipped the probability in small panes.
    for (auto *label : {m_predictedTruth, m_predictedLabel, m_trueTruth, m_trueLabel})
        label->setWordWrap(false);

    m_chart->setAccessibleName(tr("Forecast distribution"));
    auto *left = new QVBoxLayout;
    left->setContentsMargins(0, 0, 0, 0);
    left->addWidget(m_chart, 1);
    left->addLayout(details);

    m_rationale->setReadOnly(true);
    m_rationale->setAccessibleName(tr("Forecast rationale"));
    m_rationale->setPlaceholderText(tr("No rationale."));

    m_cases->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cases->setAlternatingRowColors(true);
    m_cases->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_cases->verticalHeader()->hide();
    m_cases->horizontalHeader()->setStretchLastSection(true);
    m_cases->setAccessibleName(tr("Benchmark cases"));
    m_failure->setReadOnly(true);
    m_failure->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_failure->setAccessibleName(tr("Failure message"));
    m_failure->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *measurement = new QWidget(this);
    auto *measurementLayout = new QVBoxLayout(measurement);
    measurementLayout->setContentsMargins(4, 4, 4, 4);
    measurementLayout->addWidget(m_measurement);
    measurementLayout->addWidget(m_cases, 1);
    measurementLayout->addWidget(m_failure, 1);

    m_tabs->addTab(m_rationale, tr("R&ationale"));
    m_tabs->addTab(measurement, tr("&Measurement"));
    m_tabs->addTab(m_evidence, tr("Evi&dence"));
    m_tabs->setDocumentMode(true);
    // Room for a rationale's words beside the bars: at 1366×768 the tabs were left about 115 pixels, a word a line.
    m_tabs->setMinimumWidth(30 * fontMetrics().averageCharWidth());

    // Said once, above everything, for as long as it holds: not per kernel, and not in a status bar it scrolls
    // out of.
    m_notice->setWordWrap(true);
    m_notice->setAccessibleName(tr("Forecast notice"));
    m_notice->setFrameShape(QFrame::StyledPanel);
    m_notice->setMargin(4);
    m_notice->hide();

    auto *columns = new QHBoxLayout;
    columns->setContentsMargins(0, 0, 0, 0);
    columns->addLayout(left, 3);
    columns->addWidget(m_tabs, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_notice);
    layout->addLayout(columns, 1);
    clear();
}

void ForecastPanel::setForecasts(std::vector<ForecastChoice> choices)
{
    m_choices = std::move(choices);
    const QSignalBlocker blocker(m_source);
    m_source->clear();
    for (const auto &choice : m_choices)
        m_source->addItem(choice.label);
    m_source->setEnabled(m_choices.size() > 1);
    const int preferred = preferredChoice();
    m_source->setCurrentIndex(preferred >= 0 ? preferred : static_cast<int>(m_choices.size()) - 1);
    showChoice();
}

void ForecastPanel::preferSource(const QString &source, int repeat)
{
    m_preferredSource = source;
    m_preferredRepeat = repeat;
    if (const int preferred = preferredChoice(); preferred >= 0)
        setCurrentChoice(preferred);
}

bool ForecastPanel::showsPreferredSource() const
{
    return !m_preferredSource.isEmpty() && currentChoice() == preferredChoice();
}

int ForecastPanel::preferredChoice() const
{
    if (m_preferredSource.isEmpty())
        return -1;
    const auto source = m_preferredSource.toStdString();
    // The newest of the surrogate's forecasts, as without a preference.
    for (int choice = choiceCount() - 1; choice >= 0; --choice) {
        const auto *forecast = m_choices[static_cast<std::size_t>(choice)].forecast;
        if (forecast && forecast->source == source && (m_preferredRepeat < 0 || forecast->repeat == m_preferredRepeat))
            return choice;
    }
    return -1;
}

void ForecastPanel::setTruth(std::optional<double> speedup)
{
    m_truth = speedup;
    m_trueBin = speedup ? kfx::trySpeedupBinFor(*speedup) : std::nullopt;
    m_chart->setTrueBin(m_trueBin);
    // What was measured first, then the bin it falls in: "4 · minor slowdown · 1.38×" beside [1.00×, 1.41×) read
    // as a slowdown measured as a speedup (the descriptions name the intervals told to the model).
    if (m_trueBin)
        m_true->setFullText(
            tr("%1 measured · bin %2 (%3)").arg(speedupText(*speedup)).arg(*m_trueBin).arg(binDescription(*m_trueBin)));
    else
        m_true->setFullText(tr("not measured"));
    m_trueTruth->setText(m_trueBin ? binIntervalText(*m_trueBin, true) : QString());
    m_trueLabel->setText(m_trueBin ? binIntervalText(*m_trueBin, false) : QString());
    showChoice();
}

void ForecastPanel::setMeasurement(const kfx::EvaluationOutcome *outcome, const QString &failureReason)
{
    m_cases->clear();
    m_cases->setRowCount(0);
    m_cases->setColumnCount(0);
    m_failure->clear();
    QStringList failure;
    if (!failureReason.isEmpty())
        failure << failureReason;

    if (!outcome) {
        m_measurement->setText(failureReason.isEmpty() ? tr("Not measured.") : tr("Never measured."));
    } else if (outcome->succeeded()) {
        const auto speedup = outcome->measuredSpeedup();
        m_measurement->setText(
            outcome->kernelBench
                ? tr("Success: %1 (runtime %2, reference %3)")
                      .arg(speedup ? speedupText(*speedup) : QString(), durationText(outcome->runtimeUs * 1000.0),
                           durationText(outcome->refRuntimeUs * 1000.0))
                : tr("Success: %1, the %2 of %n case(s)", nullptr, static_cast<int>(outcome->cases.size()))
                      .arg(speedup ? speedupText(*speedup) : QString(),
                           QString::fromStdString(outcome->aggregationMethod)));
    } else {
        m_measurement->setText(tr("Outcome: %1").arg(QString::fromUtf8(kfx::outcomeKindName(outcome->kind).data())));
        if (outcome->deferralReason)
            failure << tr("Deferral reason: %1").arg(QString::fromStdString(*outcome->deferralReason));
    }

    if (outcome) {
        // The shape fields differ by pack: one column per field name, in the order the cases give them.
        QStringList fields;
        for (const auto &c : outcome->cases)
            for (const auto &[name, value] : c.shape)
                if (!fields.contains(QString::fromStdString(name)))
                    fields << QString::fromStdString(name);
        if (!outcome->cases.empty()) {
            m_cases->setColumnCount(static_cast<int>(fields.size()) + 3);
            m_cases->setHorizontalHeaderLabels(fields + QStringList{tr("Runtime"), tr("Reference"), tr("Speedup")});
            m_cases->setRowCount(static_cast<int>(outcome->cases.size()));
            int row = 0;
            for (const auto &c : outcome->cases) {
                for (const auto &[name, value] : c.shape)
                    m_cases->setItem(row, static_cast<int>(fields.indexOf(QString::fromStdString(name))),
                                     new QTableWidgetItem(QString::fromStdString(value)));
                const int first = static_cast<int>(fields.size());
                m_cases->setItem(row, first, new QTableWidgetItem(durationText(c.runtimeNs)));
                m_cases->setItem(row, first + 1, new QTableWidgetItem(durationText(c.refRuntimeNs)));
                m_cases->setItem(row, first + 2, new QTableWidgetItem(speedupText(c.speedup)));
                ++row;
            }
        } else if (!outcome->caseResults.empty()) {
            m_cases->setColumnCount(4);
            m_cases->setHorizontalHeaderLabels({tr("Correct"), tr("Runtime"), tr("Reference"), tr("Failure")});
            m_cases->setRowCount(static_cast<int>(outcome->caseResults.size()));
            int row = 0;
            for (const auto &c : outcome->caseResults) {
                m_cases->setItem(row, 0, new QTableWidgetItem(c.correct ? tr("yes") : tr("no")));
                m_cases->setItem(row, 1, new QTableWidgetItem(durationText(c.runtimeNs)));
                m_cases->setItem(row, 2, new QTableWidgetItem(durationText(c.refRuntimeNs)));
                m_cases->setItem(
                    row, 3, new QTableWidgetItem(QString::fromStdString(c.failureKind + " " + c.message).trimmed()));
                ++row;
            }
        }
        m_cases->resizeColumnsToContents();
        if (!outcome->errorName.empty())
            failure << QString::fromStdString(outcome->errorName);
        if (!outcome->message.empty())
            failure << QString::fromStdString(outcome->message);
        if (!outcome->traceback.empty())
            failure << QString::fromStdString(outcome->traceback);
        if (!outcome->maxDifference.empty() || !outcome->avgDifference.empty()) {
            auto join = [](const std::vector<std::string> &values) {
                QStringList list;
                for (const auto &value : values)
                    list << QString::fromStdString(value);
                return list.join(QStringLiteral(", "));
            };
            failure << tr("max difference: %1").arg(join(outcome->maxDifference))
                    << tr("avg difference: %1").arg(join(outcome->avgDifference));
        }
    }
    m_cases->setVisible(m_cases->rowCount() > 0);
    m_failure->setPlainText(failure.join(QLatin1Char('\n')));
    m_failure->setVisible(!failure.isEmpty());
    m_modelDeferral.reset();
    if (outcome && outcome->deferralReason)
        m_modelDeferral = QString::fromStdString(*outcome->deferralReason);
    showChoice();
}

void ForecastPanel::setNotice(const QString &text)
{
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

QString ForecastPanel::notice() const
{
    return m_notice->text();
}

void ForecastPanel::clear()
{
    clearKernel();
    setForecasts({});
    setTruth(std::nullopt);
    setMeasurement(nullptr);
    m_measurement->setText(tr("Nothing selected."));
}

int ForecastPanel::currentChoice() const
{
    return m_source->currentIndex();
}

void ForecastPanel::setCurrentChoice(int choice)
{
    m_source->setCurrentIndex(choice);
}

const kfx::Forecast *ForecastPanel::currentForecast() const
{
    const int choice = currentChoice();
    return choice >= 0 && choice < choiceCount() ? m_choices[static_cast<std::size_t>(choice)].forecast : nullptr;
}

void ForecastPanel::setKernel(std::shared_ptr<const kfx::Population> population, std::size_t node)
{
    m_evidence->setKernel(std::move(population), node);
}

void ForecastPanel::clearKernel()
{
    m_evidence->clearKernel();
}

void ForecastPanel::showChoice()
{
    const auto *forecast = currentForecast();
    m_evidence->setForecastBin(forecast ? std::optional(forecast->predictedBin) : std::nullopt);
    const bool missed = forecast && m_truth && m_trueBin && *m_trueBin != forecast->predictedBin;
    m_miss->setText(missed ? missDescription(*m_truth, forecast->predictedBin) : QString());
    m_missTerm->setVisible(missed);
    m_miss->setVisible(missed);
    m_chart->setForecast(forecast);
    const int choice = currentChoice();
    if (!forecast) {
        const bool failed = choice >= 0 && choice < choiceCount();
        if (failed)
            m_predicted->setFullText(tr("the answer could not be parsed"));
        else if (m_modelDeferral)
            m_predicted->setFullText(m_modelDeferral->isEmpty()
                                         ? tr("deferred by the model")
                                         : tr("deferred by the model: %1").arg(*m_modelDeferral));
        else
            m_predicted->setFullText(tr("no forecast"));
        m_predictedTruth->clear();
        m_predictedLabel->clear();
        m_scores->clear();
        m_expectation->clear();
        m_rationale->setPlainText(failed ? m_choices[static_cast<std::size_t>(choice)].failure : QString());
        return;
    }
    using kfx::metrics::ConfidenceScore;
    m_predicted->setFullText(
        tr("%1 · %2 · p %3")
            .arg(forecast->predictedBin)
            .arg(binDescription(forecast->predictedBin), number(forecast->probabilityOf(forecast->predictedBin), 2)));
    m_predictedTruth->setText(binIntervalText(forecast->predictedBin, true));
    m_predictedLabel->setText(binIntervalText(forecast->predictedBin, false));
    m_scores->setText(tr("max-prob %1 · neg-entropy %2 · top-2 margin %3")
                          .arg(number(kfx::metrics::confidence(ConfidenceScore::MaxProb, *forecast), 3),
                               number(kfx::metrics::confidence(ConfidenceScore::NegEntropy, *forecast), 3),
                               number(kfx::metrics::confidence(ConfidenceScore::Top2Margin, *forecast), 3)));
    m_expectation->setText(
        tr("%1 · raw probability sum %2")
            .arg(speedupText(kfx::replay::expectedSpeedupReward(*forecast)), number(forecast->rawProbabilitySum, 3)));
    m_rationale->setPlainText(translatedRationale(QString::fromStdString(forecast->reasoning)));
}

QString ForecastPanel::predictedText() const
{
    return QStringList{m_predicted->fullText(), m_predictedTruth->text(), m_predictedLabel->text()}.join(
        QLatin1Char(' '));
}

QString ForecastPanel::truthText() const
{
    return QStringList{m_true->fullText(), m_trueTruth->text(), m_trueLabel->text()}.join(QLatin1Char(' '));
}

QString ForecastPanel::missText() const
{
    return m_miss->text();
}

QString ForecastPanel::scoresText() const
{
    return m_scores->text();
}

QString ForecastPanel::expectationText() const
{
    return m_expectation->text();
}

QString ForecastPanel::rationale() const
{
    return m_rationale->toPlainText();
}

QString ForecastPanel::measurementText() const
{
    return m_measurement->text();
}

QString ForecastPanel::failureText() const
{
    return m_failure->toPlainText();
}

BinChart::BinChart(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("The forecast's probability for each speedup bin: filled in the highlight colour, the "
                  "predicted bin; outlined, the bin the measurement fell into; dashed, 1× (no speedup)"));
}

void BinChart::setForecast(const kfx::Forecast *forecast)
{
    if (forecast) {
        m_probabilities = forecast->probabilities;
        m_predictedBin = forecast->predictedBin;
    } else {
        m_probabilities.reset();
        m_predictedBin = 0;
    }
    update();
}

void BinChart::setTrueBin(std::optional<int> bin)
{
    m_trueBin = bin;
    update();
}

int BinChart::predictedBin() const
{
    return m_predictedBin;
}

double BinChart::probability(int bin) const
{
    return m_probabilities && kfx::isForecastBin(bin) ? (*m_probabilities)[static_cast<std::size_t>(bin - 1)] : 0.0;
}

QSize BinChart::sizeHint() const
{
    return {8 * 4 * fontMetrics().horizontalAdvance(QLatin1Char('0')), 7 * fontMetrics().height()};
}

QSize BinChart::minimumSizeHint() const
{
    return {8 * 3 * fontMetrics().horizontalAdvance(QLatin1Char('0')), 5 * fontMetrics().height()};
}

QRect BinChart::slotRect(int bin) const
{
    const auto area = rect().adjusted(2, 2, -2, -2);
    const int width = area.width() / kfx::kBinCount;
    return QRect(area.left() + (bin - 1) * width, area.top(), width, area.height());
}

int BinChart::binAt(const QPoint &position) const
{
    for (int bin = kfx::kFirstBin; bin <= kfx::kLastBin; ++bin)
        if (slotRect(bin).contains(position))
            return bin;
    return 0;
}

bool BinChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const int bin = binAt(help->pos())) {
            QStringList lines{intervalsText(bin), tr("p = %1").arg(number(probability(bin), 3))};
            if (bin == m_predictedBin)
                lines << tr("the predicted bin");
            if (m_trueBin && bin == *m_trueBin)
                lines << tr("the bin the measurement fell into");
            QToolTip::showText(help->globalPos(), lines.join(QLatin1Char('\n')), this);
            return true;
        }
    }
    return QWidget::event(event);
}

void BinChart::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const auto &colors = palette();
    const auto text = colors.color(QPalette::WindowText);
    const auto highlight = colors.color(QPalette::Highlight);
    const auto plain = mix(colors.color(QPalette::Window), text, 0.35);
    const int line = fontMetrics().height();

    painter.setFont(font());
    for (int bin = kfx::kFirstBin; bin <= kfx::kLastBin; ++bin) {
        const auto slot = slotRect(bin);
        // Below each bar its number, above it its probability; the rest of the height is the scale 0..1.
        const QRect label(slot.left(), slot.bottom() - line, slot.width(), line);
        const QRect plot(slot.left() + slot.width() / 6, slot.top() + line, slot.width() * 2 / 3,
                         slot.height() - 2 * line - 4);
        const bool isTrue = m_trueBin && *m_trueBin == bin;
        if (isTrue) {
            QPen pen(text, 1.5);
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawRoundedRect(QRectF(slot).adjusted(1.5, 1.5, -1.5, -1.5), 3, 3);
        }
        painter.setPen(text);
        auto labelFont = font();
        labelFont.setBold(bin == m_predictedBin || isTrue);
        painter.setFont(labelFont);
        painter.drawText(label, Qt::AlignCenter, QString::number(bin));
        painter.setFont(font());
        if (!m_probabilities)
            continue;
        const double p = probability(bin);
        const int height = qRound(p * plot.height());
        const QRect bar(plot.left(), plot.bottom() - height, plot.width(), height);
        painter.setPen(Qt::NoPen);
        painter.setBrush(bin == m_predictedBin ? highlight : plain);
        painter.drawRect(bar);
        if (p >= 0.005) {
            painter.setPen(text);
            painter.drawText(QRect(slot.left(), bar.top() - line, slot.width(), line), Qt::AlignCenter,
                             tr("%1%").arg(qRound(p * 100.0)));
        }
    }
    // 1× sits between bins 3 and 4: a forecast on the wrong side of it gets the kernel's direction wrong.
    const int x = slotRect(4).left();
    QPen dashed(mix(colors.color(QPalette::Window), text, 0.6), 1, Qt::DashLine);
    painter.setPen(dashed);
    painter.drawLine(x, rect().top() + 2, x, rect().bottom() - line - 2);
    if (!m_probabilities) {
        painter.setPen(colors.color(QPalette::Disabled, QPalette::WindowText));
        painter.drawText(rect().adjusted(0, 0, 0, -line), Qt::AlignCenter, tr("No forecast"));
    }
}

void ForecastPanel::showTab(int index)
{
    m_tabs->setCurrentIndex(index);
    m_tabs->currentWidget()->setFocus();
}
