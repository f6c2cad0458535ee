#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace kfx::hub {

// What a cached download is of. The dataset viewer serves the latest processed revision of the main branch
// only, so `revision` is "main" for every pull it can make; it is part of the key so that a pinned revision
// never reads pages of another.
struct DatasetKey {
    std::string dataset;
    std::string config;
    std::string split;
    std::string revision = "main";
};

// The split as the first page described it: a different shape on a later run means the data changed, and the
// pages held are of the old data.
struct SplitShape {
    std::vector<std::string> columns;
    std::int64_t totalRows = 0;
    bool operator==(const SplitShape &) const = default;
};

// The pages of one download that are done, as the JSON lines they become, under
// <root>/<dataset>/<config>/<split>/<revision>/. Written atomically (a temporary file renamed), so an
// interrupted run leaves whole pages only and a rerun continues after them.
class PageCache {
public:
    // $XDG_CACHE_HOME/kfx/hub, or ~/.cache/kfx/hub.
    static std::filesystem::path defaultRoot();

    PageCache(const std::filesystem::path &root, const DatasetKey &key);

    const std::filesystem::path &directory() const { return m_directory; }

    std::optional<SplitShape> shape() const;
    // Records the shape; pages held for another shape are dropped first.
    void setShape(const SplitShape &shape);

    std::optional<std::vector<std::string>> page(std::int64_t offset) const;
    void storePage(std::int64_t offset, const std::vector<std::string> &lines);

private:
    std::filesystem::path pagePath(std::int64_t offset) const;

    std::filesystem::path m_directory;
};

} // namespace kfx::hub
