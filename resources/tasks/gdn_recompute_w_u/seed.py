"""The recompute_w_u search's seed (spec §5.2): the reference computation itself, in PyTorch."""

import torch

from task import input_t, output_t

C = 64


def custom_kernel(data: input_t) -> output_t:
    k, v, beta, A, g = data
    B, T, H, K = k.shape
    V = v.shape[-1]
    NT = T // C

    def chunks(x: torch.Tensor) -> torch.Tensor:  # [B, T, H, *] -> [B, NT, H, C, *]
        return x.reshape(B, NT, C, H, *x.shape[3:]).transpose(2, 3)

    A_c, beta_c = chunks(A), chunks(beta).unsqueeze(-1)
    u = A_c @ (chunks(v) * beta_c)
    w = A_c @ (chunks(k) * beta_c * torch.exp(chunks(g)).unsqueeze(-1))
    return w.transpose(2, 3).reshape(B, T, H, K), u.transpose(2, 3).reshape(B, T, H, V)
