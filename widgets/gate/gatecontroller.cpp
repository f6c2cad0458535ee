#include "gatecontroller.h"

#include "common/noderoles.h"
#include "gatebar.h"
#include "gateoverriderow.h"
#include "gatesession.h"
#include "io/jsonfields.h"
#include "session/forecastsourcechoice.h"
#include "session/livefollow.h"
#include "session/session.h"
#include "session/sessionworkspace.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QMenu>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>

#include <algorithm>
#include <exception>
#include <iterator>
#include <thread>
#include <type_traits>
#include <utility>

namespace {

using kfx::gate::OverrideMode;

// Long enough to read a message about the source chosen.
constexpr int kBackgroundMessageMs = 8000;

// The risk monitor's alarms go to the application log too, where they outlast the status bar.
Q_LOGGING_CATEGORY(lcRiskMonitor, "kfx.gate.monitor")

// What could not be read of one kind of the workspace's records: how many, and the first one's kernel and fault.
struct UnreadableRecords {
    int count = 0;
    QString firstNode;
    QString firstFault;
};

// Past this many records, the second half is read on a thread of its own.
constexpr std::size_t kRecordsReadOnTwoThreads = 4096;

// The records `read` makes of records[begin, end), in order; one it cannot read (kfx::json::FieldError) is left
// out and counted in `unreadable`.
template<typename Read>
auto readRecordRange(const std::vector<kfx::workspace::StoredRecord> &records, std::size_t begin, std::size_t end,
                     Read read, UnreadableRecords &unreadable)
{
    using Record = typename std::invoke_result_t<Read, const kfx::workspace::StoredRecord &>::value_type;
    std::vector<Record> made;
    made.reserve(end - begin);
    for (std::size_t i = begin; i < end; ++i) {
        try {
            if (auto one = read(records[i]))
                made.push_back(std::move(*one));
        } catch (const kfx::json::FieldError &error) {
            if (unreadable.count++ == 0) {
                unreadable.firstNode = QString::fromStdString(records[i].nodeId);
                unreadable.firstFault = QString::fromStdString(error.what());
            }
        }
    }
    return made;
}

// The records `read` makes of the workspace's (a record that holds none gives nothing), as one batch; null when
// there are none. A record it cannot read is left out and counted in `unreadable`, the first one named. Reopening
// an 80,000-kernel search, reading its forecasts took 160 ms of the GUI thread; the second core reads half.
template<typename Read>
auto readRecords(const std::vector<kfx::workspace::StoredRecord> &records, Read read, UnreadableRecords &unreadable)
{
    using Record = typename std::invoke_result_t<Read, const kfx::workspace::StoredRecord &>::value_type;
    const std::size_t middle = records.size() < kRecordsReadOnTwoThreads ? records.size() : records.size() / 2;
    std::vector<Record> secondHalf;
    UnreadableRecords secondUnreadable;
    std::exception_ptr secondFailure;
    std::thread second;
    if (middle < records.size()) {
        second = std::thread([&] {
            try {
                secondHalf = readRecordRange(records, middle, records.size(), read, secondUnreadable);
            } catch (...) {
                secondFailure = std::current_exception();
            }
        });
    }
    std::vector<Record> made;
    try {
        made = readRecordRange(records, 0, middle, read, unreadable);
    } catch (...) {
        if (second.joinable())
            second.join();
        throw;
    }
    if (second.joinable())
        second.join();
    if (secondFailure)
        std::rethrow_exception(secondFailure);
    made.insert(made.end(), std::make_move_iterator(secondHalf.begin()), std::make_move_iterator(secondHalf.end()));
    if (unreadable.count == 0)
        unreadable = secondUnreadable;
    else
        unreadable.count += secondUnreadable.count;
    return made.empty() ? nullptr : std::make_shared<const std::vector<Record>>(std::move(made));
}

} // namespace

GateController::GateController(Session *session, QWidget *window, QTreeView *tree)
    : QObject(window)
    , m_openSession(session)
    , m_window(window)
    , m_tree(tree)
    , m_session(new GateSession(session->workspace(), this))
    , m_gateBar(new GateBar(m_session, window))
    , m_sources(new ForecastSourceChoice(this))
    , m_toolBar(new QToolBar(tr("Gate"), window))
    , m_composer(new ShownSearchComposer(this))
{
    m_toolBar->setObjectName(QStringLiteral("gateToolBar"));
    m_toolBar->setMovable(false);
    m_gateBar->showSourceBox(m_sources->createBox(m_gateBar));
    m_toolBar->addWidget(m_gateBar);
    m_parts.toolBars << m_toolBar;

    createActions(window);
    m_liveLabel = new QLabel(tr("● Live"), window);
    m_liveLabel->setAccessibleName(tr("Following a growing log"));
    auto liveFont = m_liveLabel->font();
    liveFont.setBold(true);
    m_liveLabel->setFont(liveFont);
    m_liveLabel->setForegroundRole(QPalette::Link);
    m_liveLabel->hide();
    m_parts.statusWidgets << m_liveLabel;
    m_overrideRow = new GateOverrideRow(m_session, window);

    connect(m_openSession, &Session::searchShown, this, &GateController::onSearchShown);
    // The session opens and closes the workspace; the gate reads what it keeps when it opens.
    connect(m_openSession->workspace(), &SessionWorkspace::opened, this, &GateController::onWorkspaceOpened);
    connect(m_openSession->workspace(), &SessionWorkspace::closing, this, [this] { m_sources->setWorkspace(nullptr); });
    connect(m_composer, &ShownSearchComposer::composed, this, &GateController::onComposed);
    // Said to the session, from which the others read what the gate deferred.
    connect(m_session, &GateSession::decisionsChanged, this,
            [this] { m_openSession->setGateDecisions(m_session->decisions()); });
    connect(m_sources, &ForecastSourceChoice::chosen, this, [this] { showSearch(); });
    connect(m_sources, &ForecastSourceChoice::failed, this,
            [this](const QString &message) { Q_EMIT statusMessage(message, kBackgroundMessageMs); });
    connect(m_openSession->liveFollow(), &LiveFollow::grown, this,
            [this](std::shared_ptr<const kfx::Population> population) {
                if (m_shownPath.isEmpty())
                    return; // the tree shows a search of no file, not the log that grew
                m_base = std::move(population);
                // Appended kernels are forecast as those there on opening were, so a followed log shows the figures it
                // would show opened whole.
                showSearch([this] { Q_EMIT searchReadyToForecast(); });
            });
    connect(m_openSession->liveFollow(), &LiveFollow::liveChanged, m_liveLabel, &QWidget::setVisible);
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
}

void GateController::onSearchShown()
{
    const auto *file = m_openSession->shownFile();
    m_shownPath = m_openSession->shownPath();
    m_expected = file ? file->population.get() : nullptr;
    m_added.clear();
    m_measured.clear();
    forgetComposing();
}

void GateController::onWorkspaceOpened()
{
    auto *workspace = m_openSession->workspace();
    m_sources->setWorkspace(workspace->current());
    if (auto *records = workspace->current()) {
        UnreadableRecords unreadableForecasts;
        UnreadableRecords unreadableMeasurements;
        try {
            if (auto batch = readRecords(records->forecasts(), forecastrecords::forecastFromRecord,
                                         unreadableForecasts))
                m_added.push_back(std::move(batch));
        } catch (const std::exception &error) {
            workspace->report(
                tr("The workspace's forecasts could not be read: %1").arg(QString::fromStdString(error.what())));
        }
        try {
            if (auto batch = readRecords(records->measurements(), measurementrecords::measurementFromRecord,
                                         unreadableMeasurements))
                m_measured.push_back(std::move(batch));
        } catch (const std::exception &error) {
            workspace->report(
                tr("The workspace's measurements could not be read: %1").arg(QString::fromStdString(error.what())));
        }
        if (unreadableForecasts.count > 0)
            workspace->reportUnreadable(
                tr("%n forecast(s) in %1 could not be read and are left out (the first, of kernel %2: %3).", nullptr,
                   unreadableForecasts.count)
                    .arg(workspace->path(), unreadableForecasts.firstNode, unreadableForecasts.firstFault));
        if (unreadableMeasurements.count > 0)
            workspace->reportUnreadable(
                tr("%n measurement(s) in %1 could not be read and are left out (the first, of kernel %2: %3).", nullptr,
                   unreadableMeasurements.count)
                    .arg(workspace->path(), unreadableMeasurements.firstNode, unreadableMeasurements.firstFault));
    }
}

void GateController::treeShows(const std::shared_ptr<const kfx::Population> &shown)
{
    if (m_applying)
        return;
    if (shown.get() != m_expected) {
        // A search shown without files (or another one): nothing the session keeps of its search belongs to it.
        m_sources->setWorkspace(nullptr);
        m_added.clear();
        m_measured.clear();
        m_shownPath.clear();
    }
    forgetComposing();
    m_justOpened = shown && shown.get() == m_expected;
    m_expected = nullptr;
    m_base = shown;
    m_shown = SearchWithForecasts(shown, {});
    m_visible = shown ? visibleOf(m_shown) : shown;
    if (m_added.empty() && m_measured.empty() && m_visible == shown) {
        m_session->setPopulation(shown);
        Q_EMIT shownSearchChanged(m_shown, m_shownPath);
        forecastIfJustOpened();
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
    m_shown = search.everyForecast;
    m_sources->setAvailable(m_shown.sources());
    // A choice made while the search was being composed: rare, and the copy it takes is made here.
    m_visible = m_sources->shown() == search.visibleSource ? search.visible : visibleOf(m_shown);

    m_session->setPopulation(m_visible);
    m_applying = true;
    Q_EMIT searchExtended(m_visible);
    m_applying = false;
    Q_EMIT shownSearchChanged(m_shown, m_shownPath);
    forecastIfJustOpened();
    for (const auto &then : std::exchange(m_afterShown, {}))
        then();
}

std::shared_ptr<const kfx::Population> GateController::visibleOf(const SearchWithForecasts &search)
{
    m_sources->setAvailable(search.sources());
    return search.seenBy(m_sources->shown());
}

void GateController::forecastIfJustOpened()
{
    if (std::exchange(m_justOpened, false))
        Q_EMIT searchReadyToForecast();
}

void GateController::addMeasurements(std::vector<measurementrecords::NodeMeasurement> measurements)
{
    m_measured.push_back(std::make_shared<const decltype(measurements)>(std::move(measurements)));
    showSearch([this] { Q_EMIT measurementsShown(); });
}

void GateController::addForecasts(std::shared_ptr<const std::vector<forecastrecords::NodeForecast>> forecasts,
                                  const std::string &source, bool choose)
{
    m_added.push_back(std::move(forecasts));
    m_afterShown.push_back([this] { Q_EMIT forecastsShown(); });
    if (choose && m_sources->shown() != source)
        m_sources->choose(source); // which shows the search again, with them
    else
        showSearch();
}

QStringList GateController::selectedNodeIds() const
{
    QStringList ids;
    for (const auto &index : m_tree->selectionModel()->selectedRows()) {
        const auto id = index.data(NodeRoles::NodeId).toString();
        if (!id.isEmpty())
            ids << id;
    }
    if (ids.isEmpty() && m_tree->currentIndex().isValid())
        ids << m_tree->currentIndex().data(NodeRoles::NodeId).toString();
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
