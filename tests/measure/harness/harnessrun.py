"""Runs kfx_harness.py on the fixtures, as a fresh process or, as kfx-measure does, in a child of the fork server,
and reads its JSON lines."""

import json
import os
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
HARNESS_DIR = os.path.join(ROOT, "core", "measure", "harness")
HARNESS = os.path.join(HARNESS_DIR, "kfx_harness.py")
FORK_SERVER = os.path.join(HARNESS_DIR, "kfx_forkserver.py")
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


class PipeLines:
    """Whole lines from a child's unbuffered pipe, each within a timeout. The lines are split here: a buffered
    readline() after select() could take two lines from the pipe and return one, and the next select() then waited
    for the other, already read, until its timeout (the fork server's relayed last line and its "@exit" written
    together: on a busy machine, measure_attacks_cpu hung 300 s)."""

    def __init__(self, pipe):
        self._pipe = pipe
        self._unread = b""

    def line(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while b"\n" not in self._unread:
            ready, _, _ = select.select([self._pipe], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no line from the fork server within {timeout} s")
            data = os.read(self._pipe.fileno(), 65536)
            if not data:
                raise AssertionError("the fork server closed its output")
            self._unread += data
        line, self._unread = self._unread.split(b"\n", 1)
        return line.decode()


class ForkServer:
    """kfx_forkserver.py driven as the worker drives it: JSON lines in, relayed lines and "@" lines out."""

    def __init__(self, entry=None, env=None, start_timeout=60):
        command = [sys.executable, FORK_SERVER] + (["--entry", entry] if entry else [])
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
                                        stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        self._lines = PipeLines(self.process.stdout)
        self.ready = json.loads(self.line(start_timeout).removeprefix("@ready "))

    def line(self, timeout: float) -> str:
        return self._lines.line(timeout)

    def send(self, message: dict):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def until_exit(self, timeout: float = 60) -> tuple:
        """The candidate's relayed lines, parsed, and the server's exit record."""
        lines = []
        while not (line := self.line(timeout)).startswith("@exit "):
            lines.append(json.loads(line))
        return lines, json.loads(line.removeprefix("@exit "))

    def run_harness(self, candidate_path: str, task: str = VECTOR_ADD, timing: str = "reference",
                    timeout: float = 60, device: str = "cpu", budget_ms: float = 20) -> Run:
        """run_harness() in a forked child: the worker's path."""
        self.send({"type": "run", "argv": ["--task", task, "--candidate", candidate_path, "--timing", timing,
                                           "--device", device, "--time-budget-ms", str(budget_ms)]})
        try:
            lines, ended = self.until_exit(timeout)
        except AssertionError:  # a hang: the server takes no other candidate until this one is stopped
            self.send({"type": "stop"})
            self.until_exit()
            raise
        return Run(subprocess.CompletedProcess(FORK_SERVER, ended["status"],
                                               "\n".join(json.dumps(line) for line in lines), ""))

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()
