#include "population/populationproxymodel.h"

#include "model/speedupbin.h"
#include "population/populationmodel.h"

#include <algorithm>

PopulationProxyModel::PopulationProxyModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(PopulationModel::SortRole);
}

void PopulationProxyModel::setSourceModel(QAbstractItemModel *sourceModel)
{
    m_populationModel = qobject_cast<PopulationModel *>(sourceModel);
    QSortFilterProxyModel::setSourceModel(sourceModel);
}

void PopulationProxyModel::setFilterText(const QString &text)
{
    if (m_needle.set(text))
        filtersChanged();
}

void PopulationProxyModel::setStatusFilter(StatusFilter filter)
{
    if (filter == m_status)
        return;
    m_status = filter;
    filtersChanged();
}

void PopulationProxyModel::setSpeedupRange(std::optional<double> minimum, std::optional<double> maximum)
{
    if (minimum == m_minimumSpeedup && maximum == m_maximumSpeedup)
        return;
    m_minimumSpeedup = minimum;
    m_maximumSpeedup = maximum;
    filtersChanged();
}

void PopulationProxyModel::setTrueBinFilter(int bin)
{
    if (bin == m_trueBin)
        return;
    m_trueBin = bin;
    filtersChanged();
}

void PopulationProxyModel::setPredictedBinFilter(int bin)
{
    if (bin == m_predictedBin)
        return;
    m_predictedBin = bin;
    filtersChanged();
}

void PopulationProxyModel::setSurrogateFailuresOnly(bool only)
{
    if (only == m_failuresOnly)
        return;
    m_failuresOnly = only;
    filtersChanged();
}

void PopulationProxyModel::setConfidenceScore(kfx::metrics::ConfidenceScore score)
{
    if (score == m_score)
        return;
    m_score = score;
    if (m_failuresOnly)
        filtersChanged();
}

void PopulationProxyModel::setConfidenceThreshold(double threshold)
{
    if (threshold == m_threshold)
        return;
    m_threshold = threshold;
    if (m_failuresOnly)
        filtersChanged();
}

void PopulationProxyModel::filtersChanged()
{
    // Qt 6.9 deprecates invalidateFilter() for begin/endFilterChange(), which Qt 5 lacks.
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
    beginFilterChange();
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    invalidateFilter();
#endif
    Q_EMIT filtersApplied();
}

bool PopulationProxyModel::filtering() const
{
    return !m_needle.isEmpty() || m_status != StatusFilter::All || m_minimumSpeedup || m_maximumSpeedup
        || m_trueBin != 0 || m_predictedBin != 0 || m_failuresOnly;
}

bool PopulationProxyModel::isSurrogateFailure(const kfx::KernelNode &node) const
{
    const auto miss = PopulationModel::surrogateMiss(node, m_score);
    return miss && miss->wrong() && miss->confidence >= m_threshold;
}

std::vector<std::size_t> PopulationProxyModel::surrogateFailures() const
{
    std::vector<std::pair<double, std::size_t>> failures;
    if (!m_populationModel || !m_populationModel->population())
        return {};
    const auto &population = *m_populationModel->population();
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        if (!isSurrogateFailure(node) || !acceptsNode(node))
            continue;
        failures.emplace_back(PopulationModel::surrogateMiss(node, m_score)->severity(), i);
    }
    // Worst first; equal misses in the order the log produced them.
    std::stable_sort(failures.begin(), failures.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    std::vector<std::size_t> nodes;
    nodes.reserve(failures.size());
    for (const auto &failure : failures)
        nodes.push_back(failure.second);
    return nodes;
}

bool PopulationProxyModel::acceptsStatus(const kfx::KernelNode &node) const
{
    // Failures before a measurement have no outcome; NoFeedback stands in for them, as it is never a failure.
    const auto outcome = node.evaluation ? node.evaluation->kind : kfx::OutcomeKind::NoFeedback;
    const bool failed = node.status == kfx::NodeStatus::Failed;
    switch (m_status) {
    case StatusFilter::All:
        return true;
    case StatusFilter::Failed:
        return failed;
    case StatusFilter::CompileFailed:
        return failed && outcome == kfx::OutcomeKind::CompileFailed;
    case StatusFilter::RuntimeError:
        return failed && outcome == kfx::OutcomeKind::RuntimeError;
    case StatusFilter::Incorrect:
        return failed && outcome == kfx::OutcomeKind::Incorrect;
    case StatusFilter::OtherFailure:
        return failed && outcome != kfx::OutcomeKind::CompileFailed && outcome != kfx::OutcomeKind::RuntimeError
            && outcome != kfx::OutcomeKind::Incorrect;
    case StatusFilter::ArchiveMembers:
        return node.inArchive;
    case StatusFilter::NotAdmitted:
        return node.status == kfx::NodeStatus::NotAdmitted;
    case StatusFilter::Pending:
        return node.status == kfx::NodeStatus::Pending;
    case StatusFilter::Deferred:
        return node.status == kfx::NodeStatus::Deferred;
    }
    return true;
}

bool PopulationProxyModel::acceptsNode(const kfx::KernelNode &node) const
{
    if (!m_needle.isEmpty() && !m_needle.foundIn(node.id) && !m_needle.foundIn(node.code))
        return false;
    if (!acceptsStatus(node))
        return false;
    if (m_minimumSpeedup || m_maximumSpeedup || m_trueBin != 0) {
        const auto speedup = node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
        if (!speedup || (m_minimumSpeedup && *speedup < *m_minimumSpeedup)
            || (m_maximumSpeedup && *speedup > *m_maximumSpeedup))
            return false;
        if (m_trueBin != 0 && kfx::trySpeedupBinFor(*speedup) != m_trueBin)
            return false;
    }
    if (m_predictedBin != 0) {
        const auto *forecast = PopulationModel::shownForecast(node);
        if (!forecast || forecast->predictedBin != m_predictedBin)
            return false;
    }
    return !m_failuresOnly || isSurrogateFailure(node);
}

bool PopulationProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_populationModel)
        return true;
    const auto *node = m_populationModel->node(m_populationModel->index(sourceRow, 0, sourceParent));
    return node && acceptsNode(*node);
}

bool PopulationProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const auto leftKey = left.data(sortRole());
    const auto rightKey = right.data(sortRole());
    // Nodes without a value (no measurement, no forecast) sort below every node with one.
    if (!leftKey.isValid() || !rightKey.isValid())
        return !leftKey.isValid() && rightKey.isValid();
    if (leftKey.userType() == QMetaType::QString || rightKey.userType() == QMetaType::QString)
        return leftKey.toString() < rightKey.toString();
    return leftKey.toDouble() < rightKey.toDouble();
}
