"""Gated DeltaNet's inter-chunk recurrence (spec §5.2), a Python loop over the NT = T / 64 chunks:
h_all[:, c] = h; v_new = u - w @ h; h = h * exp(g_last) + k^T @ (v_new * exp(g_last - g))."""

import gdn
from task import input_t, output_t
from utils import make_match_reference


def generate_input(B: int, T: int, H: int, K: int, V: int, seed: int) -> input_t:
    base = gdn.base_inputs(B, T, H, K, V, seed)
    A = gdn.wy_matrix(base["k"], base["beta"], base["g_cumsum"])
    w, u = gdn.recompute_w_u(base["k"], base["v"], base["beta"], A, base["g_cumsum"])
    return base["k"].contiguous(), w.contiguous(), u.contiguous(), base["g_cumsum"].contiguous()


def ref_kernel(data: input_t) -> output_t:
    k, w, u, g_cumsum = data
    return gdn.chunk_fwd_h(k, w, u, g_cumsum)


check_implementation = make_match_reference(ref_kernel, rtol=1e-3, atol=1e-3, names=("h_all", "v_new"))
