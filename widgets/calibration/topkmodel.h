#pragma once

#include "calibrationtablemodel.h"

// The top-k recovery curves: one row per k (percent of each pool measured), then each surrogate's mean share of
// the pool's best speedup that measuring its top k% finds.
class TopKModel : public CalibrationTableModel {
    Q_OBJECT
public:
    static constexpr int PercentColumn = 0;
    static int column(int surrogate) { return 1 + surrogate; }

    using CalibrationTableModel::CalibrationTableModel;

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
};
