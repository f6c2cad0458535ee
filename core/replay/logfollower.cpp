#include "logfollower.h"

#include "io/fileloader.h"
#include "io/jsonlinesfile.h"
#include "search/puctv2replay.h"
#include "search/puctv3replay.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace kfx::replay {

LogFollower::LogFollower(std::string path, const ReplayOptions &options) : m_path(std::move(path)), m_options(options)
{
}

bool LogFollower::startReplay(std::string_view firstLines)
{
    JsonLinesFile file;
    file.setText(firstLines, m_path);
    file.firstObject([&](const json::Object &object, std::int64_t) {
        m_format = detectFormat(object);
        return false;
    });
    if (m_format == DataFormat::PuctV2)
        m_replay = std::make_unique<PuctV2Replay>(m_population, m_options, m_diagnostics, m_path);
    else if (m_format == DataFormat::PuctV3)
        m_replay = std::make_unique<PuctV3Replay>(m_population, m_options, m_diagnostics, m_path);
    else
        m_diagnostics.push_back({m_path, 1, "not a v2 or v3 events.jsonl: only those are written while a search runs"});
    if (m_replay) {
        m_guard = std::make_unique<LogGraphGuard>(m_population, m_format == DataFormat::PuctV3, m_diagnostics, m_path);
        m_check = std::make_unique<MeasurementCheck>(m_population, m_format == DataFormat::PuctV3, m_diagnostics,
                                                     m_path);
    }
    return m_replay != nullptr;
}

int LogFollower::poll()
{
    if (m_failed)
        return 0;
    std::error_code error;
    const auto size = std::filesystem::file_size(m_path, error);
    if (error)
        return 0; // not created yet, or briefly away while a writer replaces it
    if (size < m_offset) {
        m_diagnostics.push_back({m_path, m_linesRead, "the log shrank while being followed; reopen it"});
        m_failed = true;
        return 0;
    }
    std::ifstream in(m_path, std::ios::binary);
    in.seekg(std::streamoff(m_offset));
    const std::string appended((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto lastNewline = appended.rfind('\n');
    m_waitingForLine = lastNewline != appended.size() - 1 && !appended.empty();
    if (lastNewline == std::string::npos)
        return 0;
    const std::string_view complete(appended.data(), lastNewline + 1);
    if (!m_replay && !startReplay(complete)) {
        m_failed = true;
        return 0;
    }

    JsonLinesFile chunk;
    chunk.setText(complete, m_path);
    // Unreadable lines are reported by the chunk, which numbers its lines from 1; they are renumbered to lines
    // of the whole file. The replay's own reports already carry whole-file lines.
    Diagnostics chunkDiagnostics;
    int applied = 0;
    chunk.forEachObject(
        [&](const json::Object &event, std::int64_t line) {
            const auto kind = json::requiredString(event, "kind");
            if (m_guard->admits(kind, event, m_linesRead + line)) {
                m_replay->apply(kind, event, m_linesRead + line);
                m_check->applied(kind, event, m_linesRead + line);
            }
            ++applied;
            return true;
        },
        chunkDiagnostics);
    for (auto &diagnostic : chunkDiagnostics) {
        diagnostic.line += m_linesRead;
        m_diagnostics.push_back(std::move(diagnostic));
    }
    m_linesRead += std::count(complete.begin(), complete.end(), '\n');
    m_offset += complete.size();
    return applied;
}

} // namespace kfx::replay
