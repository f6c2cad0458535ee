#include "datafingerprint.h"

#include <filesystem>
#include <fstream>
#include <vector>

namespace kfx::workspace {

namespace {

constexpr std::uint64_t kFnvOffset = 14695981039346656037ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;
constexpr std::uint64_t kWindow = 1024 * 1024;

std::uint64_t fnv1a(const char *data, std::size_t size, std::uint64_t hash)
{
    for (std::size_t i = 0; i < size; ++i) {
        hash ^= static_cast<unsigned char>(data[i]);
        hash *= kFnvPrime;
    }
    return hash;
}

bool hashRange(std::ifstream &in, std::uint64_t offset, std::uint64_t length, std::uint64_t &hash)
{
    std::vector<char> buffer(length);
    in.seekg(std::streamoff(offset));
    if (!in.read(buffer.data(), std::streamsize(length)))
        return false;
    hash = fnv1a(buffer.data(), buffer.size(), hash);
    return true;
}

} // namespace

std::optional<DataFingerprint> fingerprintFile(const std::string &path)
{
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error)
        return std::nullopt;
    const auto modified = std::filesystem::last_write_time(path, error);
    if (error)
        return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;

    DataFingerprint fingerprint;
    fingerprint.size = size;
    fingerprint.modifiedNs = std::chrono::duration_cast<std::chrono::nanoseconds>(modified.time_since_epoch()).count();
    fingerprint.hash = kFnvOffset;
    const std::uint64_t head = std::min<std::uint64_t>(size, kWindow);
    if (!hashRange(in, 0, head, fingerprint.hash))
        return std::nullopt;
    // The tail window never overlaps the head, so a file of up to 2 MiB is hashed exactly once, whole.
    const std::uint64_t tailStart = std::max(head, size > kWindow ? size - kWindow : 0);
    if (tailStart < size && !hashRange(in, tailStart, size - tailStart, fingerprint.hash))
        return std::nullopt;
    return fingerprint;
}

} // namespace kfx::workspace
