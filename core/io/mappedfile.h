#pragma once

#include <cstddef>
#include <string>

namespace kfx {

// A file mapped read-only and followed by zero pages, so that parsers which read a little past the end of
// their input (simdjson reads up to 64 bytes beyond) can work on it in place: no copy, no page clearing.
class MappedFile {
public:
    MappedFile() = default;
    ~MappedFile();
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;
    MappedFile(MappedFile &&other) noexcept;
    MappedFile &operator=(MappedFile &&other) noexcept;

    // Maps `path` with at least `padding` readable zero bytes after its end. On failure returns false and
    // sets `error` to the system's reason.
    bool open(const std::string &path, std::size_t padding, std::string &error);

    const char *data() const { return m_data; }
    std::size_t size() const { return m_size; }

    // Lets the kernel take back the pages before `offset` that a reader is done with, so that a large file read
    // once from start to end does not stay resident beside what was built from it. Reading them again stays
    // valid: they are read from the file again.
    void releasePagesBefore(std::size_t offset);

private:
    void release();

    char *m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_mappedBytes = 0;
    std::size_t m_releasedBytes = 0;
};

} // namespace kfx
