#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string_view>

namespace kfx::fuzz {

// A folder of the fuzzing process's own for readers that take paths: each input is written into it as a file.
// On tmpfs (/dev/shm) when there is one, because the workspace syncs every commit and a disk would make each
// execution cost milliseconds. Removed when the process exits normally; a crash leaves it for inspection.
class ScratchDirectory {
public:
    ScratchDirectory();
    ~ScratchDirectory();
    ScratchDirectory(const ScratchDirectory &) = delete;
    ScratchDirectory &operator=(const ScratchDirectory &) = delete;

    const std::filesystem::path &path() const { return m_path; }
    // Writes `bytes` as the file `name` inside the folder, replacing it, and returns its path.
    std::filesystem::path write(std::string_view name, std::span<const std::uint8_t> bytes) const;
    std::filesystem::path write(std::string_view name, std::string_view text) const;
    // Removes everything inside, so no file of one input is seen by the next.
    void clear() const;

private:
    std::filesystem::path m_path;
};

} // namespace kfx::fuzz
