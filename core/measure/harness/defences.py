"""Run-time defences against candidates that cheat instead of computing (issue 26).

The candidate runs in the harness's own process, so nothing here makes cheating impossible; each defence either
takes away what a cheat needs (secrets in the environment, a shared temporary folder, unlimited resources) or
proves the cheat after the fact (a replaced check, a lying output, a rewritten task file), which makes the result
`hacked` (outcomes.Hacked). What a defence cannot prove is a suspicion flag instead (suspicion.py).
"""

import builtins
import copy
import os
import re
import resource
import tempfile
import threading

# Environment variables a candidate has no business reading: API keys, tokens, passwords (the LLM's key, HF_TOKEN).
SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL", re.IGNORECASE)

# (resource, limit) for every candidate. No RLIMIT_NPROC: it counts every process of the user, the worker's and
# the caller's included, so any value low enough to stop a fork bomb can also stop kfx itself.
FILE_SIZE_LIMIT = 8 << 30
# Only on the CPU: the CUDA driver reserves terabytes of virtual address space, which RLIMIT_AS would refuse.
CPU_ADDRESS_SPACE_LIMIT = 64 << 30

MISSING = object()


def scrub_environment(environ=os.environ) -> list:
    """Removes the secrets from the environment (the candidate and everything it starts inherit it); returns
    their names, which are not secret."""
    removed = sorted(name for name in environ if SECRET_NAME.search(name))
    for name in removed:
        del environ[name]
    return removed


def private_temporary_folder() -> str:
    """A fresh folder only this user can enter (mkdtemp's mode 0700), as TMPDIR for the candidate and its
    children; the entry point removes it at the end."""
    folder = tempfile.mkdtemp(prefix="kfx-candidate-")
    for name in ("TMPDIR", "TMP", "TEMP"):
        os.environ[name] = folder
    tempfile.tempdir = folder
    return folder


def limit_resources(device: str) -> dict:
    """Lowers the soft and hard limits (the candidate cannot raise them again); returns what was set."""
    limits = {"RLIMIT_FSIZE": FILE_SIZE_LIMIT, "RLIMIT_CORE": 0}
    if device == "cpu":
        limits["RLIMIT_AS"] = CPU_ADDRESS_SPACE_LIMIT
    applied = {}
    for name, value in limits.items():
        which = getattr(resource, name)
        _, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (value, value))
        applied[name] = value
    return applied


class NamespaceGuard:
    """Remembers the namespaces the check, the reference and the timer read (the task's modules, torch, the
    harness's own modules, builtins) before the candidate is imported, and names every binding it changed since.

    In a `strict` namespace (the task's modules) an added name counts too: it can shadow a builtin that the check
    calls. Mutable containers (a tolerance table, a list of constants) are compared by value as well.
    """

    def __init__(self, strict: dict, replaced_only: dict):
        self._namespaces = [(label, namespace, True) for label, namespace in strict.items()]
        self._namespaces += [(label, namespace, False) for label, namespace in replaced_only.items()]
        self._bindings = {label: dict(namespace) for label, namespace, _ in self._namespaces}
        self._values = {label: _container_copies(namespace) for label, namespace, strict in self._namespaces
                        if strict}

    def changes(self) -> list:
        found = []
        for label, namespace, strict in self._namespaces:
            before, values = self._bindings[label], self._values.get(label, {})
            names = set(before) | set(namespace) if strict else set(before)
            for name in sorted(names):
                value = namespace.get(name, MISSING)
                if value is not before.get(name, MISSING):
                    what = "removed" if value is MISSING else "added" if name not in before else "replaced"
                    found.append(f"{label}.{name} was {what}")
                elif name in values and value != values[name]:
                    found.append(f"{label}.{name} was modified")
        return found


def _container_copies(namespace: dict) -> dict:
    """Copies of the lists, dicts and sets of plain values in a namespace (the task's constants). Dunder names are
    Python's (__builtins__ is the builtins module's own dict, which the interpreter and torch write into)."""
    copies = {}
    for name, value in namespace.items():
        if type(value) in (list, dict, set) and not name.startswith("__"):
            try:
                copies[name] = copy.deepcopy(value)
            except (TypeError, copy.Error):  # holds something that cannot be copied: compared by identity only
                pass
    return copies


def guard_for(task_modules: list, torch, harness_modules: list) -> NamespaceGuard:
    strict = {module.__name__: vars(module) for module in task_modules}
    library = [torch, torch.Tensor, torch.nn.functional, torch.testing, builtins, *harness_modules]
    tensor_base = getattr(torch._C, "TensorBase", None) or getattr(torch._C, "_TensorBase")
    replaced_only = {getattr(m, "__name__", repr(m)): vars(m) for m in library}
    # The harness's classes too (GpuModeTask.check, Measurement._check): their methods are module-level state.
    replaced_only.update({f"{module.__name__}.{value.__name__}": vars(value) for module in harness_modules
                          for value in vars(module).values()
                          if isinstance(value, type) and value.__module__ == module.__name__})
    replaced_only["torch._C.TensorBase"] = vars(tensor_base)
    return NamespaceGuard(strict, replaced_only)


PLAIN_TYPES = (int, float, bool, str, type(None))


def lying_outputs(value, torch, where: str = "output") -> list:
    """What in an output is not a plain torch.Tensor (or a tuple, list, dict or scalar of them) but acts like
    one: a tensor subclass, an object with __torch_function__, a tensor with methods of its own. A plain tensor's
    methods are torch.Tensor's, which NamespaceGuard watches, so the check reads it through the real ones."""
    kind = type(value)
    if kind is torch.Tensor:
        own = sorted(name for name in vars(value) if hasattr(torch.Tensor, name))
        return [f"{where} is a tensor whose own attributes shadow torch.Tensor's {', '.join(own)}"] if own else []
    if kind in (tuple, list):
        return [lie for i, item in enumerate(value) for lie in lying_outputs(item, torch, f"{where}[{i}]")]
    if kind is dict:
        return [lie for key, item in value.items() for lie in lying_outputs(item, torch, f"{where}[{key!r}]")]
    if kind in PLAIN_TYPES:
        return []
    if isinstance(value, torch.Tensor) or hasattr(value, "__torch_function__") or hasattr(value, "data_ptr"):
        return [f"{where} is a {kind.__module__}.{kind.__qualname__}, not a plain torch.Tensor"]
    return []  # some other object: the task's own check judges it


def same_bits(first, second, torch) -> bool:
    """Whether two outputs hold the same bytes (NaNs included), walked as tensors_in does."""
    if isinstance(first, torch.Tensor) and isinstance(second, torch.Tensor):
        if first.shape != second.shape or first.dtype != second.dtype:
            return False
        as_bytes = (lambda t: torch.Tensor.view(torch.Tensor.reshape(torch.Tensor.contiguous(t), (-1,)),
                                                torch.uint8))
        return torch.equal(as_bytes(first), as_bytes(second))
    if isinstance(first, (tuple, list)) and isinstance(second, (tuple, list)):
        return len(first) == len(second) and all(same_bits(a, b, torch) for a, b in zip(first, second))
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(same_bits(first[k], second[k], torch) for k in first)
    return True


def live_threads() -> set:
    return set(threading.enumerate())


class TaskFiles:
    """The task's files as they were before the candidate was imported, so that a candidate writing into them
    (an always-true check appended to reference.py, poisoning every later measurement) is caught and undone."""

    def __init__(self, root: str):
        self.root = root
        self._contents = self._read()

    def _paths(self) -> list:
        if os.path.isfile(self.root):
            return [self.root]
        paths = []
        for folder, subfolders, files in os.walk(self.root):
            subfolders[:] = [s for s in subfolders if s != "__pycache__"]
            paths += [os.path.join(folder, name) for name in files]
        return paths

    def _read(self) -> dict:
        contents = {}
        for path in self._paths():
            with open(path, "rb") as stream:
                contents[path] = stream.read()
        return contents

    def restore(self) -> list:
        """Puts back every file the candidate changed or removed and removes those it added; returns what it did."""
        now = self._read()
        done = []
        for path, content in self._contents.items():
            if now.get(path) != content:
                with open(path, "wb") as stream:
                    stream.write(content)
                done.append(f"{path} was {'removed' if path not in now else 'changed'} (restored)")
        for path in sorted(set(now) - set(self._contents)):
            os.remove(path)
            done.append(f"{path} was added (removed)")
        return done
