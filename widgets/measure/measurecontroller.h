#pragma once

#include "tasklocator.h"

#include <QObject>
#include <QString>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace kfx {
struct EvaluationOutcome;
}
class GateController;
class MeasureQueue;
class MeasureQueueView;
class PopulationModel;
class QAction;
class QDockWidget;
class QMainWindow;
class QSystemTrayIcon;
class QTreeView;

// "Measure on GPU" in the window: the GPU menu and the tree's context menu, the measurement queue dock, and
// where results go: into the workspace beside the data (never into the data files) and, through the gate
// controller, into the search the tree and the comparison show, with a desktop notification when the window is
// in the background. The window only creates it and tells it which search log is open.
class MeasureController : public QObject {
    Q_OBJECT
public:
    MeasureController(QMainWindow *window, QTreeView *tree, PopulationModel *model, GateController *gate);
    ~MeasureController() override;

    // The search log the tree shows (its task directory is found from it), or empty.
    void setDataFile(const QString &populationPath) { m_dataFile = populationPath; }
    // Replaces the question asked when a log's task directory cannot be found (tests).
    void setTaskLocator(TaskLocator locator) { m_locator = std::move(locator); }

    // Each returns how many kernels were queued; the status bar says why when none were.
    int measureCurrent();
    int measureSelected();
    int measureDeferred();
    // Queues these nodes (indices into the shown search).
    int measureNodes(const std::vector<std::size_t> &nodes);

    MeasureQueue *queue() const { return m_queue; }
    MeasureQueueView *view() const { return m_view; }
    QDockWidget *dock() const { return m_dock; }
    // The last thing said in the status bar or a notification.
    const QString &lastMessage() const { return m_lastMessage; }
    void showSettings();

private:
    void createActions(QMainWindow *window);
    void onMeasured(const QString &nodeId, const QString &source, const std::string &evaluationJson,
                    const kfx::EvaluationOutcome &outcome);
    void onDrained();
    void say(const QString &text);
    void notify(const QString &title, const QString &text);

    QMainWindow *m_window;
    QTreeView *m_tree;
    PopulationModel *m_model;
    GateController *m_gate;
    MeasureQueue *m_queue;
    MeasureQueueView *m_view;
    QDockWidget *m_dock;
    QSystemTrayIcon *m_tray = nullptr;
    TaskLocator m_locator;
    QString m_dataFile;
    QString m_lastMessage;
    // Results since the queue was last empty, for the notification.
    int m_measuredCount = 0;
    int m_failedCount = 0;
};
