#pragma once

#include "chartview.h"

#include <vector>

class TopKModel;

// Top-k recovery for every surrogate: the share of each pool's best speedup found by measuring only the k% of
// candidates the surrogate ranks highest, with the 80% line the headline "within 20% of the best" refers to.
class TopKChart : public ChartView {
    Q_OBJECT
public:
    explicit TopKChart(QWidget *parent = nullptr);
    void setModel(TopKModel *model);
    // Where the point of a surrogate's curve at a model row is drawn, in viewport coordinates; null if not drawn.
    QPoint pointPosition(int surrogate, int row) const;

Q_SIGNALS:
    // `row` is the point's row in the model (its k).
    void pointClicked(int surrogate, int row);

protected:
    void fill() override;

private:
    TopKModel *m_model = nullptr;
    std::vector<QLineSeries *> m_lines;          // per surrogate; owned by the chart
    std::vector<std::vector<int>> m_rowsByPoint; // per surrogate, the model row of each drawn point
};
