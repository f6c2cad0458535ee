#pragma once

// kill -9 during a burst of workspace writes, repeated: what tst_workspace runs a few times on every build and
// tst_workspace_kills a thousand times (labelled long). No Qt, so the long run is a plain program.

#include "workspace/workspace.h"

#include <csignal>
#include <map>
#include <optional>
#include <random>
#include <set>
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

// Runs `writer(reportFd)` in a child and kills it at a random moment after `minUs`..`maxUs`; returns the last index it
// reported (-1 for none), or nullopt when no child could be started.
template<typename Writer>
std::optional<int> runAndKill(Writer writer, int minUs, int maxUs, std::mt19937 &random, Tally &tally)
{
    std::uniform_int_distribution<int> delayUs(minUs, maxUs);
    int pipeFds[2];
    if (pipe(pipeFds) != 0)
        return std::nullopt;
    const pid_t child = fork();
    if (child < 0) {
        close(pipeFds[0]);
        close(pipeFds[1]);
        return std::nullopt;
    }
    if (child == 0) {
        close(pipeFds[0]);
        writer(pipeFds[1]);
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
    int lastReported = -1, index = 0;
    while (read(pipeFds[0], &index, sizeof index) == sizeof index)
        lastReported = index;
    close(pipeFds[0]);
    return lastReported;
}

// One burst: a child writes until it is killed at a random moment; then the file is reopened and checked.
inline void killOneBurst(const std::string &path, int burst, std::mt19937 &random, Tally &tally)
{
    const auto reported = runAndKill([&](int reportFd) { overrideBurst(path, burst, reportFd); }, 5000, 60000, random,
                                     tally);
    if (!reported)
        return;
    // Every index the child reported was committed before it said so.
    const int lastReported = *reported;
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

// One person's action on many kernels, as Select All then T or D in the window: action a gives all `kernels` of
// them the mode Defer or Trust and the note "action a", in one call; the child reports a after the call returned.
[[noreturn]] inline void actionBurst(const std::string &path, int kernels, int reportFd)
{
    try {
        kfx::workspace::Workspace workspace(path);
        for (int action = 0;; ++action) {
            std::map<std::string, kfx::gate::GateOverride> overrides;
            for (int i = 0; i < kernels; ++i) {
                overrides[overrideId(0, i)] = {action % 2 ? kfx::gate::OverrideMode::Trust
                                                          : kfx::gate::OverrideMode::Defer,
                                               "action " + std::to_string(action)};
            }
            workspace.setOverrides(overrides);
            if (write(reportFd, &action, sizeof action) != sizeof action)
                _exit(3);
        }
    } catch (...) {
        _exit(2);
    }
}

struct ActionTally {
    Tally kills;
    int halfApplied = 0; // reopened files whose kernels carry more than one action's override (or some none)
    int lostActions = 0; // reopened files holding an action older than the last one the child reported
};

// Kills a child in the middle of its actions on `kernels` kernels, `times` times, each on a fresh file.
inline ActionTally killDuringActions(const std::string &directory, int times, int kernels, std::uint32_t seed)
{
    std::mt19937 random(seed);
    ActionTally tally;
    for (int time = 0; time < times; ++time) {
        const auto path = directory + "/action" + std::to_string(time) + ".kfx-workspace";
        // Long enough for a few actions of one transaction each, and well inside the first action done as one
        // transaction per kernel (1.9 s for 497 in issue 27).
        const auto reported = runAndKill([&](int reportFd) { actionBurst(path, kernels, reportFd); }, 50000, 400000,
                                         random, tally.kills);
        if (!reported)
            continue;
        try {
            kfx::workspace::Workspace workspace(path);
            std::set<std::string> notes;
            const auto overrides = workspace.overrides();
            for (int i = 0; i < kernels; ++i) {
                const auto found = overrides.find(overrideId(0, i));
                notes.insert(found == overrides.end() ? std::string("none") : found->second.note);
            }
            if (notes.size() > 1)
                ++tally.halfApplied;
            else if (*reported >= 0 && *notes.begin() != "action " + std::to_string(*reported)
                     && *notes.begin() != "action " + std::to_string(*reported + 1))
                ++tally.lostActions;
        } catch (const kfx::workspace::SqliteError &) {
            ++tally.kills.unopenable;
        }
    }
    return tally;
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
