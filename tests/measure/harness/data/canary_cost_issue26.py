#!/usr/bin/env python3
"""Issue 26: what the harness's canary (protocols.Measurement.canary: each case's inputs and the reference on them,
run before the candidate is imported) costs on a task, timed twice in one process. The first run pays the
reference's one-off costs (its kernels' loading, library handles), which a measurement without the canary paid
later; the second is what the canary adds. From the repository root, one process per task:

    python3 tests/measure/harness/data/canary_cost_issue26.py resources/tasks/cross_entropy --device cuda"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "core", "measure", "harness")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("task")
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    arguments = parser.parse_args()
    os.environ["KFX_HARNESS_DEVICE"] = arguments.device
    import torch
    from kfx_harness import _open_task, parse_arguments
    from protocols import Measurement, robust_protocol
    from timing import CpuTimer, cuda_event_timer

    harness_arguments = parse_arguments(["--task", arguments.task, "--candidate", "-", "--device", arguments.device])
    task = _open_task(harness_arguments, torch, 1e9)
    cases = task.cases(harness_arguments.cases)
    timer = cuda_event_timer(torch, True) if arguments.device == "cuda" else CpuTimer()
    measurement = Measurement(task, robust_protocol(1e9), timer, torch, arguments.device, print, False, "-", None)
    times = []
    for _ in range(2):
        start = time.perf_counter()
        measurement.canary(cases)
        times.append((time.perf_counter() - start) * 1e3)
    print(f"{task.name}: {len(cases)} cases, canary {times[0]:.1f} ms first, {times[1]:.1f} ms again")


if __name__ == "__main__":
    main()
