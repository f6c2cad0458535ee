"""Runs kfx_harness.py as kfx-measure does (a fresh process) on the fixtures, and reads its JSON lines."""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
HARNESS_DIR = os.path.join(ROOT, "core", "measure", "harness")
HARNESS = os.path.join(HARNESS_DIR, "kfx_harness.py")
FIXTURES = os.path.join(HERE, "fixtures")
VECTOR_ADD = os.path.join(FIXTURES, "vector_add")
KB_MLP = os.path.join(FIXTURES, "kb_mlp")


def candidate(name: str, folder: str = "candidates") -> str:
    return os.path.join(FIXTURES, folder, name + ".py")


class Run:
    """One harness process: its exit status, every stdout line parsed, and stderr."""

    def __init__(self, completed: subprocess.CompletedProcess):
        self.returncode = completed.returncode
        self.stderr = completed.stderr
        # Every stdout line must be JSON: json.loads raises (and the test fails) on anything a candidate printed.
        self.lines = [json.loads(line) for line in completed.stdout.splitlines()]
        self.results = [line for line in self.lines if line.get("type") == "result"]

    @property
    def result(self) -> dict:
        assert len(self.results) == 1, f"expected one result line, got {self.lines}\nstderr: {self.stderr[-2000:]}"
        return self.results[0]


def protocol_result(run: Run):
    """The result as a reader of the protocol must take it: the one result line, the last line; None when more
    than one arrived (a candidate forged one)."""
    return run.results[0] if len(run.results) == 1 and run.lines[-1] is run.results[0] else None


def run_harness(candidate_path: str, task: str = VECTOR_ADD, timing: str = "reference", timeout: float = 60,
                extra=(), device: str = "cpu", budget_ms: float = 20, env=None) -> Run:
    command = [sys.executable, HARNESS, "--task", task, "--candidate", candidate_path, "--timing", timing,
               "--device", device, "--time-budget-ms", str(budget_ms), *extra]
    return Run(subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env))


def add_harness_to_path():
    if HARNESS_DIR not in sys.path:
        sys.path.insert(0, HARNESS_DIR)
