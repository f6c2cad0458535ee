#pragma once

#include "calibrationtablemodel.h"

#include <QPalette>

// One row per surrogate: how often it answers, how often it is right, its proper scores and calibration error,
// and the area under each risk–coverage curve and each risk at half coverage for the chosen score; then issue
// 17's statistics: ACE, MCE, classwise ECE, Spiegelhalter's p, and AURC, AUGRC, coverage at the target risk and
// risk at the target coverage (max-prob score, wrong-bin risk), each shown with its bootstrap interval.
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
        AceColumn = SelectiveAt50Column + 3,
        MceColumn,
        ClasswiseEceColumn,
        SpiegelhalterColumn,
        BootstrapAurcColumn,
        AugrcColumn,
        CoverageAtRiskColumn,
        RiskAtCoverageColumn,
        ColumnCount,
    };

    using CalibrationTableModel::CalibrationTableModel;

    void setScore(kfx::metrics::ConfidenceScore score);
    kfx::metrics::ConfidenceScore score() const { return m_score; }
    // Each row's header shows a swatch of its surrogate's colour in the charts (ChartView::seriesColor), so that
    // the table names the curves where a chart has no room for its legend.
    void setSwatchPalette(const QPalette &palette);
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    int rows() const override;
    int columns() const override;
    QVariant value(int row, int column) const override;
    QString columnTitle(int column) const override;
    QString displayText(int row, int column) const override;

private:
    const kfx::metrics::EstimateWithInterval *estimate(int row, int column) const;

    kfx::metrics::ConfidenceScore m_score = kfx::metrics::ConfidenceScore::MaxProb;
    QPalette m_swatchPalette;
};
