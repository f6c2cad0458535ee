#include "workspaceforecastcache.h"

#include "surrogate/resultcodec.h"

namespace kfx::workspace {

std::vector<std::optional<surrogate::SurrogateResult>>
WorkspaceForecastCache::find(std::span<const surrogate::CacheKey> keys)
{
    const auto texts = m_workspace.cachedResults(keys);
    std::vector<std::optional<surrogate::SurrogateResult>> found(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (texts[i])
            found[i] = surrogate::decodeResult(*texts[i]); // an unreadable entry is a miss: asked again, replaced
    }
    return found;
}

void WorkspaceForecastCache::store(std::span<const std::pair<surrogate::CacheKey, surrogate::SurrogateResult>> entries)
{
    std::vector<std::pair<surrogate::CacheKey, std::string>> encoded;
    encoded.reserve(entries.size());
    for (const auto &[key, result] : entries)
        encoded.emplace_back(key, surrogate::encodeResult(result));
    m_workspace.cacheResults(encoded);
}

} // namespace kfx::workspace
