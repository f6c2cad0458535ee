"""TriMul: AlphaFold3's outgoing triangle multiplicative update, in fp32 (spec §5.2).

x [bs, N, N, dim] -> LayerNorm(dim) -> left/right projections, masked, times sigmoid gates ->
out[b, i, j, d] = sum_k left[b, i, k, d] * right[b, j, k, d] -> LayerNorm(hidden) * sigmoid out-gate -> to_out.
"""

import math

import torch
from torch import nn

from task import input_t, output_t
from utils import DisableCuDNNTF32, device, generator, make_match_reference

PROJECTIONS = ("left_proj", "right_proj", "left_gate", "right_gate", "out_gate")


class TriMul(nn.Module):
    def __init__(self, dim: int, hidden_dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        for name in PROJECTIONS:
            setattr(self, name, nn.Linear(dim, hidden_dim, bias=False))
        self.to_out_norm = nn.LayerNorm(hidden_dim)
        self.to_out = nn.Linear(hidden_dim, dim, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = self.norm(x)
        mask = mask.unsqueeze(-1)
        left = self.left_proj(x) * mask * self.left_gate(x).sigmoid()
        right = self.right_proj(x) * mask * self.right_gate(x).sigmoid()
        out = torch.einsum("... i k d, ... j k d -> ... i j d", left, right)
        return self.to_out(self.to_out_norm(out) * self.out_gate(x).sigmoid())


def ref_kernel(data: input_t) -> output_t:
    # The module is built per call, as in the paper's pack: its construction is part of the timed reference.
    x, mask, weights, config = data
    with DisableCuDNNTF32():
        module = TriMul(config["dim"], config["hidden_dim"]).to(x.device)
        module.load_state_dict(weights)
        return module(x, mask)


def generate_input(seqlen: int, bs: int, dim: int, hiddendim: int, seed: int, nomask: bool, distribution: str):
    gen = generator(seed)
    on = dict(device=device(), dtype=torch.float32, generator=gen)
    shape = (bs, seqlen, seqlen, dim)
    if distribution == "cauchy":
        # A heavy-tailed input (scale 2) by inverse transform sampling: 2 tan(pi (u - 1/2)).
        x = 2.0 * torch.tan(math.pi * (torch.rand(shape, **on) - 0.5))
    elif distribution == "normal":
        x = torch.randn(shape, **on)
    else:
        raise ValueError(f"unknown distribution {distribution!r} (normal or cauchy)")
    # The dtypes follow GPU MODE's TriMul, which published kernels were written against: fp32 ones without a mask,
    # int64 zeros and ones with one.
    if nomask:
        mask = torch.ones(bs, seqlen, seqlen, device=device())
    else:
        mask = torch.randint(0, 2, (bs, seqlen, seqlen), device=device(), generator=gen)

    def scaled(rows: int, cols: int, fan: int) -> torch.Tensor:
        return torch.randn(rows, cols, **on) / math.sqrt(fan)

    weights = {"norm.weight": torch.randn(dim, **on), "norm.bias": torch.randn(dim, **on)}
    for name in PROJECTIONS:
        weights[f"{name}.weight"] = scaled(hiddendim, dim, hiddendim)
    weights["to_out_norm.weight"] = torch.randn(hiddendim, **on)
    weights["to_out_norm.bias"] = torch.randn(hiddendim, **on)
    weights["to_out.weight"] = scaled(dim, hiddendim, dim)
    return x.contiguous(), mask, weights, {"dim": dim, "hidden_dim": hiddendim}


check_implementation = make_match_reference(ref_kernel, rtol=2e-2, atol=2e-2)
