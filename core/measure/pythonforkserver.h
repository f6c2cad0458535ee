#pragma once

#include "childprocess.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace kfx::measure {

// The worker's pre-started Python interpreter (harness/kfx_forkserver.py): it has imported torch and Triton once
// and forks a fresh child per candidate, so a candidate after the first no longer pays ~4 s of `import torch`
// (issue 26). A candidate that crashes or hangs takes down its child only; the server kills the child's whole tree
// when it ends, when it is stopped, and when this worker goes away (the server then reads the end of its input).
// One server per interpreter and harness: a request naming others replaces it.
class PythonForkServer {
public:
    using Clock = std::chrono::steady_clock;

    // Makes this process a child subreaper (the constructor's comment says why): one server per worker process.
    PythonForkServer();

    // Starts the server unless one for this interpreter (or launch prefix) and harness is running, and waits until
    // `deadline` for its imports. Returns false with `error` set when it cannot be started or died first.
    bool start(const std::vector<std::string> &python, const std::string &harness, Clock::time_point deadline,
               std::string &error);

    // Forks a child that runs the harness with `arguments`; false when the server no longer listens.
    bool startCandidate(const std::vector<std::string> &arguments);

    enum class Event { Line, TimedOut, CandidateEnded, ServerLost };
    // The candidate's next line (a harness JSON line), or how it ended: CandidateEnded with candidateStatus() set,
    // or ServerLost when the server itself died (it is started again for the next request).
    Event next(Clock::time_point deadline, std::string &line);
    // How the last candidate ended: its exit code, or 128 + the signal that killed it.
    std::optional<int> candidateStatus() const { return m_candidateStatus; }

    // Kills the running candidate and all it started, through the server; a server that does not confirm within a
    // few seconds is killed itself. Safe to call when no candidate runs.
    void stopCandidate();

    // What the server and the current candidate wrote to stderr since the candidate started.
    const std::string &log() { return m_process.collectLog(); }

private:
    // Kills the server and whatever its death left behind (a candidate, a process the candidate started).
    void abandonServer();

    std::vector<std::string> m_command;
    ChildProcess m_process;
    bool m_candidateRunning = false;
    std::optional<int> m_candidateStatus;
};

} // namespace kfx::measure
