#include "reliabilitychart.h"

#include "chartview.h"
#include "reliabilitymodel.h"

#include <QLegendMarker>
#include <QVBoxLayout>

#include <cmath>

namespace {

// A ChartView whose content is drawn by a function of the outer chart, which owns the model.
class DrawnChartView : public ChartView {
public:
    DrawnChartView(QWidget *parent, std::function<void(DrawnChartView *)> draw)
        : ChartView(parent)
        , m_draw(std::move(draw))
    {
    }
    using ChartView::nearestPoint;
    using ChartView::showTip;
    using ChartView::styleAxis;

protected:
    void fill() override { m_draw(this); }

private:
    std::function<void(DrawnChartView *)> m_draw;
};

QVariant cell(const ReliabilityModel *model, int bucket, int column)
{
    return model->index(bucket, column).data(ReliabilityModel::ValueRole);
}

double field(const ReliabilityModel *model, int surrogate, int bucket, ReliabilityModel::Field what)
{
    return cell(model, bucket, ReliabilityModel::column(surrogate, what)).toDouble();
}

// Equal-width buckets by their confidence range, equal-count ones by their share of the forecasts.
QString bucketRange(const ReliabilityModel *model, int bucket)
{
    const double low = cell(model, bucket, ReliabilityModel::LowColumn).toDouble();
    const double high = cell(model, bucket, ReliabilityModel::HighColumn).toDouble();
    if (model->equalCount())
        return ReliabilityModel::tr("%1–%2%").arg(qRound(low * 100)).arg(qRound(high * 100));
    return ReliabilityModel::tr("%1–%2").arg(ReliabilityModel::numberText(low, 1),
                                             ReliabilityModel::numberText(high, 1));
}

void addErrorBars(const ReliabilityModel *model, QChart *chart, int surrogate, const QColor &color, QAbstractAxis *x,
                  QAbstractAxis *y)
{
    // A vertical segment per bucket from the interval's low to its high end, at the bucket's mean confidence:
    // Qt Charts has no error bars, and a line series of two points is one.
    using Model = ReliabilityModel;
    for (int bucket = 0; bucket < model->rowCount(); ++bucket) {
        const auto confidence = cell(model, bucket, Model::column(surrogate, Model::MeanConfidence));
        if (!confidence.isValid())
            continue;
        auto *bar = new QLineSeries(chart);
        bar->setPen(QPen(color, 1.5));
        bar->append(confidence.toDouble(), field(model, surrogate, bucket, Model::AccuracyLow));
        bar->append(confidence.toDouble(), field(model, surrogate, bucket, Model::AccuracyHigh));
        chart->addSeries(bar);
        bar->attachAxis(x);
        bar->attachAxis(y);
        chart->legend()->markers(bar).constFirst()->setVisible(false);
    }
}

} // namespace

QString ReliabilityChart::bucketTip(const ReliabilityModel *model, int surrogate, int bucket)
{
    using Model = ReliabilityModel;
    const int count = cell(model, bucket, Model::column(surrogate, Model::Count)).toInt();
    const auto label = model->calibration()->label(surrogate).toHtmlEscaped();
    auto tip = model->equalCount()
        ? tr("<b>%1</b><br>forecasts %2 by confidence: %n forecast(s)", nullptr, count)
              .arg(label, bucketRange(model, bucket))
        : tr("<b>%1</b><br>confidence %2: %n forecast(s)", nullptr, count).arg(label, bucketRange(model, bucket));
    // Pooled repeats forecast a comparison more than once: say how many comparisons a click selects.
    const int comparisons = count > 0 ? int(model->calibration()->bucketComparisons(surrogate, bucket).ids.size()) : 0;
    if (comparisons != count)
        tip += tr(" of %n comparison(s) (repeats pooled)", nullptr, comparisons);
    if (count > 0) {
        if (model->equalCount()) {
            tip += tr("<br>confidence %1–%2")
                       .arg(Model::numberText(field(model, surrogate, bucket, Model::ConfidenceFrom)),
                            Model::numberText(field(model, surrogate, bucket, Model::ConfidenceTo)));
        }
        const int correct = cell(model, bucket, Model::column(surrogate, Model::Correct)).toInt();
        tip += tr("<br>mean confidence %1, accuracy %2 (%3 of %4 right)<br>95% interval %5–%6 (Clopper–Pearson)"
                  "<br>click to select them")
                   .arg(Model::numberText(field(model, surrogate, bucket, Model::MeanConfidence)),
                        Model::numberText(field(model, surrogate, bucket, Model::Accuracy)))
                   .arg(correct)
                   .arg(count)
                   .arg(Model::numberText(field(model, surrogate, bucket, Model::AccuracyLow)),
                        Model::numberText(field(model, surrogate, bucket, Model::AccuracyHigh)));
    }
    return tip;
}

ReliabilityChart::ReliabilityChart(QWidget *parent) : QWidget(parent)
{
    auto *diagram = new DrawnChartView(this, [this](DrawnChartView *view) {
        auto *chart = view->chart();
        connect(chart, &QChart::plotAreaChanged, this, &ReliabilityChart::alignHistogram);
        chart->setTitle(tr("Reliability"));
        auto *x = new QValueAxis(chart);
        auto *y = new QValueAxis(chart);
        x->setRange(0, 1);
        y->setRange(0, 1);
        x->setTickCount(11);
        y->setTickCount(6);
        x->setLabelFormat(QStringLiteral("%.1f"));
        y->setLabelFormat(QStringLiteral("%.1f"));
        x->setTitleText(tr("Confidence (mass on the predicted bin)"));
        y->setTitleText(tr("Accuracy"));
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        view->styleAxis(x);
        view->styleAxis(y);

        auto *diagonal = new QLineSeries(chart);
        diagonal->setName(tr("Perfectly calibrated"));
        diagonal->append(0, 0);
        diagonal->append(1, 1);
        auto pen = QPen(palette().color(QPalette::WindowText), 1, Qt::DashLine);
        diagonal->setPen(pen);
        chart->addSeries(diagonal);
        diagonal->attachAxis(x);
        diagonal->attachAxis(y);
        if (!m_model)
            return;
        for (int surrogate = 0; surrogate < m_model->surrogateCount(); ++surrogate) {
            const auto color = ChartView::seriesColor(surrogate, palette());
            auto *line = new QLineSeries(chart);
            auto *points = new QScatterSeries(chart);
            // A baseline's curve is drawn thin, without its intervals: beside four of them, the surrogates' own
            // stay readable. Its intervals are in the tooltips still.
            const bool baseline = m_model->calibration()->isBaseline(surrogate);
            if (!baseline)
                addErrorBars(m_model, chart, surrogate, color, x, y); // under the points, which take the clicks
            line->setName(m_model->calibration()->label(surrogate));
            line->setPen(ChartView::seriesPen(surrogate, baseline, palette()));
            points->setColor(color);
            points->setBorderColor(color);
            points->setMarkerSize(baseline ? 5 : 8);
            for (int bucket = 0; bucket < m_model->rowCount(); ++bucket) {
                const auto confidence = cell(m_model, bucket,
                                             ReliabilityModel::column(surrogate, ReliabilityModel::MeanConfidence));
                if (!confidence.isValid())
                    continue;
                const QPointF point(
                    confidence.toDouble(),
                    cell(m_model, bucket, ReliabilityModel::column(surrogate, ReliabilityModel::Accuracy)).toDouble());
                line->append(point);
                points->append(point);
            }
            for (auto *series : std::initializer_list<QXYSeries *>{line, points}) {
                chart->addSeries(series);
                series->attachAxis(x);
                series->attachAxis(y);
            }
            chart->legend()->markers(points).constFirst()->setVisible(false);
            const auto bucketAt = [this, surrogate](QPointF point) {
                for (int bucket = 0; bucket < m_model->rowCount(); ++bucket) {
                    const auto confidence = cell(m_model, bucket,
                                                 ReliabilityModel::column(surrogate, ReliabilityModel::MeanConfidence));
                    if (confidence.isValid() && confidence.toDouble() == point.x())
                        return bucket;
                }
                return -1;
            };
            connect(points, &QScatterSeries::hovered, view, [this, view, surrogate, bucketAt](QPointF point, bool on) {
                const int bucket = bucketAt(point);
                view->showTip(on && bucket >= 0 ? bucketTip(m_model, surrogate, bucket) : QString());
            });
            connect(points, &QScatterSeries::clicked, this, [this, surrogate, bucketAt](QPointF point) {
                if (const int bucket = bucketAt(point); bucket >= 0)
                    Q_EMIT bucketClicked(surrogate, bucket);
            });
        }
    });
    auto *histogram = new DrawnChartView(this, [this](DrawnChartView *view) {
        auto *chart = view->chart();
        connect(chart, &QChart::plotAreaChanged, this, &ReliabilityChart::alignHistogram);
        chart->legend()->hide();
        auto *x = new QBarCategoryAxis(chart);
        auto *y = new QValueAxis(chart);
        y->setTitleText(tr("Forecasts"));
        y->setLabelFormat(QStringLiteral("%d"));
        y->setTickCount(3);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        view->styleAxis(x);
        view->styleAxis(y);
        if (!m_model)
            return;
        QStringList categories;
        for (int bucket = 0; bucket < m_model->rowCount(); ++bucket)
            categories << bucketRange(m_model, bucket);
        x->append(categories);
        auto *bars = new QBarSeries(chart);
        bars->setBarWidth(0.9);
        int highest = 0;
        for (int surrogate = 0; surrogate < m_model->surrogateCount(); ++surrogate) {
            auto *set = new QBarSet(m_model->calibration()->label(surrogate), bars);
            set->setColor(ChartView::seriesColor(surrogate, palette()));
            set->setBorderColor(Qt::transparent);
            for (int bucket = 0; bucket < m_model->rowCount(); ++bucket) {
                const int count =
                    cell(m_model, bucket, ReliabilityModel::column(surrogate, ReliabilityModel::Count)).toInt();
                set->append(count);
                highest = std::max(highest, count);
            }
            connect(set, &QBarSet::hovered, view, [this, view, surrogate](bool on, int bucket) {
                view->showTip(on ? bucketTip(m_model, surrogate, bucket) : QString());
            });
            connect(set, &QBarSet::clicked, this,
                    [this, surrogate](int bucket) { Q_EMIT bucketClicked(surrogate, bucket); });
            bars->append(set);
        }
        chart->addSeries(bars);
        bars->attachAxis(x);
        bars->attachAxis(y);
        y->setRange(0, std::max(highest, 1));
        y->applyNiceNumbers();
    });
    m_diagram = diagram;
    m_histogram = histogram;
    m_histogram->setMinimumHeight(80);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    // Two to one: at a dock's height the histogram still shows its counts.
    layout->addWidget(m_diagram, 2);
    layout->addWidget(m_histogram, 1);
}

void ReliabilityChart::setModel(ReliabilityModel *model)
{
    m_model = model;
    m_diagram->follow(model);
    m_histogram->follow(model);
}

QPoint ReliabilityChart::bucketPosition(int surrogate, int bucket) const
{
    const auto confidence = cell(m_model, bucket,
                                 ReliabilityModel::column(surrogate, ReliabilityModel::MeanConfidence));
    if (!confidence.isValid())
        return {};
    const QPointF value(
        confidence.toDouble(),
        cell(m_model, bucket, ReliabilityModel::column(surrogate, ReliabilityModel::Accuracy)).toDouble());
    const auto series = m_diagram->chart()->series();
    const auto scene = m_diagram->chart()->mapToPosition(value, series.constLast());
    return m_diagram->mapFromScene(m_diagram->chart()->mapToScene(scene));
}

void ReliabilityChart::alignHistogram()
{
    if (!m_diagram || !m_histogram)
        return;
    // The histogram's buckets sit under the diagram's confidence range: its plot area takes the diagram's
    // horizontal extent, which the diagram's legend and axis labels decide.
    const auto target = m_diagram->chart()->plotArea();
    fitAxisLabels(target.width());
    const auto current = m_histogram->chart()->plotArea();
    auto margins = m_histogram->chart()->margins();
    const int left = margins.left() + qRound(target.left() - current.left());
    const int right = margins.right() + qRound(current.right() - target.right());
    if (left == margins.left() && right == margins.right())
        return;
    margins.setLeft(std::max(0, left));
    margins.setRight(std::max(0, right));
    m_histogram->chart()->setMargins(margins);
}

void ReliabilityChart::fitAxisLabels(qreal plotWidth)
{
    // In a narrow dock eleven confidence ticks, or a range under every bucket, elide to "…": fewer ticks, and
    // the buckets' ranges only where they fit (their tooltips always tell them).
    const auto metrics = m_diagram->fontMetrics();
    const int tickLabel = metrics.horizontalAdvance(QStringLiteral("0.0")) + metrics.averageCharWidth() * 2;
    const int ticks = plotWidth >= 10 * tickLabel ? 11 : plotWidth >= 5 * tickLabel ? 6 : 3;
    for (auto *axis : m_diagram->chart()->axes(Qt::Horizontal)) {
        if (auto *values = qobject_cast<QValueAxis *>(axis); values && values->tickCount() != ticks)
            values->setTickCount(ticks);
    }
    const int buckets = m_model ? m_model->rowCount() : 0;
    const bool rangesFit = buckets > 0
        && plotWidth / buckets >= metrics.horizontalAdvance(bucketRange(m_model, 0)) + metrics.averageCharWidth();
    for (auto *axis : m_histogram->chart()->axes(Qt::Horizontal)) {
        if (axis->labelsVisible() != rangesFit)
            axis->setLabelsVisible(rangesFit);
    }
}
