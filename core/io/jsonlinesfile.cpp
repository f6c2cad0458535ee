#include "jsonlinesfile.h"

#include <algorithm>
#include <cstring>

namespace kfx {

namespace {
bool isBlank(std::string_view line)
{
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

std::string describeJsonError(simdjson::error_code error)
{
    switch (error) {
    case simdjson::UTF8_ERROR:
        return "the line is not valid UTF-8";
    case simdjson::UNCLOSED_STRING:
        return "invalid JSON: a string is not closed";
    case simdjson::NUMBER_ERROR:
        return "invalid JSON: a malformed number";
    case simdjson::DEPTH_ERROR:
        return "invalid JSON: nested too deeply";
    case simdjson::EMPTY:
        return "invalid JSON: no value";
    case simdjson::CAPACITY:
        return "the line is too large to parse";
    default:
        return std::string("invalid JSON (") + simdjson::error_message(error) + ")";
    }
}
} // namespace

bool JsonLinesFile::open(const std::string &path, Diagnostics &diagnostics)
{
    m_label = path;
    std::string error;
    if (!m_mapped.open(path, simdjson::SIMDJSON_PADDING, error)) {
        diagnostics.push_back({path, 0, "cannot read the file: " + error});
        return false;
    }
    m_begin = m_mapped.data();
    m_size = m_mapped.size();
    return true;
}

void JsonLinesFile::setText(std::string_view text, std::string label)
{
    m_copy = simdjson::padded_string(text);
    m_begin = m_copy.data();
    m_size = m_copy.size();
    m_label = std::move(label);
}

void JsonLinesFile::forEachObject(const Visitor &visit, Diagnostics &diagnostics)
{
    m_truncatedTail = false;
    m_damagedLines = 0;
    m_completeBytes = 0;
    m_releasedUpTo = 0;
    const char *begin = m_begin;
    const std::size_t size = m_size;
    std::size_t offset = 0;
    std::int64_t lineNumber = 0;
    while (offset < size) {
        ++lineNumber;
        const char *newline = static_cast<const char *>(std::memchr(begin + offset, '\n', size - offset));
        const bool finalWithoutNewline = newline == nullptr;
        const std::size_t end = finalWithoutNewline ? size : std::size_t(newline - begin);
        const std::string_view line(begin + offset, end - offset);
        const std::size_t next = finalWithoutNewline ? size : end + 1;
        if (isBlank(line)) {
            offset = next;
            if (!finalWithoutNewline)
                m_completeBytes = next;
            continue;
        }
        // The rest of the buffer (and simdjson's padding after it) is readable, so each line parses in place.
        json::Element element;
        const auto error = m_parser.parse(line.data(), line.size(), false).get(element);
        if (error) {
            ++m_damagedLines;
            if (finalWithoutNewline) {
                // A line still being written, as the reference's reader tolerates; or a file cut off by a copy.
                m_truncatedTail = true;
                diagnostics.push_back({m_label, lineNumber,
                                       "the last line is unfinished (no newline at its end, and not valid JSON): "
                                       "skipped; the file was cut off or is still being written",
                                       Severity::Warning});
                break;
            }
            diagnostics.push_back({m_label, lineNumber, describeJsonError(error)});
        } else if (!element.is_object()) {
            ++m_damagedLines;
            diagnostics.push_back(
                {m_label, lineNumber, "expected a JSON object, found " + std::string(json::typeName(element))});
        } else {
            try {
                if (!visit(element.get_object().value_unsafe(), lineNumber))
                    return;
            } catch (const json::FieldError &fieldError) {
                ++m_damagedLines;
                diagnostics.push_back({m_label, lineNumber, fieldError.what()});
            }
        }
        offset = next;
        m_completeBytes = next;
        // Every few tens of megabytes read, the file's pages behind go back to the kernel: a gigabyte log would
        // otherwise stay resident beside the population built from it, half as large again at the peak.
        if (m_begin == m_mapped.data() && offset - m_releasedUpTo >= kReleaseEvery) {
            m_mapped.releasePagesBefore(offset);
            m_releasedUpTo = offset;
        }
    }
}

bool JsonLinesFile::firstObject(const Visitor &visit)
{
    Diagnostics ignored;
    bool found = false;
    forEachObject(
        [&](const json::Object &object, std::int64_t line) {
            found = true;
            visit(object, line);
            return false;
        },
        ignored);
    return found;
}

bool JsonLinesFile::holdsOnlyBlankSpace() const
{
    return std::string_view(m_begin, m_size).find_first_not_of(" \t\r\n") == std::string_view::npos;
}

std::optional<std::size_t> JsonLinesFile::firstBinaryByte() const
{
    // JSON allows no raw control character anywhere, not even inside strings, except the whitespace between tokens.
    const auto binary = [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 && c != '\n' && c != '\r' && c != '\t';
    };
    const char *end = m_begin + m_size;
    const char *found = std::find_if(m_begin, end, binary);
    if (found == end)
        return std::nullopt;
    return std::size_t(found - m_begin);
}

bool JsonLinesFile::wholeObject(const Visitor &visit)
{
    json::Element element;
    if (!m_begin || m_parser.parse(m_begin, m_size, false).get(element) != simdjson::SUCCESS || !element.is_object())
        return false;
    visit(element.get_object().value_unsafe(), 1);
    return true;
}

} // namespace kfx
