#pragma once

// A small search built by hand for the widget tests:
//
//   seed (PyTorch reference)
//   ├── fast      evaluated 1.93×, CUDA C++, 3 cases, forecast bin 6 at 62 %
//   │   ├── slow      not admitted 0.60×
//   │   ├── triton    evaluated 2.31×, Triton, selected by the gate
//   │   └── huge      evaluated 10.50×
//   ├── broken    failed to compile
//   └── evicted   evicted 1.10×
//   placeholder (a parent the log never describes)
//   └── deferred  forecast bin 3, deferred by the gate

#include "model/population.h"
#include "model/speedupbin.h"

#include <memory>

namespace kfxtest {

inline constexpr auto kSeedId = "01JDQ3H8Z2M5N7P9R1T3K4SEED";
inline constexpr auto kFastId = "01JDQ3A5W1T9ZK4M7PX2FASTK1";
inline constexpr auto kSlowId = "01JDQ3B7C2R8YH3N6QW1SLOWK2";
inline constexpr auto kTritonId = "01JDQ3C9D3Q7XG2P5RV0TRITON";
inline constexpr auto kHugeId = "01JDQ3DAE4P6WF1Q4SU9HUGEK4";
inline constexpr auto kBrokenId = "01JDQ3EBF5N5VE0R3TT8BROKEN";
inline constexpr auto kEvictedId = "01JDQ3FCG6M4TD9S2VS7EVICTD";
inline constexpr auto kPlaceholderId = "01JDQ2ZZZZZZZZZZZZZPLACEHD";
inline constexpr auto kDeferredId = "01JDQ3GDH7K3SC8T1WR6DEFERD";

inline constexpr auto kSeedCode = R"(import torch


def custom_kernel(data):
    a, b = data
    return torch.relu(a @ b)
)";

inline constexpr auto kFastCode = R"(from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <cuda_runtime.h>

// One thread per output element, tiles of A and B staged through shared memory.
template <int TILE>
__global__ void fast_matmul_relu(const float *a, const float *b, float *out, int n)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];
    const int row = blockIdx.y * TILE + threadIdx.y;
    const int col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        tileA[threadIdx.y][threadIdx.x] = a[row * n + t + threadIdx.x];
        tileB[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < TILE; ++k)
            sum += tileA[threadIdx.y][k] * tileB[k][threadIdx.x];
        __syncthreads();
    }
    out[row * n + col] = fmaxf(sum, 0.0f);
}
"""

module = load_inline(name="fast", cpp_sources="", cuda_sources=cuda_source)


def custom_kernel(data):
    return module.fast_matmul_relu(*data)
)";

inline constexpr auto kTritonCode = R"(import triton
import triton.language as tl


@triton.jit
def matmul_relu(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    a = tl.load(a_ptr + offsets, mask=offsets < n)
    tl.store(out_ptr + offsets, tl.maximum(a, 0.0), mask=offsets < n)
)";

inline kfx::EvaluationOutcome success(double speedup, std::initializer_list<double> runtimesUs = {})
{
    kfx::EvaluationOutcome outcome;
    outcome.kind = kfx::OutcomeKind::Success;
    outcome.reward = speedup;
    outcome.aggregatedSpeedup = speedup;
    outcome.aggregationMethod = "geomean";
    for (double runtimeUs : runtimesUs)
        outcome.cases.push_back({speedup, runtimeUs * 1000.0, runtimeUs * 1000.0 * speedup, {{"n", "4096"}}});
    return outcome;
}

inline kfx::Forecast forecast(int predictedBin, double mass)
{
    kfx::Forecast result;
    result.predictedBin = predictedBin;
    const double rest = (1.0 - mass) / (kfx::kBinCount - 1);
    for (int bin = 1; bin <= kfx::kBinCount; ++bin)
        result.probabilities[static_cast<std::size_t>(bin - 1)] = bin == predictedBin ? mass : rest;
    result.source = "search log";
    return result;
}

inline std::size_t addNode(kfx::Population &population, const char *id, kfx::NodeStatus status, int step,
                           std::size_t parent, const char *code = "",
                           kfx::KernelLanguage language = kfx::KernelLanguage::CudaCpp)
{
    kfx::KernelNode node;
    node.id = id;
    node.status = status;
    node.step = step;
    node.code = code;
    node.language = language;
    const auto index = population.add(std::move(node));
    if (parent != kfx::kNoNode)
        population.setParent(index, parent);
    return index;
}

inline std::shared_ptr<kfx::Population> makePopulation()
{
    using kfx::NodeStatus;
    auto population = std::make_shared<kfx::Population>();
    auto &p = *population;

    const auto seed = addNode(p, kSeedId, NodeStatus::Seed, -1, kfx::kNoNode, kSeedCode, kfx::KernelLanguage::PyTorch);
    p.node(seed).evaluation = success(1.0);

    const auto fast = addNode(p, kFastId, NodeStatus::Evaluated, 0, seed, kFastCode);
    p.node(fast).evaluation = success(1.93, {800.0, 812.0, 824.0});
    p.node(fast).forecasts.push_back(forecast(6, 0.62));

    const auto slow = addNode(p, kSlowId, NodeStatus::NotAdmitted, 1, fast, "__global__ void slow() {}");
    p.node(slow).evaluation = success(0.6, {1500.0});

    const auto triton = addNode(p, kTritonId, NodeStatus::Evaluated, 1, fast, kTritonCode, kfx::KernelLanguage::Triton);
    p.node(triton).evaluation = success(2.31, {410.0, 420.0});
    p.node(triton).forecasts.push_back(forecast(6, 0.48));
    p.node(triton).selectionScore = 5.2;

    const auto huge = addNode(p, kHugeId, NodeStatus::Evaluated, 1, fast, "__global__ void huge() {}");
    p.node(huge).evaluation = success(10.5, {95.0});

    const auto broken = addNode(p, kBrokenId, NodeStatus::Failed, 0, seed, "__global__ void broken( {}");
    kfx::EvaluationOutcome compileError;
    compileError.kind = kfx::OutcomeKind::CompileFailed;
    compileError.message = "error: expected ')' before '{' token";
    p.node(broken).evaluation = compileError;
    p.node(broken).failureStage = kfx::FailureStage::Outcome;

    const auto evicted = addNode(p, kEvictedId, NodeStatus::Evicted, 0, seed, "__global__ void evicted() {}");
    p.node(evicted).evaluation = success(1.1, {700.0});
    p.node(evicted).everInArchive = true;

    const auto placeholder = p.nodeOrPlaceholder(kPlaceholderId, 12);
    const auto deferred = addNode(p, kDeferredId, NodeStatus::Deferred, 2, placeholder, "__global__ void later() {}");
    p.node(deferred).forecasts.push_back(forecast(3, 0.55));
    p.node(deferred).selectionScore = 1.5;

    p.archive = {seed, fast, triton, huge};
    for (auto index : p.archive)
        p.node(index).inArchive = p.node(index).everInArchive = true;
    return population;
}

} // namespace kfxtest
