#include "kernelfeatures.h"

#include "model/language.h"
#include "search/canonicalkernel.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <unordered_map>

namespace kfx::surrogate {

using search::isIdentifierChar;

namespace {

struct TraitInfo {
    std::string_view name;
    std::string_view phrase;
};

constexpr TraitInfo kTraits[kTraitCount] = {
    {"log_bytes", "source size"},
    {"log_lines", "line count"},
    {"cuda", "CUDA C++"},
    {"triton", "Triton"},
    {"pytorch", "plain PyTorch"},
    {"shared_memory", "shared-memory staging"},
    {"warp_shuffle", "warp shuffles"},
    {"vector_loads", "vectorised loads"},
    {"tensor_core", "tensor-core instructions (mma/wgmma/tl.dot)"},
    {"atomics", "atomics"},
    {"barriers", "__syncthreads barriers"},
    {"autotune_configs", "autotune configs"},
    {"block_size", "block/tile size"},
    {"threads_per_block", "threads per block"},
    {"warps", "num_warps"},
    {"stages", "pipeline stages"},
    // The fp32 trait counts explicit fp32 dtypes (float32, fp32, tf32), not C's `float`, which nearly every CUDA
    // kernel uses: "neither kernel uses fp32 arithmetic" was said of float CUDA code.
    {"fp32", "explicit fp32 dtypes such as float32 or tf32"},
    {"bf16", "bf16 arithmetic"},
    {"fp16", "fp16 arithmetic"},
    {"fp8", "fp8 arithmetic"},
    {"library_calls", "library matmul/einsum/cuBLAS calls"},
    {"loops", "loops"},
    {"kernel_definitions", "kernel definitions"},
    {"global_memory_ops", "global-memory loads/stores"},
    {"async_copies", "async copies"},
    {"cache_hints", "cache hints"},
    {"unrolling", "loop unrolling"},
    {"torch_compile", "torch.compile"},
    {"reductions", "reductions"},
};

constexpr std::string_view kPairNames[kPairFeatureCount] = {
    "lines_added",     "lines_removed",        "changed_fraction", "compute_capability",
    "multiprocessors", "memory_bandwidth_gbs", "has_hardware",
};

// Identifiers (or dotted names) that count towards a trait. Dotted names are looked up whole, by their first
// two parts and by their last part, so `cp.async.ca.shared.global` and `torch.nn.functional.linear` both count.
const std::unordered_map<std::string_view, Trait> &vocabulary()
{
    static const std::unordered_map<std::string_view, Trait> words = {
        {"__shared__", Trait::SharedMemory},
        {"smem", Trait::SharedMemory},
        {"shared_mem", Trait::SharedMemory},
        {"__shfl_sync", Trait::WarpShuffle},
        {"__shfl_xor_sync", Trait::WarpShuffle},
        {"__shfl_down_sync", Trait::WarpShuffle},
        {"__shfl_up_sync", Trait::WarpShuffle},
        {"__reduce_add_sync", Trait::WarpShuffle},
        {"float4", Trait::VectorLoads},
        {"float2", Trait::VectorLoads},
        {"int4", Trait::VectorLoads},
        {"uint4", Trait::VectorLoads},
        {"half2", Trait::VectorLoads},
        {"__half2", Trait::VectorLoads},
        {"__nv_bfloat162", Trait::VectorLoads},
        {"VEC", Trait::VectorLoads},
        {"mma", Trait::TensorCore},
        {"mma_sync", Trait::TensorCore},
        {"wgmma", Trait::TensorCore},
        {"wmma", Trait::TensorCore},
        {"tl.dot", Trait::TensorCore},
        {"atomicAdd", Trait::Atomics},
        {"atomicMax", Trait::Atomics},
        {"atomicMin", Trait::Atomics},
        {"atomicCAS", Trait::Atomics},
        {"atomicExch", Trait::Atomics},
        {"tl.atomic_add", Trait::Atomics},
        {"tl.atomic_max", Trait::Atomics},
        {"__syncthreads", Trait::Barriers},
        {"__syncwarp", Trait::Barriers},
        {"tl.debug_barrier", Trait::Barriers},
        {"triton.Config", Trait::AutotuneConfigs},
        {"float32", Trait::Fp32},
        {"fp32", Trait::Fp32},
        {"tf32", Trait::Fp32},
        {"bfloat16", Trait::Bf16},
        {"bf16", Trait::Bf16},
        {"__nv_bfloat16", Trait::Bf16},
        {"float16", Trait::Fp16},
        {"fp16", Trait::Fp16},
        {"__half", Trait::Fp16},
        {"half", Trait::Fp16},
        {"float8_e4m3fn", Trait::Fp8},
        {"float8_e5m2", Trait::Fp8},
        {"fp8", Trait::Fp8},
        {"__nv_fp8_e4m3", Trait::Fp8},
        {"e4m3", Trait::Fp8},
        {"torch.matmul", Trait::LibraryCalls},
        {"matmul", Trait::LibraryCalls},
        {"einsum", Trait::LibraryCalls},
        {"torch.mm", Trait::LibraryCalls},
        {"torch.bmm", Trait::LibraryCalls},
        {"bmm", Trait::LibraryCalls},
        {"addmm", Trait::LibraryCalls},
        {"linear", Trait::LibraryCalls},
        {"cublasGemmEx", Trait::LibraryCalls},
        {"cublasLtMatmul", Trait::LibraryCalls},
        {"cublasSgemm", Trait::LibraryCalls},
        {"for", Trait::Loops},
        {"while", Trait::Loops},
        {"__global__", Trait::KernelDefinitions},
        {"triton.jit", Trait::KernelDefinitions},
        {"tl.load", Trait::GlobalMemoryOps},
        {"tl.store", Trait::GlobalMemoryOps},
        {"cp.async", Trait::AsyncCopies},
        {"cp_async", Trait::AsyncCopies},
        {"memcpy_async", Trait::AsyncCopies},
        {"__pipeline_memcpy_async", Trait::AsyncCopies},
        {"__ldg", Trait::CacheHints},
        {"eviction_policy", Trait::CacheHints},
        {"cache_modifier", Trait::CacheHints},
        {"unroll", Trait::Unrolling},
        {"tl.static_range", Trait::Unrolling},
        {"torch.compile", Trait::TorchCompile},
        {"tl.sum", Trait::Reductions},
        {"tl.max", Trait::Reductions},
        {"tl.reduce", Trait::Reductions},
        {"blockReduce", Trait::Reductions},
        {"warpReduce", Trait::Reductions},
    };
    return words;
}

bool isIdentifierStart(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

// Which launch parameter an identifier sets, so the number assigned to it is kept (the largest one wins).
std::optional<Trait> sizedTrait(std::string_view word)
{
    if (word.starts_with("BLOCK") || word.starts_with("TILE"))
        return Trait::BlockSize;
    if (word.find("THREADS") != std::string_view::npos || word.find("threads") != std::string_view::npos)
        return Trait::ThreadsPerBlock;
    if (word == "num_warps")
        return Trait::Warps;
    if (word == "num_stages")
        return Trait::Stages;
    if (word.starts_with("VEC"))
        return Trait::VectorLoads;
    return std::nullopt;
}

// The number after `NAME =`, `NAME:` or `#define NAME`, if one follows within a few characters.
std::optional<float> assignedNumber(std::string_view code, std::size_t position)
{
    const auto limit = std::min(code.size(), position + 24);
    while (position < limit
           && (code[position] == ' ' || code[position] == '=' || code[position] == ':' || code[position] == '\t'
               || code[position] == '\'' || code[position] == '"' || code.substr(position).starts_with("tl.constexpr")))
        position += code.substr(position).starts_with("tl.constexpr") ? 12 : 1;
    float value = 0.0f;
    bool any = false;
    while (position < code.size() && std::isdigit(static_cast<unsigned char>(code[position]))) {
        value = value * 10.0f + float(code[position] - '0');
        any = true;
        ++position;
    }
    return any ? std::optional<float>(value) : std::nullopt;
}

void count(KernelTraits &traits, std::string_view word)
{
    const auto &words = vocabulary();
    auto add = [&](std::string_view key) {
        if (auto found = words.find(key); found != words.end()) {
            traits[std::size_t(found->second)] += 1.0f;
            return true;
        }
        return false;
    };
    if (add(word))
        return;
    const auto firstDot = word.find('.');
    if (firstDot == std::string_view::npos)
        return;
    const auto secondDot = word.find('.', firstDot + 1);
    if (secondDot != std::string_view::npos && add(word.substr(0, secondDot)))
        return;
    add(word.substr(word.rfind('.') + 1));
}

void keepLargest(KernelTraits &traits, Trait trait, float value)
{
    auto &slot = traits[std::size_t(trait)];
    slot = std::max(slot, value);
}

// Lines of text, trimmed, hashed: the diff statistics compare these multisets. A multiset difference counts
// lines added and removed without aligning them, which is what a changed-lines statistic needs at a
// fraction of a longest-common-subsequence diff's cost.
std::vector<std::size_t> lineHashes(std::string_view code)
{
    std::vector<std::size_t> hashes;
    std::size_t start = 0;
    while (start <= code.size()) {
        auto end = code.find('\n', start);
        if (end == std::string_view::npos)
            end = code.size();
        auto line = code.substr(start, end - start);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
            line.remove_prefix(1);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
            line.remove_suffix(1);
        if (!line.empty())
            hashes.push_back(std::hash<std::string_view>{}(line));
        start = end + 1;
    }
    std::sort(hashes.begin(), hashes.end());
    return hashes;
}

std::string formatValue(float value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(value));
    return text;
}

} // namespace

KernelTraits extractTraits(std::string_view code)
{
    KernelTraits traits{};
    traits[std::size_t(Trait::LogBytes)] = std::log2(float(code.size()) + 1.0f);
    const auto language = detectKernelLanguage(code);
    traits[std::size_t(Trait::Cuda)] = language == KernelLanguage::CudaCpp;
    traits[std::size_t(Trait::Triton)] = language == KernelLanguage::Triton;
    traits[std::size_t(Trait::PyTorch)] = language == KernelLanguage::PyTorch;

    float lines = 1.0f;
    std::size_t i = 0;
    while (i < code.size()) {
        const char c = code[i];
        if (c == '\n') {
            lines += 1.0f;
            ++i;
        } else if (isIdentifierStart(c) && (i == 0 || !isIdentifierChar(code[i - 1]))) {
            const auto start = i;
            while (i < code.size()
                   && (isIdentifierChar(code[i])
                       || (code[i] == '.' && i + 1 < code.size() && isIdentifierStart(code[i + 1]))))
                ++i;
            const auto word = code.substr(start, i - start);
            count(traits, word);
            if (auto sized = sizedTrait(word)) {
                if (auto value = assignedNumber(code, i))
                    keepLargest(traits, *sized, *value);
            }
        } else if (c == '<' && code.substr(i).starts_with("<<<")) {
            // A CUDA launch: the number before ">>>" is the block's thread count when written literally.
            const auto close = code.find(">>>", i);
            if (close != std::string_view::npos) {
                const auto comma = code.rfind(',', close);
                if (comma != std::string_view::npos && comma > i) {
                    auto position = comma + 1;
                    while (position < close && code[position] == ' ')
                        ++position;
                    if (auto value = assignedNumber(code, position))
                        keepLargest(traits, Trait::ThreadsPerBlock, *value);
                }
            }
            i += 3;
        } else {
            ++i;
        }
    }
    traits[std::size_t(Trait::LogLines)] = std::log2(lines + 1.0f);
    return traits;
}

std::string_view traitName(Trait trait)
{
    return kTraits[std::size_t(trait)].name;
}

std::string_view traitPhrase(Trait trait)
{
    return kTraits[std::size_t(trait)].phrase;
}

const std::vector<std::string> &featureNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all;
        for (const char *prefix : {"ref.", "cand.", "delta."}) {
            for (const auto &trait : kTraits)
                all.push_back(prefix + std::string(trait.name));
        }
        for (auto name : kPairNames)
            all.emplace_back(name);
        return all;
    }();
    return names;
}

FeatureRow pairFeatures(const KernelTraits &reference, const KernelTraits &candidate, std::string_view referenceCode,
                        std::string_view candidateCode, const std::optional<HardwareContext> &hardware)
{
    FeatureRow row{};
    for (std::size_t t = 0; t < kTraitCount; ++t) {
        row[t] = reference[t];
        row[kTraitCount + t] = candidate[t];
        row[2 * kTraitCount + t] = candidate[t] - reference[t];
    }
    const auto referenceLines = lineHashes(referenceCode);
    const auto candidateLines = lineHashes(candidateCode);
    std::vector<std::size_t> added;
    std::vector<std::size_t> removed;
    std::set_difference(candidateLines.begin(), candidateLines.end(), referenceLines.begin(), referenceLines.end(),
                        std::back_inserter(added));
    std::set_difference(referenceLines.begin(), referenceLines.end(), candidateLines.begin(), candidateLines.end(),
                        std::back_inserter(removed));
    row[pairColumn(PairFeature::LinesAdded)] = float(added.size());
    row[pairColumn(PairFeature::LinesRemoved)] = float(removed.size());
    const auto total = referenceLines.size() + candidateLines.size();
    row[pairColumn(PairFeature::ChangedFraction)] = total ? float(added.size() + removed.size()) / float(total) : 0.0f;
    if (hardware) {
        row[pairColumn(PairFeature::ComputeCapability)] = float(hardware->computeCapabilityMajor * 10
                                                                + hardware->computeCapabilityMinor);
        row[pairColumn(PairFeature::Multiprocessors)] = float(hardware->multiprocessorCount);
        // Double data rate: two transfers per memory clock over the bus.
        row[pairColumn(PairFeature::MemoryBandwidthGBs)] = float(hardware->memoryClockRateGhz * 2.0
                                                                 * hardware->memoryBusWidthBits / 8.0);
        row[pairColumn(PairFeature::HasHardware)] = 1.0f;
    }
    return row;
}

FeatureRow pairFeatures(const KernelRuntimeQuery &query)
{
    return pairFeatures(extractTraits(query.reference.code), extractTraits(query.candidate.code), query.reference.code,
                        query.candidate.code, query.hardware);
}

std::vector<FeatureRow> batchFeatures(std::span<const KernelRuntimeQuery> queries)
{
    std::unordered_map<std::string_view, KernelTraits> references;
    std::vector<FeatureRow> rows;
    rows.reserve(queries.size());
    for (const auto &query : queries) {
        auto found = references.find(query.reference.code);
        if (found == references.end())
            found = references.emplace(query.reference.code, extractTraits(query.reference.code)).first;
        rows.push_back(pairFeatures(found->second, extractTraits(query.candidate.code), query.reference.code,
                                    query.candidate.code, query.hardware));
    }
    return rows;
}

std::size_t explanationGroup(std::size_t column)
{
    return column < 3 * kTraitCount ? column % kTraitCount : kTraitCount + (column - 3 * kTraitCount);
}

std::string describeGroup(const FeatureRow &row, std::size_t group)
{
    if (group >= kTraitCount) {
        const auto feature = PairFeature(group - kTraitCount);
        const auto value = row[pairColumn(feature)];
        switch (feature) {
        case PairFeature::LinesAdded:
            return formatValue(value) + " lines added";
        case PairFeature::LinesRemoved:
            return formatValue(value) + " lines removed";
        case PairFeature::ChangedFraction:
            return formatValue(std::round(value * 100.0f)) + "% of lines changed";
        case PairFeature::ComputeCapability: {
            // "9.0", as NVIDIA writes it: %g's "9" read as a number cut off ("compute capability 9.") at the end
            // of a rationale's sentence.
            char text[16];
            std::snprintf(text, sizeof text, "%.1f", double(value) / 10.0);
            return std::string("compute capability ") + text;
        }
        case PairFeature::Multiprocessors:
            return formatValue(value) + " multiprocessors";
        case PairFeature::MemoryBandwidthGBs:
            return "memory bandwidth " + formatValue(std::round(value)) + " GB/s";
        case PairFeature::HasHardware:
        case PairFeature::Count:
            break;
        }
        return value > 0.0f ? "hardware context given" : "no hardware context";
    }
    const auto trait = Trait(group);
    const float before = row[referenceColumn(trait)];
    const float after = row[candidateColumn(trait)];
    const std::string phrase(traitPhrase(trait));
    if (trait == Trait::Cuda || trait == Trait::Triton || trait == Trait::PyTorch) {
        if (after > before)
            return "candidate is written in " + phrase;
        if (after < before)
            return "candidate moves away from " + phrase;
        return after > 0.0f ? "both kernels are " + phrase : "neither kernel is " + phrase;
    }
    if (trait == Trait::LogBytes || trait == Trait::LogLines) {
        const auto ratio = std::exp2(after - before);
        return "candidate " + phrase + " " + formatValue(std::round(ratio * 10.0f) / 10.0f) + "× the reference's";
    }
    const auto change = " (" + formatValue(before) + " → " + formatValue(after) + ")";
    if (after > before)
        return (before == 0.0f ? "candidate adds " : "candidate has more ") + phrase + change;
    if (after < before)
        return (after == 0.0f ? "candidate removes " : "candidate has fewer ") + phrase + change;
    return after == 0.0f ? "neither kernel uses " + phrase : "both kernels use " + phrase + change;
}

} // namespace kfx::surrogate
