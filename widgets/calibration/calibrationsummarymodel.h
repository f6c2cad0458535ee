#pragma once

#include "calibrationtablemodel.h"

// One row per surrogate: how often it answers, how often it is right, its proper scores and calibration error,
// and the area under each risk–coverage curve and each risk at half coverage for the chosen score.
class CalibrationSummaryModel : public CalibrationTableModel {
    Q_OBJECT
public:
    enum Column {
        SurrogateColumn,
        ParsedRateColumn,
        AccuracyColumn,
        OffByOneColumn,
        BrierColumn,
        CrpsColumn,
        NllColumn,
        EceColumn,
        AurcColumn,                           // one per risk, in kRisks order
        SelectiveAt50Column = AurcColumn + 3, // one per risk
        ColumnCount = SelectiveAt50Column + 3,
    };

    using CalibrationTableModel::CalibrationTableModel;

    void setScore(kfx::metrics::ConfidenceScore score);
    kfx::metrics::ConfidenceScore score() const { return m_score; }
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;

private:
    kfx::metrics::ConfidenceScore m_score = kfx::metrics::ConfidenceScore::MaxProb;
};
