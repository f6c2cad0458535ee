#!/usr/bin/env python3
"""Issue 26: why `forged_result` came back `infrastructure_failure` through the fork server on the GPU (CUDA "OS call
failed" while generating inputs) where a fresh harness process gave `incorrect`. One GPU run, from the repository
root (the call that made forkserver_fds_issue26.json; MEASUREMENTS.md says which):

    python3 tests/measure/harness/data/fd_probe_issue26.py --device cuda --out $OUT/fds.json [--worker /tmp/m/kfx-measure]

1. A fresh `python3` that imports what the fork server imports lists its descriptors, then again after CUDA starts.
2. A probe candidate lists its descriptors (readlink target, type, and for a pipe every other process that holds
   it) at import and at its first call, in a fresh kfx_harness.py process and in a child of the fork server.
3. The forged_result attack as a fresh process, in a fork-server child, and in two variants there: one writing
   only into pipes that another process also holds (the result channel), one only into pipes no other process
   holds (the process's own, e.g. ones CUDA made); with --worker, the attack through kfx-measure too.
Prints a summary and writes everything to --out."""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from harnessrun import FIXTURES, ROOT, VECTOR_ADD, ForkServer, run_harness  # noqa: E402

DUMP_DIR = "/tmp/kfx-fd-probe"

LISTING = r'''
import json, os, stat, sys


def _holders(inode):
    """Other processes' descriptors that point at the same pipe."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    if os.readlink(f"/proc/{pid}/fd/{fd}") == inode:
                        with open(f"/proc/{pid}/cmdline", "rb") as cmd:
                            found.append(f"{pid}:{fd} " + cmd.read().replace(b"\0", b" ").decode()[:120])
                except OSError:
                    pass
        except OSError:
            pass
    return found


def fd_listing():
    listing = {}
    for name in sorted(os.listdir("/proc/self/fd"), key=int):
        fd = int(name)
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
            mode = os.fstat(fd).st_mode
        except OSError:
            continue  # the listing's own descriptor, closed by now
        kind = ("fifo" if stat.S_ISFIFO(mode) else "socket" if stat.S_ISSOCK(mode) else
                "chr" if stat.S_ISCHR(mode) else "file" if stat.S_ISREG(mode) else "dir" if stat.S_ISDIR(mode)
                else "other")
        entry = {"target": target, "type": kind}
        if kind == "fifo":
            entry["others"] = _holders(target)
        listing[fd] = entry
    torch = sys.modules.get("torch")
    return {"pid": os.getpid(), "ppid": os.getppid(), "fds": listing,
            "cuda_initialized": bool(torch is not None and torch.cuda.is_initialized()),
            "threads": len(os.listdir("/proc/self/task"))}
'''

PROBE = LISTING + r'''

def _dump(stage):
    with open(os.path.join(DUMP_DIR, stage + ".json"), "w") as out:
        json.dump(fd_listing(), out)


_dump("import")
_called = False


def custom_kernel(data):
    global _called
    if not _called:
        _called = True
        _dump("call")
    a, b = data
    return a + b
'''

# Which pipes a forged line goes into: "all" as the attack does (every FIFO but 0 and 2), "shared" those another
# process also holds, "own" those no other process holds.
FORGE = LISTING + r'''
import torch

FORGED = json.dumps({"type": "result", "kind": "success", "aggregated_speedup": 9.5, "cases": [],
                     "aggregation_method": "geomean", "bin": 8, "device": "cuda"}) + "\n"
written = []
for fd, entry in fd_listing()["fds"].items():
    if fd in (0, 2) or entry["type"] != "fifo":
        continue
    if WHICH == "shared" and not entry["others"] or WHICH == "own" and entry["others"]:
        continue
    try:
        os.write(fd, FORGED.encode())
        written.append(f"{fd} {entry['target']} others={entry['others']}")
    except OSError as error:
        written.append(f"{fd} {entry['target']} failed: {error}")
with open(os.path.join(DUMP_DIR, "forged.json"), "w") as out:
    json.dump({"which": WHICH, "written": written, "cuda_initialized": torch.cuda.is_initialized()}, out)


def custom_kernel(data):
    a, _ = data
    return torch.zeros_like(a)
'''


def fresh_python(device: str) -> dict:
    code = (LISTING + "\nimport torch, triton, triton.language, numpy, yaml\nresult = {'imported': fd_listing()}\n"
            + ("torch.zeros(1, device='cuda'); result['cuda_started'] = fd_listing()\n" if device == "cuda" else "")
            + "print(json.dumps(result))\n")
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    return json.loads(completed.stdout.splitlines()[-1]) if completed.returncode == 0 else {"error": completed.stderr}


def collect(stages=("import", "call", "forged")) -> dict:
    found = {}
    for stage in stages:
        path = os.path.join(DUMP_DIR, stage + ".json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as dump:
                found[stage] = json.load(dump)
            os.unlink(path)
    return found


def summary(run) -> dict:
    results = run.results
    return {"result_lines": len(results), "status": run.returncode,
            "own_line": {key: results[-1].get(key) for key in ("kind", "verdict", "error_message", "reason",
                                                               "runtime_error_name")} if results else None}


def through_worker(worker: str, device: str, candidate: str) -> dict:
    process = subprocess.Popen([worker], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    request = {"protocol": 1, "id": "forged", "type": "measure", "task": VECTOR_ADD, "candidate": candidate,
               "timing": "robust", "device": device, "python": [sys.executable]}
    process.stdin.write(json.dumps(request) + "\n")
    process.stdin.flush()
    lines = []
    for line in process.stdout:
        lines.append(json.loads(line))
        if lines[-1].get("type") == "result":
            break
    process.stdin.write('{"protocol":1,"id":"end","type":"shutdown"}\n')
    process.stdin.close()
    status = process.wait(timeout=60)
    result = lines[-1] if lines else {}
    return {"worker_status": status, "result": {key: result.get(key) for key in
                                               ("kind", "verdict", "hacks", "error_message")}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    parser.add_argument("--out", required=True)
    parser.add_argument("--worker", help="kfx-measure, to send the forged attack through the worker too")
    arguments = parser.parse_args()
    shutil.rmtree(DUMP_DIR, ignore_errors=True)
    os.makedirs(DUMP_DIR)
    os.chmod(DUMP_DIR, 0o777)
    budget = 20 if arguments.device == "cpu" else 200
    report = {"fresh_python": fresh_python(arguments.device)}
    with tempfile.TemporaryDirectory() as folder:
        probe = os.path.join(folder, "fd_probe.py")
        with open(probe, "w", encoding="utf-8") as source:
            source.write(f"DUMP_DIR = {DUMP_DIR!r}\n" + PROBE)
        forged = {}
        for which in ("all", "shared", "own"):
            forged[which] = os.path.join(folder, f"forged_{which}.py")
            with open(forged[which], "w", encoding="utf-8") as source:
                source.write(f"DUMP_DIR = {DUMP_DIR!r}\nWHICH = {which!r}\n" + FORGE)
        attack = os.path.join(FIXTURES, "attacks", "forged_result.py")
        run = lambda runner, path: runner(path, task=VECTOR_ADD, timing="robust", device=arguments.device,
                                          budget_ms=budget, timeout=300)
        report["fresh_probe"] = {**summary(run(run_harness, probe)), **collect()}
        report["fresh_attack"] = summary(run(run_harness, attack))
        report["fresh_forged_all"] = {**summary(run(run_harness, forged["all"])), **collect()}
        server = ForkServer()
        try:
            server_fds = f"/proc/{server.ready['pid']}/fd"
            report["server"] = {"ready": server.ready, "fds": {fd: os.readlink(os.path.join(server_fds, fd))
                                                               for fd in sorted(os.listdir(server_fds), key=int)}}
            report["forked_probe"] = {**summary(run(server.run_harness, probe)), **collect()}
            report["forked_attack"] = summary(run(server.run_harness, attack))
            for which in ("all", "shared", "own"):
                report[f"forked_forged_{which}"] = {**summary(run(server.run_harness, forged[which])), **collect()}
            report["forked_probe_after"] = summary(run(server.run_harness, probe))
            collect()
        finally:
            server.close()
        if arguments.worker:
            report["worker_attack"] = through_worker(arguments.worker, arguments.device, attack)
    with open(arguments.out, "w", encoding="utf-8") as out:
        json.dump(report, out, indent=1)
    for name, part in report.items():
        if isinstance(part, dict) and "result_lines" in part:
            line = part["own_line"] or {}
            print(f"{name:22} lines {part['result_lines']}  {line.get('kind')}  {line.get('verdict')}  "
                  f"{(line.get('error_message') or line.get('reason') or '')[:150]}")
            if "forged" in part:
                print(f"{'':22} wrote into: {part['forged']['written']}")
    if "worker_attack" in report:
        print("worker_attack         ", report["worker_attack"])
    for name in ("fresh_probe", "forked_probe"):
        for stage in ("import", "call"):
            dump = report.get(name, {}).get(stage)
            if dump:
                print(f"{name} at {stage}: cuda_initialized {dump['cuda_initialized']} threads {dump['threads']}")
                for fd, entry in dump["fds"].items():
                    print(f"   {fd:>3} {entry['type']:6} {entry['target']:40} {'; '.join(entry.get('others', []))[:160]}")


if __name__ == "__main__":
    main()
