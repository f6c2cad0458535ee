#pragma once

#include "common/textneedle.h"
#include "metrics/confidencescore.h"
#include "population/textmatchscan.h"

#include <QSortFilterProxyModel>

#include <optional>
#include <vector>

class PopulationModel;
namespace kfx {
struct KernelNode;
}

// Sorts the lineage tree by the model's numeric sort keys and filters it: free text over node ids and code,
// status, measured speedup range, true and predicted bin, and the surrogate's confident misses. Filtering is
// recursive: a match keeps its ancestors, so the lineage to it stays visible.
class PopulationProxyModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class StatusFilter {
        All,
        Failed,        // any failure: mutation, forecast, evaluation or the kernel itself
        CompileFailed, // the kernel did not compile
        RuntimeError,  // it crashed or raised while running
        Incorrect,     // it ran but its output did not match
        OtherFailure,  // mutation, forecast or infrastructure failures
        ArchiveMembers,
        NotAdmitted,
        Pending,
        Deferred,
    };
    Q_ENUM(StatusFilter)

    explicit PopulationProxyModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *sourceModel) override;

    // Case-insensitive text searched for in each node's full id and code; empty shows everything. On a large search
    // the rows follow once TextMatchScan has been through the code (filtersApplied() says when); until then the
    // previous text's rows stay.
    void setFilterText(const QString &text);
    QString filterText() const { return m_typedText; }
    // Populations with more nodes to scan than this are scanned in slices between events.
    static constexpr std::size_t kScanInSlicesAbove = 4096;

    void setStatusFilter(StatusFilter filter);
    StatusFilter statusFilter() const { return m_status; }
    // Measured speedups outside [minimum, maximum] are hidden, and so are unmeasured nodes once either is set.
    void setSpeedupRange(std::optional<double> minimum, std::optional<double> maximum);
    // 0 for any bin.
    void setTrueBinFilter(int bin);
    void setPredictedBinFilter(int bin);

    // Only forecasts that were confident (score at or above the threshold) and wrong (another bin than the
    // measurement's, which includes the wrong side of 1×).
    void setSurrogateFailuresOnly(bool only);
    bool surrogateFailuresOnly() const { return m_failuresOnly; }
    void setConfidenceScore(kfx::metrics::ConfidenceScore score);
    kfx::metrics::ConfidenceScore confidenceScore() const { return m_score; }
    void setConfidenceThreshold(double threshold);
    double confidenceThreshold() const { return m_threshold; }

    // Only nodes whose measured bin the forecast gave little probability (PopulationModel::SurrogateMiss::surprising).
    void setSurprisesOnly(bool only);
    bool surprisesOnly() const { return m_surprisesOnly; }
    // Every surprising node that passes the other filters, most surprising first.
    std::vector<std::size_t> surprises() const;

    bool isSurrogateFailure(const kfx::KernelNode &node) const;
    // Every node that is a surrogate failure and passes the other filters, worst first (confidence × bins off).
    std::vector<std::size_t> surrogateFailures() const;
    // Whether any filter hides nodes.
    bool filtering() const;

Q_SIGNALS:
    // Just before the rows change for new filters (for a view to fold what it need not lay out again).
    void filtersAboutToBeApplied();
    // After the filters changed and the rows they keep are in place.
    void filtersApplied();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    bool acceptsNode(std::size_t index, const kfx::KernelNode &node) const;
    bool acceptsStatus(const kfx::KernelNode &node) const;
    bool acceptsText(std::size_t index, const kfx::KernelNode &node) const;
    // The nodes that pass every filter and have a SurrogateMiss that `select` picks, in descending `rank` order.
    template<class Select, class Rank>
    std::vector<std::size_t> rankedMisses(Select select, Rank rank) const;
    void scanForText();
    // The sort key of every node for `column`, built once per sort rather than read from the nodes a million times.
    const std::vector<double> &sortKeys(int column) const;
    void forgetSortKeys() const { m_sortKeysColumn = -1; }
    void applyTextMatches();
    void filtersChanged();

    PopulationModel *m_populationModel = nullptr;
    QString m_typedText;
    TextNeedle m_needle; // the text the rows shown were filtered by
    TextMatchScan m_scan;
    // One flag per node of m_matchedPopulation: whether m_needle is in its id or code.
    std::vector<std::uint8_t> m_textMatches;
    const kfx::Population *m_matchedPopulation = nullptr;
    mutable std::vector<double> m_sortKeys; // NaN for a node without a value in the column
    mutable int m_sortKeysColumn = -1;
    StatusFilter m_status = StatusFilter::All;
    std::optional<double> m_minimumSpeedup;
    std::optional<double> m_maximumSpeedup;
    int m_trueBin = 0;
    int m_predictedBin = 0;
    bool m_failuresOnly = false;
    bool m_surprisesOnly = false;
    kfx::metrics::ConfidenceScore m_score = kfx::metrics::ConfidenceScore::MaxProb;
    double m_threshold = 0.5;
};
