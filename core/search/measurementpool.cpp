#include "measurementpool.h"

#include "io/jsonfields.h"
#include "measure/evaluationrecord.h"
#include "measure/protocol.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

namespace kfx::search {

namespace {

// Why the worker was lost when `line` is the infrastructure_failure MeasureClient makes of a worker that exited
// without answering (worker_lost); empty for every other line.
std::string lostReason(const std::string &line)
{
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    simdjson::dom::object object;
    const simdjson::padded_string text(line);
    if (parser.parse(text).get(root) || root.get_object().get(object))
        return {};
    try {
        if (!json::optionalBool(object, "worker_lost").value_or(false))
            return {};
        // Its first line and its last: between them is the worker's stderr (srun's own lines, say), which the
        // log keeps in full.
        const auto reason = json::optionalString(object, "reason").value_or("no reason given");
        const auto first = reason.substr(0, reason.find('\n'));
        auto rest = reason.substr(first.size());
        while (!rest.empty() && rest.back() == '\n')
            rest.remove_suffix(1);
        const auto last = rest.substr(rest.find_last_of('\n') + 1);
        return std::string(first) + (last.empty() ? "" : " ... ") + std::string(last);
    } catch (const json::FieldError &) {
        return {};
    }
}

} // namespace

WorkerMeasurer::WorkerMeasurer(std::vector<std::string> command, measure::MeasureOptions request,
                               std::chrono::milliseconds timeout)
    : m_client(std::move(command))
    , m_request(std::move(request))
    , m_timeout(timeout)
{
}

WorkerMeasurer::WorkerMeasurer(const WorkerLauncher &launcher, int slot, measure::MeasureOptions request,
                               std::chrono::milliseconds timeout)
    : m_launcher(&launcher)
    , m_slot(slot)
    , m_client(launcher.command(slot))
    , m_request(std::move(request))
    , m_timeout(timeout)
{
}

void WorkerMeasurer::stopIfLauncherStops() const
{
    if (m_aborted || (m_launcher && m_launcher->stopping()))
        throw WorkersStopped("the workers were stopped");
}

std::string WorkerMeasurer::startWorker()
{
    stopIfLauncherStops();
    const auto answer = m_client.call("start", measure::deviceInfoRequest("start", m_request.device),
                                      m_launcher->startTimeout(m_timeout));
    m_started = lostReason(answer).empty();
    if (!m_started)
        stopIfLauncherStops();
    return answer;
}

void WorkerMeasurer::start()
{
    if (!m_launcher || m_started)
        return;
    try {
        startWorker();
    } catch (const WorkersStopped &) {
        // Nothing was in flight; the next measure() tells its caller.
    }
}

void WorkerMeasurer::abort()
{
    m_aborted = true;
    m_client.abort();
}

void WorkerMeasurer::notice(const std::string &line) const
{
    if (m_launcher && m_launcher->notice)
        m_launcher->notice(line);
}

std::string WorkerMeasurer::call(const std::string &id, const std::string &request)
{
    stopIfLauncherStops();
    if (m_launcher && !m_started) {
        auto answer = startWorker();
        if (!m_started)
            return answer;
    }
    std::string line = m_client.call(id, request, m_timeout);
    if (!lostReason(line).empty()) {
        m_started = false;
        stopIfLauncherStops();
    }
    return line;
}

MeasuredCandidate WorkerMeasurer::measure(const std::string &code, const std::string &label)
{
    measure::MeasureOptions options = m_request;
    options.candidateSource = code;
    options.candidateLabel = label;
    const std::string id = std::to_string(++m_requests);
    const std::string request = measure::measureRequest(id, options);
    auto start = std::chrono::steady_clock::now();
    std::string line = call(id, request);
    const std::string worker = "worker " + std::to_string(m_slot + 1);
    if (const auto lost = lostReason(line); !lost.empty()) {
        notice(worker + " was lost while measuring " + label + " (" + lost + "); starting it again to measure " + label
               + " once more");
        start = std::chrono::steady_clock::now();
        line = call(id, request);
        if (const auto again = lostReason(line); !again.empty()) {
            MeasuredCandidate result;
            result.failureReason = "the worker was lost twice while measuring " + label + ": " + again;
            notice(worker + ": " + result.failureReason);
            return result;
        }
    }
    MeasuredCandidate result;
    result.gpuSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    const simdjson::padded_string text(line);
    if (parser.parse(text).get(root)) {
        result.failureReason = "unreadable worker result: " + line;
        return result;
    }
    try {
        const auto object = json::asObject(root, "result");
        if (json::requiredString(object, "kind") == "timeout") {
            // The reference's driver answers a request past per_request_timeout_s with evaluation_failed.
            char reason[64];
            std::snprintf(reason, sizeof reason, "timeout after %.1fs", double(m_timeout.count()) / 1000.0);
            result.failureReason = reason;
            return result;
        }
        if (auto elapsed = json::optionalNumber(object, "elapsed_ms"))
            result.gpuSeconds = *elapsed / 1000.0;
        result.evaluationJson = measure::evaluationJson(object, result.reward);
    } catch (const json::FieldError &error) {
        result.failureReason = std::string("worker result: ") + error.what();
    }
    return result;
}

std::string WorkerMeasurer::deviceInfo()
{
    return call("device", measure::deviceInfoRequest("device", m_request.device));
}

// What the pool's threads share. A batch's generation tells a measurement of an abandoned batch (done() threw,
// or another measurer did) from one of the batch now running, so that a late result is dropped, not misfiled.
struct MeasurementPool::Shared {
    std::vector<std::unique_ptr<Measurer>> measurers;
    std::mutex mutex;
    std::condition_variable work;  // a batch was handed out, or the pool is closing
    std::condition_variable ready; // a result or a failure came in
    std::vector<Job> jobs;
    std::size_t next = 0;
    std::uint64_t generation = 0;
    std::vector<std::optional<MeasuredCandidate>> results;
    std::exception_ptr failure; // the batch's first measurer exception, rethrown by measureAll
    bool closing = false;
    std::vector<std::jthread> threads; // last: they use the members above

    void serve(Measurer &measurer)
    {
        measurer.start();
        for (;;) {
            std::unique_lock lock(mutex);
            work.wait(lock, [&] { return closing || next < jobs.size(); });
            if (closing)
                return;
            const std::size_t index = next++;
            const std::uint64_t batch = generation;
            const Job job = jobs[index];
            lock.unlock();
            std::optional<MeasuredCandidate> result;
            std::exception_ptr error;
            try {
                result = measurer.measure(job.code, job.label);
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            if (batch != generation)
                continue;
            if (error && !failure) {
                failure = error;
                next = jobs.size(); // hand out nothing more
            }
            if (result)
                results[index] = std::move(result);
            ready.notify_all();
        }
    }
};

MeasurementPool::MeasurementPool(std::vector<std::unique_ptr<Measurer>> measurers)
    : m_shared(std::make_unique<Shared>())
{
    m_shared->measurers = std::move(measurers);
    for (auto &measurer : m_shared->measurers)
        m_shared->threads.emplace_back([shared = m_shared.get(), &measurer = *measurer] { shared->serve(measurer); });
}

MeasurementPool::MeasurementPool(MeasurementPool &&) noexcept = default;
MeasurementPool &MeasurementPool::operator=(MeasurementPool &&) noexcept = default;

MeasurementPool::~MeasurementPool()
{
    if (!m_shared)
        return;
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->closing = true;
    }
    m_shared->work.notify_all();
    for (auto &measurer : m_shared->measurers)
        measurer->abort();
    m_shared->threads.clear(); // joins
}

std::size_t MeasurementPool::size() const
{
    return m_shared->measurers.size();
}

void MeasurementPool::measureAll(std::span<const Job> jobs, const InOrder &done)
{
    if (jobs.empty())
        return;
    auto &shared = *m_shared;
    std::unique_lock lock(shared.mutex);
    shared.jobs.assign(jobs.begin(), jobs.end());
    shared.results.assign(jobs.size(), std::nullopt);
    shared.next = 0;
    shared.failure = nullptr;
    ++shared.generation;
    lock.unlock();
    shared.work.notify_all();
    // Whatever ends this batch early, the measurements still running are dropped when they come back.
    auto abandon = [&shared] {
        std::lock_guard guard(shared.mutex);
        shared.next = shared.jobs.size();
        ++shared.generation;
    };
    // The calling thread writes the log while the measurers work.
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        lock.lock();
        shared.ready.wait(lock, [&] { return shared.results[i].has_value() || shared.failure; });
        if (shared.failure) {
            const auto failure = shared.failure;
            lock.unlock();
            abandon();
            std::rethrow_exception(failure);
        }
        auto result = std::move(*shared.results[i]);
        lock.unlock();
        try {
            done(i, result);
        } catch (...) {
            abandon();
            throw;
        }
    }
}

} // namespace kfx::search
