#include "childprocess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace kfx::measure {

namespace {
constexpr std::size_t kLogLimit = 64 * 1024;

void closeFd(int &fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}
} // namespace

ChildProcess::~ChildProcess()
{
    stop();
}

bool ChildProcess::start(const std::vector<std::string> &argv, std::string &error)
{
    stop();
    m_pending.clear();
    m_log.clear();
    m_exitStatus.reset();
    // The child's stdin is a socket so that writing to a child that died fails with EPIPE (send's MSG_NOSIGNAL)
    // instead of raising SIGPIPE in the caller.
    int input[2] = {-1, -1};
    int output[2] = {-1, -1};
    int errors[2] = {-1, -1};
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, input) != 0 || ::pipe2(output, O_CLOEXEC) != 0
        || ::pipe2(errors, O_CLOEXEC) != 0) {
        error = std::string("cannot create pipes: ") + std::strerror(errno);
        for (int *fd : {&input[0], &input[1], &output[0], &output[1], &errors[0], &errors[1]})
            closeFd(*fd);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);

    std::vector<char *> arguments;
    for (const std::string &argument : argv)
        arguments.push_back(const_cast<char *>(argument.c_str()));
    arguments.push_back(nullptr);
    const int result = ::posix_spawnp(&m_pid, arguments[0], &actions, &attributes, arguments.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    closeFd(input[1]);
    closeFd(output[1]);
    closeFd(errors[1]);
    m_input = input[0];
    m_output = output[0];
    m_errors = errors[0];
    if (result != 0) {
        m_pid = -1;
        closeDescriptors();
        error = "cannot start " + argv.front() + ": " + std::strerror(result);
        return false;
    }
    m_group = m_pid;
    return true;
}

bool ChildProcess::running()
{
    reap(false);
    return m_pid > 0;
}

bool ChildProcess::writeLine(std::string_view line)
{
    std::string text(line);
    text += '\n';
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t count = ::send(m_input, text.data() + written, text.size() - written, MSG_NOSIGNAL);
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0)
            return false;
        written += std::size_t(count);
    }
    return true;
}

void ChildProcess::drain(int fd, std::string &into)
{
    char buffer[65536];
    const ssize_t count = ::read(fd, buffer, sizeof buffer);
    if (count <= 0) {
        closeFd(fd == m_output ? m_output : m_errors);
        return;
    }
    into.append(buffer, std::size_t(count));
    if (&into == &m_log && m_log.size() > kLogLimit)
        m_log.erase(0, m_log.size() - kLogLimit / 2);
}

ChildProcess::ReadStatus ChildProcess::readLine(std::chrono::steady_clock::time_point deadline, std::string &line)
{
    for (;;) {
        if (const std::size_t end = m_pending.find('\n'); end != std::string::npos) {
            line = m_pending.substr(0, end);
            m_pending.erase(0, end + 1);
            return ReadStatus::Line;
        }
        if (m_output < 0)
            return ReadStatus::Closed;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline
                                                                                - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            return ReadStatus::TimedOut;
        pollfd fds[2] = {{m_output, POLLIN, 0}, {m_errors, POLLIN, 0}};
        const int ready = ::poll(fds, m_errors >= 0 ? 2 : 1, int(std::min<long long>(left.count(), 1000)));
        if (ready < 0 && errno != EINTR)
            return ReadStatus::Closed;
        if (m_errors >= 0 && (fds[1].revents & (POLLIN | POLLHUP)))
            drain(m_errors, m_log);
        if (fds[0].revents & (POLLIN | POLLHUP))
            drain(m_output, m_pending);
    }
}

void ChildProcess::reap(bool wait)
{
    if (m_pid <= 0)
        return;
    int status = 0;
    const pid_t done = ::waitpid(m_pid, &status, wait ? 0 : WNOHANG);
    if (done != m_pid)
        return;
    // A reaped group id may be reused; interrupt() must stop using it now.
    m_group = -1;
    m_exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    m_pid = -1;
}

void ChildProcess::stop()
{
    if (m_pid > 0) {
        ::kill(-m_pid, SIGKILL);
        reap(true);
    }
    closeDescriptors();
}

void ChildProcess::interrupt()
{
    if (const pid_t group = m_group.load(); group > 0)
        ::kill(-group, SIGKILL);
}

const std::string &ChildProcess::collectLog()
{
    pollfd fd{m_errors, POLLIN, 0};
    while (m_errors >= 0 && ::poll(&fd, 1, 0) > 0)
        drain(m_errors, m_log);
    return m_log;
}

void ChildProcess::closeDescriptors()
{
    collectLog(); // keep what the child wrote to stderr before it went, for the caller's message
    closeFd(m_input);
    closeFd(m_output);
    closeFd(m_errors);
}

} // namespace kfx::measure
