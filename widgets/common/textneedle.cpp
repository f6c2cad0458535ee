#include "common/textneedle.h"

#include <algorithm>
#include <cctype>

bool TextNeedle::set(const QString &text)
{
    if (text == m_text)
        return false;
    m_text = text;
    const auto utf8 = text.toLower().toUtf8();
    m_lowerUtf8.assign(utf8.constData(), static_cast<std::size_t>(utf8.size()));
    return true;
}

bool TextNeedle::foundIn(std::string_view haystack) const
{
    const auto it = std::search(
        haystack.begin(), haystack.end(), m_lowerUtf8.begin(), m_lowerUtf8.end(),
        [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == static_cast<unsigned char>(b); });
    return it != haystack.end();
}
