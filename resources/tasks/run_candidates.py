#!/usr/bin/env python3
"""Runs the bundled tasks' seeds (both protocols) and candidates (robust) through kfx's harness on a GPU and
prints one line per run. For the H100 session of issue 13:

    python3 resources/tasks/run_candidates.py --out /tmp/kfx_candidates.jsonl

First every load_inline candidate is imported once in parallel, so that the nvcc builds (the slow part of a
cold start, ~30 s each) overlap; their build times are printed. The timed runs then find the extensions built
and report the warm compile time, as a worker that has seen the candidate before would.
Each run is a fresh harness process, killed (with its process group) after --timeout seconds: that is how the
planted hang ends, as the worker would end it.

Expected on an H100 (not yet measured): the parallel builds ~45 s, then 28 runs of ~3-8 s each (process start
and torch import dominate the small cases), ~3-4 minutes in all; `--only seeds` and `--only candidates` split it.
On a machine without a GPU, `--device cpu --only seeds` runs the seeds on the tasks' CPU cases (~30 s).
"""

import argparse
import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TASKS = Path(__file__).resolve().parent
HARNESS = TASKS.parent.parent / "core" / "measure" / "harness" / "kfx_harness.py"
GPU_MODE_TASKS = ("trimul", "cross_entropy", "gdn_chunk_fwd_h", "gdn_chunk_fwd_o", "gdn_recompute_w_u", "fp8_quant")
KERNELBENCH_TASKS = ("kernelbench_l3_mlp",)
HANG_TIMEOUT_S = 25  # the planted hang: start, warm extension load, inputs, then a synchronisation that never returns


def run_group(command: list, timeout: float, env: dict) -> tuple:
    """(returncode or None when killed, stdout, stderr, seconds), killing the whole process group on timeout."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
        return process.returncode, out, err, time.monotonic() - start
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return None, out, err, time.monotonic() - start


def prebuild(candidate: Path, env: dict) -> str:
    """Imports a load_inline candidate (building its extension) with its task directory on sys.path."""
    code = "import sys, runpy; sys.path.insert(0, sys.argv[1]); runpy.run_path(sys.argv[2])"
    status, _, err, seconds = run_group([sys.executable, "-c", code, str(candidate.parent.parent), str(candidate)],
                                        600, env)
    verdict = "built" if status == 0 else f"FAILED ({err.strip().splitlines()[-1] if err.strip() else status})"
    return f"{candidate.parent.parent.name}/{candidate.name}: {verdict} in {seconds:.1f} s"


def parse_json(line: str) -> dict:
    """One protocol line; {} for anything else (a line cut short when a hung run was killed)."""
    try:
        value = json.loads(line)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def summary(result: dict) -> str:
    kind = result.get("kind", "?")
    if kind == "success":
        cases = " ".join(f"{c.get('speedup', 0):.2f}" for c in result.get("cases", []))
        return f"success geomean {result.get('aggregated_speedup', 0):.3f}x [{cases}]"
    detail = (result.get("runtime_error_name") or "") + " " + str(
        result.get("error_message") or result.get("runtime_error") or result.get("compilation_error") or "")
    if result.get("sticky"):
        detail += " (sticky)"
    return f"{kind}: {' '.join(detail.split())[:140]}"


def measure(task: Path, candidate: Path, protocol: str, timeout: float, env: dict, device: str) -> dict:
    command = [sys.executable, str(HARNESS), "--task", str(task), "--candidate", str(candidate), "--timing", protocol,
               "--device", device]
    status, out, err, seconds = run_group(command, timeout, env)
    result = next((line for line in map(parse_json, out.splitlines()) if line.get("type") == "result"), None)
    if result is None:
        reason = "timeout (process group killed)" if status is None else f"no result, exit status {status}"
        result = {"kind": "no_result", "error_message": f"{reason}; stderr: {err.strip()[-300:]}"}
    result["wall_s"] = seconds
    result["label"] = f"{task.name}/{candidate.name}"
    result["protocol_run"] = protocol
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="also write every result as a JSON line here")
    parser.add_argument("--timeout", type=float, default=180, help="seconds per run before the group is killed")
    parser.add_argument("--only", choices=("seeds", "candidates"), help="run one half only")
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda",
                        help="cpu: a smoke test of this script on the tasks' CPU cases (seeds only)")
    args = parser.parse_args()
    if args.device == "cpu" and args.only != "seeds":
        parser.error("the candidates need a GPU: use --only seeds with --device cpu")
    began = time.monotonic()
    env = dict(os.environ)
    env.setdefault("TORCH_EXTENSIONS_DIR", str(Path(tempfile.gettempdir()) / "kfx_torch_extensions"))

    runs = []  # (task dir, candidate file, protocol, timeout)
    if args.only != "candidates":
        for name in GPU_MODE_TASKS + KERNELBENCH_TASKS:
            for protocol in ("reference", "robust"):
                runs.append((TASKS / name, TASKS / name / "seed.py", protocol, args.timeout))
    candidates = sorted(TASKS.glob("*/candidates/*.py"))
    if args.only != "seeds":
        for candidate in candidates:
            timeout = HANG_TIMEOUT_S if "hang" in candidate.name else args.timeout
            runs.append((candidate.parent.parent, candidate, "robust", timeout))
        compiled = [c for c in candidates if "load_inline" in c.read_text()]
        start = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(compiled) or 1) as pool:
            for line in pool.map(lambda c: prebuild(c, env), compiled):
                print(f"prebuild {line}", flush=True)
        print(f"prebuild: {len(compiled)} extensions in {time.monotonic() - start:.1f} s (in parallel)", flush=True)

    sink = open(args.out, "w") if args.out else None
    for task, candidate, protocol, timeout in runs:
        result = measure(task, candidate, protocol, timeout, env, args.device)
        compile_ms = (result.get("compile") or {}).get("candidate", {}).get("ms")
        flags = ",".join(s.get("kind", "?") for s in result.get("suspicions") or []) or "-"
        compile_text = f"{compile_ms / 1000:5.1f}" if isinstance(compile_ms, (int, float)) else "    -"
        print(f"{result['label']:52} {protocol:9} wall {result['wall_s']:5.1f}s compile {compile_text}s "
              f"flags {flags:12} {summary(result)}", flush=True)
        if sink:
            sink.write(json.dumps(result) + "\n")
            sink.flush()
    print(f"{len(runs)} runs in {time.monotonic() - began:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
