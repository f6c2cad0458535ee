#include "mainwindow.h"

#include "codeview.h"
#include "diagnosticsmodel.h"
#include "gate/gatecontroller.h"
#include "io/fileloader.h"
#include "populationmodel.h"
#include "populationproxymodel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
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
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace {

// Bumped whenever the docks or toolbars change so that an old saved layout is not forced onto a new window.
constexpr int kStateVersion = 2;

// Expanding a huge tree at once costs more than it helps; beyond this only the top levels open.
constexpr std::size_t kExpandAllLimit = 2000;

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
    , m_filter(new QLineEdit(this))
    , m_tree(new QTreeView(this))
    , m_nodeHeading(new QLabel(this))
    , m_codeView(new CodeView(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_diagnosticsView(new QTableView(this))
    , m_statusLabel(new QLabel(this))
    , m_progressLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
{
    setWindowTitle(tr("Kernel Forecast Explorer"));
    setAcceptDrops(true);

    m_proxyModel->setSourceModel(m_populationModel);

    m_filter->setPlaceholderText(tr("Filter by id or code (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter nodes"));
    connect(m_filter, &QLineEdit::textChanged, m_proxyModel, &PopulationProxyModel::setFilterText);

    m_tree->setModel(m_proxyModel);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setAllColumnsShowFocus(true);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(PopulationModel::StepColumn, Qt::AscendingOrder);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setAccessibleName(tr("Population tree"));
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionsMovable(true);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::showCurrentNode);

    auto *treePane = new QWidget(this);
    auto *treeLayout = new QVBoxLayout(treePane);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    treeLayout->addWidget(m_filter);
    treeLayout->addWidget(m_tree);

    auto *codePane = new QWidget(this);
    auto *codeLayout = new QVBoxLayout(codePane);
    codeLayout->setContentsMargins(0, 0, 0, 0);
    m_nodeHeading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nodeHeading->setContentsMargins(4, 2, 4, 2);
    m_nodeHeading->setText(tr("No kernel selected"));
    codeLayout->addWidget(m_nodeHeading);
    codeLayout->addWidget(m_codeView);

    m_splitter->addWidget(treePane);
    m_splitter->addWidget(codePane);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    setCentralWidget(m_splitter);

    m_diagnosticsView->setModel(m_diagnosticsModel);
    m_diagnosticsView->setAlternatingRowColors(true);
    m_diagnosticsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diagnosticsView->setWordWrap(false);
    m_diagnosticsView->verticalHeader()->hide();
    m_diagnosticsView->horizontalHeader()->setStretchLastSection(true);
    m_diagnosticsView->setAccessibleName(tr("Load errors"));
    connect(m_diagnosticsModel, &QAbstractItemModel::modelReset, this, [this] {
        m_diagnosticsView->resizeColumnsToContents();
        updateStatus();
    });
    auto *errorsDock = new QDockWidget(tr("Errors"), this);
    errorsDock->setObjectName(QStringLiteral("errorsDock"));
    errorsDock->setWidget(m_diagnosticsView);
    addDockWidget(Qt::BottomDockWidgetArea, errorsDock);

    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_progressLabel->hide();
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progressLabel);
    statusBar()->addPermanentWidget(m_progress);

    createActions();
    m_gate = new GateController(this, m_tree, m_populationModel);
    updateStatus();
    resize(1280, 800);
    m_splitter->setSizes({760, 520});
    resizeDocks({errorsDock}, {140}, Qt::Vertical);
    restoreSettings();
    m_tree->setFocus();
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
    auto *open = fileMenu->addAction(tr("&Open…"), this, &MainWindow::openWithDialog);
    open->setShortcut(QKeySequence::Open);
    fileMenu->addSeparator();
    auto *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    auto *viewMenu = menuBar()->addMenu(tr("&View"));
    auto *filter = viewMenu->addAction(tr("&Filter Nodes"), this, [this] {
        m_filter->setFocus();
        m_filter->selectAll();
    });
    filter->setShortcut(QKeySequence::Find);
    for (auto *dock : findChildren<QDockWidget *>())
        viewMenu->addAction(dock->toggleViewAction());
}

void MainWindow::openWithDialog()
{
    const auto paths = QFileDialog::getOpenFileNames(this, tr("Open Search Logs and Data Files"), QString(),
                                                     tr("kfx data (*.jsonl *.json *.jsonl.gz);;All files (*)"));
    openFiles(paths);
}

void MainWindow::openFiles(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
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
    std::shared_ptr<const kfx::Population> population;
    QString populationFile;
    QStringList dataPaths;
    m_pairs = 0;
    m_predictions = 0;
    for (auto &file : *files) {
        if (file.readable)
            dataPaths << QFile::decodeName(file.path.c_str());
        if (!file.readable && file.diagnostics.empty())
            diagnostics.push_back({file.path, 0, tr("The file could not be read").toStdString()});
        std::move(file.diagnostics.begin(), file.diagnostics.end(), std::back_inserter(diagnostics));
        // The tree shows one search for now: the first log given.
        if (file.population && !population) {
            population = file.population;
            populationFile = QFile::decodeName(file.path.c_str());
        }
        m_pairs += file.pairs.size();
        m_predictions += file.predictions.size();
    }
    m_diagnosticsModel->setDiagnostics(std::move(diagnostics));
    m_gate->setDataFiles(dataPaths, populationFile, population);
    if (population)
        showPopulation(population, QFileInfo(populationFile).fileName());
    setLoading(false);
    updateStatus();
    Q_EMIT loadingFinished();
}

void MainWindow::showPopulation(std::shared_ptr<const kfx::Population> population, const QString &label)
{
    m_populationModel->setPopulation(std::move(population));
    setWindowTitle(label.isEmpty() ? tr("Kernel Forecast Explorer") : tr("%1 — Kernel Forecast Explorer").arg(label));
    const auto &shown = m_populationModel->population();
    if (shown && shown->size() <= kExpandAllLimit)
        m_tree->expandAll();
    else
        m_tree->expandToDepth(1);
    resizeTreeColumns();
    if (m_proxyModel->rowCount() > 0)
        m_tree->setCurrentIndex(m_proxyModel->index(0, 0));
    updateStatus();
}

void MainWindow::showCurrentNode(const QModelIndex &current)
{
    const auto *node = m_populationModel->node(m_proxyModel->mapToSource(current));
    if (!node) {
        m_nodeHeading->setText(tr("No kernel selected"));
        m_codeView->setPlaceholderText(tr("Select a kernel to see its code."));
        m_codeView->clearCode();
        return;
    }
    const auto row = current.siblingAtColumn(0);
    QStringList heading{QString::fromStdString(node->id), PopulationModel::statusText(node->status)};
    const auto speedup = row.siblingAtColumn(PopulationModel::SpeedupColumn).data().toString();
    if (!speedup.isEmpty())
        heading << speedup;
    m_nodeHeading->setText(heading.join(QStringLiteral(" · ")));
    m_codeView->setPlaceholderText(node->status == kfx::NodeStatus::Placeholder
                                       ? tr("The log names this kernel only as a parent and never shows its code.")
                                       : tr("The log holds no code for this kernel."));
    m_codeView->setCode(QString::fromStdString(node->code), node->language);
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
        if (const auto best = population->bestArchiveNode())
            parts << tr("best %1").arg(PopulationModel::speedupText(*population->node(*best).reward()));
    } else if (m_pairs == 0 && m_predictions == 0) {
        parts << tr("No search loaded — File → Open (Ctrl+O) or drop files here");
    }
    if (m_pairs > 0)
        parts << tr("%n pair(s) loaded", nullptr, static_cast<int>(m_pairs));
    if (m_predictions > 0)
        parts << tr("%n prediction(s) loaded", nullptr, static_cast<int>(m_predictions));
    const int errors = m_diagnosticsModel->rowCount();
    if (errors > 0 || !parts.isEmpty())
        parts << tr("%n error(s)", nullptr, errors);
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
    m_splitter->restoreState(settings.value(QStringLiteral("splitter")).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(settingsGroup());
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("state"), saveState(kStateVersion));
    settings.setValue(QStringLiteral("splitter"), m_splitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
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
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
        openFiles(paths);
    }
}
