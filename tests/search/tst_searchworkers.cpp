// The search's workers tell their device once, at the start (spec §3.7's search_initialized). Issue 27: kfx-measure's
// CPU test-mode answer ("cpu_mode": true, a device named "CPU (test mode)") made kfx-cli search print "the worker
// gave no device information". It is valid: no GPU, and no problem either.
#include "check.h"

#include "search/searchworkers.h"

#include <chrono>

using namespace kfx;

namespace {

void cpuWorkerGivesValidDeviceInformation()
{
    measure::MeasureOptions request;
    request.taskDirectory = "task"; // device_info reads no task
    request.device = measure::ComputeDevice::Cpu;
    const auto cpu = search::startSearchWorkers({KFX_MEASURE_WORKER}, request, 1, std::chrono::seconds(10));
    KFX_CHECK(cpu.cpuMode, "the CPU answer says cpu_mode");
    KFX_CHECK(!cpu.hardware, "the CPU answer names no GPU");
    KFX_CHECK(cpu.deviceProblem.empty(), "the CPU answer is no problem: " + cpu.deviceProblem);
}

void gpuWorkerNamesItsDevice()
{
    measure::MeasureOptions request;
    request.taskDirectory = "task";
    request.device = measure::ComputeDevice::Cuda;
    const auto gpu = search::startSearchWorkers({KFX_STANDIN_WORKER}, request, 1, std::chrono::seconds(10));
    KFX_CHECK(!gpu.cpuMode, "a GPU answer is not the CPU test mode");
    KFX_CHECK(gpu.hardware && gpu.hardware->deviceName == "Stand-in GPU", "the GPU answer names its device");
    KFX_CHECK(gpu.deviceProblem.empty(), "a GPU answer is no problem: " + gpu.deviceProblem);
}

} // namespace

int main()
{
    cpuWorkerGivesValidDeviceInformation();
    gpuWorkerNamesItsDevice();
    return kfx::test::finish();
}
