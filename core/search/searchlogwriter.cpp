#include "searchlogwriter.h"

#include "io/isotimestamp.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

namespace kfx::search {

SearchLogWriter::SearchLogWriter(const std::string &path, WallClock clock, surrogate::SecretRedactor redactor)
    : m_path(path)
    , m_fd(::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666))
    , m_clock(std::move(clock))
    , m_redactor(std::move(redactor))
{
    if (m_fd < 0)
        throw std::runtime_error(path + ": cannot open the search log for writing: " + std::strerror(errno));
}

SearchLogWriter::~SearchLogWriter()
{
    ::close(m_fd);
}

void SearchLogWriter::emit(JsonWriter &w)
{
    w.endObject();
    std::string line = m_redactor.redact(w.text());
    line += '\n';
    // A regular file takes the whole buffer in one call; the loop only guards against a short write (a full disk).
    for (std::size_t done = 0; done < line.size();) {
        const auto written = ::write(m_fd, line.data() + done, line.size() - done);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            throw std::runtime_error(m_path + ": writing the search log failed: " + std::strerror(errno));
        done += std::size_t(written);
    }
}

void cutToLastClosedStep(const std::string &path, const std::function<void(const std::string &)> &notice)
{
    std::ifstream file(path, std::ios::binary);
    std::uintmax_t keep = 0;
    std::uintmax_t offset = 0;
    std::int64_t lineNumber = 0;
    for (std::string line; std::getline(file, line);) {
        ++lineNumber;
        if (file.eof()) {
            notice(path + ":" + std::to_string(lineNumber)
                   + ": the last line has no newline (the search was stopped while writing it); it is dropped and "
                     "its step run again");
            break;
        }
        offset += line.size() + 1;
        if (line.starts_with(R"({"kind":"step_completed")") || line.starts_with(R"({"kind":"search_initialized")"))
            keep = offset;
    }
    file.close();
    if (keep < std::filesystem::file_size(path))
        std::filesystem::resize_file(path, keep);
}

std::string SearchLogWriter::timestamp() const
{
    return io::isoTimestampUtc(m_clock());
}

std::uint64_t mix(std::uint64_t value)
{
    value += 0x9e3779b97f4a7c15ULL;
    value = (value ^ (value >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    value = (value ^ (value >> 27U)) * 0x94d049bb133111ebULL;
    return value ^ (value >> 31U);
}

std::string ulidFor(std::chrono::system_clock::time_point when, std::uint64_t seed, int step, int ordinal)
{
    static constexpr char kAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    auto ms = std::uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count());
    std::string out(26, '0');
    for (int i = 9; i >= 0; --i, ms >>= 5U)
        out[std::size_t(i)] = kAlphabet[ms & 31U];
    const std::uint64_t base = mix(seed ^ mix(std::uint64_t(std::int64_t(step)) ^ mix(std::uint64_t(ordinal))));
    for (int half = 0; half < 2; ++half) {
        std::uint64_t bits = mix(base + std::uint64_t(half));
        for (int i = 0; i < 8; ++i, bits >>= 5U)
            out[std::size_t(10 + half * 8 + i)] = kAlphabet[bits & 31U];
    }
    return out;
}

} // namespace kfx::search
