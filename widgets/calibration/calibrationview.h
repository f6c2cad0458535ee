#pragma once

#include "calibrationdata.h"
#include "common/elidedlabel.h"

#include <QWidget>

#include <memory>
#include <optional>

class CalibrationSummaryModel;
class ConfusionHeatMap;
class ConfusionModel;
class QAbstractItemModel;
class QComboBox;
class QLabel;
class QTabWidget;
class QTableView;
class ReliabilityChart;
class ReliabilityModel;
class RiskCoverageChart;
class RiskCoverageModel;
class TopKChart;
class TopKModel;

// Whether each surrogate can be trusted: reliability, risk–coverage, top-k recovery and confusion charts, each
// fed by its table model, over a summary table. Clicking a bucket, curve point or cell reports the comparisons
// behind it, for the window to select.
class CalibrationView : public QWidget {
    Q_OBJECT
public:
    enum Chart { Reliability, RiskCoverage, TopK, Confusion, ChartCount };
    Q_ENUM(Chart)

    explicit CalibrationView(QWidget *parent = nullptr);
    ~CalibrationView() override;

    void setInputs(std::shared_ptr<const CalibrationInputs> inputs);
    // Empty: every pack.
    void setPack(const QString &pack);
    void setSeparateRepeats(bool separate);
    void setScore(kfx::metrics::ConfidenceScore score);
    void setRisk(kfx::metrics::Risk risk);
    void setConfusionSurrogate(int surrogate);
    void setBuckets(int buckets);
    // Issue 17's statistics: bucket mode, targets, bootstrap; the bucket count stays setBuckets'.
    void setStatisticsOptions(const kfx::metrics::StatisticsOptions &options);
    // Equal-width or equal-count reliability buckets (the Buckets control).
    void setBucketMode(kfx::metrics::BucketMode mode);
    void showChart(Chart chart);

    const std::shared_ptr<const CalibrationData> &calibration() const { return m_data; }
    ReliabilityModel *reliabilityModel() const { return m_reliabilityModel; }
    RiskCoverageModel *riskCoverageModel() const { return m_riskCoverageModel; }
    TopKModel *topKModel() const { return m_topKModel; }
    ConfusionModel *confusionModel() const { return m_confusionModel; }
    CalibrationSummaryModel *summaryModel() const { return m_summaryModel; }
    ReliabilityChart *reliabilityChart() const { return m_reliabilityChart; }
    RiskCoverageChart *riskCoverageChart() const { return m_riskCoverageChart; }
    TopKChart *topKChart() const { return m_topKChart; }
    ConfusionHeatMap *confusionHeatMap() const { return m_heatMap; }
    QTableView *summaryView() const { return m_summaryView; }
    QWidget *chartWidget(Chart chart) const;
    QAbstractItemModel *chartModel(Chart chart) const;

    // Why the charts are empty (no forecasts, no measured pair they name, nothing in the pack), or else what
    // they leave out (CalibrationInputs::notes); empty when there is nothing to say.
    QString notice() const;
    QLabel *noticeLabel() const { return m_notice; }
    QLabel *selectionLabel() const { return m_selection; }

    // The threshold the gate cursor marks, if one is set and the chart can show its score.
    std::optional<double> gateThreshold() const;

    // Writes `basePath`.png and `basePath`.svg of a chart as it is laid out now.
    bool exportChart(Chart chart, const QString &basePath);

public Q_SLOTS:
    // Marks on the risk–coverage chart where a gate at `threshold` on `score` cuts each surrogate's curve,
    // switching the chart to that score. Cheap enough for every slider move: the point is looked up in the
    // computed curve. The chart has curves for the selective scores only; for any other score the mark goes.
    void setGateCursor(kfx::metrics::ConfidenceScore score, double threshold);
    void clearGateCursor();

Q_SIGNALS:
    // The comparison ids behind a clicked bucket, curve point or cell, each once, and the surrogate clicked as
    // its forecasts name it (Forecast::source), with its repeat, or -1 when repeats are pooled.
    void comparisonsSelected(const QStringList &comparisonIds, const QString &surrogate, int repeat);

protected:
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void select(int surrogate, const ComparisonSelection &selection, const QString &what);
    // The line under the charts: what was selected or exported; cut at the view's edge, whole in its tooltip.
    void showMessage(const QString &text);
    void showExportMenu(QWidget *source, QAbstractItemModel *model, const QString &name, QPoint position);
    void exportInteractively(QWidget *source, QAbstractItemModel *model, const QString &name, const QString &format);

    std::shared_ptr<const CalibrationInputs> m_inputs;
    CalibrationSettings m_settings;
    std::shared_ptr<const CalibrationData> m_data;

    ReliabilityModel *m_reliabilityModel;
    RiskCoverageModel *m_riskCoverageModel;
    TopKModel *m_topKModel;
    ConfusionModel *m_confusionModel;
    CalibrationSummaryModel *m_summaryModel;

    QComboBox *m_repeats;
    QComboBox *m_pack;
    QComboBox *m_score;
    QComboBox *m_risk;
    QComboBox *m_bucketMode;
    QComboBox *m_confusionSurrogate;
    ElidedLabel *m_selection;
    QLabel *m_notice;
    QTabWidget *m_tabs;
    ReliabilityChart *m_reliabilityChart;
    RiskCoverageChart *m_riskCoverageChart;
    TopKChart *m_topKChart;
    QWidget *m_confusionPage;
    ConfusionHeatMap *m_heatMap;
    QTableView *m_summaryView;
};
