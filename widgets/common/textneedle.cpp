#include "common/textneedle.h"

#include <cstring>

namespace {

char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

char asciiUpper(char c)
{
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

// The first c in [from, last], or nullptr.
const char *findByte(const char *from, const char *last, char c)
{
    if (from > last)
        return nullptr;
    return static_cast<const char *>(std::memchr(from, c, static_cast<std::size_t>(last - from) + 1));
}

} // namespace

bool TextNeedle::set(const QString &text)
{
    if (text == m_text)
        return false;
    m_text = text;
    const auto utf8 = text.toLower().toUtf8();
    m_lowerUtf8.assign(utf8.constData(), static_cast<std::size_t>(utf8.size()));
    return true;
}

bool TextNeedle::contains(const TextNeedle &other) const
{
    return m_lowerUtf8.find(other.m_lowerUtf8) != std::string::npos;
}

// Candidate starts come from memchr, once for each case of the needle's first byte, so the bytes that cannot start
// a match (almost all of them) are skipped many at a time: a filter keystroke scans a large search's code, which
// runs to a gigabyte, and a byte-by-byte case-folding comparison took most of the keystroke.
bool TextNeedle::foundIn(std::string_view haystack) const
{
    const std::string_view needle = m_lowerUtf8;
    if (needle.empty())
        return true;
    if (haystack.size() < needle.size())
        return false;
    const char *const last = haystack.data() + (haystack.size() - needle.size());
    const char lowerFirst = needle.front();
    const char upperFirst = asciiUpper(lowerFirst);
    const char *lower = findByte(haystack.data(), last, lowerFirst);
    const char *upper = upperFirst == lowerFirst ? nullptr : findByte(haystack.data(), last, upperFirst);
    while (lower || upper) {
        const bool lowerFirstInLine = !upper || (lower && lower < upper);
        const char *start = lowerFirstInLine ? lower : upper;
        std::size_t matched = 1;
        while (matched < needle.size() && asciiLower(start[matched]) == needle[matched])
            ++matched;
        if (matched == needle.size())
            return true;
        if (lowerFirstInLine)
            lower = findByte(start + 1, last, lowerFirst);
        else
            upper = findByte(start + 1, last, upperFirst);
    }
    return false;
}
