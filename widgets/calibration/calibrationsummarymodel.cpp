#include "calibrationsummarymodel.h"

#include "chartview.h"
#include "riskcoveragemodel.h"

#include <QPixmap>

#include <cmath>

using namespace kfx::metrics;

void CalibrationSummaryModel::setScore(ConfidenceScore score)
{
    reset([&] { m_score = score; });
}

int CalibrationSummaryModel::rows() const
{
    return surrogateCount();
}

int CalibrationSummaryModel::columns() const
{
    return ColumnCount;
}

const EstimateWithInterval *CalibrationSummaryModel::estimate(int row, int column) const
{
    const auto &selective = calibration()->statistics(row).selective;
    switch (column) {
    case BootstrapAurcColumn:
        return &selective.aurc;
    case AugrcColumn:
        return &selective.augrc;
    case CoverageAtRiskColumn:
        return &selective.coverageAtRisk;
    case RiskAtCoverageColumn:
        return &selective.riskAtCoverage;
    }
    return nullptr;
}

QString CalibrationSummaryModel::displayText(int row, int column) const
{
    if (column == SpiegelhalterColumn) {
        // Three decimals would round a decisive rejection to a p of zero.
        const double p = calibration()->statistics(row).reliability.spiegelhalter.pValue;
        return p < 0.001 ? tr("< 0.001") : QString();
    }
    const auto *shown = estimate(row, column);
    if (!shown || std::isnan(shown->low))
        return {};
    return tr("%1 [%2, %3]").arg(numberText(shown->value), numberText(shown->low), numberText(shown->high));
}

QVariant CalibrationSummaryModel::value(int row, int column) const
{
    const auto &evaluation = calibration()->evaluation(row);
    const auto &report = evaluation.calibration;
    const auto &reliability = calibration()->statistics(row).reliability;
    if (const auto *shown = estimate(row, column))
        return shown->value;
    switch (column) {
    case AceColumn:
        return reliability.ace;
    case MceColumn:
        return reliability.mce;
    case ClasswiseEceColumn:
        return reliability.classwiseEce;
    case SpiegelhalterColumn:
        return reliability.spiegelhalter.pValue;
    }
    if (column >= AurcColumn) {
        const bool aurc = column < SelectiveAt50Column;
        const auto risk = kRisks[column - (aurc ? AurcColumn : SelectiveAt50Column)];
        const auto &summary = evaluation.selective.at({m_score, risk});
        return aurc ? summary.aurc : summary.selectiveAt50;
    }
    switch (column) {
    case SurrogateColumn:
        return calibration()->label(row);
    case ParsedRateColumn:
        return report.parsedRate;
    case AccuracyColumn:
        return report.accuracy;
    case OffByOneColumn:
        return report.offByOne;
    case BrierColumn:
        return report.meanBrier;
    case CrpsColumn:
        return report.meanCrps;
    case NllColumn:
        return report.meanNll;
    case EceColumn:
        return report.ece;
    }
    return {};
}

QString CalibrationSummaryModel::columnTitle(int column) const
{
    const auto options = calibration() ? calibration()->statisticsOptions() : kViewStatistics;
    switch (column) {
    case AceColumn:
        return tr("ACE");
    case MceColumn:
        return tr("MCE");
    case ClasswiseEceColumn:
        return tr("Classwise\nECE");
    case SpiegelhalterColumn:
        return tr("Spiegel-\nhalter p");
    case BootstrapAurcColumn:
        return tr("AURC\n[95% CI]");
    case AugrcColumn:
        return tr("AUGRC\n[95% CI]");
    case CoverageAtRiskColumn:
        return tr("Coverage at\n%1% risk").arg(options.selective.targetRisk * 100);
    case RiskAtCoverageColumn:
        return tr("Risk at\n%1% coverage").arg(options.selective.targetCoverage * 100);
    }
    if (column >= AurcColumn) {
        const bool aurc = column < SelectiveAt50Column;
        const auto risk = RiskCoverageModel::riskTitle(kRisks[column - (aurc ? AurcColumn : SelectiveAt50Column)]);
        // Two lines keep the eleven numeric columns narrow enough to fit beside each other.
        return aurc ? tr("AURC\n%1").arg(risk.toLower()) : tr("At 50%\n%1").arg(risk.toLower());
    }
    switch (column) {
    case SurrogateColumn:
        return tr("Surrogate");
    case ParsedRateColumn:
        return tr("Parsed");
    case AccuracyColumn:
        return tr("Accuracy");
    case OffByOneColumn:
        return tr("Off by\n≤ 1 bin");
    case BrierColumn:
        return tr("Brier");
    case CrpsColumn:
        return tr("CRPS");
    case NllColumn:
        return tr("NLL");
    case EceColumn:
        return tr("ECE");
    }
    return {};
}

void CalibrationSummaryModel::setSwatchPalette(const QPalette &palette)
{
    m_swatchPalette = palette;
    if (rowCount() > 0)
        Q_EMIT headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
}

QVariant CalibrationSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // Rows are named by their surrogate, so that the name stays in sight when the columns scroll.
    if (orientation == Qt::Vertical && role == Qt::DisplayRole && section >= 0 && section < rowCount())
        return calibration()->label(section);
    if (orientation == Qt::Vertical && role == Qt::DecorationRole && section >= 0 && section < rowCount()) {
        QPixmap swatch(10, 10);
        swatch.fill(ChartView::seriesColor(section, m_swatchPalette));
        return swatch;
    }
    if (orientation != Qt::Horizontal || role != Qt::ToolTipRole)
        return CalibrationTableModel::headerData(section, orientation, role);
    switch (section) {
    case ParsedRateColumn:
        return tr("Share of answers that could be parsed into a forecast");
    case AccuracyColumn:
        return tr("Share of parsed forecasts that declare the true bin");
    case OffByOneColumn:
        return tr("Share of parsed forecasts at most one bin from the true bin");
    case BrierColumn:
    case CrpsColumn:
    case NllColumn:
        return tr("Mean over all rows, unparsed answers scored as a uniform forecast; lower is better");
    case EceColumn:
        return tr("Expected calibration error over %n confidence bucket(s)", nullptr,
                  calibration() ? calibration()->settings().buckets : 10);
    case AceColumn:
        return tr("Adaptive calibration error: the mean gap between confidence and accuracy over %n bucket(s) "
                  "holding equal numbers of forecasts",
                  nullptr, calibration() ? calibration()->settings().buckets : 10);
    case MceColumn:
        return tr("Maximum calibration error: the largest gap between confidence and accuracy over the "
                  "reliability diagram's buckets");
    case ClasswiseEceColumn:
        return tr("Calibration error of each bin's probability against that bin being the true one, averaged "
                  "over the 8 bins");
    case SpiegelhalterColumn:
        return tr("Spiegelhalter's test that the confidences are calibrated: a small p says they are not");
    case BootstrapAurcColumn:
        return tr("Area under the risk–coverage curve (max-prob score, wrong bin), with a bootstrap 95% interval");
    case AugrcColumn:
        return tr("Area under the generalised risk–coverage curve: the chance a forecast is both trusted and "
                  "wrong, averaged over coverage; with a bootstrap 95% interval");
    case CoverageAtRiskColumn:
        return tr("The largest share of forecasts that can be trusted with at most this share wrong");
    case RiskAtCoverageColumn:
        return tr("The share wrong among the most confident forecasts covering at least this share");
    default:
        break;
    }
    if (section >= SelectiveAt50Column && section < AceColumn)
        return tr("Risk when trusting the most confident half of the forecasts (%1)")
            .arg(RiskCoverageModel::scoreTitle(m_score));
    if (section >= AurcColumn && section < SelectiveAt50Column)
        return tr("Area under the risk–coverage curve (%1); lower is better")
            .arg(RiskCoverageModel::scoreTitle(m_score));
    return {};
}
