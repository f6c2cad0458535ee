#include "frontierchart.h"

#include "common/darkpalette.h"
#include "replay/forecasttable.h"

#include <QEvent>
#include <QLocale>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

using kfx::replay::FrontierPolicy;

// The Okabe–Ito colours, as the replay chart uses them, told apart by colour-blind viewers too.
QColor policyColour(FrontierPolicy policy)
{
    switch (policy) {
    case FrontierPolicy::MeasureAll:
        return QColor(0x99, 0x99, 0x99);
    case FrontierPolicy::Threshold:
        return QColor(0x00, 0x72, 0xb2);
    case FrontierPolicy::Coverage:
        return QColor(0xe6, 0x9f, 0x00);
    case FrontierPolicy::Certified:
        return QColor(0x00, 0x9e, 0x73);
    }
    return {};
}

QString policyText(FrontierPolicy policy)
{
    switch (policy) {
    case FrontierPolicy::MeasureAll:
        return FrontierChart::tr("measure all");
    case FrontierPolicy::Threshold:
        return FrontierChart::tr("threshold");
    case FrontierPolicy::Coverage:
        return FrontierChart::tr("coverage");
    case FrontierPolicy::Certified:
        return FrontierChart::tr("certified");
    }
    return {};
}

} // namespace

FrontierChart::FrontierChart(QWidget *parent)
    : QChartView(new QChart, parent)
    , m_evaluations(new QValueAxis(chart()))
    , m_best(new QValueAxis(chart()))
    , m_risk(new QValueAxis(chart()))
{
    setAccessibleName(tr("GPU-budget frontier"));
    chart()->setLocalizeNumbers(true); // "2,00" in German, as the text around it
    setToolTip(
        tr("Solid: the best measured speedup so far (left axis). Dashed: the share of trusted forecasts in "
           "the wrong bin so far (right axis). Against GPU evaluations spent, for each way of setting the gate."));
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(200);
    m_evaluations->setTitleText(tr("GPU evaluations"));
    m_evaluations->setLabelFormat(QStringLiteral("%d"));
    m_best->setTitleText(tr("best ×"));
    m_risk->setTitleText(tr("risk"));
    m_risk->setRange(0.0, 1.0);
    chart()->addAxis(m_evaluations, Qt::AlignBottom);
    chart()->addAxis(m_best, Qt::AlignLeft);
    chart()->addAxis(m_risk, Qt::AlignRight);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    // The tab names the chart; a title would take the room a short dock needs for the axes.
    chart()->setMargins(QMargins(4, 4, 4, 4));
    applyTheme();
}

void FrontierChart::setSource(std::shared_ptr<const kfx::Population> population, const kfx::gate::GateSettings &gate)
{
    m_population = std::move(population);
    m_gate = gate;
    m_stale = true;
    if (isVisible())
        recompute();
}

void FrontierChart::showEvent(QShowEvent *event)
{
    QChartView::showEvent(event);
    if (m_stale)
        recompute();
}

void FrontierChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void FrontierChart::recompute()
{
    m_stale = false;
    m_curves.clear();
    QString title;
    if (m_population && m_population->size() > kLargestSearch) {
        title = tr("For a search this large, run kfx-cli replay --frontier");
    } else if (m_population) {
        kfx::replay::FrontierSettings settings;
        settings.score = m_gate.score;
        if (std::isfinite(m_gate.threshold))
            settings.threshold = m_gate.threshold;
        const auto forecasts = kfx::replay::ForecastTable::fromPopulation(*m_population);
        m_curves = kfx::replay::gpuBudgetFrontier(*m_population, forecasts, settings, {});
    }
    chart()->setTitle(title);
    redraw();
}

void FrontierChart::redraw()
{
    chart()->removeAllSeries();
    int lastEvaluation = 1;
    double bestSpeedup = 1.0;
    for (const auto &curve : m_curves) {
        auto *best = new QLineSeries;
        auto *risk = new QLineSeries;
        // The gate's cut beside each name, so that the legend says what each curve trusted.
        auto name = policyText(curve.policy);
        if (curve.policy != FrontierPolicy::MeasureAll)
            name = std::isfinite(curve.threshold) ? tr("%1 ≥ %2").arg(name, QLocale().toString(curve.threshold, 'f', 2))
                                                  : tr("%1: trusts nothing").arg(name);
        best->setName(name);
        risk->setName(name);
        for (const auto &point : curve.points) {
            best->append(point.evaluations, point.best);
            if (!std::isnan(point.risk()))
                risk->append(point.evaluations, point.risk());
            lastEvaluation = std::max(lastEvaluation, point.evaluations);
            bestSpeedup = std::max(bestSpeedup, point.best);
        }
        for (auto *series : {best, risk}) {
            series->setProperty("policy", int(curve.policy));
            chart()->addSeries(series);
            series->attachAxis(m_evaluations);
        }
        best->attachAxis(m_best);
        risk->attachAxis(m_risk);
        risk->setProperty("dashed", true);
        // One legend entry per policy: its two lines share the colour, the tooltip tells solid from dashed.
        chart()->legend()->markers(risk).value(0)->setVisible(false);
    }
    m_evaluations->setRange(0, lastEvaluation);
    m_best->setRange(0.0, bestSpeedup * 1.05);
    // Ticks at round speedups, not at fifths of 1.05 × the best (0.38, 0.76, 1.14).
    m_best->applyNiceNumbers();
    applyTheme();
}

void FrontierChart::applyTheme()
{
    const auto palette = this->palette();
    chart()->setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette.color(QPalette::Base));
    chart()->setTitleBrush(palette.color(QPalette::Text));
    chart()->legend()->setLabelColor(palette.color(QPalette::Text));
    chart()->legend()->setFont(font());
    chart()->setTitleFont(font());
    for (auto *axis : chart()->axes()) {
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
        axis->setGridLineColor(palette.color(QPalette::Mid));
    }
    for (auto *series : chart()->series()) {
        auto *line = static_cast<QLineSeries *>(series);
        QPen pen(policyColour(FrontierPolicy(line->property("policy").toInt())));
        pen.setWidthF(2.0);
        if (line->property("dashed").toBool())
            pen.setStyle(Qt::DashLine);
        line->setPen(pen);
    }
}
