// Protocol round trips against the real kfx-measure. Without a GPU (this machine, CI) device_info and measure
// answer "no CUDA device"; with one, device_info fills spec §1.4's hardware context. Either way the worker answers
// every request with one result carrying its id.
#include "check.h"
#include "measure/measureclient.h"
#include "resultfields.h"

#include <chrono>

using namespace kfx;
using namespace kfx::measure;
using kfx::test::contains;
using kfx::test::ResultLine;
using namespace std::chrono_literals;

int main()
{
    MeasureClient client({KFX_MEASURE_WORKER});
    const ResultLine device(client.call("1", deviceInfoRequest("1"), 60s));
    KFX_CHECK(device.string("id") == "1", "device_info answered with its id");
    const bool hasDevice = device.kind() == "device";
    if (hasDevice) {
        const auto hardware = json::requiredObject(device.object(), "hardware");
        KFX_CHECK(!json::requiredString(hardware, "device_name").empty(), "a device name");
        KFX_CHECK(json::requiredArray(hardware, "compute_capability").size() == 2, "compute capability pair");
        for (const char *field : {"total_global_memory_gb", "multiprocessor_count", "max_threads_per_multiprocessor",
                                  "clock_rate_ghz", "memory_clock_rate_ghz", "memory_bus_width_bits"})
            KFX_CHECK(json::requiredNumber(hardware, field) > 0, std::string("positive ") + field);
    } else {
        KFX_CHECK(device.kind() == "infrastructure_failure",
                  "without a GPU: infrastructure_failure, not " + device.kind());
        KFX_CHECK(contains(device.string("reason"), "no CUDA device: "),
                  "the reason says so: " + device.string("reason"));
        MeasureOptions options;
        options.taskDirectory = KFX_DEMO_TASK;
        options.candidatePath = std::string(KFX_DEMO_TASK) + "/reference.cu";
        const ResultLine measured(client.call("2", measureRequest("2", options), 60s));
        KFX_CHECK(measured.kind() == "infrastructure_failure" && contains(measured.string("reason"), "no CUDA device"),
                  "a measurement without a GPU is an infrastructure failure: " + measured.kind());
    }

    const ResultLine wrongVersion(client.call("3", R"({"protocol":99,"id":"3","type":"device_info"})", 10s));
    KFX_CHECK(wrongVersion.kind() == "protocol_error" && contains(wrongVersion.string("reason"), "protocol version 99"),
              "another protocol version is refused: " + wrongVersion.string("reason"));
    const ResultLine unknown(client.call("4", R"({"protocol":1,"id":"4","type":"dance"})", 10s));
    KFX_CHECK(unknown.kind() == "protocol_error", "an unknown request is refused");
    const ResultLine cancel(client.call("5", cancelRequest("5", "nothing-running"), 10s));
    KFX_CHECK(cancel.kind() == "cancel_acknowledged" && cancel.string("target") == "nothing-running",
              "a cancel is acknowledged");
    const ResultLine shutdown(client.call("6", shutdownRequest("6"), 10s));
    KFX_CHECK(shutdown.kind() == "shutdown", "shutdown answered before exiting");
    KFX_CHECK(client.starts() == 1, "one worker served every request");
    return kfx::test::finish();
}
