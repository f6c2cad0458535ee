#include "calibrationsummarymodel.h"

#include "riskcoveragemodel.h"

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

QVariant CalibrationSummaryModel::value(int row, int column) const
{
    const auto &evaluation = calibration()->evaluation(row);
    const auto &report = evaluation.calibration;
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

QVariant CalibrationSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
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
    default:
        break;
    }
    if (section >= SelectiveAt50Column && section < ColumnCount)
        return tr("Risk when trusting the most confident half of the forecasts (%1)")
            .arg(RiskCoverageModel::scoreTitle(m_score));
    if (section >= AurcColumn && section < SelectiveAt50Column)
        return tr("Area under the risk–coverage curve (%1); lower is better")
            .arg(RiskCoverageModel::scoreTitle(m_score));
    return {};
}
