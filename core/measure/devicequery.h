#pragma once

#include "model/hardwarecontext.h"

#include <stdexcept>
#include <string>

namespace kfx::measure {

// No usable CUDA device: no driver, a driver older than the runtime, or no GPU. The message starts with
// "no CUDA device: ".
class DeviceUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct DeviceInfo {
    HardwareContext hardware; // spec §1.4
    std::string arch;         // "sm_90", what NVRTC compiles for
    long long l2CacheBytes = 0;
    int driverVersion = 0;  // 13000 for 13.0
    int runtimeVersion = 0; // the runtime linked into the worker
    int deviceCount = 0;    // GPUs the worker can see (cudaGetDeviceCount): a caller starts one worker per GPU
};

// Describes device 0 and makes it current; counts the others. Throws DeviceUnavailable.
DeviceInfo queryDevice();

} // namespace kfx::measure
