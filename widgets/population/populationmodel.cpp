#include "population/populationmodel.h"

#include "common/displaytext.h"
#include "gate/gatemarks.h"
#include "metrics/surprise.h"

#include "model/speedupbin.h"

#include <QApplication>
#include <QFont>
#include <QLocale>
#include <QStyle>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <unordered_map>
#include <utility>

namespace {

QString fromUtf8(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<int>(text.size()));
}

const kfx::Forecast *lastForecast(const kfx::KernelNode &node)
{
    return PopulationModel::shownForecast(node);
}

std::optional<double> measuredSpeedup(const kfx::KernelNode &node)
{
    return node.evaluation ? node.evaluation->measuredSpeedup() : std::nullopt;
}

std::optional<int> trueBin(const kfx::KernelNode &node)
{
    const auto speedup = measuredSpeedup(node);
    return speedup ? kfx::trySpeedupBinFor(*speedup) : std::nullopt;
}

// The v3 gate: a node the search forecast and then chose to measure, or chose not to.
enum class Gate { None, Selected, Deferred };

Gate gateOf(const kfx::KernelNode &node)
{
    if (node.status == kfx::NodeStatus::Deferred)
        return Gate::Deferred;
    if (node.selectionScore)
        return Gate::Selected;
    return Gate::None;
}

// The mean runtime of a success's cases in ns, and how many cases went into it.
struct RuntimeSummary {
    int cases = 0;
    double meanNs = 0.0;
    bool kernelBench = false;
};

std::optional<RuntimeSummary> runtimeSummary(const kfx::KernelNode &node)
{
    if (!node.evaluation)
        return std::nullopt;
    const auto &outcome = *node.evaluation;
    if (!outcome.cases.empty()) {
        const double total = std::accumulate(outcome.cases.begin(), outcome.cases.end(), 0.0,
                                             [](double sum, const kfx::CaseSpeedup &c) { return sum + c.runtimeNs; });
        return RuntimeSummary{static_cast<int>(outcome.cases.size()), total / outcome.cases.size(), false};
    }
    if (outcome.kernelBench && outcome.succeeded() && outcome.runtimeUs > 0.0)
        return RuntimeSummary{1, outcome.runtimeUs * 1000.0, true};
    return std::nullopt;
}

// Numbers are right-aligned, and so are their headings, to sit above them.
Qt::Alignment alignment(int column)
{
    switch (column) {
    case PopulationModel::StepColumn:
    case PopulationModel::SpeedupColumn:
    case PopulationModel::TrueBinColumn:
    case PopulationModel::PredictedBinColumn:
    case PopulationModel::ConfidenceColumn:
    case PopulationModel::MissColumn:
        return Qt::AlignRight | Qt::AlignVCenter;
    default:
        return Qt::AlignLeft | Qt::AlignVCenter;
    }
}

QString binToolTip(int bin)
{
    return PopulationModel::tr("Bin %1: %2").arg(bin).arg(fromUtf8(kfx::binLabel(bin)));
}

} // namespace

PopulationModel::PopulationModel(QObject *parent) : QAbstractItemModel(parent) {}

const kfx::Forecast *PopulationModel::shownForecast(const kfx::KernelNode &node)
{
    if (!node.forecasts.empty())
        return &node.forecasts.back();
    if (node.evaluation && node.evaluation->trustedForecast)
        return &*node.evaluation->trustedForecast;
    return nullptr;
}

std::optional<PopulationModel::SurrogateMiss> PopulationModel::surrogateMiss(const kfx::KernelNode &node,
                                                                             kfx::metrics::ConfidenceScore score)
{
    const auto *forecast = shownForecast(node);
    const auto bin = trueBin(node);
    if (!forecast || !bin || !kfx::isForecastBin(forecast->predictedBin))
        return std::nullopt;
    SurrogateMiss miss;
    miss.predictedBin = forecast->predictedBin;
    miss.trueBin = *bin;
    miss.confidence = kfx::metrics::confidence(score, *forecast);
    miss.binError = std::abs(miss.predictedBin - miss.trueBin);
    // Bins 1..3 lie below 1×, bins 4..8 at or above it.
    miss.wrongSide = (miss.predictedBin >= 4) != (miss.trueBin >= 4);
    miss.trueBinProbability = forecast->probabilityOf(*bin);
    miss.surprise = kfx::metrics::surpriseBits(*forecast, *bin);
    miss.surprising = kfx::metrics::isSurprising(*forecast, *bin);
    return miss;
}

void PopulationModel::setPopulation(std::shared_ptr<const kfx::Population> population)
{
    beginResetModel();
    m_population = std::move(population);
    m_roots.clear();
    m_rows.clear();
    m_bestPath.clear();
    m_onBestPath.clear();
    if (m_population) {
        if (const auto best = m_population->bestArchiveNode()) {
            m_bestPath = m_population->ancestors(*best);
            std::reverse(m_bestPath.begin(), m_bestPath.end());
            m_bestPath.push_back(*best);
            m_onBestPath.insert(m_bestPath.begin(), m_bestPath.end());
        }
        m_roots = m_population->roots();
        m_rows.assign(m_population->size(), 0);
        for (std::size_t i = 0; i < m_roots.size(); ++i)
            m_rows[m_roots[i]] = static_cast<int>(i);
        for (std::size_t i = 0; i < m_population->size(); ++i) {
            const auto &children = m_population->node(i).children;
            for (std::size_t row = 0; row < children.size(); ++row)
                m_rows[children[row]] = static_cast<int>(row);
        }
    }
    endResetModel();
}

void PopulationModel::setGateDecisions(std::shared_ptr<const std::vector<kfx::gate::GateDecision>> decisions)
{
    auto previous = std::exchange(m_gateDecisions, std::move(decisions));
    if (!m_population)
        return;
    const std::size_t size = m_population->size();
    const bool comparable = previous && m_gateDecisions && previous->size() == size && m_gateDecisions->size() == size;
    // A slider move changes the verdict of a few kernels among 100,000: only the Gate column of the rows whose
    // decision changed is signalled, one range per parent, so that the proxy and the views touch only those.
    std::unordered_map<std::size_t, std::pair<int, int>> ranges; // parent node (kNoNode: roots) -> first, last row
    for (std::size_t i = 0; i < size; ++i) {
        if (comparable) {
            const auto &before = (*previous)[i];
            const auto &after = (*m_gateDecisions)[i];
            const bool sameScore = before.score == after.score || (std::isnan(before.score) && std::isnan(after.score));
            if (before.verdict == after.verdict && before.reason == after.reason && sameScore)
                continue; // the score is in the tooltip and the sort key: a new score choice changes them
        }
        const int row = m_rows[i];
        auto [it, inserted] = ranges.try_emplace(m_population->node(i).parent, row, row);
        if (!inserted) {
            it->second.first = std::min(it->second.first, row);
            it->second.second = std::max(it->second.second, row);
        }
    }
    // Named, so that a proxy whose filter reads none of them need not re-filter (and, when recursive, walk every
    // ancestor of) each changed row.
    const QVector<int> gateRoles{Qt::DisplayRole, Qt::DecorationRole, Qt::ToolTipRole, Qt::AccessibleTextRole,
                                 SortRole};
    for (const auto &[parentNode, rows] : ranges) {
        const auto parent = parentNode == kfx::kNoNode ? QModelIndex() : indexForNode(parentNode);
        Q_EMIT dataChanged(index(rows.first, GateColumn, parent), index(rows.second, GateColumn, parent), gateRoles);
    }
}

const kfx::KernelNode *PopulationModel::node(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || !m_population)
        return nullptr;
    return &m_population->node(index.internalId());
}

QModelIndex PopulationModel::indexForNode(std::size_t node, int column) const
{
    if (!m_population || node >= m_population->size())
        return {};
    return createIndex(m_rows[node], column, static_cast<quintptr>(node));
}

QModelIndex PopulationModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    const auto &siblings = parent.isValid() ? m_population->node(parent.internalId()).children : m_roots;
    return createIndex(row, column, static_cast<quintptr>(siblings[row]));
}

QModelIndex PopulationModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || !m_population)
        return {};
    const auto parentNode = m_population->node(child.internalId()).parent;
    if (parentNode == kfx::kNoNode)
        return {};
    return indexForNode(parentNode);
}

int PopulationModel::rowCount(const QModelIndex &parent) const
{
    if (!m_population || parent.column() > 0)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_roots.size());
    return static_cast<int>(m_population->node(parent.internalId()).children.size());
}

int PopulationModel::columnCount(const QModelIndex &parent) const
{
    Q_UNUSED(parent)
    return ColumnCount;
}

QVariant PopulationModel::data(const QModelIndex &index, int role) const
{
    const auto *kernel = node(index);
    if (!kernel)
        return {};
    if (index.column() == GateColumn && m_gateDecisions && index.internalId() < m_gateDecisions->size())
        return GateMarks::data(*kernel, (*m_gateDecisions)[index.internalId()], role, SortRole);
    switch (role) {
    case Qt::DisplayRole:
        return displayData(*kernel, index.column());
    case SortRole:
        return sortData(*kernel, index.column());
    case Qt::ToolTipRole:
        return toolTipData(*kernel, index.column());
    case NodeIndexRole:
        return QVariant::fromValue<qulonglong>(index.internalId());
    case NodeIdRole:
        return QString::fromStdString(kernel->id);
    case Qt::DecorationRole:
        // Beside the id, which is always in view: the Miss column is often scrolled off a narrow tree.
        if (const auto miss = surrogateMiss(*kernel); index.column() == IdColumn && miss && miss->surprising)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::TextAlignmentRole:
        return QVariant::fromValue<int>(alignment(index.column()));
    case BestPathRole:
        return m_onBestPath.count(index.internalId()) > 0;
    case Qt::FontRole: {
        // A node the log only names as a parent has nothing of its own to show; the way to the best node stands out.
        const bool placeholder = kernel->status == kfx::NodeStatus::Placeholder;
        const bool best = m_onBestPath.count(index.internalId()) > 0;
        if (!placeholder && !best)
            return {};
        QFont font;
        font.setItalic(placeholder);
        font.setBold(best);
        return font;
    }
    default:
        return {};
    }
}

QString PopulationModel::surpriseText(const SurrogateMiss &miss)
{
    return tr("A surprise: the forecast gave the measured bin %1 % (%2 bits)")
        .arg(QLocale().toString(100.0 * miss.trueBinProbability, 'f', 1))
        .arg(QLocale().toString(miss.surprise, 'f', 1));
}

QString PopulationModel::shortIdText(const std::string &id)
{
    constexpr std::size_t kShown = 8;
    return QString::fromStdString(id.size() > kShown ? id.substr(id.size() - kShown) : id);
}

QVariant PopulationModel::displayData(const kfx::KernelNode &node, int column) const
{
    switch (column) {
    case IdColumn:
        return shortIdText(node.id);
    case StepColumn:
        return node.step < 0 ? QString() : QString::number(node.step);
    case LanguageColumn:
        return node.status == kfx::NodeStatus::Placeholder ? QString() : languageText(node.language);
    case StatusColumn:
        return statusText(node.status);
    case SpeedupColumn:
        if (const auto speedup = measuredSpeedup(node))
            return speedupText(*speedup);
        return {};
    case TrueBinColumn:
        if (const auto bin = trueBin(node))
            return QString::number(*bin);
        return {};
    case PredictedBinColumn:
        if (const auto *forecast = lastForecast(node))
            return QString::number(forecast->predictedBin);
        return {};
    case ConfidenceColumn:
        if (const auto *forecast = lastForecast(node))
            return tr("%1%").arg(qRound(forecast->probabilityOf(forecast->predictedBin) * 100.0));
        return {};
    case GateColumn:
        switch (gateOf(node)) {
        case Gate::Selected:
            return tr("selected");
        case Gate::Deferred:
            return tr("not selected"); // "deferred" is the window's gate's word, for the opposite: measure it
        case Gate::None:
            return {};
        }
        return {};
    case CasesColumn:
        if (const auto summary = runtimeSummary(node)) {
            if (summary->kernelBench)
                return tr("%1 runtime").arg(durationText(summary->meanNs));
            return tr("%n case(s), %1 mean", nullptr, summary->cases).arg(durationText(summary->meanNs));
        }
        return {};
    case MissColumn:
        if (const auto miss = surrogateMiss(node); miss && miss->wrong())
            return QLocale().toString(miss->severity(), 'f', 2);
        return {};
    default:
        return {};
    }
}

QVariant PopulationModel::sortData(const kfx::KernelNode &node, int column) const
{
    if (column == IdColumn)
        return QString::fromStdString(node.id);
    if (const auto number = sortNumber(node, column))
        return *number;
    return {};
}

std::optional<double> PopulationModel::sortNumber(const kfx::KernelNode &node, int column) const
{
    switch (column) {
    case StepColumn:
        return static_cast<double>(node.step);
    case LanguageColumn:
        return static_cast<double>(node.language);
    case StatusColumn:
        return static_cast<double>(node.status);
    case SpeedupColumn:
        return measuredSpeedup(node);
    case TrueBinColumn:
        if (const auto bin = trueBin(node))
            return static_cast<double>(*bin);
        return std::nullopt;
    case PredictedBinColumn:
        if (const auto *forecast = lastForecast(node))
            return static_cast<double>(forecast->predictedBin);
        return std::nullopt;
    case ConfidenceColumn:
        if (const auto *forecast = lastForecast(node))
            return forecast->probabilityOf(forecast->predictedBin);
        return std::nullopt;
    case GateColumn:
        if (const auto gate = gateOf(node); gate != Gate::None)
            return static_cast<double>(gate);
        return std::nullopt;
    case CasesColumn:
        if (const auto summary = runtimeSummary(node))
            return summary->meanNs;
        return std::nullopt;
    case MissColumn:
        if (const auto miss = surrogateMiss(node))
            return miss->severity();
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

QVariant PopulationModel::toolTipData(const kfx::KernelNode &node, int column) const
{
    switch (column) {
    case IdColumn: {
        auto text = QString::fromStdString(node.id);
        if (node.firstLine > 0)
            text += QLatin1Char('\n') + tr("First named on line %1 of the log").arg(node.firstLine);
        if (const auto miss = surrogateMiss(node); miss && miss->surprising)
            text += QLatin1Char('\n') + surpriseText(*miss);
        return text;
    }
    case StatusColumn: {
        QStringList lines;
        if (!node.failureReason.empty())
            lines << QString::fromStdString(node.failureReason);
        if (node.evaluation) {
            if (!node.evaluation->succeeded())
                lines << tr("Outcome: %1").arg(fromUtf8(kfx::outcomeKindName(node.evaluation->kind)));
            if (!node.evaluation->message.empty())
                lines << QString::fromStdString(node.evaluation->message).left(500);
            if (node.evaluation->deferralReason)
                lines << tr("Deferral reason: %1").arg(QString::fromStdString(*node.evaluation->deferralReason));
        }
        if (node.everInArchive && !node.inArchive)
            lines << tr("Was in the archive once, evicted later");
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    case TrueBinColumn:
        if (const auto bin = trueBin(node))
            return binToolTip(*bin);
        return {};
    case PredictedBinColumn:
    case ConfidenceColumn:
        if (const auto *forecast = lastForecast(node)) {
            QStringList lines{binToolTip(forecast->predictedBin)};
            for (int bin = kfx::kFirstBin; bin <= kfx::kLastBin; ++bin)
                lines << tr("p(%1) = %2").arg(bin).arg(QLocale().toString(forecast->probabilityOf(bin), 'f', 3));
            if (!forecast->source.empty())
                lines << tr("Forecast by %1").arg(QString::fromStdString(forecast->source));
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    case GateColumn:
        if (node.selectionScore)
            return tr("Selection score %1").arg(QLocale().toString(*node.selectionScore, 'f', 3));
        return {};
    case MissColumn:
        if (const auto miss = surrogateMiss(node); miss && miss->wrong()) {
            auto text = tr("Predicted bin %1 at max-prob %2, measured bin %3%4")
                            .arg(miss->predictedBin)
                            .arg(QLocale().toString(miss->confidence, 'f', 2))
                            .arg(miss->trueBin)
                            .arg(miss->wrongSide ? tr(", on the wrong side of 1×") : QString());
            if (miss->surprising)
                text += QLatin1Char('\n') + surpriseText(*miss);
            return text;
        } else if (miss && miss->surprising) {
            return surpriseText(*miss);
        }
        return {};
    default:
        return {};
    }
}

QVariant PopulationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue<int>(alignment(section));
    if (role == Qt::DisplayRole) {
        switch (static_cast<Column>(section)) {
        case IdColumn:
            return tr("Id");
        case StepColumn:
            return tr("Step");
        case LanguageColumn:
            return tr("Language");
        case StatusColumn:
            return tr("Status");
        case SpeedupColumn:
            return tr("Speedup");
        case TrueBinColumn:
            return tr("True bin");
        case PredictedBinColumn:
            return tr("Predicted");
        case ConfidenceColumn:
            return tr("Confidence");
        case GateColumn:
            return tr("Gate");
        case CasesColumn:
            return tr("Runtime");
        case MissColumn:
            return tr("Miss");
        case ColumnCount:
            break;
        }
    } else if (role == Qt::ToolTipRole) {
        switch (static_cast<Column>(section)) {
        case IdColumn:
            return tr("The node's ULID, shortened to its last 8 characters (the full id is in each row's tooltip)");
        case StepColumn:
            return tr("The search step that produced the kernel (empty for the seed)");
        case LanguageColumn:
            return tr("What the kernel is written in, guessed from its code");
        case StatusColumn:
            return tr("What became of the kernel: admitted to the archive, not admitted, failed, not selected for "
                      "measurement by the search, evicted, or a placeholder for a parent the log never describes");
        case SpeedupColumn:
            return tr("Measured speedup S over the reference (aggregated over the benchmark cases)");
        case TrueBinColumn:
            return tr("The speedup bin the measurement falls into: floor(2·log2 S) + 4, clamped to 1..8");
        case PredictedBinColumn:
            return tr("The bin the surrogate declared in its last forecast for this kernel");
        case ConfidenceColumn:
            return tr("The probability mass the last forecast put on its predicted bin");
        case GateColumn:
            return tr("The surrogate-filtered search's decision: selected for measurement, or not selected");
        case CasesColumn:
            return tr("How many benchmark cases were measured, and their mean runtime");
        case MissColumn:
            return tr("How badly the last forecast missed: its max-prob confidence times the distance in bins "
                      "between the predicted and the measured bin");
        case ColumnCount:
            break;
        }
    }
    return {};
}

QString PopulationModel::statusText(kfx::NodeStatus status)
{
    switch (status) {
    case kfx::NodeStatus::Seed:
        return tr("seed");
    case kfx::NodeStatus::Evaluated:
        return tr("evaluated");
    case kfx::NodeStatus::NotAdmitted:
        return tr("not admitted");
    case kfx::NodeStatus::Failed:
        return tr("failed");
    case kfx::NodeStatus::Pending:
        return tr("pending");
    case kfx::NodeStatus::Deferred:
        // The search kept its forecast and did not measure the kernel. Not "deferred": in the window that is the
        // gate's word for sending a kernel to the GPU, and it must mean only that.
        return tr("not selected");
    case kfx::NodeStatus::Evicted:
        return tr("evicted");
    case kfx::NodeStatus::Placeholder:
        return tr("placeholder");
    }
    return {};
}

QString PopulationModel::languageText(kfx::KernelLanguage language)
{
    switch (language) {
    case kfx::KernelLanguage::CudaCpp:
        return tr("CUDA C++");
    case kfx::KernelLanguage::Triton:
        return tr("Triton");
    case kfx::KernelLanguage::PyTorch:
        return tr("PyTorch");
    case kfx::KernelLanguage::Other:
        return tr("other");
    }
    return {};
}
