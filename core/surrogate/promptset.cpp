#include "promptset.h"

#include "builtinprompts.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kfx::surrogate {

namespace {

TemplateValue implementationValue(const KernelImplementation &implementation)
{
    return TemplateValue::Map{
        {"kernel_name", implementation.kernelName},
        {"code", implementation.code.str()},
        {"runtime_ms",
         implementation.runtimeMs ? TemplateValue(*implementation.runtimeMs) : TemplateValue(TemplateValue::None{})},
    };
}

TemplateValue hardwareValue(const std::optional<HardwareContext> &hardware)
{
    if (!hardware)
        return TemplateValue::None{};
    return TemplateValue::Map{
        {"device_name", hardware->deviceName},
        {"compute_capability", TemplateValue::List{hardware->computeCapabilityMajor, hardware->computeCapabilityMinor}},
        {"total_global_memory_gb", hardware->totalGlobalMemoryGb},
        {"multiprocessor_count", hardware->multiprocessorCount},
        {"max_threads_per_multiprocessor", hardware->maxThreadsPerMultiprocessor},
        {"clock_rate_ghz", hardware->clockRateGhz},
        {"memory_clock_rate_ghz", hardware->memoryClockRateGhz},
        {"memory_bus_width_bits", hardware->memoryBusWidthBits},
    };
}

std::string readWholeFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TemplateValue promptContext(const KernelRuntimeQuery &query)
{
    return TemplateValue::Map{
        {"task",
         TemplateValue::Map{
             {"op_name", query.task.opName},
             {"level_id", query.task.levelId},
             {"task_id", query.task.taskId},
         }},
        {"reference", implementationValue(query.reference)},
        {"candidate", implementationValue(query.candidate)},
        {"hardware", hardwareValue(query.hardware)},
        {"tool_name", std::string(kPredictToolName)},
        {"predict_tool_name", std::string(kPredictToolName)},
        {"defer_tool_name", std::string(kDeferToolName)},
    };
}

PromptSet::PromptSet(std::string_view systemSource, std::string_view userSource)
    : m_system(PromptTemplate::parse(systemSource))
    , m_user(PromptTemplate::parse(userSource))
    , m_hash(stableHash(std::string(systemSource) + '\0' + std::string(userSource)))
{
}

PromptSet PromptSet::fromFiles(const std::string &systemPath, const std::string &userPath)
{
    return PromptSet(readWholeFile(systemPath), readWholeFile(userPath));
}

PromptSet PromptSet::builtIn(bool allowDeferral)
{
    if (allowDeferral)
        return PromptSet(builtinprompts::kDeferSystem, builtinprompts::kDeferUser);
    return PromptSet(builtinprompts::kSystem, builtinprompts::kUser);
}

RenderedPrompt PromptSet::render(const KernelRuntimeQuery &query) const
{
    const auto context = promptContext(query);
    return {m_system.render(context), m_user.render(context)};
}

} // namespace kfx::surrogate
