#include "jsonlinesfile.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

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

namespace {

// One line of a chunk as a parser thread leaves it for the fold.
struct ParsedLine {
    std::size_t next = 0; // where the following line starts
    bool blank = false;
    bool finalWithoutNewline = false;
    simdjson::error_code error = simdjson::SUCCESS;
    // Reused from chunk to chunk, so that its buffers are allocated once per line of a chunk, not once per line.
    simdjson::dom::document document;
};

struct ParsedChunk {
    std::vector<ParsedLine> lines; // only the first `count` are this chunk's
    std::size_t count = 0;
};

// Cuts a text into chunks of whole lines, parses them on the split's threads, and hands them to the caller in file
// order. Every thread, the caller's too, parses the next chunk no thread has taken, so one thread is this same code
// without a second thread. At most twice as many chunks as threads are parsed and not yet visited, which bounds
// the memory the parsed lines hold.
class ChunkedParse {
public:
    ChunkedParse(const char *text, std::size_t size, const ParseSplit &split, simdjson::dom::parser &callerParser)
        : m_text(text)
        , m_size(size)
        , m_chunkBytes(std::max<std::size_t>(split.chunkBytes, 1))
        , m_chunkCount(size / m_chunkBytes + (size % m_chunkBytes != 0))
        , m_callerParser(callerParser)
        , m_slots(2 * std::size_t(std::max(split.threads, 1u)))
    {
        const std::size_t helpers = std::min<std::size_t>(std::max(split.threads, 1u), m_chunkCount);
        for (std::size_t i = 1; i < helpers; ++i)
            m_workers.emplace_back([this](std::stop_token stop) { work(stop); });
    }

    ChunkedParse(const ChunkedParse &) = delete;
    ChunkedParse &operator=(const ChunkedParse &) = delete;

    // The next chunk in file order, parsed, valid until the next call; null after the last.
    const ParsedChunk *next()
    {
        std::unique_lock lock(m_mutex);
        if (m_visiting)
            ++m_visited;
        m_visiting = m_visited < m_chunkCount;
        if (!m_visiting)
            return nullptr;
        m_changed.notify_all(); // a slot is free
        const Slot &slot = m_slots[m_visited % m_slots.size()];
        // While another thread parses the chunk wanted, this one parses the next free ones rather than wait: on a
        // machine whose cores are busy elsewhere, that thread may not run again for milliseconds.
        while (slot.parsed != m_visited + 1) {
            if (claimable())
                parseNext(lock, m_callerParser);
            else
                m_changed.wait(lock, [&] { return slot.parsed == m_visited + 1 || claimable(); });
        }
        return &slot.chunk;
    }

private:
    struct Slot {
        ParsedChunk chunk;
        std::size_t parsed = 0; // one more than the index of the chunk parsed into it, 0 for none
    };

    // Whether a chunk is left to parse, and a slot to parse it into.
    bool claimable() const { return m_claimed < m_chunkCount && m_claimed < m_visited + m_slots.size(); }

    // Parses the next chunk no thread has taken; called and returns with the lock held.
    void parseNext(std::unique_lock<std::mutex> &lock, simdjson::dom::parser &parser)
    {
        const std::size_t chunk = m_claimed++;
        Slot &slot = m_slots[chunk % m_slots.size()];
        lock.unlock();
        parse(chunk, parser, slot.chunk);
        lock.lock();
        slot.parsed = chunk + 1;
        m_changed.notify_all();
    }

    void work(std::stop_token stop)
    {
        simdjson::dom::parser parser;
        std::unique_lock lock(m_mutex);
        // A caller that stops early (it found what it looked for, or threw) stops the workers as it goes.
        while (m_changed.wait(lock, stop, [&] { return claimable() || m_claimed == m_chunkCount; })
               && !stop.stop_requested() && m_claimed < m_chunkCount)
            parseNext(lock, parser);
    }

    // Where chunk `index` starts: after the first line end at or past its share of the text, so that every line
    // falls into exactly one chunk wherever the shares are cut.
    std::size_t boundary(std::size_t index) const
    {
        if (index == 0)
            return 0;
        const std::size_t from = index * m_chunkBytes - 1;
        const auto *newline = static_cast<const char *>(std::memchr(m_text + from, '\n', m_size - from));
        return newline ? std::size_t(newline - m_text) + 1 : m_size;
    }

    void parse(std::size_t index, simdjson::dom::parser &parser, ParsedChunk &out) const
    {
        const std::size_t end = index + 1 == m_chunkCount ? m_size : boundary(index + 1);
        out.count = 0;
        for (std::size_t offset = boundary(index); offset < end;) {
            if (out.count == out.lines.size())
                out.lines.emplace_back();
            ParsedLine &parsed = out.lines[out.count++];
            const auto *newline = static_cast<const char *>(std::memchr(m_text + offset, '\n', end - offset));
            parsed.finalWithoutNewline = newline == nullptr;
            const std::size_t lineEnd = newline ? std::size_t(newline - m_text) : end;
            const std::string_view line(m_text + offset, lineEnd - offset);
            parsed.next = newline ? lineEnd + 1 : end;
            parsed.blank = isBlank(line);
            // The rest of the text (and simdjson's padding after it) is readable, so each line parses in place.
            if (!parsed.blank)
                parsed.error = parser.parse_into_document(parsed.document, line.data(), line.size(), false).error();
            offset = parsed.next;
        }
    }

    const char *m_text;
    const std::size_t m_size;
    const std::size_t m_chunkBytes;
    const std::size_t m_chunkCount;
    simdjson::dom::parser &m_callerParser;
    std::mutex m_mutex;
    std::condition_variable_any m_changed;
    std::vector<Slot> m_slots;           // chunk i is parsed into slot i % size
    std::size_t m_claimed = 0;           // chunks taken by a thread to parse
    std::size_t m_visited = 0;           // chunks the caller is done with
    bool m_visiting = false;             // whether the caller holds chunk m_visited
    std::vector<std::jthread> m_workers; // last, so stopped and joined first when the caller is done
};

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
    std::int64_t lineNumber = 0;
    ChunkedParse chunks(m_begin, m_size, m_split, m_parser);
    while (const ParsedChunk *chunk = chunks.next()) {
        for (std::size_t i = 0; i < chunk->count; ++i) {
            const ParsedLine &parsed = chunk->lines[i];
            ++lineNumber;
            if (parsed.blank) {
                if (!parsed.finalWithoutNewline)
                    m_completeBytes = parsed.next;
                continue;
            }
            if (parsed.error) {
                ++m_damagedLines;
                if (parsed.finalWithoutNewline) {
                    // A line still being written, as the reference's reader tolerates; or a file cut off by a copy.
                    m_truncatedTail = true;
                    diagnostics.push_back({m_label, lineNumber,
                                           "the last line is unfinished (no newline at its end, and not valid "
                                           "JSON): skipped; the file was cut off or is still being written",
                                           Severity::Warning});
                    return;
                }
                diagnostics.push_back({m_label, lineNumber, describeJsonError(parsed.error)});
            } else if (const json::Element element = parsed.document.root(); !element.is_object()) {
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
            m_completeBytes = parsed.next;
            // Every few tens of megabytes read, the file's pages behind go back to the kernel: a gigabyte log would
            // otherwise stay resident beside the population built from it, half as large again at the peak. The
            // parser threads are only ever ahead of this line, and a parsed line no longer needs its text.
            if (m_begin == m_mapped.data() && parsed.next - m_releasedUpTo >= kReleaseEvery) {
                m_mapped.releasePagesBefore(parsed.next);
                m_releasedUpTo = parsed.next;
            }
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
