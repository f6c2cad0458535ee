#pragma once

// The shared-memory race check (issue 26): a kfx-task/1 kernel whose outputs passed the check is launched once
// more, on the task's smallest case, in a child process under NVIDIA compute-sanitizer's racecheck tool. A race
// that happened not to change the outputs of the checked launches (row_softmax's missing_max_barrier passed 99 of
// 112 times on an H200) is found on every run: racecheck reports hazards between accesses, whatever their order
// turned out to be. Everything here is free of CUDA, so that the parsing, the verdicts and the "not found" case
// are tested on machines without a GPU; the launch itself is the worker's (`kfx-measure --race-check-launch`).
#include "io/jsonwriter.h"

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::measure {

// What racecheck printed, read from its output ("========= " lines; the application's own lines pass through).
struct RacecheckReport {
    bool summaryFound = false; // "RACECHECK SUMMARY: ..." was there: the tool ran to the end
    int displayed = 0;         // races (or hazards, in --racecheck-report hazard) the summary counts
    int errors = 0;
    int warnings = 0;
    // The first race reported, as one line without the "=========" prefix: "Race reported between Write access
    // at f+0x130 and Read access at g+0x1a0 [124 hazards]". Errors are preferred over warnings.
    std::string first;
};
RacecheckReport parseRacecheckReport(std::string_view output);

// The check's outcome, as the result's "race_check" object says it.
enum class RaceCheckStatus {
    Clean,       // racecheck ran to its summary and reported no hazard
    Race,        // it reported one, of error or warning severity: the measurement becomes `incorrect`
    Unavailable, // no compute-sanitizer was found: the success stands, flagged
    Disabled,    // KFX_MEASURE_RACECHECK=0: likewise
    TimedOut,    // no answer within the limit: likewise
    Failed,      // the tool or the launch under it failed in another way: likewise, with its output
};
std::string_view raceCheckStatusName(RaceCheckStatus status);

struct RaceCheckResult {
    RaceCheckStatus status = RaceCheckStatus::Clean;
    RacecheckReport report;
    std::string detail;    // why it did not run or failed; the first race for Race
    std::string tool;      // the compute-sanitizer that ran, empty when none
    int caseIndex = -1;    // the case launched
    std::string caseSizes; // "rows=2048, cols=4096"
    double milliseconds = 0.0;
    bool cached = false; // the verdict was read from the cache, not run now
    std::string command; // the command line that ran, shell-quoted, to reproduce it by hand; empty when cached
};

// Where compute-sanitizer is, in this order: $KFX_COMPUTE_SANITIZER (a path), `compute-sanitizer` on $PATH,
// <toolkitBin>/compute-sanitizer (the toolkit the worker was built with), /usr/local/cuda/bin. Nothing when none
// is an executable file; `looked` then lists where it looked, for the flag's message.
std::optional<std::string> findComputeSanitizer(const std::string &toolkitBin, std::string &looked);

// KFX_MEASURE_RACECHECK=0 (or "off", "no", "false") turns the check off; KFX_MEASURE_RACECHECK_TIMEOUT_MS bounds
// one run (default 60000).
bool raceCheckEnabled();
std::chrono::milliseconds raceCheckTimeout();

// compute-sanitizer's command line around `application` (the launch's own argv).
std::vector<std::string> racecheckCommand(const std::string &sanitizer, const std::vector<std::string> &application);
// The command as one line a shell reads back (arguments with anything but [A-Za-z0-9_./=:,+-] single-quoted).
std::string shellCommand(const std::vector<std::string> &command);

// The line the launch prints on stdout once its kernel has run and synchronised, so that a tool that exits cleanly
// without having launched anything is not read as a clean check.
inline constexpr std::string_view kRaceLaunchDone = "kfx-race-check-launch: done";

// Thrown when `cancelled` rises while the check runs (the child is killed first).
struct RaceCheckCancelled {};

// Runs `command` (racecheckCommand's) and reads its verdict. Never throws but RaceCheckCancelled.
RaceCheckResult runRaceCheck(const std::vector<std::string> &command, std::chrono::milliseconds timeout,
                             const std::atomic<bool> &cancelled);
// The verdict from what the child printed and how it ended (runRaceCheck's second half, apart for the tests).
RaceCheckResult raceCheckVerdict(std::string_view output, std::string_view log, std::optional<int> exitStatus);

// The `incorrect` result's error_message for a race: "shared-memory race: racecheck reports 1 race (1 error,
// 0 warnings) on case 2 (rows=2048, cols=4096): Race reported between ...".
std::string raceMessage(const RaceCheckResult &result);
// The result's "race_check" object (its key included).
void writeRaceCheck(JsonWriter &writer, const RaceCheckResult &result);
// A success's suspicion for a check that did not give a verdict (unavailable, disabled, timed out, failed); nothing
// for a clean one. {"kind": "race_unchecked", "detail": ...}
struct RaceSuspicion {
    std::string kind;
    std::string detail;
};
std::optional<RaceSuspicion> raceSuspicion(const RaceCheckResult &result);

// The verdict cache beside the kernel images (`<key>.racecheck` under KernelImageCache's directory): only Clean
// and Race are kept, as "clean" or "race" and the report's fields, one a line.
std::optional<RaceCheckResult> loadRaceVerdict(const std::string &path);
void storeRaceVerdict(const std::string &path, const RaceCheckResult &result);

} // namespace kfx::measure
