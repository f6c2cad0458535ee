#pragma once

#include "common/windowparts.h"
#include "searchcomparisonview.h"
#include "searchrunner.h"
#include "trustsettings.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QTimer;
class SearchRunChart;
class Session;

// The window's Search menu: Run… asks for a live search (SearchRunDialog) and starts it (SearchRunner); a dock
// shows its progress and the best measured speedup against GPU budget for it and its baseline, and the window
// opens its log as soon as it has a step, following it as it grows. Pause, Resume and Stop act on the run.
class SearchController : public QObject {
    Q_OBJECT
public:
    // `openLog` shows a log in the window (and follows it while it grows). The search `session` shows prefills
    // Run… with its task and folder; a selective search and its baseline among the session's logs
    // (X-selective.jsonl, X-baseline.jsonl) are shown side by side in a dock of their own, raised when they are
    // first opened.
    SearchController(Session *session, QWidget *window, std::function<void(const QString &)> openLog);
    SearchComparisonView *comparison() const { return m_comparison; }
    QDockWidget *comparisonDock() const { return m_comparisonDock; }
    // The gate bar's settings, at which the pair's seed simulation trusts forecasts and Search → Run… starts.
    void setTrust(const TrustSettings &trust);
    // Starts a run as Run… would once its dialog is accepted.
    bool start(SearchRunRequest request);

    SearchRunner *runner() const { return m_runner; }
    SearchRunChart *chart() const { return m_chart; }
    QDockWidget *dock() const { return m_dock; }
    QLabel *summary() const { return m_summary; }
    QAction *runAction() const { return m_run; }
    QMenu *menu() const { return m_menu; }
    // The Search menu, the live search's dock and the selective-against-baseline dock.
    const WindowParts &parts() const { return m_parts; }

Q_SIGNALS:
    // For the status bar, until the next message.
    void statusMessage(const QString &text, int timeoutMs);

private:
    void showRunDialog();
    void stateChanged(SearchRunner::State state);
    void refresh();
    void showOpenSearches();

    Session *m_openSession;
    QWidget *m_window;
    QMenu *m_menu;
    WindowParts m_parts;
    std::function<void(const QString &)> m_openLog;
    SearchRunner *m_runner;
    QDockWidget *m_dock;
    QLabel *m_stateLabel;
    QLabel *m_lastLine;
    QProgressBar *m_progress;
    QLabel *m_summary;
    SearchRunChart *m_chart;
    QDockWidget *m_comparisonDock;
    SearchComparisonView *m_comparison;
    QTimer *m_poll;
    QAction *m_run;
    QAction *m_pause;
    QAction *m_resume;
    QAction *m_stop;
    TrustSettings m_trust; // the gate bar's, which a run started here starts from
};
