#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace kfx {

// The GPU a forecast is asked about (spec §1.4 HardwareContext).
struct HardwareContext {
    std::string deviceName;
    int computeCapabilityMajor = 0;
    int computeCapabilityMinor = 0;
    double totalGlobalMemoryGb = 0.0;
    int multiprocessorCount = 0;
    int maxThreadsPerMultiprocessor = 0;
    double clockRateGhz = 0.0;
    double memoryClockRateGhz = 0.0;
    int memoryBusWidthBits = 0;
};

// The full contexts the published rows name only by device name (spec §3.2, §6): A100-SXM4-80GB and L40S.
std::optional<HardwareContext> knownHardware(std::string_view deviceName);

} // namespace kfx
