"""Planted fault (not a real candidate): a kernel that spins on a flag nobody sets, so the first
synchronisation never returns. The harness has no timeout of its own: the worker must kill the process group
and report a runtime_error "timeout"."""

import torch
from torch.utils.cpp_extension import load_inline

from task import input_t, output_t

CUDA_SOURCE = r"""
#include <cuda_runtime.h>
#include <cstdint>

__global__ void spin_forever(const volatile int* flag)
{
    while (*flag == 0) {
    }
}

int launch_spin(std::int64_t flag, std::int64_t stream)
{
    spin_forever<<<1, 1, 0, reinterpret_cast<cudaStream_t>(stream)>>>(reinterpret_cast<const volatile int*>(flag));
    return static_cast<int>(cudaGetLastError());
}
"""

CPP_SOURCE = "#include <cstdint>\nint launch_spin(std::int64_t flag, std::int64_t stream);\n"

_extension = load_inline(name="kfx_planted_hang", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                         functions=["launch_spin"], verbose=False)


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    flag = torch.zeros(1, dtype=torch.int32, device=x.device)
    _extension.launch_spin(flag.data_ptr(), torch.cuda.current_stream().cuda_stream)
    torch.cuda.synchronize()
    return x_q, x_s
