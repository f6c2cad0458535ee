#include "kernelquery.h"

#include "io/jsonwriter.h"
#include "io/recordjson.h"

#include <cstdint>
#include <cstdio>

namespace kfx::surrogate {

namespace {

KernelImplementation readImplementation(const json::Object &object)
{
    KernelImplementation implementation;
    implementation.kernelName = std::string(json::requiredString(object, "kernel_name"));
    implementation.code = std::string(json::requiredString(object, "code"));
    implementation.runtimeMs = json::optionalNumber(object, "runtime_ms");
    return implementation;
}

void writeImplementation(JsonWriter &writer, const KernelImplementation &implementation)
{
    writer.beginObject().field("kernel_name", implementation.kernelName).field("code", implementation.code);
    writer.key("runtime_ms");
    if (implementation.runtimeMs)
        writer.value(*implementation.runtimeMs);
    else
        writer.null();
    writer.endObject();
}

void writeHardware(JsonWriter &writer, const HardwareContext &hardware)
{
    writer.beginObject().field("device_name", hardware.deviceName);
    writer.key("compute_capability")
        .beginArray()
        .value(hardware.computeCapabilityMajor)
        .value(hardware.computeCapabilityMinor)
        .endArray();
    writer.field("total_global_memory_gb", hardware.totalGlobalMemoryGb)
        .field("multiprocessor_count", hardware.multiprocessorCount)
        .field("max_threads_per_multiprocessor", hardware.maxThreadsPerMultiprocessor)
        .field("clock_rate_ghz", hardware.clockRateGhz)
        .field("memory_clock_rate_ghz", hardware.memoryClockRateGhz)
        .field("memory_bus_width_bits", hardware.memoryBusWidthBits)
        .endObject();
}

} // namespace

KernelRuntimeQuery queryForPair(const ComparisonPair &pair)
{
    KernelRuntimeQuery query;
    query.task.opName = pair.pack;
    query.reference = {"reference", pair.referenceCode, std::nullopt};
    query.candidate = {"candidate", pair.candidateCode, std::nullopt};
    query.hardware = pair.hardware ? pair.hardware : knownHardware(pair.hardwareName);
    return query;
}

KernelRuntimeQuery readKernelRuntimeQuery(const json::Object &object)
{
    KernelRuntimeQuery query;
    const auto task = json::requiredObject(object, "task");
    query.task.opName = std::string(json::requiredString(task, "op_name"));
    query.task.levelId = int(json::requiredInteger(task, "level_id"));
    query.task.taskId = int(json::requiredInteger(task, "task_id"));
    query.reference = readImplementation(json::requiredObject(object, "reference"));
    query.candidate = readImplementation(json::requiredObject(object, "candidate"));
    if (auto hardware = json::optionalObject(object, "hardware"))
        query.hardware = json::readHardwareContext(*hardware);
    return query;
}

std::string kernelRuntimeQueryJson(const KernelRuntimeQuery &query)
{
    JsonWriter writer;
    writer.beginObject().key("task").beginObject();
    writer.field("op_name", query.task.opName)
        .field("level_id", query.task.levelId)
        .field("task_id", query.task.taskId)
        .endObject();
    writer.key("reference");
    writeImplementation(writer, query.reference);
    writer.key("candidate");
    writeImplementation(writer, query.candidate);
    writer.key("hardware");
    if (query.hardware)
        writeHardware(writer, *query.hardware);
    else
        writer.null();
    writer.endObject();
    return writer.take();
}

std::string stableHash(std::string_view text)
{
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(hash));
    return digits;
}

std::string queryHash(const KernelRuntimeQuery &query)
{
    return stableHash(kernelRuntimeQueryJson(query));
}

} // namespace kfx::surrogate
