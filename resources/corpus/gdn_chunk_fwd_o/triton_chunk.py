"""gdn_chunk_fwd_o: one Triton program per (chunk, batch x head): loads the chunk's q, k, v_new [64 x 64], its state
h [K x V] and gates once, and computes o = (q h e^g + (q k^T e^(g_i - g_j))_causal v) K^-1/2 with three tl.dot in
{{PRECISION}} precision ({{NUM_WARPS}} warps). Plain TF32 (10-bit mantissas) stayed within half the 1e-3 tolerance
in a CPU emulation of its rounding."""

try:
    import triton
    import triton.language as tl
except ImportError as error:
    raise ImportError(f"this candidate needs Triton ({error})") from error

import torch

from task import input_t, output_t

PRECISION = "{{PRECISION}}"
CHUNK = 64


@triton.jit
def _chunk_o(q_ptr, k_ptr, v_ptr, h_ptr, g_ptr, o_ptr, T, H, NT, scale, K: tl.constexpr, V: tl.constexpr,
             C: tl.constexpr, PRECISION: tl.constexpr):
    chunk, bh = tl.program_id(0), tl.program_id(1)
    b, head = bh // H, bh % H
    steps = tl.arange(0, C)
    rows = ((b * T + chunk * C + steps) * H + head).to(tl.int64)  # row of each token in [B, T, H, *]
    ks, vs = tl.arange(0, K), tl.arange(0, V)
    q = tl.load(q_ptr + rows[:, None] * K + ks[None, :])
    k = tl.load(k_ptr + rows[:, None] * K + ks[None, :])
    v = tl.load(v_ptr + rows[:, None] * V + vs[None, :])
    g = tl.load(g_ptr + rows)
    state = ((b * NT + chunk) * H + head).to(tl.int64) * K * V
    h = tl.load(h_ptr + state + ks[:, None] * V + vs[None, :])
    inter = tl.dot(q, h, input_precision=PRECISION) * tl.exp(g)[:, None]
    scores = tl.dot(q, tl.trans(k), input_precision=PRECISION)
    causal = steps[:, None] >= steps[None, :]
    scores = tl.where(causal, scores * tl.exp(g[:, None] - g[None, :]), 0.0)
    o = {{ACCUMULATE}}
    tl.store(o_ptr + rows[:, None] * V + vs[None, :], o * scale)


def custom_kernel(data: input_t) -> output_t:
    q, k, v_new, h, g = (t.contiguous() for t in data)
    B, T, H, K = q.shape
    V = v_new.shape[-1]
    NT = T // CHUNK
    o = torch.empty(B, T, H, V, dtype=torch.float32, device=q.device)
    _chunk_o[(NT, B * H)](q, k, v_new, h, g, o, T, H, NT, K**-0.5, K=K, V=V, C=CHUNK, PRECISION=PRECISION,
                          num_warps={{NUM_WARPS}})
    return o
