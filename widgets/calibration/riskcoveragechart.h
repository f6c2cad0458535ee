#pragma once

#include "chartview.h"

#include <optional>
#include <vector>

class RiskCoverageModel;

// Risk against coverage for every surrogate, for the model's score and risk: how much risk trusting the most
// confident share of forecasts carries. Hovering a curve tells the nearest point; clicking reports it.
class RiskCoverageChart : public ChartView {
    Q_OBJECT
public:
    explicit RiskCoverageChart(QWidget *parent = nullptr);
    void setModel(RiskCoverageModel *model);

    // Marks, on each surrogate's curve, the point a gate at `threshold` under the model's score makes (none:
    // no marks). Only the marks move, so a slider can drive it.
    void setGateThreshold(std::optional<double> threshold);
    std::optional<double> gateThreshold() const { return m_gateThreshold; }
    // The marks drawn now as (coverage, risk), and which surrogate each belongs to.
    QList<QPointF> gatePoints() const;
    const std::vector<int> &gateSurrogates() const { return m_gateSurrogates; }

Q_SIGNALS:
    // `row` is the point's row in the model.
    void pointClicked(int surrogate, int row);

protected:
    void fill() override;

private:
    QString pointTip(int surrogate, int row) const;
    void addGateSeries(QAbstractAxis *x, QAbstractAxis *y);
    void placeGate();

    RiskCoverageModel *m_model = nullptr;
    std::optional<double> m_gateThreshold;
    QScatterSeries *m_gate = nullptr; // owned by the chart; rebuilt with it
    std::vector<int> m_gateSurrogates;
};
