// Python tasks (GPU MODE and KernelBench layouts) through the real kfx-measure and its harness, on the CPU
// (`"device": "cpu"`) with an interpreter that has torch (KFX_TORCH_PYTHON). The worker runs each candidate in a
// process of its own, forked by the worker's fork server: whatever the candidate does (hang, os._exit, segfault,
// leave processes behind), the request gets one result, nothing it started survives, and the same worker serves the
// next one. An optional argument names another harness directory to run instead.
#include "check.h"
#include "measure/measureclient.h"
#include "resultfields.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

using namespace kfx;
using namespace kfx::measure;
using kfx::test::contains;
using kfx::test::ResultLine;
using namespace std::chrono_literals;

namespace {

const std::string kFixtures = KFX_PYTHON_FIXTURES;
const std::string kGpuModeTask = kFixtures + "/vectoradd";
const std::string kKernelBenchProblem = kFixtures + "/kernelbench/scale_relu.py";
// The GPU MODE fixture's cpu_cases (task.yml): the CPU mode measures these.
constexpr std::size_t kCpuCases = 2;

const std::string kGoodSubmission = R"(def custom_kernel(data):
    a, b = data
    print("a candidate writing to stdout must not break the protocol")
    return a + b
)";

std::string gHarness;

MeasureOptions cpuOptions(const std::string &task, const std::string &source)
{
    MeasureOptions options;
    options.taskDirectory = task;
    options.candidateSource = source;
    options.python = {KFX_TORCH_PYTHON};
    options.device = ComputeDevice::Cpu;
    options.harnessDirectory = gHarness;
    options.timeoutMs = 60000;
    return options;
}

struct Answer {
    std::string line;
    std::vector<std::string> progress;
    std::chrono::milliseconds elapsed{};
};

Answer measure(MeasureClient &client, const std::string &id, const MeasureOptions &options,
               const std::function<void(const std::string &)> &onProgress = {})
{
    Answer answer;
    const auto start = std::chrono::steady_clock::now();
    answer.line = client.call(id, measureRequest(id, options), 120s, [&](const std::string &line) {
        answer.progress.push_back(line);
        if (onProgress)
            onProgress(line);
    });
    answer.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    return answer;
}

void checkGpuModeSuccess(MeasureClient &client)
{
    const auto answer = measure(client, "gpumode", cpuOptions(kGpuModeTask, kGoodSubmission));
    const ResultLine result(answer.line);
    KFX_CHECK(result.kind() == "success", "the GPU MODE fixture's correct submission succeeds: " + answer.line);
    KFX_CHECK(result.string("id") == "gpumode", "the result carries the request's id");
    if (result.kind() != "success")
        return;
    KFX_CHECK(result.string("task_kind") == "gpu_mode", "task_kind gpu_mode");
    const auto cases = json::requiredArray(result.object(), "cases");
    KFX_CHECK(cases.size() == kCpuCases, "one case per cpu_cases entry, " + std::to_string(cases.size()) + " found");
    for (const json::Element element : cases)
        KFX_CHECK(json::requiredBool(json::asObject(element, "case"), "correct"), "every case correct");
    const auto provenance = json::requiredObject(result.object(), "provenance");
    KFX_CHECK(json::optionalBool(provenance, "cpu_mode").value_or(false), "the result says cpu_mode");
    KFX_CHECK(json::requiredString(provenance, "device") == "cpu", "provenance device cpu");
    // Progress is forwarded under the request's id, as the worker's own lines are.
    KFX_CHECK(!answer.progress.empty(), "progress lines were forwarded");
    bool sawCorrectness = false;
    for (const auto &line : answer.progress) {
        const ResultLine progress(line);
        KFX_CHECK(progress.string("id") == "gpumode" && progress.string("type") == "progress",
                  "a progress line with the id: " + line);
        sawCorrectness = sawCorrectness || progress.string("stage") == "correctness";
    }
    KFX_CHECK(sawCorrectness, "the correctness stage was reported");
}

void checkKernelBenchSuccess(MeasureClient &client)
{
    const std::string modelNew = R"(import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.linear = nn.Linear(features, features)

    def forward(self, x):
        return torch.clamp(self.linear(x), min=0.0) * 2.0
)";
    const auto answer = measure(client, "kernelbench", cpuOptions(kKernelBenchProblem, modelNew));
    const ResultLine result(answer.line);
    KFX_CHECK(result.kind() == "success", "the KernelBench problem's equivalent ModelNew succeeds: " + answer.line);
    KFX_CHECK(result.string("task_kind") == "kernelbench", "task_kind kernelbench");
}

void checkIncorrect(MeasureClient &client)
{
    const auto answer = measure(
        client, "wrong", cpuOptions(kGpuModeTask, "def custom_kernel(data):\n    a, b = data\n    return a - b\n"));
    KFX_CHECK(ResultLine(answer.line).kind() == "incorrect", "a - b instead of a + b is incorrect: " + answer.line);
}

// A candidate that never returns: the worker kills its process group at timeout_ms and answers for it.
void checkHang(MeasureClient &client)
{
    auto options = cpuOptions(kGpuModeTask, "def custom_kernel(data):\n    while True:\n        pass\n");
    options.timeoutMs = 4000;
    const auto answer = measure(client, "hang", options);
    const ResultLine result(answer.line);
    KFX_CHECK(result.kind() == "runtime_error" && result.string("runtime_error_name") == "timeout",
              "a hang is a timeout: " + answer.line);
    KFX_CHECK(contains(result.string("runtime_error"), "4000 ms"), "the message names the limit");
    KFX_CHECK(answer.elapsed < 15s, "stopped near the limit, after " + std::to_string(answer.elapsed.count()) + " ms");
}

void checkProcessExits(MeasureClient &client)
{
    const ResultLine exited(
        measure(client, "exit", cpuOptions(kGpuModeTask, "import os\n\n\ndef custom_kernel(data):\n    os._exit(7)\n"))
            .line);
    KFX_CHECK(exited.kind() == "runtime_error" && exited.string("runtime_error_name") == "process_exited",
              "os._exit is process_exited: " + exited.string("runtime_error"));
    KFX_CHECK(contains(exited.string("runtime_error"), "status 7"), "the exit status is named");

    const ResultLine crashed(measure(client, "segv",
                                     cpuOptions(kGpuModeTask,
                                                "import ctypes\n\n\ndef custom_kernel(data):\n"
                                                "    return ctypes.string_at(0)\n"))
                                 .line);
    KFX_CHECK(crashed.kind() == "runtime_error" && crashed.string("runtime_error_name") == "process_exited",
              "a segfault is process_exited: " + crashed.string("runtime_error"));
    KFX_CHECK(contains(crashed.string("runtime_error"), "SIGSEGV"), "the signal is named");
}

// A cancel sent while the candidate runs stops its process at once: the answer is "cancelled", long before the
// request's own limit.
void checkCancel(MeasureClient &client)
{
    auto options = cpuOptions(kGpuModeTask, "import time\n\n\ndef custom_kernel(data):\n    time.sleep(600)\n");
    bool sent = false;
    const auto answer = measure(client, "slow", options, [&](const std::string &line) {
        if (!sent && ResultLine(line).string("stage") == "correctness") {
            client.cancel("cancel-slow", "slow");
            sent = true;
        }
    });
    KFX_CHECK(sent, "the candidate reached its correctness stage");
    KFX_CHECK(ResultLine(answer.line).kind() == "cancelled", "cancelled mid-run: " + answer.line);
    KFX_CHECK(answer.elapsed < 20s, "stopped at once, after " + std::to_string(answer.elapsed.count()) + " ms");
}

// Candidates named by path, with the harness's own fixtures (tests/measure/harness/fixtures): a GPU MODE task and a
// KernelBench problem given as a directory holding problem.py.
void checkCandidateFiles(MeasureClient &client)
{
    const std::string fixtures = KFX_HARNESS_FIXTURES;
    for (const auto &[task, candidate, kind] :
         {std::tuple{fixtures + "/vector_add", fixtures + "/candidates/honest.py", std::string("gpu_mode")},
          std::tuple{fixtures + "/kb_mlp", fixtures + "/candidates/kb_honest.py", std::string("kernelbench")}}) {
        auto options = cpuOptions(task, {});
        options.candidatePath = candidate;
        const ResultLine result(measure(client, "file-" + kind, options).line);
        KFX_CHECK(result.kind() == "success" && result.string("task_kind") == kind,
                  candidate + " on " + task + ": " + result.kind() + " " + result.string("task_kind"));
    }
    // A candidate that writes a success line of its own into the harness's result channel (the attack suite's
    // forged_result.py): the worker sees two result lines and forwards neither.
    auto forging = cpuOptions(fixtures + "/vector_add", {});
    forging.candidatePath = fixtures + "/attacks/forged_result.py";
    const std::string forgedLine = measure(client, "forged", forging).line;
    const ResultLine forged(forgedLine);
    const auto hacks = forged.valid() ? json::optionalArray(forged.object(), "hacks") : std::nullopt;
    KFX_CHECK(forged.kind() == "incorrect" && forged.string("verdict") == "hacked" && hacks && hacks->size() == 1
                  && json::requiredString(json::asObject(hacks->at(0).value(), "hack"), "kind") == "forged_result",
              "a forged result line is caught: " + forgedLine);
    // sys.exit inside the candidate: whether the harness reports it or the process just ends, it is one result.
    auto options = cpuOptions(fixtures + "/vector_add", {});
    options.candidatePath = fixtures + "/candidates/sys_exit.py";
    const ResultLine exited(measure(client, "sys-exit", options).line);
    KFX_CHECK(exited.kind() == "runtime_error", "sys.exit is a runtime error: " + exited.kind());
}

// A candidate's source that starts `sleep 600` in a session of its own (out of reach of a process-group kill), writes
// that process's pid and its own to `pidFile`, then runs `then` (Python lines) and returns the right answer.
std::string leavesProcessesBehind(const std::string &pidFile, const std::string &then = {})
{
    return "import os\nimport signal\nimport subprocess\nimport time\n\n\ndef custom_kernel(data):\n"
           "    a, b = data\n"
           "    escaped = subprocess.Popen(['sleep', '600'], start_new_session=True)\n"
           "    with open('"
        + pidFile + "', 'w') as pids:\n        pids.write(f'{escaped.pid} {os.getpid()}')\n" + then
        + "    return a + b\n";
}

std::vector<pid_t> readPids(const std::string &path)
{
    std::ifstream file(path);
    std::vector<pid_t> pids;
    for (pid_t pid = 0; file >> pid;)
        pids.push_back(pid);
    return pids;
}

bool allGone(const std::vector<pid_t> &pids, std::chrono::milliseconds patience)
{
    const auto deadline = std::chrono::steady_clock::now() + patience;
    for (;;) {
        bool gone = true;
        for (const pid_t pid : pids)
            gone = gone && ::kill(pid, 0) != 0 && errno == ESRCH;
        if (gone || std::chrono::steady_clock::now() > deadline)
            return gone;
        std::this_thread::sleep_for(50ms);
    }
}

// PROTOCOL.md: nothing the candidate started outlives the request, not even a process that left its process group.
void checkNothingOutlivesTheCandidate(MeasureClient &client, const std::string &scratch)
{
    const std::string pidFile = scratch + "/finished.pids";
    const ResultLine result(measure(client, "escape", cpuOptions(kGpuModeTask, leavesProcessesBehind(pidFile))).line);
    KFX_CHECK(result.kind() == "success", "the candidate itself is correct: " + result.kind());
    const auto pids = readPids(pidFile);
    KFX_CHECK(pids.size() == 2, "the candidate wrote its pids");
    KFX_CHECK(allGone(pids, 0ms), "the setsid process and the candidate were gone when the result came");
}

// ... nor the fork server: a candidate that kills the server dies with it (PR_SET_PDEATHSIG), what it started comes to
// the worker, which kills it, and the next request gets a fresh server.
void checkNothingOutlivesTheServer(MeasureClient &client, const std::string &scratch)
{
    const std::string pidFile = scratch + "/killer.pids";
    const auto options = cpuOptions(kGpuModeTask,
                                    leavesProcessesBehind(pidFile,
                                                          "    os.kill(os.getppid(), signal.SIGKILL)\n"
                                                          "    time.sleep(600)\n"));
    const ResultLine result(measure(client, "kills-server", options).line);
    KFX_CHECK(result.kind() == "runtime_error" && contains(result.string("runtime_error"), "fork server exited"),
              "a candidate that kills its server gets one runtime error: " + result.string("runtime_error"));
    const auto pids = readPids(pidFile);
    KFX_CHECK(pids.size() == 2, "the candidate wrote its pids");
    KFX_CHECK(allGone(pids, 0ms), "the candidate and its setsid process were gone when the result came");
}

// ... nor the worker: a caller that kills its worker (a request over its limit) takes the candidate's processes with
// it, through the fork server, which sees its input end.
void checkNothingOutlivesTheWorker(const std::string &scratch)
{
    const std::string pidFile = scratch + "/hanging.pids";
    MeasureClient doomed({KFX_MEASURE_WORKER});
    std::thread killer;
    const auto options = cpuOptions(kGpuModeTask, leavesProcessesBehind(pidFile, "    time.sleep(600)\n"));
    const std::string line = doomed.call("doomed", measureRequest("doomed", options), 30s, [&](const std::string &) {
        if (killer.joinable())
            return;
        killer = std::thread([&] {
            for (int i = 0; i < 600 && readPids(pidFile).size() < 2; ++i)
                std::this_thread::sleep_for(100ms);
            doomed.abort();
        });
    });
    if (killer.joinable())
        killer.join();
    KFX_CHECK(ResultLine(line).kind() == "infrastructure_failure", "the killed worker's request: " + line);
    const auto pids = readPids(pidFile);
    KFX_CHECK(pids.size() == 2, "the hanging candidate wrote its pids");
    KFX_CHECK(allGone(pids, 10s), "the candidate and its setsid process went with the worker");
}

void checkDeviceInfo(MeasureClient &client)
{
    const ResultLine device(client.call("cpu", deviceInfoRequest("cpu", ComputeDevice::Cpu), 10s));
    KFX_CHECK(device.kind() == "device", "device_info for the CPU answers without a GPU: " + device.kind());
    KFX_CHECK(device.valid() && json::optionalBool(device.object(), "cpu_mode").value_or(false), "and says cpu_mode");
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1)
        gHarness = argv[1];
    MeasureClient client({KFX_MEASURE_WORKER});
    checkDeviceInfo(client);
    checkGpuModeSuccess(client);
    checkKernelBenchSuccess(client);
    checkIncorrect(client);
    checkHang(client);
    checkProcessExits(client);
    checkCancel(client);
    checkCandidateFiles(client);
    char scratch[] = "/tmp/kfx-python-test-XXXXXX";
    KFX_CHECK(::mkdtemp(scratch) != nullptr, "a scratch directory for the pid files");
    checkNothingOutlivesTheCandidate(client, scratch);
    checkNothingOutlivesTheServer(client, scratch);
    checkNothingOutlivesTheWorker(scratch);
    std::filesystem::remove_all(scratch);
    // After all of that, the same worker still measures.
    checkGpuModeSuccess(client);
    KFX_CHECK(client.starts() == 1, "one worker served every request, " + std::to_string(client.starts()) + " started");
    return kfx::test::finish();
}
