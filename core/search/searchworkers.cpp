#include "searchworkers.h"

#include "io/recordjson.h"

#include <filesystem>

namespace kfx::search {

namespace {

std::optional<HardwareContext> hardwareOf(const std::string &deviceInfo)
{
    const simdjson::padded_string text(deviceInfo);
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    simdjson::dom::object object, device;
    if (!parser.parse(text).get(root) && !root.get_object().get(object) && !object["hardware"].get_object().get(device))
        return json::readHardwareContext(device);
    return std::nullopt;
}

std::vector<std::unique_ptr<Measurer>> startMeasurers(const std::vector<std::string> &command,
                                                      const std::string &taskDirectory, int count,
                                                      std::chrono::milliseconds timeout, std::string &firstDeviceInfo)
{
    std::vector<std::unique_ptr<Measurer>> measurers;
    for (int i = 0; i < count; ++i) {
        auto measurer = std::make_unique<WorkerMeasurer>(command, taskDirectory, timeout);
        if (i == 0)
            firstDeviceInfo = measurer->deviceInfo();
        measurers.push_back(std::move(measurer));
    }
    return measurers;
}

} // namespace

SearchWorkers startSearchWorkers(const std::vector<std::string> &command, const std::string &taskDirectory, int count,
                                 std::chrono::milliseconds timeout)
{
    std::string deviceInfo;
    SearchWorkers workers{MeasurementPool(startMeasurers(command, taskDirectory, count, timeout, deviceInfo)), {}, {}};
    workers.hardware = hardwareOf(deviceInfo);
    if (!workers.hardware)
        workers.deviceProblem = deviceInfo;
    return workers;
}

std::string defaultBaselineLog(const std::string &log)
{
    const std::filesystem::path path(log);
    return (path.parent_path() / (path.stem().string() + ".baseline.jsonl")).string();
}

} // namespace kfx::search
