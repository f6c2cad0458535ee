#include "devicequery.h"

#include "cudacheck.h"

#include <cuda_runtime_api.h>

namespace kfx::measure {

namespace {
int attribute(cudaDeviceAttr which, int device)
{
    int value = 0;
    checkCuda(cudaDeviceGetAttribute(&value, which, device), "cudaDeviceGetAttribute");
    return value;
}
} // namespace

DeviceInfo queryDevice()
{
    DeviceInfo info;
    cudaRuntimeGetVersion(&info.runtimeVersion);
    cudaDriverGetVersion(&info.driverVersion);
    int count = 0;
    if (const cudaError_t status = cudaGetDeviceCount(&count); status != cudaSuccess)
        throw DeviceUnavailable("no CUDA device: " + describeCudaError(status));
    if (count == 0)
        throw DeviceUnavailable("no CUDA device: the driver sees no GPU");
    info.deviceCount = count;
    constexpr int device = 0;
    if (const cudaError_t status = cudaSetDevice(device); status != cudaSuccess)
        throw DeviceUnavailable("no CUDA device: " + describeCudaError(status));
    cudaDeviceProp properties{};
    checkCuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
    HardwareContext &hardware = info.hardware;
    hardware.deviceName = properties.name;
    hardware.computeCapabilityMajor = properties.major;
    hardware.computeCapabilityMinor = properties.minor;
    hardware.totalGlobalMemoryGb = double(properties.totalGlobalMem)
        / double(1ull << 30); // GiB, as the spec's 80.0 for an A100-80GB
    hardware.multiprocessorCount = properties.multiProcessorCount;
    hardware.maxThreadsPerMultiprocessor = properties.maxThreadsPerMultiProcessor;
    // CUDA 13 dropped the clock fields from cudaDeviceProp; the attributes remain (in kHz).
    hardware.clockRateGhz = attribute(cudaDevAttrClockRate, device) / 1e6;
    hardware.memoryClockRateGhz = attribute(cudaDevAttrMemoryClockRate, device) / 1e6;
    hardware.memoryBusWidthBits = properties.memoryBusWidth;
    info.l2CacheBytes = properties.l2CacheSize;
    info.arch = "sm_" + std::to_string(properties.major) + std::to_string(properties.minor);
    return info;
}

} // namespace kfx::measure
