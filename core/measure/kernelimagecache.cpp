#include "kernelimagecache.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace kfx::measure {

namespace {
namespace fs = std::filesystem;

// 64-bit FNV-1a; two of them with different starting points give a 128-bit key, ample for a local cache.
std::uint64_t fnv1a(std::string_view data, std::uint64_t hash)
{
    for (unsigned char byte : data) {
        hash ^= byte;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

std::string hex(std::uint64_t value)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 15; i >= 0; --i, value >>= 4)
        text[std::size_t(i)] = digits[value & 0xf];
    return text;
}
} // namespace

std::string KernelImageCache::defaultDirectory()
{
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return (fs::path(xdg) / "kfx" / "kernels").string();
    const char *home = std::getenv("HOME");
    return (fs::path(home && *home ? home : "/tmp") / ".cache" / "kfx" / "kernels").string();
}

KernelImageCache::KernelImageCache(std::string directory) : m_directory(std::move(directory)) {}

std::string KernelImageCache::keyFor(std::string_view source, const std::vector<std::string> &options)
{
    std::string material;
    for (const std::string &option : options)
        material += option + '\0';
    material += source;
    return hex(fnv1a(material, 0xcbf29ce484222325ull)) + hex(fnv1a(material, 0x84222325cbf29ce4ull));
}

std::string KernelImageCache::pathFor(const std::string &key) const
{
    return (fs::path(m_directory) / (key + ".cubin")).string();
}

std::optional<std::string> KernelImageCache::load(const std::string &key) const
{
    std::ifstream file(pathFor(key), std::ios::binary);
    if (!file)
        return std::nullopt;
    std::ostringstream content;
    content << file.rdbuf();
    return content.str();
}

void KernelImageCache::store(const std::string &key, std::string_view image) const
{
    std::error_code error;
    fs::create_directories(m_directory, error);
    const std::string target = pathFor(key);
    const std::string temporary = target + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream file(temporary, std::ios::binary);
        if (!file.write(image.data(), std::streamsize(image.size())))
            return;
    }
    fs::rename(temporary, target, error);
    if (error)
        fs::remove(temporary, error);
}

} // namespace kfx::measure
