"""The Gated DeltaNet chunked forward pipeline that the three GDN tasks draw their inputs from (spec §5.2).

Layout: tokens [B, T, H, ...], chunks of C = 64 tokens, NT = T / C. Each task's generate_input runs the stages
before its own (eagerly, in fp32) so that its inputs are consistent with a real forward pass; each task's
reference.py then states its own stage in full.
"""

import torch
import torch.nn.functional as F

from utils import device

CHUNK = 64


def chunked(x: torch.Tensor) -> torch.Tensor:
    """[B, T, H, *rest] -> [B, NT, H, C, *rest]: one (batch, chunk, head) per leading index."""
    B, T, H = x.shape[:3]
    return x.float().reshape(B, T // CHUNK, CHUNK, H, *x.shape[3:]).transpose(2, 3)


def unchunked(x: torch.Tensor) -> torch.Tensor:
    """The inverse of chunked()."""
    B, NT, H, C = x.shape[:4]
    return x.transpose(2, 3).reshape(B, NT * C, H, *x.shape[4:])


def base_inputs(B: int, T: int, H: int, K: int, V: int, seed: int, with_q: bool = False) -> dict:
    """q (optional), unit-norm keys, values, beta in (0, 1) and the per-token log decay g <= 0, from the global
    generator seeded with `seed` (the GDN packs seed globally, spec §5.2)."""
    if T % CHUNK:
        raise ValueError(f"T={T} must be a multiple of the chunk size {CHUNK}")
    torch.manual_seed(seed)
    shape = dict(dtype=torch.float32, device=device())
    inputs = {}
    if with_q:
        inputs["q"] = torch.randn(B, T, H, K, **shape)
    inputs["k"] = F.normalize(torch.randn(B, T, H, K, **shape), p=2, dim=-1)
    inputs["v"] = torch.randn(B, T, H, V, **shape)
    inputs["beta"] = torch.sigmoid(torch.randn(B, T, H, **shape))
    g = F.logsigmoid(torch.randn(B, T, H, **shape))
    inputs["g_cumsum"] = unchunked(chunked(g).cumsum(dim=-1))
    return inputs


def wy_matrix(k: torch.Tensor, beta: torch.Tensor, g_cumsum: torch.Tensor) -> torch.Tensor:
    """A = (I + L)^-1 per chunk, L the strictly lower part of beta_i * exp(g_i - g_j) * k_i . k_j;
    returned as [B, T, H, C] (row t of its chunk's matrix)."""
    k_c, beta_c, g_c = chunked(k), chunked(beta), chunked(g_cumsum)
    strictly_lower = torch.ones(CHUNK, CHUNK, dtype=torch.bool, device=k.device).tril(-1)
    decay = torch.exp((g_c.unsqueeze(-1) - g_c.unsqueeze(-2)).masked_fill(~strictly_lower, 0.0))
    lower = (k_c @ k_c.transpose(-1, -2)) * beta_c.unsqueeze(-1) * decay * strictly_lower
    eye = torch.eye(CHUNK, device=k.device).expand_as(lower)
    return unchunked(torch.linalg.solve_triangular(eye + lower, eye, upper=False))


def recompute_w_u(k, v, beta, A, g_cumsum):
    """The WY transform: u = A @ (v * beta), w = A @ (k * beta * exp(g)), per chunk."""
    A_c, beta_c = chunked(A), chunked(beta).unsqueeze(-1)
    u = A_c @ (chunked(v) * beta_c)
    w = A_c @ (chunked(k) * beta_c * torch.exp(chunked(g_cumsum)).unsqueeze(-1))
    return unchunked(w), unchunked(u)


def chunk_fwd_h(k, w, u, g_cumsum):
    """The inter-chunk recurrence: the state entering each chunk and the corrected values v_new."""
    k_c, w_c, u_c, g_c = chunked(k), chunked(w), chunked(u), chunked(g_cumsum)
    B, NT, H, C, K = k_c.shape
    V = u_c.shape[-1]
    state = torch.zeros(B, H, K, V, dtype=torch.float32, device=k.device)
    states, v_new = [], []
    for c in range(NT):
        states.append(state)
        corrected = u_c[:, c] - w_c[:, c] @ state
        v_new.append(corrected)
        g_last = g_c[:, c, :, -1:]
        gated = corrected * torch.exp(g_last - g_c[:, c]).unsqueeze(-1)
        state = state * torch.exp(g_last).unsqueeze(-1) + k_c[:, c].transpose(-1, -2) @ gated
    return torch.stack(states, dim=1), unchunked(torch.stack(v_new, dim=1))
