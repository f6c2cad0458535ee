#include "landscapemeasurer.h"

#include "io/jsonfields.h"
#include "io/jsonwriter.h"
#include "measure/evaluationrecord.h"

#include <cmath>
#include <random>

namespace kfx::search {

namespace {

// core/measure/kerneltimer.cpp's robust sample count: what the corpus's kernels, whose logs kept medians only,
// were timed with.
constexpr int kRobustSamples = 100;

std::string variantLine(std::string_view code)
{
    constexpr std::string_view marker = "kfx-variant:";
    const auto at = code.find(marker);
    if (at == std::string_view::npos)
        return "(no kfx-variant line)";
    auto line = code.substr(at + marker.size());
    line = line.substr(0, line.find('\n'));
    while (!line.empty() && line.front() == ' ')
        line.remove_prefix(1);
    return std::string(line);
}

} // namespace

LandscapeMeasurer::LandscapeMeasurer(const Landscape &landscape, std::optional<LandscapeNoise> noise)
    : m_landscape(landscape)
    , m_noise(noise)
{
}

MeasuredCandidate LandscapeMeasurer::measure(const std::string &code, const std::string &)
{
    MeasuredCandidate result;
    const auto id = landscapeKernelId(code);
    const auto *kernel = m_landscape.find(id);
    if (!kernel || !kernel->measured()) {
        result.failureReason = std::string("the landscape of ") + m_landscape.task()
            + (kernel ? " lists this kernel as unmeasured: " : " has no such kernel: ") + variantLine(code);
        return result;
    }
    // The worker's result line (core/measure/PROTOCOL.md), turned into the log's Evaluation by the same code.
    JsonWriter w;
    w.beginObject().field("kind", kernel->outcome);
    for (const auto &[field, text] : kernel->failure)
        w.field(field, text);
    if (kernel->speedup) {
        // Drawn from the seed and the kernel alone, so that every search of one seed sees a kernel equally fast.
        const std::uint64_t seed = m_noise ? m_noise->seed : 0, kernelBits = std::stoull(id, nullptr, 16);
        std::seed_seq seeds{std::uint32_t(seed), std::uint32_t(seed >> 32), std::uint32_t(kernelBits),
                            std::uint32_t(kernelBits >> 32)};
        std::mt19937_64 random(seeds);
        std::normal_distribution<double> normal;
        double logSum = 0.0;
        w.key("cases").beginArray();
        for (const auto &c : kernel->cases) {
            const double factor = m_noise ? std::exp(m_noise->sigma * normal(random)) : 1.0;
            const double speedup = c.speedup / factor;
            logSum += std::log(speedup);
            w.beginObject().key("sizes").raw(c.sizesJson).field("runtime_ns", c.runtimeNs * factor);
            w.field("ref_runtime_ns", c.refRuntimeNs).field("speedup", speedup).endObject();
        }
        w.endArray();
        // Without noise the recorded aggregate, bit for bit; with it, the geometric mean of the noisy cases.
        const double aggregated = m_noise ? std::exp(logSum / double(kernel->cases.size())) : *kernel->speedup;
        w.field("aggregated_speedup", aggregated).field("aggregation_method", "geomean");
    }
    w.key("provenance").beginObject().field("recorded", true).field("device", m_landscape.device());
    w.field("landscape", m_landscape.path()).field("source", kernel->source).endObject();
    w.endObject();
    const simdjson::padded_string line(w.text());
    simdjson::dom::parser parser;
    result.evaluationJson = measure::evaluationJson(json::asObject(parser.parse(line).value(), "result"),
                                                    result.reward);
    result.gpuSeconds = recordedGpuSeconds(*kernel);
    return result;
}

double recordedGpuSeconds(const LandscapeKernel &kernel)
{
    double nanoseconds = 0.0;
    for (const auto &c : kernel.cases)
        nanoseconds += c.samples.value_or(kRobustSamples) * (c.runtimeNs + c.refRuntimeNs);
    return nanoseconds * 1e-9;
}

} // namespace kfx::search
