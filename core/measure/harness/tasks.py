"""What both task layouts share: loading a source file as a module, cloning inputs, seeding, the device.

A task adapter (gpumode.GpuModeTask, kernelbench.KernelBenchTask) offers the measurement pipeline (protocols.py):
  kind, name, roofline_speedup, reference_protocol      what it is and how spec §5 times it
  cases(selection) -> [case dict]                       the cases to measure
  correctness_seeds(case) -> [seed]                     the inputs the correctness pass checks
  generate(case, seed) -> data                          the inputs for one seed
  sizes(case, data) -> dict                             the case as the result shows it
  load_candidate(path)                                  imports the candidate (raises CompileFailed)
  candidate(data), reference(data) -> output            one call each
  check(data, output) -> (ok, message, details)         the task's own correctness check
  reference_calls_by_candidate -> int                   how often the candidate reached the reference itself
"""

import importlib.util
import os
import random
import sys
import traceback

from outcomes import CompileFailed


def load_module(name: str, path: str):
    """Imports the file at path as module `name` (registered in sys.modules, as a normal import would be)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def import_candidate(name: str, path: str):
    """Imports a candidate; anything its import raises (syntax, missing module, load_inline) is a compile failure."""
    try:
        return load_module(name, path)
    except SyntaxError as error:
        raise CompileFailed(f"{path}:{error.lineno}: SyntaxError: {error.msg}") from None
    except BaseException as error:  # SystemExit too: a candidate that exits while importing did not compile
        raise CompileFailed(f"{path}: importing the candidate raised {type(error).__name__}: {error}\n"
                            f"{_candidate_frames(error, path)}") from None


def _candidate_frames(error: BaseException, path: str) -> str:
    """The traceback lines that point into the candidate, so the message shows where in it things went wrong."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if os.path.abspath(f.filename) == os.path.abspath(path)]
    return "".join(traceback.format_list(own or frames[-3:]))


def require_callable(module, attribute: str, path: str):
    value = getattr(module, attribute, None)
    if value is None:
        raise CompileFailed(f"{path}: the candidate defines no `{attribute}`")
    if not callable(value):
        raise CompileFailed(f"{path}: `{attribute}` is a {type(value).__name__}, not callable")
    return value


def clone(value):
    """A deep copy of the tensors in value (tuples, lists, dicts walked; everything else shared), as spec §5.1."""
    if hasattr(value, "clone") and hasattr(value, "data_ptr"):
        return value.clone()
    if isinstance(value, tuple):
        return tuple(clone(v) for v in value)
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    return value


def tensor_bytes(value) -> int:
    """The bytes of the tensors in value, walked as clone() walks it."""
    if hasattr(value, "element_size") and hasattr(value, "data_ptr"):
        return value.numel() * value.element_size()
    if isinstance(value, (tuple, list)):
        return sum(tensor_bytes(v) for v in value)
    if isinstance(value, dict):
        return sum(tensor_bytes(v) for v in value.values())
    return 0


def set_seed(torch, seed: int):
    """Seeds Python, torch (and CUDA) and numpy when a task already imported it (importing it costs time)."""
    random.seed(seed)
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(seed)
