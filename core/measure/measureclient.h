#pragma once

#include "childprocess.h"
#include "protocol.h"

#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::measure {

// Runs kfx-measure as a child process and turns each request into exactly one result line, whatever the worker
// does: it is started on first use, restarted after it exits (a sticky CUDA error ends it on purpose) and killed
// when a request outlasts its limit, so one bad kernel costs one result and never the caller.
class MeasureClient {
public:
    // `command` runs the worker, with any launch prefix already in front (see withLaunchPrefix).
    explicit MeasureClient(std::vector<std::string> command);

    // Splits a prefix such as "ssh gpu-box" or "srun --gres=gpu:1" on whitespace and puts it before `command`.
    static std::vector<std::string> withLaunchPrefix(std::string_view prefix, std::vector<std::string> command);

    using ProgressHandler = std::function<void(const std::string &line)>;
    // Sends `request` (a line from protocol.h whose id is `id`) and waits for its result. Progress lines go to
    // `progress`. On timeout the worker is killed and a "timeout" result is returned; when the worker cannot be
    // started or dies without answering, an "infrastructure_failure" result says why.
    std::string call(const std::string &id, const std::string &request, std::chrono::milliseconds timeout,
                     const ProgressHandler &progress = {});

    // Asks the worker to stop the measurement `target` between samples. Safe from another thread during call().
    void cancel(const std::string &id, const std::string &target);

    // Kills the worker from another thread: a call() in progress returns at once with an infrastructure_failure
    // result, and the next call starts a fresh worker. For shutting down while a kernel hangs.
    void abort() { m_worker.interrupt(); }

    // The worker's stderr since it was last started. Read it from the thread that calls call(), which fills it.
    std::string workerLog() const;
    // How many times the worker was started: restarts show up here.
    int starts() const { return m_starts; }

private:
    bool ensureRunning(std::string &error);

    std::vector<std::string> m_command;
    ChildProcess m_worker;
    std::mutex m_writeMutex;
    int m_starts = 0;
};

} // namespace kfx::measure
