"""Gated DeltaNet's WY transform (spec §5.2), per 64-token chunk: u = A @ (v * beta), w = A @ (k * beta * exp(g))."""

import gdn
from task import input_t, output_t
from utils import make_match_reference


def generate_input(B: int, T: int, H: int, K: int, V: int, seed: int) -> input_t:
    base = gdn.base_inputs(B, T, H, K, V, seed)
    A = gdn.wy_matrix(base["k"], base["beta"], base["g_cumsum"])
    return tuple(t.contiguous() for t in (base["k"], base["v"], base["beta"], A, base["g_cumsum"]))


def ref_kernel(data: input_t) -> output_t:
    k, v, beta, A, g_cumsum = data
    return gdn.recompute_w_u(k, v, beta, A, g_cumsum)


check_implementation = make_match_reference(ref_kernel, rtol=1e-3, atol=1e-3, names=("w", "u"))
