#!/usr/bin/env python3
"""kfx's Python measurement harness: measures one candidate against one GPU MODE or KernelBench task.

kfx-measure runs it once per candidate, in a child that kfx_forkserver.py forks with torch already imported
(main_forked); run as a script it does the same in a fresh process (the command line and the JSON lines it writes
are summarised in README.md beside this file). stdout carries only the harness's
JSON lines; everything the task or the candidate prints goes to stderr. Whatever happens after a result line is
written, the exit status is 0; a process that ends without one (os._exit, a signal, a kill after a hang) is the
worker's to report.
"""

import argparse
import importlib
import importlib.metadata
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import time
import traceback

_started_ns = time.perf_counter_ns()
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import defences  # noqa: E402  (the harness's own modules, found through the line above)
import suspicion  # noqa: E402
from outcomes import CompileFailed, Hacked, InfrastructureFailure, Outcome  # noqa: E402
from timing import CpuTimer, clock_ns as clock, cuda_event_timer  # noqa: E402

# The harness's modules: a candidate replacing a function in one of them (the tolerance table, the check's
# wrapper, the clock) is caught by defences.NamespaceGuard.
HARNESS_MODULES = ("defences", "gpumode", "kernelbench", "outcomes", "protocols", "suspicion", "tasks", "timing")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Measure one candidate kernel against a GPU MODE or KernelBench "
                                     "task; writes JSON lines on stdout.")
    parser.add_argument("--task", required=True, help="GPU MODE task directory (task.yml) or KernelBench problem")
    parser.add_argument("--candidate", required=True, help="the candidate's .py file")
    parser.add_argument("--timing", choices=("reference", "robust"), default="reference")
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    parser.add_argument("--cases", choices=("benchmark", "test", "cpu"),
                        help="which cases to run (default: benchmark on cuda, cpu on cpu)")
    parser.add_argument("--time-budget-ms", type=float, default=10000.0,
                        help="per kernel and case: stop sampling once the samples add up to this (spec §5.1)")
    parser.add_argument("--raw-samples", action="store_true", help="also report every timing sample")
    arguments = parser.parse_args(argv)
    if arguments.cases is None:
        arguments.cases = "benchmark" if arguments.device == "cuda" else "cpu"
    return arguments


class ProtocolWriter:
    """Writes JSON lines to the real stdout, which the candidate can no longer reach through fd 1."""

    def __init__(self):
        sys.stdout.flush()
        self._stream = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
        os.dup2(2, 1)  # print() and C code writing to fd 1 now land on stderr

    def write(self, message: dict):
        self._stream.write(json.dumps(_finite(message), separators=(",", ":")) + "\n")
        self._stream.flush()


def _finite(value):
    """JSON has no NaN or infinity: such figures are written as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _timing_functions(torch) -> dict:
    """The functions a timing patch would replace; compared before and after the candidate ran."""
    functions = {"time.perf_counter": time.perf_counter, "time.perf_counter_ns": time.perf_counter_ns,
                 "time.time": time.time, "time.monotonic": time.monotonic, "torch.cuda.synchronize":
                 torch.cuda.synchronize, "torch.cuda.Event": torch.cuda.Event}
    for name in ("record", "elapsed_time", "synchronize"):
        functions[f"torch.cuda.Event.{name}"] = getattr(torch.cuda.Event, name, None)
    return functions


def _replaced_timing(before: dict, torch) -> list:
    after = _timing_functions(torch)
    return [suspicion.flag("timing_patch", f"{name} was replaced while the candidate ran")
            for name, function in before.items() if after.get(name) is not function]


def _device_name(torch, device: str) -> str:
    if device == "cuda":
        return torch.cuda.get_device_name()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _clocks(device: str):
    """SM and memory clocks as the run ended, from nvidia-smi; null when they cannot be read (or on cpu)."""
    if device != "cuda":
        return None
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "0").split(",")[0] or "0"
    try:
        line = subprocess.run(["nvidia-smi", "-i", visible, "--query-gpu=clocks.sm,clocks.mem",
                               "--format=csv,noheader,nounits"], capture_output=True, text=True, timeout=10,
                              check=True).stdout.strip().splitlines()[0]
        sm, mem = (float(x) for x in line.split(","))
        return {"sm_mhz": sm, "mem_mhz": mem}
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None


def _triton_version():
    """Read from the package metadata rather than by importing Triton, which takes seconds."""
    for distribution in ("triton", "pytorch-triton"):  # the second is PyTorch's nightly build of it
        try:
            return importlib.metadata.version(distribution)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def _open_task(arguments, torch, budget_ns: float):
    """Tells the layouts apart: a directory with task.yml is GPU MODE; a .py file or problem.py is KernelBench."""
    path = arguments.task
    if os.path.isfile(os.path.join(path, "task.yml")):
        from gpumode import GpuModeTask
        return GpuModeTask(path, budget_ns)
    if (os.path.isfile(path) and path.endswith(".py")) or os.path.isfile(os.path.join(path, "problem.py")):
        from kernelbench import KernelBenchTask
        return KernelBenchTask(path, torch, arguments.device, budget_ns)
    raise InfrastructureFailure(f"{path}: neither a GPU MODE task (a directory with task.yml) nor a KernelBench "
                                "problem (a .py file, or a directory with problem.py)")


def _task_modules(task) -> list:
    """The modules loaded from the task's files (reference.py, task.py, utils.py; a KernelBench problem)."""
    root = os.path.dirname(task.path) if task.kind == "kernelbench" else task.directory
    return [module for module in list(sys.modules.values())
            if os.path.abspath(getattr(module, "__file__", None) or "/").startswith(root + os.sep)]


def _provenance(arguments, protocol, timer, torch, measured: dict) -> dict:
    cases = measured.get("cases", [])
    cpu = arguments.device == "cpu"
    provenance = {
        "protocol": protocol.name,
        "device": arguments.device,
        "device_name": _device_name(torch, arguments.device),
        "timer": timer.label,
        "samples": {"candidate": [c["candidate_stats"]["samples"] for c in cases],
                    "reference": [c["reference_stats"]["samples"] for c in cases]},
        "spread": "rel_stderr: sample standard deviation / sqrt(n) / mean" if protocol.headline == "mean"
                  else "rel_iqr: (third quartile - first quartile) / median",
        "headline": protocol.headline,
        "warmup_calls": protocol.warmup,
        "clone_in_timed_region": protocol.clone_in_timed_region,
        "l2_flush": protocol.flush and not cpu,
        "fresh_inputs": protocol.fresh_inputs,
        "clocks": _clocks(arguments.device),
        "torch": torch.__version__,
        "triton": _triton_version(),
        "python": platform.python_version(),
    }
    if cpu:
        provenance["cpu_mode"] = True
        provenance["note"] = ("CPU test mode: timed on the host clock; these are CPU figures, never GPU ones" +
                              ("; no L2 flush on the CPU" if protocol.flush else ""))
    return provenance


def measure(arguments, writer: ProtocolWriter, context: dict) -> dict:
    """Everything from importing torch to the result's fields. Failures arrive as Outcome exceptions; what is
    known by then (task kind, suspicions, compile time) is in context, which failure results also carry."""
    os.environ["KFX_HARNESS_DEVICE"] = arguments.device
    for module in ("torch", "yaml"):  # checked first so that a missing one is named plainly
        try:
            importlib.import_module(module)
        except ImportError:
            raise InfrastructureFailure(f"{sys.executable} cannot import {module}: the \"python\" setting must "
                                        "name an interpreter with torch and PyYAML") from None
    import torch
    from protocols import Measurement, robust_protocol

    startup_ms = (clock() - _started_ns) / 1e6
    if arguments.device == "cuda" and not torch.cuda.is_available():
        raise InfrastructureFailure("no CUDA device: torch.cuda.is_available() is false "
                                    f"(torch {torch.__version__})")
    budget_ns = arguments.time_budget_ms * 1e6
    context["startup_ms"] = startup_ms
    task = _open_task(arguments, torch, budget_ns)
    context.update(task=task.name, task_kind=task.kind)
    protocol = task.reference_protocol if arguments.timing == "reference" else robust_protocol(budget_ns)
    timer = cuda_event_timer(torch, protocol.wait_all_streams) if arguments.device == "cuda" else CpuTimer()

    writer.write({"type": "progress", "stage": "compile"})
    try:
        with open(arguments.candidate, encoding="utf-8") as source:
            flags = suspicion.static_suspicions(source.read(), arguments.candidate)
    except (OSError, UnicodeDecodeError) as error:
        raise CompileFailed(f"{arguments.candidate}: cannot read the candidate: {error}") from None
    context["suspicions"] = flags
    timing_functions = _timing_functions(torch)
    guard = defences.guard_for(_task_modules(task), torch, [sys.modules[name] for name in HARNESS_MODULES
                                                            if name in sys.modules])
    task_files = defences.TaskFiles(task.path if task.kind == "kernelbench" else task.directory)
    try:
        return _measure_candidate(arguments, writer, context, task, protocol, timer, torch, guard, flags,
                                  timing_functions)
    finally:  # a candidate that rewrote the task's files poisoned every later measurement: undone, and hacked
        rewritten = task_files.restore()
        if rewritten:
            raise Hacked(f"{arguments.candidate}: the candidate wrote into the task's files: "
                         f"{'; '.join(rewritten)}", 0, [suspicion.flag("rewrote_task", r) for r in rewritten])


def _measure_candidate(arguments, writer, context, task, protocol, timer, torch, guard, flags,
                       timing_functions) -> dict:
    from protocols import Measurement
    cases = task.cases(arguments.cases)
    measurement = Measurement(task, protocol, timer, torch, arguments.device, writer.write, arguments.raw_samples,
                              arguments.candidate, guard)
    measurement.canary(cases)
    compile_start = clock()
    task.load_candidate(arguments.candidate)
    context["compile"] = {"candidate": {"ms": (clock() - compile_start) / 1e6}}

    try:
        measured = measurement.run(cases)
    finally:
        flags.extend(measurement.dynamic_flags + _replaced_timing(timing_functions, torch))
        if task.reference_calls_by_candidate:
            flags.append(suspicion.flag("reads_reference_output", f"the candidate called ref_kernel "
                                        f"{task.reference_calls_by_candidate} times while it ran"))
        context["suspicions"] = suspicion.merge(flags)
    context["compile"]["candidate"]["first_call_ms"] = measurement.first_call_ms
    context["timing_ms"] = measurement.timing_ms
    context["suspicions"] = suspicion.merge(flags + suspicion.speedup_suspicions(measured["cases"],
                                                                                 task.roofline_speedup))
    context["provenance"] = _provenance(arguments, protocol, timer, torch, measured)
    context["provenance"]["isolation"] = context.pop("isolation")
    # Two tiers: run-time proof makes a result `hacked` (an incorrect one); flags leave it a success to show.
    return {"kind": "success", "verdict": "suspicious" if context["suspicions"] else "clean", **measured}


def main(argv=None):
    arguments = parse_arguments(argv)
    writer = ProtocolWriter()
    common = {"type": "result", "candidate": arguments.candidate, "timing": arguments.timing,
              "task": os.path.basename(os.path.normpath(arguments.task))}
    # Before torch or the candidate is imported: what they and their children inherit.
    context = {"isolation": {"scrubbed_environment": defences.scrub_environment(),
                             "resource_limits": defences.limit_resources(arguments.device)}}
    temporary_folder = defences.private_temporary_folder()
    context["isolation"]["temporary_folder"] = temporary_folder
    try:
        measured = measure(arguments, writer, context)
        result = {**common, **context, **measured}
    except Outcome as outcome:
        result = {**common, **context, "kind": outcome.kind, **outcome.fields}
    except BaseException as error:  # the harness's own bug or an unusable environment: say so, with where
        result = {**common, **context, "kind": "infrastructure_failure",
                  "reason": f"harness error: {type(error).__name__}: {error}\n{traceback.format_exc(limit=-4)}"}
    result["elapsed_ms"] = (clock() - _started_ns) / 1e6
    result.pop("isolation", None)  # in provenance on success; a failure's provenance is not written
    writer.write(result)
    shutil.rmtree(temporary_folder, ignore_errors=True)
    # What the candidate print()ed sits in sys.stdout's buffer (fd 1 is stderr now); os._exit would drop it.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # closed or broken by the candidate
            pass
    # Skips interpreter teardown: a candidate's threads, atexit handlers or a CUDA context torn down late could
    # otherwise turn a written result into a crash.
    os._exit(0)


def main_forked(argv):
    """main() in a child of kfx_forkserver.py: its clock starts at the fork, not at the server's imports."""
    global _started_ns
    _started_ns = clock()
    main(argv)


if __name__ == "__main__":
    main()
