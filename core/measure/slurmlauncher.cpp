#include "slurmlauncher.h"

#include "childprocess.h"
#include "measureclient.h"

#include <stdexcept>

namespace kfx::measure {

namespace {

void addOption(std::vector<std::string> &command, std::string_view option, const std::string &value)
{
    if (!value.empty())
        command.push_back(std::string(option) + '=' + value);
}

std::string joined(const std::vector<std::string> &words, char separator)
{
    std::string text;
    for (const auto &word : words)
        text += (text.empty() ? "" : std::string(1, separator)) + word;
    return text;
}

// Runs `argv` to its end and returns its stdout.
std::string run(const std::vector<std::string> &argv, std::chrono::milliseconds timeout)
{
    ChildProcess process;
    std::string error;
    if (!process.start(argv, error))
        throw std::runtime_error(error);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string output;
    for (std::string line;;) {
        const auto status = process.readLine(deadline, line);
        if (status == ChildProcess::ReadStatus::Line) {
            output += line + '\n';
            continue;
        }
        process.stop();
        if (status == ChildProcess::ReadStatus::TimedOut)
            throw std::runtime_error(argv.front() + " gave no answer within " + std::to_string(timeout.count())
                                     + " ms");
        break;
    }
    if (process.exitStatus().value_or(-1) != 0)
        throw std::runtime_error(joined(argv, ' ') + " failed (status "
                                 + std::to_string(process.exitStatus().value_or(-1)) + "): " + process.log());
    return output;
}

} // namespace

std::string slurmJobName(long processId, int slot)
{
    return "kfx-measure-" + std::to_string(processId) + '-' + std::to_string(slot);
}

std::vector<std::string> srunCommand(const SlurmOptions &options, std::string_view jobName,
                                     const std::vector<std::string> &worker)
{
    // One task: a worker serves one GPU, and srun forwards our stdin to task 0 only when there is one.
    std::vector<std::string> command{"srun", "--job-name=" + std::string(jobName), "--ntasks=1"};
    addOption(command, "--partition", options.partition);
    addOption(command, "--gres", options.gres);
    addOption(command, "--time", options.timeLimit);
    // The extra options go after ours, so that where both name one the user's word wins; the worker comes last.
    const auto rest = MeasureClient::withLaunchPrefix(options.extraOptions, worker);
    command.insert(command.end(), rest.begin(), rest.end());
    return command;
}

std::vector<std::string> squeueCommand(const std::vector<std::string> &jobNames)
{
    return {"squeue", "--noheader", "--name=" + joined(jobNames, ','), "--format=%i|%T|%j"};
}

std::vector<SlurmJob> parseSqueue(std::string_view output)
{
    std::vector<SlurmJob> jobs;
    int lineNumber = 0;
    while (!output.empty()) {
        const auto end = output.find('\n');
        const auto line = output.substr(0, end);
        output.remove_prefix(end == std::string_view::npos ? output.size() : end + 1);
        ++lineNumber;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue;
        const auto first = line.find('|');
        const auto second = first == std::string_view::npos ? first : line.find('|', first + 1);
        if (second == std::string_view::npos || first == 0 || second == first + 1)
            throw std::runtime_error("squeue output, line " + std::to_string(lineNumber) + ": expected "
                                     + "\"id|state|name\", got \"" + std::string(line) + '"');
        jobs.push_back({std::string(line.substr(0, first)), std::string(line.substr(first + 1, second - first - 1)),
                        std::string(line.substr(second + 1))});
    }
    return jobs;
}

std::vector<std::string> scancelCommand(std::string_view jobName)
{
    return {"scancel", "--name=" + std::string(jobName)};
}

std::vector<SlurmJob> querySlurmJobs(const std::vector<std::string> &jobNames, std::chrono::milliseconds timeout)
{
    return parseSqueue(run(squeueCommand(jobNames), timeout));
}

void cancelSlurmJob(std::string_view jobName, std::chrono::milliseconds timeout)
{
    run(scancelCommand(jobName), timeout);
}

} // namespace kfx::measure
