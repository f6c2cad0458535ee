#pragma once

#include "calibrationtablemodel.h"

// The risk–coverage curves for one confidence score and one risk: row i is each surrogate's i-th point of its
// sweep (thresholds ascending, coverage falling); a surrogate with fewer points leaves the rest empty.
class RiskCoverageModel : public CalibrationTableModel {
    Q_OBJECT
public:
    enum Field { Threshold, Coverage, RiskValue, Predicted, Abstained, FieldCount };
    static int column(int surrogate, Field field) { return surrogate * FieldCount + field; }

    using CalibrationTableModel::CalibrationTableModel;

    void setSelection(kfx::metrics::ConfidenceScore score, kfx::metrics::Risk risk);
    kfx::metrics::ConfidenceScore score() const { return m_score; }
    kfx::metrics::Risk risk() const { return m_risk; }
    const std::vector<kfx::metrics::RiskCoveragePoint> &curve(int surrogate) const;

    static QString scoreTitle(kfx::metrics::ConfidenceScore score);
    static QString riskTitle(kfx::metrics::Risk risk);

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;

private:
    kfx::metrics::ConfidenceScore m_score = kfx::metrics::ConfidenceScore::MaxProb;
    kfx::metrics::Risk m_risk = kfx::metrics::Risk::BinaryMismatch;
};
