#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace kfx::measure {

// A child process spoken to in lines: its stdin and stdout are connected to us, its stderr is collected as a log.
// It runs in a process group of its own so that stopping it also stops what it started (a shell's children, the
// worker behind an ssh prefix's local side).
class ChildProcess {
public:
    ChildProcess() = default;
    ChildProcess(const ChildProcess &) = delete;
    ChildProcess &operator=(const ChildProcess &) = delete;
    ~ChildProcess();

    // Returns false with `error` set when the program could not be started.
    bool start(const std::vector<std::string> &argv, std::string &error);
    // Whether it was started and has not exited yet.
    bool running();
    // Writes the line and a newline; false when the child no longer reads.
    bool writeLine(std::string_view line);

    enum class ReadStatus { Line, TimedOut, Closed };
    // Waits for the next line on the child's stdout until `deadline`.
    ReadStatus readLine(std::chrono::steady_clock::time_point deadline, std::string &line);

    // Kills the process group and reaps the child. Safe to call when nothing runs.
    void stop();
    // Kills the process group without reaping it, from any thread: a readLine() blocked in another thread then
    // sees the output close and returns Closed, and that thread's stop() reaps the child as usual.
    void interrupt();
    // The exit status once the child has gone: the exit code, or 128 + signal number.
    std::optional<int> exitStatus() const { return m_exitStatus; }
    // What the child wrote to stderr, the most recent part when there was a lot.
    const std::string &log() const { return m_log; }
    // log() after reading what stderr holds now, without waiting: a line on stdout may arrive before the stderr
    // its writer wrote first.
    const std::string &collectLog();
    // Forgets the log so far: a long-lived child's log then starts with its next piece of work.
    void clearLog() { m_log.clear(); }

private:
    void drain(int fd, std::string &into);
    void closeDescriptors();
    void reap(bool wait);

    pid_t m_pid = -1;
    // m_pid as interrupt() may read it from another thread: set once started, cleared before reaping.
    std::atomic<pid_t> m_group{-1};
    int m_input = -1;
    int m_output = -1;
    int m_errors = -1;
    std::string m_pending; // stdout read but not yet returned as a line
    std::string m_log;
    std::optional<int> m_exitStatus;
};

} // namespace kfx::measure
