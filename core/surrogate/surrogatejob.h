#pragma once

#include "surrogate.h"

#include <future>
#include <memory>
#include <thread>
#include <vector>

namespace kfx::surrogate {

// Runs one batch on its own thread so a caller (the window, a command) stays responsive: poll progress(),
// cancel() at any time, then results() blocks until every query has an answer. The destructor cancels and
// joins, so a job never outlives the surrogate it borrows.
class SurrogateJob {
public:
    SurrogateJob(Surrogate &surrogate, std::vector<KernelRuntimeQuery> queries);
    ~SurrogateJob();
    SurrogateJob(const SurrogateJob &) = delete;
    SurrogateJob &operator=(const SurrogateJob &) = delete;

    void cancel() { m_cancel.cancel(); }
    std::size_t completed() const { return m_completed.load(std::memory_order_relaxed); }
    std::size_t total() const { return m_queries.size(); }
    // Blocks until done; may be called once.
    std::vector<SurrogateResult> results();

private:
    std::vector<KernelRuntimeQuery> m_queries;
    std::vector<SurrogateResult> m_results;
    CancelFlag m_cancel;
    std::atomic<std::size_t> m_completed{0};
    std::promise<void> m_finished;
    std::future<void> m_done;
    std::thread m_thread;
};

} // namespace kfx::surrogate
