"""Helpers shared by kfx's bundled GPU MODE tasks (each task directory links this file as its utils.py).

The names follow the GPU MODE convention (set_seed, verbose_allclose, match_reference, make_match_reference,
DisableCuDNNTF32) because published submissions import them from `utils`.
"""

import os
import random

import torch


def device() -> str:
    """Where inputs live: the kfx harness sets KFX_HARNESS_DEVICE (cuda or cpu) before importing the task."""
    return os.environ.get("KFX_HARNESS_DEVICE", "cuda")


def set_seed(seed: int = 42) -> None:
    """Seeds Python, NumPy (when present) and torch (all devices), as the per-case pipeline of spec §5.1 does."""
    random.seed(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except ImportError:
        pass
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)


def generator(seed: int) -> torch.Generator:
    """A generator on the task's device, so a case's inputs depend on its seed alone."""
    gen = torch.Generator(device=device())
    gen.manual_seed(seed)
    return gen


def _index(flat: int, shape) -> tuple:
    index = []
    for size in reversed(shape):
        flat, position = divmod(flat, size)
        index.append(position)
    return tuple(reversed(index))


def _positions(mask: torch.Tensor, limit: int = 3) -> list:
    return [tuple(index) for index in mask.nonzero()[:limit].tolist()]


def verbose_allclose(received: torch.Tensor, expected: torch.Tensor, rtol: float, atol: float) -> list:
    """Compares like torch.allclose and says why not: an empty list when close, else reasons that name the
    shape or dtype difference, the NaN/inf positions that differ, or the worst element and how many are off.
    NaN and ±inf must appear at the same positions in both (a NaN where the reference has one is not an error).
    Works on the tensors' device in fp32 (fp64 for fp64): the robust protocol checks every timed iteration, and
    outputs reach 525 M elements (cross_entropy's gradient)."""
    if not isinstance(received, torch.Tensor):
        return [f"expected a tensor, got {type(received).__name__}"]
    if received.shape != expected.shape:
        return [f"shape {tuple(received.shape)}, expected {tuple(expected.shape)}"]
    if received.dtype != expected.dtype:
        return [f"dtype {received.dtype}, expected {expected.dtype}"]
    precision = torch.float64 if expected.dtype == torch.float64 else torch.float32
    want = expected.detach().to(precision)
    got = received.detach().to(device=want.device, dtype=precision)
    reasons = []
    for name, test in (("NaN", torch.isnan), ("+inf", torch.isposinf), ("-inf", torch.isneginf)):
        differ = test(got) != test(want)
        if differ.any():
            reasons.append(f"{int(differ.sum())} {name} positions differ, e.g. at {_positions(differ)}")
    if reasons:
        return reasons
    # Where the reference is NaN or ±inf the received value matches it (checked above): no excess there.
    excess = torch.where(torch.isfinite(want), (got - want).abs() - (atol + rtol * want.abs()), torch.zeros_like(want))
    off = int((excess > 0).sum())
    if not off:
        return []
    worst = _index(int(torch.argmax(excess)), want.shape)
    return [
        f"{off} of {want.numel()} elements differ beyond atol={atol} rtol={rtol}; worst at {worst}: "
        f"got {got[worst].item():.6g}, expected {want[worst].item():.6g}"
    ]


def match_reference(data, output, reference, rtol: float, atol: float, names=None):
    """Checks a tensor or a tuple of tensors against the reference's; returns (ok, message)."""
    expected = reference(data)
    if isinstance(expected, torch.Tensor):
        expected, output, names = (expected,), (output,), names or ("output",)
    names = names or tuple(f"output {i}" for i in range(len(expected)))
    if not isinstance(output, (tuple, list)) or len(output) != len(expected):
        return False, f"expected {len(expected)} outputs ({', '.join(names)}), got {type(output).__name__}"
    reasons = []
    for name, got, want in zip(names, output, expected):
        problems = verbose_allclose(got, want, rtol=rtol, atol=atol)
        if problems:
            reasons.append(f"{name}: " + "; ".join(problems))
    return (not reasons), " | ".join(reasons)


def make_match_reference(reference, rtol: float, atol: float, names=None):
    """A check_implementation(data, output) bound to a reference and its tolerance."""

    def check_implementation(data, output):
        return match_reference(data, output, reference, rtol=rtol, atol=atol, names=names)

    return check_implementation


class DisableCuDNNTF32:
    """Full fp32 for the reference: no TF32 in cuDNN or matmuls, deterministic cuDNN algorithms."""

    def __enter__(self):
        self._saved = (
            torch.backends.cudnn.allow_tf32,
            torch.backends.cudnn.deterministic,
            torch.backends.cuda.matmul.allow_tf32,
        )
        torch.backends.cudnn.allow_tf32 = False
        torch.backends.cudnn.deterministic = True
        torch.backends.cuda.matmul.allow_tf32 = False
        return self

    def __exit__(self, *exc):
        (
            torch.backends.cudnn.allow_tf32,
            torch.backends.cudnn.deterministic,
            torch.backends.cuda.matmul.allow_tf32,
        ) = self._saved
        return False
