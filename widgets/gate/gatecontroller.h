#pragma once

#include "common/windowparts.h"
#include "gate/gatepolicy.h"
#include "session/forecastrecords.h"
#include "session/measurementrecords.h"
#include "session/shownsearchcomposer.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <string>
#include <vector>

class ForecastSourceChoice;
class GateBar;
class GateOverrideRow;
class GateSession;
class QAction;
class QLabel;
class QToolBar;
class QTreeView;
class Session;

// The gate in the window: the gate bar, overrides from the tree (T, D, A, with a note), undo, the workspace's records
// of the search shown, the choice of whose forecasts are shown, and what live follow adds, wired to the window's tree
// and model from outside, so the window itself only creates it. The session opens and closes the workspace.
//
// The search the tree shows is the loaded one with the measurements the window added folded into a copy (the data
// files are never modified), as the chosen source sees it with the forecasts the window added; the tree keeps its
// selection and scroll position when it changes.
// Forecasting itself is ForecastController's: this controller says when a search wants forecasts
// (searchReadyToForecast) and shows those it is given (addForecasts).
class GateController : public QObject {
    Q_OBJECT
public:
    // Follows the search `session` shows: reads what its workspace keeps when the session opens it, and shows what
    // its log gains as it grows.
    GateController(Session *session, QWidget *window, QTreeView *tree);
    ~GateController() override;

    // The decision and Trust / Defer / Auto of one kernel, for the window to put above its comparison.
    GateOverrideRow *overrideRow() const { return m_overrideRow; }

    // The Gate menu, the gate bar's tool bar and the live indicator.
    const WindowParts &parts() const { return m_parts; }
    GateSession *session() const { return m_session; }
    GateBar *gateBar() const { return m_gateBar; }
    // Whose forecasts the views show; the gate bar's "Forecasts by" box makes the choice.
    ForecastSourceChoice *forecastSources() const { return m_sources; }
    // The search shown with every source's forecasts beside it, of which the views see the chosen source's.
    const SearchWithForecasts &shownSearch() const { return m_shown; }
    // Whether the forecasts or measurements added last are still being folded into the search shown.
    bool isComposing() const { return m_composer->isComposing(); }
    QLabel *liveIndicator() const { return m_liveLabel; }
    QAction *trustAction() const { return m_trust; }
    QAction *deferAction() const { return m_defer; }
    QAction *autoAction() const { return m_auto; }

    // The handlers of T, D and A (and the tree's context menu): override the selected kernels.
    void overrideSelected(kfx::gate::OverrideMode mode, const QString &note = QString());
    QStringList selectedNodeIds() const;

public Q_SLOTS:
    // The window's tree shows `shown` (a search loaded, or none): the gate judges it, with the workspace's
    // forecasts and measurements once they are folded in.
    void treeShows(const std::shared_ptr<const kfx::Population> &shown);
    // Measurements made on the GPU (already in the workspace) join the search shown, as forecasts do.
    void addMeasurements(std::vector<measurementrecords::NodeMeasurement> measurements);
    // Forecasts of the search shown join it; `choose`: their source becomes the one shown.
    void addForecasts(std::shared_ptr<const std::vector<forecastrecords::NodeForecast>> forecasts,
                      const std::string &source, bool choose);

Q_SIGNALS:
    // For the status bar; a timeout of 0 keeps it until the next message.
    void statusMessage(const QString &text, int timeoutMs);
    // The search shown, extended by the forecasts and measurements the window added and seen through the chosen
    // source, is to take the search's place in the tree.
    void searchExtended(std::shared_ptr<const kfx::Population> visible);
    // The search shown, with every source's forecasts, changed; `path` is its file (empty when it has none).
    void shownSearchChanged(const SearchWithForecasts &search, const QString &path);
    // A search just opened, or kernels appended to a followed log, are shown and may want forecasts.
    void searchReadyToForecast();
    // The measurements of addMeasurements() are in the search shown.
    void measurementsShown();
    // The forecasts of addForecasts() are in the search shown.
    void forecastsShown();

private:
    void createActions(QWidget *window);
    void onSearchShown();
    // Reads the forecasts and measurements the workspace the session just opened keeps.
    void onWorkspaceOpened();
    // Shows the search with what the window added to it, then calls `then`: at once for a small search, once
    // the composer has made it for a large one.
    void showSearch(std::function<void()> then = {});
    void onComposed(const ShownSearch &search);
    // Nothing composed for the search shown until now is shown, nor waits for it.
    void forgetComposing();
    // The search shown as the chosen source sees it; the same object when that drops nothing.
    std::shared_ptr<const kfx::Population> visibleOf(const SearchWithForecasts &search);
    void overrideWithNote();
    void forecastIfJustOpened();

    Session *m_openSession; // the window's files, of which the search shown
    QWidget *m_window;
    WindowParts m_parts;
    QTreeView *m_tree;
    GateSession *m_session;
    GateBar *m_gateBar;
    ForecastSourceChoice *m_sources;
    QToolBar *m_toolBar;
    ShownSearchComposer *m_composer;

    QAction *m_trust = nullptr;
    QAction *m_defer = nullptr;
    QAction *m_auto = nullptr;
    QLabel *m_liveLabel = nullptr;
    GateOverrideRow *m_overrideRow = nullptr;

    // The search as loaded (or as the live log now stands), and with what was added to it here; m_visible is
    // m_shown as the chosen source sees it, which the tree, the gate and the replay show.
    std::shared_ptr<const kfx::Population> m_base;
    SearchWithForecasts m_shown;
    std::shared_ptr<const kfx::Population> m_visible;
    ShownSearchComposer::Batches<forecastrecords::NodeForecast> m_added;
    // GPU measurements, restored from the workspace or made here.
    ShownSearchComposer::Batches<measurementrecords::NodeMeasurement> m_measured;
    // What waits for the search being composed to be shown.
    std::vector<std::function<void()>> m_afterShown;
    QString m_shownPath;                         // the file of the search shown
    const kfx::Population *m_expected = nullptr; // the search setDataFiles() announced
    bool m_justOpened = false;                   // the search shown came from setDataFiles() and is not forecast yet
    bool m_applying = false;                     // set while this controller resets the model itself
};
