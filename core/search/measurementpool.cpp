#include "measurementpool.h"

#include "io/jsonfields.h"
#include "measure/evaluationrecord.h"
#include "measure/protocol.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace kfx::search {

WorkerMeasurer::WorkerMeasurer(std::vector<std::string> command, std::string taskDirectory,
                               std::chrono::milliseconds timeout)
    : m_client(std::move(command))
    , m_task(std::move(taskDirectory))
    , m_timeout(timeout)
{
}

MeasuredCandidate WorkerMeasurer::measure(const std::string &code, const std::string &label)
{
    measure::MeasureOptions options;
    options.taskDirectory = m_task;
    options.candidateSource = code;
    options.candidateLabel = label;
    const std::string id = std::to_string(++m_requests);
    const auto start = std::chrono::steady_clock::now();
    const std::string line = m_client.call(id, measure::measureRequest(id, options), m_timeout);
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
    return m_client.call("device", measure::deviceInfoRequest("device"), m_timeout);
}

MeasurementPool::MeasurementPool(std::vector<std::unique_ptr<Measurer>> measurers) : m_measurers(std::move(measurers))
{
}

void MeasurementPool::measureAll(std::span<const Job> jobs, const InOrder &done)
{
    if (jobs.empty())
        return;
    std::vector<std::optional<MeasuredCandidate>> results(jobs.size());
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::condition_variable ready;
    auto work = [&](Measurer &measurer) {
        for (std::size_t i = next++; i < jobs.size(); i = next++) {
            auto result = measurer.measure(jobs[i].code, jobs[i].label);
            std::lock_guard lock(mutex);
            results[i] = std::move(result);
            ready.notify_one();
        }
    };
    // The calling thread writes the log while the measurers work.
    std::vector<std::jthread> threads;
    const std::size_t used = std::min(m_measurers.size(), jobs.size());
    for (std::size_t w = 0; w < used; ++w)
        threads.emplace_back([&, w] { work(*m_measurers[w]); });
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        std::unique_lock lock(mutex);
        ready.wait(lock, [&] { return results[i].has_value(); });
        auto result = std::move(*results[i]);
        lock.unlock();
        try {
            done(i, result);
        } catch (...) {
            next = jobs.size(); // hand out nothing more; the measurements running finish as the threads join
            throw;
        }
    }
}

} // namespace kfx::search
