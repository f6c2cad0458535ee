#pragma once

#include "calibrationtablemodel.h"

// The reliability diagram's data: one row per confidence bucket, its bounds, then for each surrogate the mean
// confidence, accuracy and count of its forecasts in that bucket (confidence and accuracy empty when none).
class ReliabilityModel : public CalibrationTableModel {
    Q_OBJECT
public:
    enum Field { MeanConfidence, Accuracy, Count, FieldCount };
    static constexpr int LowColumn = 0;
    static constexpr int HighColumn = 1;
    static int column(int surrogate, Field field) { return 2 + surrogate * FieldCount + field; }

    using CalibrationTableModel::CalibrationTableModel;

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    void calibrationChanged() override;

private:
    int m_bucketSource = -1; // the first surrogate with buckets; -1 when none has any
};
