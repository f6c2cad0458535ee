"""Suspicion flags: signs that a candidate's speedup may not be real (contract.md's `suspicions`).

A flag never changes a result's kind: a flagged candidate that is correct stays `success`, and the window shows the
flag beside it. Static flags read the candidate's source with `ast`; dynamic ones come from the run.
"""

import ast

# Attributes whose replacement changes what a timer reads. Assigning to one of them on a module or class that is
# not the candidate's own (torch.cuda.Event = ..., time.perf_counter = ..., Event.elapsed_time = ...) is flagged.
TIMING_ATTRIBUTES = {
    "Event", "elapsed_time", "record", "synchronize", "perf_counter", "perf_counter_ns", "time", "time_ns",
    "monotonic", "monotonic_ns", "process_time", "do_bench",
}
TIMING_MODULES = ("torch", "time", "triton")
# Names by which a candidate reaches the reference implementation.
REFERENCE_CALLABLES = {"ref_kernel", "check_implementation"}
REFERENCE_MODULES = {"reference"}


def flag(kind: str, detail: str) -> dict:
    return {"kind": kind, "detail": detail}


class _StaticScan(ast.NodeVisitor):
    """One pass over the candidate's syntax tree collecting the three static flags."""

    def __init__(self, filename: str):
        self.filename = filename
        self.aliases = {}  # local name -> dotted module or object path ("t" -> "time", "Ev" -> "torch.cuda.Event")
        self.flags = []
        self._except_depth = 0

    def _where(self, node) -> str:
        return f"{self.filename}:{node.lineno}"

    def _dotted(self, node):
        """torch.cuda.Event -> "torch.cuda.Event", with import aliases resolved; None for anything else."""
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id, node.id)
        if isinstance(node, ast.Attribute):
            base = self._dotted(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def visit_Import(self, node):
        for alias in node.names:
            # "import torch.cuda" binds torch; "import torch.cuda as tc" binds tc to torch.cuda.
            root = alias.name.split(".")[0]
            self.aliases[alias.asname or root] = alias.name if alias.asname else root
            if root in REFERENCE_MODULES:
                self.flags.append(flag("reads_reference_output",
                                       f"{self._where(node)} imports the task's reference module"))
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        module = node.module or ""
        for alias in node.names:
            self.aliases[alias.asname or alias.name] = f"{module}.{alias.name}" if module else alias.name
        if module.split(".")[0] in REFERENCE_MODULES:
            self.flags.append(flag("reads_reference_output",
                                   f"{self._where(node)} imports from the task's reference module"))
        self.generic_visit(node)

    def visit_ExceptHandler(self, node):
        self._except_depth += 1
        self.generic_visit(node)
        self._except_depth -= 1

    def visit_Call(self, node):
        target = self._dotted(node.func) or ""
        last = target.rsplit(".", 1)[-1]
        calls_reference = last in REFERENCE_CALLABLES or target.split(".")[0] in REFERENCE_MODULES
        if calls_reference and self._except_depth > 0:
            self.flags.append(flag("reference_fallback",
                                   f"{self._where(node)} calls {target} inside an except handler"))
        elif calls_reference:
            self.flags.append(flag("reads_reference_output", f"{self._where(node)} calls {target}"))
        if last == "setattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and node.args[1].value in TIMING_ATTRIBUTES:
            self._timing_patch(node, f"{ast.unparse(node.args[0])}.{node.args[1].value}")
        if last == "patch" and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) \
                and node.args[0].value.rsplit(".", 1)[-1] in TIMING_ATTRIBUTES:
            self._timing_patch(node, node.args[0].value)
        self.generic_visit(node)

    def _check_assignment_target(self, target):
        if isinstance(target, ast.Attribute) and target.attr in TIMING_ATTRIBUTES:
            dotted = self._dotted(target) or ast.unparse(target)
            if dotted.split(".")[0] in TIMING_MODULES:
                self._timing_patch(target, dotted)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._check_assignment_target(element)

    def _timing_patch(self, node, what: str):
        self.flags.append(flag("timing_patch", f"{self._where(node)} replaces {what}"))

    def visit_Assign(self, node):
        for target in node.targets:
            self._check_assignment_target(target)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self._check_assignment_target(node.target)
        self.generic_visit(node)


def static_suspicions(source: str, filename: str) -> list:
    """The flags a reading of the source raises; [] for source that does not parse (compile_failed says why)."""
    try:
        tree = ast.parse(source, filename=filename)
    except SyntaxError:
        return []
    scan = _StaticScan(filename)
    scan.visit(tree)
    return scan.flags


def tensors_in(value):
    """Every tensor inside value, in a stable order (tuples, lists and dict values are walked)."""
    if hasattr(value, "data_ptr") and hasattr(value, "element_size"):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from tensors_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from tensors_in(item)


def _storage_span(tensor):
    """(first byte, one past the last byte) of the memory the tensor's storage owns; None when it owns none."""
    storage = tensor.untyped_storage() if hasattr(tensor, "untyped_storage") else tensor.storage()
    size = storage.nbytes()
    start = storage.data_ptr()
    return (start, start + size) if size > 0 and start else None


def aliased_pairs(inputs, outputs) -> set:
    """{(output index, input index)} for every output tensor sharing memory with an input tensor."""
    input_spans = [_storage_span(t) for t in tensors_in(inputs)]
    pairs = set()
    for out_index, out in enumerate(tensors_in(outputs)):
        span = _storage_span(out)
        if span is None:
            continue
        for in_index, other in enumerate(input_spans):
            if other is not None and span[0] < other[1] and other[0] < span[1]:
                pairs.add((out_index, in_index))
    return pairs


def speedup_suspicions(cases: list, roofline_speedup) -> list:
    """Flags for speedups too large to believe: above 10x (spec §5.4's excessive-speedup check) or the roofline."""
    flags = []
    fast = [f"case {i} {c['speedup']:.2f}x" for i, c in enumerate(cases, 1) if c["speedup"] > 10.0]
    if fast:
        flags.append(flag("speedup_above_10x", ", ".join(fast)))
    if roofline_speedup:
        above = [f"case {i} {c['speedup']:.2f}x" for i, c in enumerate(cases, 1)
                 if c["speedup"] > float(roofline_speedup)]
        if above:
            flags.append(flag("speedup_above_roofline",
                              f"{', '.join(above)} above the task's roofline {roofline_speedup}x"))
    return flags


def merge(flags: list) -> list:
    """One flag per kind, details joined, in first-seen order (the window shows one badge per kind)."""
    merged = {}
    for item in flags:
        if item["kind"] in merged:
            if item["detail"] not in merged[item["kind"]]["detail"]:
                merged[item["kind"]]["detail"] += "; " + item["detail"]
        else:
            merged[item["kind"]] = dict(item)
    return list(merged.values())
