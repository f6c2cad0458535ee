#pragma once

#include "protocol.h"
#include "pythonforkserver.h"
#include "pythontask.h"

#include <atomic>
#include <functional>
#include <string>

namespace kfx::measure {

// The harness kfx ships for Python tasks: `<exe>/../share/kfx/harness` when the worker is installed, else the
// source tree's core/measure/harness (compiled in).
std::string defaultHarnessDirectory();

// Measures one candidate of a Python task in a process of its own running kfx_harness.py (PROTOCOL.md), forked by
// the worker's fork server, and supervises it: the harness's progress lines are forwarded with the request's id,
// its result line becomes the worker's result line, and whatever ends the process without a result (a timeout, a
// cancel, a crash, sys.exit, the OOM killer) becomes a result of its own. Everything the candidate started is
// killed afterwards, so nothing outlives its measurement. Never throws for anything the candidate does.
class PythonMeasurement {
public:
    using ProgressSink = std::function<void(const std::string &line)>;
    PythonMeasurement(const Request &request, PythonTask task, PythonForkServer &server)
        : m_request(request)
        , m_task(std::move(task))
        , m_server(server)
    {
    }

    // Returns the result line.
    std::string run(const std::atomic<bool> &cancelled, const ProgressSink &progress);

private:
    std::string infrastructureFailure(const std::string &reason) const;
    std::string runtimeError(std::string_view name, const std::string &message, const std::string &log) const;
    // The answer when the harness's process wrote `count` > 1 result lines: a candidate forged one.
    std::string forgedResult(std::size_t count) const;

    const Request &m_request;
    PythonTask m_task;
    PythonForkServer &m_server;
};

} // namespace kfx::measure
