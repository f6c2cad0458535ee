#pragma once

#include "surrogate.h"

#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace kfx::surrogate {

// Runs one batch on its own thread so a caller (the window, a command) stays responsive: poll progress(), take
// the answers so far, cancel() at any time, then results() blocks until every query has an answer. The destructor
// cancels and joins, so a job never outlives the surrogate it borrows.
class SurrogateJob {
public:
    // Background: nobody waits on the answers as they come (the window's forecast run), so the job's thread
    // gives way to those that somebody does wait on (lowerThisThreadsPriority).
    enum class Priority { Normal, Background };

    SurrogateJob(Surrogate &surrogate, std::vector<KernelRuntimeQuery> queries, Priority priority = Priority::Normal);
    ~SurrogateJob();
    SurrogateJob(const SurrogateJob &) = delete;
    SurrogateJob &operator=(const SurrogateJob &) = delete;

    void cancel() { m_cancel.cancel(); }
    std::size_t completed() const { return m_completed.load(std::memory_order_relaxed); }
    std::size_t total() const { return m_queries.size(); }
    // The answers that came in since the last call, each with its query's index, copied: results() still returns
    // every one. So a caller can keep them as they come (an LLM's answers cost tokens and a run can take an hour;
    // a crash must not lose them). Not after results().
    std::vector<std::pair<std::size_t, SurrogateResult>> takeAnswered();
    // Whether every query has an answer (or the job failed), waiting up to `timeout` for it.
    bool waitFor(std::chrono::milliseconds timeout) const
    {
        return m_done.wait_for(timeout) == std::future_status::ready;
    }
    // Blocks until done; may be called once.
    std::vector<SurrogateResult> results();

private:
    std::vector<KernelRuntimeQuery> m_queries;
    std::mutex m_resultsMutex; // m_results and m_untaken, written by the job's thread
    std::vector<SurrogateResult> m_results;
    std::vector<std::size_t> m_untaken; // answered, not yet handed out by takeAnswered()
    CancelFlag m_cancel;
    std::atomic<std::size_t> m_completed{0};
    std::promise<void> m_finished;
    std::future<void> m_done;
    std::thread m_thread;
};

} // namespace kfx::surrogate
