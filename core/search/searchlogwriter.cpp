#include "searchlogwriter.h"

#include "io/isotimestamp.h"

#include <stdexcept>

namespace kfx::search {

SearchLogWriter::SearchLogWriter(const std::string &path, WallClock clock)
    : m_path(path)
    , m_out(path, std::ios::binary | std::ios::app)
    , m_clock(std::move(clock))
{
    if (!m_out)
        throw std::runtime_error(path + ": cannot open the search log for writing");
}

void SearchLogWriter::emit(JsonWriter &w)
{
    w.endObject();
    m_out << w.text() << '\n';
    m_out.flush();
    if (!m_out)
        throw std::runtime_error(m_path + ": writing the search log failed");
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
