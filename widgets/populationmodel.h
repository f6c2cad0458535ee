#pragma once

#include "model/population.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

// The lineage tree of one search: every node the log mentions, under its parent, roots at the top. Rows are the
// Population's own node and children indices; the model keeps only the row of each node within its parent.
class PopulationModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        StepColumn,
        LanguageColumn,
        StatusColumn,
        SpeedupColumn,
        TrueBinColumn,
        PredictedBinColumn,
        ConfidenceColumn,
        GateColumn,
        CasesColumn,
        ColumnCount,
    };
    Q_ENUM(Column)

    enum Role {
        // A number to sort by (double, or invalid where the column has nothing for this node).
        SortRole = Qt::UserRole + 1,
        // The node's index in the Population (qulonglong).
        NodeIndexRole,
        // The node's full id (QString).
        NodeIdRole,
    };
    Q_ENUM(Role)

    explicit PopulationModel(QObject *parent = nullptr);

    void setPopulation(std::shared_ptr<const kfx::Population> population);
    const std::shared_ptr<const kfx::Population> &population() const { return m_population; }

    // The node behind an index, or nullptr for an invalid one.
    const kfx::KernelNode *node(const QModelIndex &index) const;
    QModelIndex indexForNode(std::size_t node, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusText(kfx::NodeStatus status);
    static QString languageText(kfx::KernelLanguage language);
    // "1.93×"
    static QString speedupText(double speedup);
    // "812 µs", "1.20 ms", "640 ns"
    static QString durationText(double nanoseconds);

private:
    QVariant displayData(const kfx::KernelNode &node, int column) const;
    QVariant sortData(const kfx::KernelNode &node, int column) const;
    QVariant toolTipData(const kfx::KernelNode &node, int column) const;

    std::shared_ptr<const kfx::Population> m_population;
    std::vector<std::size_t> m_roots;
    // The row of each node under its parent (or among the roots).
    std::vector<int> m_rows;
};
