#pragma once

#include "jsonfields.h"
#include "mappedfile.h"
#include "model/diagnostic.h"

#include <simdjson.h>

#include <cstdint>
#include <functional>
#include <string>

namespace kfx {

// A JSON Lines file read whole into one padded buffer and parsed line by line with simdjson, in place.
// Conventions of the reference's event log: a truncated final line (no newline, not valid JSON) is the
// normal state of a log still being written and is tolerated; any other malformed line becomes a
// diagnostic naming the file and line, and the lines after it still load.
class JsonLinesFile {
public:
    // Reads the file; on failure returns false and adds a diagnostic (line 0).
    bool open(const std::string &path, Diagnostics &diagnostics);
    // Takes text already in memory (tests, generated data). `label` names it in diagnostics.
    void setText(std::string_view text, std::string label);

    const std::string &label() const { return m_label; }
    std::size_t sizeBytes() const { return m_size; }

    // Calls `visit(object, lineNumber)` for each non-blank line whose JSON is an object. Parse errors and
    // json::FieldError thrown by `visit` become diagnostics. Stops early when `visit` returns false.
    using Visitor = std::function<bool(const json::Object &, std::int64_t)>;
    void forEachObject(const Visitor &visit, Diagnostics &diagnostics);

    // The first non-blank line parsed as an object, for format detection. Empty when there is none.
    bool firstObject(const Visitor &visit);

    // Parses the whole text as one JSON object (formats written as a single, possibly indented, document).
    // Returns false when it is not one.
    bool wholeObject(const Visitor &visit);

    // Whether the last visit found an unfinished final line (and skipped it silently).
    bool truncatedTail() const { return m_truncatedTail; }
    // Bytes up to the end of the last complete line, where a follower resumes reading.
    std::size_t completeBytes() const { return m_completeBytes; }

private:
    // The text is either a mapped file or a padded copy of text given in memory; m_begin/m_size view it.
    MappedFile m_mapped;
    simdjson::padded_string m_copy;
    const char *m_begin = nullptr;
    std::size_t m_size = 0;
    std::string m_label;
    simdjson::dom::parser m_parser;
    bool m_truncatedTail = false;
    std::size_t m_completeBytes = 0;
};


} // namespace kfx
