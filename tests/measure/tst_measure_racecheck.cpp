// The race check's CPU half (core/measure/racecheck.h, issue 26): reading compute-sanitizer racecheck's report, the
// verdict for each way a run can end, the result's fields and flags, finding (or not finding) the tool, the
// verdict cache, and the child run with stand-in tools (shell scripts that print a report, hang or fail). No CUDA
// and no compute-sanitizer: the real tool on a real kernel is tst_measure_gpu's and MEASUREMENTS.md's.
#include "check.h"
#include "io/jsonwriter.h"
#include "measure/racecheck.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace kfx::measure;
using kfx::test::contains;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {
// compute-sanitizer 2025.3.1's racecheck output (analysis report), as it came on an H200 for row_softmax's
// block_float4 kernel with the missing_max_barrier bug (MEASUREMENTS.md, 2026-11-29); the launch's own line passes
// through between the tool's, and the blank prefix line ends in a space.
const std::string kRaceOutput = "========= COMPUTE-SANITIZER\n"
                                "========= Error: Race reported between Read access at row_softmax+0x380\n"
                                "=========     and Write access at row_softmax+0x4c0 [13180 hazards]\n"
                                "========= \n"
                                "kfx-race-check-launch: done\n"
                                "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n";

const std::string kCleanOutput = R"(========= COMPUTE-SANITIZER
kfx-race-check-launch: done
========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
)";

const std::string kWarningOutput = R"(========= COMPUTE-SANITIZER
========= Warning: Race reported between Write access at reduce(float *)+0x80
=========     and Read access at reduce(float *)+0xa0 [32 hazards]
=========
kfx-race-check-launch: done
========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)
)";

// The per-hazard report (--racecheck-report hazard) words its lines differently; a warning before the error. Written
// after that report's documented form, not captured from a run.
const std::string kHazardOutput = R"(========= COMPUTE-SANITIZER
========= Warning: (Warp Level Programming) Potential RAW hazard detected at __shared__ 0x4 in block (3, 0, 0) :
=========     Write Thread (0, 0, 0) at blockMax(float, float *)+0x130
========= ERROR: Potential WAR hazard detected at __shared__ 0x0 in block (0, 0, 0) :
=========     Read Thread (64, 0, 0) at blockMax(float, float *)+0x2a0
=========     Write Thread (0, 0, 0) at blockSum(float, float *)+0x1d0
kfx-race-check-launch: done
========= RACECHECK SUMMARY: 12 hazards displayed (11 errors, 1 warning)
)";

void testParsing()
{
    const RacecheckReport race = parseRacecheckReport(kRaceOutput);
    KFX_CHECK(race.summaryFound && race.displayed == 1 && race.errors == 1 && race.warnings == 0,
              "the summary's counts");
    KFX_CHECK(race.first
                  == "Race reported between Read access at row_softmax+0x380 and Write access at row_softmax+0x4c0 "
                     "[13180 hazards]",
              "the first race, joined into one line: " + race.first);

    const RacecheckReport clean = parseRacecheckReport(kCleanOutput);
    KFX_CHECK(clean.summaryFound && clean.displayed == 0 && clean.errors == 0 && clean.first.empty(), "a clean report");

    const RacecheckReport hazards = parseRacecheckReport(kHazardOutput);
    KFX_CHECK(hazards.displayed == 12 && hazards.errors == 11 && hazards.warnings == 1, "hazard counts");
    KFX_CHECK(contains(hazards.first, "Potential WAR hazard") && !contains(hazards.first, "RAW"),
              "an error is preferred over an earlier warning: " + hazards.first);

    const RacecheckReport none = parseRacecheckReport("plain output\nno tool here\n");
    KFX_CHECK(!none.summaryFound && none.errors == 0 && none.first.empty(), "output without the tool's lines");
}

void testVerdicts()
{
    RaceCheckResult race = raceCheckVerdict(kRaceOutput, "", 97);
    KFX_CHECK(race.status == RaceCheckStatus::Race, "errors make a race");
    race.caseIndex = 2;
    race.caseSizes = "rows=2048, cols=4096";
    const std::string message = raceMessage(race);
    KFX_CHECK(message.rfind("shared-memory race: compute-sanitizer racecheck reports 1 race (1 error, 0 warnings) "
                            "on case 2 (rows=2048, cols=4096): Race reported between Read access",
                            0)
                  == 0,
              "the incorrect result's message: " + message);
    KFX_CHECK(!raceSuspicion(race), "a race is a failure, not a flagged success");

    // Even where the summary's wording changed, the hazard exit status with a reported race is a race.
    KFX_CHECK(raceCheckVerdict("========= Error: Race reported between A\nkfx-race-check-launch: done\n", "", 97).status
                  == RaceCheckStatus::Race,
              "exit status 97 and a reported race");

    const RaceCheckResult clean = raceCheckVerdict(kCleanOutput, "", 0);
    KFX_CHECK(clean.status == RaceCheckStatus::Clean && !raceSuspicion(clean), "a clean run");

    // Warning severity (hazards within a warp, as in a one-warp block) fails too, as the tool's exit status does.
    const RaceCheckResult warnings = raceCheckVerdict(kWarningOutput, "", 97);
    KFX_CHECK(warnings.status == RaceCheckStatus::Race && contains(raceMessage(warnings), "(0 errors, 1 warning)")
                  && contains(raceMessage(warnings), "[32 hazards]"),
              "warnings alone make a race: " + raceMessage(warnings));
    KFX_CHECK(raceCheckVerdict(kWarningOutput, "", 0).status == RaceCheckStatus::Race, "whatever the exit status");

    // No verdict: the launch did not happen, the tool died, or the summary is missing.
    const RaceCheckResult notLaunched = raceCheckVerdict(
        "========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n",
        "kfx-measure --race-check-launch: cudaErrorNoDevice\n", 1);
    KFX_CHECK(notLaunched.status == RaceCheckStatus::Failed && contains(notLaunched.detail, "exit status 1")
                  && contains(notLaunched.detail, "cudaErrorNoDevice"),
              "a launch that failed is no clean check: " + notLaunched.detail);
    const RaceCheckResult quietExit = raceCheckVerdict(
        "========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)\n", "", 0);
    KFX_CHECK(quietExit.status == RaceCheckStatus::Failed && contains(quietExit.detail, "not launched"),
              "exit 0 without the launch's line: " + quietExit.detail);
    const RaceCheckResult killed = raceCheckVerdict("kfx-race-check-launch: done\n", "", 128 + 9);
    KFX_CHECK(killed.status == RaceCheckStatus::Failed && contains(killed.detail, "signal 9"), "a killed tool");
    const auto unchecked = raceSuspicion(killed);
    KFX_CHECK(unchecked && unchecked->kind == "race_unchecked", "no verdict flags the success");
}

void testFields()
{
    RaceCheckResult missing;
    missing.status = RaceCheckStatus::Unavailable;
    missing.detail = "compute-sanitizer not found (looked in $PATH, /usr/local/cuda/bin)";
    missing.caseIndex = 0;
    kfx::JsonWriter writer;
    writer.beginObject();
    writeRaceCheck(writer, missing);
    const std::string json = writer.endObject().take();
    KFX_CHECK(contains(json, "\"status\":\"unavailable\"") && contains(json, "compute-sanitizer not found")
                  && contains(json, "\"case\":0") && !contains(json, "\"errors\""),
              "an unavailable check says so: " + json);
    const auto flag = raceSuspicion(missing);
    KFX_CHECK(flag && flag->kind == "race_unchecked"
                  && flag->detail == "not checked for shared-memory races: " + missing.detail,
              "and is flagged, never silent");

    RaceCheckResult race = raceCheckVerdict(kRaceOutput, "", 97);
    race.milliseconds = 1234.5;
    kfx::JsonWriter raceWriter;
    raceWriter.beginObject();
    writeRaceCheck(raceWriter, race);
    const std::string raceJson = raceWriter.endObject().take();
    KFX_CHECK(contains(raceJson, "\"status\":\"race\"") && contains(raceJson, "\"races\":1")
                  && contains(raceJson, "\"errors\":1") && contains(raceJson, "\"cached\":false"),
              "a race's fields: " + raceJson);
}

fs::path scratch()
{
    const fs::path directory = fs::temp_directory_path() / ("kfx-racecheck-test-" + std::to_string(::getpid()));
    fs::create_directories(directory);
    return directory;
}

fs::path script(const fs::path &directory, const std::string &name, const std::string &body)
{
    const fs::path path = directory / name;
    std::ofstream(path) << "#!/bin/sh\n" << body;
    fs::permissions(path, fs::perms::owner_all);
    return path;
}

void testFinding(const fs::path &directory)
{
    const std::string oldPath = std::getenv("PATH") ? std::getenv("PATH") : "";
    std::string looked;
    ::setenv("KFX_COMPUTE_SANITIZER", (directory / "absent").c_str(), 1);
    KFX_CHECK(!findComputeSanitizer("", looked) && contains(looked, "KFX_COMPUTE_SANITIZER"),
              "a named tool that is not there is not replaced by another: " + looked);
    const fs::path fake = script(directory, "compute-sanitizer", "exit 0\n");
    ::setenv("KFX_COMPUTE_SANITIZER", fake.c_str(), 1);
    KFX_CHECK(findComputeSanitizer("", looked) == fake.string(), "the named tool");
    ::unsetenv("KFX_COMPUTE_SANITIZER");

    ::setenv("PATH", directory.c_str(), 1);
    KFX_CHECK(findComputeSanitizer("", looked) == fake.string(), "found on PATH");
    const fs::path empty = directory / "empty";
    fs::create_directories(empty);
    ::setenv("PATH", empty.c_str(), 1);
    KFX_CHECK(findComputeSanitizer(directory.string(), looked) == fake.string(), "found in the toolkit's bin");
    if (!fs::exists("/usr/local/cuda/bin/compute-sanitizer")) {
        KFX_CHECK(!findComputeSanitizer((directory / "nowhere").string(), looked) && contains(looked, "$PATH")
                      && contains(looked, "/usr/local/cuda/bin"),
                  "not found, and where it looked: " + looked);
    }
    ::setenv("PATH", oldPath.c_str(), 1);
}

void testRuns(const fs::path &directory)
{
    const std::atomic<bool> notCancelled = false;
    // A stand-in tool that prints the race report on stdout and exits as racecheck does.
    std::ofstream(directory / "race.txt") << kRaceOutput;
    const fs::path racing = script(directory, "racing", "cat '" + (directory / "race.txt").string() + "'\nexit 97\n");
    const RaceCheckResult race = runRaceCheck({racing.string()}, 10s, notCancelled);
    KFX_CHECK(race.status == RaceCheckStatus::Race && race.report.errors == 1 && race.tool == racing.string(),
              "a race through a child: " + race.detail);

    std::ofstream(directory / "clean.txt") << kCleanOutput;
    const fs::path clean = script(directory, "clean", "cat '" + (directory / "clean.txt").string() + "'\n");
    const RaceCheckResult passed = runRaceCheck({clean.string()}, 10s, notCancelled);
    KFX_CHECK(passed.status == RaceCheckStatus::Clean && passed.milliseconds > 0.0, "a clean child");

    const fs::path hanging = script(directory, "hanging", "echo '========= COMPUTE-SANITIZER'\nexec sleep 100\n");
    const auto start = std::chrono::steady_clock::now();
    const RaceCheckResult late = runRaceCheck({hanging.string()}, 300ms, notCancelled);
    KFX_CHECK(late.status == RaceCheckStatus::TimedOut && contains(late.detail, "300 ms")
                  && std::chrono::steady_clock::now() - start < 5s,
              "a tool that never ends is stopped at the limit");

    const RaceCheckResult absent = runRaceCheck({(directory / "absent").string()}, 10s, notCancelled);
    KFX_CHECK(absent.status == RaceCheckStatus::Failed, "a tool that cannot start gives no verdict");

    const std::atomic<bool> cancelled = true;
    bool threw = false;
    try {
        runRaceCheck({hanging.string()}, 10s, cancelled);
    } catch (const RaceCheckCancelled &) {
        threw = true;
    }
    KFX_CHECK(threw, "a cancel stops the check");

    const auto command = racecheckCommand("/opt/cuda/bin/compute-sanitizer", {"kfx-measure", "--race-check-launch"});
    KFX_CHECK(command.front() == "/opt/cuda/bin/compute-sanitizer" && command[1] == "--tool"
                  && command[2] == "racecheck" && command[command.size() - 2] == "kfx-measure",
              "the tool's command line wraps the launch");
    KFX_CHECK(shellCommand({"/a/b", "--x", "it's here", ""}) == "/a/b --x 'it'\\''s here' ''",
              "quoted for a shell: " + shellCommand({"/a/b", "--x", "it's here", ""}));
    KFX_CHECK(contains(race.command, racing.string()), "the command that ran is kept");
}

void testCache(const fs::path &directory)
{
    const std::string path = (directory / "key.racecheck").string();
    KFX_CHECK(!loadRaceVerdict(path), "nothing cached yet");
    RaceCheckResult race = raceCheckVerdict(kRaceOutput, "", 97);
    storeRaceVerdict(path, race);
    const auto cached = loadRaceVerdict(path);
    KFX_CHECK(cached && cached->status == RaceCheckStatus::Race && cached->cached && cached->report.errors == 1
                  && cached->report.first == race.report.first,
              "a race is cached");
    RaceCheckResult late;
    late.status = RaceCheckStatus::TimedOut;
    const std::string latePath = (directory / "late.racecheck").string();
    storeRaceVerdict(latePath, late);
    KFX_CHECK(!fs::exists(latePath), "no verdict, nothing cached");
}
} // namespace

int main()
{
    testParsing();
    testVerdicts();
    testFields();
    const fs::path directory = scratch();
    testFinding(directory);
    testRuns(directory);
    testCache(directory);
    std::error_code error;
    fs::remove_all(directory, error);
    return kfx::test::finish();
}
