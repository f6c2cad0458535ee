#include "measurequeuemodel.h"

#include "common/displaytext.h"
#include "model/speedupbin.h"
#include "population/populationmodel.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>
#include <array>

namespace {

// Where each stage starts and ends on the item's bar: compiling is quick, timing is most of the work.
struct StageSpan {
    const char *stage;
    int from;
    int to;
};
constexpr std::array kStages{StageSpan{"compile", 0, 10}, StageSpan{"correctness", 10, 25},
                             StageSpan{"timing candidate", 25, 65}, StageSpan{"timing reference", 65, 100}};

QString elapsedText(qint64 ms)
{
    if (ms < 0)
        return {};
    if (ms < 60000)
        return MeasureQueueModel::tr("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    return MeasureQueueModel::tr("%1 min %2 s").arg(ms / 60000).arg((ms / 1000) % 60);
}

} // namespace

MeasureQueueModel::MeasureQueueModel(QObject *parent) : QAbstractTableModel(parent) {}

int MeasureQueueModel::add(MeasureItem item)
{
    item.id = m_nextId++;
    const int row = int(m_items.size());
    beginInsertRows({}, row, row);
    m_items.push_back(std::move(item));
    endInsertRows();
    return m_items.back().id;
}

const MeasureItem *MeasureQueueModel::item(int id) const
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_items[std::size_t(row)];
}

MeasureItem *MeasureQueueModel::find(int id)
{
    const int row = rowOf(id);
    return row < 0 ? nullptr : &m_items[std::size_t(row)];
}

int MeasureQueueModel::rowOf(int id) const
{
    const auto it = std::find_if(m_items.begin(), m_items.end(),
                                 [id](const MeasureItem &item) { return item.id == id; });
    return it == m_items.end() ? -1 : int(it - m_items.begin());
}

void MeasureQueueModel::refresh(int row)
{
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void MeasureQueueModel::tick()
{
    for (std::size_t row = 0; row < m_items.size(); ++row) {
        auto &item = m_items[row];
        if (item.state == MeasureItem::State::Running && item.clock.isValid()) {
            item.elapsedMs = item.clock.elapsed();
            const auto cell = index(int(row), ElapsedColumn);
            Q_EMIT dataChanged(cell, cell);
        }
    }
}

void MeasureQueueModel::clearFinished()
{
    // Removed from the end so that each removal leaves the rows before it where they were.
    for (int row = int(m_items.size()) - 1; row >= 0; --row) {
        if (!m_items[std::size_t(row)].finished())
            continue;
        beginRemoveRows({}, row, row);
        m_items.erase(m_items.begin() + row);
        endRemoveRows();
    }
}

int MeasureQueueModel::nextQueued() const
{
    for (const auto &item : m_items) {
        if (item.state == MeasureItem::State::Queued)
            return item.id;
    }
    return -1;
}

QString MeasureQueueModel::stateText(MeasureItem::State state)
{
    switch (state) {
    case MeasureItem::State::Queued:
        return tr("Queued");
    case MeasureItem::State::Running:
        return tr("Running");
    case MeasureItem::State::Measured:
        return tr("Measured");
    case MeasureItem::State::Failed:
        return tr("Failed");
    case MeasureItem::State::Cancelled:
        return tr("Cancelled");
    }
    return {};
}

QString MeasureQueueModel::stateText(const MeasureItem &item)
{
    if (item.state != MeasureItem::State::Running || item.slurmJob.isEmpty())
        return stateText(item.state);
    return item.slurmPending ? tr("Pending (Slurm job %1)").arg(item.slurmJob)
                             : tr("Running (Slurm job %1)").arg(item.slurmJob);
}

int MeasureQueueModel::progressPercent(const MeasureItem &item)
{
    if (item.state == MeasureItem::State::Queued)
        return -1;
    if (item.state == MeasureItem::State::Measured)
        return 100;
    const auto stage = item.stage.toStdString();
    const auto span = std::find_if(kStages.begin(), kStages.end(),
                                   [&](const StageSpan &s) { return stage == s.stage; });
    if (span == kStages.end())
        return 0;
    if (item.cases <= 0 || item.caseIndex < 1)
        return span->from;
    // A case's progress line arrives as the case starts.
    return span->from + (span->to - span->from) * (item.caseIndex - 1) / item.cases;
}

QString MeasureQueueModel::progressText(const MeasureItem &item)
{
    if (item.state != MeasureItem::State::Running)
        return {};
    if (item.stage.isEmpty())
        return tr("starting");
    if (item.cases <= 0)
        return item.stage;
    return tr("%1 %2/%3").arg(item.stage).arg(item.caseIndex).arg(item.cases);
}

QString MeasureQueueModel::resultText(const MeasureItem &item)
{
    // A CPU figure says nothing about the GPU: no speedup, no bin.
    if (item.cpuMode && item.outcome && item.outcome->succeeded())
        return tr("CPU (test mode): correct");
    if (item.outcome && item.outcome->succeeded()) {
        const double speedup = item.outcome->aggregatedSpeedup;
        const auto bin = kfx::trySpeedupBinFor(speedup);
        return bin ? tr("%1, bin %2").arg(speedupText(speedup)).arg(*bin) : speedupText(speedup);
    }
    if (item.outcome) {
        const auto kind = QString::fromUtf8(kfx::outcomeKindName(item.outcome->kind).data());
        const auto name = QString::fromStdString(item.outcome->errorName);
        const auto message = QString::fromStdString(item.outcome->message).section(QLatin1Char('\n'), 0, 0);
        return name.isEmpty() ? tr("%1: %2").arg(kind, message) : tr("%1 (%2): %3").arg(kind, name, message);
    }
    return item.message;
}

QString MeasureQueueModel::suspicionText(const MeasureItem &item)
{
    if (item.suspicions.empty())
        return {};
    QStringList lines{tr("Suspicious:")};
    for (const auto &[kind, detail] : item.suspicions)
        lines << (detail.isEmpty() ? kind : tr("%1: %2").arg(kind, detail));
    return lines.join(QLatin1Char('\n'));
}

int MeasureQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int MeasureQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MeasureQueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto &item = m_items[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case KernelColumn:
            return PopulationModel::shortIdText(item.nodeId.toStdString());
        case TaskColumn:
            return item.task;
        case StateColumn:
            return stateText(item);
        case ProgressColumn:
            return progressText(item);
        case ElapsedColumn:
            return elapsedText(item.elapsedMs);
        case ResultColumn:
            return resultText(item);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case KernelColumn:
            return item.nodeId;
        case TaskColumn:
            return item.taskDirectory;
        case ResultColumn: {
            const auto result = item.outcome && !item.outcome->succeeded()
                ? QString::fromStdString(item.outcome->message).left(2000)
                : resultText(item);
            const auto suspicions = suspicionText(item);
            return suspicions.isEmpty() ? result : result + QStringLiteral("\n\n") + suspicions;
        }
        default:
            return {};
        }
    case Qt::DecorationRole:
        // The warning mark beside a result the harness found suspicious; the tooltip lists why.
        if (index.column() == ResultColumn && !item.suspicions.empty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == ElapsedColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case ProgressRole:
        return progressPercent(item);
    case ItemIdRole:
        return item.id;
    case StateRole:
        return int(item.state);
    default:
        return {};
    }
}

QVariant MeasureQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KernelColumn:
        return tr("Kernel");
    case TaskColumn:
        return tr("Task");
    case StateColumn:
        return tr("State");
    case ProgressColumn:
        return tr("Progress");
    case ElapsedColumn:
        return tr("Elapsed");
    case ResultColumn:
        return tr("Result");
    default:
        return {};
    }
}
