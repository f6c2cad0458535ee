#pragma once

#include "calibrationtablemodel.h"

// One surrogate's confusion matrix: row = predicted bin, column = true bin, cell = forecasts.
class ConfusionModel : public CalibrationTableModel {
    Q_OBJECT
public:
    using CalibrationTableModel::CalibrationTableModel;

    void setSurrogate(int surrogate);
    int surrogate() const { return m_surrogate; }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;

private:
    int m_surrogate = 0;
};
