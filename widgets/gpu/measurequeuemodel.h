#pragma once

#include "model/evaluation.h"

#include <QAbstractTableModel>
#include <QElapsedTimer>

#include <optional>
#include <string>
#include <vector>

// One kernel sent to the GPU, from queued to its result.
struct MeasureItem {
    enum class State { Queued, Running, Measured, Failed, Cancelled };

    int id = 0;
    QString nodeId;
    QString task;          // the task's name, as shown
    QString taskDirectory; // what the worker is given
    std::string source;    // the candidate's code
    State state = State::Queued;
    // The worker's last progress line: "compile", "correctness", "timing candidate", "timing reference".
    QString stage;
    int caseIndex = -1; // 1-based, -1 when the stage has no cases
    int cases = 0;
    QElapsedTimer clock; // started when the item starts running
    qint64 elapsedMs = -1;
    bool cancelRequested = false;
    // Through Slurm: the job of the worker running the item, and whether it still waits for its node.
    QString slurmJob;
    bool slurmPending = false;
    // How many times the worker running the item was lost: the first loss re-queues it, the second fails it.
    int workerLosses = 0;
    // From a Python task's result: measured on the CPU (tests only: its speedups are never GPU figures), and the
    // harness's suspicion flags (kind, detail), empty when clean.
    bool cpuMode = false;
    std::vector<std::pair<QString, QString>> suspicions;
    std::optional<kfx::EvaluationOutcome> outcome; // what the kernel did (not set for infrastructure failures)
    QString message;                               // the failure or cancellation, in words

    bool finished() const { return state != State::Queued && state != State::Running; }
};

// The measurement queue as a table: kernel, task, state, progress, elapsed time, result. Rows stay in the
// order the items were queued; finished ones stay until cleared, so the results can be read.
class MeasureQueueModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KernelColumn, TaskColumn, StateColumn, ProgressColumn, ElapsedColumn, ResultColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        // Progress in percent (int, 0..100) for the delegate; -1 while queued.
        ProgressRole = Qt::UserRole + 1,
        // The item's id (int).
        ItemIdRole,
        // MeasureItem::State as int.
        StateRole,
    };
    Q_ENUM(Role)

    explicit MeasureQueueModel(QObject *parent = nullptr);

    // Returns the new item's id.
    int add(MeasureItem item);
    const MeasureItem *item(int id) const;
    int rowOf(int id) const;
    // Applies `change` to the item and refreshes its row.
    template<typename Change>
    void update(int id, Change change)
    {
        if (auto *found = find(id)) {
            change(*found);
            refresh(rowOf(id));
        }
    }
    // Refreshes the elapsed time of the running items.
    void tick();
    // Drops the finished items.
    void clearFinished();
    const std::vector<MeasureItem> &items() const { return m_items; }
    // The first queued item's id, or -1.
    int nextQueued() const;

    static QString stateText(MeasureItem::State state);
    // The state as the State column shows it: with the Slurm job, and pending while that job waits for a node.
    static QString stateText(const MeasureItem &item);
    // 0..100 from the stage and case: compile, then correctness, then timing the candidate and the reference.
    static int progressPercent(const MeasureItem &item);
    static QString progressText(const MeasureItem &item);
    static QString resultText(const MeasureItem &item);
    // "Suspicious: ..." with one line per flag, or empty.
    static QString suspicionText(const MeasureItem &item);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    MeasureItem *find(int id);
    void refresh(int row);

    std::vector<MeasureItem> m_items;
    int m_nextId = 1;
};
