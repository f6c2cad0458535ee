#pragma once

#include "common/windowparts.h"
#include "forecasting/forecastrecords.h"
#include "gate/gatepolicy.h"
#include "measure/measurementrecords.h"
#include "shownsearchcomposer.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class CalibrationView;
class ComparisonView;
class ElidedLabel;
class ForecastRunner;
class ForecastSourceChoice;
class GateBar;
class GateOverrideRow;
class GateSession;
class LiveFollow;
class PopulationModel;
class QAction;
class QDockWidget;
class QLabel;
class QProgressBar;
class QToolBar;
class QToolButton;
class QTreeView;
class ReplayView;
class Session;

// Everything the gate adds to the window — the gate bar, overrides from the tree, undo, the workspace,
// forecasting, the replay dock and live follow — wired to the window's tree and model from outside, so the
// window itself only creates it and tells it which files were loaded.
//
// The search the tree shows is the loaded one plus the forecasts made or restored here, appended to a copy
// (the data files are never modified); the tree keeps its selection and scroll position when it changes.
class GateController : public QObject {
    Q_OBJECT
public:
    // Follows the search `session` shows: before the tree shows it, opens the workspace beside it and follows its
    // log if it grows. A search shown with no forecast at all is then forecast by the embedded surrogate in the
    // background (Gate → Forecast When Opening), learning from the measured kernels of every search log open.
    GateController(Session *session, QWidget *window, QTreeView *tree, PopulationModel *model);
    ~GateController() override;

    // Puts the gate's decision and Trust / Defer / Auto above the comparison of the kernel it shows.
    void attachComparison(ComparisonView *comparison);
    GateOverrideRow *overrideRow() const { return m_overrideRow; }
    // Keeps the risk–coverage chart's cursor where the gate cuts, on every score or threshold change.
    void attachCalibration(CalibrationView *calibration);

    // The Gate menu, the gate bar's tool bar, the replay dock and the forecast's status widgets.
    const WindowParts &parts() const { return m_parts; }
    GateSession *session() const { return m_session; }
    GateBar *gateBar() const { return m_gateBar; }
    // Whose forecasts the views show; the gate bar's "Forecasts by" box makes the choice.
    ForecastSourceChoice *forecastSources() const { return m_sources; }
    // The search shown with every source's forecasts, of which the views see the chosen source's.
    const std::shared_ptr<const kfx::Population> &withEveryForecast() const { return m_shown; }
    ForecastRunner *forecastRunner() const { return m_runner; }
    // Whether the forecasts or measurements added last are still being folded into the search shown.
    bool isComposing() const { return m_composer->isComposing(); }
    ReplayView *replayView() const { return m_replay; }
    QDockWidget *replayDock() const { return m_replayDock; }
    LiveFollow *liveFollow() const { return m_live; }
    QLabel *liveIndicator() const { return m_liveLabel; }
    QAction *trustAction() const { return m_trust; }
    QAction *deferAction() const { return m_defer; }
    QAction *autoAction() const { return m_auto; }
    QAction *forecastOnOpenAction() const { return m_forecastOnOpen; }
    QAction *cancelForecastAction() const { return m_cancelForecast; }

    // The handlers of T, D and A (and the tree's context menu): override the selected kernels.
    void overrideSelected(kfx::gate::OverrideMode mode, const QString &note = QString());
    // Forecasts the selected kernels, or every candidate that has no forecast yet.
    bool forecastSelected();
    bool forecastMissing();
    QStringList selectedNodeIds() const;
    // Measurements made on the GPU (already in the workspace) join the search shown, as forecasts do.
    void addMeasurements(std::vector<measurementrecords::NodeMeasurement> measurements);
    // The last forecast run's summary, or why it could not run.
    const QString &forecastStatus() const { return m_forecastStatus; }

public Q_SLOTS:
    // New measurements are in the search shown: the embedded surrogate retrains on them in the background and
    // the status bar says so; forecasts made after it finishes use the new model.
    void retrainOnMeasurements();

Q_SIGNALS:
    void forecastFinished();
    // For the status bar; a timeout of 0 keeps it until the next message.
    void statusMessage(const QString &text, int timeoutMs);
    // Something to say about forecasting the data as a whole (there is too little to learn from); empty when
    // other data is opened. The window shows it in the forecast panel.
    void forecastNotice(const QString &text);

private:
    void createActions(QWidget *window);
    void createStatusWidgets(QWidget *window);
    void onSearchShown();
    void onModelReset();
    // Shows the search with what the window added to it, then calls `then`: at once for a small search, once
    // the composer has made it for a large one.
    void showSearch(std::function<void()> then = {});
    void onComposed(const ShownSearch &search);
    // Nothing composed for the search shown until now is shown, nor waits for it.
    void forgetComposing();
    // The search shown as the chosen source sees it; the same object when that drops nothing.
    std::shared_ptr<const kfx::Population> visibleOf(const std::shared_ptr<const kfx::Population> &search);
    void overrideWithNote();
    bool startForecast(std::vector<std::size_t> nodes, bool automatic = false);
    void forecastIfNothingIs();
    // With Forecast When Opening on, forecasts the candidates the window's surrogate has not: all of them on
    // opening, those appended to a followed log as they arrive.
    void forecastWhatTheWindowHasNot();
    // Tells the forecast runner the shown search's task and the code of its reference.
    void pointRunnerAtShownTask();
    std::vector<kfx::ComparisonPair> trainingPairs() const;
    void onForecastFinished(const QString &summary);
    void showForecastStatus(const QString &text, bool running);
    // The last finished run's summary, and whether its source's forecasts are the ones shown.
    void showLastRunStatus();
    void showLlmSettings();
    void updateReplaySource();

    Session *m_openSession; // the window's files, of which the search shown
    QWidget *m_window;
    WindowParts m_parts;
    QTreeView *m_tree;
    PopulationModel *m_model;
    GateSession *m_session;
    GateBar *m_gateBar;
    ForecastSourceChoice *m_sources;
    QToolBar *m_toolBar;
    ForecastRunner *m_runner;
    ReplayView *m_replay;
    QDockWidget *m_replayDock;
    LiveFollow *m_live;
    ShownSearchComposer *m_composer;

    QAction *m_trust = nullptr;
    QAction *m_defer = nullptr;
    QAction *m_auto = nullptr;
    QAction *m_useLlm = nullptr;
    QAction *m_cancelForecast = nullptr;
    QAction *m_forecastOnOpen = nullptr;
    ElidedLabel *m_forecastLabel = nullptr;
    QProgressBar *m_forecastProgress = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QLabel *m_liveLabel = nullptr;
    GateOverrideRow *m_overrideRow = nullptr;
    QString m_forecastStatus;

    // The search as loaded (or as the live log now stands), and the forecasts added to it here; m_visible is
    // m_shown with the chosen source's forecasts only, which the tree, the gate and the replay show.
    std::shared_ptr<const kfx::Population> m_base;
    std::shared_ptr<const kfx::Population> m_shown;
    std::shared_ptr<const kfx::Population> m_visible;
    ShownSearchComposer::Batches<forecastrecords::NodeForecast> m_added;
    // GPU measurements, restored from the workspace or made here.
    ShownSearchComposer::Batches<measurementrecords::NodeMeasurement> m_measured;
    // What waits for the search being composed to be shown.
    std::vector<std::function<void()>> m_afterShown;
    QString m_shownPath;                         // the file of the search shown
    const kfx::Population *m_expected = nullptr; // the search setDataFiles() announced
    bool m_justOpened = false;                   // the search shown came from setDataFiles() and is not forecast yet
    bool m_forecastWhenIdle = false;             // the followed log grew during a run
    bool m_applying = false;                     // set while this controller resets the model itself
    QString m_lastRunSummary;
    std::string m_lastRunSource;   // empty: the last run made no forecast
    bool m_lastRunStatusShown = false; // the status line is the last run's, so a change of source restates it
    bool m_chooseWhenDone = false; // a run asked for by hand: its source is shown when it ends
};
