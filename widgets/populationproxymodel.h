#pragma once

#include <QSortFilterProxyModel>

class PopulationModel;

// Sorts the lineage tree by the model's numeric sort keys and filters it by free text over node ids and code.
// Filtering is recursive: a match keeps its ancestors, so the lineage to it stays visible.
class PopulationProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit PopulationProxyModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    // Case-insensitive text searched for in each node's full id and code; empty shows everything.
    void setFilterText(const QString &text);
    QString filterText() const { return m_filterText; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    PopulationModel *m_populationModel = nullptr;
    QString m_filterText;
    // The filter as lower-case UTF-8, to search the nodes' UTF-8 text without converting it.
    std::string m_needle;
};
