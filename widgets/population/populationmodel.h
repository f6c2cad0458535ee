#pragma once

#include "common/noderoles.h"
#include "gate/gatepolicy.h"
#include "metrics/confidencescore.h"
#include "model/population.h"

#include <QAbstractItemModel>

#include <optional>
#include <unordered_set>

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
        MissColumn,
        ColumnCount,
    };
    Q_ENUM(Column)

    enum Role {
        // A number to sort by (double, or invalid where the column has nothing for this node).
        SortRole = Qt::UserRole + 1,
        NodeIndexRole = NodeRoles::NodeIndex,
        NodeIdRole = NodeRoles::NodeId,
        // Whether the node lies on the path from the seed to the best archive member (bool).
        BestPathRole,
    };
    Q_ENUM(Role)

    explicit PopulationModel(QObject *parent = nullptr);

    // How wrong a confident forecast was: the last forecast of a measured node against the measurement.
    struct SurrogateMiss {
        int predictedBin = 0;
        int trueBin = 0;
        double confidence = 0.0;
        int binError = 0;                // |predicted − true|
        bool wrongSide = false;          // predicted a speedup where it measured a slowdown, or the reverse
        double trueBinProbability = 0.0; // what the forecast gave the measured bin
        double surprise = 0.0;           // −log2 of it, in bits (metrics::surpriseBits)
        bool surprising = false;         // metrics::isSurprising
        bool wrong() const { return binError > 0; }
        double severity() const { return confidence * binError; }
    };
    // Nothing for nodes without both a forecast and a measured speedup.
    static std::optional<SurrogateMiss>
    surrogateMiss(const kfx::KernelNode &node,
                  kfx::metrics::ConfidenceScore score = kfx::metrics::ConfidenceScore::MaxProb);
    // The forecast the tree shows for a node: its last one, or the abstaining search's trusted forecast.
    static const kfx::Forecast *shownForecast(const kfx::KernelNode &node);

    void setPopulation(std::shared_ptr<const kfx::Population> population);
    // The gate's verdict on every node (indexed like the Population), shown in the Gate column instead of the
    // log's own; null shows the log's.
    void setGateDecisions(std::shared_ptr<const std::vector<kfx::gate::GateDecision>> decisions);
    const std::shared_ptr<const kfx::Population> &population() const { return m_population; }

    // The node behind an index, or nullptr for an invalid one.
    const kfx::KernelNode *node(const QModelIndex &index) const;
    QModelIndex indexForNode(std::size_t node, int column = 0) const;
    // The nodes from the root of the best archive member's lineage down to it; empty without a best node.
    const std::vector<std::size_t> &bestPath() const { return m_bestPath; }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusText(kfx::NodeStatus status);
    static QString languageText(kfx::KernelLanguage language);
    // The tail of an id, as the Id column shows it: ids are long ULIDs, and their last 8 characters tell a search's
    // kernels apart. Every view that names a kernel uses it, so an id read in one is found in another.
    static QString shortIdText(const std::string &id);
    // The tooltip line of a surprising node (SurrogateMiss::surprising), marked beside its id.
    static QString surpriseText(const SurrogateMiss &miss);

    // The SortRole value of every column but Id (and Gate under gate decisions, which GateMarks sorts), without a
    // QVariant: sorting 100,000 rows compares them a million times. Empty for a node with no value there.
    std::optional<double> sortNumber(const kfx::KernelNode &node, int column) const;
    // Whether the column sorts by sortNumber(); the others sort by their SortRole data.
    bool sortsByNumber(int column) const { return column != IdColumn && (column != GateColumn || !m_gateDecisions); }

private:
    QVariant displayData(const kfx::KernelNode &node, int column) const;
    QVariant sortData(const kfx::KernelNode &node, int column) const;
    QVariant toolTipData(const kfx::KernelNode &node, int column) const;

    std::shared_ptr<const kfx::Population> m_population;
    std::vector<std::size_t> m_roots;
    // The row of each node under its parent (or among the roots).
    std::vector<int> m_rows;
    std::shared_ptr<const std::vector<kfx::gate::GateDecision>> m_gateDecisions;
    std::vector<std::size_t> m_bestPath;
    std::unordered_set<std::size_t> m_onBestPath;
};
