#pragma once

#include "surrogate/forecastcache.h"
#include "workspace.h"

namespace kfx::workspace {

// The forecast cache kept in a workspace, so answers survive the session. Used from the thread that owns the
// workspace (the window's), before a job starts and after it ends.
class WorkspaceForecastCache final : public surrogate::ForecastCache {
public:
    explicit WorkspaceForecastCache(Workspace &workspace) : m_workspace(workspace) {}

    std::vector<std::optional<surrogate::SurrogateResult>> find(std::span<const surrogate::CacheKey> keys) override;
    void store(std::span<const std::pair<surrogate::CacheKey, surrogate::SurrogateResult>> entries) override;

private:
    Workspace &m_workspace;
};

} // namespace kfx::workspace
