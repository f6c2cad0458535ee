#pragma once

// kill -9 during a burst of workspace writes, repeated: what tst_workspace runs a few times on every build and
// tst_workspace_kills a thousand times (labelled long). No Qt, so the long run is a plain program.

#include "workspace/workspace.h"

#include <csignal>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace workspacekills {

struct Tally {
    int kills = 0;
    int committed = 0;             // writes the children reported as committed before they were killed
    int lostCommits = 0;           // of which the reopened workspace lacks some
    int failedIntegrityChecks = 0; // reopened files whose PRAGMA integrity_check was not "ok"
    int unopenable = 0;            // reopened files that did not open at all
    int beyondInFlight = 0;        // writes found that were never started: the count itself would be wrong
    int earlyExits = 0;            // children that ended before the kill: nothing was tested by them
};

inline std::string overrideId(int burst, int index)
{
    return "burst" + std::to_string(burst) + "/" + std::to_string(index);
}

// The child's whole life: open the workspace, then commit overrides one by one, telling the parent each index after
// its commit returned, until killed.
[[noreturn]] inline void overrideBurst(const std::string &path, int burst, int reportFd)
{
    try {
        kfx::workspace::Workspace workspace(path);
        for (int i = 0;; ++i) {
            workspace.setOverride(overrideId(burst, i), {kfx::gate::OverrideMode::Trust, "note " + std::to_string(i)});
            if (write(reportFd, &i, sizeof i) != sizeof i)
                _exit(3);
        }
    } catch (...) {
        _exit(2);
    }
}

// One burst: a child writes until it is killed at a random moment; then the file is reopened and checked.
inline void killOneBurst(const std::string &path, int burst, std::mt19937 &random, Tally &tally)
{
    std::uniform_int_distribution<int> delayUs(5000, 60000);
    int pipeFds[2];
    if (pipe(pipeFds) != 0)
        return;
    const pid_t child = fork();
    if (child < 0) {
        close(pipeFds[0]);
        close(pipeFds[1]);
        return;
    }
    if (child == 0) {
        close(pipeFds[0]);
        overrideBurst(path, burst, pipeFds[1]);
    }
    close(pipeFds[1]);
    usleep(useconds_t(delayUs(random)));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status))
        ++tally.kills;
    else
        ++tally.earlyExits;

    // Every index the child reported was committed before it said so.
    int lastReported = -1, index = 0;
    while (read(pipeFds[0], &index, sizeof index) == sizeof index)
        lastReported = index;
    close(pipeFds[0]);
    tally.committed += lastReported + 1;

    try {
        kfx::workspace::Workspace workspace(path);
        if (workspace.integrityCheck() != "ok")
            ++tally.failedIntegrityChecks;
        const auto overrides = workspace.overrides();
        for (int i = 0; i <= lastReported; ++i)
            tally.lostCommits += overrides.contains(overrideId(burst, i)) ? 0 : 1;
        // At most the one in flight beyond what was reported: committed, killed before it could say so.
        if (overrides.contains(overrideId(burst, lastReported + 2)))
            ++tally.beyondInFlight;
    } catch (const kfx::workspace::SqliteError &) {
        ++tally.unopenable;
        tally.lostCommits += lastReported + 1;
    }
}

inline Tally killDuringBursts(const std::string &path, int bursts, std::uint32_t seed)
{
    std::mt19937 random(seed);
    Tally tally;
    for (int burst = 0; burst < bursts; ++burst)
        killOneBurst(path, burst, random, tally);
    return tally;
}

} // namespace workspacekills
