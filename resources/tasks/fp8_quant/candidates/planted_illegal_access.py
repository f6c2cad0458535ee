"""Planted fault (not a real candidate): a load_inline kernel that writes 2^36 floats past x_q's end. The launch
succeeds; the illegal address surfaces at the next synchronisation and leaves the CUDA context unusable, so the
harness must report one runtime_error (sticky) and the worker must carry on with a fresh process."""

import torch
from torch.utils.cpp_extension import load_inline

from task import input_t, output_t

CUDA_SOURCE = r"""
#include <cuda_runtime.h>
#include <cstdint>

__global__ void write_far_away(float* q)
{
    q[(1LL << 36) + threadIdx.x] = 1.0f;
}

int launch_far_write(std::int64_t q, std::int64_t stream)
{
    write_far_away<<<1, 32, 0, reinterpret_cast<cudaStream_t>(stream)>>>(reinterpret_cast<float*>(q));
    return static_cast<int>(cudaGetLastError());
}
"""

CPP_SOURCE = "#include <cstdint>\nint launch_far_write(std::int64_t q, std::int64_t stream);\n"

_extension = load_inline(name="kfx_planted_illegal_access", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                         functions=["launch_far_write"], verbose=False)


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    _extension.launch_far_write(x_q.data_ptr(), torch.cuda.current_stream().cuda_stream)
    torch.cuda.synchronize()
    return x_q, x_s
