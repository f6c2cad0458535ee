#include "pythonforkserver.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"

#include <simdjson.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace kfx::measure {

namespace {
constexpr const char *kServerScript = "kfx_forkserver.py";
// The server's own lines start with this; a candidate's never do (the server relays only lines starting with "{").
constexpr char kServerMark = '@';
constexpr std::string_view kReady = "@ready ";
constexpr std::string_view kExit = "@exit ";
// A stop is a SIGKILL and a few reaps in the server: it answers in milliseconds unless it is itself stuck.
constexpr auto kStopGrace = std::chrono::seconds(5);

// The candidate's exit status from the server's `@exit {"status": N, ...}` line; -1 if it cannot be read.
int exitStatus(std::string_view line)
{
    const simdjson::padded_string text(line.substr(kExit.size()));
    simdjson::dom::parser parser;
    json::Element element;
    if (parser.parse(text).get(element) != simdjson::SUCCESS || !element.is_object())
        return -1;
    try {
        return int(json::requiredInteger(element.get_object().value_unsafe(), "status"));
    } catch (const json::FieldError &) {
        return -1;
    }
}
// This process's children, found by their parent id in /proc: processes it took in as a subreaper are among them.
std::vector<pid_t> children()
{
    std::vector<pid_t> found;
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator("/proc", error)) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::ifstream stat(entry.path() / "stat");
        const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        // The name in parentheses may hold anything: the state and the parent id follow its last parenthesis.
        const std::size_t close = text.rfind(')');
        char state = 0;
        int parent = 0;
        if (close != std::string::npos && std::sscanf(text.c_str() + close + 1, " %c %d", &state, &parent) == 2
            && parent == ::getpid())
            found.push_back(std::stoi(name));
    }
    return found;
}

// Kills every process below the worker and reaps it, round after round as a killed one's children come back to
// the worker, until none is left. Called only once the server is gone, when the worker has no other children.
void killAdoptedProcesses()
{
    for (auto found = children(); !found.empty(); found = children()) {
        for (const pid_t pid : found)
            ::kill(pid, SIGKILL);
        for (const pid_t pid : found)
            ::waitpid(pid, nullptr, 0);
    }
}
} // namespace

PythonForkServer::PythonForkServer()
{
    // The server kills what its candidates leave; when the server itself dies (killed by a candidate, by the OOM
    // killer, or by us after a stop it did not answer), its orphans come to the worker instead of init, and
    // abandonServer() kills them.
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

bool PythonForkServer::start(const std::vector<std::string> &python, const std::string &harness,
                             Clock::time_point deadline, std::string &error)
{
    std::vector<std::string> command = python;
    command.push_back((std::filesystem::path(harness) / kServerScript).string());
    if (command == m_command && m_process.running())
        return true;
    stopCandidate();
    abandonServer(); // one for another interpreter, or one that died since the last request
    m_command = command;
    if (!m_process.start(command, error))
        return false;
    for (std::string line;;) {
        switch (m_process.readLine(deadline, line)) {
        case ChildProcess::ReadStatus::Line:
            if (line.starts_with(kReady))
                return true;
            continue;
        case ChildProcess::ReadStatus::TimedOut:
            abandonServer();
            error = "the Python fork server was not ready in time (importing torch and Triton); its stderr ended "
                    "with:\n"
                + m_process.log();
            return false;
        case ChildProcess::ReadStatus::Closed:
            abandonServer();
            error = "the Python fork server exited with status " + std::to_string(m_process.exitStatus().value_or(-1))
                + " before it was ready; its stderr ended with:\n" + m_process.log();
            return false;
        }
    }
}

bool PythonForkServer::startCandidate(const std::vector<std::string> &arguments)
{
    JsonWriter writer;
    writer.beginObject().field("type", "run").key("argv").beginArray();
    for (const std::string &argument : arguments)
        writer.value(argument);
    writer.endArray().endObject();
    m_process.collectLog();
    m_process.clearLog();
    m_candidateStatus.reset();
    m_candidateRunning = m_process.writeLine(writer.take());
    return m_candidateRunning;
}

PythonForkServer::Event PythonForkServer::next(Clock::time_point deadline, std::string &line)
{
    for (;;) {
        switch (m_process.readLine(deadline, line)) {
        case ChildProcess::ReadStatus::TimedOut:
            return Event::TimedOut;
        case ChildProcess::ReadStatus::Closed:
            abandonServer();
            return Event::ServerLost;
        case ChildProcess::ReadStatus::Line:
            if (line.starts_with(kExit)) {
                m_candidateRunning = false;
                m_candidateStatus = exitStatus(line);
                return Event::CandidateEnded;
            }
            if (line.empty() || line.front() == kServerMark)
                continue;
            return Event::Line;
        }
    }
}

void PythonForkServer::stopCandidate()
{
    if (!m_candidateRunning)
        return;
    const auto deadline = Clock::now() + kStopGrace;
    if (m_process.writeLine(R"({"type":"stop"})")) {
        std::string line;
        for (Event event = Event::Line; event == Event::Line;)
            event = next(deadline, line); // the candidate's last lines are dropped: its result is no longer wanted
        if (!m_candidateRunning)
            return;
    }
    abandonServer(); // a server that does not answer cannot be trusted with the next candidate either
}

void PythonForkServer::abandonServer()
{
    m_candidateRunning = false;
    m_process.stop();
    killAdoptedProcesses();
}

} // namespace kfx::measure
