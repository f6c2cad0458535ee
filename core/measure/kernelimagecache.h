#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::measure {

// Compiled kernel images on disk, keyed by a hash of everything that determines the image (compiler version,
// options, source), so recompiling an unchanged kernel is a file read.
class KernelImageCache {
public:
    // $XDG_CACHE_HOME/kfx/kernels, else ~/.cache/kfx/kernels.
    static std::string defaultDirectory();
    explicit KernelImageCache(std::string directory = defaultDirectory());

    static std::string keyFor(std::string_view source, const std::vector<std::string> &options);
    std::string pathFor(const std::string &key) const;
    std::optional<std::string> load(const std::string &key) const;
    // Writes atomically (a temporary file renamed into place), so concurrent workers never read half an image.
    // A cache that cannot be written is no error: the image is simply not kept.
    void store(const std::string &key, std::string_view image) const;

private:
    std::string m_directory;
};

} // namespace kfx::measure
