#include "hardwarecontext.h"

namespace kfx {

std::optional<HardwareContext> knownHardware(std::string_view deviceName)
{
    if (deviceName == "NVIDIA A100-SXM4-80GB")
        return HardwareContext{std::string(deviceName), 8, 0, 80.0, 108, 2048, 1.41, 1.512, 5120};
    if (deviceName == "NVIDIA L40S")
        return HardwareContext{std::string(deviceName), 8, 9, 44.5, 142, 1536, 2.52, 9.0, 384};
    return std::nullopt;
}

} // namespace kfx
