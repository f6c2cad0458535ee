#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::measure {

// Starting kfx-measure workers as Slurm job steps, and asking Slurm about them. Slurm does the scheduling: each
// worker is one `srun` (one job with one step) that holds its GPU for as long as the worker lives, under a job
// name of its own, so that squeue can say whether it waits or runs and scancel can end it. A plain launch prefix
// (`ssh gpu-box`, MeasureClient::withLaunchPrefix) goes through the same caller code with no job name: there is
// nothing to ask about or cancel beyond the process itself.
struct SlurmOptions {
    std::string partition;    // --partition; empty: the cluster's default
    std::string gres;         // --gres, such as "gpu:1" or "gpu:h100:1"; empty: none asked for
    std::string timeLimit;    // --time, in Slurm's formats ("30", "2:00:00", "1-00:00:00"); empty: the default
    std::string extraOptions; // further srun options, split on whitespace ("--account=lab --qos=short")
};

// What squeue says about one job.
struct SlurmJob {
    std::string id;    // "4127", or "4127_3" for an array task
    std::string state; // PENDING, CONFIGURING, RUNNING, COMPLETING, ... (squeue's %T)
    std::string name;
    bool pending() const { return state == "PENDING" || state == "CONFIGURING"; }
};

// A job name unique to this process and worker slot, so that two kfx windows on one login node never cancel
// each other's workers.
std::string slurmJobName(long processId, int slot);

// `srun --job-name=NAME --ntasks=1 [--partition=..] [--gres=..] [--time=..] [extra...] worker...`.
std::vector<std::string> srunCommand(const SlurmOptions &options, std::string_view jobName,
                                     const std::vector<std::string> &worker);
// squeue listing the jobs of these names, one "id|state|name" line each.
std::vector<std::string> squeueCommand(const std::vector<std::string> &jobNames);
// Reads squeueCommand's output; throws std::runtime_error naming the line that is not "id|state|name".
std::vector<SlurmJob> parseSqueue(std::string_view output);
// scancel of every job with this name (the job a worker's srun holds, pending or running).
std::vector<std::string> scancelCommand(std::string_view jobName);

// Blocking versions for callers without an event loop (kfx-cli search, the tests): each runs the command and
// throws std::runtime_error with its stderr when it cannot be started, fails, or outlasts `timeout`.
std::vector<SlurmJob> querySlurmJobs(const std::vector<std::string> &jobNames, std::chrono::milliseconds timeout);
void cancelSlurmJob(std::string_view jobName, std::chrono::milliseconds timeout);

} // namespace kfx::measure
