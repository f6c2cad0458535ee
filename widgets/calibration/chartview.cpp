#include "chartview.h"

#include "common/darkpalette.h"

#include <QAbstractItemModel>
#include <QCursor>
#include <QEvent>
#include <QToolTip>

#include <array>

namespace {

// Small enough for a dock on a 1366×768 screen; the chart decides its own minimum beyond this.
constexpr QSize kMinimumSize(200, 80);

} // namespace

ChartView::ChartView(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(kMinimumSize);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    applyTheme();
}

void ChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    // QChartView only ever raises its minimum to the chart's: a minimum the chart needed once (the histogram's
    // margins while they followed a wide diagram) stuck for good and kept a docked view wider than the screen.
    setMinimumSize(kMinimumSize.expandedTo(chart()->minimumSize().toSize()));
    fitLegend();
}

void ChartView::fitLegend()
{
    auto *legend = chart()->legend();
    // The entries are the named series: a marker's own visibility reads false until the legend is laid out.
    int entries = 0;
    for (const auto *marker : legend->markers())
        entries += marker->label().isEmpty() ? 0 : 1;
    const QFontMetrics metrics(legend->font());
    // Qt Charts sets the entries 5/3 of a line apart (25 px for DejaVu Sans 9), below about a line of space.
    const int needed = entries * metrics.height() * 5 / 3 + metrics.height() * 2;
    const QFontMetrics title(chart()->titleFont());
    const auto margins = chart()->margins();
    const int available = height() - margins.top() - margins.bottom()
        - (chart()->title().isEmpty() ? 0 : title.height() + title.height() / 2);
    legend->setVisible(m_legendWanted && needed <= available);
}

QPen ChartView::seriesPen(int index, bool baseline, const QPalette &palette)
{
    return QPen(seriesColor(index, palette), baseline ? 1 : 2);
}

QColor ChartView::seriesColor(int index, const QPalette &palette)
{
    // Tableau 10: distinct for the seven surrogates of a typical study and for the common colour blindnesses.
    static constexpr std::array<QRgb, 10> kColors = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                                     0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    const QColor color = QColor::fromRgb(kColors[std::size_t(index) % kColors.size()]);
    // The same hues a little lighter on a dark background, where the originals sink into it.
    return isDarkPalette(palette) ? color.lighter(125) : color.darker(105);
}

void ChartView::rebuild()
{
    // A fresh chart rather than removing series and axes from the old one: Qt Charts 5 leaves removed axes
    // drawn as a ghost in the corner.
    auto *old = chart();
    auto *fresh = new QChart;
    fresh->setAnimationOptions(QChart::NoAnimation); // a redraw must stay within one frame on hover
    fresh->setLocalizeNumbers(true);                 // "0,5" in German, as the text around it
    fresh->legend()->setAlignment(Qt::AlignRight);
    fresh->setMargins(old->margins());
    setChart(fresh);
    delete old;
    applyTheme();
    fill();
    m_legendWanted = fresh->legend()->isVisible();
    fitLegend();
}

void ChartView::follow(QAbstractItemModel *model)
{
    connect(model, &QAbstractItemModel::modelReset, this, &ChartView::rebuild);
    connect(model, &QAbstractItemModel::dataChanged, this, &ChartView::rebuild);
    rebuild();
}

int ChartView::nearestPoint(const QXYSeries *series, QPointF value) const
{
    const auto target = chart()->mapToPosition(value, const_cast<QXYSeries *>(series));
    int nearest = -1;
    qreal best = 0;
    const auto points = series->points();
    for (int i = 0; i < points.size(); ++i) {
        const auto offset = chart()->mapToPosition(points[i], const_cast<QXYSeries *>(series)) - target;
        const qreal distance = QPointF::dotProduct(offset, offset);
        if (nearest < 0 || distance < best) {
            nearest = i;
            best = distance;
        }
    }
    return nearest;
}

void ChartView::styleAxis(QAbstractAxis *axis) const
{
    const auto text = palette().color(QPalette::WindowText);
    auto grid = palette().color(QPalette::WindowText);
    grid.setAlpha(40);
    axis->setLabelsBrush(text);
    axis->setTitleBrush(text);
    axis->setLinePenColor(palette().color(QPalette::Mid));
    axis->setGridLineColor(grid);
    auto titleFont = axis->titleFont();
    titleFont.setPointSizeF(font().pointSizeF());
    titleFont.setBold(false);
    axis->setTitleFont(titleFont);
    axis->setLabelsFont(font());
}

void ChartView::showTip(const QString &text) const
{
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, viewport());
}

void ChartView::changeEvent(QEvent *event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        rebuild();
    }
}

void ChartView::applyTheme()
{
    const auto &colors = palette();
    chart()->setTheme(isDarkPalette(colors) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart()->setBackgroundBrush(colors.color(QPalette::Base));
    chart()->setBackgroundRoundness(0);
    chart()->setPlotAreaBackgroundVisible(false);
    chart()->setTitleBrush(colors.color(QPalette::WindowText));
    auto titleFont = font();
    titleFont.setBold(true);
    chart()->setTitleFont(titleFont);
    chart()->legend()->setLabelColor(colors.color(QPalette::WindowText));
    chart()->legend()->setFont(font());
    setBackgroundBrush(colors.color(QPalette::Base));
}
