#!/usr/bin/env python3
"""Where a trimul candidate's time goes on the GPU (issue 26): torch.profiler over 3 calls on each of the given
benchmark cases (1-based), after 3 warm-up calls; prints the device kernels by total device time.

  python3 tests/measure/harness/profile_trimul_candidate.py CANDIDATE.py [CASE ...]   (from the repository root;
  cases default to 5 and 7)
"""
import os
import sys

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import independent_timer  # noqa: E402  (the task loader only)

os.environ.setdefault("KFX_HARNESS_DEVICE", "cuda")
task = independent_timer.GpuModeTask("resources/tasks/trimul")
kernel = task.kernel(sys.argv[1])
for number in [int(c) for c in sys.argv[2:]] or [5, 7]:
    case = task.cases[number - 1]
    data = task.generate(case)
    for _ in range(3):
        kernel(data)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as run:
        for _ in range(3):
            kernel(data)
        torch.cuda.synchronize()
    print(f"== {os.path.basename(sys.argv[1])} case {number} {case} (3 calls)")
    try:
        table = run.key_averages().table(sort_by="device_time_total", row_limit=18, max_name_column_width=60)
    except (AttributeError, KeyError, ValueError):
        table = run.key_averages().table(sort_by="cuda_time_total", row_limit=18, max_name_column_width=60)
    print(table, flush=True)
