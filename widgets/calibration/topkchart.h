#pragma once

#include "chartview.h"

class TopKModel;

// Top-k recovery for every surrogate: the share of each pool's best speedup found by measuring only the k% of
// candidates the surrogate ranks highest, with the 80% line the headline "within 20% of the best" refers to.
class TopKChart : public ChartView {
    Q_OBJECT
public:
    explicit TopKChart(QWidget *parent = nullptr);
    void setModel(TopKModel *model);

protected:
    void fill() override;

private:
    TopKModel *m_model = nullptr;
};
