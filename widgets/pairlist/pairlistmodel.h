#pragma once

#include "metrics/confidencescore.h"
#include "model/comparisonpair.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

// The pairs of one or more eval sets as a flat list, each joined by comparison_id with the prediction rows of
// every surrogate loaded. Holds shared references to the loaded rows and points into them; nothing is copied.
class PairListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        PackColumn,
        SpeedupColumn,
        TrueBinColumn,
        PredictedBinColumn,
        ConfidenceColumn,
        ForecastsColumn,
        ColumnCount,
    };
    Q_ENUM(Column)

    enum Role {
        SortRole = Qt::UserRole + 1, // a number (double) or text to sort by
        PairIdRole,                  // the full comparison id (QString)
    };
    Q_ENUM(Role)

    using Pairs = std::shared_ptr<const std::vector<kfx::ComparisonPair>>;
    using Predictions = std::shared_ptr<const std::vector<kfx::PredictionRow>>;

    explicit PairListModel(QObject *parent = nullptr);

    void setPairs(std::vector<Pairs> pairs, std::vector<Predictions> predictions);

    const kfx::ComparisonPair *pair(int row) const;
    // The prediction rows of a pair, by surrogate label and repeat.
    const std::vector<const kfx::PredictionRow *> &predictions(int row) const;
    // -1 when no pair has this id.
    int rowForId(const QString &id) const;
    // Rows whose first forecast was confident (score at or above the threshold) and named another bin than the
    // measured one, worst first (confidence × bins off), as the tree's surrogate failures.
    std::vector<int> surrogateFailures(kfx::metrics::ConfidenceScore score, double threshold) const;
    // How many prediction rows found no pair.
    std::size_t unmatchedPredictions() const { return m_unmatched; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const kfx::Forecast *firstForecast(int row) const;

    std::vector<Pairs> m_sources;
    std::vector<Predictions> m_predictionSources;
    std::vector<const kfx::ComparisonPair *> m_pairs;
    std::vector<std::vector<const kfx::PredictionRow *>> m_predictions;
    std::size_t m_unmatched = 0;
};
