"""The chunk_fwd_o search's seed (spec §5.2): the reference computation itself, in PyTorch."""

import torch

from task import input_t, output_t

C = 64


def custom_kernel(data: input_t) -> output_t:
    q, k, v_new, h, g = data
    B, T, H, K = q.shape
    V = v_new.shape[-1]
    NT = T // C
    # [B, T, H, X] -> [B, NT, H, C, X]
    q_c = q.reshape(B, NT, C, H, K).transpose(2, 3)
    k_c = k.reshape(B, NT, C, H, K).transpose(2, 3)
    v_c = v_new.reshape(B, NT, C, H, V).transpose(2, 3)
    g_c = g.reshape(B, NT, C, H).transpose(2, 3)
    causal = torch.ones(C, C, dtype=torch.bool, device=q.device).tril()
    decay = torch.exp((g_c.unsqueeze(-1) - g_c.unsqueeze(-2)).masked_fill(~causal, float("-inf")))
    o = (q_c @ h) * torch.exp(g_c).unsqueeze(-1) + ((q_c @ k_c.transpose(-1, -2)) * decay) @ v_c
    return (o * K**-0.5).transpose(2, 3).reshape(B, T, H, V)
