#pragma once

#include <QWidget>

#include <functional>

class ChartView;
class ReliabilityModel;

// The reliability diagram: each surrogate's accuracy against its mean confidence per bucket, with its
// Clopper–Pearson 95 % interval as an error bar and the diagonal of perfect calibration, and beneath it the forecasts
// per bucket as a histogram on the same horizontal scale. Hovering a point or bar tells its numbers; clicking one
// reports the bucket.
class ReliabilityChart : public QWidget {
    Q_OBJECT
public:
    explicit ReliabilityChart(QWidget *parent = nullptr);

    void setModel(ReliabilityModel *model);
    ChartView *diagram() const { return m_diagram; }
    ChartView *histogram() const { return m_histogram; }
    // Where a surrogate's point for a bucket is drawn, in the diagram's viewport; null when the bucket is empty.
    QPoint bucketPosition(int surrogate, int bucket) const;
    // What hovering a surrogate's bucket tells: its forecasts (and the comparisons behind them when repeats are
    // pooled), mean confidence and accuracy.
    static QString bucketTip(const ReliabilityModel *model, int surrogate, int bucket);

Q_SIGNALS:
    void bucketClicked(int surrogate, int bucket);

private:
    void alignHistogram();
    void fitAxisLabels(qreal plotWidth);

    ReliabilityModel *m_model = nullptr;
    ChartView *m_diagram = nullptr;
    ChartView *m_histogram = nullptr;
};
