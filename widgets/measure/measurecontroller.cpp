#include "measurecontroller.h"

#include "common/displaytext.h"
#include "common/namedaction.h"
#include "gpu/measureproblem.h"
#include "gpu/measurequeue.h"
#include "gpu/measuresettingsdialog.h"
#include "measurequeueview.h"
#include "model/speedupbin.h"
#include "population/populationmodel.h"
#include "session/gatecandidates.h"
#include "session/measurementrecords.h"
#include "session/session.h"
#include "session/sessionworkspace.h"

#include <QAbstractProxyModel>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QMenu>
#include <QSystemTrayIcon>
#include <QTreeView>

namespace {

constexpr int kStatusMs = 8000;

// Whether the search already holds a kernel's own outcome, so the gate's deferral has been acted on.
bool measured(const kfx::KernelNode &node)
{
    if (!node.evaluation)
        return false;
    switch (node.evaluation->kind) {
    case kfx::OutcomeKind::NoFeedback:
    case kfx::OutcomeKind::Forecasted:
    case kfx::OutcomeKind::InfrastructureFailure:
        return false;
    default:
        return true;
    }
}

} // namespace

MeasureController::MeasureController(Session *session, QWidget *window, QTreeView *tree, PopulationModel *model)
    : QObject(window)
    , m_openSession(session)
    , m_window(window)
    , m_tree(tree)
    , m_model(model)
    , m_queue(new MeasureQueue(this))
    , m_view(new MeasureQueueView(m_queue, window))
    , m_dock(new QDockWidget(tr("GPU Measurements"), window))
    , m_locator([window](const QString &dataFile) {
        return QFileDialog::getExistingDirectory(
            window,
            tr("Task Directory of %1 (task.json, a GPU MODE task.yml, or a KernelBench problem.py)")
                .arg(QFileInfo(dataFile).fileName()),
            QFileInfo(dataFile).absolutePath());
    })
{
    m_dock->setObjectName(QStringLiteral("measureDock"));
    m_dock->setWidget(m_view);
    // Opens when something is queued (or from the GPU menu): most sessions only read measurements.
    m_parts.docks << m_dock;

    createActions(window);
    connect(m_view, &MeasureQueueView::settingsRequested, this, &MeasureController::showSettings);
    connect(m_queue, &MeasureQueue::measured, this, &MeasureController::onMeasured);
    connect(m_queue, &MeasureQueue::drained, this, &MeasureController::onDrained);
    connect(m_queue, &MeasureQueue::problemChanged, this, [this](const QString &problem) {
        if (!problem.isEmpty())
            say(MeasureProblem(problem, m_queue->settings()).headline());
    });
}

// The queue's workers are stopped by its destructor, a child of this object: killed and joined before the
// window's widgets go.
MeasureController::~MeasureController() = default;

void MeasureController::createActions(QWidget *window)
{
    auto *menu = new QMenu(tr("G&PU"), window);
    m_parts.menus << menu;
    const auto add = [this, menu](const QString &name, const QString &text, const QString &keys, const QString &tip,
                                  auto slot) { return addNamedAction(menu, name, text, keys, tip, this, slot); };
    auto *current = add(QStringLiteral("measureCurrent"), tr("&Measure Current Kernel on GPU"),
                        QStringLiteral("Ctrl+M"), tr("Measure the current kernel with kfx-measure"),
                        [this] { measureCurrent(); });
    auto *selected = add(QStringLiteral("measureSelected"), tr("Measure &Selected Kernels on GPU"),
                         QStringLiteral("Ctrl+Alt+M"), tr("Measure every selected kernel with kfx-measure"),
                         [this] { measureSelected(); });
    add(QStringLiteral("measureDeferred"), tr("Measure Everything the Gate &Deferred"), QStringLiteral("Ctrl+Shift+D"),
        tr("Measure every kernel the gate sends to the GPU that has no measurement yet"),
        [this] { measureDeferred(); });
    menu->addSeparator();
    add(QStringLiteral("cancelMeasurements"), tr("&Cancel All Measurements"), QString(),
        tr("Cancel every queued and running measurement"), [this] { m_queue->cancelAll(); });
    menu->addAction(m_dock->toggleViewAction());
    add(QStringLiteral("measureSettings"), tr("Measurement S&ettings…"), QString(),
        tr("The worker, a launch prefix for a remote GPU, the timing protocol and the time limit"),
        [this] { showSettings(); });

    // The tree's context menu lists the tree's own actions.
    auto *separator = new QAction(m_tree);
    separator->setSeparator(true);
    m_tree->addAction(separator);
    m_tree->addAction(current);
    m_tree->addAction(selected);
}

int MeasureController::measureCurrent()
{
    const auto index = m_tree->currentIndex();
    if (!index.isValid()) {
        say(tr("No kernel is selected."));
        return 0;
    }
    return measureNodes({std::size_t(index.data(PopulationModel::NodeIndexRole).toULongLong())});
}

int MeasureController::measureSelected()
{
    std::vector<std::size_t> nodes;
    for (const auto &index : m_tree->selectionModel()->selectedRows())
        nodes.push_back(std::size_t(index.data(PopulationModel::NodeIndexRole).toULongLong()));
    if (nodes.empty())
        return measureCurrent();
    return measureNodes(nodes);
}

int MeasureController::measureDeferred()
{
    const auto &population = m_model->population();
    const auto decisions = m_openSession->gateDecisions();
    if (!population || !decisions) {
        say(tr("The gate has not judged any kernel yet."));
        return 0;
    }
    std::vector<std::size_t> nodes;
    for (std::size_t i = 0; i < population->size() && i < decisions->size(); ++i) {
        const auto &node = population->node(i);
        if (gatecandidates::isCandidate(node) && !node.code.empty() && !(*decisions)[i].trusted() && !measured(node))
            nodes.push_back(i);
    }
    if (nodes.empty()) {
        say(tr("Every kernel the gate deferred is measured already."));
        return 0;
    }
    return measureNodes(nodes);
}

int MeasureController::measureNodes(const std::vector<std::size_t> &nodes)
{
    const auto &population = m_model->population();
    if (!population || nodes.empty())
        return 0;
    // A v3 log names its problem (op_name, the pack's name): a bundled task of that name needs no question.
    QStringList problems;
    if (!population->context.opName.empty())
        problems << QString::fromStdString(population->context.opName);
    const auto dataFile = m_openSession->shownPath();
    const auto taskDirectory = m_locator.taskDirectory(dataFile, problems);
    if (taskDirectory.isEmpty()) {
        say(dataFile.isEmpty()
                ? tr("Only a search opened from a file can be measured: its task directory is found "
                     "beside it.")
                : tr("No task directory for %1: nothing was measured.").arg(QFileInfo(dataFile).fileName()));
        return 0;
    }
    const auto task = QFileInfo(taskDirectory).fileName();
    std::vector<MeasureQueue::Request> requests;
    for (const auto index : nodes) {
        if (index >= population->size())
            continue;
        const auto &node = population->node(index);
        if (node.code.empty())
            continue;
        requests.push_back({QString::fromStdString(node.id), task, QDir(taskDirectory).absolutePath(), node.code});
    }
    if (requests.empty()) {
        say(tr("The selected kernels have no code to measure."));
        return 0;
    }
    m_queue->enqueue(requests);
    m_dock->show();
    m_dock->raise();
    say(tr("Queued %n kernel(s) for the GPU.", nullptr, int(requests.size())));
    return int(requests.size());
}

void MeasureController::onMeasured(const QString &nodeId, const QString &source, const std::string &evaluationJson,
                                   const kfx::EvaluationOutcome &outcome)
{
    (outcome.succeeded() ? m_measuredCount : m_failedCount)++;
    if (auto *workspace = m_openSession->workspace()->current()) {
        try {
            workspace->addMeasurement({nodeId.toStdString(), source.toStdString(), evaluationJson});
        } catch (const std::exception &error) {
            say(tr("The measurement could not be saved: %1").arg(QString::fromStdString(error.what())));
        }
    }
    const auto shown = PopulationModel::shortIdText(nodeId.toStdString());
    // A CPU test-mode result stays in the workspace but never reaches the tree as a GPU figure.
    if (measurementrecords::isCpuTestMode(evaluationJson)) {
        say(tr("%1 measured on the CPU (test mode): %2")
                .arg(shown, QString::fromUtf8(kfx::outcomeKindName(outcome.kind).data())));
        return;
    }
    Q_EMIT measurementsMade({{nodeId.toStdString(), outcome}});
    say(outcome.succeeded()
            ? tr("%1 measured: %2").arg(shown, speedupText(outcome.aggregatedSpeedup))
            : tr("%1 failed: %2").arg(shown, QString::fromUtf8(kfx::outcomeKindName(outcome.kind).data())));
}

void MeasureController::onDrained()
{
    if (m_measuredCount + m_failedCount == 0)
        return;
    const auto text = tr("%n kernel(s) measured", nullptr, m_measuredCount)
        + (m_failedCount ? tr(", %n failed", nullptr, m_failedCount) : QString());
    m_measuredCount = 0;
    m_failedCount = 0;
    say(text);
    if (!m_window->isActiveWindow())
        notify(tr("GPU measurements finished"), text);
}

void MeasureController::say(const QString &text)
{
    m_lastMessage = text;
    Q_EMIT statusMessage(text, kStatusMs);
}

void MeasureController::notify(const QString &title, const QString &text)
{
    // A desktop notification where the desktop has a tray; elsewhere the taskbar entry asks for attention and
    // the status bar (already set) says what happened.
    if (QSystemTrayIcon::isSystemTrayAvailable()) {
        if (!m_tray) {
            m_tray = new QSystemTrayIcon(m_window->windowIcon(), this);
            m_tray->setToolTip(tr("kfx GPU measurements"));
        }
        m_tray->show();
        m_tray->showMessage(title, text);
        return;
    }
    QApplication::alert(m_window);
}

void MeasureController::showSettings()
{
    MeasureSettingsDialog dialog(m_queue->settings(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const auto settings = dialog.settings();
    settings.save();
    m_queue->setSettings(settings);
}
