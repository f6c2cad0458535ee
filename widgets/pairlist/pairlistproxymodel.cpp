#include "pairlist/pairlistproxymodel.h"

#include "pairlist/pairlistmodel.h"

PairListProxyModel::PairListProxyModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(PairListModel::SortRole);
}

void PairListProxyModel::setSourceModel(QAbstractItemModel *sourceModel)
{
    m_pairModel = qobject_cast<PairListModel *>(sourceModel);
    QSortFilterProxyModel::setSourceModel(sourceModel);
}

void PairListProxyModel::setFilterText(const QString &text)
{
    if (!m_needle.set(text))
        return;
#if QT_VERSION >= QT_VERSION_CHECK(6, 9, 0) // see PopulationProxyModel::filtersChanged()
    beginFilterChange();
    endFilterChange(QSortFilterProxyModel::Direction::Rows);
#else
    invalidateFilter();
#endif
}

bool PairListProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    if (m_needle.isEmpty() || !m_pairModel)
        return true;
    const auto *pair = m_pairModel->pair(sourceRow);
    return pair
        && (m_needle.foundIn(pair->id) || m_needle.foundIn(pair->pack) || m_needle.foundIn(pair->candidateCode));
}
