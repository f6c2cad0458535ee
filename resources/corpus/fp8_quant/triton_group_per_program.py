"""fp8_quant: one Triton program per quantisation group (a contiguous run of group_size floats), one pass over x:
absmax, scale, quantised values; {{NUM_WARPS}} warps per program."""

try:
    import triton
    import triton.language as tl
except ImportError as error:
    raise ImportError(f"this candidate needs Triton ({error})") from error

from task import input_t, output_t


@triton.jit
def _quantise_group(x_ptr, q_ptr, s_ptr, GROUP: tl.constexpr):
    group = tl.program_id(0)
    offsets = group.to(tl.int64) * GROUP + tl.arange(0, GROUP)
    x = tl.load(x_ptr + offsets)
    scale = tl.maximum(tl.max(tl.abs(x), axis=0), 1e-10) / 448.0
    tl.store(q_ptr + offsets, tl.minimum(tl.maximum(x / scale, -448.0), 448.0))
    tl.store(s_ptr + group, scale)


def custom_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    groups = x_s.numel()
    group_size = x.numel() // groups
    if group_size & (group_size - 1):
        raise ValueError(f"group_size {group_size} is not a power of two")
    _quantise_group[(groups,)](x, x_q, x_s, GROUP=group_size, num_warps={{NUM_WARPS}})
    return x_q, x_s
