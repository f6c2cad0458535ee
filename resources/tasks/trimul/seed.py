"""The TriMul search's seed (spec §5.2): the reference module, but with the triangle einsum in bf16.
It is not bit-identical to the fp32 reference; it passes the 2e-2 tolerance."""

import torch
from torch import nn

from task import input_t, output_t


def bf16_matmul(left: torch.Tensor, right: torch.Tensor) -> torch.Tensor:
    """A bf16 matmul with the arithmetic of the GPU's tensor cores on every device: products of bf16 values summed
    in fp32, the sum rounded once to bf16. On the CPU, torch's bf16 matmul sums in fp32 only where oneDNN has
    AVX-512 BF16; elsewhere (AVX2) its fallback rounds more often, and about 1 % of the robust protocol's cauchy
    rechecks then miss the 2e-2 tolerance. Spelled out in fp32 there, the seed fails no check on any x86-64."""
    if left.is_cuda:
        return torch.matmul(left, right)
    return torch.matmul(left.float(), right.float()).to(torch.bfloat16)


class TriMulBf16(nn.Module):
    def __init__(self, dim: int, hidden_dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.left_proj = nn.Linear(dim, hidden_dim, bias=False)
        self.right_proj = nn.Linear(dim, hidden_dim, bias=False)
        self.left_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.right_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.out_gate = nn.Linear(dim, hidden_dim, bias=False)
        self.to_out_norm = nn.LayerNorm(hidden_dim)
        self.to_out = nn.Linear(hidden_dim, dim, bias=False)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        x = self.norm(x)
        mask = mask.unsqueeze(-1)
        left = self.left_proj(x) * mask * torch.sigmoid(self.left_gate(x))
        right = self.right_proj(x) * mask * torch.sigmoid(self.right_gate(x))
        # [b, i, k, d] x [b, j, k, d] -> [b, i, j, d] as a batched matmul over (b, d), in bf16.
        left_t = left.permute(0, 3, 1, 2).to(torch.bfloat16)
        right_t = right.permute(0, 3, 2, 1).to(torch.bfloat16)
        out = bf16_matmul(left_t, right_t).permute(0, 2, 3, 1).float()
        return self.to_out(self.to_out_norm(out) * torch.sigmoid(self.out_gate(x)))


def custom_kernel(data: input_t) -> output_t:
    x, mask, weights, config = data
    module = TriMulBf16(config["dim"], config["hidden_dim"]).to(x.device)
    module.load_state_dict(weights)
    with torch.no_grad():
        return module(x, mask)
