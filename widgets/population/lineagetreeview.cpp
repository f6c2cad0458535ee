#include "population/lineagetreeview.h"

#include "population/populationmodel.h"
#include "population/populationproxymodel.h"

#include <QAccessible>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>

namespace {

// Expanding a huge tree at once costs more than it helps; beyond this only the top levels open.
constexpr int kExpandAllLimit = 2000;

// The rows a view of `model` could show when fully expanded, counted up to `limit`.
int rowsUpTo(const QAbstractItemModel &model, int limit, const QModelIndex &parent = {})
{
    int count = 0;
    for (int row = 0; row < model.rowCount(parent) && count < limit; ++row)
        count += 1 + rowsUpTo(model, limit - count - 1, model.index(row, 0, parent));
    return count;
}

} // namespace

LineageTreeView::LineageTreeView(QWidget *parent) : QTreeView(parent)
{
    updateIndentation();
}

void LineageTreeView::setPopulationModel(PopulationProxyModel *proxy)
{
    m_proxy = proxy;
    setModel(proxy);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setAllColumnsShowFocus(true);
    setSortingEnabled(true);
    sortByColumn(PopulationModel::StepColumn, Qt::AscendingOrder);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAccessibleName(tr("Population tree"));
    header()->setStretchLastSection(true);
    header()->setSectionsMovable(true);
    connect(proxy, &PopulationProxyModel::filtersAboutToBeApplied, this, &LineageTreeView::foldLargeSearch);
    connect(proxy, &PopulationProxyModel::filtersApplied, this, &LineageTreeView::revealMatches);
}

void LineageTreeView::dataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight, const QVector<int> &roles)
{
    // QTreeView finds each changed range among the rows laid out by a linear search, to repaint only its rectangle.
    // A gate threshold move on a large search signals the rows of hundreds of parents: on the 80,000-kernel log that
    // was 500 ms a move, 85 % of it those searches. With uniform row heights nothing but the paint depends on the
    // data, and repainting the rows in view costs less than finding them, so that is what is done. Editors and
    // assistive technology still get Qt's own handling, which tells them what changed.
    if (uniformRowHeights() && state() != EditingState && !QAccessible::isActive()) {
        viewport()->update();
        return;
    }
    QTreeView::dataChanged(topLeft, bottomRight, roles);
}

void LineageTreeView::openNewSearch()
{
    if (showsLargeSearch())
        expandToDepth(1);
    else
        expandAll();
}

void LineageTreeView::showExtendedSearch(std::shared_ptr<const kfx::Population> population)
{
    auto *model = qobject_cast<PopulationModel *>(m_proxy->sourceModel());
    // Forecasts of a source not shown leave the search shown as it was, the same object (the opening's embedded
    // forecasts): resetting the model would lay out 80,000 rows again to show the same.
    if (model->population() == population)
        return;
    const auto currentId = currentIndex().data(PopulationModel::NodeIdRole).toString().toStdString();
    const int scroll = verticalScrollBar()->value();
    model->setPopulation(population);
    openNewSearch();
    if (const auto node = population->find(currentId))
        setCurrentIndex(m_proxy->mapFromSource(model->indexForNode(*node)));
    verticalScrollBar()->setValue(scroll);
}

bool LineageTreeView::showsLargeSearch() const
{
    const auto *model = m_proxy ? qobject_cast<const PopulationModel *>(m_proxy->sourceModel()) : nullptr;
    return model && model->population() && model->population()->size() > std::size_t(kExpandAllLimit);
}

void LineageTreeView::foldLargeSearch()
{
    // A re-filter lays out again every expanded branch that gains or loses rows: on a large search, clearing a
    // filter after expandAll() did that for every kernel. Folded, only the top level is laid out, and
    // revealMatches() opens what the new rows need.
    if (showsLargeSearch())
        collapseAll();
}

void LineageTreeView::revealMatches()
{
    // Recursive filtering keeps each match's ancestors, but a collapsed ancestor would still hide the match.
    if (m_proxy->filtering() && rowsUpTo(*m_proxy, kExpandAllLimit) < kExpandAllLimit)
        expandAll();
    else if (showsLargeSearch())
        expandToDepth(1); // as a large search opens
    // scrollTo() opens the current node's ancestors too.
    if (currentIndex().isValid())
        scrollTo(currentIndex());
}

void LineageTreeView::fitColumns()
{
    // QTreeView::resizeColumnToContents() reserves room for a sort arrow in every heading, which makes the short
    // numeric columns twice as wide as their numbers; only the sorted column needs it.
    const auto *heading = header();
    const int margin = 2 * heading->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, heading) + 8;
    for (int column = 0; column < model()->columnCount() - 1; ++column) {
        const auto title = model()->headerData(column, Qt::Horizontal).toString();
        int titleWidth = heading->fontMetrics().horizontalAdvance(title) + margin;
        if (column == heading->sortIndicatorSection())
            titleWidth += heading->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, heading) + margin;
        setColumnWidth(column, qMax(titleWidth, sizeHintForColumn(column) + margin / 2));
    }
}

void LineageTreeView::revealText(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const QModelIndex first = index.siblingAtColumn(0);
    // visualRect() of the tree column starts after the branch indentation.
    const int textStart = visualRect(first).left() - columnViewportPosition(0);
    const int needed = textStart + sizeHintForIndex(first).width() + fontMetrics().averageCharWidth();
    if (needed > columnWidth(0))
        setColumnWidth(0, needed);
}

void LineageTreeView::reset()
{
    QTreeView::reset();
    // Queued: the caller expands the new rows after the reset, and only laid-out rows have a size.
    if (m_widenQueued)
        return;
    m_widenQueued = true;
    QTimer::singleShot(0, this, [this] {
        m_widenQueued = false;
        widenFirstColumnToContents();
    });
}

void LineageTreeView::widenFirstColumnToContents()
{
    const int needed = sizeHintForColumn(0);
    if (needed > columnWidth(0))
        setColumnWidth(0, needed);
}

void LineageTreeView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    QTreeView::currentChanged(current, previous);
    revealText(current);
}

void LineageTreeView::changeEvent(QEvent *event)
{
    QTreeView::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateIndentation();
}

void LineageTreeView::updateIndentation()
{
    // Enough for the branch arrow and a visible step between generations.
    setIndentation(qMax(10, fontMetrics().horizontalAdvance(QLatin1Char('M')) + 2));
}
