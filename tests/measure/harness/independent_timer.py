#!/usr/bin/env python3
"""An independent clock for kfx's harness (issue 26): times candidates and a task's reference with CUDA events,
written apart from the harness and importing none of its modules, so that the two can be compared.

Per benchmark case: the inputs are generated once, each kernel is warmed up, then every sample flushes the L2
(writes a 256 MB buffer), synchronises the device, records a start event, makes one call, records an end event
and synchronises again; the figure is the median over --samples samples. Each candidate's output is checked once
per case with the task's own check. Prints one JSON object: per case and kernel the median in microseconds, per
candidate the geometric mean of its speedups.

  python3 independent_timer.py --task resources/tasks/cross_entropy --candidate A.py [B.py ...] [--samples 50]

GPU MODE tasks (task.yml, reference.py's generate_input/ref_kernel/check_implementation, the candidate's
custom_kernel) and KernelBench problems (problem.py's Model/get_inputs/get_init_inputs, the candidate's ModelNew)
both work. --fresh-inputs, --sync-before-end and --recheck add one step of the harness's robust protocol each, to
find what a difference between the two clocks comes from.
"""

import argparse
import importlib.util
import json
import math
import os
import statistics
import sys

import torch
import yaml

FLUSH_BYTES = 256 * 1024 * 1024


def load(name: str, path: str):
    # The harness's tasks.load_module does the same; this tool imports no harness module, so that the clock it
    # checks the harness against shares none of the harness's code.
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def clone(value):
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, (tuple, list)):
        return type(value)(clone(v) for v in value)
    return value


class GpuModeTask:
    def __init__(self, directory: str):
        sys.path.insert(0, directory)
        with open(os.path.join(directory, "task.yml"), encoding="utf-8") as stream:
            self.cases = yaml.safe_load(stream)["benchmarks"]
        self.reference_module = load("reference", os.path.join(directory, "reference.py"))
        self.reference = self.reference_module.ref_kernel

    def generate(self, case: dict, seed_offset: int = 0):
        return self.reference_module.generate_input(**{**case, "seed": case["seed"] + seed_offset})

    def kernel(self, path: str):
        return load(f"submission_{abs(hash(path))}", path).custom_kernel

    def check(self, data, output) -> bool:
        verdict = self.reference_module.check_implementation(data, output)
        if isinstance(verdict, (tuple, list)):
            return bool(verdict[0])
        return verdict == "" if isinstance(verdict, str) else bool(verdict)


class KernelBenchTask:
    SEED = 42

    def __init__(self, path: str):
        self.problem = load("problem", os.path.join(path, "problem.py") if os.path.isdir(path) else path)
        self.cases = [{"seed": self.SEED}]
        self.reference = self._model(self.problem.Model)

    def _model(self, model_class):
        torch.manual_seed(self.SEED)
        model = model_class(*self.problem.get_init_inputs()).cuda()
        return lambda data: model(*data)

    def generate(self, case: dict, seed_offset: int = 0):
        torch.manual_seed(case["seed"] + seed_offset)
        return [x.cuda() if isinstance(x, torch.Tensor) else x for x in self.problem.get_inputs()]

    def kernel(self, path: str):
        return self._model(load(f"candidate_{abs(hash(path))}", path).ModelNew)

    def check(self, data, output) -> bool:
        expected = self.reference(data)
        return torch.allclose(output.double(), expected.double(), atol=1e-2, rtol=1e-2)


def time_kernel(task, case: dict, function, data, arguments, flush_buffer) -> list:
    """Samples in microseconds."""
    for _ in range(arguments.warmup):
        function(data)
    torch.cuda.synchronize()
    samples = []
    for i in range(arguments.samples):
        inputs = task.generate(case, i + 1) if arguments.fresh_inputs else data
        flush_buffer.fill_(i)
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        output = function(inputs)
        if arguments.sync_before_end:
            torch.cuda.synchronize()
        end.record()
        torch.cuda.synchronize()
        samples.append(start.elapsed_time(end) * 1e3)
        if arguments.recheck and not task.check(clone(inputs), clone(output)):
            raise SystemExit(f"incorrect output on sample {i}")
    return samples


def summary(samples: list) -> dict:
    q1, _, q3 = statistics.quantiles(samples, n=4)
    median = statistics.median(samples)
    return {"median_us": median, "min_us": min(samples), "rel_iqr": (q3 - q1) / median, "samples": len(samples)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--task", required=True)
    parser.add_argument("--candidate", required=True, nargs="+")
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--fresh-inputs", action="store_true", help="new inputs (seed + i + 1) for every sample")
    parser.add_argument("--sync-before-end", action="store_true", help="synchronise the device before the end event")
    parser.add_argument("--recheck", action="store_true", help="check the output of every sample")
    arguments = parser.parse_args(argv)
    os.environ.setdefault("KFX_HARNESS_DEVICE", "cuda")  # the bundled tasks' utils.device() reads it
    task = GpuModeTask(arguments.task) if os.path.isfile(os.path.join(arguments.task, "task.yml")) \
        else KernelBenchTask(arguments.task)
    kernels = {path: task.kernel(path) for path in arguments.candidate}
    flush_buffer = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
    cases = []
    for case in task.cases:
        data = task.generate(case)
        row = {"case": case, "reference": summary(time_kernel(task, case, task.reference, data, arguments,
                                                                flush_buffer)), "candidates": {}}
        for path, function in kernels.items():
            correct = task.check(clone(data), function(clone(data)))
            row["candidates"][path] = {"correct": correct, **summary(time_kernel(task, case, function, data,
                                                                                 arguments, flush_buffer))}
        cases.append(row)
    geomeans = {}
    for path in kernels:
        speedups = [c["reference"]["median_us"] / c["candidates"][path]["median_us"] for c in cases]
        geomeans[path] = math.exp(sum(math.log(s) for s in speedups) / len(speedups))
    options = {k: getattr(arguments, k) for k in ("samples", "warmup", "fresh_inputs", "sync_before_end", "recheck")}
    print(json.dumps({"task": arguments.task, "device_name": torch.cuda.get_device_name(), "torch": torch.__version__,
                      "options": options, "cases": cases, "geomean_speedup": geomeans}))


if __name__ == "__main__":
    main()
