#include "forecastcache.h"

#include "cachekeymaker.h"
#include "resultcodec.h"

#include <stdexcept>

namespace kfx::surrogate {

std::vector<std::optional<SurrogateResult>> MemoryForecastCache::find(std::span<const CacheKey> keys)
{
    std::vector<std::optional<SurrogateResult>> found(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (const auto entry = m_entries.find(keys[i].text()); entry != m_entries.end())
            found[i] = decodeResult(entry->second);
    }
    return found;
}

void MemoryForecastCache::store(std::span<const std::pair<CacheKey, SurrogateResult>> entries)
{
    for (const auto &[key, result] : entries)
        m_entries[key.text()] = encodeResult(result);
}

namespace {

std::vector<CacheKey> cacheKeys(const Surrogate &surrogate, std::span<const KernelRuntimeQuery> queries)
{
    std::vector<CacheKey> keys;
    keys.reserve(queries.size());
    CacheKeyMaker keyOf(surrogate);
    for (const auto &query : queries)
        keys.push_back(keyOf(query));
    return keys;
}

} // namespace

CachePlan::CachePlan(const Surrogate &surrogate, std::span<const KernelRuntimeQuery> queries, ForecastCache *cache)
    : CachePlan(cacheKeys(surrogate, queries), queries, cache)
{
}

CachePlan::CachePlan(std::vector<CacheKey> keys, std::span<const KernelRuntimeQuery> queries, ForecastCache *cache)
    : m_cache(cache)
    , m_keys(std::move(keys))
    , m_asked(queries.size())
    , m_results(queries.size())
{
    if (m_keys.size() != queries.size())
        throw std::invalid_argument("CachePlan: one cache key per query is needed");
    const auto found = m_cache ? m_cache->find(m_keys) : std::vector<std::optional<SurrogateResult>>(queries.size());
    std::unordered_map<std::string, std::size_t> askedByKey;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        if (found[i]) {
            m_results[i] = *found[i];
            ++m_cached;
            continue;
        }
        const auto [entry, added] = askedByKey.emplace(m_keys[i].text(), m_toAsk.size());
        if (added) {
            m_toAsk.push_back(queries[i]);
            m_firstOfAsked.push_back(i);
        }
        m_asked[i] = entry->second;
    }
    m_stored.assign(m_toAsk.size(), false);
}

void CachePlan::storeAnswered(std::span<const std::pair<std::size_t, SurrogateResult>> answered)
{
    std::vector<std::pair<CacheKey, SurrogateResult>> fresh;
    std::vector<std::size_t> stored;
    for (const auto &[asked, answer] : answered) {
        if (asked < m_toAsk.size() && !m_stored[asked] && isCacheable(answer)) {
            fresh.emplace_back(m_keys[m_firstOfAsked[asked]], answer);
            stored.push_back(asked);
        }
    }
    if (!m_cache || fresh.empty())
        return;
    m_cache->store(fresh);
    for (const auto asked : stored)
        m_stored[asked] = true;
}

std::vector<SurrogateResult> CachePlan::complete(std::vector<SurrogateResult> answers)
{
    std::vector<std::pair<std::size_t, SurrogateResult>> answered;
    for (std::size_t a = 0; a < answers.size() && a < m_toAsk.size(); ++a) {
        if (!m_stored[a])
            answered.emplace_back(a, answers[a]);
    }
    storeAnswered(answered);
    for (std::size_t i = 0; i < m_results.size(); ++i) {
        if (m_asked[i] && *m_asked[i] < answers.size())
            m_results[i] = answers[*m_asked[i]];
    }
    return std::move(m_results);
}

} // namespace kfx::surrogate
