#include "riskcoveragemodel.h"

using namespace kfx::metrics;

void RiskCoverageModel::setSelection(ConfidenceScore score, Risk risk)
{
    reset([&] {
        m_score = score;
        m_risk = risk;
    });
}

const std::vector<RiskCoveragePoint> &RiskCoverageModel::curve(int surrogate) const
{
    return calibration()->evaluation(surrogate).selective.at({m_score, m_risk}).curve;
}

int RiskCoverageModel::rows() const
{
    std::size_t longest = 0;
    for (int surrogate = 0; surrogate < surrogateCount(); ++surrogate)
        longest = std::max(longest, curve(surrogate).size());
    return int(longest);
}

int RiskCoverageModel::columns() const
{
    return column(surrogateCount(), Threshold);
}

QVariant RiskCoverageModel::value(int row, int column) const
{
    const auto &points = curve(column / FieldCount);
    if (std::size_t(row) >= points.size())
        return {};
    const auto &point = points[std::size_t(row)];
    switch (column % FieldCount) {
    case Threshold:
        return point.threshold;
    case Coverage:
        return point.coverage;
    case RiskValue:
        return point.risk;
    case Predicted:
        return point.predicted;
    case Abstained:
        return point.abstained;
    }
    return {};
}

QString RiskCoverageModel::columnTitle(int column) const
{
    const auto label = calibration()->label(column / FieldCount);
    switch (column % FieldCount) {
    case Threshold:
        return tr("%1: threshold").arg(label);
    case Coverage:
        return tr("%1: coverage").arg(label);
    case RiskValue:
        return tr("%1: risk").arg(label);
    case Predicted:
        return tr("%1: trusted").arg(label);
    case Abstained:
        return tr("%1: measured").arg(label);
    }
    return {};
}

QString RiskCoverageModel::scoreTitle(ConfidenceScore score)
{
    switch (score) {
    case ConfidenceScore::MaxProb:
        return tr("Mass on predicted bin");
    case ConfidenceScore::NegEntropy:
        return tr("Negative entropy");
    case ConfidenceScore::Top2Margin:
        return tr("Top-2 margin");
    case ConfidenceScore::ExpectedBin:
        return tr("Expected bin");
    }
    return {};
}

QString RiskCoverageModel::riskTitle(Risk risk)
{
    switch (risk) {
    case Risk::BinaryMismatch:
        return tr("Wrong bin");
    case Risk::SpeedupDistance:
        return tr("Speedup distance");
    case Risk::Regret:
        return tr("Regret");
    }
    return {};
}
