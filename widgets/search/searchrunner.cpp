#include "searchrunner.h"

#include "search/candidateforecaster.h"
#include "search/llmmutator.h"
#include "search/searchworkers.h"
#include "search/selectiveforecaster.h"
#include "search/standinsource.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <filesystem>

using namespace kfx::search;

namespace {

// The worker's reason for answering device_info with no device ("no CUDA device: …"), never its JSON.
QString deviceProblemReason(const std::string &answer)
{
    const auto reason =
        QJsonDocument::fromJson(QByteArray::fromStdString(answer)).object().value(QStringLiteral("reason")).toString();
    return reason.isEmpty() ? SearchRunner::tr("the worker gave no device information") : reason;
}

} // namespace

SearchRunner::SearchRunner(QObject *parent) : QObject(parent) {}

SearchRunner::~SearchRunner()
{
    stopAndWait();
}

QStringList SearchRunner::logs() const
{
    QStringList logs{m_request.log};
    if (m_request.baseline)
        logs << QString::fromStdString(defaultBaselineLog(m_request.log.toStdString()));
    return logs;
}

bool SearchRunner::start(SearchRunRequest request)
{
    if (m_state == State::Running || m_state == State::Pausing || m_state == State::Stopping)
        return false;
    joinThread();
    m_request = std::move(request);
    launch(0, false);
    return true;
}

bool SearchRunner::resume()
{
    if (m_state != State::Paused)
        return false;
    joinThread();
    launch(m_currentRun, true);
    return true;
}

void SearchRunner::pause()
{
    if (m_state != State::Running || !canPause())
        return;
    setState(State::Pausing);
    m_stopRequested = true;
    const std::lock_guard lock(m_driverMutex);
    if (m_driver)
        m_driver->stopRequested = true;
}

void SearchRunner::stop()
{
    if (m_state == State::Paused) {
        setState(State::Stopped);
        return;
    }
    if (m_state != State::Running && m_state != State::Pausing)
        return;
    setState(State::Stopping);
    m_stopRequested = true;
    const std::lock_guard lock(m_driverMutex);
    if (m_driver)
        m_driver->stopRequested = true;
}

void SearchRunner::stopAndWait()
{
    stop();
    joinThread();
}

void SearchRunner::joinThread()
{
    if (m_thread.joinable())
        m_thread.join();
}

void SearchRunner::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

template<typename F>
void SearchRunner::post(F &&function)
{
    // Dropped with the runner: nothing posted outlives it.
    QMetaObject::invokeMethod(this, std::forward<F>(function), Qt::QueuedConnection);
}

void SearchRunner::launch(int firstRun, bool resume)
{
    m_stopRequested = false;
    m_currentRun = firstRun;
    setState(State::Running);
    m_thread = std::thread([this, firstRun, resume] { work(firstRun, resume); });
}

SearchOutcome SearchRunner::runDriver(SearchDriver &driver, bool resume)
{
    // pause() and stop() reach the driver while it runs, and never after.
    struct Published {
        SearchRunner &runner;
        Published(SearchRunner &r, SearchDriver &running) : runner(r)
        {
            const std::lock_guard lock(runner.m_driverMutex);
            runner.m_driver = &running;
            running.stopRequested = runner.m_stopRequested.load();
        }
        ~Published()
        {
            const std::lock_guard lock(runner.m_driverMutex);
            runner.m_driver = nullptr;
        }
    } published(*this, driver);
    return driver.run(resume);
}

void SearchRunner::work(int firstRun, bool resume)
{
    // Everything the thread reads of the request is copied here: the GUI thread may start another once it ends.
    const auto request = m_request;
    const auto logs = this->logs();
    try {
        std::unique_ptr<MutationSource> source;
        std::string task = request.task.toStdString();
        if (!request.pool.isEmpty()) {
            auto standIn = openStandInSource(request.pool.toStdString());
            if (task.empty())
                task = standIn.taskDirectory;
            source = std::move(standIn.source);
        } else {
            LlmMutatorSettings settings;
            settings.endpoint = request.llmUrl.toStdString();
            settings.model = request.llmModel.toStdString();
            source = std::make_unique<LlmMutator>(settings, task);
        }
        auto measure = request.measure;
        measure.taskDirectory = task;
        auto workers = startSearchWorkers(request.workerCommand, measure, request.workers,
                                          std::chrono::milliseconds(request.timeoutMs));
        // Before any log is written: with no device, every kernel would be logged as a failure to measure.
        if (!workers.deviceProblem.empty()) {
            const auto reason = deviceProblemReason(workers.deviceProblem);
            post([this, reason] {
                setState(State::Failed);
                Q_EMIT failed(reason);
            });
            return;
        }
        for (int run = firstRun; run < logs.size(); ++run) {
            auto config = request.config;
            if (run > 0) {
                // The baseline: the standard search, with the search's seed, budget and mutations.
                const SearchConfig standard;
                config.mode = SearchMode::Standard;
                config.samplesPerParent = standard.samplesPerParent;
                config.kPerParent = standard.kPerParent;
                config.explorationShare = standard.explorationShare;
            }
            config.taskName = std::filesystem::path(task).filename().string();
            config.hardware = workers.hardware;
            // The forecaster kfx-cli search gives a selective search by default, so that a search run here and one
            // run there are the same search.
            std::unique_ptr<CandidateForecaster> forecaster;
            if (config.mode == SearchMode::Selective) {
                auto made = embeddedSearchForecaster(selectiveForecastContext(config, task, source->seedCode()),
                                                     config.taskName);
                forecaster = std::move(made.forecaster);
                if (!made.notice.empty()) {
                    const auto notice = QString::fromStdString(made.notice);
                    post([this, run, notice] { Q_EMIT progress(run, notice); });
                }
            }
            const auto log = logs[run];
            SearchDriver driver(config, *source, workers.pool, forecaster.get(), log.toStdString());
            bool announced = false;
            driver.progress = [this, run, log, &announced](const std::string &line) {
                const auto text = QString::fromStdString(line);
                const bool first = !announced;
                announced = true;
                post([this, run, log, text, first] {
                    if (first)
                        Q_EMIT logWritten(run, log);
                    Q_EMIT progress(run, text);
                });
            };
            const bool resumeThis = resume && run == firstRun && QFileInfo(log).size() > 0;
            const auto outcome = runDriver(driver, resumeThis);
            // Stopped mid-run, this run resumes; stopped between runs, the next one starts.
            const int next = outcome.stopped ? run : run + 1;
            if (next < logs.size() && (outcome.stopped || m_stopRequested)) {
                post([this, next] {
                    m_currentRun = next;
                    setState(m_state == State::Pausing ? State::Paused : State::Stopped);
                });
                return;
            }
        }
        post([this] { setState(State::Finished); });
    } catch (const std::exception &error) {
        const auto reason = QString::fromStdString(error.what());
        post([this, reason] {
            setState(State::Failed);
            Q_EMIT failed(reason);
        });
    }
}
