#include "mainwindow.h"

#include "calibration/calibrationinputsbuilder.h"
#include "calibration/calibrationview.h"
#include "calibration/recalibrationcontroller.h"
#include "common/namedaction.h"
#include "common/scrollable.h"
#include "comparison/codeview.h"
#include "comparison/comparisonview.h"
#include "controllerwiring.h"
#include "diagnostics/diagnosticsmodel.h"
#include "diagnostics/errorsdock.h"
#include "forecasting/forecastchoices.h"
#include "forecasting/forecastcontroller.h"
#include "forecasting/forecastpanel.h"
#include "forecasting/searchevidenceview.h"
#include "gate/gatecontroller.h"
#include "gate/gatesession.h"
#include "gpu/measurequeue.h"
#include "helpmenu.h"
#include "hub/hubpulldialog.h"
#include "languagechooser.h"
#include "measure/measurecontroller.h"
#include "pairlist/pairlistmodel.h"
#include "pairlist/pairlistpane.h"
#include "pairlist/pairlistproxymodel.h"
#include "population/lineagetreeview.h"
#include "population/listnavigator.h"
#include "population/populationfilterbar.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "replay/replaycontroller.h"
#include "search/searchcontroller.h"
#include "search/searchdriver.h"
#include "session/recentsessionsmenu.h"
#include "session/searchselector.h"
#include "session/session.h"
#include "session/sessionstatus.h"
#include "themechooser.h"
#include "windowgeometry.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// Bumped whenever the docks or toolbars change so that an old saved layout is not forced onto a new window.
constexpr int kStateVersion = 2;

constexpr const char *kSettingsGroup = "MainWindow";

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_session(new Session(this))
    , m_populationModel(new PopulationModel(this))
    , m_proxyModel(new PopulationProxyModel(this))
    , m_diagnosticsModel(new DiagnosticsModel(this))
    , m_pairModel(new PairListModel(this))
    , m_pairProxy(new PairListProxyModel(this))
    , m_filterBar(new PopulationFilterBar(m_proxyModel, this))
    , m_filter(m_filterBar->textFilter())
    , m_tree(new LineageTreeView(this))
    , m_lists(new QStackedWidget(this))
    , m_comparison(new ComparisonView(this))
    , m_forecastPanel(new ForecastPanel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_detailSplitter(new QSplitter(Qt::Vertical, this))
    , m_statusLabel(new QLabel(this))
    , m_progressLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_calibrationInputs(new CalibrationInputsBuilder(this))
{
    setWindowTitle(tr("Kernel Forecast Explorer"));
    setAcceptDrops(true);

    m_proxyModel->setSourceModel(m_populationModel);
    // A followed log grows without a load: the counts in the status bar follow the model, not the loads.
    connect(m_populationModel, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatus);
    connect(m_populationModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateStatus);
    connect(m_filterBar, &PopulationFilterBar::surrogateFailuresToggled, this, [this](bool on) {
        // The worst miss first: the reason to look at failures is to find the surrogate's worst mistakes.
        if (on)
            m_tree->sortByColumn(PopulationModel::MissColumn, Qt::DescendingOrder);
    });

    m_tree->setPopulationModel(m_proxyModel);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrentNode);

    m_pairProxy->setSourceModel(m_pairModel);
    auto *pairPane = new PairListPane(m_pairProxy, this);
    m_pairView = pairPane->view();
    m_pairFilter = pairPane->filter();
    connect(m_pairView->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrentPair);

    auto *treePane = new QWidget(this);
    auto *treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    m_searchSelector = new SearchSelector(m_session, this);
    connect(m_searchSelector, &SearchSelector::searchChosen, this, &MainWindow::showSearch);
    treeLayout->addWidget(m_searchSelector);
    treeLayout->addWidget(scrollableWhenNarrow(m_filterBar));
    treeLayout->addWidget(m_tree);
    m_lists->addWidget(treePane);
    m_lists->addWidget(pairPane);
    m_navigator = new ListNavigator({m_lists, m_tree, m_populationModel, m_proxyModel, m_filterBar, m_pairView,
                                     m_pairModel, m_pairProxy, m_pairFilter},
                                    this);
    connect(m_navigator, &ListNavigator::message, statusBar(), &QStatusBar::showMessage);

    m_detailSplitter->addWidget(m_comparison);
    m_detailSplitter->addWidget(scrollableWhenNarrow(m_forecastPanel));
    m_detailSplitter->setStretchFactor(0, 3);
    m_detailSplitter->setStretchFactor(1, 2);
    m_detailSplitter->setChildrenCollapsible(false);

    m_splitter->addWidget(m_lists);
    m_splitter->addWidget(m_detailSplitter);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    m_errorsDock = new ErrorsDock(m_diagnosticsModel, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_errorsDock);
    connect(m_diagnosticsModel, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatus);

    // Calibration of the loaded predictions against the loaded pairs; hidden until asked for (View menu).
    m_calibration = new CalibrationView(this);
    connect(m_calibration, &CalibrationView::comparisonsSelected, this, &MainWindow::selectComparisons);
    auto *calibrationDock = new QDockWidget(tr("Calibration"), this);
    calibrationDock->setObjectName(QStringLiteral("calibrationDock"));
    calibrationDock->setWidget(scrollableWhenNarrow(m_calibration));
    addDockWidget(Qt::RightDockWidgetArea, calibrationDock);
    calibrationDock->hide();
    m_recalibration = new RecalibrationController(m_calibration, this);
    connect(m_calibrationInputs, &CalibrationInputsBuilder::built, m_recalibration,
            &RecalibrationController::setInputs);
    connect(m_recalibration, &RecalibrationController::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });

    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_progressLabel->hide();
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progress);

    m_gate = new GateController(m_session, this, m_tree);
    m_forecast = new ForecastController(m_session, m_gate->forecastSources(), m_tree, this);
    m_replay = new ReplayController(this);
    m_search = new SearchController(m_session, this, [this](const QString &log) { openFiles({log}); });
    m_measure = new MeasureController(m_session, this, m_tree, m_populationModel);
    for (const auto *parts :
         {&m_gate->parts(), &m_forecast->parts(), &m_replay->parts(), &m_search->parts(), &m_measure->parts()})
        placeParts(*parts);
    const auto showMessage = [this](const QString &text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); };
    connect(m_gate, &GateController::statusMessage, this, showMessage);
    connect(m_forecast, &ForecastController::statusMessage, this, showMessage);
    connect(m_search, &SearchController::statusMessage, this, showMessage);
    connect(m_measure, &MeasureController::statusMessage, this, showMessage);
    // After the controllers': they have taken in a load by the time the window shows it and says it is done.
    connect(m_session, &Session::loadStarted, this, &MainWindow::onLoadStarted);
    connect(m_session, &Session::loadProgress, this, &MainWindow::onLoadProgress);
    connect(m_session, &Session::loaded, this, &MainWindow::onLoaded);
    createActions();
    connectControllers({m_gate, m_forecast, m_replay, m_search, m_measure},
                       {m_tree, m_populationModel, m_comparison, m_calibration, m_forecastPanel});
    connect(m_forecastPanel->evidenceView(), &SearchEvidenceView::kernelActivated, this, &MainWindow::selectId);
    // Forecasts joined or restored, measurements, a followed log's growth: Calibration scores what the gate judges.
    connect(m_populationModel, &QAbstractItemModel::modelReset, this, [this] {
        if (m_session->files())
            updateCalibrationInputs();
    });
    updateStatus();
    // A dock asked for from the View menu comes to the front of the docks it shares a place with.
    for (auto *dock : findChildren<QDockWidget *>()) {
        connect(dock->toggleViewAction(), &QAction::triggered, dock, [dock](bool shown) {
            if (shown)
                dock->raise();
        });
    }
    fitToScreen(screen()->availableGeometry());
    resizeDocks({m_errorsDock}, {100}, Qt::Vertical);
    restoreSettings();
    m_errorsDock->setVisible(m_diagnosticsModel->rowCount() > 0);
    m_tree->setFocus();
}

void MainWindow::fitToScreen(const QRect &available)
{
    setGeometry(fittedWindowGeometry(available, minimumSizeHint()));
    // Proportions, which the splitters keep as the window grows or shrinks: the list beside the code, and the code
    // panes over the forecast. On a screen under 900 pixels high the code takes four fifths, for 20 lines or more at
    // 768 (the forecast panel below scrolls); on a taller one the forecast gets a third.
    m_splitter->setSizes({2 * width() / 5, 3 * width() / 5});
    const bool shortScreen = available.height() < 900;
    m_detailSplitter->setSizes(shortScreen ? QList<int>{4 * height() / 5, height() / 5}
                                           : QList<int>{2 * height() / 3, height() / 3});
}

MainWindow::~MainWindow() = default;

void MainWindow::placeParts(const WindowParts &parts)
{
    for (auto *toolBar : parts.toolBars)
        addToolBar(Qt::TopToolBarArea, toolBar);
    // Every dock shares the bottom area with the Errors dock, one tab each, and opens when asked for.
    for (auto *dock : parts.docks) {
        addDockWidget(Qt::BottomDockWidgetArea, dock);
        tabifyDockWidget(m_errorsDock, dock);
        dock->hide();
    }
    for (auto *widget : parts.statusWidgets)
        statusBar()->addPermanentWidget(widget);
}

void MainWindow::createActions()
{
    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    auto *open = fileMenu->addAction(tr("&Open…"), this, [this] { openWithDialog(LoadMode::Replace); });
    open->setObjectName(QStringLiteral("open"));
    open->setShortcut(QKeySequence::Open);
    open->setToolTip(tr("Open files in place of the session shown"));
    auto *addToSession = fileMenu->addAction(tr("&Add Files to Session…"), this,
                                             [this] { openWithDialog(LoadMode::Add); });
    addToSession->setObjectName(QStringLiteral("addFiles"));
    addToSession->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    addToSession->setToolTip(
        tr("Open files beside those already open: predictions for the search shown, another search"));
    fileMenu->addMenu(new RecentSessionsMenu(m_session, this));
    auto *fromHub = fileMenu->addAction(tr("Open from &Hugging Face…"), this, [this] {
        auto *dialog = new HubPullDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &HubPullDialog::pulled, this, [this](const QString &path) { openFiles({path}); });
        dialog->open();
    });
    fromHub->setObjectName(QStringLiteral("openFromHub"));
    fromHub->setToolTip(tr("Download a published dataset from the Hugging Face Hub and open it"));
    fileMenu->addAction(m_recalibration->exportAction());
    fileMenu->addSeparator();
    auto *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    // Undo and Redo of the gate's changes, the only changes a person makes to a search.
    auto *editMenu = menuBar()->addMenu(tr("&Edit"));
    auto *undo = m_gate->session()->undoStack()->createUndoAction(editMenu, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto *redo = m_gate->session()->undoStack()->createRedoAction(editMenu, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    editMenu->addActions({undo, redo});

    auto *viewMenu = menuBar()->addMenu(tr("&View"));
    const auto add = [this, viewMenu](const QString &name, const QString &text, const QString &keys, const QString &tip,
                                      auto slot) {
        return addNamedAction(viewMenu, name, text, keys, tip, this, slot);
    };
    add(QStringLiteral("find"), tr("&Find"), QKeySequence(QKeySequence::Find).toString(),
        tr("Find in the focused code pane, or filter the nodes or pairs"), [this] {
            // In a code pane Ctrl+F searches the code, as in any editor; elsewhere it filters the list.
            if (m_comparison->isAncestorOf(QApplication::focusWidget()))
                return m_comparison->find();
            auto *edit = showsPairs() ? m_pairFilter : m_filter;
            edit->setFocus();
            edit->selectAll();
        });
    add(QStringLiteral("findInCode"), tr("Find in &Code"), QStringLiteral("Ctrl+Shift+F"), {},
        [this] { m_comparison->find(); });
    add(QStringLiteral("focusList"), tr("Focus the &List"), QStringLiteral("Ctrl+L"), {},
        [this] { (showsPairs() ? m_pairView : m_tree)->setFocus(); });
    add(QStringLiteral("focusCode"), tr("Focus the Candidate &Code"), QStringLiteral("Ctrl+E"), {},
        [this] { m_comparison->candidateView()->setFocus(); });
    add(QStringLiteral("showRationale"), tr("Show the &Rationale"), QStringLiteral("Ctrl+Shift+R"), {},
        [this] { m_forecastPanel->showTab(0); });
    add(QStringLiteral("showMeasurement"), tr("Show the &Measurement"), QStringLiteral("Ctrl+Shift+M"), {},
        [this] { m_forecastPanel->showTab(1); });
    add(QStringLiteral("showEvidence"), tr("Show the E&vidence"), QStringLiteral("Ctrl+Shift+E"), {},
        [this] { m_forecastPanel->showTab(2); });
    viewMenu->addSeparator();
    for (auto *dock : findChildren<QDockWidget *>())
        viewMenu->addAction(dock->toggleViewAction());
    viewMenu->addSeparator();
    new ThemeChooser(viewMenu, this);
    new LanguageChooser(viewMenu, this);

    auto *navigateMenu = menuBar()->addMenu(tr("&Navigate"));
    m_navigator->addActions(navigateMenu);
    navigateMenu->addSeparator();
    m_comparison->addReferenceActions(navigateMenu);

    // The controllers' menus, always in this order, between the window's own menus and Help.
    for (const auto *parts : {&m_gate->parts(), &m_forecast->parts(), &m_replay->parts()})
        for (auto *menu : parts->menus)
            menuBar()->addMenu(menu);
    auto *calibrationMenu = menuBar()->addMenu(tr("&Calibration"));
    calibrationMenu->addAction(m_recalibration->recalibrateAction());
    calibrationMenu->addAction(m_recalibration->showOriginalAction());
    for (const auto *parts : {&m_search->parts(), &m_measure->parts()})
        for (auto *menu : parts->menus)
            menuBar()->addMenu(menu);

    menuBar()->addMenu(new HelpMenu(menuBar(), this));
}

void MainWindow::openWithDialog(LoadMode mode)
{
    const auto paths = QFileDialog::getOpenFileNames(
        this, mode == LoadMode::Add ? tr("Add Files to the Session") : tr("Open Search Logs and Data Files"), QString(),
        tr("kfx data (*.jsonl *.json *.jsonl.gz);;All files (*)"));
    if (mode == LoadMode::Add)
        addFiles(paths);
    else
        openFiles(paths);
}

void MainWindow::addFiles(const QStringList &paths)
{
    m_session->add(paths);
}

void MainWindow::openFiles(const QStringList &paths)
{
    m_session->open(paths);
}

void MainWindow::onLoadStarted()
{
    // A message about the data shown before would now be about the wrong data.
    statusBar()->clearMessage();
    setLoading(true);
}

void MainWindow::onLoadProgress(int done, int total, const QString &file)
{
    // One file has no steps to count: the bar only says that something is going on.
    m_progress->setRange(0, total > 1 ? total : 0);
    m_progress->setValue(done);
    m_progressLabel->setText(total > 1 ? tr("Loading %1 (%2 of %3)…").arg(file).arg(done + 1).arg(total)
                                       : tr("Loading %1…").arg(file));
}

void MainWindow::onLoaded(const QString &message)
{
    m_diagnosticsModel->setDiagnostics(m_session->diagnostics(), m_session->damagedLines());

    // The pair list and the node forecasts point into the loaded rows, which stay shared with them (aliasing
    // pointers: no row is copied).
    const auto &files = m_session->files();
    std::vector<PairListModel::Pairs> pairs;
    std::vector<PairListModel::Predictions> predictions;
    for (const auto &file : *files) {
        if (!file.pairs.empty())
            pairs.emplace_back(files, &file.pairs);
        if (!file.predictions.empty())
            predictions.emplace_back(files, &file.predictions);
    }
    m_pairModel->setPairs(std::move(pairs), std::move(predictions));
    updateCalibrationInputs();
    // The tree shows one search at a time, the first at first; the selector above it switches between them.
    if (const auto searches = m_session->openSearches(); !searches.empty()) {
        showSearch(searches.front().fileIndex);
    } else {
        m_session->showSearch(-1);
        if (m_pairModel->rowCount() > 0)
            showPairs();
    }
    if (!m_pendingSelection.isEmpty()) {
        selectId(m_pendingSelection);
        m_pendingSelection.clear();
    }
    setLoading(false);
    updateStatus();
    if (!message.isEmpty())
        statusBar()->showMessage(message, 8000);
    Q_EMIT loadingFinished();
}

void MainWindow::updateCalibrationInputs()
{
    // Into the files' rows, kept alive with them; the search shown as the tree shows it, with the forecasts joined.
    CalibrationInputsBuilder::Sources sources{m_session->files(), {}};
    for (const auto &file : *m_session->files()) {
        const auto &shown = m_populationModel->population();
        sources.searches.push_back(&file == m_session->shownFile() && shown ? shown : file.population);
    }
    m_calibrationInputs->build(std::move(sources));
}

void MainWindow::showSearch(int fileIndex)
{
    // The controllers follow the session to the search before the tree shows it.
    m_session->showSearch(fileIndex);
    const auto &file = *m_session->shownFile();
    const auto path = m_session->shownPath();
    // Found as Measure on GPU finds it (the corpus's tasks included); never asked for just to compare.
    m_comparison->setTaskDirectory(
        TaskLocator::knownTaskDirectory(path, QString::fromStdString(file.population->context.opName)));
    showPopulation(file.population, QFileInfo(path).fileName());
}

void MainWindow::showPopulation(std::shared_ptr<const kfx::Population> population, const QString &label)
{
    m_lists->setCurrentIndex(0);
    m_populationModel->setPopulation(std::move(population));
    setWindowTitle(label.isEmpty() ? tr("Kernel Forecast Explorer") : tr("%1 — Kernel Forecast Explorer").arg(label));
    m_tree->openNewSearch();
    m_tree->fitColumns();
    const auto &shown = m_populationModel->population();
    // The best measured kernel, where there is one: it has code, a measurement and, once forecast, a forecast to
    // show beside it. The seed has no forecast, and a first look at it showed nothing.
    if (const auto best = shown ? kfx::search::bestMeasuredNode(*shown) : std::nullopt)
        m_navigator->goNode(*best);
    else if (m_proxyModel->rowCount() > 0)
        m_tree->setCurrentIndex(m_proxyModel->index(0, 0));
    updateStatus();
}

void MainWindow::showCurrentNode(const QModelIndex &current)
{
    const auto source = m_proxyModel->mapToSource(current);
    const auto *node = m_populationModel->node(source);
    if (!node) {
        m_comparison->clear();
        m_forecastPanel->clear();
        return;
    }
    m_comparison->showNode(m_populationModel->population(), source.internalId());
    m_forecastPanel->setKernel(m_populationModel->population(), source.internalId());

    auto choices = forecastchoices::ofNode(*node, m_session->predictionsOfNode(node->id));
    m_forecastPanel->setForecasts(std::move(choices));
    m_forecastPanel->setTruth(node->evaluation ? node->evaluation->measuredSpeedup() : std::nullopt);
    m_forecastPanel->setMeasurement(node->evaluation ? &*node->evaluation : nullptr,
                                    QString::fromStdString(node->failureReason));
}

void MainWindow::showCurrentPair(const QModelIndex &current)
{
    const int row = m_pairProxy->mapToSource(current).row();
    const auto *pair = m_pairModel->pair(row);
    if (!pair) {
        m_comparison->clear();
        m_forecastPanel->clear();
        return;
    }
    m_comparison->showPair(*pair);
    m_forecastPanel->clearKernel();
    m_forecastPanel->setForecasts(forecastchoices::ofPredictions(m_pairModel->predictions(row)));
    // The panel shows the first surrogate's forecast of a pair, as the list's Predicted column does.
    if (m_forecastPanel->choiceCount() > 0 && !m_forecastPanel->showsPreferredSource())
        m_forecastPanel->setCurrentChoice(0);
    m_forecastPanel->setTruth(pair->speedup > 0.0 ? std::optional(pair->speedup) : std::nullopt);
    m_forecastPanel->setMeasurement(nullptr, {});
}

void MainWindow::showPairs()
{
    m_lists->setCurrentIndex(1);
    setWindowTitle(tr("%n pair(s) — Kernel Forecast Explorer", nullptr, m_pairModel->rowCount()));
    m_pairView->header()->resizeSections(QHeaderView::ResizeToContents);
    if (m_pairProxy->rowCount() > 0)
        m_pairView->setCurrentIndex(m_pairProxy->index(0, 0));
    m_pairView->setFocus();
}

QComboBox *MainWindow::searchSelector() const
{
    return m_searchSelector->comboBox();
}

bool MainWindow::showsPairs() const
{
    return m_navigator->showsPairs();
}

CodeView *MainWindow::codeView() const
{
    return m_comparison->candidateView();
}

void MainWindow::selectComparisons(const QStringList &comparisonIds, const QString &surrogate, int repeat)
{
    m_forecastPanel->preferSource(surrogate, repeat);
    m_navigator->selectComparisons(comparisonIds);
}

bool MainWindow::selectId(const QString &id)
{
    return m_navigator->selectId(id);
}

QAction *MainWindow::action(const QString &name) const
{
    return findChild<QAction *>(name);
}

QList<QPair<QString, QString>> MainWindow::shortcuts() const
{
    return HelpMenu::shortcuts(menuBar());
}

void MainWindow::setLoading(bool loading)
{
    m_loading = loading;
    m_progress->setVisible(loading);
    m_progressLabel->setVisible(loading);
}

QString MainWindow::statusText() const
{
    return SessionStatus::text(*m_session, m_populationModel->population().get(), *m_diagnosticsModel);
}

void MainWindow::updateStatus()
{
    m_statusLabel->setText(statusText());
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(QLatin1String(kSettingsGroup));
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("state")).toByteArray(), kStateVersion);
    m_splitter->restoreState(settings.value(QStringLiteral("mainSplitter")).toByteArray());
    m_detailSplitter->restoreState(settings.value(QStringLiteral("detailSplitter")).toByteArray());
    m_comparison->restoreSplitterState(settings.value(QStringLiteral("comparisonSplitter")).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(QLatin1String(kSettingsGroup));
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("state"), saveState(kStateVersion));
    settings.setValue(QStringLiteral("mainSplitter"), m_splitter->saveState());
    settings.setValue(QStringLiteral("detailSplitter"), m_detailSplitter->saveState());
    settings.setValue(QStringLiteral("comparisonSplitter"), m_comparison->splitter()->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    // A kernel may be hanging on the GPU: its worker is killed rather than waited for.
    m_measure->queue()->stopWorkers();
    // A live search stops at its next event and its log is left whole.
    m_search->runner()->stopAndWait();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const auto &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    // Dropped files join the session: predictions dropped on a search are for that search.
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
        addFiles(paths);
    }
}
