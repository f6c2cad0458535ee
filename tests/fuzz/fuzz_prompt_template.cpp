// Arbitrary bytes as a prompt template, parsed and rendered with the context of a real query (every variable the
// built-in templates use, hardware included).
#include "io/jsonfields.h"
#include "surrogate/promptset.h"

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

constexpr std::string_view kQuery =
    R"({"task":{"op_name":"trimul","level_id":0,"task_id":0},)"
    R"("reference":{"kernel_name":"reference","code":"import torch\ndef f(x):\n    return x * 2","runtime_ms":1.5},)"
    R"("candidate":{"kernel_name":"candidate","code":"@triton.jit\ndef k(x_ptr):\n    pass","runtime_ms":null},)"
    R"("hardware":{"device_name":"NVIDIA A100-SXM4-80GB","compute_capability":[8,0],"total_global_memory_gb":80.0,)"
    R"("multiprocessor_count":108,"max_threads_per_multiprocessor":2048,"clock_rate_ghz":1.41,)"
    R"("memory_clock_rate_ghz":1.512,"memory_bus_width_bits":5120}})";

const kfx::surrogate::TemplateValue &queryContext()
{
    static const kfx::surrogate::TemplateValue context = [] {
        simdjson::dom::parser parser;
        const simdjson::padded_string text(kQuery);
        const kfx::json::Object query = parser.parse(text).get_object().value();
        return kfx::surrogate::promptContext(kfx::surrogate::readKernelRuntimeQuery(query));
    }();
    return context;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using kfx::surrogate::PromptTemplate;
    try {
        PromptTemplate::parse(std::string_view(reinterpret_cast<const char *>(data), size)).render(queryContext());
    } catch (const kfx::surrogate::TemplateError &) {
    }
    return 0;
}
