#include "mainwindow.h"

#include "calibration/calibrationview.h"
#include "calibration/recalibrationcontroller.h"
#include "commandline.h"
#include "common/displaytext.h"
#include "comparison/codeview.h"
#include "comparison/comparisonview.h"
#include "diagnostics/diagnosticsmodel.h"
#include "forecasting/forecastpanel.h"
#include "gate/gatecontroller.h"
#include "hub/hubpulldialog.h"
#include "io/fileloader.h"
#include "languagechooser.h"
#include "measure/measurecontroller.h"
#include "measure/measurequeue.h"
#include "pairlist/pairlistmodel.h"
#include "pairlist/pairlistproxymodel.h"
#include "population/lineagetreeview.h"
#include "population/populationfilterbar.h"
#include "population/populationmodel.h"
#include "population/populationproxymodel.h"
#include "recentsessions.h"
#include "search/searchcontroller.h"
#include "search/searchdriver.h"
#include "themechooser.h"
#include "windowgeometry.h"

#include "kfx-config.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTableWidget>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// Bumped whenever the docks or toolbars change so that an old saved layout is not forced onto a new window.
constexpr int kStateVersion = 2;

// Expanding a huge tree at once costs more than it helps; beyond this only the top levels open.
constexpr std::size_t kExpandAllLimit = 2000;

QString forecastLabel(const kfx::Forecast &forecast)
{
    const auto source = forecast.source.empty() ? MainWindow::tr("search log")
                                                : QString::fromStdString(forecast.source);
    return MainWindow::tr("%1 · repeat %2").arg(source).arg(forecast.repeat);
}

std::vector<ForecastChoice> predictionChoices(const std::vector<const kfx::PredictionRow *> &rows)
{
    std::vector<ForecastChoice> choices;
    for (const auto *row : rows) {
        choices.push_back(
            {MainWindow::tr("%1 · repeat %2").arg(QString::fromStdString(row->surrogateLabel)).arg(row->repeat),
             row->forecast ? &*row->forecast : nullptr,
             row->parseError.empty() ? MainWindow::tr("The answer could not be parsed.")
                                     : QString::fromStdString(row->parseError)});
    }
    return choices;
}

// The filters, the forecast panel and the Calibration charts each need a fair amount of room; on a small screen,
// with docks beside them, they scroll instead of forcing the window past the screen's edges.
QScrollArea *scrollableWhenNarrow(QWidget *content)
{
    auto *area = new QScrollArea(content->parentWidget());
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    area->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // As tall as the content wants when there is room: the scroll area itself would otherwise ask for little.
    area->setSizePolicy(content->sizePolicy());
    return area;
}

QString settingsGroup()
{
    return QStringLiteral("MainWindow");
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_populationModel(new PopulationModel(this))
    , m_proxyModel(new PopulationProxyModel(this))
    , m_diagnosticsModel(new DiagnosticsModel(this))
    , m_pairModel(new PairListModel(this))
    , m_pairProxy(new PairListProxyModel(this))
    , m_filterBar(new PopulationFilterBar(m_proxyModel, this))
    , m_filter(m_filterBar->textFilter())
    , m_tree(new LineageTreeView(this))
    , m_pairView(new QTreeView(this))
    , m_navigator(new QStackedWidget(this))
    , m_comparison(new ComparisonView(this))
    , m_forecastPanel(new ForecastPanel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_detailSplitter(new QSplitter(Qt::Vertical, this))
    , m_diagnosticsView(new QTableView(this))
    , m_statusLabel(new QLabel(this))
    , m_progressLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
{
    setWindowTitle(tr("Kernel Forecast Explorer"));
    setAcceptDrops(true);

    m_proxyModel->setSourceModel(m_populationModel);
    connect(m_proxyModel, &PopulationProxyModel::filtersAboutToBeApplied, this, &MainWindow::foldLargeTree);
    connect(m_proxyModel, &PopulationProxyModel::filtersApplied, this, &MainWindow::revealMatches);
    // A followed log grows without a load: the counts in the status bar follow the model, not the loads.
    connect(m_populationModel, &QAbstractItemModel::modelReset, this, &MainWindow::updateStatus);
    connect(m_populationModel, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateStatus);
    connect(m_filterBar, &PopulationFilterBar::surrogateFailuresToggled, this, [this](bool on) {
        // The worst miss first: the reason to look at failures is to find the surrogate's worst mistakes.
        if (on)
            m_tree->sortByColumn(PopulationModel::MissColumn, Qt::DescendingOrder);
    });

    m_tree->setModel(m_proxyModel);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(PopulationModel::StepColumn, Qt::AscendingOrder);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setAccessibleName(tr("Population tree"));
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionsMovable(true);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrentNode);

    m_pairProxy->setSourceModel(m_pairModel);
    m_pairView->setModel(m_pairProxy);
    m_pairView->setRootIsDecorated(false);
    m_pairView->setUniformRowHeights(true);
    m_pairView->setAlternatingRowColors(true);
    m_pairView->setAllColumnsShowFocus(true);
    m_pairView->setSortingEnabled(true);
    m_pairView->sortByColumn(-1, Qt::AscendingOrder);
    m_pairView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_pairView->setAccessibleName(tr("Comparison pairs"));
    connect(m_pairView->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrentPair);

    auto *treePane = new QWidget(this);
    auto *treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    m_searchRow = new QWidget(this);
    auto *searchLayout = new QHBoxLayout(m_searchRow);
    searchLayout->setContentsMargins(0, 0, 0, 0);
    m_searchSelector = new QComboBox(this);
    m_searchSelector->setAccessibleName(tr("Search shown"));
    m_searchSelector->setToolTip(tr("Several search logs are loaded: the tree shows the one chosen here"));
    auto *searchLabel = new QLabel(tr("&Search:"), this);
    searchLabel->setBuddy(m_searchSelector);
    searchLayout->addWidget(searchLabel);
    searchLayout->addWidget(m_searchSelector, 1);
    connect(m_searchSelector, qOverload<int>(&QComboBox::activated), this,
            [this](int row) { showSearch(m_searchSelector->itemData(row).toInt()); });
    m_searchRow->hide();
    treeLayout->addWidget(m_searchRow);
    treeLayout->addWidget(scrollableWhenNarrow(m_filterBar));
    treeLayout->addWidget(m_tree);
    m_navigator->addWidget(treePane);
    m_pairFilter = new QLineEdit(this);
    m_pairFilter->setPlaceholderText(tr("Filter by id, pack or code (Ctrl+F)"));
    m_pairFilter->setClearButtonEnabled(true);
    m_pairFilter->setAccessibleName(tr("Pair filter"));
    m_pairFilter->setToolTip(tr("Shows the pairs whose comparison id, pack or candidate code contains this text"));
    connect(m_pairFilter, &QLineEdit::textChanged, m_pairProxy, &PairListProxyModel::setFilterText);
    auto *pairPane = new QWidget(this);
    auto *pairLayout = new QVBoxLayout(pairPane);
    pairLayout->setContentsMargins(0, 0, 0, 0);
    pairLayout->addWidget(m_pairFilter);
    pairLayout->addWidget(m_pairView);
    m_navigator->addWidget(pairPane);

    m_detailSplitter->addWidget(m_comparison);
    m_detailSplitter->addWidget(scrollableWhenNarrow(m_forecastPanel));
    m_detailSplitter->setStretchFactor(0, 3);
    m_detailSplitter->setStretchFactor(1, 2);
    m_detailSplitter->setChildrenCollapsible(false);

    m_splitter->addWidget(m_navigator);
    m_splitter->addWidget(m_detailSplitter);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    m_diagnosticsView->setModel(m_diagnosticsModel);
    m_diagnosticsView->setAlternatingRowColors(true);
    m_diagnosticsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diagnosticsView->setWordWrap(false);
    m_diagnosticsView->verticalHeader()->hide();
    m_diagnosticsView->horizontalHeader()->setStretchLastSection(true);
    m_diagnosticsView->setAccessibleName(tr("Load errors"));
    m_errorsDock = new QDockWidget(tr("Errors"), this);
    m_errorsDock->setObjectName(QStringLiteral("errorsDock"));
    m_errorsDock->setWidget(m_diagnosticsView);
    addDockWidget(Qt::BottomDockWidgetArea, m_errorsDock);
    // An empty list of errors would only take the code panes' room: the dock shows when a load has errors.
    connect(m_diagnosticsModel, &QAbstractItemModel::modelReset, this, [this] {
        m_diagnosticsView->resizeColumnsToContents();
        m_errorsDock->setVisible(m_diagnosticsModel->rowCount() > 0);
        updateStatus();
    });

    // Calibration of the loaded predictions against the loaded pairs; hidden until asked for (View menu).
    m_calibration = new CalibrationView(this);
    connect(m_calibration, &CalibrationView::comparisonsSelected, this, &MainWindow::selectComparisons);
    auto *calibrationDock = new QDockWidget(tr("Calibration"), this);
    calibrationDock->setObjectName(QStringLiteral("calibrationDock"));
    calibrationDock->setWidget(scrollableWhenNarrow(m_calibration));
    addDockWidget(Qt::RightDockWidgetArea, calibrationDock);
    calibrationDock->hide();
    m_recalibration = new RecalibrationController(m_calibration, this);
    connect(m_recalibration, &RecalibrationController::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });

    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_progressLabel->hide();
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progress);

    m_search = new SearchController(this, new QMenu(tr("&Search"), this),
                                    [this](const QString &log) { openFiles({log}); });
    createActions();
    m_gate = new GateController(this, m_tree, m_populationModel);
    m_measure = new MeasureController(this, m_tree, m_populationModel, m_gate);
    m_gate->attachComparison(m_comparison);
    m_gate->attachCalibration(m_calibration);
    connect(m_gate, &GateController::forecastNotice, m_forecastPanel, &ForecastPanel::setNotice);
    connect(m_gate, &GateController::forecastFinished, this, [this] {
        if (m_files)
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

MainWindow::~MainWindow()
{
    // A loader that is still reading posts its result to this window; let it finish before the window goes.
    for (auto &[job, thread] : m_loaders)
        thread.join();
}

void MainWindow::createActions()
{
    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    auto *open = fileMenu->addAction(tr("&Open…"), this, [this] { openWithDialog(LoadMode::Replace); });
    open->setObjectName(QStringLiteral("open"));
    open->setShortcut(QKeySequence::Open);
    open->setToolTip(tr("Open files in place of the session shown"));
    auto *add = fileMenu->addAction(tr("&Add Files to Session…"), this, [this] { openWithDialog(LoadMode::Add); });
    add->setObjectName(QStringLiteral("addFiles"));
    add->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    add->setToolTip(tr("Open files beside those already open: predictions for the search shown, another search"));
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu();
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

    auto *viewMenu = menuBar()->addMenu(tr("&View"));
    auto *filter = viewMenu->addAction(tr("&Find"), this, [this] {
        // In a code pane Ctrl+F searches the code, as in any editor; elsewhere it filters the list.
        if (m_comparison->isAncestorOf(QApplication::focusWidget())) {
            m_comparison->find();
            return;
        }
        auto *edit = showsPairs() ? m_pairFilter : m_filter;
        edit->setFocus();
        edit->selectAll();
    });
    filter->setObjectName(QStringLiteral("find"));
    filter->setShortcut(QKeySequence::Find);
    filter->setToolTip(tr("Find in the focused code pane, or filter the nodes or pairs"));
    auto *findCode = viewMenu->addAction(tr("Find in &Code"), m_comparison, &ComparisonView::find);
    findCode->setObjectName(QStringLiteral("findInCode"));
    findCode->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+F")));
    auto *focusList = viewMenu->addAction(tr("Focus the &List"), this,
                                          [this] { (showsPairs() ? m_pairView : m_tree)->setFocus(); });
    focusList->setObjectName(QStringLiteral("focusList"));
    focusList->setShortcut(QKeySequence(QStringLiteral("Ctrl+L")));
    auto *focusCode = viewMenu->addAction(tr("Focus the Candidate &Code"), this,
                                          [this] { m_comparison->candidateView()->setFocus(); });
    focusCode->setObjectName(QStringLiteral("focusCode"));
    focusCode->setShortcut(QKeySequence(QStringLiteral("Ctrl+E")));
    auto *focusRationale = viewMenu->addAction(tr("Show the &Rationale"), this, [this] {
        m_forecastPanel->tabs()->setCurrentIndex(0);
        m_forecastPanel->tabs()->currentWidget()->setFocus();
    });
    focusRationale->setObjectName(QStringLiteral("showRationale"));
    focusRationale->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+R")));
    auto *showMeasurement = viewMenu->addAction(tr("Show the &Measurement"), this, [this] {
        m_forecastPanel->tabs()->setCurrentIndex(1);
        m_forecastPanel->tabs()->currentWidget()->setFocus();
    });
    showMeasurement->setObjectName(QStringLiteral("showMeasurement"));
    showMeasurement->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+M")));
    viewMenu->addSeparator();
    for (auto *dock : findChildren<QDockWidget *>())
        viewMenu->addAction(dock->toggleViewAction());
    viewMenu->addSeparator();
    new ThemeChooser(viewMenu, this);
    new LanguageChooser(viewMenu, this);

    auto *calibrationMenu = menuBar()->addMenu(tr("&Calibration"));
    calibrationMenu->addAction(m_recalibration->recalibrateAction());
    calibrationMenu->addAction(m_recalibration->showOriginalAction());

    menuBar()->addMenu(m_search->menu());

    createNavigationActions(menuBar()->addMenu(tr("&Navigate")));

    auto *helpMenu = menuBar()->addMenu(tr("&Help"));
    auto *keys = helpMenu->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    keys->setObjectName(QStringLiteral("keyboardShortcuts"));
    keys->setShortcut(QKeySequence(QStringLiteral("Ctrl+/")));
    auto *about = helpMenu->addAction(tr("&About kfx"), this,
                                      [this] { QMessageBox::about(this, tr("About kfx"), aboutText()); });
    about->setObjectName(QStringLiteral("about"));
    about->setMenuRole(QAction::AboutRole);
}

void MainWindow::createNavigationActions(QMenu *menu)
{
    auto add = [this, menu](const QString &name, const QString &text, const QString &keys, const QString &tip,
                            auto slot) {
        auto *action = menu->addAction(text, this, slot);
        action->setObjectName(name);
        action->setShortcut(QKeySequence(keys));
        action->setToolTip(tip);
        action->setStatusTip(tip);
        return action;
    };
    add(QStringLiteral("goParent"), tr("&Parent"), QStringLiteral("Alt+Up"), tr("Select the parent of the kernel"),
        [this] { goParent(); });
    add(QStringLiteral("goFirstChild"), tr("First &Child"), QStringLiteral("Alt+Down"),
        tr("Select the first child of the kernel"), [this] { goFirstChild(); });
    add(QStringLiteral("goNextSibling"), tr("&Next Sibling or Pair"), QStringLiteral("Alt+Right"),
        tr("Select the next kernel of the same parent, or the next pair"), [this] { goSibling(1); });
    add(QStringLiteral("goPreviousSibling"), tr("P&revious Sibling or Pair"), QStringLiteral("Alt+Left"),
        tr("Select the previous kernel of the same parent, or the previous pair"), [this] { goSibling(-1); });
    menu->addSeparator();
    add(QStringLiteral("nextFailure"), tr("Next Surrogate &Failure"), QStringLiteral("F8"),
        tr("Select the next confident, wrong forecast, worst first (threshold and score from the filters)"),
        [this] { goFailure(1); });
    add(QStringLiteral("previousFailure"), tr("Previous Surrogate F&ailure"), QStringLiteral("Shift+F8"),
        tr("Select the previous confident, wrong forecast"), [this] { goFailure(-1); });
    add(QStringLiteral("goSeed"), tr("&Seed"), QStringLiteral("Alt+Home"), tr("Select the root of the search"), [this] {
        if (m_populationModel->population() && m_populationModel->rowCount() > 0)
            goNode(m_populationModel->index(0, 0).internalId());
    });
    add(QStringLiteral("goBestMeasured"), tr("Best &Measured Node"), QStringLiteral("Alt+End"),
        tr("Select the fastest kernel measured, as the status bar and Selective Search against Baseline name it"),
        [this] {
            if (const auto &population = m_populationModel->population())
                if (const auto best = kfx::search::bestMeasuredNode(*population))
                    goNode(*best);
        });
    add(QStringLiteral("goBest"), tr("Archive &Best Node"), QStringLiteral("Shift+Alt+End"),
        tr("Select the best archive member; the path to it is in bold"), [this] {
            if (!m_populationModel->bestPath().empty())
                goNode(m_populationModel->bestPath().back());
        });
    menu->addSeparator();
    add(QStringLiteral("useAsReference"), tr("&Use as Reference"), QStringLiteral("Ctrl+R"),
        tr("Compare every kernel selected from now on with this one"), [this] {
            const auto current = m_proxyModel->mapToSource(m_tree->currentIndex());
            if (current.isValid() && !showsPairs())
                m_comparison->pickReference(current.internalId());
        });
    add(QStringLiteral("referenceSearch"), tr("Compare with the Search &Reference"), QStringLiteral("Ctrl+1"),
        tr("Show the search's seed reference on the left"),
        [this] { m_comparison->setReference(ComparisonView::Reference::Search); });
    add(QStringLiteral("referenceParent"), tr("Compare with the Pa&rent"), QStringLiteral("Ctrl+2"),
        tr("Show the kernel's parent on the left"),
        [this] { m_comparison->setReference(ComparisonView::Reference::Parent); });
    add(QStringLiteral("referencePicked"), tr("Compare with the Picked &Node"), QStringLiteral("Ctrl+3"),
        tr("Show the node picked with Use as Reference on the left"),
        [this] { m_comparison->setReference(ComparisonView::Reference::Picked); });
    add(QStringLiteral("referenceTask"), tr("Compare with the &Task's Reference"), QStringLiteral("Ctrl+4"),
        tr("Show the task's own reference kernel, which the speedups are measured against, on the left"),
        [this] { m_comparison->setReference(ComparisonView::Reference::Task); });
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
    QStringList session = m_readable;
    for (const auto &path : paths) {
        const auto absolute = QFileInfo(path).absoluteFilePath();
        if (!session.contains(absolute))
            session << absolute;
    }
    // The search shown stays shown: it is the first file of the session.
    m_loadMessage = session.size() == m_readable.size()
        ? tr("Already open: %1").arg(QFileInfo(paths.value(0)).fileName())
        : tr("Added %n file(s) to the session", nullptr, int(session.size() - m_readable.size()));
    load(session);
}

void MainWindow::openFiles(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    if (m_readable.isEmpty())
        m_loadMessage.clear();
    else if (paths == m_readable) // a live search's log read afresh after a resume
        m_loadMessage = tr("Reopened %1").arg(RecentSessions::label(paths));
    else
        m_loadMessage =
            tr("Opened %1 in place of %2").arg(RecentSessions::label(paths), RecentSessions::label(m_readable));
    load(paths);
}

void MainWindow::load(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    // A message about the data shown before would now be about the wrong data.
    statusBar()->clearMessage();
    const int job = ++m_job;
    setLoading(true);
    onLoadProgress(job, 0, static_cast<int>(paths.size()), QFileInfo(paths.first()).fileName());

    std::vector<std::string> files;
    for (const auto &path : paths)
        files.push_back(QFile::encodeName(path).toStdString());

    m_loaders.emplace(job, std::thread([this, job, files = std::move(files)] {
                          auto results = std::make_shared<std::vector<kfx::LoadedFile>>();
                          const int total = static_cast<int>(files.size());
                          for (int i = 0; i < total; ++i) {
                              const auto &path = files[static_cast<std::size_t>(i)];
                              QMetaObject::invokeMethod(
                                  this,
                                  [this, job, i, total, name = QFileInfo(QFile::decodeName(path.c_str())).fileName()] {
                                      onLoadProgress(job, i, total, name);
                                  },
                                  Qt::QueuedConnection);
                              try {
                                  results->push_back(kfx::loadFile(path));
                              } catch (const std::exception &error) {
                                  kfx::LoadedFile failed;
                                  failed.path = path;
                                  failed.diagnostics.push_back({path, 0, error.what()});
                                  results->push_back(std::move(failed));
                              }
                          }
                          QMetaObject::invokeMethod(
                              this, [this, job, results] { onLoaded(job, results); }, Qt::QueuedConnection);
                      }));
}

void MainWindow::onLoadProgress(int job, int done, int total, const QString &file)
{
    if (job != m_job)
        return;
    // One file has no steps to count: the bar only says that something is going on.
    m_progress->setRange(0, total > 1 ? total : 0);
    m_progress->setValue(done);
    m_progressLabel->setText(total > 1 ? tr("Loading %1 (%2 of %3)…").arg(file).arg(done + 1).arg(total)
                                       : tr("Loading %1…").arg(file));
}

void MainWindow::onLoaded(int job, std::shared_ptr<std::vector<kfx::LoadedFile>> files)
{
    if (auto it = m_loaders.find(job); it != m_loaders.end()) {
        it->second.join();
        m_loaders.erase(it);
    }
    if (job != m_job)
        return;

    kfx::Diagnostics diagnostics;
    std::size_t damagedLines = 0;
    QStringList readable;
    m_pairs = 0;
    m_predictions = 0;
    for (auto &file : *files) {
        if (!file.readable && file.diagnostics.empty())
            diagnostics.push_back({file.path, 0, tr("The file could not be read").toStdString()});
        std::move(file.diagnostics.begin(), file.diagnostics.end(), std::back_inserter(diagnostics));
        damagedLines += file.damagedLines;
        if (file.readable)
            readable << QFile::decodeName(file.path.c_str());
        m_pairs += file.pairs.size();
        m_predictions += file.predictions.size();
    }
    m_diagnosticsModel->setDiagnostics(std::move(diagnostics), damagedLines);
    RecentSessions().add(readable);
    fillRecentMenu();
    m_readable.clear();
    for (const auto &path : readable)
        m_readable << QFileInfo(path).absoluteFilePath();

    // The pair list and the node forecasts point into the loaded rows, which stay shared with them (aliasing
    // pointers: no row is copied).
    m_files = files;
    std::vector<PairListModel::Pairs> pairs;
    std::vector<PairListModel::Predictions> predictions;
    m_nodePredictions.clear();
    // The tree shows one search at a time; the selector above it switches between the logs loaded together.
    const QSignalBlocker blocker(m_searchSelector);
    m_searchSelector->clear();
    for (std::size_t i = 0; i < m_files->size(); ++i) {
        const auto &file = (*m_files)[i];
        if (!file.pairs.empty())
            pairs.emplace_back(m_files, &file.pairs);
        if (!file.predictions.empty())
            predictions.emplace_back(m_files, &file.predictions);
        if (file.population)
            m_searchSelector->addItem(QFileInfo(QFile::decodeName(file.path.c_str())).fileName(), int(i));
    }
    m_searchRow->setVisible(m_searchSelector->count() > 1);
    std::vector<GateController::OpenSearch> searches;
    std::vector<SearchComparisonView::Search> compared;
    for (const auto &file : *m_files)
        if (file.population) {
            searches.push_back({QFile::decodeName(file.path.c_str()), file.population});
            compared.push_back({searches.back().path, file.population});
        }
    m_gate->setOpenSearches(std::move(searches));
    m_search->setOpenSearches(compared);
    m_pairModel->setPairs(std::move(pairs), std::move(predictions));
    m_shownFile = -1;
    updateCalibrationInputs();
    if (m_searchSelector->count() > 0) {
        showSearch(m_searchSelector->itemData(0).toInt());
    } else {
        m_gate->setDataFiles(readable, {}, nullptr, 0);
        m_measure->setDataFile({});
        m_search->setDataFile({});
        if (m_pairModel->rowCount() > 0)
            showPairs();
    }
    if (!m_pendingSelection.isEmpty()) {
        selectId(m_pendingSelection);
        m_pendingSelection.clear();
    }
    setLoading(false);
    updateStatus();
    if (!m_loadMessage.isEmpty())
        statusBar()->showMessage(m_loadMessage, 8000);
    m_loadMessage.clear();
    Q_EMIT loadingFinished();
}

void MainWindow::updateCalibrationInputs()
{
    // The Calibration view points into the same rows, kept alive with the files. The search shown is taken as the
    // tree shows it, with the forecasts made since it was opened (the pretrained surrogate's on opening).
    auto calibrationInputs = std::make_shared<CalibrationInputs>();
    calibrationInputs->owner = m_files;
    for (std::size_t i = 0; i < m_files->size(); ++i) {
        const auto &file = (*m_files)[i];
        calibrationInputs->add(file.pairs, file.predictions);
        const auto &shown = m_populationModel->population();
        const auto &population = int(i) == m_shownFile && shown ? shown : file.population;
        if (population)
            calibrationInputs->addSearch(*population, file.path);
    }
    m_recalibration->setInputs(std::move(calibrationInputs));
}

void MainWindow::showSearch(int fileIndex)
{
    m_shownFile = fileIndex;
    const auto &file = m_files->at(std::size_t(fileIndex));
    const auto path = QFile::decodeName(file.path.c_str());
    // The workspace lives beside the search shown and records every file loaded with it.
    QStringList dataFiles = m_readable;
    dataFiles.removeAll(path);
    dataFiles.prepend(path);
    m_gate->setDataFiles(dataFiles, path, file.population, qint64(file.bytesRead));
    m_measure->setDataFile(path);
    m_search->setDataFile(path);
    // Found as Measure on GPU finds it (the corpus's tasks included); never asked for just to compare.
    m_comparison->setTaskDirectory(
        TaskLocator::knownTaskDirectory(path, QString::fromStdString(file.population->context.opName)));
    m_nodePredictions.clear();
    for (const auto &other : *m_files)
        for (const auto &row : other.predictions)
            if (file.population->find(row.comparisonId))
                m_nodePredictions[row.comparisonId].push_back(&row);
    const QSignalBlocker blocker(m_searchSelector);
    m_searchSelector->setCurrentIndex(m_searchSelector->findData(fileIndex));
    showPopulation(file.population, QFileInfo(path).fileName());
}

void MainWindow::showPopulation(std::shared_ptr<const kfx::Population> population, const QString &label)
{
    m_navigator->setCurrentIndex(0);
    m_populationModel->setPopulation(std::move(population));
    setWindowTitle(label.isEmpty() ? tr("Kernel Forecast Explorer") : tr("%1 — Kernel Forecast Explorer").arg(label));
    const auto &shown = m_populationModel->population();
    if (shown && shown->size() <= kExpandAllLimit)
        m_tree->expandAll();
    else
        m_tree->expandToDepth(1);
    resizeTreeColumns();
    // The best measured kernel, where there is one: it has code, a measurement and, once forecast, a forecast to
    // show beside it. The seed has no forecast, and a first look at it showed nothing.
    if (const auto best = shown ? kfx::search::bestMeasuredNode(*shown) : std::nullopt)
        goNode(*best);
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

    std::vector<ForecastChoice> choices;
    for (const auto &forecast : node->forecasts)
        choices.push_back({forecastLabel(forecast), &forecast, {}});
    if (node->evaluation && node->evaluation->trustedForecast)
        choices.push_back({tr("%1 (trusted)").arg(forecastLabel(*node->evaluation->trustedForecast)),
                           &*node->evaluation->trustedForecast,
                           {}});
    if (const auto it = m_nodePredictions.find(node->id); it != m_nodePredictions.end()) {
        auto rows = predictionChoices(it->second);
        // The search's own forecast stays the one shown first; loaded predictions go before it in the list.
        choices.insert(choices.begin(), rows.begin(), rows.end());
    }
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
    m_forecastPanel->setForecasts(predictionChoices(m_pairModel->predictions(row)));
    // The panel shows the first surrogate's forecast of a pair, as the list's Predicted column does.
    if (m_forecastPanel->choiceCount() > 0 && !m_forecastPanel->showsPreferredSource())
        m_forecastPanel->setCurrentChoice(0);
    m_forecastPanel->setTruth(pair->speedup > 0.0 ? std::optional(pair->speedup) : std::nullopt);
    m_forecastPanel->setMeasurement(nullptr, {});
}

void MainWindow::showPairs()
{
    m_navigator->setCurrentIndex(1);
    setWindowTitle(tr("%n pair(s) — Kernel Forecast Explorer", nullptr, m_pairModel->rowCount()));
    m_pairView->header()->resizeSections(QHeaderView::ResizeToContents);
    if (m_pairProxy->rowCount() > 0)
        m_pairView->setCurrentIndex(m_pairProxy->index(0, 0));
    m_pairView->setFocus();
}

namespace {

// The rows a view of `model` could show when fully expanded, counted up to `limit`.
int rowsUpTo(const QAbstractItemModel &model, int limit, const QModelIndex &parent = {})
{
    int count = 0;
    for (int row = 0; row < model.rowCount(parent) && count < limit; ++row)
        count += 1 + rowsUpTo(model, limit - count - 1, model.index(row, 0, parent));
    return count;
}

} // namespace

bool MainWindow::showsLargeTree() const
{
    const auto &population = m_populationModel->population();
    return population && population->size() > kExpandAllLimit;
}

void MainWindow::foldLargeTree()
{
    // A re-filter lays out again every expanded branch that gains or loses rows: on a large search, clearing a
    // filter after expandAll() did that for every kernel. Folded, only the top level is laid out, and
    // revealMatches() opens what the new rows need.
    if (showsLargeTree())
        m_tree->collapseAll();
}

void MainWindow::revealMatches()
{
    // Recursive filtering keeps each match's ancestors, but a collapsed ancestor would still hide the match.
    if (m_proxyModel->filtering() && rowsUpTo(*m_proxyModel, int(kExpandAllLimit)) < int(kExpandAllLimit))
        m_tree->expandAll();
    else if (showsLargeTree())
        m_tree->expandToDepth(1); // as a large search opens
    // scrollTo() opens the current node's ancestors too.
    if (m_tree->currentIndex().isValid())
        m_tree->scrollTo(m_tree->currentIndex());
}

bool MainWindow::showsPairs() const
{
    return m_navigator->currentIndex() == 1;
}

CodeView *MainWindow::codeView() const
{
    return m_comparison->candidateView();
}

QModelIndex MainWindow::sourceIndexForId(const QString &id) const
{
    if (showsPairs()) {
        const int row = m_pairModel->rowForId(id);
        return row < 0 ? QModelIndex() : m_pairModel->index(row, 0);
    }
    const auto &population = m_populationModel->population();
    const auto node = population ? population->find(id.toStdString()) : std::nullopt;
    return node ? m_populationModel->indexForNode(*node) : QModelIndex();
}

void MainWindow::selectComparisons(const QStringList &comparisonIds, const QString &surrogate, int repeat)
{
    m_forecastPanel->preferSource(surrogate, repeat);
    QModelIndexList rows;
    for (const auto &id : comparisonIds) {
        if (const auto row = sourceIndexForId(id); row.isValid())
            rows << row;
    }
    if (rows.isEmpty()) {
        statusBar()->showMessage(tr("None of the %n comparison(s) selected in the Calibration view is in the list "
                                    "shown",
                                    nullptr, int(comparisonIds.size())),
                                 8000);
        return;
    }
    auto *view = showsPairs() ? m_pairView : m_tree;
    const QSortFilterProxyModel *proxy = showsPairs() ? static_cast<QSortFilterProxyModel *>(m_pairProxy)
                                                      : m_proxyModel;
    // A selected row the filter hides would not be seen: show everything rather than part of the selection.
    if (std::any_of(rows.begin(), rows.end(),
                    [proxy](const auto &row) { return !proxy->mapFromSource(row).isValid(); })) {
        if (showsPairs())
            m_pairFilter->clear();
        else
            m_filterBar->reset();
    }
    QItemSelection selection;
    for (const auto &row : rows) {
        const auto index = proxy->mapFromSource(row);
        selection.select(index, index);
        for (auto parent = index.parent(); parent.isValid(); parent = parent.parent())
            view->expand(parent);
    }
    view->setCurrentIndex(proxy->mapFromSource(rows.first()));
    view->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->scrollTo(view->currentIndex());
    statusBar()->showMessage(rows.size() == comparisonIds.size()
                                 ? tr("%n comparison(s) selected in the Calibration view", nullptr, int(rows.size()))
                                 : tr("%n comparison(s) selected in the Calibration view; %1 not in the list shown",
                                      nullptr, int(rows.size()))
                                       .arg(comparisonIds.size() - rows.size()),
                             8000);
}

bool MainWindow::selectId(const QString &id)
{
    if (id.isEmpty())
        return false;
    if (showsPairs()) {
        int row = m_pairModel->rowForId(id);
        for (int candidate = 0; row < 0 && candidate < m_pairModel->rowCount(); ++candidate)
            if (m_pairModel->pair(candidate)->id.size() > 0
                && QString::fromStdString(m_pairModel->pair(candidate)->id).endsWith(id))
                row = candidate;
        if (row < 0)
            return false;
        goPairRow(row);
        return true;
    }
    const auto &population = m_populationModel->population();
    if (!population)
        return false;
    auto node = population->find(id.toStdString());
    // A short id as the tree shows it (the last 8 characters) picks the node only when no other ends the same.
    if (!node) {
        const auto suffix = id.toStdString();
        for (std::size_t i = 0; i < population->size(); ++i) {
            if (population->node(i).id.ends_with(suffix)) {
                if (node)
                    return false;
                node = i;
            }
        }
    }
    if (!node)
        return false;
    goNode(*node);
    return true;
}

void MainWindow::goNode(std::size_t node)
{
    auto index = m_proxyModel->mapFromSource(m_populationModel->indexForNode(node));
    // A node the filters hide cannot be selected: show everything rather than do nothing.
    if (!index.isValid()) {
        m_filterBar->reset();
        index = m_proxyModel->mapFromSource(m_populationModel->indexForNode(node));
    }
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
}

void MainWindow::goPairRow(int row)
{
    auto index = m_pairProxy->mapFromSource(m_pairModel->index(row, 0));
    // As for nodes: a pair the filter hides cannot be selected, so the filter goes.
    if (!index.isValid()) {
        m_pairFilter->clear();
        index = m_pairProxy->mapFromSource(m_pairModel->index(row, 0));
    }
    m_pairView->setCurrentIndex(index);
    m_pairView->scrollTo(index);
}

void MainWindow::goParent()
{
    if (showsPairs())
        return;
    const auto parent = m_tree->currentIndex().parent();
    if (parent.isValid()) {
        m_tree->setCurrentIndex(parent.siblingAtColumn(0));
        m_tree->scrollTo(m_tree->currentIndex());
    }
}

void MainWindow::goFirstChild()
{
    if (showsPairs())
        return;
    const auto current = m_tree->currentIndex().siblingAtColumn(0);
    if (!current.isValid() || m_proxyModel->rowCount(current) == 0)
        return;
    m_tree->expand(current);
    m_tree->setCurrentIndex(m_proxyModel->index(0, 0, current));
    m_tree->scrollTo(m_tree->currentIndex());
}

void MainWindow::goSibling(int step)
{
    auto *view = showsPairs() ? m_pairView : m_tree;
    const auto current = view->currentIndex();
    if (!current.isValid())
        return;
    const auto sibling = current.sibling(current.row() + step, 0);
    if (sibling.isValid()) {
        view->setCurrentIndex(sibling);
        view->scrollTo(sibling);
    }
}

void MainWindow::goFailure(int step)
{
    if (showsPairs()) {
        const auto rows = m_pairModel->surrogateFailures(m_proxyModel->confidenceScore(),
                                                         m_proxyModel->confidenceThreshold());
        if (rows.empty())
            return statusBar()->showMessage(tr("No surrogate failures at this threshold"), 4000);
        const int current = m_pairProxy->mapToSource(m_pairView->currentIndex()).row();
        const auto it = std::find(rows.begin(), rows.end(), current);
        const auto count = static_cast<int>(rows.size());
        const int at = it == rows.end() ? (step > 0 ? 0 : count - 1)
                                        : (static_cast<int>(it - rows.begin()) + step + count) % count;
        goPairRow(rows[static_cast<std::size_t>(at)]);
        statusBar()->showMessage(tr("Surrogate failure %1 of %2").arg(at + 1).arg(count), 4000);
        return;
    }
    // With the Surprises filter on, F8 walks the surprises instead, most surprising first.
    const bool surprises = m_proxyModel->surprisesOnly();
    const auto nodes = surprises ? m_proxyModel->surprises() : m_proxyModel->surrogateFailures();
    if (nodes.empty())
        return statusBar()->showMessage(surprises ? tr("No surprises") : tr("No surrogate failures at this threshold"),
                                        4000);
    const auto current = m_proxyModel->mapToSource(m_tree->currentIndex());
    const auto it = current.isValid() ? std::find(nodes.begin(), nodes.end(), current.internalId()) : nodes.end();
    const auto count = static_cast<int>(nodes.size());
    // From anywhere else the first press goes to the worst failure, Shift+F8 to the mildest.
    const int at = it == nodes.end() ? (step > 0 ? 0 : count - 1)
                                     : (static_cast<int>(it - nodes.begin()) + step + count) % count;
    goNode(nodes[static_cast<std::size_t>(at)]);
    statusBar()->showMessage(surprises ? tr("Surprise %1 of %2").arg(at + 1).arg(count)
                                       : tr("Surrogate failure %1 of %2").arg(at + 1).arg(count),
                             4000);
}

QAction *MainWindow::action(const QString &name) const
{
    return findChild<QAction *>(name);
}

QString MainWindow::aboutText()
{
    // The build's own version, not QCoreApplication's: that one is whatever the program that made the window set.
    return tr("<h3>Kernel Forecast Explorer</h3><p>Version %1</p><p>Lineage trees of LLM-driven GPU-kernel "
              "searches, the surrogate's forecasts beside the kernels, their calibration, the forecast gate, and "
              "measurement on a GPU with kfx-measure.</p><p>The bundled demo (scripts/run) opens the H100 corpus's "
              "rms_norm selective search beside its equal-budget baseline: the selective search forecasts every "
              "candidate and measures only those the surrogate is unsure of, and found a 1.38× kernel against the "
              "baseline's 1.37× with 120 GPU evaluations each, all measured on an NVIDIA H100 80GB HBM3. The "
              "earlier demo searches (row softmax, layer norm and fp32 matmul, 54 kernels measured on the same GPU "
              "on 2026-11-22) are in resources/demo.</p>")
               .arg(QStringLiteral(KFX_VERSION_STRING))
        + QStringLiteral("<p>%1</p>")
              .arg(libraryVersions().toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
}

QList<QPair<QString, QString>> MainWindow::shortcuts() const
{
    QList<QPair<QString, QString>> list;
    for (auto *menuAction : menuBar()->actions()) {
        if (!menuAction->menu())
            continue;
        for (auto *entry : menuAction->menu()->actions()) {
            if (entry->shortcut().isEmpty())
                continue;
            auto text = entry->text();
            text.remove(QLatin1Char('&'));
            list.append({text, entry->shortcut().toString(QKeySequence::NativeText)});
        }
    }
    return list;
}

void MainWindow::showShortcuts()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(&dialog);
    const auto list = shortcuts();
    auto *table = new QTableWidget(static_cast<int>(list.size()), 2, &dialog);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->setAccessibleName(tr("Keyboard shortcuts"));
    for (int row = 0; row < list.size(); ++row) {
        table->setItem(row, 0, new QTableWidgetItem(list[row].first));
        table->setItem(row, 1, new QTableWidgetItem(list[row].second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto *note = new QLabel(tr("Tab and Shift+Tab move between the list, the filters, the code panes and the "
                               "forecast panel; in a code pane Ctrl+F finds, Escape closes the find bar."),
                            &dialog);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(table);
    layout->addWidget(note);
    layout->addWidget(buttons);
    dialog.resize(520, 560);
    dialog.exec();
}

QList<QStringList> MainWindow::recentSessions() const
{
    return RecentSessions().sessions();
}

void MainWindow::fillRecentMenu()
{
    const auto sessions = RecentSessions().sessions();
    m_recentMenu->clear();
    for (const auto &session : sessions) {
        auto *entry = m_recentMenu->addAction(RecentSessions::label(session), this,
                                              [this, session] { openFiles(session); });
        const auto files = session.join(QLatin1Char('\n'));
        entry->setToolTip(files);
        entry->setStatusTip(session.join(QStringLiteral(", ")));
    }
    m_recentMenu->setEnabled(!sessions.isEmpty());
    if (!sessions.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("&Clear List"), this, [this] {
            RecentSessions().clear();
            fillRecentMenu();
        });
    }
}

void MainWindow::setLoading(bool loading)
{
    m_loading = loading;
    m_progress->setVisible(loading);
    m_progressLabel->setVisible(loading);
}

QString MainWindow::statusText() const
{
    QStringList parts;
    if (const auto &population = m_populationModel->population()) {
        parts << tr("%n node(s)", nullptr, static_cast<int>(population->size()));
        parts << tr("archive %1").arg(population->archive.size());
        if (const auto best = kfx::search::bestMeasuredNode(*population))
            parts << tr("best measured %1").arg(speedupText(*population->node(*best).reward()));
        if (const auto best = population->bestArchiveNode())
            parts << tr("archive best %1").arg(speedupText(*population->node(*best).reward()));
    } else if (m_pairs == 0 && m_predictions == 0) {
        parts << tr("No search loaded — File → Open (Ctrl+O) or drop files here");
    }
    if (m_pairs > 0)
        parts << tr("%n pair(s) loaded", nullptr, static_cast<int>(m_pairs));
    if (m_predictions > 0)
        parts << tr("%n prediction(s) loaded", nullptr, static_cast<int>(m_predictions));
    if (m_diagnosticsModel->rowCount() > 0 || !parts.isEmpty())
        parts << m_diagnosticsModel->summaryText();
    return parts.join(QStringLiteral(" · "));
}

void MainWindow::updateStatus()
{
    m_statusLabel->setText(statusText());
}

void MainWindow::resizeTreeColumns()
{
    // QTreeView::resizeColumnToContents() reserves room for a sort arrow in every heading, which makes the short
    // numeric columns twice as wide as their numbers; only the sorted column needs it.
    const auto *header = m_tree->header();
    const QAbstractItemView *view = m_tree; // QTreeView hides the public sizeHintForColumn()
    const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 8;
    for (int column = 0; column < PopulationModel::ColumnCount - 1; ++column) {
        const auto title = m_proxyModel->headerData(column, Qt::Horizontal).toString();
        int titleWidth = header->fontMetrics().horizontalAdvance(title) + margin;
        if (column == header->sortIndicatorSection())
            titleWidth += header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + margin;
        m_tree->setColumnWidth(column, qMax(titleWidth, view->sizeHintForColumn(column) + margin / 2));
    }
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(settingsGroup());
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("state")).toByteArray(), kStateVersion);
    m_splitter->restoreState(settings.value(QStringLiteral("mainSplitter")).toByteArray());
    m_detailSplitter->restoreState(settings.value(QStringLiteral("detailSplitter")).toByteArray());
    m_comparison->restoreSplitterState(settings.value(QStringLiteral("comparisonSplitter")).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(settingsGroup());
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
    for (const auto &url : event->mimeData()->urls()) {
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    // Dropped files join the session: predictions dropped on a search are for that search.
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
        addFiles(paths);
    }
}
