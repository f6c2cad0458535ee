"""gdn_chunk_fwd_o: one Triton program per (chunk, batch x head, {{BLOCK_V}} output columns): each recomputes the
chunk's gated causal scores and writes its column tile of o; more, smaller programs than one per chunk.
{{PRECISION}} precision, {{NUM_WARPS}} warps."""

try:
    import triton
    import triton.language as tl
except ImportError as error:
    raise ImportError(f"this candidate needs Triton ({error})") from error

import torch

from task import input_t, output_t

PRECISION = "{{PRECISION}}"
BLOCK_V = {{BLOCK_V}}
CHUNK = 64


@triton.jit
def _chunk_o_tile(q_ptr, k_ptr, v_ptr, h_ptr, g_ptr, o_ptr, T, H, NT, scale, K: tl.constexpr, V: tl.constexpr,
                  C: tl.constexpr, BLOCK_V: tl.constexpr, PRECISION: tl.constexpr):
    chunk, bh, tile = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    b, head = bh // H, bh % H
    steps = tl.arange(0, C)
    rows = ((b * T + chunk * C + steps) * H + head).to(tl.int64)  # row of each token in [B, T, H, *]
    ks = tl.arange(0, K)
    vs = tile * BLOCK_V + tl.arange(0, BLOCK_V)
    q = tl.load(q_ptr + rows[:, None] * K + ks[None, :])
    g = tl.load(g_ptr + rows)
    scores = tl.dot(q, tl.trans(tl.load(k_ptr + rows[:, None] * K + ks[None, :])), input_precision=PRECISION)
    causal = steps[:, None] >= steps[None, :]
    scores = tl.where(causal, scores * tl.exp(g[:, None] - g[None, :]), 0.0)
    state = ((b * NT + chunk) * H + head).to(tl.int64) * K * V
    h = tl.load(h_ptr + state + ks[:, None] * V + vs[None, :])
    o = tl.dot(q, h, input_precision=PRECISION) * tl.exp(g)[:, None]
    o = tl.dot(scores, tl.load(v_ptr + rows[:, None] * V + vs[None, :]), o, input_precision=PRECISION)
    tl.store(o_ptr + rows[:, None] * V + vs[None, :], o * scale)


def custom_kernel(data: input_t) -> output_t:
    q, k, v_new, h, g = (t.contiguous() for t in data)
    B, T, H, K = q.shape
    V = v_new.shape[-1]
    NT = T // CHUNK
    block_v = min(BLOCK_V, V)
    if V % block_v:
        raise ValueError(f"V={V} is not a multiple of the {block_v}-column tile")
    o = torch.empty(B, T, H, V, dtype=torch.float32, device=q.device)
    _chunk_o_tile[(NT, B * H, V // block_v)](q, k, v_new, h, g, o, T, H, NT, K**-0.5, K=K, V=V, C=CHUNK,
                                             BLOCK_V=block_v, PRECISION=PRECISION, num_warps={{NUM_WARPS}})
    return o
