#pragma once

#include "measure/protocol.h"
#include "search/searchdriver.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

// What Search → Run… asks for: one search, optionally with its equal-budget baseline after it.
struct SearchRunRequest {
    QString task;             // the task directory; empty: the pool's own task
    QString pool;             // a candidate pool directory (a stand-in for the LLM), or
    QString llmUrl, llmModel; // an OpenAI-compatible chat server proposing the mutations
    kfx::search::SearchConfig config;
    bool baseline = false;
    int workers = 1;
    std::vector<std::string> workerCommand; // a kfx-measure, launch prefix included
    // Each kernel's request: timing protocol, Python interpreter and device (its task directory is set by the run).
    kfx::measure::MeasureOptions measure;
    int timeoutMs = 120000;
    QString log;
};

// Runs kfx's SearchDriver off the GUI thread: the search, then its baseline. Pause and Stop both end the driver at
// its next event, keeping the log; a paused run resumes from its log (SearchDriver::run(true)), a stopped one does
// not. Destroying the runner stops a run and waits for it, so the log is left whole.
class SearchRunner : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Running, Pausing, Paused, Stopping, Stopped, Finished, Failed };
    Q_ENUM(State)

    explicit SearchRunner(QObject *parent = nullptr);
    ~SearchRunner() override;

    // Starts a fresh run (the logs must not exist or be empty); refused while one is running.
    bool start(SearchRunRequest request);
    void pause();
    bool resume();
    void stop();
    // Stops and waits for the thread: the window is closing.
    void stopAndWait();

    State state() const { return m_state; }
    const SearchRunRequest &request() const { return m_request; }
    // The logs of the runs, the search's first (the baseline's second when asked for).
    QStringList logs() const;
    // Whether a pause can be resumed: the log records measurements, not GPU-seconds, so only a budget in
    // measurements survives a pause.
    bool canPause() const { return m_request.config.budgetMeasurements.has_value(); }

Q_SIGNALS:
    void stateChanged(SearchRunner::State state);
    // A driver's progress line; `run` is the index in logs().
    void progress(int run, const QString &line);
    // A run's log holds its first step (sent on every start and resume: a resume rewrites the open step).
    void logWritten(int run, const QString &path);
    void failed(const QString &reason);

private:
    void launch(int firstRun, bool resume);
    void work(int firstRun, bool resume);
    kfx::search::SearchOutcome runDriver(kfx::search::SearchDriver &driver, bool resume);
    void joinThread();
    void setState(State state);
    // Runs on the GUI thread, in order, after the worker thread posted it.
    template<typename F>
    void post(F &&function);

    SearchRunRequest m_request;
    State m_state = State::Idle;
    int m_currentRun = 0;
    std::thread m_thread;
    std::mutex m_driverMutex;
    kfx::search::SearchDriver *m_driver = nullptr; // the driver running now, guarded by m_driverMutex
    std::atomic<bool> m_stopRequested{false};
};
