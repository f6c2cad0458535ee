#include "surrogatejob.h"

#include "io/threadpriority.h"

namespace kfx::surrogate {

SurrogateJob::SurrogateJob(Surrogate &surrogate, std::vector<KernelRuntimeQuery> queries, Priority priority)
    : m_queries(std::move(queries))
    , m_results(m_queries.size())
    , m_done(m_finished.get_future())
{
    m_thread = std::thread([this, &surrogate, priority] {
        if (priority == Priority::Background)
            lowerThisThreadsPriority();
        try {
            surrogate.forecastBatch(m_queries, m_cancel, [&](std::size_t index, SurrogateResult result) {
                std::lock_guard lock(m_resultsMutex);
                m_results[index] = std::move(result);
                m_untaken.push_back(index);
                m_completed.fetch_add(1, std::memory_order_relaxed);
            });
            m_finished.set_value();
        } catch (...) {
            m_finished.set_exception(std::current_exception());
        }
    });
}

SurrogateJob::~SurrogateJob()
{
    m_cancel.cancel();
    if (m_thread.joinable())
        m_thread.join();
}

std::vector<std::pair<std::size_t, SurrogateResult>> SurrogateJob::takeAnswered()
{
    std::lock_guard lock(m_resultsMutex);
    std::vector<std::pair<std::size_t, SurrogateResult>> answered;
    answered.reserve(m_untaken.size());
    for (const auto index : m_untaken)
        answered.emplace_back(index, m_results[index]);
    m_untaken.clear();
    return answered;
}

std::vector<SurrogateResult> SurrogateJob::results()
{
    m_done.get();
    if (m_thread.joinable())
        m_thread.join();
    return std::move(m_results);
}

} // namespace kfx::surrogate
