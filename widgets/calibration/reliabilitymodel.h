#pragma once

#include "calibrationtablemodel.h"

// The reliability diagram's data: one row per confidence bucket, its bounds, then for each surrogate the mean
// confidence, accuracy, forecasts, correct forecasts, the Clopper–Pearson 95 % interval on the accuracy and the
// confidence range of its forecasts in that bucket (all but the counts empty when none). Equal-width buckets
// share their bounds; equal-count ones are shares of each surrogate's forecasts (the first tenth, ...), each
// surrogate's own confidence range telling where its share lies.
class ReliabilityModel : public CalibrationTableModel {
    Q_OBJECT
public:
    enum Field {
        MeanConfidence,
        Accuracy,
        Count,
        Correct,
        AccuracyLow,
        AccuracyHigh,
        ConfidenceFrom,
        ConfidenceTo,
        FieldCount
    };
    static constexpr int LowColumn = 0;
    static constexpr int HighColumn = 1;
    static int column(int surrogate, Field field) { return 2 + surrogate * FieldCount + field; }

    using CalibrationTableModel::CalibrationTableModel;

    bool equalCount() const;

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    void calibrationChanged() override;

private:
    int m_rows = 0;          // the most buckets any surrogate has
    int m_bucketSource = -1; // the first surrogate with that many; -1 when none has any
};
