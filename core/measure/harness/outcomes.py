"""The ways a measurement ends early, as exceptions the entry point turns into contract.md's result kinds."""


class Outcome(Exception):
    """Base: carries the result kind and its fields (everything but the common ones the entry point adds)."""

    kind = ""

    def __init__(self, **fields):
        super().__init__(fields)
        self.fields = fields


class CompileFailed(Outcome):
    kind = "compile_failed"

    def __init__(self, message: str):
        super().__init__(compilation_error=message)


class CandidateRuntimeError(Outcome):
    kind = "runtime_error"

    def __init__(self, error: BaseException, where: str):
        name, message = exception_name(error), str(error).strip()
        super().__init__(runtime_error_name=name, runtime_error=f"{where}: {name}: {message}",
                         sticky=is_sticky_cuda_error(error))


class Incorrect(Outcome):
    kind = "incorrect"

    def __init__(self, message: str, case: int, **details):
        super().__init__(error_message=message, case=case, **details)


class Hacked(Outcome):
    """A run-time check proved the candidate cheated. kfx-measure's readers know no `hacked` kind, so it is an
    `incorrect` result (never a success, never trained on, never a search's best) with verdict `hacked` and the
    evidence in `hacks`."""

    kind = "incorrect"

    def __init__(self, message: str, case: int, hacks: list):
        super().__init__(error_message=message, case=case, verdict="hacked", hacks=hacks)


class InfrastructureFailure(Outcome):
    kind = "infrastructure_failure"

    def __init__(self, reason: str):
        super().__init__(reason=reason)


def exception_name(error: BaseException) -> str:
    """The type name, except that torch 1.13 reports CUDA out-of-memory as a plain RuntimeError."""
    name = type(error).__name__
    if name == "RuntimeError" and "CUDA out of memory" in str(error):
        return "OutOfMemoryError"
    return name


def is_sticky_cuda_error(error: BaseException) -> bool:
    """A CUDA error other than out-of-memory leaves the context unusable: nothing after it in this process counts."""
    text = str(error)
    if "out of memory" in text:
        return False
    return type(error).__name__ == "AcceleratorError" or "CUDA error" in text or "device-side assert" in text


def is_compile_error(error: BaseException) -> bool:
    """Triton, torch.compile and load_inline failures that surface on a kernel's first call are compile failures."""
    module = type(error).__module__ or ""
    return (module.startswith(("triton.compiler", "torch._dynamo", "torch._inductor"))
            or type(error).__name__ in ("CompilationError", "CompileTimeAssertionFailure")
            or "Error building extension" in str(error))
