"""Just enough of Triton's language, in torch on the CPU, to run the bundled Triton candidates without a GPU:
a program is a Python call per grid point, a pointer is a flat tensor plus a block of offsets, and every tl
operation is the torch operation on whole blocks. Covers only what those candidates use; Triton's own
interpreter (TRITON_INTERPRET=1) needs a Triton install that this CPU machine does not have."""

import itertools
import types

import torch

float32, bfloat16, int32, int64 = torch.float32, torch.bfloat16, torch.int32, torch.int64


class constexpr:  # noqa: N801 - Triton's spelling; used only as an annotation
    pass


def _tensor(value, like=None):
    if isinstance(value, torch.Tensor):
        return value
    dtype = like.dtype if isinstance(like, torch.Tensor) and like.is_floating_point() else None
    if dtype is None:
        dtype = torch.float32 if isinstance(value, float) else torch.int64
    return torch.tensor(value, dtype=dtype)


class Pointer:
    """Addresses into one tensor: `base` flat, `offsets` an int64 block (any shape) of element indices."""

    def __init__(self, base: torch.Tensor, offsets):
        self.base, self.offsets = base, _tensor(offsets).to(torch.int64)

    def __add__(self, other):
        return Pointer(self.base, self.offsets + _tensor(other).to(torch.int64))

    __radd__ = __add__


def program_id(axis: int) -> torch.Tensor:
    return torch.tensor(_current_program[axis], dtype=torch.int32)


def arange(start: int, end: int) -> torch.Tensor:
    return torch.arange(start, end, dtype=torch.int32)


def full(shape, value, dtype) -> torch.Tensor:
    return torch.full(tuple(shape), value, dtype=dtype)


def zeros(shape, dtype) -> torch.Tensor:
    return torch.zeros(tuple(shape), dtype=dtype)


def load(pointer: Pointer, mask=None, other=None) -> torch.Tensor:
    offsets = pointer.offsets
    if mask is None:
        return pointer.base[offsets]
    mask = _tensor(mask).expand(offsets.shape)
    values = pointer.base[torch.where(mask, offsets, torch.zeros_like(offsets))]
    fill = torch.full_like(values, 0 if other is None else other)
    return torch.where(mask, values, fill)


def store(pointer: Pointer, value, mask=None) -> None:
    offsets = pointer.offsets
    value = _tensor(value).to(pointer.base.dtype).expand(offsets.shape)
    if mask is None:
        pointer.base[offsets.reshape(-1)] = value.reshape(-1)
    else:
        mask = _tensor(mask).expand(offsets.shape)
        pointer.base[offsets[mask]] = value[mask]


def where(condition, a, b) -> torch.Tensor:
    like = a if isinstance(a, torch.Tensor) else b
    return torch.where(_tensor(condition), _tensor(a, like), _tensor(b, like))


def maximum(a, b) -> torch.Tensor:
    like = a if isinstance(a, torch.Tensor) else b
    return torch.maximum(_tensor(a, like), _tensor(b, like))


def minimum(a, b) -> torch.Tensor:
    like = a if isinstance(a, torch.Tensor) else b
    return torch.minimum(_tensor(a, like), _tensor(b, like))


def max(x, axis):  # noqa: A001 - Triton's name
    return torch.amax(x, dim=axis)


def sum(x, axis):  # noqa: A001 - Triton's name
    return torch.sum(x, dim=axis)


exp, log, abs = torch.exp, torch.log, torch.abs  # noqa: A001


def trans(x) -> torch.Tensor:
    return x.transpose(0, 1)


def dot(a, b, acc=None, input_precision=None) -> torch.Tensor:
    product = a.float() @ b.float()  # fp32 whatever the precision asked for: tests check logic, not rounding
    return product if acc is None else acc + product


_current_program = (0, 0, 0)


class _Kernel:
    def __init__(self, function):
        self.function = function

    def __getitem__(self, grid):
        def launch(*args, num_warps=None, **constants):
            global _current_program
            pointers = [Pointer(a.view(-1), 0) if isinstance(a, torch.Tensor) else a for a in args]
            for program in itertools.product(*(range(n) for n in grid)):
                _current_program = program + (0,) * (3 - len(program))
                self.function(*pointers, **constants)

        return launch


def jit(function):
    return _Kernel(function)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def install() -> None:
    """Makes `import triton` and `import triton.language as tl` give this module."""
    import sys

    language = sys.modules[__name__]
    triton = types.ModuleType("triton")
    triton.jit, triton.cdiv, triton.language = jit, cdiv, language
    triton.__version__ = "cpu-shim"
    sys.modules["triton"], sys.modules["triton.language"] = triton, language
