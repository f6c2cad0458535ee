"""gdn_chunk_fwd_o: the reference computation in a Python loop over {{CHUNKS_PER_STEP}} chunks and
{{HEADS_PER_STEP}} heads at a time, each step's output written into a preallocated o."""

import torch

from task import input_t, output_t

C = 64
CHUNKS_PER_STEP = {{CHUNKS_PER_STEP}}
HEADS_PER_STEP = {{HEADS_PER_STEP}}


def custom_kernel(data: input_t) -> output_t:
    q, k, v_new, h, g = data
    B, T, H, K = q.shape
    V = v_new.shape[-1]
    NT = T // C
    o = torch.empty(B, T, H, V, dtype=torch.float32, device=q.device)
    causal = torch.ones(C, C, dtype=torch.bool, device=q.device).tril()
    for c0 in range(0, NT, CHUNKS_PER_STEP):
        c1 = min(c0 + CHUNKS_PER_STEP, NT)
        t0, t1 = c0 * C, c1 * C
        for h0 in range(0, H, HEADS_PER_STEP):
            h1 = min(h0 + HEADS_PER_STEP, H)
            n, heads = c1 - c0, h1 - h0
            # [B, n * C, heads, X] -> [B, n, heads, C, X]
            q_c = q[:, t0:t1, h0:h1].reshape(B, n, C, heads, K).transpose(2, 3)
            k_c = k[:, t0:t1, h0:h1].reshape(B, n, C, heads, K).transpose(2, 3)
            v_c = v_new[:, t0:t1, h0:h1].reshape(B, n, C, heads, V).transpose(2, 3)
            g_c = g[:, t0:t1, h0:h1].reshape(B, n, C, heads).transpose(2, 3)
            decay = torch.exp((g_c.unsqueeze(-1) - g_c.unsqueeze(-2)).masked_fill(~causal, float("-inf")))
            part = (q_c @ h[:, c0:c1, h0:h1]) * torch.exp(g_c).unsqueeze(-1)
            part = part + ((q_c @ k_c.transpose(-1, -2)) * decay) @ v_c
            o[:, t0:t1, h0:h1] = (part * K**-0.5).transpose(2, 3).reshape(B, t1 - t0, heads, V)
    return o
