#include "searchrunchart.h"

#include "common/darkpalette.h"
#include "replay/logfollower.h"

#include <QEvent>
#include <QFileInfo>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>

namespace {

// Okabe–Ito, as kfx's other charts: the search blue, the baseline grey.
QColor runColour(int run)
{
    return run == 0 ? QColor(0x00, 0x72, 0xb2) : QColor(0x99, 0x99, 0x99);
}

} // namespace

SearchRunChart::SearchRunChart(QWidget *parent)
    : QChartView(new QChart, parent)
    , m_measurements(new QValueAxis(chart()))
    , m_best(new QValueAxis(chart()))
{
    setAccessibleName(tr("Best measured speedup against GPU budget"));
    setToolTip(tr("The best measured speedup so far against GPU measurements spent, for the search and for the "
                  "baseline that measures everything with the same budget."));
    setRenderHint(QPainter::Antialiasing);
    chart()->setLocalizeNumbers(true); // "2,00" in German, as the text around it
    // In the bottom dock the chart is wide and low: the legend goes beside the plot, not under it, and the
    // height left is enough for the axes' labels (at 180 pixels they were elided to "...").
    setMinimumHeight(210);
    m_measurements->setTitleText(tr("GPU measurements"));
    m_measurements->setLabelFormat(QStringLiteral("%d"));
    m_best->setTitleText(tr("best ×"));
    chart()->addAxis(m_measurements, Qt::AlignBottom);
    chart()->addAxis(m_best, Qt::AlignLeft);
    chart()->legend()->setAlignment(Qt::AlignRight);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    applyTheme();
}

SearchRunChart::~SearchRunChart() = default;

void SearchRunChart::clearAll()
{
    chart()->removeAllSeries();
    m_runs.clear();
    m_bands.clear();
}

void SearchRunChart::follow(const QStringList &logs, int budget)
{
    clearAll();
    m_budget = budget;
    m_shownUpTo = -1;
    for (int run = 0; run < logs.size(); ++run)
        addRun(run == 0 ? tr("search") : tr("baseline (measures all)"), logs[run]);
    applyTheme();
    refresh();
}

void SearchRunChart::showSeries(const QStringList &names, std::vector<std::vector<kfx::search::BudgetPoint>> series,
                                int budget)
{
    clearAll();
    m_budget = budget;
    for (std::size_t run = 0; run < series.size(); ++run) {
        addRun(names.value(int(run)), {});
        m_runs.back().points = std::move(series[run]);
    }
    applyTheme();
    drawRuns();
}

void SearchRunChart::setShownUpTo(int measurements)
{
    m_shownUpTo = measurements;
    drawRuns();
}

void SearchRunChart::showBands(std::vector<Band> bands)
{
    for (const auto &band : m_bands) {
        for (auto *series : {static_cast<QAbstractSeries *>(band.area), static_cast<QAbstractSeries *>(band.median)}) {
            chart()->removeSeries(series);
            delete series;
        }
    }
    m_bands.clear();
    for (const auto &band : bands) {
        auto *area = new QAreaSeries(chart());
        auto *upper = new QLineSeries(area);
        auto *lower = new QLineSeries(area);
        auto *median = new QLineSeries(chart());
        BandSeries shown{area, median, 0.0, int(band.byBudget.size())};
        for (std::size_t b = 0; b < band.byBudget.size(); ++b) {
            const double x = double(b + 1);
            upper->append(x, band.byBudget[b].p90);
            lower->append(x, band.byBudget[b].p10);
            median->append(x, band.byBudget[b].median);
            shown.highest = std::max(shown.highest, band.byBudget[b].p90);
        }
        area->setUpperSeries(upper);
        area->setLowerSeries(lower);
        area->setName(band.name);
        for (auto *series : {static_cast<QAbstractSeries *>(area), static_cast<QAbstractSeries *>(median)}) {
            chart()->addSeries(series);
            series->attachAxis(m_measurements);
            series->attachAxis(m_best);
        }
        // The median is the band's own line: one legend entry names both.
        for (auto *marker : chart()->legend()->markers(median))
            marker->setVisible(false);
        m_bands.push_back(shown);
    }
    applyTheme();
    drawRuns();
}

void SearchRunChart::addRun(const QString &name, const QString &log)
{
    auto *line = new QLineSeries(chart());
    line->setName(name);
    chart()->addSeries(line);
    line->attachAxis(m_measurements);
    line->attachAxis(m_best);
    m_runs.push_back({log, nullptr, {}, line});
}

void SearchRunChart::restart(int run)
{
    m_runs.at(run).follower.reset();
    m_runs.at(run).points.clear();
    m_runs.at(run).line->clear();
    refresh();
}

void SearchRunChart::refresh()
{
    for (auto &run : m_runs) {
        // A log not yet written is followed once it has its first line.
        if (!run.follower && !run.log.isEmpty() && QFileInfo(run.log).size() > 0)
            run.follower = std::make_unique<kfx::replay::LogFollower>(run.log.toStdString());
        if (run.follower && run.follower->poll() > 0)
            run.points = kfx::search::bestMeasuredSeries(run.follower->population());
    }
    drawRuns();
}

void SearchRunChart::drawRuns()
{
    int measured = m_budget;
    double best = 1.0;
    for (auto &run : m_runs) {
        QList<QPointF> points;
        for (const auto &point : run.points) {
            if (m_shownUpTo >= 0 && point.measurements > m_shownUpTo)
                break;
            points.append(QPointF(point.measurements, point.best));
        }
        run.line->replace(points);
        if (!run.points.empty()) {
            measured = std::max(measured, run.points.back().measurements);
            best = std::max(best, run.points.back().best);
        }
    }
    for (const auto &band : m_bands) {
        measured = std::max(measured, band.budget);
        best = std::max(best, band.highest);
    }
    m_measurements->setRange(0, std::max(1, measured));
    m_best->setRange(0.0, best * 1.1);
    // Ticks at round speedups: 0 to 1.52 in five ticks read 0.38, 0.76, 1.14 (issue 23).
    m_best->applyNiceNumbers();
}

std::optional<double> SearchRunChart::best(int run) const
{
    const auto &points = m_runs.at(run).points;
    if (points.empty())
        return std::nullopt;
    return points.back().best;
}

void SearchRunChart::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void SearchRunChart::applyTheme()
{
    const auto palette = this->palette();
    chart()->setTheme(isDarkPalette(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(palette.color(QPalette::Base));
    chart()->legend()->setLabelColor(palette.color(QPalette::Text));
    chart()->legend()->setFont(font());
    for (auto *axis : chart()->axes()) {
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
        axis->setLabelsColor(palette.color(QPalette::Text));
        axis->setTitleBrush(palette.color(QPalette::Text));
        axis->setGridLineColor(palette.color(QPalette::Mid));
    }
    // The theme recolours the series: the runs keep their own colours.
    for (std::size_t run = 0; run < m_runs.size(); ++run) {
        QPen pen(runColour(static_cast<int>(run)));
        pen.setWidthF(2.0);
        m_runs[run].line->setPen(pen);
    }
    // A band is its run's colour, faint enough that the run's own line reads on top of it.
    for (std::size_t band = 0; band < m_bands.size(); ++band) {
        auto colour = runColour(static_cast<int>(band));
        QPen median(colour, 1.0, Qt::DashLine);
        m_bands[band].median->setPen(median);
        colour.setAlphaF(0.3);
        m_bands[band].area->setBrush(colour);
        m_bands[band].area->setPen(Qt::NoPen);
    }
}
