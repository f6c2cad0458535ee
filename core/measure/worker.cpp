// kfx-measure: the GPU measurement worker. Reads requests as JSON lines on stdin and answers on stdout
// (PROTOCOL.md). It runs as a child process of kfx so that a kernel that faults or hangs takes down only this
// process: after a sticky CUDA error it answers and exits with kStickyErrorExit, and a hung kernel is the caller's
// to kill. Python tasks (GPU MODE, KernelBench) run in a fresh process per request, forked by a pre-started
// interpreter (pythonforkserver.h) and supervised by the worker itself (pythonrun.h), so they need no CUDA in the
// worker: built without the toolkit, it measures only those.
#include "protocol.h"
#include "pythonrun.h"
#include "pythontask.h"
#ifdef KFX_MEASURE_CUDA
#include "devicequery.h"
#include "measurement.h"
#endif

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace {
using namespace kfx;
using namespace kfx::measure;

constexpr int kStickyErrorExit = 3;

// Serialises writes from the request loop and the stdin reader (which acknowledges cancels at once).
class Output {
public:
    void line(const std::string &text)
    {
        std::lock_guard lock(m_mutex);
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }

private:
    std::mutex m_mutex;
};

// Requests waiting for the request loop, filled by the stdin reader. Cancels never wait here: the reader raises
// the flag of the measurement it names while that measurement runs.
class RequestQueue {
public:
    void push(std::optional<Request> request)
    {
        std::lock_guard lock(m_mutex);
        m_requests.push_back(std::move(request));
        m_ready.notify_one();
    }

    // Nothing means stdin closed: the caller went away.
    std::optional<Request> pop()
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [&] { return !m_requests.empty(); });
        auto request = std::move(m_requests.front());
        m_requests.pop_front();
        return request;
    }

    // Marks `id` as the running measurement; cancel() for it raises `flag`.
    void setRunning(const std::string &id)
    {
        std::lock_guard lock(m_mutex);
        m_running = id;
        cancelled = false;
    }

    bool cancel(const std::string &target)
    {
        std::lock_guard lock(m_mutex);
        if (target.empty() || target != m_running)
            return false;
        cancelled = true;
        return true;
    }

    std::atomic<bool> cancelled = false;

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<std::optional<Request>> m_requests;
    std::string m_running;
};

std::string protocolErrorLine(const ProtocolError &error)
{
    JsonWriter writer;
    return beginResult(writer, error.id(), "protocol_error").field("reason", error.what()).endObject().take();
}

void readRequests(RequestQueue &queue, Output &output)
{
    for (std::string line; std::getline(std::cin, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        try {
            Request request = parseRequest(line);
            if (request.type != RequestType::Cancel) {
                queue.push(std::move(request));
                continue;
            }
            const bool found = queue.cancel(request.cancelTarget);
            JsonWriter writer;
            output.line(beginResult(writer, request.id, "cancel_acknowledged")
                            .field("target", request.cancelTarget)
                            .field("found", found)
                            .endObject()
                            .take());
        } catch (const ProtocolError &error) {
            output.line(protocolErrorLine(error));
        }
    }
    queue.push(std::nullopt);
}

std::string infrastructureFailure(const std::string &id, const std::string &reason)
{
    JsonWriter writer;
    return beginResult(writer, id, "infrastructure_failure").field("reason", reason).endObject().take();
}

// A device_info request for the CPU (Python tasks' test mode) is answered without looking for a GPU.
std::string cpuDeviceLine(const std::string &id)
{
    JsonWriter writer;
    beginResult(writer, id, "device")
        .field("cpu_mode", true)
        .key("hardware")
        .beginObject()
        .field("device_name", "CPU (test mode)")
        .endObject()
        .field("device_count", 1);
    return writer.endObject().take();
}

#ifdef KFX_MEASURE_CUDA
void writeHardware(JsonWriter &writer, const DeviceInfo &info)
{
    const HardwareContext &hardware = info.hardware;
    writer.key("hardware")
        .beginObject()
        .field("device_name", hardware.deviceName)
        .key("compute_capability")
        .beginArray()
        .value(hardware.computeCapabilityMajor)
        .value(hardware.computeCapabilityMinor)
        .endArray()
        .field("total_global_memory_gb", hardware.totalGlobalMemoryGb)
        .field("multiprocessor_count", hardware.multiprocessorCount)
        .field("max_threads_per_multiprocessor", hardware.maxThreadsPerMultiprocessor)
        .field("clock_rate_ghz", hardware.clockRateGhz)
        .field("memory_clock_rate_ghz", hardware.memoryClockRateGhz)
        .field("memory_bus_width_bits", hardware.memoryBusWidthBits)
        .endObject()
        .field("arch", info.arch)
        .field("l2_cache_bytes", std::int64_t(info.l2CacheBytes))
        .field("driver_version", info.driverVersion)
        .field("runtime_version", info.runtimeVersion)
        .field("device_count", info.deviceCount);
}

// kfx-task/1 measurements in this process. The device is looked up once, on the first request that needs it;
// without one, every such request gets the same infrastructure_failure.
class CudaTasks {
public:
    std::string deviceInfoLine(const std::string &id)
    {
        if (auto *reason = std::get_if<std::string>(&session()))
            return infrastructureFailure(id, *reason);
        JsonWriter writer;
        beginResult(writer, id, "device");
        writeHardware(writer, *m_device);
        return writer.endObject().take();
    }

    MeasureReply measure(const Request &request, const std::atomic<bool> &cancelled,
                         const MeasurementSession::ProgressSink &progress)
    {
        if (auto *reason = std::get_if<std::string>(&session()))
            return {infrastructureFailure(request.id, *reason), false};
        return std::get<MeasurementSession>(m_session).measure(request, cancelled, progress);
    }

private:
    std::variant<std::monostate, MeasurementSession, std::string> &session()
    {
        if (std::holds_alternative<std::monostate>(m_session)) {
            try {
                DeviceInfo info = queryDevice();
                m_device = info;
                NvrtcCompiler compiler(info.arch, KernelImageCache());
                m_session.emplace<MeasurementSession>(std::move(info), std::move(compiler));
            } catch (const std::exception &error) {
                m_session.emplace<std::string>(error.what());
            }
        }
        return m_session;
    }

    std::variant<std::monostate, MeasurementSession, std::string> m_session;
    std::optional<DeviceInfo> m_device;
};
#else
struct MeasureReply {
    std::string line;
    bool sticky = false;
};

// Built without the CUDA toolkit: kfx-task/1 kernels and the GPU's description are out of reach.
class CudaTasks {
public:
    std::string deviceInfoLine(const std::string &id) { return infrastructureFailure(id, kReason); }
    template<typename Progress>
    MeasureReply measure(const Request &request, const std::atomic<bool> &, const Progress &)
    {
        return {infrastructureFailure(request.id, kReason), false};
    }

private:
    static constexpr const char *kReason = "built without the CUDA toolkit";
};
#endif

class Worker {
public:
    explicit Worker(Output &output) : m_output(output) {}

    int serve(RequestQueue &queue)
    {
        while (auto request = queue.pop()) {
            switch (request->type) {
            case RequestType::Shutdown: {
                JsonWriter writer;
                m_output.line(beginResult(writer, request->id, "shutdown").endObject().take());
                return 0;
            }
            case RequestType::DeviceInfo:
                m_output.line(request->measure.device == ComputeDevice::Cpu ? cpuDeviceLine(request->id)
                                                                            : m_cuda.deviceInfoLine(request->id));
                break;
            case RequestType::Measure:
                if (measure(*request, queue))
                    return kStickyErrorExit;
                break;
            case RequestType::Cancel:
                break; // handled by the reader
            }
        }
        return 0;
    }

private:
    // Returns whether the context is poisoned.
    bool measure(const Request &request, RequestQueue &queue)
    {
        const auto progress = [&](const std::string &line) { m_output.line(line); };
        queue.setRunning(request.id);
        MeasureReply reply;
        if (auto python = detectPythonTask(request.measure.taskDirectory))
            reply.line = PythonMeasurement(request, std::move(*python), m_python).run(queue.cancelled, progress);
        else
            reply = m_cuda.measure(request, queue.cancelled, progress);
        queue.setRunning({});
        m_output.line(reply.line);
        return reply.sticky;
    }

    Output &m_output;
    CudaTasks m_cuda;
    PythonForkServer m_python;
};
} // namespace

int main(int argc, char **argv)
{
    if (argc > 1) {
        const std::string argument = argv[1];
        if (argument == "--version") {
            std::printf("kfx-measure, protocol %d\n", kProtocolVersion);
            return 0;
        }
#ifdef KFX_MEASURE_CUDA
        // One launch for the race check (racecheck.h), run by the worker itself under compute-sanitizer.
        if (argument == "--race-check-launch")
            return raceCheckLaunch(std::vector<std::string>(argv + 2, argv + argc));
#endif
        std::fprintf(stderr, "usage: kfx-measure [--version]\nReads JSON-lines requests on stdin (PROTOCOL.md).\n");
        return 2;
    }
    // Python tasks live in directories kfx ships or the user owns: no __pycache__ written into them.
    ::setenv("PYTHONDONTWRITEBYTECODE", "1", 0);
    Output output;
    RequestQueue queue;
    // Detached: the reader may sit in a read of stdin when the loop ends, and exiting must not wait for it.
    std::thread(readRequests, std::ref(queue), std::ref(output)).detach();
    const int status = Worker(output).serve(queue);
    std::fflush(stdout);
    // _Exit skips static destructors: after a sticky error the CUDA runtime's teardown could fail or hang.
    std::_Exit(status);
}
