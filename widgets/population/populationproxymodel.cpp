#include "population/populationproxymodel.h"

#include "model/speedupbin.h"
#include "population/populationmodel.h"

#include <algorithm>
#include <cmath>
#include <limits>

PopulationProxyModel::PopulationProxyModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(PopulationModel::SortRole);
    // A gate slider move changes thousands of Gate cells. QSortFilterProxyModel re-filters each changed row (and,
    // filtering recursively, every ancestor of it) when the change names its filter role, Qt::DisplayRole by
    // default. This proxy filters in filterAcceptsRow and reads no role, so its filter role is one that never
    // changes: 80 ms a slider move become under 16 (kfx-bench-gui).
    setFilterRole(PopulationModel::NodeIdRole);
    connect(&m_scan, &TextMatchScan::finished, this, &PopulationProxyModel::applyTextMatches);
}

void PopulationProxyModel::setSourceModel(QAbstractItemModel *sourceModel)
{
    if (m_populationModel)
        disconnect(m_populationModel, nullptr, this, nullptr);
    m_populationModel = qobject_cast<PopulationModel *>(sourceModel);
    // Connected before the base class's own handling, so that it sorts changed rows by their new keys. Only a
    // change in the sorted column makes them stale: when the gate first judges an 80,000-kernel search it signals
    // its Gate column parent by parent, and forgetting them at each signal recomputed every key as many times.
    if (m_populationModel) {
        connect(m_populationModel, &QAbstractItemModel::dataChanged, this,
                [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                    if (topLeft.column() <= m_sortKeysColumn && m_sortKeysColumn <= bottomRight.column())
                        forgetSortKeys();
                });
    }
    QSortFilterProxyModel::setSourceModel(sourceModel);
    if (!m_populationModel)
        return;
    // A new population: its rows are filtered by the text at once (acceptsText reads the code itself when it has no
    // matches), and a scan still under way starts over on it.
    connect(m_populationModel, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        m_textMatches.clear();
        m_matchedPopulation = nullptr;
        forgetSortKeys();
    });
    connect(m_populationModel, &QAbstractItemModel::modelReset, this, [this] {
        if (m_scan.population())
            scanForText();
    });
}

void PopulationProxyModel::setFilterText(const QString &text)
{
    if (text == m_typedText)
        return;
    m_typedText = text;
    if (text.isEmpty()) {
        m_scan.cancel();
        m_needle.set(text);
        m_textMatches.clear();
        m_matchedPopulation = nullptr;
        filtersChanged();
        return;
    }
    scanForText();
}

void PopulationProxyModel::scanForText()
{
    const auto population = m_populationModel ? m_populationModel->population() : nullptr;
    TextNeedle needle;
    needle.set(m_typedText);
    // Typing on narrows: a text that holds the last one can only match where that one did.
    const bool narrows = population && m_matchedPopulation == population.get() && !m_needle.isEmpty()
        && needle.contains(m_needle);
    m_scan.start(population, needle, narrows ? m_textMatches : std::vector<std::uint8_t>{});
    if (m_scan.remaining() <= kScanInSlicesAbove)
        m_scan.finishNow();
}

void PopulationProxyModel::applyTextMatches()
{
    m_needle = m_scan.needle();
    m_matchedPopulation = m_scan.population().get();
    m_textMatches = m_scan.takeMatches();
    m_scan.cancel();
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
    Q_EMIT filtersAboutToBeApplied();
    if (!filtering()) {
        // Every row is back: rather than insert them branch by branch into every mapping kept so far (on a large
        // search the slowest keystroke of all), the mappings are dropped and rebuilt for what the views show.
        invalidate();
    } else {
        // Qt 6.9 deprecates invalidateFilter() for begin/endFilterChange(), which Qt 5 lacks.
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0)
        beginFilterChange();
        endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
        invalidateFilter();
#endif
    }
    Q_EMIT filtersApplied();
}

bool PopulationProxyModel::filtering() const
{
    return !m_needle.isEmpty() || m_status != StatusFilter::All || m_minimumSpeedup || m_maximumSpeedup
        || m_trueBin != 0 || m_predictedBin != 0 || m_failuresOnly || m_surprisesOnly;
}

bool PopulationProxyModel::isSurrogateFailure(const kfx::KernelNode &node) const
{
    const auto miss = PopulationModel::surrogateMiss(node, m_score);
    return miss && miss->wrong() && miss->confidence >= m_threshold;
}

template<class Select, class Rank>
std::vector<std::size_t> PopulationProxyModel::rankedMisses(Select select, Rank rank) const
{
    std::vector<std::pair<double, std::size_t>> ranked;
    if (!m_populationModel || !m_populationModel->population())
        return {};
    const auto &population = *m_populationModel->population();
    for (std::size_t i = 0; i < population.size(); ++i) {
        const auto &node = population.node(i);
        const auto miss = PopulationModel::surrogateMiss(node, m_score);
        if (!miss || !select(node, *miss) || !acceptsNode(i, node))
            continue;
        ranked.emplace_back(rank(*miss), i);
    }
    // Highest first; equal ranks in the order the log produced them.
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    std::vector<std::size_t> nodes;
    nodes.reserve(ranked.size());
    for (const auto &entry : ranked)
        nodes.push_back(entry.second);
    return nodes;
}

std::vector<std::size_t> PopulationProxyModel::surrogateFailures() const
{
    return rankedMisses([this](const kfx::KernelNode &node, const auto &) { return isSurrogateFailure(node); },
                        [](const PopulationModel::SurrogateMiss &miss) { return miss.severity(); });
}

std::vector<std::size_t> PopulationProxyModel::surprises() const
{
    return rankedMisses([](const kfx::KernelNode &, const auto &miss) { return miss.surprising; },
                        [](const PopulationModel::SurrogateMiss &miss) { return miss.surprise; });
}

void PopulationProxyModel::setSurprisesOnly(bool only)
{
    if (only == m_surprisesOnly)
        return;
    m_surprisesOnly = only;
    filtersChanged();
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

bool PopulationProxyModel::acceptsText(std::size_t index, const kfx::KernelNode &node) const
{
    if (m_needle.isEmpty())
        return true;
    if (m_populationModel && m_matchedPopulation == m_populationModel->population().get()
        && index < m_textMatches.size())
        return m_textMatches[index] != 0;
    return m_needle.foundIn(node.id) || m_needle.foundIn(node.code);
}

bool PopulationProxyModel::acceptsNode(std::size_t index, const kfx::KernelNode &node) const
{
    if (!acceptsText(index, node))
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
    if (m_surprisesOnly) {
        const auto miss = PopulationModel::surrogateMiss(node, m_score);
        if (!miss || !miss->surprising)
            return false;
    }
    return !m_failuresOnly || isSurrogateFailure(node);
}

bool PopulationProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_populationModel)
        return true;
    const auto index = m_populationModel->index(sourceRow, 0, sourceParent);
    const auto *node = m_populationModel->node(index);
    return node && acceptsNode(index.internalId(), *node);
}

const std::vector<double> &PopulationProxyModel::sortKeys(int column) const
{
    const auto &population = m_populationModel->population();
    const std::size_t size = population ? population->size() : 0;
    if (m_sortKeysColumn != column || m_sortKeys.size() != size) {
        m_sortKeys.resize(size);
        for (std::size_t i = 0; i < size; ++i)
            m_sortKeys[i] = m_populationModel->sortNumber(population->node(i), column)
                                .value_or(std::numeric_limits<double>::quiet_NaN());
        m_sortKeysColumn = column;
    }
    return m_sortKeys;
}

bool PopulationProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const auto *leftNode = m_populationModel ? m_populationModel->node(left) : nullptr;
    const auto *rightNode = m_populationModel ? m_populationModel->node(right) : nullptr;
    if (leftNode && rightNode && left.column() == PopulationModel::IdColumn)
        return leftNode->id < rightNode->id;
    if (leftNode && rightNode && m_populationModel->sortsByNumber(left.column())) {
        const auto &keys = sortKeys(left.column());
        const double leftKey = keys[left.internalId()];
        const double rightKey = keys[right.internalId()];
        // Nodes without a value (no measurement, no forecast) sort below every node with one.
        if (std::isnan(leftKey) || std::isnan(rightKey))
            return std::isnan(leftKey) && !std::isnan(rightKey);
        return leftKey < rightKey;
    }
    const auto leftKey = left.data(sortRole());
    const auto rightKey = right.data(sortRole());
    if (!leftKey.isValid() || !rightKey.isValid())
        return !leftKey.isValid() && rightKey.isValid();
    if (leftKey.userType() == QMetaType::QString || rightKey.userType() == QMetaType::QString)
        return leftKey.toString() < rightKey.toString();
    return leftKey.toDouble() < rightKey.toDouble();
}
