#pragma once

#include "common/windowparts.h"
#include "io/loadedfile.h"
#include "population/lineagetreeview.h"

#include <QMainWindow>

#include <memory>
#include <vector>

class CodeView;
class ComparisonView;
class DiagnosticsModel;
class ForecastController;
class GateController;

class ListNavigator;
class MeasureController;
class ForecastPanel;
class PairListModel;
class PairListProxyModel;
class PopulationFilterBar;
class PopulationModel;
class PopulationProxyModel;
class QComboBox;
class QDockWidget;
class QLabel;
class QLineEdit;
class QMenu;
class CalibrationInputsBuilder;
class CalibrationView;
class RecalibrationController;
class ReplayController;
class SearchController;
class SearchSelector;
class Session;
class QProgressBar;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTreeView;

// The kfx window: the lineage tree of a search beside the code of the selected kernel, load errors in a dock.
// It only wires the models and views of kfx_widgets together and loads files off the GUI thread.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads the files in the background and shows what they hold; loading again drops a load still running.
    // Files loaded together are shown together: a search log with predictions, an eval set with several.
    // Replaces the session shown (File → Open), and says so in the status bar.
    void openFiles(const QStringList &paths);
    // Loads these files together with those already open (File → Add Files, and files dropped on the window).
    void addFiles(const QStringList &paths);
    // Selects the node or pair with this id (or a unique id ending in it) once the files being loaded are in.
    void setPendingSelection(const QString &id) { m_pendingSelection = id; }
    bool selectId(const QString &id);
    // Shows a population directly, as a loaded search log would be shown.
    void showPopulation(std::shared_ptr<const kfx::Population> population, const QString &label = {});
    // Which loaded search logs there are to choose from (hidden when one or none).
    QComboBox *searchSelector() const;

    bool isLoading() const { return m_loading; }
    // The files open, the search shown, its workspace and live follow.
    Session *session() const { return m_session; }
    QTreeView *treeView() const { return m_tree; }
    QTreeView *pairView() const { return m_pairView; }
    // The candidate pane of the comparison.
    CodeView *codeView() const;
    ComparisonView *comparisonView() const { return m_comparison; }
    ForecastPanel *forecastPanel() const { return m_forecastPanel; }
    PopulationFilterBar *filterBar() const { return m_filterBar; }
    PairListModel *pairModel() const { return m_pairModel; }
    // Whether the left side lists eval-set pairs rather than a search's lineage.
    bool showsPairs() const;
    // An action by object name ("goParent", "nextFailure", ...), for tests and the shortcut list.
    QAction *action(const QString &name) const;
    // Every menu action that has a shortcut: its text without mnemonics, and the shortcut as shown.
    QList<QPair<QString, QString>> shortcuts() const;
    PopulationModel *populationModel() const { return m_populationModel; }
    PopulationProxyModel *proxyModel() const { return m_proxyModel; }
    DiagnosticsModel *diagnosticsModel() const { return m_diagnosticsModel; }
    GateController *gateController() const { return m_gate; }
    ForecastController *forecastController() const { return m_forecast; }
    ReplayController *replayController() const { return m_replay; }
    MeasureController *measureController() const { return m_measure; }
    CalibrationView *calibrationView() const { return m_calibration; }
    RecalibrationController *recalibrationController() const { return m_recalibration; }
    SearchController *searchController() const { return m_search; }
    QString statusText() const;
    // Sizes the window and its panes for a screen whose free area is `available`, as it opens.
    void fitToScreen(const QRect &available);
    QDockWidget *errorsDock() const { return m_errorsDock; }

public Q_SLOTS:
    // Selects every one of these comparisons that the list shown holds (the first made current), shows the
    // surrogate's forecast in the panel (repeat -1: any), and says in the status bar how many there are.
    void selectComparisons(const QStringList &comparisonIds, const QString &surrogate = {}, int repeat = -1);

Q_SIGNALS:
    void loadingFinished();

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // Puts a controller's tool bars, docks and status widgets in their places.
    void placeParts(const WindowParts &parts);
    void createActions();
    enum class LoadMode { Replace, Add };
    void openWithDialog(LoadMode mode);
    void showCurrentNode(const QModelIndex &current);
    void showCurrentPair(const QModelIndex &current);
    void showPairs();
    // Shows the search log loaded as file `fileIndex` of the last load, its workspace and predictions with it.
    void updateCalibrationInputs();
    void showSearch(int fileIndex);
    void onLoadStarted();
    void onLoadProgress(int done, int total, const QString &file);
    void onLoaded(const QString &message);
    void setLoading(bool loading);
    void updateStatus();
    void restoreSettings();
    void saveSettings() const;

    Session *m_session;
    PopulationModel *m_populationModel;
    PopulationProxyModel *m_proxyModel;
    DiagnosticsModel *m_diagnosticsModel;
    PairListModel *m_pairModel;
    PairListProxyModel *m_pairProxy;
    PopulationFilterBar *m_filterBar;
    QLineEdit *m_filter;
    QLineEdit *m_pairFilter = nullptr;
    SearchSelector *m_searchSelector = nullptr;
    LineageTreeView *m_tree;
    QTreeView *m_pairView = nullptr;
    QStackedWidget *m_lists; // the tree (page 0) or the pair list (page 1)
    ListNavigator *m_navigator = nullptr;
    ComparisonView *m_comparison;
    ForecastPanel *m_forecastPanel;
    QSplitter *m_splitter;
    QSplitter *m_detailSplitter;
    QDockWidget *m_errorsDock = nullptr;
    QLabel *m_statusLabel;
    QLabel *m_progressLabel;
    QProgressBar *m_progress;
    GateController *m_gate = nullptr;
    ForecastController *m_forecast = nullptr;
    ReplayController *m_replay = nullptr;
    MeasureController *m_measure = nullptr;
    CalibrationView *m_calibration = nullptr;
    RecalibrationController *m_recalibration = nullptr;
    CalibrationInputsBuilder *m_calibrationInputs;
    SearchController *m_search = nullptr;

    bool m_loading = false;
    QString m_pendingSelection;
};
