"""The chunk_fwd_h search's seed (spec §5.2): a pure-PyTorch chunked recurrence, one step per 64-token chunk,
on [B, H, NT, C, *] views."""

import torch

from task import input_t, output_t

C = 64


def custom_kernel(data: input_t) -> output_t:
    k, w, u, g = data
    B, T, H, K = k.shape
    V = u.shape[-1]
    NT = T // C
    # [B, T, H, X] -> [B, H, NT, C, X]
    k_c = k.reshape(B, NT, C, H, K).permute(0, 3, 1, 2, 4)
    w_c = w.reshape(B, NT, C, H, K).permute(0, 3, 1, 2, 4)
    u_c = u.reshape(B, NT, C, H, V).permute(0, 3, 1, 2, 4)
    g_c = g.reshape(B, NT, C, H).permute(0, 3, 1, 2)
    h_all = torch.empty(B, H, NT, K, V, dtype=torch.float32, device=k.device)
    v_new = torch.empty(B, H, NT, C, V, dtype=torch.float32, device=k.device)
    h = torch.zeros(B, H, K, V, dtype=torch.float32, device=k.device)
    for c in range(NT):
        h_all[:, :, c] = h
        v_new[:, :, c] = u_c[:, :, c] - torch.matmul(w_c[:, :, c], h)
        g_chunk = g_c[:, :, c]
        g_end = g_chunk[..., -1]
        decayed = v_new[:, :, c] * torch.exp(g_end.unsqueeze(-1) - g_chunk).unsqueeze(-1)
        h = h * torch.exp(g_end)[..., None, None] + torch.matmul(k_c[:, :, c].transpose(-1, -2), decayed)
    return h_all.permute(0, 2, 1, 3, 4).contiguous(), v_new.permute(0, 2, 3, 1, 4).reshape(B, T, H, V)
