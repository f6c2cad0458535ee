"""Per-group fp8 (e4m3) quantisation scales and values, kept in fp32 (spec §5.2).

For each token and each group of `group_size` consecutive features: scale = max(absmax, 1e-10) / 448,
x_q = clamp(x / scale, -448, 448). Results go into the preallocated buffers x_q and x_s, which are returned.
"""

import torch

from task import input_t, output_t
from utils import device, generator, match_reference

FP8_E4M3_MAX = 448.0
ABSMAX_FLOOR = 1e-10


def generate_input(num_tokens: int, hidden_dim: int, group_size: int, seed: int) -> input_t:
    if hidden_dim % group_size:
        raise ValueError(f"hidden_dim={hidden_dim} is not a multiple of group_size={group_size}")
    x = torch.randn(num_tokens, hidden_dim, device=device(), generator=generator(seed))
    # Uninitialised on purpose, as in the pack: a kernel must write every element.
    x_q = torch.empty(num_tokens, hidden_dim, device=device())
    x_s = torch.empty(num_tokens, hidden_dim // group_size, device=device())
    return x, x_q, x_s


def ref_kernel(data: input_t) -> output_t:
    x, x_q, x_s = data
    tokens, groups = x_s.shape
    grouped = x.float().reshape(tokens, groups, -1)
    scale = grouped.abs().amax(dim=-1).clamp(min=ABSMAX_FLOOR) / FP8_E4M3_MAX
    quantised = (grouped / scale.unsqueeze(-1)).clamp(-FP8_E4M3_MAX, FP8_E4M3_MAX)
    x_q[...] = quantised.reshape(x.shape)
    x_s[...] = scale
    return x_q, x_s


def _fresh_reference(data: input_t) -> output_t:
    x, x_q, x_s = data
    return ref_kernel((x, torch.empty_like(x_q), torch.empty_like(x_s)))


def check_implementation(data: input_t, output: output_t):
    """Against a fresh recomputation into new buffers: allclose rtol=atol=1e-3 on x_q and x_s."""
    return match_reference(data, output, _fresh_reference, rtol=1e-3, atol=1e-3, names=("x_q", "x_s"))
