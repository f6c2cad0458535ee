#include "replayresultsmodel.h"

#include <QLocale>

ReplayResultsModel::ReplayResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ReplayResultsModel::setOutcomes(std::vector<kfx::replay::PolicyOutcome> outcomes)
{
    beginResetModel();
    m_outcomes = std::move(outcomes);
    endResetModel();
}

QString ReplayResultsModel::policyText(kfx::replay::ReplayPolicy policy)
{
    using kfx::replay::ReplayPolicy;
    switch (policy) {
    case ReplayPolicy::Standard:
        return tr("Standard (measure all)");
    case ReplayPolicy::Random:
        return tr("Random k (equal budget)");
    case ReplayPolicy::SurrogateTopK:
        return tr("Surrogate top-k");
    case ReplayPolicy::GateFilter:
        return tr("Gate as filter");
    case ReplayPolicy::Compound:
        return tr("Compound (trust forecasts)");
    case ReplayPolicy::Oracle:
        return tr("Oracle (hindsight)");
    }
    return {};
}

QString ReplayResultsModel::stopText(const kfx::replay::PolicyOutcome &outcome)
{
    using kfx::replay::StopReason;
    switch (outcome.stop) {
    case StopReason::RecordedSearchEnded:
        return tr("the search ended");
    case StopReason::BudgetSpent:
        return tr("budget spent");
    case StopReason::OffTheRecordedPath:
        return tr("off the recorded path at step %1").arg(outcome.offPathFromStep.value_or(0));
    case StopReason::NoForecasts:
        return tr("no forecasts");
    }
    return {};
}

QString ReplayResultsModel::stopExplanation(const kfx::replay::PolicyOutcome &outcome)
{
    using kfx::replay::StopReason;
    switch (outcome.stop) {
    case StopReason::RecordedSearchEnded:
        return tr("It replayed every step the recorded search completed.");
    case StopReason::BudgetSpent:
        return tr("The GPU budget was spent; after it, only kernels admitted on a trusted forecast could enter.");
    case StopReason::OffTheRecordedPath:
        return tr("From step %1 on, the recorded search expanded only kernels this policy never admitted to its "
                  "archive. A replay can measure only the children the recorded search produced, so it had nothing "
                  "left to choose from.")
            .arg(outcome.offPathFromStep.value_or(0));
    case StopReason::NoForecasts:
        return tr("Top-k measures only kernels with a forecast, and none of those offered to it had one: forecast "
                  "the search first (Forecast → Forecast Kernels Without a Forecast).");
    }
    return {};
}

int ReplayResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_outcomes.size());
}

int ReplayResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReplayResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &outcome = m_outcomes[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue<int>(index.column() == PolicyColumn || index.column() == StoppedColumn
                                            ? Qt::AlignLeft | Qt::AlignVCenter
                                            : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == StoppedColumn)
        return stopExplanation(outcome);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case PolicyColumn:
        return policyText(outcome.policy);
    case BestColumn:
        return outcome.finalBest ? tr("%1×").arg(QLocale().toString(*outcome.finalBest, 'f', 2)) : QString();
    case EvaluationsColumn:
        return outcome.evaluations;
    case OracleColumn:
        return outcome.expansions == 0 ? QString()
                                       : tr("%1% of %2")
                                             .arg(QLocale().toString(outcome.oracleMatchRate() * 100.0, 'f', 0))
                                             .arg(outcome.expansions);
    case TrustedColumn:
        return outcome.trusted;
    case DroppedColumn:
        return outcome.dropped;
    case StoppedColumn:
        return stopText(outcome);
    default:
        return {};
    }
}

QVariant ReplayResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PolicyColumn:
        return tr("Policy");
    case BestColumn:
        return tr("Final best");
    case EvaluationsColumn:
        return tr("GPU evaluations");
    case OracleColumn:
        return tr("Oracle agreement");
    case TrustedColumn:
        return tr("Trusted");
    case DroppedColumn:
        return tr("Dropped");
    case StoppedColumn:
        return tr("Stopped because");
    default:
        return {};
    }
}
