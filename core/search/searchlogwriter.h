#pragma once

#include "io/jsonwriter.h"
#include "surrogate/secretredactor.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace kfx::search {

using WallClock = std::function<std::chrono::system_clock::time_point()>;

// Appends a search's events to its events.jsonl as the reference's event log does (spec §3.6): one compact JSON
// document per line, flushed after each, so that a window following the file sees every event as it happens.
// Every line passes through `redactor` as a whole, so that no event, whatever it quotes from an LLM (an error
// body that echoes the request's headers, a child kernel that repeats the key), can write the API key.
class SearchLogWriter {
public:
    // Opens `path` for appending (a resumed run continues the file). Throws std::runtime_error naming the file.
    SearchLogWriter(const std::string &path, WallClock clock, surrogate::SecretRedactor redactor);
    ~SearchLogWriter();
    SearchLogWriter(const SearchLogWriter &) = delete;
    SearchLogWriter &operator=(const SearchLogWriter &) = delete;

    // Writes the event `w` holds (an open object: the writer closes it) and its newline in one write(2), so that
    // a kill leaves at worst an unfinished last line, never a whole event without its newline that the next
    // event would be appended to (issue 27: a resumed log whose first line ran into its second).
    void emit(JsonWriter &w);
    // "2026-11-22T03:59:02.325862Z" from the writer's clock, as the reference's started_at/completed_at.
    std::string timestamp() const;
    std::chrono::system_clock::time_point now() const { return m_clock(); }

private:
    std::string m_path;
    int m_fd = -1;
    WallClock m_clock;
    surrogate::SecretRedactor m_redactor;
};

// Cuts the log at `path` back to the end of its last closed step (or of search_initialized), where a resumed run
// continues: a step a crash left open is run again in full, so that the resumed log is the one an uninterrupted
// run writes. A last line without its newline was cut off mid-write and is dropped with it, and `notice` is told
// so, naming the file and the line. An empty file afterwards means the search starts afresh.
void cutToLastClosedStep(const std::string &path, const std::function<void(const std::string &)> &notice);

// 26-character Crockford base32 ULIDs (spec §3.5): the clock's millisecond, then 80 bits drawn from the search's
// seed, the step and the id's place in it, so that a run and its resumption name every node alike.
std::string ulidFor(std::chrono::system_clock::time_point when, std::uint64_t seed, int step, int ordinal);

// splitmix64: the search's one source of pseudo-random numbers, a pure function of its input.
std::uint64_t mix(std::uint64_t value);

} // namespace kfx::search
