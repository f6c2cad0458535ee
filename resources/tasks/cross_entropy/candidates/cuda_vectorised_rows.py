"""cross_entropy candidate: CUDA C++ through load_inline, one block of 256 threads per row reading and writing
eight bf16 at a time (16-byte uint4 accesses; the task guarantees V % 8 == 0). Each thread folds its eight
values into one (max, exp-sum) pair before the online merge, halving the exp work of a naive online softmax."""

import torch
from torch.utils.cpp_extension import load_inline

from task import input_t, output_t

CUDA_SOURCE = r"""
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cstdint>

namespace {

constexpr int kThreads = 256;

union Pack {
    uint4 raw;
    __nv_bfloat162 pairs[4];
};

__device__ void merge(float& m, float& s, float other_m, float other_s)
{
    const float top = fmaxf(m, other_m);
    if (top == -INFINITY)
        return;
    s = s * __expf(m - top) + other_s * __expf(other_m - top);
    m = top;
}

__device__ float block_logsumexp(float m, float s)
{
    __shared__ float maxima[kThreads / 32], sums[kThreads / 32];
    __shared__ float result;
    for (int offset = 16; offset > 0; offset /= 2)
        merge(m, s, __shfl_xor_sync(0xffffffffu, m, offset), __shfl_xor_sync(0xffffffffu, s, offset));
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0) {
        maxima[warp] = m;
        sums[warp] = s;
    }
    __syncthreads();
    if (warp == 0) {
        m = lane < kThreads / 32 ? maxima[lane] : -INFINITY;
        s = lane < kThreads / 32 ? sums[lane] : 0.0f;
        for (int offset = 16; offset > 0; offset /= 2)
            merge(m, s, __shfl_xor_sync(0xffffffffu, m, offset), __shfl_xor_sync(0xffffffffu, s, offset));
        if (lane == 0)
            result = m + logf(s);
    }
    __syncthreads();
    return result;
}

__global__ void cross_entropy_vectorised(const uint4* __restrict__ logits, const std::int64_t* __restrict__ targets,
                                         const float* __restrict__ grad_output, float* __restrict__ losses,
                                         uint4* __restrict__ grad, int packs_per_row)
{
    const long long row = blockIdx.x;
    const uint4* x = logits + row * packs_per_row;
    float m = -INFINITY, s = 0.0f;
    for (int p = threadIdx.x; p < packs_per_row; p += kThreads) {
        Pack pack;
        pack.raw = x[p];
        float values[8];
        float local_max = -INFINITY;
        for (int j = 0; j < 4; ++j) {
            const float2 pair = __bfloat1622float2(pack.pairs[j]);
            values[2 * j] = pair.x;
            values[2 * j + 1] = pair.y;
            local_max = fmaxf(local_max, fmaxf(pair.x, pair.y));
        }
        float local_sum = 0.0f;
        for (int j = 0; j < 8; ++j)
            local_sum += __expf(values[j] - local_max);
        merge(m, s, local_max, local_sum);
    }
    const float lse = block_logsumexp(m, s);
    const std::int64_t target = targets[row];
    const float scale = grad_output[row];
    if (threadIdx.x == 0) {
        const __nv_bfloat16* scalars = reinterpret_cast<const __nv_bfloat16*>(x);
        losses[row] = lse - __bfloat162float(scalars[target]);
    }
    uint4* g = grad + row * packs_per_row;
    for (int p = threadIdx.x; p < packs_per_row; p += kThreads) {
        Pack in, out;
        in.raw = x[p];
        for (int j = 0; j < 4; ++j) {
            const float2 pair = __bfloat1622float2(in.pairs[j]);
            const long long column = 8LL * p + 2 * j;
            const float first = (__expf(pair.x - lse) - (column == target ? 1.0f : 0.0f)) * scale;
            const float second = (__expf(pair.y - lse) - (column + 1 == target ? 1.0f : 0.0f)) * scale;
            out.pairs[j] = __floats2bfloat162_rn(first, second);
        }
        g[p] = out.raw;
    }
}

}  // namespace

int launch_cross_entropy(std::int64_t logits, std::int64_t targets, std::int64_t grad_output, std::int64_t losses,
                         std::int64_t grad, std::int64_t rows, std::int64_t V, std::int64_t stream)
{
    cross_entropy_vectorised<<<static_cast<unsigned>(rows), kThreads, 0, reinterpret_cast<cudaStream_t>(stream)>>>(
        reinterpret_cast<const uint4*>(logits), reinterpret_cast<const std::int64_t*>(targets),
        reinterpret_cast<const float*>(grad_output), reinterpret_cast<float*>(losses), reinterpret_cast<uint4*>(grad),
        static_cast<int>(V / 8));
    return static_cast<int>(cudaGetLastError());
}
"""

CPP_SOURCE = r"""
#include <cstdint>
int launch_cross_entropy(std::int64_t logits, std::int64_t targets, std::int64_t grad_output, std::int64_t losses,
                         std::int64_t grad, std::int64_t rows, std::int64_t V, std::int64_t stream);
"""

_extension = load_inline(name="kfx_ce_vectorised_rows", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                         functions=["launch_cross_entropy"], extra_cuda_cflags=["-O3"], verbose=False)


def custom_kernel(data: input_t) -> output_t:
    logits, targets, grad_output = (t.contiguous() for t in data)
    B, V = logits.shape
    if V % 8 or logits.data_ptr() % 16:
        raise ValueError(f"needs V % 8 == 0 and 16-byte aligned logits (V = {V})")
    losses = torch.empty(B, dtype=torch.float32, device=logits.device)
    grad = torch.empty_like(logits)
    status = _extension.launch_cross_entropy(logits.data_ptr(), targets.data_ptr(), grad_output.data_ptr(),
                                             losses.data_ptr(), grad.data_ptr(), B, V,
                                             torch.cuda.current_stream().cuda_stream)
    if status:
        raise RuntimeError(f"kernel launch failed with cudaError {status}")
    return losses, grad
