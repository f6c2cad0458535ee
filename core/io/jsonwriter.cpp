#include "jsonwriter.h"

#include <charconv>
#include <cmath>

namespace kfx {

void JsonWriter::separate()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_hasValue.empty()) {
        if (m_hasValue.back())
            m_out.push_back(',');
        m_hasValue.back() = true;
    }
}

JsonWriter &JsonWriter::beginObject()
{
    separate();
    m_out.push_back('{');
    m_hasValue.push_back(false);
    return *this;
}

JsonWriter &JsonWriter::endObject()
{
    m_out.push_back('}');
    m_hasValue.pop_back();
    return *this;
}

JsonWriter &JsonWriter::beginArray()
{
    separate();
    m_out.push_back('[');
    m_hasValue.push_back(false);
    return *this;
}

JsonWriter &JsonWriter::endArray()
{
    m_out.push_back(']');
    m_hasValue.pop_back();
    return *this;
}

JsonWriter &JsonWriter::key(std::string_view name)
{
    separate();
    appendEscaped(m_out, name);
    m_out.push_back(':');
    m_afterKey = true;
    return *this;
}

JsonWriter &JsonWriter::value(std::string_view text)
{
    separate();
    appendEscaped(m_out, text);
    return *this;
}

JsonWriter &JsonWriter::value(double number)
{
    separate();
    appendNumber(m_out, number);
    return *this;
}

JsonWriter &JsonWriter::value(std::int64_t number)
{
    separate();
    m_out += std::to_string(number);
    return *this;
}

JsonWriter &JsonWriter::value(bool flag)
{
    separate();
    m_out += flag ? "true" : "false";
    return *this;
}

JsonWriter &JsonWriter::null()
{
    separate();
    m_out += "null";
    return *this;
}

JsonWriter &JsonWriter::raw(std::string_view json)
{
    separate();
    m_out += json;
    return *this;
}

void JsonWriter::clear()
{
    m_out.clear();
    m_hasValue.clear();
    m_afterKey = false;
}

void JsonWriter::appendEscaped(std::string &out, std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out.push_back('"');
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out.push_back(kHex[(c >> 4) & 0xf]);
                out.push_back(kHex[c & 0xf]);
            } else {
                out.push_back(c);
            }
        }
    }
    out.push_back('"');
}

void JsonWriter::appendNumber(std::string &out, double number)
{
    if (!std::isfinite(number)) {
        out += "null";
        return;
    }
    char buffer[32];
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, number);
    std::string_view text(buffer, std::size_t(end - buffer));
    out += text;
    // Keep floats recognisable as floats (1.0, not 1), as Python and pydantic write them.
    if (text.find_first_of(".eEn") == std::string_view::npos)
        out += ".0";
}

} // namespace kfx
