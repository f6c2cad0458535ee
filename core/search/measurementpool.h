#pragma once

#include "measure/measureclient.h"
#include "measure/protocol.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace kfx::search {

// One candidate's measurement as a search log keeps it.
struct MeasuredCandidate {
    std::string evaluationJson;   // Evaluation (spec §3.5); empty when the measurement failed outright
    std::optional<double> reward; // the aggregated speedup on success
    std::string failureReason;    // evaluation_failed's reason (a timeout), else empty
    double gpuSeconds = 0.0;      // what the measurement cost, for a budget in GPU-seconds
};

// Measures one candidate at a time. Each instance is used by one thread, but for abort().
class Measurer {
public:
    virtual ~Measurer() = default;
    // Gets ready to measure (a worker's job waiting in a queue until it runs); the pool's thread calls it before
    // it takes any candidate, so that a worker that never starts holds none back. Must not throw.
    virtual void start() {}
    virtual MeasuredCandidate measure(const std::string &code, const std::string &label) = 0;
    // From another thread, when the pool goes: start() or measure() in progress returns (or throws) soon.
    virtual void abort() {}
};

// How a pool's workers are started: the command of each worker slot (kfx-measure behind a launch prefix, or a
// cluster manager's job), how long a fresh worker may take to answer (a job waiting in a queue), and whether the
// launcher is shutting down (an interrupt), when a lost worker must not be started again. The pool knows nothing
// of what runs the workers.
class WorkerLauncher {
public:
    virtual ~WorkerLauncher() = default;
    // The command line of worker `slot`; the same each time that worker is started again.
    virtual std::vector<std::string> command(int slot) const = 0;
    virtual std::chrono::milliseconds startTimeout(std::chrono::milliseconds requestTimeout) const
    {
        return requestTimeout;
    }
    virtual bool stopping() const { return false; }
    // Where a worker's loss and restart is reported (kfx-cli's stderr); called from the measuring threads.
    std::function<void(const std::string &line)> notice;
};

// Thrown by a measurer whose worker was lost while its launcher is stopping: the batch ends, nothing more is
// measured, and no result is made up for the kernels that were in flight.
class WorkersStopped : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A kfx-measure worker (PROTOCOL.md), possibly behind a launch prefix: one per GPU. A worker that exits without
// answering (its node lost, kill -9) is started again and its kernel sent once more; lost a second time, that
// kernel fails with a message saying so.
class WorkerMeasurer final : public Measurer {
public:
    // Each kernel is measured by `request` (task directory, timing protocol, Python interpreter and device) with
    // the kernel's code as its candidate.
    WorkerMeasurer(std::vector<std::string> command, measure::MeasureOptions request,
                   std::chrono::milliseconds timeout);
    // Worker `slot` of `launcher`, which must outlive the measurer.
    WorkerMeasurer(const WorkerLauncher &launcher, int slot, measure::MeasureOptions request,
                   std::chrono::milliseconds timeout);
    void start() override;
    MeasuredCandidate measure(const std::string &code, const std::string &label) override;
    void abort() override;
    // The worker's device_info result line (for the v3 log's hardware).
    std::string deviceInfo();

private:
    // A freshly started worker's first request, with the launcher's start timeout, so that a job waiting in a
    // queue does not use up a measurement's timeout: its answer, and m_started set unless the worker was lost.
    std::string startWorker();
    // The result line of one request, the worker started first where it has a launcher and is not yet started.
    std::string call(const std::string &id, const std::string &request);
    void stopIfLauncherStops() const;
    void notice(const std::string &line) const;

    const WorkerLauncher *m_launcher = nullptr;
    int m_slot = 0;
    measure::MeasureClient m_client;
    measure::MeasureOptions m_request;
    std::chrono::milliseconds m_timeout;
    bool m_started = false;
    std::atomic<bool> m_aborted{false};
    int m_requests = 0;
};

// Several measurers kept busy on one batch: each, on a thread of its own for the pool's life, takes the next
// unmeasured candidate as soon as it is started and free.
// Results are handed back in the batch's order, each as soon as it and all before it are done, so a log written
// from them is the same whatever the workers' speeds. A measurer's exception (WorkersStopped) ends the batch: it is
// rethrown to measureAll's caller, and the results not yet handed back are dropped.
class MeasurementPool {
public:
    explicit MeasurementPool(std::vector<std::unique_ptr<Measurer>> measurers);
    MeasurementPool(MeasurementPool &&) noexcept;
    MeasurementPool &operator=(MeasurementPool &&) noexcept;
    // Aborts the measurers still busy (a worker whose job never started) and joins their threads.
    ~MeasurementPool();

    struct Job {
        std::string code;
        std::string label;
    };
    using InOrder = std::function<void(std::size_t index, MeasuredCandidate &result)>;
    void measureAll(std::span<const Job> jobs, const InOrder &done);

    std::size_t size() const;

private:
    struct Shared;
    std::unique_ptr<Shared> m_shared;
};

} // namespace kfx::search
