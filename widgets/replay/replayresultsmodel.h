#pragma once

#include "replay/counterfactualreplay.h"

#include <QAbstractTableModel>

#include <vector>

// One row per replayed policy: its final best speedup, the GPU evaluations it spent, how often its choice held the
// truly best candidate, and why it spent no more.
class ReplayResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        PolicyColumn,
        BestColumn,
        EvaluationsColumn,
        StoppedColumn, // beside the evaluations it explains: a policy that spent 2 looks broken without its reason
        OracleColumn,
        TrustedColumn,
        DroppedColumn,
        ColumnCount
    };
    Q_ENUM(Column)

    explicit ReplayResultsModel(QObject *parent = nullptr);

    void setOutcomes(std::vector<kfx::replay::PolicyOutcome> outcomes);
    const std::vector<kfx::replay::PolicyOutcome> &outcomes() const { return m_outcomes; }

    static QString policyText(kfx::replay::ReplayPolicy policy);
    // Why the policy spent no more: a few words for the column, a sentence for its tooltip.
    static QString stopText(const kfx::replay::PolicyOutcome &outcome);
    static QString stopExplanation(const kfx::replay::PolicyOutcome &outcome);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<kfx::replay::PolicyOutcome> m_outcomes;
};
