#include "pythonrun.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"

#include <simdjson.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <system_error>
#include <vector>

namespace kfx::measure {

namespace {
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr const char *kHarnessScript = "kfx_harness.py";
constexpr std::size_t kStderrTail = 4096;
// How often the supervisor looks at the cancel flag while the harness is silent.
constexpr auto kPollInterval = std::chrono::milliseconds(100);

// The candidate as a file the harness can import: the request's path, or its source written to a private
// directory as submission.py (the name GPU MODE tasks give the candidate's slot), removed afterwards.
class CandidateFile {
public:
    explicit CandidateFile(const MeasureOptions &options)
    {
        if (options.candidateSource.empty()) {
            m_path = options.candidatePath;
            return;
        }
        std::error_code error;
        std::string pattern = (fs::temp_directory_path(error) / "kfx-candidate-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            m_error = "cannot create a directory for the candidate in " + pattern + ": " + std::strerror(errno);
            return;
        }
        m_directory = pattern;
        m_path = (fs::path(m_directory) / "submission.py").string();
        std::ofstream out(m_path, std::ios::binary);
        out << options.candidateSource;
        if (!out.flush())
            m_error = "cannot write the candidate to " + m_path;
    }
    CandidateFile(const CandidateFile &) = delete;
    CandidateFile &operator=(const CandidateFile &) = delete;
    ~CandidateFile()
    {
        std::error_code ignored;
        if (!m_directory.empty())
            fs::remove_all(m_directory, ignored);
    }

    const std::string &path() const { return m_path; }
    const std::string &error() const { return m_error; }

private:
    std::string m_directory;
    std::string m_path;
    std::string m_error;
};

std::string stderrTail(const std::string &log)
{
    return log.size() <= kStderrTail ? log : "…" + log.substr(log.size() - kStderrTail);
}

// How the process ended, in words, from ChildProcess's status (an exit code, or 128 + the signal).
std::string exitDescription(int status)
{
    if (status <= 128)
        return "the Python process exited with status " + std::to_string(status) + " without a result";
    const int signal = status - 128;
    const char *name = ::sigabbrev_np(signal);
    std::string text = "the Python process was killed by signal " + std::to_string(signal);
    if (name != nullptr)
        text += std::string(" (SIG") + name + ")";
    if (signal == SIGKILL)
        text += ", most likely the out-of-memory killer";
    return text + " before writing a result";
}

// A harness line, read: a progress line's stage and case, or a result line as the harness wrote it.
struct HarnessLine {
    bool isResult = false;
    std::string stage;
    int caseIndex = -1;
    int caseCount = 0;
};

std::optional<HarnessLine> readHarnessLine(std::string_view line)
{
    const simdjson::padded_string text(line);
    simdjson::dom::parser parser;
    json::Element element;
    if (parser.parse(text).get(element) != simdjson::SUCCESS || !element.is_object())
        return std::nullopt;
    const json::Object object = element.get_object().value_unsafe();
    try {
        HarnessLine read;
        const std::string_view type = json::requiredString(object, "type");
        read.isResult = type == "result";
        if (read.isResult) {
            json::requiredString(object, "kind");
            return read;
        }
        if (type != "progress")
            return std::nullopt;
        read.stage = std::string(json::requiredString(object, "stage"));
        read.caseIndex = int(json::optionalInteger(object, "case").value_or(-1));
        read.caseCount = int(json::optionalInteger(object, "cases").value_or(0));
        return read;
    } catch (const json::FieldError &) {
        return std::nullopt;
    }
}

// The harness's result object (a JSON object with "type" and "kind", as read) with the worker's protocol and the
// request's id in front.
std::string withEnvelope(std::string_view id, std::string_view harnessLine)
{
    JsonWriter writer;
    writer.beginObject().field("protocol", kProtocolVersion).field("id", id);
    return writer.take() + "," + std::string(harnessLine.substr(harnessLine.find('{') + 1));
}

// kfx_harness.py's command line, less the interpreter and the script: the fork server's child receives it.
std::vector<std::string> harnessArguments(const MeasureOptions &options, const std::string &task,
                                          const std::string &candidate)
{
    std::vector<std::string> argv{"--task",           task,
                                  "--candidate",      candidate,
                                  "--timing",         std::string(timingProtocolName(options.timing)),
                                  "--device",         options.device == ComputeDevice::Cpu ? "cpu" : "cuda",
                                  "--time-budget-ms", std::to_string(std::llround(options.timeBudgetMs))};
    if (options.rawSamples)
        argv.emplace_back("--raw-samples");
    return argv;
}
} // namespace

std::string defaultHarnessDirectory()
{
    std::error_code error;
    const fs::path executable = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        const fs::path installed = executable.parent_path().parent_path() / "share" / "kfx" / "harness";
        if (fs::is_regular_file(installed / kHarnessScript, error))
            return installed.string();
    }
#ifdef KFX_HARNESS_SOURCE_DIR
    return KFX_HARNESS_SOURCE_DIR;
#else
    return {};
#endif
}

std::string PythonMeasurement::infrastructureFailure(const std::string &reason) const
{
    JsonWriter writer;
    return beginResult(writer, m_request.id, "infrastructure_failure").field("reason", reason).endObject().take();
}

std::string PythonMeasurement::runtimeError(std::string_view name, const std::string &message,
                                            const std::string &log) const
{
    JsonWriter writer;
    const std::string text = log.empty() ? message : message + "; its stderr ended with:\n" + stderrTail(log);
    beginResult(writer, m_request.id, "runtime_error")
        .field("runtime_error_name", name)
        .field("runtime_error", text)
        .field("sticky", false)
        .field("task_kind", pythonTaskKindName(m_task.kind));
    return writer.endObject().take();
}

std::string PythonMeasurement::forgedResult(std::size_t count) const
{
    JsonWriter writer;
    const std::string detail = std::to_string(count)
        + " result lines, where the harness writes one: the candidate "
          "wrote its own into the harness's result channel";
    beginResult(writer, m_request.id, "incorrect")
        .field("error_message", detail)
        .field("case", 0)
        .field("verdict", "hacked")
        .key("hacks")
        .beginArray()
        .beginObject()
        .field("kind", "forged_result")
        .field("detail", detail)
        .endObject()
        .endArray()
        .field("task_kind", pythonTaskKindName(m_task.kind));
    return writer.endObject().take();
}

std::string PythonMeasurement::run(const std::atomic<bool> &cancelled, const ProgressSink &progress)
{
    const MeasureOptions &options = m_request.measure;
    const std::string harness = options.harnessDirectory.empty() ? defaultHarnessDirectory() : options.harnessDirectory;
    std::error_code error;
    if (harness.empty() || !fs::is_regular_file(fs::path(harness) / kHarnessScript, error))
        return infrastructureFailure("no Python harness: " + (fs::path(harness) / kHarnessScript).string()
                                     + " does not exist");
    const CandidateFile candidate(options);
    if (!candidate.error().empty())
        return infrastructureFailure(candidate.error());

    // The timeout covers the server's start too when this request is the first: a fresh process's limit did.
    const auto timeout = std::chrono::milliseconds(std::llround(options.timeoutMs));
    const auto deadline = Clock::now() + timeout;
    std::string startError;
    if (!m_server.start(options.python, harness, deadline, startError))
        return infrastructureFailure(startError + " (the \"python\" setting)");
    if (!m_server.startCandidate(harnessArguments(options, m_task.path, candidate.path())))
        return infrastructureFailure("the Python fork server stopped listening; its stderr ended with:\n"
                                     + stderrTail(m_server.log()));

    // The harness writes one result line and exits at once. The candidate shares its process and can find the
    // result channel (PROTOCOL.md), so a line of its own shows as a second result: the worker answers once the
    // process has ended, and with a result line only when it was the sole one.
    std::vector<std::string> results;
    for (std::string line;;) {
        if (cancelled) {
            m_server.stopCandidate();
            JsonWriter writer;
            return beginResult(writer, m_request.id, "cancelled")
                .field("reason", "cancelled while running; the Python process was stopped")
                .endObject()
                .take();
        }
        const auto event = m_server.next(std::min(deadline, Clock::now() + kPollInterval), line);
        if (event == PythonForkServer::Event::TimedOut && Clock::now() < deadline)
            continue;
        if (event == PythonForkServer::Event::TimedOut && results.empty()) {
            m_server.stopCandidate();
            return runtimeError("timeout",
                                "no result within " + std::to_string(timeout.count())
                                    + " ms; the Python process was stopped",
                                m_server.log());
        }
        if (event == PythonForkServer::Event::TimedOut || event == PythonForkServer::Event::CandidateEnded) {
            m_server.stopCandidate(); // a harness that wrote its result but did not exit in time
            if (results.size() == 1)
                return withEnvelope(m_request.id, results.front());
            if (results.size() > 1)
                return forgedResult(results.size());
            return runtimeError("process_exited", exitDescription(m_server.candidateStatus().value_or(-1)),
                                m_server.log());
        }
        if (event == PythonForkServer::Event::ServerLost)
            return runtimeError("process_exited", "the Python fork server exited while the candidate ran",
                                m_server.log());
        const auto read = readHarnessLine(line);
        if (!read)
            continue; // the harness keeps stdout for its own lines; anything else is not the protocol's
        if (read->isResult) {
            results.push_back(line);
            continue;
        }
        if (progress)
            progress(progressLine(m_request.id, read->stage, read->caseIndex, read->caseCount));
    }
}

} // namespace kfx::measure
