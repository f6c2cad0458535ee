#pragma once

#include "qtcharts.h"

class QAbstractItemModel;

// A chart view that follows the palette: the chart theme by the palette's lightness, then background, text and
// grid from the palette itself, and series colours from a categorical set readable on either. Subclasses fill
// the chart in rebuild(), which runs again after every palette change, since a theme resets series styling.
class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget *parent = nullptr);

    // The i-th series colour for this palette.
    static QColor seriesColor(int index, const QPalette &palette);
    // The pen of the i-th series' line: a baseline's thinner, so that the surrogates it is set beside stand out
    // among as many curves.
    static QPen seriesPen(int index, bool baseline, const QPalette &palette);

    // Draws the chart afresh: a new QChart in the palette's theme, filled by the subclass.
    void rebuild();
    // Rebuilds whenever the model changes.
    void follow(QAbstractItemModel *model);

protected:
    void resizeEvent(QResizeEvent *event) override;
    virtual void fill() = 0;
    // Styles an axis created by fill() in the palette's text and grid colours.
    void styleAxis(QAbstractAxis *axis) const;
    // The index in series->points() of the point drawn nearest to `value` (a point on or near the series).
    int nearestPoint(const QXYSeries *series, QPointF value) const;
    // Shows a tooltip at the cursor, or hides it when `text` is empty.
    void showTip(const QString &text) const;
    void changeEvent(QEvent *event) override;

private:
    void applyTheme();
    // Hides the legend where its entries would not all fit beside the plot (a dock on a small screen): Qt Charts
    // would drop the last ones without a sign. The summary table's swatches name the curves then.
    void fitLegend();

    bool m_legendWanted = true; // as fill() left it
};
