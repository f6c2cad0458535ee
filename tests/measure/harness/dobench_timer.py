#!/usr/bin/env python3
"""A second independent clock for kfx's harness (issue 26): Triton's own benchmark helper,
triton.testing.do_bench, around one call of each kernel, per benchmark case, with the median it returns.

do_bench clears the L2 (it writes a 256 MB buffer) before each repetition and brackets every call with a pair of
CUDA events, but it queues all repetitions before it synchronises once at the end: the host runs ahead of the
device, so the host's own time in a call (a module built per call, Python launches) is hidden behind the device's
work of earlier repetitions wherever the device has any. independent_timer.py synchronises before every sample
and so does not; the two differ by that much on launch-bound kernels.

The tasks and candidates are loaded through independent_timer.py's loaders (no harness module); the inputs are
generated once per case, each kernel is checked once against the task's check, then timed with about --reps
repetitions: do_bench's `rep` (milliseconds) is set from a quick estimate of each kernel's time.

  python3 dobench_timer.py --task resources/tasks/trimul --candidate A.py [B.py ...] [--reps 50]
"""

import argparse
import json
import math
import os
import statistics
import sys

import torch
import triton
import triton.testing

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import independent_timer  # noqa: E402  (the task loaders only)


def estimate_ms(function, data) -> float:
    for _ in range(2):
        function(data)
    torch.cuda.synchronize()
    times = []
    for _ in range(3):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        function(data)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def bench(function, data, reps: int) -> dict:
    estimate = estimate_ms(function, data)
    # do_bench runs max(1, int(rep / its own estimate)) repetitions and max(1, int(warmup / estimate)) warm-ups.
    samples = triton.testing.do_bench(lambda: function(data), warmup=max(1.0, 3 * estimate),
                                      rep=max(1.0, reps * estimate), return_mode="all")
    samples_us = [s * 1e3 for s in samples]
    return {"median_us": statistics.median(samples_us), "min_us": min(samples_us), "samples": len(samples_us),
            "estimate_us": estimate * 1e3}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--task", required=True)
    parser.add_argument("--candidate", required=True, nargs="+")
    parser.add_argument("--reps", type=int, default=50)
    arguments = parser.parse_args(argv)
    os.environ.setdefault("KFX_HARNESS_DEVICE", "cuda")
    gpu_mode = os.path.isfile(os.path.join(arguments.task, "task.yml"))
    task = (independent_timer.GpuModeTask if gpu_mode else independent_timer.KernelBenchTask)(arguments.task)
    kernels = {path: task.kernel(path) for path in arguments.candidate}
    cases = []
    for case in task.cases:
        data = task.generate(case)
        row = {"case": case, "reference": bench(task.reference, data, arguments.reps), "candidates": {}}
        for path, function in kernels.items():
            correct = task.check(independent_timer.clone(data), function(independent_timer.clone(data)))
            row["candidates"][path] = {"correct": correct, **bench(function, data, arguments.reps)}
        cases.append(row)
        print(json.dumps({"case": case, "reference_us": round(row["reference"]["median_us"], 1),
                          **{os.path.basename(p): round(r["median_us"], 1) for p, r in row["candidates"].items()}}),
              file=sys.stderr, flush=True)
    geomeans = {}
    for path in kernels:
        speedups = [c["reference"]["median_us"] / c["candidates"][path]["median_us"] for c in cases]
        geomeans[path] = math.exp(sum(math.log(s) for s in speedups) / len(speedups))
    print(json.dumps({"task": arguments.task, "clock": "triton.testing.do_bench", "triton": triton.__version__,
                      "device_name": torch.cuda.get_device_name(), "torch": torch.__version__,
                      "reps": arguments.reps, "cases": cases, "geomean_speedup": geomeans}))


if __name__ == "__main__":
    main()
