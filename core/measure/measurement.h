#pragma once

#include "devicequery.h"
#include "nvrtccompiler.h"
#include "protocol.h"
#include "taskmanifest.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace kfx::measure {

// A measure request's result line, and whether the CUDA context is poisoned so that the worker must exit.
struct MeasureReply {
    std::string line;
    bool sticky = false;
};

// Generated inputs, kept between requests: they depend only on the task's seed, the case and the buffer, and
// generating an 8 M-float buffer takes ~0.2 s of host time, most of a new kernel's measurement otherwise.
class InputCache {
public:
    std::shared_ptr<const std::vector<float>> get(const BufferInit &init, std::size_t count, std::uint64_t seed);

private:
    using Key = std::tuple<int, double, double, std::size_t, std::uint64_t>;
    static constexpr std::size_t kMaxBytes = std::size_t(2) << 30; // emptied when it would grow past this
    std::map<Key, std::shared_ptr<const std::vector<float>>> m_buffers;
    std::size_t m_bytes = 0;
};

// Runs measure requests on one device: compile (cached), check each case against the reference, time both, and
// aggregate. Every failure becomes a result line (PROTOCOL.md); nothing is thrown.
class MeasurementSession {
public:
    MeasurementSession(DeviceInfo device, NvrtcCompiler compiler);

    // `progress` receives progress lines ready to write.
    using ProgressSink = std::function<void(const std::string &line)>;
    MeasureReply measure(const Request &request, const std::atomic<bool> &cancelled, const ProgressSink &progress);

private:
    DeviceInfo m_device;
    NvrtcCompiler m_compiler;
    InputCache m_inputs;
};

// `kfx-measure --race-check-launch TASK CUBIN CASE GX GY GZ BX BY BZ SHARED`: loads the image, launches it once on
// the case's inputs with that configuration, synchronises and prints kRaceLaunchDone (racecheck.h). The worker
// runs it under compute-sanitizer; it returns the process's exit status.
int raceCheckLaunch(const std::vector<std::string> &arguments);

} // namespace kfx::measure
