#include "gatecontroller.h"

#include "calibration/calibrationview.h"
#include "common/elidedlabel.h"
#include "comparison/comparisonview.h"
#include "forecasting/forecastrunner.h"
#include "forecasting/llmsettingsdialog.h"
#include "forecastsourcechoice.h"
#include "gatebar.h"
#include "gatemarks.h"
#include "gateoverriderow.h"
#include "gatesession.h"
#include "io/jsonfields.h"
#include "measure/tasklocator.h"
#include "model/forecastsources.h"
#include "population/populationmodel.h"
#include "replay/livefollow.h"
#include "replay/replayview.h"
#include "session/session.h"
#include "surrogate/searchpairs.h"

#include <QAbstractProxyModel>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QMenu>
#include <QProgressBar>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <type_traits>
#include <utility>

namespace {

using kfx::gate::OverrideMode;

// As the window does on load: expanding a huge tree at once costs more than it helps.
constexpr std::size_t kExpandAllLimit = 2000;
// Long enough to read that the surrogate is retraining, or has.
constexpr int kBackgroundMessageMs = 8000;

// The risk monitor's alarms go to the application log too, where they outlast the status bar.
Q_LOGGING_CATEGORY(lcRiskMonitor, "kfx.gate.monitor")
const QString kForecastOnOpenKey = QStringLiteral("gate/forecastOnOpen");

// The task a search log's kernels belong to: its op name, else the one its file name gives.
std::string taskOf(const QString &path, const kfx::Population &population)
{
    return population.context.opName.empty() ? kfx::surrogate::taskFromFileName(QFile::encodeName(path).toStdString())
                                             : population.context.opName;
}

// The code of the task reference a search's speedups are measured against (the pretrained models learnt pairs
// against it), or empty where the task cannot be found or read: then the search's own reference is used.
std::string taskReferenceOf(const QString &path, const kfx::Population &population)
{
    const auto directory = TaskLocator::knownTaskDirectory(path, QString::fromStdString(taskOf(path, population)));
    try {
        return directory.isEmpty() ? std::string()
                                   : kfx::surrogate::taskReferenceCode(QFile::encodeName(directory).toStdString());
    } catch (const kfx::surrogate::TaskReferenceError &) {
        return {};
    }
}

// What could not be read of one kind of the workspace's records: how many, and the first one's kernel and fault.
struct UnreadableRecords {
    int count = 0;
    QString firstNode;
    QString firstFault;
};

// The records `read` makes of the workspace's (a record that holds none gives nothing), as one batch; null when
// there are none. A record it cannot read (kfx::json::FieldError) is left out and counted in `unreadable`.
template<typename Read>
auto readRecords(const std::vector<kfx::workspace::StoredRecord> &records, Read read, UnreadableRecords &unreadable)
{
    using Record = typename std::invoke_result_t<Read, const kfx::workspace::StoredRecord &>::value_type;
    std::vector<Record> made;
    for (const auto &record : records) {
        try {
            if (auto one = read(record))
                made.push_back(std::move(*one));
        } catch (const kfx::json::FieldError &error) {
            if (unreadable.count++ == 0) {
                unreadable.firstNode = QString::fromStdString(record.nodeId);
                unreadable.firstFault = QString::fromStdString(error.what());
            }
        }
    }
    return made.empty() ? nullptr : std::make_shared<const std::vector<Record>>(std::move(made));
}

} // namespace

GateController::GateController(Session *session, QWidget *window, QTreeView *tree, PopulationModel *model)
    : QObject(window)
    , m_openSession(session)
    , m_window(window)
    , m_tree(tree)
    , m_model(model)
    , m_session(new GateSession(this))
    , m_gateBar(new GateBar(m_session, window))
    , m_sources(new ForecastSourceChoice(this))
    , m_toolBar(new QToolBar(tr("Gate"), window))
    , m_runner(new ForecastRunner(this))
    , m_replay(new ReplayView(window))
    , m_replayDock(new QDockWidget(tr("Counterfactual Replay"), window))
    , m_live(new LiveFollow(this))
    , m_composer(new ShownSearchComposer(this))
{
    m_toolBar->setObjectName(QStringLiteral("gateToolBar"));
    m_toolBar->setMovable(false);
    m_gateBar->showSourceBox(m_sources->createBox(m_gateBar));
    m_toolBar->addWidget(m_gateBar);
    m_parts.toolBars << m_toolBar;

    m_replayDock->setObjectName(QStringLiteral("replayDock"));
    m_replayDock->setWidget(m_replay);
    // Replaying costs a moment and the explorer needs the room: the dock opens when asked for (Gate menu).
    m_parts.docks << m_replayDock;

    createActions(window);
    createStatusWidgets(window);

    GateMarks::spareProxyRefiltering(qobject_cast<QSortFilterProxyModel *>(m_tree->model()));
    connect(m_openSession, &Session::searchShown, this, &GateController::onSearchShown);
    connect(m_model, &QAbstractItemModel::modelReset, this, &GateController::onModelReset);
    connect(m_composer, &ShownSearchComposer::composed, this, &GateController::onComposed);
    connect(m_session, &GateSession::decisionsChanged, this,
            [this] { m_model->setGateDecisions(m_session->decisions()); });
    // The replay's gate-driven policies honour the person's overrides as the tree does.
    connect(m_session, &GateSession::settingsChanged, this, &GateController::updateReplaySource);
    connect(m_session, &GateSession::overridesChanged, this, &GateController::updateReplaySource);
    connect(m_runner, &ForecastRunner::stageChanged, this,
            [this](const QString &what) { showForecastStatus(what, true); });
    connect(m_runner, &ForecastRunner::progressChanged, this, [this](int done, int total) {
        m_forecastProgress->setRange(0, total);
        m_forecastProgress->setValue(done);
        m_forecastProgress->setFormat(tr("%1 of %2").arg(done).arg(total));
    });
    connect(m_runner, &ForecastRunner::finished, this, &GateController::onForecastFinished);
    connect(m_sources, &ForecastSourceChoice::chosen, this, [this] {
        showSearch();
        // A finished run's line still shown says afresh whether its forecasts are the ones shown.
        if (m_lastRunStatusShown && !m_runner->isRunning())
            showLastRunStatus();
    });
    connect(m_sources, &ForecastSourceChoice::failed, this,
            [this](const QString &message) { Q_EMIT statusMessage(message, kBackgroundMessageMs); });
    connect(m_runner, &ForecastRunner::failed, this, [this](const QString &reason) {
        showForecastStatus(reason, false);
        Q_EMIT forecastFinished();
    });
    // Too little to learn from is about the data, not about one run: the panel says it, once.
    connect(m_runner, &ForecastRunner::tooLittleToLearn, this, [this](const QString &reason) {
        showForecastStatus({}, false);
        m_forecastStatus = reason;
        Q_EMIT forecastNotice(reason);
        Q_EMIT forecastFinished();
    });
    connect(m_runner, &ForecastRunner::backgroundStatus, this,
            [this](const QString &what) { Q_EMIT statusMessage(what, kBackgroundMessageMs); });
    connect(m_live, &LiveFollow::grown, this, [this](std::shared_ptr<const kfx::Population> population) {
        m_base = std::move(population);
        // The workspace has seen the log grow: its new size is no change to warn about on the next open.
        m_session->acceptData();
        // Appended kernels are forecast as those there on opening were, so a followed log shows the figures it
        // would show opened whole.
        showSearch([this] { forecastWhatTheWindowHasNot(); });
    });
    connect(m_live, &LiveFollow::liveChanged, m_liveLabel, &QWidget::setVisible);
    connect(m_session, &GateSession::monitorAlarmed, this, [this](const QString &nodeId) {
        const auto &monitor = m_session->monitor();
        const QString message = tr("Risk alarm at %1: %2 of %3 trusted forecasts wrong since certifying; the error "
                                   "rate is above α = %4. Gate → Defer Everything falls back to measuring all.")
                                    .arg(nodeId)
                                    .arg(monitor.wrong)
                                    .arg(monitor.trusted)
                                    .arg(QLocale().toString(monitor.settings.alpha));
        qCWarning(lcRiskMonitor).noquote() << message;
        Q_EMIT statusMessage(message, 0);
    });
}

GateController::~GateController() = default;

void GateController::createActions(QWidget *window)
{
    auto *gateMenu = new QMenu(tr("&Gate"), window);
    m_parts.menus << gateMenu;
    // T, D and A are plain letters: they act only while the tree has the focus, so typing elsewhere is typing.
    const auto treeAction = [this, gateMenu](const QString &text, const QKeySequence &key, OverrideMode mode) {
        auto *action = new QAction(text, m_tree);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, [this, mode] { overrideSelected(mode); });
        m_tree->addAction(action);
        gateMenu->addAction(action);
        return action;
    };
    m_trust = treeAction(tr("&Trust"), QKeySequence(Qt::Key_T), OverrideMode::Trust);
    m_trust->setToolTip(tr("Trust the forecast of the selected kernels whatever the gate says"));
    m_defer = treeAction(tr("&Defer to the GPU"), QKeySequence(Qt::Key_D), OverrideMode::Defer);
    m_defer->setToolTip(tr("Measure the selected kernels whatever the gate says"));
    m_auto = treeAction(tr("&Auto (Follow the Gate)"), QKeySequence(Qt::Key_A), OverrideMode::Auto);
    auto *note = new QAction(tr("Override with &Note…"), m_tree);
    connect(note, &QAction::triggered, this, &GateController::overrideWithNote);
    m_tree->addAction(note);
    gateMenu->addAction(note);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    // The risk monitor's fallback, in the menu too so that it is there before an alarm offers it.
    gateMenu->addAction(tr("Defer &Everything"), m_session, &GateSession::deferEverything);

    gateMenu->addSeparator();
    auto *forecastSelection = gateMenu->addAction(tr("&Forecast Selected Kernels"), this,
                                                  &GateController::forecastSelected);
    forecastSelection->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+F")));
    gateMenu->addAction(tr("Forecast &Kernels Without a Forecast"), this, &GateController::forecastMissing);
    m_cancelForecast = gateMenu->addAction(tr("&Stop Forecasting"), m_runner, &ForecastRunner::cancel);
    m_cancelForecast->setObjectName(QStringLiteral("stopForecasting"));
    m_cancelForecast->setEnabled(false);
    m_forecastOnOpen = gateMenu->addAction(tr("Forecast When &Opening"));
    m_forecastOnOpen->setObjectName(QStringLiteral("forecastOnOpen"));
    m_forecastOnOpen->setToolTip(tr("Forecast a search that has no forecasts with the embedded surrogate as soon "
                                    "as it is opened, learning from every open search"));
    m_forecastOnOpen->setCheckable(true);
    m_forecastOnOpen->setChecked(QSettings().value(kForecastOnOpenKey, true).toBool());
    connect(m_forecastOnOpen, &QAction::toggled, this, [](bool on) { QSettings().setValue(kForecastOnOpenKey, on); });
    m_useLlm = gateMenu->addAction(tr("Forecast with the &LLM Surrogate"));
    m_useLlm->setCheckable(true);
    m_useLlm->setToolTip(tr("Ask the configured OpenAI-compatible server instead of the embedded model"));
    m_useLlm->setEnabled(LlmSettingsDialog::isConfigured(LlmSettingsDialog::load()));
    gateMenu->addAction(tr("LLM Surrogate &Settings…"), this, &GateController::showLlmSettings);
    gateMenu->addSeparator();
    gateMenu->addAction(m_replayDock->toggleViewAction());
    auto *demo = gateMenu->addAction(tr("Replay &Demo Mode"));
    demo->setObjectName(QStringLiteral("replayDemoMode"));
    demo->setCheckable(true);
    connect(demo, &QAction::toggled, this, [this](bool on) {
        m_replayDock->show();
        m_replayDock->raise();
        m_replay->setDemoMode(on);
    });
}

void GateController::createStatusWidgets(QWidget *window)
{
    // A status that names its model runs long ("… pretrained on the NVIDIA H100 80GB HBM3 corpus, never saw this
    // task, continued step by step"): shortened where the bar is narrow, whole in its tooltip. The line leads with
    // what matters ("Not shown (…)", the count), so it is shortened at its end.
    m_forecastLabel = new ElidedLabel(window);
    m_forecastLabel->setElideMode(Qt::ElideRight);
    // At most about half a 1366 px bar: the rest is the window's messages', which QStatusBar cuts mid-word.
    m_forecastLabel->setMaximumWidth(m_forecastLabel->fontMetrics().averageCharWidth() * 60);
    m_forecastProgress = new QProgressBar(window);
    m_forecastProgress->setMaximumWidth(160);
    m_forecastProgress->setAccessibleName(tr("Forecast progress"));
    m_cancelButton = new QToolButton(window);
    m_cancelButton->setText(tr("Stop"));
    m_cancelButton->setToolTip(tr("Stop forecasting; answers received so far are kept"));
    connect(m_cancelButton, &QToolButton::clicked, m_runner, &ForecastRunner::cancel);
    m_liveLabel = new QLabel(tr("● Live"), window);
    m_liveLabel->setAccessibleName(tr("Following a growing log"));
    auto liveFont = m_liveLabel->font();
    liveFont.setBold(true);
    m_liveLabel->setFont(liveFont);
    m_liveLabel->setForegroundRole(QPalette::Link);
    m_parts.statusWidgets << m_forecastLabel << m_forecastProgress << m_cancelButton << m_liveLabel;
    m_forecastLabel->hide();
    m_forecastProgress->hide();
    m_cancelButton->hide();
    m_liveLabel->hide();
}

std::vector<kfx::ComparisonPair> GateController::trainingPairs() const
{
    const auto openSearches = m_openSession->openSearches();
    const bool shownIsOpen = std::any_of(openSearches.begin(), openSearches.end(),
                                         [this](const auto &search) { return search.path == m_shownPath; });
    if (!shownIsOpen || !m_shown)
        return {}; // a search shown on its own learns from itself
    // In file order whichever search is shown, so that searches opened together share one model.
    std::vector<kfx::ComparisonPair> pairs;
    for (const auto &search : openSearches) {
        // The search shown with the workspace's measurements folded in.
        const auto &population = search.path == m_shownPath ? m_shown : search.population;
        if (!population)
            continue;
        // Grouped by the task the file names, as kfx-cli forecast groups the logs it is given.
        auto measured = kfx::surrogate::measuredSearchPairs(
            *population, kfx::surrogate::taskFromFileName(QFile::encodeName(search.path).toStdString()),
            taskReferenceOf(search.path, *population));
        pairs.insert(pairs.end(), std::make_move_iterator(measured.begin()), std::make_move_iterator(measured.end()));
    }
    return pairs;
}

void GateController::onSearchShown()
{
    const auto *file = m_openSession->shownFile();
    const auto populationPath = m_openSession->shownPath();
    const auto population = file ? file->population : nullptr;
    // A run for the data shown until now must not outlive its workspace, nor land on the next search.
    m_runner->abandon();
    m_runner->setWorkspace(nullptr);
    m_forecastWhenIdle = false;
    m_shownPath = populationPath;
    Q_EMIT forecastNotice({});
    m_expected = population.get();
    m_live->stop();
    m_added.clear();
    m_measured.clear();
    forgetComposing();
    if (!population) {
        m_session->closeWorkspace();
        m_sources->setWorkspace(nullptr);
        return;
    }
    m_session->openWorkspace(m_openSession->dataFilesOfShown());
    m_sources->setWorkspace(m_session->workspace());
    if (auto *workspace = m_session->workspace()) {
        UnreadableRecords unreadableForecasts;
        UnreadableRecords unreadableMeasurements;
        try {
            if (auto batch = readRecords(workspace->forecasts(), forecastrecords::forecastFromRecord,
                                         unreadableForecasts))
                m_added.push_back(std::move(batch));
        } catch (const std::exception &error) {
            showForecastStatus(
                tr("The workspace's forecasts could not be read: %1").arg(QString::fromStdString(error.what())), false);
        }
        try {
            if (auto batch = readRecords(workspace->measurements(), measurementrecords::measurementFromRecord,
                                         unreadableMeasurements))
                m_measured.push_back(std::move(batch));
        } catch (const std::exception &error) {
            Q_EMIT m_session->workspaceMessage(
                tr("The workspace's measurements could not be read: %1").arg(QString::fromStdString(error.what())));
        }
        if (unreadableForecasts.count > 0)
            m_session->reportUnreadableRecords(
                tr("%n forecast(s) in %1 could not be read and are left out (the first, of kernel %2: %3).", nullptr,
                   unreadableForecasts.count)
                    .arg(m_session->workspacePath(), unreadableForecasts.firstNode, unreadableForecasts.firstFault));
        if (unreadableMeasurements.count > 0)
            m_session->reportUnreadableRecords(
                tr("%n measurement(s) in %1 could not be read and are left out (the first, of kernel %2: %3).", nullptr,
                   unreadableMeasurements.count)
                    .arg(m_session->workspacePath(), unreadableMeasurements.firstNode,
                         unreadableMeasurements.firstFault));
    }
    m_live->watch(populationPath, qint64(file->bytesRead));
}

void GateController::onModelReset()
{
    if (m_applying)
        return;
    const auto &shown = m_model->population();
    if (shown.get() != m_expected) {
        // A search shown without files (or another one): nothing here belongs to it.
        m_session->closeWorkspace();
        m_sources->setWorkspace(nullptr);
        m_live->stop();
        m_added.clear();
        m_measured.clear();
        m_shownPath.clear();
    }
    forgetComposing();
    m_justOpened = shown && shown.get() == m_expected;
    m_expected = nullptr;
    m_base = shown;
    m_shown = shown;
    m_visible = shown ? visibleOf(shown) : shown;
    if (m_added.empty() && m_measured.empty() && m_visible == shown) {
        m_session->setPopulation(shown);
        updateReplaySource();
        forecastIfNothingIs();
        return;
    }
    // The window finishes showing the search first (expanding, selecting); then the forecasts join it.
    QTimer::singleShot(0, this, [this] { showSearch(); });
}

void GateController::showSearch(std::function<void()> then)
{
    if (then)
        m_afterShown.push_back(std::move(then));
    if (m_base)
        m_composer->compose({m_base, m_added, m_measured, m_sources->chosenSource()});
}

void GateController::forgetComposing()
{
    m_composer->forget();
    m_afterShown.clear(); // they were for the search no longer shown
}

void GateController::onComposed(const ShownSearch &search)
{
    m_shown = search.withEveryForecast;
    m_sources->setAvailable(search.sources);
    // A choice made while the search was being composed: rare, and the copy it takes is made here.
    m_visible = m_sources->shown() == search.visibleSource ? search.visible : visibleOf(m_shown);

    const auto currentId = m_tree->currentIndex().data(PopulationModel::NodeIdRole).toString().toStdString();
    const int scroll = m_tree->verticalScrollBar()->value();
    m_session->setPopulation(m_visible);
    m_applying = true;
    m_model->setPopulation(m_visible);
    m_applying = false;
    if (m_visible->size() <= kExpandAllLimit)
        m_tree->expandAll();
    else
        m_tree->expandToDepth(1);
    if (const auto node = m_visible->find(currentId)) {
        const auto source = m_model->indexForNode(*node);
        auto *proxy = qobject_cast<QAbstractProxyModel *>(m_tree->model());
        m_tree->setCurrentIndex(proxy ? proxy->mapFromSource(source) : source);
    }
    m_tree->verticalScrollBar()->setValue(scroll);
    updateReplaySource();
    forecastIfNothingIs();
    for (const auto &then : std::exchange(m_afterShown, {}))
        then();
}

std::shared_ptr<const kfx::Population> GateController::visibleOf(const std::shared_ptr<const kfx::Population> &search)
{
    m_sources->setAvailable(kfx::forecastSources(*search));
    return kfx::keepOnlyForecastsOf(search, m_sources->shown());
}

void GateController::forecastIfNothingIs()
{
    if (std::exchange(m_justOpened, false))
        forecastWhatTheWindowHasNot();
}

void GateController::forecastWhatTheWindowHasNot()
{
    if (!m_forecastOnOpen->isChecked() || !m_shown)
        return;
    if (m_runner->isRunning()) {
        m_forecastWhenIdle = true; // kernels appended while a run is under way: their turn comes after it
        return;
    }
    pointRunnerAtShownTask();
    // The pretrained surrogate's forecasts are held out, so they join even those the search logged itself (which
    // its own model made, some before it could learn). Those the window made already (an earlier session's, in
    // the workspace) stand: a kernel is forecast once, so a reopened or followed log keeps its figures.
    std::vector<std::size_t> nodes;
    bool searchForecastSome = false;
    for (std::size_t i = 0; i < m_shown->size(); ++i) {
        const auto &node = m_shown->node(i);
        if (!GateMarks::isCandidate(node) || node.code.empty() || forecastrecords::hasEmbeddedForecast(node))
            continue;
        searchForecastSome = searchForecastSome || GateMarks::forecastOf(node) || GateMarks::modelDeferred(node);
        nodes.push_back(i);
    }
    // Asked only now: reading the pretrained model takes a second, and a reopened search has nothing left to forecast.
    if (nodes.empty() || (searchForecastSome && !m_runner->hasPretrainedModel(*m_shown)))
        return; // the search forecast them: without a held-out model, what is missing is asked for by hand
    startForecast(std::move(nodes), true);
}

void GateController::updateReplaySource()
{
    m_replay->setSource(m_visible, m_session->settings().gate, m_session->overrides());
}

void GateController::attachCalibration(CalibrationView *calibration)
{
    const auto follow = [this, calibration] {
        const auto &gate = m_session->settings().gate;
        calibration->setGateCursor(gate.score, gate.threshold);
    };
    connect(m_session, &GateSession::settingsChanged, calibration, follow);
    follow();
}

void GateController::attachComparison(ComparisonView *comparison)
{
    m_overrideRow = new GateOverrideRow(m_session, comparison);
    comparison->setHeaderWidget(m_overrideRow);
    connect(comparison, &ComparisonView::nodeShown, m_overrideRow,
            [this, comparison] { m_overrideRow->setNode(comparison->population(), comparison->currentNode()); });
}

void GateController::addMeasurements(std::vector<measurementrecords::NodeMeasurement> measurements)
{
    m_measured.push_back(std::make_shared<const decltype(measurements)>(std::move(measurements)));
    showSearch([this] { retrainOnMeasurements(); });
}

QStringList GateController::selectedNodeIds() const
{
    QStringList ids;
    for (const auto &index : m_tree->selectionModel()->selectedRows()) {
        const auto id = index.data(PopulationModel::NodeIdRole).toString();
        if (!id.isEmpty())
            ids << id;
    }
    if (ids.isEmpty() && m_tree->currentIndex().isValid())
        ids << m_tree->currentIndex().data(PopulationModel::NodeIdRole).toString();
    return ids;
}

void GateController::overrideSelected(OverrideMode mode, const QString &note)
{
    const auto ids = selectedNodeIds();
    if (!ids.isEmpty())
        m_session->setOverride(ids, mode, note);
}

void GateController::overrideWithNote()
{
    const auto ids = selectedNodeIds();
    if (ids.isEmpty())
        return;
    QInputDialog dialog(m_window);
    dialog.setWindowTitle(tr("Override with Note"));
    dialog.setLabelText(tr("Why? The note stays with the override in the workspace."));
    dialog.setComboBoxItems({tr("Trust"), tr("Defer to the GPU"), tr("Auto (follow the gate)")});
    dialog.setComboBoxEditable(false);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const auto mode = dialog.textValue() == tr("Trust")
        ? OverrideMode::Trust
        : (dialog.textValue() == tr("Defer to the GPU") ? OverrideMode::Defer : OverrideMode::Auto);
    bool ok = false;
    const auto note = QInputDialog::getMultiLineText(m_window, tr("Override with Note"), tr("Note:"), QString(), &ok);
    if (ok)
        m_session->setOverride(ids, mode, note);
}

bool GateController::forecastSelected()
{
    auto rows = m_tree->selectionModel()->selectedRows();
    if (rows.isEmpty() && m_tree->currentIndex().isValid())
        rows << m_tree->currentIndex();
    std::vector<std::size_t> nodes;
    for (const auto &index : rows) {
        const auto node = std::size_t(index.data(PopulationModel::NodeIndexRole).toULongLong());
        // The seed and placeholders are never forecast; broken kernels are, as a search forecasts before it measures.
        if (m_shown && node < m_shown->size() && GateMarks::isCandidate(m_shown->node(node)))
            nodes.push_back(node);
    }
    return startForecast(std::move(nodes));
}

bool GateController::forecastMissing()
{
    if (!m_shown)
        return startForecast({});
    // Without a forecast by the surrogate that will answer, whose forecasts are then shown: every candidate has one.
    const auto answering = m_useLlm->isChecked() ? forecastrecords::llmSource(LlmSettingsDialog::load().model)
                                                 : std::string(forecastrecords::kEmbeddedSource);
    return startForecast(GateMarks::candidatesWithoutForecast(*kfx::keepOnlyForecastsOf(m_shown, answering)));
}

bool GateController::startForecast(std::vector<std::size_t> nodes, bool automatic)
{
    // Models and answers are kept in this data's workspace (or in memory when it has none).
    if (!m_runner->isRunning())
        m_runner->setWorkspace(m_session->workspace());
    // Forecasting on opening is the embedded surrogate's: it costs nothing and asks no server.
    const bool llm = !automatic && m_useLlm->isChecked();
    // On opening, the pretrained model as it is: held-out forecasts of the measured kernels for calibration.
    const auto source = llm ? ForecastRunner::Source::Llm
        : automatic         ? ForecastRunner::Source::Pretrained
                            : ForecastRunner::Source::Embedded;
    if (!m_runner->isRunning()) {
        pointRunnerAtShownTask();
        // Only an embedded model trained here learns from the open searches' measured kernels. Copying them all
        // takes seconds on the GUI thread for a search of 80,000 kernels, so not for a run that won't train.
        const bool trains = source == ForecastRunner::Source::Embedded
            || (source == ForecastRunner::Source::Pretrained && m_shown && !m_runner->hasPretrainedModel(*m_shown));
        m_runner->setTrainingPairs(trains ? trainingPairs() : std::vector<kfx::ComparisonPair>{});
    }
    const bool started = m_runner->start(m_shown, std::move(nodes), source,
                                         llm ? LlmSettingsDialog::load() : kfx::surrogate::LlmSettings{});
    if (started) {
        m_chooseWhenDone = !automatic;
        m_cancelForecast->setEnabled(true);
        m_forecastProgress->show();
        m_cancelButton->show();
    }
    return started;
}

void GateController::onForecastFinished(const QString &summary)
{
    const auto &outcome = m_runner->outcome();
    if (auto *workspace = m_session->workspace()) {
        try {
            workspace->addForecasts(outcome.records);
        } catch (const std::exception &error) {
            Q_EMIT m_session->workspaceMessage(
                tr("The forecasts could not be saved: %1").arg(QString::fromStdString(error.what())));
        }
    }
    m_lastRunSummary = summary;
    m_lastRunSource = outcome.forecasts.empty() ? std::string() : outcome.forecasts.front().second.source;
    // The run's line and its signal come once its forecasts are in the views.
    auto finish = [this] {
        showLastRunStatus();
        Q_EMIT forecastFinished();
        if (std::exchange(m_forecastWhenIdle, false))
            forecastWhatTheWindowHasNot();
    };
    if (outcome.forecasts.empty())
        return finish();
    m_added.push_back(std::make_shared<const std::vector<forecastrecords::NodeForecast>>(outcome.forecasts));
    // Forecasts asked for by hand are the ones the person wants to see.
    if (std::exchange(m_chooseWhenDone, false) && m_sources->shown() != m_lastRunSource) {
        m_afterShown.push_back(std::move(finish));
        m_sources->choose(m_lastRunSource); // which shows the search again, with them
    } else {
        showSearch(std::move(finish));
    }
}

void GateController::pointRunnerAtShownTask()
{
    m_runner->setFileTask(kfx::surrogate::taskFromFileName(QFile::encodeName(m_shownPath).toStdString()));
    m_runner->setTaskReference(m_shown ? taskReferenceOf(m_shownPath, *m_shown) : std::string());
}

void GateController::retrainOnMeasurements()
{
    if (!m_runner->isRunning()) // a run keeps the workspace it started with
        m_runner->setWorkspace(m_session->workspace());
    m_runner->setTrainingPairs(trainingPairs());
    pointRunnerAtShownTask();
    m_runner->measurementsAdded(m_shown);
}

void GateController::showLastRunStatus()
{
    // The run's count is of its own source's forecasts; where another's are shown, the line says whose, so that
    // "466 forecasts by embedded" never stands beside figures that are the log's. It says so first: where the bar
    // is narrow the line is shortened at its end, and the model's description and the run's time are what go.
    auto status = m_lastRunSummary;
    if (!m_lastRunSource.empty() && m_sources->shown() != m_lastRunSource)
        status = tr("Not shown (Forecasts by shows %1): %2")
                     .arg(ForecastSourceChoice::displayName(m_sources->shown()), status);
    showForecastStatus(status, false);
    m_lastRunStatusShown = true;
}

void GateController::showForecastStatus(const QString &text, bool running)
{
    m_forecastStatus = text;
    m_lastRunStatusShown = false;
    m_forecastLabel->setFullText(text);
    m_forecastLabel->setVisible(!text.isEmpty());
    m_forecastProgress->setVisible(running);
    m_cancelButton->setVisible(running);
    m_cancelForecast->setEnabled(running);
}

void GateController::showLlmSettings()
{
    LlmSettingsDialog dialog(m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_useLlm->setEnabled(LlmSettingsDialog::isConfigured(dialog.settings()));
}
