"""fp8_quant candidate: CUDA C++ through load_inline, one block of 128 threads per token row; each warp walks
the row's groups, loading and storing four floats at a time (float4), group_size 128 = one float4 per lane."""

import torch
from torch.utils.cpp_extension import load_inline

from task import input_t, output_t

CUDA_SOURCE = r"""
#include <cuda_runtime.h>
#include <cstdint>

__global__ void quantise_rows(const float4* __restrict__ x, float4* __restrict__ q, float* __restrict__ s,
                              int groups_per_row)
{
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
    const long long row = blockIdx.x;
    for (int g = warp; g < groups_per_row; g += warps) {
        const long long group = row * groups_per_row + g;
        const float4 v = x[group * 32 + lane];  // 32 lanes x 4 floats = one group of 128
        float absmax = fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w)));
        for (int offset = 16; offset > 0; offset /= 2)
            absmax = fmaxf(absmax, __shfl_xor_sync(0xffffffffu, absmax, offset));
        const float scale = fmaxf(absmax, 1e-10f) / 448.0f;
        float4 out;
        out.x = fminf(fmaxf(v.x / scale, -448.0f), 448.0f);
        out.y = fminf(fmaxf(v.y / scale, -448.0f), 448.0f);
        out.z = fminf(fmaxf(v.z / scale, -448.0f), 448.0f);
        out.w = fminf(fmaxf(v.w / scale, -448.0f), 448.0f);
        q[group * 32 + lane] = out;
        if (lane == 0)
            s[group] = scale;
    }
}

int launch_rows(std::int64_t x, std::int64_t q, std::int64_t s, std::int64_t rows, std::int64_t groups_per_row,
                std::int64_t stream)
{
    quantise_rows<<<static_cast<unsigned>(rows), 128, 0, reinterpret_cast<cudaStream_t>(stream)>>>(
        reinterpret_cast<const float4*>(x), reinterpret_cast<float4*>(q), reinterpret_cast<float*>(s),
        static_cast<int>(groups_per_row));
    return static_cast<int>(cudaGetLastError());
}
"""

CPP_SOURCE = r"""
#include <cstdint>
int launch_rows(std::int64_t x, std::int64_t q, std::int64_t s, std::int64_t rows, std::int64_t groups_per_row,
                std::int64_t stream);
"""

_extension = load_inline(name="kfx_fp8_vectorised_rows", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                         functions=["launch_rows"], extra_cuda_cflags=["-O3"], verbose=False)


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    rows, groups_per_row = x_s.shape
    if x.shape[1] != groups_per_row * 128:
        raise ValueError(f"this kernel handles group_size 128 only, not {x.shape[1] // groups_per_row}")
    for tensor in (x, x_q):
        if not (tensor.is_cuda and tensor.is_contiguous() and tensor.data_ptr() % 16 == 0):
            raise ValueError("expects contiguous, 16-byte aligned CUDA tensors")
    status = _extension.launch_rows(x.data_ptr(), x_q.data_ptr(), x_s.data_ptr(), rows, groups_per_row,
                                    torch.cuda.current_stream().cuda_stream)
    if status:
        raise RuntimeError(f"kernel launch failed with cudaError {status}")
    return x_q, x_s
