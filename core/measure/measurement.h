#pragma once

#include "devicequery.h"
#include "nvrtccompiler.h"
#include "protocol.h"

#include <atomic>
#include <functional>
#include <string>
#include <string_view>

namespace kfx::measure {

// A measure request's result line, and whether the CUDA context is poisoned so that the worker must exit.
struct MeasureReply {
    std::string line;
    bool sticky = false;
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
};

} // namespace kfx::measure
