#include "population/lineagetreeview.h"

#include <QEvent>
#include <QHeaderView>
#include <QTimer>

LineageTreeView::LineageTreeView(QWidget *parent) : QTreeView(parent)
{
    updateIndentation();
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
