#pragma once

#include "common/textneedle.h"

#include <QSortFilterProxyModel>

class PairListModel;

// Sorts the flat list of eval-set pairs by the model's sort keys and filters it by free text over each pair's
// comparison id, pack and candidate code, as the lineage tree's filter does for nodes.
class PairListProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit PairListProxyModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    // Case-insensitive; empty shows every pair.
    void setFilterText(const QString &text);
    QString filterText() const { return m_needle.text(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    PairListModel *m_pairModel = nullptr;
    TextNeedle m_needle;
};
