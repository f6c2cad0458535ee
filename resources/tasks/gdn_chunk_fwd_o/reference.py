"""Gated DeltaNet's chunk output (spec §5.2), all chunks at once:
o = (q @ h * exp(g) + (q @ k^T * exp(g_i - g_j) * causal) @ v_new) * K^-0.5, causal meaning j <= i."""

import torch

import gdn
from task import input_t, output_t
from utils import make_match_reference


def generate_input(B: int, T: int, H: int, K: int, V: int, seed: int) -> input_t:
    base = gdn.base_inputs(B, T, H, K, V, seed, with_q=True)
    k, g_cumsum = base["k"], base["g_cumsum"]
    A = gdn.wy_matrix(k, base["beta"], g_cumsum)
    w, u = gdn.recompute_w_u(k, base["v"], base["beta"], A, g_cumsum)
    h, v_new = gdn.chunk_fwd_h(k, w, u, g_cumsum)
    return base["q"].contiguous(), k.contiguous(), v_new.contiguous(), h.contiguous(), g_cumsum.contiguous()


def ref_kernel(data: input_t) -> output_t:
    q, k, v_new, h, g_cumsum = data
    q_c, k_c, v_c, g_c = gdn.chunked(q), gdn.chunked(k), gdn.chunked(v_new), gdn.chunked(g_cumsum)
    causal = torch.ones(gdn.CHUNK, gdn.CHUNK, dtype=torch.bool, device=q.device).tril()
    # Masked before exp: above the diagonal g_i - g_j >= 0 can be large, and inf * 0 would be NaN.
    decay = torch.exp((g_c.unsqueeze(-1) - g_c.unsqueeze(-2)).masked_fill(~causal, float("-inf")))
    inter = (q_c @ h) * torch.exp(g_c).unsqueeze(-1)
    intra = ((q_c @ k_c.transpose(-1, -2)) * decay) @ v_c
    return gdn.unchunked((inter + intra) * q.shape[-1] ** -0.5)


check_implementation = make_match_reference(ref_kernel, rtol=1e-3, atol=1e-3, names=("o",))
