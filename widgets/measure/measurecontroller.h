#pragma once

#include "common/windowparts.h"
#include "session/measurementrecords.h"
#include "session/tasklocator.h"

#include <QObject>
#include <QString>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace kfx {
struct EvaluationOutcome;
}
class MeasureQueue;
class MeasureQueueView;
class PopulationModel;
class QAction;
class QDockWidget;
class QSystemTrayIcon;
class QTreeView;
class Session;

// "Measure on GPU" in the window: the GPU menu and the tree's context menu, the measurement queue dock, and
// where results go: into the workspace beside the data (never into the data files) and, through measurementsMade(),
// into the search the tree and the comparison show, with a desktop notification when the window is in the background.
// The gate's decisions, as the session holds them, say which kernels it deferred.
class MeasureController : public QObject {
    Q_OBJECT
public:
    // Measures kernels of the search `session` shows, against the task its log names.
    MeasureController(Session *session, QWidget *window, QTreeView *tree, PopulationModel *model);
    ~MeasureController() override;

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
    // The GPU menu and the measurement queue's dock.
    const WindowParts &parts() const { return m_parts; }
    // The last thing said in the status bar or a notification.
    const QString &lastMessage() const { return m_lastMessage; }
    void showSettings();

Q_SIGNALS:
    // Measurements made on the GPU, already in the workspace, for the search shown.
    void measurementsMade(const std::vector<measurementrecords::NodeMeasurement> &measurements);
    // For the status bar, for a while.
    void statusMessage(const QString &text, int timeoutMs);

private:
    void createActions(QWidget *window);
    void onMeasured(const QString &nodeId, const QString &source, const std::string &evaluationJson,
                    const kfx::EvaluationOutcome &outcome);
    void onDrained();
    void say(const QString &text);
    void notify(const QString &title, const QString &text);

    Session *m_openSession;
    QWidget *m_window;
    WindowParts m_parts;
    QTreeView *m_tree;
    PopulationModel *m_model;
    MeasureQueue *m_queue;
    MeasureQueueView *m_view;
    QDockWidget *m_dock;
    QSystemTrayIcon *m_tray = nullptr;
    TaskLocator m_locator;
    QString m_lastMessage;
    // Results since the queue was last empty, for the notification.
    int m_measuredCount = 0;
    int m_failedCount = 0;
};
