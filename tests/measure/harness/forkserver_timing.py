#!/usr/bin/env python3
"""Issue 26's end-to-end figures: candidates sent one at a time through one kfx-measure worker (and so through its
fork server), each request's wall time from writing it to reading its result, then the faults that must each cost
one result (an illegal address, os._exit, a spinning kernel, a process left behind in its own session) and a
candidate after them. The baseline is the same Triton candidate as fresh `kfx_harness.py` processes, as the worker
ran them before the fork server. Prints one line per request and a summary; writes every result to --out.

    python3 tests/measure/harness/forkserver_timing.py --worker BUILD/kfx-measure --device cuda --out results.jsonl

With --device cpu (no GPU, for trying it out) the fixtures' vector_add task stands in for fp8_quant."""

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FIXTURES = os.path.join(HERE, "fixtures")
VECTOR_ADD = os.path.join(FIXTURES, "vector_add")
FP8 = os.path.join(ROOT, "resources", "tasks", "fp8_quant")
HARNESS = os.path.join(ROOT, "core", "measure", "harness", "kfx_harness.py")
WARM_REPEATS = 4  # of each of the two Triton candidates, alternated


def escaping_source(pid_file: str) -> str:
    """A correct vector_add candidate that leaves `sleep 600` running in a session of its own."""
    return ("import subprocess\n\n\ndef custom_kernel(data):\n    a, b = data\n"
            "    escaped = subprocess.Popen(['sleep', '600'], start_new_session=True)\n"
            f"    with open({pid_file!r}, 'a') as pids:\n        pids.write(f'{{escaped.pid}}\\n')\n"
            "    return a + b\n")


def requests(device: str, python: str, pid_file: str) -> list:
    """(label, fields) in the order sent; the label's first word groups the summary."""
    if device == "cuda":
        task, seed = FP8, os.path.join(FP8, "seed.py")
        first, second = (os.path.join(FP8, "candidates", name + ".py")
                         for name in ("triton_group_per_program", "triton_group_tiles"))
        fault = {"task": VECTOR_ADD, "candidate": os.path.join(FIXTURES, "gpu", "triton_illegal_access.py")}
        spin = {"task": VECTOR_ADD, "candidate": os.path.join(FIXTURES, "gpu", "triton_spin.py"),
                "timeout_ms": 15000}
    else:
        task, seed = VECTOR_ADD, os.path.join(FIXTURES, "candidates", "honest.py")
        first = second = seed
        fault = {"task": VECTOR_ADD, "candidate_source": "import ctypes\n\n\ndef custom_kernel(data):\n"
                 "    return ctypes.string_at(0)\n"}
        spin = {"task": VECTOR_ADD, "candidate": os.path.join(FIXTURES, "candidates", "hang.py"),
                "timeout_ms": 15000}
    sent = [("first seed", {"task": task, "candidate": seed}),
            ("cold triton_a", {"task": task, "candidate": first}),
            ("cold triton_b", {"task": task, "candidate": second})]
    for _ in range(WARM_REPEATS):
        sent += [("warm triton_a", {"task": task, "candidate": first}),
                 ("warm triton_b", {"task": task, "candidate": second})]
    sent += [("fault illegal_address", fault),
             ("fault os_exit", {"task": VECTOR_ADD, "candidate_source":
                                "import os\n\n\ndef custom_kernel(data):\n    os._exit(7)\n"}),
             ("fault spin", spin),
             ("fault escape", {"task": VECTOR_ADD, "candidate_source": escaping_source(pid_file)}),
             ("after triton_a", {"task": task, "candidate": first})]
    return [(label, {"task": fields["task"], "timing": "robust", "device": device, "python": [python], **fields})
            for label, fields in sent]


def through_worker(worker: str, device: str, python: str, sink, pid_file: str) -> dict:
    process = subprocess.Popen([worker], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    walls = {}
    for number, (label, fields) in enumerate(requests(device, python, pid_file)):
        start = time.monotonic()
        process.stdin.write(json.dumps({"protocol": 1, "id": str(number), "type": "measure", **fields}) + "\n")
        process.stdin.flush()
        result = {"kind": "worker_lost"}
        for line in process.stdout:
            if json.loads(line).get("type") == "result":
                result = json.loads(line)
                break
        wall = time.monotonic() - start
        walls.setdefault(label.split()[0], []).append(wall)
        result.update(label=label, wall_s=wall, worker_pid=process.pid)
        sink.write(json.dumps(result) + "\n")
        leftovers = [pid for pid in read_pids(pid_file) if alive(pid)]
        print(f"{label:24} {result.get('kind', '?'):16} {wall:6.2f} s  speedup "
              f"{result.get('aggregated_speedup', '-')}  {result.get('runtime_error_name') or ''}  "
              f"left running: {leftovers or 'none'}", flush=True)
    process.stdin.write('{"protocol":1,"id":"end","type":"shutdown"}\n')
    process.stdin.close()
    print(f"worker exit status {process.wait(timeout=30)} (one worker, pid {process.pid}, served every request)")
    return walls


def fresh_processes(device: str, python: str, sink) -> list:
    """The worker's path before the fork server: one kfx_harness.py process per candidate."""
    task = FP8 if device == "cuda" else VECTOR_ADD
    candidate = (os.path.join(FP8, "candidates", "triton_group_per_program.py") if device == "cuda"
                 else os.path.join(FIXTURES, "candidates", "honest.py"))
    walls = []
    for _ in range(3):
        start = time.monotonic()
        completed = subprocess.run([python, HARNESS, "--task", task, "--candidate", candidate, "--timing",
                                    "robust", "--device", device], capture_output=True, text=True, cwd=ROOT)
        walls.append(time.monotonic() - start)
        result = json.loads(completed.stdout.splitlines()[-1])
        result.update(label="fresh triton_a", wall_s=walls[-1])
        sink.write(json.dumps(result) + "\n")
        print(f"{'fresh triton_a':24} {result.get('kind'):16} {walls[-1]:6.2f} s", flush=True)
    return walls


def read_pids(path: str) -> list:
    with open(path, encoding="utf-8") as pids:
        return [int(line) for line in pids if line.strip()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", required=True)
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    parser.add_argument("--out", required=True)
    parser.add_argument("--python", default="python3", help="the interpreter with torch (and Triton on cuda)")
    arguments = parser.parse_args()
    with tempfile.NamedTemporaryFile("w", suffix=".pids", delete=False) as pids, \
            open(arguments.out, "w", encoding="utf-8") as sink:
        walls = through_worker(arguments.worker, arguments.device, arguments.python, sink, pids.name)
        walls["fresh"] = fresh_processes(arguments.device, arguments.python, sink)
        escaped = [pid for pid in read_pids(pids.name) if alive(pid)]
    os.unlink(pids.name)
    for group, values in walls.items():
        print(f"{group:8} n={len(values):2}  median {statistics.median(values):6.2f} s  "
              f"range {min(values):.2f}-{max(values):.2f} s")
    print(f"processes left running by the escaping candidate: {escaped or 'none'}")


if __name__ == "__main__":
    main()
