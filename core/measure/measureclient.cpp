#include "measureclient.h"

#include <sstream>

namespace kfx::measure {

namespace {
constexpr std::size_t kLogTailInMessage = 2000;

std::string failureResult(const std::string &id, std::string_view kind,
                          const std::vector<std::pair<std::string_view, std::string>> &fields)
{
    JsonWriter writer;
    beginResult(writer, id, kind);
    for (const auto &[name, text] : fields)
        writer.field(name, text);
    return writer.endObject().take();
}

std::string workerLogTail(const std::string &text)
{
    return text.size() <= kLogTailInMessage ? text : text.substr(text.size() - kLogTailInMessage);
}
} // namespace

MeasureClient::MeasureClient(std::vector<std::string> command) : m_command(std::move(command)) {}

std::vector<std::string> MeasureClient::withLaunchPrefix(std::string_view prefix, std::vector<std::string> command)
{
    std::vector<std::string> result;
    std::istringstream words{std::string(prefix)};
    for (std::string word; words >> word;)
        result.push_back(word);
    result.insert(result.end(), command.begin(), command.end());
    return result;
}

bool MeasureClient::ensureRunning(std::string &error)
{
    if (m_worker.running())
        return true;
    std::lock_guard lock(m_writeMutex);
    ++m_starts;
    return m_worker.start(m_command, error);
}

std::string MeasureClient::call(const std::string &id, const std::string &request, std::chrono::milliseconds timeout,
                                const ProgressHandler &progress)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string error;
    if (!ensureRunning(error))
        return failureResult(id, "infrastructure_failure", {{"reason", error}});
    bool written = false;
    {
        std::lock_guard lock(m_writeMutex);
        written = m_worker.writeLine(request);
    }
    // A worker that exited since the last check (its own sticky-error exit) is restarted once.
    if (!written) {
        m_worker.stop();
        if (!ensureRunning(error))
            return failureResult(id, "infrastructure_failure", {{"reason", error}});
        std::lock_guard lock(m_writeMutex);
        written = m_worker.writeLine(request);
    }
    for (std::string line;;) {
        const auto status = written ? m_worker.readLine(deadline, line) : ChildProcess::ReadStatus::Closed;
        if (status == ChildProcess::ReadStatus::TimedOut) {
            m_worker.stop();
            return failureResult(
                id, "timeout",
                {{"runtime_error_name", "Timeout"},
                 {"runtime_error",
                  "no result within " + std::to_string(timeout.count()) + " ms; the worker was stopped"}});
        }
        if (status == ChildProcess::ReadStatus::Closed) {
            m_worker.stop();
            const std::string exit = m_worker.exitStatus() ? std::to_string(*m_worker.exitStatus()) : "unknown";
            // worker_lost: the request itself may be fine (the node went away), so a caller may send it again.
            JsonWriter writer;
            beginResult(writer, id, "infrastructure_failure")
                .field("reason",
                       "the worker exited (status " + exit + ") without answering: " + workerLogTail(m_worker.log()))
                .field("worker_lost", true);
            return writer.endObject().take();
        }
        ResponseHeader header;
        try {
            header = parseResponseHeader(line);
        } catch (const ProtocolError &) {
            continue; // not ours to route (a banner printed by a launch prefix, say)
        }
        if (header.id != id)
            continue; // a cancel's acknowledgement, or a late line of a request given up on
        if (header.isResult) {
            // The worker is on its way out; stopping it now keeps the next request from reaching a dying process.
            if (header.workerExits)
                m_worker.stop();
            return line;
        }
        if (progress)
            progress(line);
    }
}

void MeasureClient::cancel(const std::string &id, const std::string &target)
{
    std::lock_guard lock(m_writeMutex);
    m_worker.writeLine(cancelRequest(id, target));
}

std::string MeasureClient::workerLog() const
{
    return m_worker.log();
}

} // namespace kfx::measure
