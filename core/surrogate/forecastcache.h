#pragma once

#include "surrogate.h"

#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kfx::surrogate {

// Where answers are kept so that nothing is asked twice: the workspace between sessions, memory within one.
class ForecastCache {
public:
    virtual ~ForecastCache() = default;
    virtual std::vector<std::optional<SurrogateResult>> find(std::span<const CacheKey> keys) = 0;
    // Only cacheable results (isCacheable) are passed in.
    virtual void store(std::span<const std::pair<CacheKey, SurrogateResult>> entries) = 0;
};

// For runs without a workspace. Keeps the encoded form, so a hit is exactly what the workspace would return.
class MemoryForecastCache final : public ForecastCache {
public:
    std::vector<std::optional<SurrogateResult>> find(std::span<const CacheKey> keys) override;
    void store(std::span<const std::pair<CacheKey, SurrogateResult>> entries) override;
    std::size_t size() const { return m_entries.size(); }

private:
    std::unordered_map<std::string, std::string> m_entries;
};

// A batch checked against a cache before anything is asked: which distinct queries still need the surrogate
// (a query repeated within the batch is asked once) and, when their answers come back, the whole batch's results
// in its own order, the new answers stored.
class CachePlan {
public:
    CachePlan(const Surrogate &surrogate, std::span<const KernelRuntimeQuery> queries, ForecastCache *cache);
    // With each query's surrogate.cacheKey() made already (hashing every kernel's code takes seconds on a large
    // search, so a window makes them off its GUI thread). One key per query.
    CachePlan(std::vector<CacheKey> keys, std::span<const KernelRuntimeQuery> queries, ForecastCache *cache);

    const std::vector<KernelRuntimeQuery> &toAsk() const { return m_toAsk; }
    std::size_t cachedCount() const { return m_cached; }
    // Stores answers as they come, each with its index in toAsk(), so that a run stopped or killed half-way has
    // kept what it was answered; complete() then stores only the rest.
    void storeAnswered(std::span<const std::pair<std::size_t, SurrogateResult>> answered);
    // `answers` in the order of toAsk(). Missing answers (a cancelled job's) stay failures and are not stored.
    std::vector<SurrogateResult> complete(std::vector<SurrogateResult> answers);

private:
    ForecastCache *m_cache;
    std::vector<CacheKey> m_keys;                    // per query of the batch
    std::vector<std::optional<std::size_t>> m_asked; // per query: its index in m_toAsk, unless cached
    std::vector<SurrogateResult> m_results;
    std::vector<KernelRuntimeQuery> m_toAsk;
    std::vector<std::size_t> m_firstOfAsked; // per asked query: the batch query whose key it stands for
    std::vector<bool> m_stored;              // per asked query: its answer is in the cache already
    std::size_t m_cached = 0;
};

} // namespace kfx::surrogate
