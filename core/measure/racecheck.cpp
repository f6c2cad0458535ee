#include "racecheck.h"

#include "childprocess.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace kfx::measure {

namespace {
constexpr std::string_view kPrefix = "=========";
constexpr int kHazardExit = 97; // --error-exitcode: racecheck found hazards of error severity

std::string_view trim(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

bool startsWithNoCase(std::string_view text, std::string_view start)
{
    if (text.size() < start.size())
        return false;
    for (std::size_t i = 0; i < start.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(start[i])))
            return false;
    return true;
}

// The first number after `label` in `text` ("(1 error, 0 warnings)": numberBefore(text, "error") reads 1).
int numberBefore(std::string_view text, std::string_view word)
{
    for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        std::size_t end = at;
        while (end > 0 && text[end - 1] == ' ')
            --end;
        std::size_t begin = end;
        while (begin > 0 && std::isdigit(static_cast<unsigned char>(text[begin - 1])))
            --begin;
        if (begin < end)
            return std::atoi(std::string(text.substr(begin, end - begin)).c_str());
    }
    return 0;
}

bool isExecutableFile(const std::string &path)
{
    std::error_code error;
    return !path.empty() && fs::is_regular_file(path, error) && ::access(path.c_str(), X_OK) == 0;
}

std::string tail(std::string_view text, std::size_t bytes)
{
    text = trim(text);
    return std::string(text.size() > bytes ? text.substr(text.size() - bytes) : text);
}
} // namespace

RacecheckReport parseRacecheckReport(std::string_view output)
{
    RacecheckReport report;
    std::string firstWarning;
    // The race being read: its first line, and whether it is an error (a warning's continuation lines are kept
    // apart so that an error after it still wins).
    std::string *open = nullptr;
    std::istringstream lines{std::string(output)};
    for (std::string raw; std::getline(lines, raw);) {
        std::string_view line = trim(raw);
        if (line.substr(0, kPrefix.size()) != kPrefix) {
            open = nullptr;
            continue;
        }
        line = trim(line.substr(kPrefix.size()));
        if (startsWithNoCase(line, "RACECHECK SUMMARY:")) {
            report.summaryFound = true;
            const std::string_view counts = line.substr(std::string_view("RACECHECK SUMMARY:").size());
            report.displayed = std::max(numberBefore(counts, "hazard"), numberBefore(counts, "race"));
            report.errors = numberBefore(counts, "error");
            report.warnings = numberBefore(counts, "warning");
            open = nullptr;
            continue;
        }
        const bool isError = startsWithNoCase(line, "Error:");
        const bool isWarning = startsWithNoCase(line, "Warning:");
        if (isError || isWarning) {
            std::string &into = isError ? report.first : firstWarning;
            open = nullptr;
            if (into.empty()) {
                into = std::string(trim(line.substr(line.find(':') + 1)));
                open = &into;
            }
            continue;
        }
        // "=========     and Read access at ..." continues the race above; a blank prefix line or anything else
        // (a backtrace's "Saved host backtrace", "COMPUTE-SANITIZER") ends it.
        if (open && (startsWithNoCase(line, "and ") || startsWithNoCase(line, "at ") || startsWithNoCase(line, "[")))
            *open += " " + std::string(line);
        else
            open = nullptr;
    }
    if (report.first.empty())
        report.first = firstWarning;
    return report;
}

std::string_view raceCheckStatusName(RaceCheckStatus status)
{
    switch (status) {
    case RaceCheckStatus::Clean:
        return "clean";
    case RaceCheckStatus::Race:
        return "race";
    case RaceCheckStatus::Unavailable:
        return "unavailable";
    case RaceCheckStatus::Disabled:
        return "disabled";
    case RaceCheckStatus::TimedOut:
        return "timeout";
    case RaceCheckStatus::Failed:
        return "failed";
    }
    return "failed";
}

std::optional<std::string> findComputeSanitizer(const std::string &toolkitBin, std::string &looked)
{
    std::vector<std::string> places;
    if (const char *explicitPath = std::getenv("KFX_COMPUTE_SANITIZER"); explicitPath && *explicitPath) {
        // An explicit choice is the only place looked: a wrong one must not silently fall back to another tool.
        looked = std::string("$KFX_COMPUTE_SANITIZER (") + explicitPath + ")";
        if (isExecutableFile(explicitPath))
            return std::string(explicitPath);
        return std::nullopt;
    }
    if (const char *path = std::getenv("PATH"); path && *path) {
        std::string_view rest = path;
        while (!rest.empty()) {
            const std::size_t colon = rest.find(':');
            const std::string_view directory = rest.substr(0, colon);
            if (!directory.empty())
                places.push_back(std::string(directory) + "/compute-sanitizer");
            rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        }
    }
    if (!toolkitBin.empty())
        places.push_back(toolkitBin + "/compute-sanitizer");
    places.push_back("/usr/local/cuda/bin/compute-sanitizer");
    for (const std::string &place : places)
        if (isExecutableFile(place))
            return place;
    looked = "$PATH";
    if (!toolkitBin.empty())
        looked += ", " + toolkitBin;
    looked += ", /usr/local/cuda/bin";
    return std::nullopt;
}

bool raceCheckEnabled()
{
    const char *value = std::getenv("KFX_MEASURE_RACECHECK");
    if (!value)
        return true;
    const std::string_view text = value;
    return !(text == "0" || text == "off" || text == "no" || text == "false");
}

std::chrono::milliseconds raceCheckTimeout()
{
    if (const char *value = std::getenv("KFX_MEASURE_RACECHECK_TIMEOUT_MS"); value && *value) {
        const long long ms = std::atoll(value);
        if (ms > 0)
            return std::chrono::milliseconds(ms);
    }
    return std::chrono::milliseconds(60000);
}

std::vector<std::string> racecheckCommand(const std::string &sanitizer, const std::vector<std::string> &application)
{
    // analysis: one line per pair of racing instructions with a count of its hazards (the default); 20 of them at
    // most, as the verdict needs only the first and the summary; the hazards' exit code tells a race from a tool
    // that ran to the end without one even where the summary line's wording changes.
    std::vector<std::string> command = {
        sanitizer,       "--tool", "racecheck",        "--racecheck-report",       "analysis",
        "--print-limit", "20",     "--error-exitcode", std::to_string(kHazardExit)};
    command.insert(command.end(), application.begin(), application.end());
    return command;
}

std::string shellCommand(const std::vector<std::string> &command)
{
    std::string line;
    for (const std::string &argument : command) {
        const bool plain = !argument.empty() && std::all_of(argument.begin(), argument.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c))
                || std::string_view("_./=:,+-").find(c) != std::string_view::npos;
        });
        std::string quoted = "'";
        for (const char c : argument)
            quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        quoted += "'";
        line += (line.empty() ? "" : " ") + (plain ? argument : quoted);
    }
    return line;
}

RaceCheckResult raceCheckVerdict(std::string_view output, std::string_view log, std::optional<int> exitStatus)
{
    RaceCheckResult result;
    result.report = parseRacecheckReport(output);
    const bool launched = output.find(kRaceLaunchDone) != std::string_view::npos;
    const RacecheckReport &report = result.report;
    // Warning severity too: racecheck gives it to hazards within one warp (a block of 32 threads with
    // missing_max_barrier), unsafe under independent thread scheduling, and its exit status counts them as well.
    if (report.errors > 0 || report.warnings > 0 || exitStatus == kHazardExit) {
        result.status = RaceCheckStatus::Race;
        result.detail = report.first;
        return result;
    }
    if (launched && report.summaryFound && exitStatus == 0) {
        result.status = RaceCheckStatus::Clean;
        return result;
    }
    // Anything else gives no verdict: say what happened, with the end of what the tool and the launch printed.
    result.status = RaceCheckStatus::Failed;
    std::string why = !exitStatus ? "no exit status"
        : *exitStatus >= 128      ? "killed by signal " + std::to_string(*exitStatus - 128)
        : *exitStatus != 0        ? "exit status " + std::to_string(*exitStatus)
        : !launched               ? "the kernel was not launched"
                                  : "no RACECHECK SUMMARY line";
    std::string printed = tail(std::string(output) + "\n" + std::string(log), 600);
    result.detail = "compute-sanitizer racecheck gave no verdict (" + why + ")"
        + (printed.empty() ? std::string() : ": " + printed);
    return result;
}

RaceCheckResult runRaceCheck(const std::vector<std::string> &command, std::chrono::milliseconds timeout,
                             const std::atomic<bool> &cancelled)
{
    using Steady = std::chrono::steady_clock;
    const auto start = Steady::now();
    const auto elapsed = [&] { return std::chrono::duration<double, std::milli>(Steady::now() - start).count(); };
    RaceCheckResult result;
    if (!command.empty())
        result.tool = command.front();
    ChildProcess child;
    std::string error;
    if (!child.start(command, error)) {
        result.status = RaceCheckStatus::Failed;
        result.detail = error;
        return result;
    }
    const auto deadline = start + timeout;
    std::string output;
    for (;;) {
        if (cancelled) {
            child.stop();
            throw RaceCheckCancelled();
        }
        // Short waits, so that a cancel is seen within a quarter of a second.
        std::string line;
        const auto status = child.readLine(std::min(deadline, Steady::now() + std::chrono::milliseconds(250)), line);
        if (status == ChildProcess::ReadStatus::Line) {
            output += line;
            output += '\n';
            continue;
        }
        if (status == ChildProcess::ReadStatus::Closed)
            break;
        if (Steady::now() >= deadline) {
            child.stop();
            result.status = RaceCheckStatus::TimedOut;
            result.detail = "compute-sanitizer racecheck gave no verdict within " + std::to_string(timeout.count())
                + " ms (KFX_MEASURE_RACECHECK_TIMEOUT_MS); the run was stopped";
            result.milliseconds = elapsed();
            result.command = shellCommand(command);
            return result;
        }
    }
    // Its output closed: it is exiting. Let it finish (it may still write its log) before reaping it.
    const auto exitBy = std::min(deadline, Steady::now() + std::chrono::seconds(5));
    while (child.running() && Steady::now() < exitBy)
        ::usleep(10000);
    child.stop();
    RaceCheckResult verdict = raceCheckVerdict(output, child.log(), child.exitStatus());
    verdict.tool = result.tool;
    verdict.command = shellCommand(command);
    verdict.milliseconds = elapsed();
    return verdict;
}

std::string raceMessage(const RaceCheckResult &result)
{
    const RacecheckReport &report = result.report;
    const int races = std::max(report.displayed, report.errors);
    std::string message = "shared-memory race: compute-sanitizer racecheck reports " + std::to_string(races)
        + (races == 1 ? " race" : " races") + " (" + std::to_string(report.errors)
        + (report.errors == 1 ? " error, " : " errors, ") + std::to_string(report.warnings)
        + (report.warnings == 1 ? " warning)" : " warnings)");
    if (result.caseIndex >= 0)
        message += " on case " + std::to_string(result.caseIndex)
            + (result.caseSizes.empty() ? std::string() : " (" + result.caseSizes + ")");
    if (!report.first.empty())
        message += ": " + report.first;
    return message;
}

void writeRaceCheck(JsonWriter &writer, const RaceCheckResult &result)
{
    writer.key("race_check")
        .beginObject()
        .field("tool", "compute-sanitizer racecheck")
        .field("status", raceCheckStatusName(result.status));
    if (!result.tool.empty())
        writer.field("path", result.tool);
    if (result.caseIndex >= 0)
        writer.field("case", result.caseIndex);
    const bool ran = result.status == RaceCheckStatus::Clean || result.status == RaceCheckStatus::Race;
    if (ran)
        writer.field("races", std::max(result.report.displayed, result.report.errors))
            .field("errors", result.report.errors)
            .field("warnings", result.report.warnings);
    if (!result.detail.empty())
        writer.field("detail", result.detail);
    if (!result.command.empty())
        writer.field("command", result.command);
    writer.field("ms", result.milliseconds).field("cached", result.cached).endObject();
}

std::optional<RaceSuspicion> raceSuspicion(const RaceCheckResult &result)
{
    switch (result.status) {
    case RaceCheckStatus::Clean:
    case RaceCheckStatus::Race:
        return std::nullopt; // checked: a clean success, or no success at all
    case RaceCheckStatus::Unavailable:
    case RaceCheckStatus::Disabled:
    case RaceCheckStatus::TimedOut:
    case RaceCheckStatus::Failed:
        break;
    }
    return RaceSuspicion{"race_unchecked", "not checked for shared-memory races: " + result.detail};
}

std::optional<RaceCheckResult> loadRaceVerdict(const std::string &path)
{
    std::ifstream file(path);
    if (!file)
        return std::nullopt;
    std::string status;
    RaceCheckResult result;
    if (!std::getline(file, status)
        || !(file >> result.report.displayed >> result.report.errors >> result.report.warnings))
        return std::nullopt;
    file.ignore(1, '\n');
    std::getline(file, result.report.first);
    std::getline(file, result.detail);
    if (status == "clean")
        result.status = RaceCheckStatus::Clean;
    else if (status == "race")
        result.status = RaceCheckStatus::Race;
    else
        return std::nullopt;
    result.report.summaryFound = true;
    result.cached = true;
    return result;
}

void storeRaceVerdict(const std::string &path, const RaceCheckResult &result)
{
    if (path.empty() || (result.status != RaceCheckStatus::Clean && result.status != RaceCheckStatus::Race))
        return;
    const auto oneLine = [](std::string text) {
        std::replace(text.begin(), text.end(), '\n', ' ');
        return text;
    };
    const std::string temporary = path + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream file(temporary, std::ios::trunc);
        if (!file)
            return;
        file << raceCheckStatusName(result.status) << "\n"
             << result.report.displayed << " " << result.report.errors << " " << result.report.warnings << "\n"
             << oneLine(result.report.first) << "\n"
             << oneLine(result.detail) << "\n";
        if (!file)
            return;
    }
    std::error_code error;
    fs::rename(temporary, path, error);
    if (error)
        fs::remove(temporary, error);
}

} // namespace kfx::measure
