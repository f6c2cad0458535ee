#pragma once

#include "search/simulation.h"
#include "trustsettings.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

// A search pair simulated over many seeds on a measured landscape (issue 24), as `kfx-cli search --landscape
// --seeds` does, off the GUI thread: the equal-budget baseline and the selective search a Search → Run… starts by
// default, each seed answered from recorded H100 measurements, never live ones. One pair's result is one draw of
// luck; the seeds' bands say what the searches do. Stop ends it once the seeds under way are done; destroying it
// stops it and waits.
class SeedSimulation : public QObject {
    Q_OBJECT
public:
    struct Request {
        QString mutations; // the task's template mutations (resources/corpus/<task>)
        QString landscape; // the folder of measured landscapes (resources/landscape)
        int seeds = 200;
        int budget = 0; // GPU measurements each search spends
        // How the selective search chooses what to measure, and at what threshold, coverage or risk.
        kfx::search::SelectionPolicy policy = kfx::search::SelectionPolicy::TopK;
        TrustSettings trust;
    };
    // What kfx has for `task`: its mutations and landscape beside kfx's bundled tasks; none when either is
    // missing (a task outside the landscapes, or an installed kfx without them).
    static std::optional<Request> requestFor(const QString &task, int seeds, int budget);

    explicit SeedSimulation(QObject *parent = nullptr);
    ~SeedSimulation() override;

    // Refused while one runs.
    bool start(const Request &request);
    void stop();
    bool isRunning() const { return m_running; }
    // The last finished simulation's report; none before one finished.
    const kfx::search::SimulationReport *report() const { return m_report.get(); }
    // What the simulation running, or the last one, was asked.
    const Request &request() const { return m_request; }

Q_SIGNALS:
    void progress(int seedsDone, int seeds);
    void finished();
    // Stopped by the user after this many seeds, none of which is kept.
    void stopped(int seedsDone);
    void failed(const QString &reason);

private:
    void work(const Request &request);
    template<typename F>
    void post(F &&function);

    std::thread m_thread;
    std::atomic<bool> m_stopRequested{false};
    Request m_request;
    bool m_running = false;
    int m_seedsDone = 0; // on the GUI thread, counted from progress
    std::shared_ptr<const kfx::search::SimulationReport> m_report;
};
