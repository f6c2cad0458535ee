#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace kfx::generate {

// Kernel source text for synthetic searches. A kernel is described by a small set of design choices (language,
// tile sizes, launch shape, optimisations) and rendered from templates; an edit changes one choice and records
// why in the kernel's own change notes. Rendering the edited design reproduces the parent's text everywhere
// the edit did not reach, so a lineage reads like a model revising its own code.

// The three GPU-Mode packs the synthetic data uses (spec §5.2).
enum class KernelPack { Trimul, CrossEntropy, Fp8Quant };
inline constexpr KernelPack kAllPacks[] = {KernelPack::Trimul, KernelPack::CrossEntropy, KernelPack::Fp8Quant};
std::string_view packName(KernelPack pack); // "trimul", "cross_entropy", "fp8_quant"

enum class KernelStyle {
    PyTorch,    // the seeds: plain PyTorch
    Triton,     // a Python submission with @triton.jit kernels
    CudaInline, // a Python submission compiling CUDA strings with torch.utils.cpp_extension.load_inline
    CudaSource, // a .cu translation unit with its PYBIND11 module
};

enum class Precision { Fp32, Tf32, Bf16, Fp16 };

enum class EditKind {
    Rewrite,       // a different language altogether
    Tiling,        // BLOCK_* / TILE_* sizes
    Warps,         // num_warps or threads per block
    Stages,        // software pipelining depth
    Vectorize,     // wider loads
    SharedMemory,  // staging tiles through shared memory
    WarpShuffle,   // reductions with __shfl_xor_sync instead of shared memory
    FusedEpilogue, // folding the element-wise tail into the kernel
    DoubleBuffer,  // overlapping the next tile's load with the current tile's math
    CacheHints,    // eviction policies / __ldg
    Precision,     // the compute dtype
    Autotune,      // the autotuning search space
    Unroll,        // #pragma unroll depth
    TorchCompile,  // wrapping the PyTorch path in torch.compile
    Chunking,      // processing the problem in slices to fit caches
};

struct KernelDesign {
    KernelPack pack = KernelPack::Trimul;
    KernelStyle style = KernelStyle::PyTorch;
    Precision precision = Precision::Fp32;
    int blockM = 64;
    int blockN = 64;
    int blockK = 32;
    int numWarps = 4;
    int numStages = 2;
    int vectorWidth = 1;
    int autotuneConfigs = 1;
    int unroll = 1;
    int chunk = 0; // 0: the whole problem at once
    bool sharedMemory = false;
    bool warpShuffle = false;
    bool doubleBuffer = false;
    bool fusedEpilogue = false;
    bool cacheHints = false;
    bool torchCompile = false;
    // Chosen once per lineage so that kernels of different searches do not read alike.
    std::uint32_t flavour = 0;
    // One line per edit, newest last; rendered as the header comment the models like to keep.
    std::vector<std::string> notes;
};

struct KernelEdit {
    EditKind kind = EditKind::Tiling;
    std::string description; // "raised BLOCK_N from 64 to 128", for notes and forecast reasoning
};

// The pack's seed kernel: the PyTorch code a search starts from and every eval-set row's anchor.
KernelDesign seedDesign(KernelPack pack);
// The source text of a design, 2-12 KB (old notes are dropped to stay under the limit).
std::string renderKernel(const KernelDesign &design);
// Applies one plausible edit to `design` and returns what was done.
KernelEdit mutateDesign(KernelDesign &design, std::mt19937_64 &random);

std::string_view styleName(KernelStyle style); // "pytorch", "triton", "cuda-inline", "cuda-source"

inline constexpr std::size_t kMinKernelBytes = 2048;
inline constexpr std::size_t kMaxKernelBytes = 12288;

} // namespace kfx::generate
