#pragma once

#include "chartview.h"

class RiskCoverageModel;

// Risk against coverage for every surrogate, for the model's score and risk: how much risk trusting the most
// confident share of forecasts carries. Hovering a curve tells the nearest point; clicking reports it.
class RiskCoverageChart : public ChartView {
    Q_OBJECT
public:
    explicit RiskCoverageChart(QWidget *parent = nullptr);
    void setModel(RiskCoverageModel *model);

Q_SIGNALS:
    // `row` is the point's row in the model.
    void pointClicked(int surrogate, int row);

protected:
    void fill() override;

private:
    QString pointTip(int surrogate, int row) const;

    RiskCoverageModel *m_model = nullptr;
};
