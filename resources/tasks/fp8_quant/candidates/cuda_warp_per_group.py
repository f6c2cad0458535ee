"""fp8_quant candidate: CUDA C++ through load_inline, one warp per group: each lane takes every 32nd element,
the absmax is reduced with warp shuffles, then the lanes write their quantised values."""

import torch
from torch.utils.cpp_extension import load_inline

from task import input_t, output_t

# The kernel and its launcher include no torch header, so nvcc compiles them in seconds; the binding does.
CUDA_SOURCE = r"""
#include <cuda_runtime.h>
#include <cstdint>

__global__ void quantise_warp_per_group(const float* __restrict__ x, float* __restrict__ q, float* __restrict__ s,
                                        long long groups, int group_size)
{
    const long long group = (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    const int lane = threadIdx.x % 32;
    if (group >= groups)
        return;  // uniform across the warp: a warp never straddles two groups' bounds check
    const float* in = x + group * group_size;
    float absmax = 0.0f;
    for (int i = lane; i < group_size; i += 32)
        absmax = fmaxf(absmax, fabsf(in[i]));
    for (int offset = 16; offset > 0; offset /= 2)
        absmax = fmaxf(absmax, __shfl_xor_sync(0xffffffffu, absmax, offset));
    const float scale = fmaxf(absmax, 1e-10f) / 448.0f;
    float* out = q + group * group_size;
    for (int i = lane; i < group_size; i += 32)
        out[i] = fminf(fmaxf(in[i] / scale, -448.0f), 448.0f);
    if (lane == 0)
        s[group] = scale;
}

int launch_quantise(std::int64_t x, std::int64_t q, std::int64_t s, std::int64_t groups, std::int64_t group_size,
                    std::int64_t stream)
{
    const int threads = 256;
    const long long blocks = (groups * 32 + threads - 1) / threads;
    quantise_warp_per_group<<<static_cast<unsigned>(blocks), threads, 0, reinterpret_cast<cudaStream_t>(stream)>>>(
        reinterpret_cast<const float*>(x), reinterpret_cast<float*>(q), reinterpret_cast<float*>(s), groups,
        static_cast<int>(group_size));
    return static_cast<int>(cudaGetLastError());
}
"""

CPP_SOURCE = r"""
#include <cstdint>
int launch_quantise(std::int64_t x, std::int64_t q, std::int64_t s, std::int64_t groups, std::int64_t group_size,
                    std::int64_t stream);
"""

_extension = load_inline(name="kfx_fp8_warp_per_group", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                         functions=["launch_quantise"], extra_cuda_cflags=["-O3"], verbose=False)


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    if not (x.is_cuda and x.is_contiguous() and x_q.is_contiguous() and x_s.is_contiguous()):
        raise ValueError("expects contiguous CUDA tensors")
    groups = x_s.numel()
    status = _extension.launch_quantise(x.data_ptr(), x_q.data_ptr(), x_s.data_ptr(), groups, x.numel() // groups,
                                        torch.cuda.current_stream().cuda_stream)
    if status:
        raise RuntimeError(f"kernel launch failed with cudaError {status}")
    return x_q, x_s
