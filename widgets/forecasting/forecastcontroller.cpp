#include "forecastcontroller.h"

#include "common/elidedlabel.h"
#include "forecastrunner.h"
#include "llmsettingsdialog.h"
#include "population/populationmodel.h"
#include "session/forecastsourcechoice.h"
#include "session/gatecandidates.h"
#include "session/session.h"
#include "session/sessionworkspace.h"
#include "session/tasklocator.h"
#include "surrogate/searchpairs.h"

#include <QAction>
#include <QFile>
#include <QItemSelectionModel>
#include <QMenu>
#include <QProgressBar>
#include <QSettings>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>
#include <utility>

namespace {

// Long enough to read that the surrogate is retraining, or has.
constexpr int kBackgroundMessageMs = 8000;
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

} // namespace

ForecastController::ForecastController(Session *session, ForecastSourceChoice *sources, QTreeView *tree,
                                       QWidget *window)
    : QObject(window)
    , m_session(session)
    , m_sources(sources)
    , m_tree(tree)
    , m_window(window)
    , m_runner(new ForecastRunner(this))
{
    createActions(window);
    createStatusWidgets(window);
    // A run stops before the session closes the workspace it writes to, to show another search.
    connect(m_session, &Session::leavingSearch, this, &ForecastController::abandon);
    connect(m_runner, &ForecastRunner::stageChanged, this,
            [this](const QString &what) { showForecastStatus(what, true); });
    connect(m_runner, &ForecastRunner::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("%1 of %2").arg(done).arg(total));
    });
    connect(m_runner, &ForecastRunner::finished, this, &ForecastController::onRunFinished);
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
    connect(m_runner, &ForecastRunner::rowsNotSaved, m_session->workspace(), &SessionWorkspace::report);
    // A finished run's line still shown says afresh whether its forecasts are the ones shown.
    connect(m_sources, &ForecastSourceChoice::chosen, this, [this] {
        if (m_lastRunStatusShown && !m_runner->isRunning())
            showLastRunStatus();
    });
}

void ForecastController::createActions(QWidget *window)
{
    auto *menu = new QMenu(tr("F&orecast"), window);
    m_parts.menus << menu;
    auto *selected = menu->addAction(tr("&Forecast Selected Kernels"), this, &ForecastController::forecastSelected);
    selected->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+F")));
    menu->addAction(tr("Forecast &Kernels Without a Forecast"), this, &ForecastController::forecastMissing);
    m_cancel = menu->addAction(tr("&Stop Forecasting"), m_runner, &ForecastRunner::cancel);
    m_cancel->setObjectName(QStringLiteral("stopForecasting"));
    m_cancel->setEnabled(false);
    m_forecastOnOpen = menu->addAction(tr("Forecast When &Opening"));
    m_forecastOnOpen->setObjectName(QStringLiteral("forecastOnOpen"));
    m_forecastOnOpen->setToolTip(tr("Forecast a search that has no forecasts with the embedded surrogate as soon "
                                    "as it is opened, learning from every open search"));
    m_forecastOnOpen->setCheckable(true);
    m_forecastOnOpen->setChecked(QSettings().value(kForecastOnOpenKey, true).toBool());
    connect(m_forecastOnOpen, &QAction::toggled, this, [](bool on) { QSettings().setValue(kForecastOnOpenKey, on); });
    menu->addSeparator();
    m_useLlm = menu->addAction(tr("Forecast with the &LLM Surrogate"));
    m_useLlm->setCheckable(true);
    m_useLlm->setToolTip(tr("Ask the configured OpenAI-compatible server instead of the embedded model"));
    m_useLlm->setEnabled(LlmSettingsDialog::isConfigured(LlmSettingsDialog::load()));
    menu->addAction(tr("LLM Surrogate &Settings…"), this, &ForecastController::showLlmSettings);
}

void ForecastController::createStatusWidgets(QWidget *window)
{
    // A status that names its model runs long ("… pretrained on the NVIDIA H100 80GB HBM3 corpus, never saw this
    // task, continued step by step"): shortened where the bar is narrow, whole in its tooltip. The line leads with
    // what matters ("Not shown (…)", the count), so it is shortened at its end.
    m_label = new ElidedLabel(window);
    m_label->setElideMode(Qt::ElideRight);
    // At most about half a 1366 px bar: the rest is the window's messages', which QStatusBar cuts mid-word.
    m_label->setMaximumWidth(m_label->fontMetrics().averageCharWidth() * 60);
    m_progress = new QProgressBar(window);
    m_progress->setMaximumWidth(160);
    m_progress->setAccessibleName(tr("Forecast progress"));
    m_cancelButton = new QToolButton(window);
    m_cancelButton->setText(tr("Stop"));
    m_cancelButton->setToolTip(tr("Stop forecasting; answers received so far are kept"));
    connect(m_cancelButton, &QToolButton::clicked, m_runner, &ForecastRunner::cancel);
    m_parts.statusWidgets << m_label << m_progress << m_cancelButton;
    m_label->hide();
    m_progress->hide();
    m_cancelButton->hide();
}

void ForecastController::setShownSearch(const SearchWithForecasts &search, const QString &path)
{
    m_shown = search;
    m_shownPath = path;
}

void ForecastController::abandon()
{
    m_runner->abandon();
    m_runner->setWorkspace(nullptr);
    m_forecastWhenIdle = false;
    Q_EMIT forecastNotice({});
}

std::vector<kfx::ComparisonPair> ForecastController::trainingPairs() const
{
    const auto openSearches = m_session->openSearches();
    const bool shownIsOpen = std::any_of(openSearches.begin(), openSearches.end(),
                                         [this](const auto &search) { return search.path == m_shownPath; });
    if (!shownIsOpen || !m_shown)
        return {}; // a search shown on its own learns from itself
    // In file order whichever search is shown, so that searches opened together share one model.
    std::vector<kfx::ComparisonPair> pairs;
    for (const auto &search : openSearches) {
        // The search shown with the workspace's measurements folded in.
        const auto &population = search.path == m_shownPath ? m_shown.search() : search.population;
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

void ForecastController::forecastWhatTheWindowHasNot()
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
    const auto &shown = *m_shown.search();
    const auto forecastByTheWindow = m_shown.forecastBy(forecastrecords::kEmbeddedSource);
    std::vector<std::size_t> nodes;
    bool searchForecastSome = false;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const auto &node = shown.node(i);
        if (!gatecandidates::isCandidate(node) || node.code.empty() || forecastByTheWindow[i])
            continue;
        searchForecastSome = searchForecastSome || gatecandidates::forecastOf(node)
            || gatecandidates::modelDeferred(node);
        nodes.push_back(i);
    }
    // Asked only now: reading the pretrained model takes a second, and a reopened search has nothing left to forecast.
    if (nodes.empty() || (searchForecastSome && !m_runner->hasPretrainedModel(shown)))
        return; // the search forecast them: without a held-out model, what is missing is asked for by hand
    startForecast(std::move(nodes), true);
}

bool ForecastController::forecastSelected()
{
    auto rows = m_tree->selectionModel()->selectedRows();
    if (rows.isEmpty() && m_tree->currentIndex().isValid())
        rows << m_tree->currentIndex();
    std::vector<std::size_t> nodes;
    for (const auto &index : rows) {
        const auto node = std::size_t(index.data(PopulationModel::NodeIndexRole).toULongLong());
        // The seed and placeholders are never forecast; broken kernels are, as a search forecasts before it measures.
        if (m_shown && node < m_shown.search()->size() && gatecandidates::isCandidate(m_shown.search()->node(node)))
            nodes.push_back(node);
    }
    return startForecast(std::move(nodes));
}

bool ForecastController::forecastMissing()
{
    if (!m_shown)
        return startForecast({});
    // Without a forecast by the surrogate that will answer, whose forecasts are then shown: every candidate has one.
    const auto answering = m_useLlm->isChecked() ? forecastrecords::llmSource(LlmSettingsDialog::load().model)
                                                 : std::string(forecastrecords::kEmbeddedSource);
    return startForecast(gatecandidates::candidatesWithoutForecast(*m_shown.seenBy(answering)));
}

bool ForecastController::startForecast(std::vector<std::size_t> nodes, bool automatic)
{
    // Models and answers are kept in this data's workspace (or in memory when it has none).
    if (!m_runner->isRunning())
        m_runner->setWorkspace(m_session->workspace()->current());
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
            || (source == ForecastRunner::Source::Pretrained && m_shown
                && !m_runner->hasPretrainedModel(*m_shown.search()));
        m_runner->setTrainingPairs(trains ? trainingPairs() : std::vector<kfx::ComparisonPair>{});
    }
    const bool started = m_runner->start(m_shown.search(), std::move(nodes), source,
                                         llm ? LlmSettingsDialog::load() : kfx::surrogate::LlmSettings{});
    if (started) {
        m_chooseWhenDone = !automatic;
        m_cancel->setEnabled(true);
        m_progress->show();
        m_cancelButton->show();
    }
    return started;
}

void ForecastController::onRunFinished(const QString &summary)
{
    const auto &outcome = m_runner->outcome();
    m_lastRunSummary = summary;
    m_lastRunSource = outcome.forecasts->empty() ? std::string() : outcome.forecasts->front().second.source;
    if (outcome.forecasts->empty())
        return onForecastsShown();
    // The run's line and its signal come once its forecasts are in the views. Forecasts asked for by hand are the
    // ones the person wants to see.
    Q_EMIT forecastsMade(outcome.forecasts, m_lastRunSource, std::exchange(m_chooseWhenDone, false));
}

void ForecastController::onForecastsShown()
{
    showLastRunStatus();
    Q_EMIT forecastFinished();
    if (std::exchange(m_forecastWhenIdle, false))
        forecastWhatTheWindowHasNot();
}

void ForecastController::pointRunnerAtShownTask()
{
    m_runner->setFileTask(kfx::surrogate::taskFromFileName(QFile::encodeName(m_shownPath).toStdString()));
    m_runner->setTaskReference(m_shown ? taskReferenceOf(m_shownPath, *m_shown.search()) : std::string());
}

void ForecastController::retrainOnMeasurements()
{
    if (!m_runner->isRunning()) // a run keeps the workspace it started with
        m_runner->setWorkspace(m_session->workspace()->current());
    m_runner->setTrainingPairs(trainingPairs());
    pointRunnerAtShownTask();
    m_runner->measurementsAdded(m_shown.search());
}

void ForecastController::showLastRunStatus()
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

void ForecastController::showForecastStatus(const QString &text, bool running)
{
    m_forecastStatus = text;
    m_lastRunStatusShown = false;
    m_label->setFullText(text);
    m_label->setVisible(!text.isEmpty());
    m_progress->setVisible(running);
    m_cancelButton->setVisible(running);
    m_cancel->setEnabled(running);
}

void ForecastController::showLlmSettings()
{
    LlmSettingsDialog dialog(m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_useLlm->setEnabled(LlmSettingsDialog::isConfigured(dialog.settings()));
}
