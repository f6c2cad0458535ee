"""gdn_chunk_fwd_o candidate: the same one-program-per-(chunk, batch x head) fusion as triton_chunk_ieee.py, but
its three products run on tensor cores as 3xTF32 (input_precision "tf32x3": each fp32 operand split into a
TF32 high and low part, three TF32 products), close to fp32 accuracy at tensor-core speed, with 8 warps."""

try:
    import triton
    import triton.language as tl
except ImportError as error:
    raise ImportError(f"this candidate needs Triton ({error})") from error

import torch

from task import input_t, output_t

CHUNK = 64


@triton.jit
def _chunk_o_tf32x3(q_ptr, k_ptr, v_ptr, h_ptr, g_ptr, o_ptr, T, H, NT, scale, K: tl.constexpr, V: tl.constexpr,
                    C: tl.constexpr):
    chunk, bh = tl.program_id(0), tl.program_id(1)
    b, head = bh // H, bh % H
    steps = tl.arange(0, C)
    rows = ((b * T + chunk * C + steps) * H + head).to(tl.int64)
    ks, vs = tl.arange(0, K), tl.arange(0, V)
    q = tl.load(q_ptr + rows[:, None] * K + ks[None, :])
    g = tl.load(g_ptr + rows)
    scores = tl.dot(q, tl.trans(tl.load(k_ptr + rows[:, None] * K + ks[None, :])), input_precision="tf32x3")
    causal = steps[:, None] >= steps[None, :]
    scores = tl.where(causal, scores * tl.exp(g[:, None] - g[None, :]), 0.0)
    state = ((b * NT + chunk) * H + head).to(tl.int64) * K * V
    h = tl.load(h_ptr + state + ks[:, None] * V + vs[None, :])
    o = tl.dot(q, h, input_precision="tf32x3") * tl.exp(g)[:, None]
    o = tl.dot(scores, tl.load(v_ptr + rows[:, None] * V + vs[None, :]), o, input_precision="tf32x3")
    tl.store(o_ptr + rows[:, None] * V + vs[None, :], o * scale)


def custom_kernel(data: input_t) -> output_t:
    q, k, v_new, h, g = (t.contiguous() for t in data)
    B, T, H, K = q.shape
    V = v_new.shape[-1]
    NT = T // CHUNK
    o = torch.empty(B, T, H, V, dtype=torch.float32, device=q.device)
    _chunk_o_tf32x3[(NT, B * H)](q, k, v_new, h, g, o, T, H, NT, K**-0.5, K=K, V=V, C=CHUNK, num_warps=8)
    return o
