#pragma once

#include "common/windowparts.h"
#include "model/comparisonpair.h"
#include "model/population.h"
#include "session/forecastrecords.h"
#include "session/searchwithforecasts.h"

#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

class ElidedLabel;
class ForecastRunner;
class ForecastSourceChoice;
class QAction;
class QProgressBar;
class QToolButton;
class QTreeView;
class Session;

// Forecasting in the window: the Forecast menu (the selected kernels, those without a forecast, on opening, by the
// embedded model or an LLM server), its status line with progress and Stop, and the runner that does it off the
// GUI thread. It forecasts the search the gate judges (setShownSearch) and hands what it made to the window
// (forecastsMade), which shows it and says when (onForecastsShown); the forecasts and the models are kept in the
// session's workspace.
class ForecastController : public QObject {
    Q_OBJECT
public:
    // `sources` is the choice of whose forecasts are shown, which the status line names.
    ForecastController(Session *session, ForecastSourceChoice *sources, QTreeView *tree, QWidget *window);

    // The Forecast menu and the forecast's status widgets.
    const WindowParts &parts() const { return m_parts; }
    ForecastRunner *runner() const { return m_runner; }
    // The last forecast run's summary, or why it could not run.
    const QString &forecastStatus() const { return m_forecastStatus; }
    QAction *forecastOnOpenAction() const { return m_forecastOnOpen; }
    QAction *cancelAction() const { return m_cancel; }

    // Forecasts the selected kernels, or every candidate that has no forecast yet by the surrogate that answers.
    bool forecastSelected();
    bool forecastMissing();

public Q_SLOTS:
    // The search shown with every source's forecasts, and its file (empty when it has none).
    void setShownSearch(const SearchWithForecasts &search, const QString &path);
    // Another search is about to be shown: a run for this one must not outlive its workspace, nor land on the next.
    void abandon();
    // With Forecast When Opening on, forecasts the candidates the window's surrogate has not: all of them on
    // opening, those appended to a followed log as they arrive.
    void forecastWhatTheWindowHasNot();
    // New measurements are in the search shown: the embedded surrogate retrains on them in the background and
    // the status bar says so; forecasts made after it finishes use the new model.
    void retrainOnMeasurements();
    // The forecasts of forecastsMade() are in the views.
    void onForecastsShown();

Q_SIGNALS:
    // Forecasts of the search shown, by `source`; `choose`: asked for by hand, so their source is to be shown.
    void forecastsMade(std::shared_ptr<const std::vector<forecastrecords::NodeForecast>> forecasts,
                       const std::string &source, bool choose);
    void forecastFinished();
    // For the status bar; a timeout of 0 keeps it until the next message.
    void statusMessage(const QString &text, int timeoutMs);
    // Something to say about forecasting the data as a whole (there is too little to learn from); empty when
    // other data is opened. The window shows it in the forecast panel.
    void forecastNotice(const QString &text);

private:
    void createActions(QWidget *window);
    void createStatusWidgets(QWidget *window);
    bool startForecast(std::vector<std::size_t> nodes, bool automatic = false);
    // Tells the runner the shown search's task and the code of its reference.
    void pointRunnerAtShownTask();
    std::vector<kfx::ComparisonPair> trainingPairs() const;
    void onRunFinished(const QString &summary);
    void showForecastStatus(const QString &text, bool running);
    // The last finished run's summary, and whether its source's forecasts are the ones shown.
    void showLastRunStatus();
    void showLlmSettings();

    Session *m_session;
    ForecastSourceChoice *m_sources;
    QTreeView *m_tree;
    QWidget *m_window;
    ForecastRunner *m_runner;
    WindowParts m_parts;

    QAction *m_useLlm = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_forecastOnOpen = nullptr;
    ElidedLabel *m_label = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QString m_forecastStatus;

    SearchWithForecasts m_shown;
    QString m_shownPath;
    bool m_forecastWhenIdle = false; // the followed log grew during a run
    QString m_lastRunSummary;
    std::string m_lastRunSource;       // empty: the last run made no forecast
    bool m_lastRunStatusShown = false; // the status line is the last run's, so a change of source restates it
    bool m_chooseWhenDone = false;     // a run asked for by hand: its source is shown when it ends
};
