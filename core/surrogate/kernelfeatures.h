#pragma once

#include "kernelquery.h"

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::surrogate {

// What one kernel's source shows about how it will run. Counted from identifiers (dotted names such as
// `tl.dot` or `torch.matmul` count as one), from the numbers assigned to tile and launch parameters, and from a
// few operators, in one pass over the text; nothing is compiled, so the counts are evidence, not proof.
enum class Trait {
    LogBytes, // log2 of the source size
    LogLines,
    Cuda, // 1 when the kernel is CUDA C++ (also inside load_inline strings)
    Triton,
    PyTorch,
    SharedMemory, // __shared__, smem buffers
    WarpShuffle,  // __shfl_*_sync, warp reductions
    VectorLoads,  // float4/half2/... and VEC widths
    TensorCore,   // mma, wgmma, wmma, tl.dot
    Atomics,
    Barriers,        // __syncthreads and friends
    AutotuneConfigs, // triton.Config entries
    BlockSize,       // largest BLOCK_*/TILE_* value
    ThreadsPerBlock, // largest THREADS value or <<<…, N>>>
    Warps,           // largest num_warps
    Stages,          // largest num_stages
    Fp32,
    Bf16,
    Fp16,
    Fp8,
    LibraryCalls, // matmul / einsum / cuBLAS / linear
    Loops,
    KernelDefinitions, // __global__ and triton.jit
    GlobalMemoryOps,   // tl.load / tl.store
    AsyncCopies,       // cp.async, memcpy_async
    CacheHints,        // __ldg, eviction policies
    Unrolling,
    TorchCompile,
    Reductions,
    Count
};
inline constexpr std::size_t kTraitCount = std::size_t(Trait::Count);

using KernelTraits = std::array<float, kTraitCount>;

KernelTraits extractTraits(std::string_view code);
std::string_view traitName(Trait trait);   // "warp_shuffle"
std::string_view traitPhrase(Trait trait); // "warp shuffles", as a rationale says it

// The model's input for one pair: per trait the reference's value, the candidate's, and the change; then how
// much of the text changed; then the hardware. Layout described by featureNames().
enum class PairFeature {
    LinesAdded,
    LinesRemoved,
    ChangedFraction,
    ComputeCapability,
    Multiprocessors,
    MemoryBandwidthGBs,
    HasHardware,
    Count
};
inline constexpr std::size_t kPairFeatureCount = std::size_t(PairFeature::Count);
inline constexpr std::size_t kFeatureCount = 3 * kTraitCount + kPairFeatureCount;
// Bumped whenever a column's meaning changes (not only their number), so that a model saved in a workspace by an
// older build is retrained rather than fed columns it never saw.
inline constexpr int kFeatureVersion = 1;

using FeatureRow = std::array<float, kFeatureCount>;

// Index of a trait's reference, candidate and delta columns, and of the pair features.
constexpr std::size_t referenceColumn(Trait trait)
{
    return std::size_t(trait);
}
constexpr std::size_t candidateColumn(Trait trait)
{
    return kTraitCount + std::size_t(trait);
}
constexpr std::size_t deltaColumn(Trait trait)
{
    return 2 * kTraitCount + std::size_t(trait);
}
constexpr std::size_t pairColumn(PairFeature feature)
{
    return 3 * kTraitCount + std::size_t(feature);
}

// "ref.warp_shuffle", "cand.warp_shuffle", "delta.warp_shuffle", ..., "lines_added", ...
const std::vector<std::string> &featureNames();

FeatureRow pairFeatures(const KernelTraits &reference, const KernelTraits &candidate, std::string_view referenceCode,
                        std::string_view candidateCode, const std::optional<HardwareContext> &hardware);
FeatureRow pairFeatures(const KernelRuntimeQuery &query);

// Feature rows for many queries; a reference shared by many candidates (a search's seed) is read once.
std::vector<FeatureRow> batchFeatures(std::span<const KernelRuntimeQuery> queries);

// Rationales speak of a trait (its three columns together) or a pair feature: a "group" of columns.
inline constexpr std::size_t kExplanationGroupCount = kTraitCount + kPairFeatureCount;
std::size_t explanationGroup(std::size_t column);
// Plain-language account of a group's values in a row, e.g. "candidate adds warp shuffles (0 → 4)".
std::string describeGroup(const FeatureRow &row, std::size_t group);

} // namespace kfx::surrogate
