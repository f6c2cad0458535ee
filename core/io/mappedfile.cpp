#include "mappedfile.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kfx {

MappedFile::~MappedFile()
{
    release();
}

MappedFile::MappedFile(MappedFile &&other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_mappedBytes(std::exchange(other.m_mappedBytes, 0))
    , m_releasedBytes(std::exchange(other.m_releasedBytes, 0))
{
}

MappedFile &MappedFile::operator=(MappedFile &&other) noexcept
{
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_mappedBytes = std::exchange(other.m_mappedBytes, 0);
        m_releasedBytes = std::exchange(other.m_releasedBytes, 0);
    }
    return *this;
}

void MappedFile::release()
{
    if (m_data)
        munmap(m_data, m_mappedBytes);
    m_data = nullptr;
    m_size = 0;
    m_mappedBytes = 0;
    m_releasedBytes = 0;
}

bool MappedFile::open(const std::string &path, std::size_t padding, std::string &error)
{
    release();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return false;
    }
    struct stat status {};
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        error = fstat(fd, &status) != 0 ? std::strerror(errno) : "not a regular file";
        ::close(fd);
        return false;
    }
    const auto size = std::size_t(status.st_size);
    const auto page = std::size_t(sysconf(_SC_PAGESIZE));
    const std::size_t total = (size + padding + page - 1) / page * page;
    // Reserve zero pages for the whole span, then lay the file over its start: the bytes past the end of the
    // file are zeros, whatever the file size.
    void *base = mmap(nullptr, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        error = std::strerror(errno);
        ::close(fd);
        return false;
    }
    if (size > 0 && mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
        error = std::strerror(errno);
        munmap(base, total);
        ::close(fd);
        return false;
    }
    ::close(fd);
    madvise(base, size, MADV_SEQUENTIAL);
    m_data = static_cast<char *>(base);
    m_size = size;
    m_mappedBytes = total;
    m_releasedBytes = 0;
    return true;
}

void MappedFile::releasePagesBefore(std::size_t offset)
{
    const auto page = std::size_t(sysconf(_SC_PAGESIZE));
    const std::size_t end = std::min(offset, m_size) / page * page;
    if (!m_data || end <= m_releasedBytes)
        return;
    // A private, read-only file mapping: the pages dropped are clean and come back from the file if touched.
    madvise(m_data + m_releasedBytes, end - m_releasedBytes, MADV_DONTNEED);
    m_releasedBytes = end;
}

} // namespace kfx
