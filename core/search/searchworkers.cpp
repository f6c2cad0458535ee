#include "searchworkers.h"

#include "io/recordjson.h"

#include <filesystem>
#include <functional>

namespace kfx::search {

namespace {

// The worker's answer to device_info: the GPU it measures on, or the CPU test mode (protocol §device), which
// describes no GPU and is no problem to report.
struct DeviceAnswer {
    std::optional<HardwareContext> hardware;
    bool cpuMode = false;
};

DeviceAnswer readDeviceAnswer(const std::string &deviceInfo)
{
    const simdjson::padded_string text(deviceInfo);
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    simdjson::dom::object object, device;
    DeviceAnswer answer;
    if (parser.parse(text).get(root) || root.get_object().get(object))
        return answer;
    bool cpuMode = false;
    answer.cpuMode = !object["cpu_mode"].get_bool().get(cpuMode) && cpuMode;
    if (answer.cpuMode || object["hardware"].get_object().get(device))
        return answer;
    try {
        answer.hardware = json::readHardwareContext(device);
    } catch (const json::FieldError &) {
        // no hardware: the caller reports the answer as it came
    }
    return answer;
}

using MakeMeasurer = std::function<std::unique_ptr<WorkerMeasurer>(int slot)>;

SearchWorkers startMeasurers(int count, const MakeMeasurer &make)
{
    std::vector<std::unique_ptr<Measurer>> measurers;
    std::string deviceInfo;
    for (int i = 0; i < count; ++i) {
        auto measurer = make(i);
        if (i == 0)
            deviceInfo = measurer->deviceInfo();
        measurers.push_back(std::move(measurer));
    }
    const auto answer = readDeviceAnswer(deviceInfo);
    SearchWorkers workers{MeasurementPool(std::move(measurers)), answer.hardware, answer.cpuMode, {}};
    if (!workers.hardware && !workers.cpuMode)
        workers.deviceProblem = deviceInfo;
    return workers;
}

} // namespace

SearchWorkers startSearchWorkers(const std::vector<std::string> &command, const measure::MeasureOptions &request,
                                 int count, std::chrono::milliseconds timeout)
{
    return startMeasurers(count, [&](int) { return std::make_unique<WorkerMeasurer>(command, request, timeout); });
}

SearchWorkers startSearchWorkers(const WorkerLauncher &launcher, const measure::MeasureOptions &request, int count,
                                 std::chrono::milliseconds timeout)
{
    return startMeasurers(count,
                          [&](int slot) { return std::make_unique<WorkerMeasurer>(launcher, slot, request, timeout); });
}

surrogate::KernelRuntimeQuery forecastContext(const SearchConfig &config, const std::string &seedCode)
{
    surrogate::KernelRuntimeQuery context;
    context.task.opName = config.taskName;
    context.reference = {"reference", seedCode, std::nullopt};
    context.hardware = config.hardware;
    return context;
}

SearchConfig withSelectiveDefaults(SearchConfig config)
{
    config.mode = SearchMode::Selective;
    config.samplesPerParent = kSelectiveSamplesPerParent;
    config.kPerParent = kSelectiveKPerParent;
    config.explorationShare = kSelectiveExplorationShare;
    return config;
}

std::string defaultBaselineLog(const std::string &log)
{
    const std::filesystem::path path(log);
    return (path.parent_path() / (path.stem().string() + ".baseline.jsonl")).string();
}

} // namespace kfx::search
