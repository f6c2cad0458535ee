#pragma once

#include "jsonfields.h"
#include "mappedfile.h"
#include "model/diagnostic.h"

#include <simdjson.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace kfx {

// How a file's lines are parsed on several threads: in chunks of about `chunkBytes`, cut at line ends, by up to
// `threads` threads, the caller's included. Whatever the split, the caller sees the same objects in the same
// order with the same line numbers, and the same diagnostics.
struct ParseSplit {
    // Two by default (issue 23): on the 1 GB generated log, now that each distinct kernel code is held once, the
    // window read on two threads was usable sooner (1.67 and 1.72 s against 2.48 and 2.06 s reopened, alternating
    // pairs on an idle 2-core machine), with no slower threshold move or filter. Before that change two threads
    // made the window slower, for reasons never found (README, "The reader on both cores").
    unsigned threads = 2;
    // Some 28 events of a v3 log. The chunks parsed ahead hold their lines' parsed documents: with a megabyte a
    // chunk, reading the 1 GB log of issue 23 on two threads peaked 60 MB higher.
    std::size_t chunkBytes = std::size_t(64) << 10;
};

// A JSON Lines file read whole into one padded buffer and parsed line by line with simdjson, in place, on as many
// threads as its ParseSplit says; the lines are visited in file order on the caller's thread.
// Conventions of the reference's event log: a truncated final line (no newline, not valid JSON) is the
// normal state of a log still being written and is tolerated, with a warning naming it (the file may as well
// have been cut off); any other malformed line becomes an error naming the file and line, and the lines after
// it still load.
class JsonLinesFile {
public:
    // Reads the file; on failure returns false and adds a diagnostic (line 0).
    bool open(const std::string &path, Diagnostics &diagnostics);
    // Takes text already in memory (tests, generated data). `label` names it in diagnostics.
    void setText(std::string_view text, std::string label);
    void setParseSplit(const ParseSplit &split) { m_split = split; }

    const std::string &label() const { return m_label; }
    std::size_t sizeBytes() const { return m_size; }

    // Calls `visit(object, lineNumber)` for each non-blank line whose JSON is an object. Parse errors and
    // json::FieldError thrown by `visit` become diagnostics. Stops early when `visit` returns false.
    using Visitor = std::function<bool(const json::Object &, std::int64_t)>;
    void forEachObject(const Visitor &visit, Diagnostics &diagnostics);

    // The first non-blank line parsed as an object, for format detection. Empty when there is none.
    bool firstObject(const Visitor &visit);

    // Why a file without records has none, for the caller's message: it holds nothing but blank space, or the
    // offset of its first byte that never occurs in JSON text (a NUL or another control character).
    bool holdsOnlyBlankSpace() const;
    std::optional<std::size_t> firstBinaryByte() const;

    // Parses the whole text as one JSON object (formats written as a single, possibly indented, document).
    // Returns false when it is not one.
    bool wholeObject(const Visitor &visit);

    // Whether the last visit found an unfinished final line (and skipped it, with a warning).
    bool truncatedTail() const { return m_truncatedTail; }
    // Lines of the last visit that could not be loaded: not JSON, not an object, refused by `visit`, or cut off.
    std::size_t damagedLines() const { return m_damagedLines; }
    // Bytes up to the end of the last complete line, where a follower resumes reading.
    std::size_t completeBytes() const { return m_completeBytes; }

private:
    // The text is either a mapped file or a padded copy of text given in memory; m_begin/m_size view it.
    MappedFile m_mapped;
    simdjson::padded_string m_copy;
    const char *m_begin = nullptr;
    std::size_t m_size = 0;
    std::string m_label;
    simdjson::dom::parser m_parser; // the caller's thread's
    ParseSplit m_split;
    bool m_truncatedTail = false;
    std::size_t m_damagedLines = 0;
    std::size_t m_completeBytes = 0;
    static constexpr std::size_t kReleaseEvery = std::size_t(32) << 20;
    std::size_t m_releasedUpTo = 0;
};

} // namespace kfx
