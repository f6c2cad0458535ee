#pragma once

#include "io/dataformat.h"
#include "io/loadedfile.h"
#include "io/loggraphguard.h"
#include "io/measurementcheck.h"
#include "model/diagnostic.h"
#include "model/population.h"
#include "search/searchreplay.h"

#include <cstdint>
#include <memory>
#include <string>

namespace kfx::replay {

// Follows a search log that is still being written (the reference appends one line at a time with fsync):
// each poll() reads what was appended since the last complete line and folds the new events into the same
// Population through the same log replay. A last line without its newline is the writer mid-write: it is
// left for the next poll, never reported. Only raw events.jsonl (v2, v3) can grow; the HF exports cannot.
class LogFollower {
public:
    explicit LogFollower(std::string path, const ReplayOptions &options = {});

    // Reads and applies newly completed lines; returns how many events were applied (0 when nothing new).
    int poll();

    const Population &population() const { return m_population; }
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    DataFormat format() const { return m_format; }
    // Bytes applied so far: everything up to the last complete line.
    std::uint64_t offset() const { return m_offset; }
    // Whether the file ends in a line still being written.
    bool waitingForLine() const { return m_waitingForLine; }

private:
    bool startReplay(std::string_view firstLine);

    std::string m_path;
    ReplayOptions m_options;
    Population m_population;
    Diagnostics m_diagnostics;
    DataFormat m_format = DataFormat::Unknown;
    std::unique_ptr<SearchReplay> m_replay;
    std::unique_ptr<LogGraphGuard> m_guard;    // refuses what the whole-file reader refuses
    std::unique_ptr<MeasurementCheck> m_check; // and replaces the same impossible values
    std::uint64_t m_offset = 0;
    std::int64_t m_linesRead = 0;
    bool m_waitingForLine = false;
    bool m_failed = false; // an unfollowable file: reported once, then left alone
};

} // namespace kfx::replay
