#!/usr/bin/env python3
"""The race check on a GPU (issue 26; core/measure/MEASUREMENTS.md, "Racy kernels under racecheck").

Measures template-mutation kernels through a kfx-measure worker and prints, for each, the result's kind, its
race_check status and how long the check took. The kernels are instantiated from resources/corpus/TASK/mutations.json
the way a search does (knobs into {{NAME}}, then one bug's replace/with). Then one kernel again (the cached verdict)
and one through a worker that finds no compute-sanitizer (the flag). Writes every result line to OUT/results.jsonl
and racecheck's own output for the racy row_softmax kernel to OUT/racecheck-missing_max_barrier.txt.

With "sweep" as a fourth argument it measures instead every knob combination of row_softmax's block_float4 with the
missing_max_barrier bug (90), then the bug-free kernels at UNROLL=1, MIN_BLOCKS=1 (10), and counts per BLOCK how
many the output check failed, how many racecheck caught after the outputs passed, and how many passed both.

With "list FILE" instead (issue 26, the landscape's racy successes) it measures the kernels FILE names, one
"TASK_DIR<TAB>KERNEL_FILE" a line as gpu-landscape.sh takes them (`landscape-list.py --race-check` writes it), in
order, and writes each result to OUT/results.jsonl in gpu-landscape.py's form (task, kernel, gpu, wall_s, result), so
that landscape-assemble.py --race-checks reads it as it reads a landscape run; then a count per task, bug and
verdict.

Usage: racecheck_gpu.py WORKER SECONDS OUT [sweep | list FILE]
"""
import itertools
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def instantiate(task, template, knobs, bug=None):
    spec = json.load(open(os.path.join(ROOT, "resources/corpus", task, "mutations.json")))
    entry = spec["templates"][template]
    source = open(os.path.join(ROOT, "resources/corpus", task, entry["file"])).read()
    for name, value in knobs.items():
        source = source.replace("{{%s}}" % name, str(value))
    if bug:
        (found,) = [b for b in entry["bugs"] if b["name"] == bug]
        assert source.count(found["replace"]) == 1, (task, template, bug)
        source = source.replace(found["replace"], found["with"])
    task_dir = os.path.normpath(os.path.join(ROOT, "resources/corpus", task, spec["task"]))
    return task_dir, source


RS = {"BLOCK": 128, "UNROLL": 1, "EXP": "__expf", "MIN_BLOCKS": 1}
KERNELS = [
    # (label, task, template, knobs, bug)
    ("rs block_float4 (a)", "row_softmax", "block_float4", RS, None),
    ("rs block_float4 missing_max_barrier (b)", "row_softmax", "block_float4", RS, "missing_max_barrier"),
    ("rs block_float4 missing_max_barrier again", "row_softmax", "block_float4", RS, "missing_max_barrier"),
    ("rs block_float4 B256 expf missing_max_barrier", "row_softmax", "block_float4",
     dict(RS, BLOCK=256, EXP="expf"), "missing_max_barrier"),
    ("rs block_per_row", "row_softmax", "block_per_row", dict(RS, BLOCK=256), None),
    ("rs block_per_row missing_tree_barrier", "row_softmax", "block_per_row", dict(RS, BLOCK=256),
     "missing_tree_barrier"),
    ("rs block_per_row missing_max_barrier", "row_softmax", "block_per_row", dict(RS, BLOCK=256),
     "missing_max_barrier"),
    ("rs warp_per_row", "row_softmax", "warp_per_row", {"ROWS": 4, "UNROLL": 1, "EXP": "expf", "MIN_BLOCKS": 1}, None),
    ("rs warp_registers", "row_softmax", "warp_registers", None, None),
    ("transpose tiled", "transpose", "tiled", {"TILE": 32, "PAD": 1, "MIN_BLOCKS": 1}, None),
    ("transpose tiled missing_barrier", "transpose", "tiled", {"TILE": 32, "PAD": 1, "MIN_BLOCKS": 1},
     "missing_barrier"),
    ("layer_norm block_per_row", "layer_norm", "block_per_row", None, None),
    ("layer_norm block_per_row missing_tree_barrier", "layer_norm", "block_per_row", None, "missing_tree_barrier"),
    ("matmul tiled", "matmul", "tiled", {"TILE": 16, "PAD": 0, "UNROLL": 1, "MIN_BLOCKS": 1}, None),
    ("matmul tiled missing_second_barrier", "matmul", "tiled", {"TILE": 16, "PAD": 0, "UNROLL": 1, "MIN_BLOCKS": 1},
     "missing_second_barrier"),
]


def first_knobs(task, template):
    spec = json.load(open(os.path.join(ROOT, "resources/corpus", task, "mutations.json")))
    return {name: values[0] for name, values in spec["templates"][template]["knobs"].items()}


class Worker:
    def __init__(self, command, env=None):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env=env)
        self.count = 0

    def measure(self, task_dir, source, label, kernel_file=None):
        self.count += 1
        rid = str(self.count)
        request = {"protocol": 1, "id": rid, "type": "measure", "task": task_dir, "candidate_label": label,
                   "timing": "reference", "time_budget_ms": 100}
        if kernel_file:
            request["candidate"] = kernel_file
        else:
            request["candidate_source"] = source
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        for line in self.process.stdout:
            message = json.loads(line)
            if message.get("id") == rid and message.get("type") == "result":
                return message
        raise RuntimeError("the worker exited")

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def sweep(worker_command, deadline, out):
    spec = json.load(open(os.path.join(ROOT, "resources/corpus/row_softmax/mutations.json")))
    knobs = spec["templates"]["block_float4"]["knobs"]
    names = list(knobs)
    combos = [dict(zip(names, values)) for values in itertools.product(*(knobs[n] for n in names))]
    runs = [(k, "missing_max_barrier") for k in combos]
    runs += [(k, None) for k in combos if k["UNROLL"] == 1 and k["MIN_BLOCKS"] == 1]
    results = open(os.path.join(out, "sweep.jsonl"), "w")
    worker = Worker([worker_command])
    counts = {}
    check_ms = []
    left = 0
    for knob, bug in runs:
        if time.time() > deadline:
            left += 1
            continue
        task_dir, source = instantiate("row_softmax", "block_float4", knob, bug)
        label = "block_float4 " + " ".join("%s=%s" % kv for kv in knob.items()) + (" " + bug if bug else "")
        result = worker.measure(task_dir, source, label)
        result["knobs"], result["bug"] = knob, bug
        results.write(json.dumps(result) + "\n")
        race = result.get("race_check", {})
        if race.get("ms") and not race.get("cached"):
            check_ms.append(race["ms"])
        outcome = ("output check failed" if result["kind"] == "incorrect" and not race else
                   "race found" if race.get("status") == "race" else
                   result["kind"] + " / race check " + race.get("status", "-"))
        key = (bug or "no bug", knob["BLOCK"], outcome)
        counts[key] = counts.get(key, 0) + 1
    worker.close()
    print("%-20s %6s %-40s %s" % ("bug", "BLOCK", "outcome", "kernels"))
    for (bug, block, outcome), n in sorted(counts.items()):
        print("%-20s %6s %-40s %d" % (bug, block, outcome, n))
    totals = {}
    for (bug, _, outcome), n in counts.items():
        totals[(bug, outcome)] = totals.get((bug, outcome), 0) + n
    for (bug, outcome), n in sorted(totals.items()):
        print("total %-14s %-40s %d" % (bug, outcome, n))
    if check_ms:
        check_ms.sort()
        print("race check: %d runs, median %.2f s, min %.2f s, max %.2f s" % (
            len(check_ms), check_ms[len(check_ms) // 2] / 1000, check_ms[0] / 1000, check_ms[-1] / 1000))
    if left:
        print("left out (no time): %d kernels" % left)


def kernel_list(worker_command, deadline, out, path):
    entries = [line.rstrip("\n").split("\t") for line in open(path) if line.strip()]
    results = open(os.path.join(out, "results.jsonl"), "w")
    worker = None
    counts = {}
    check_ms = []
    left = 0
    for task_dir, kernel in entries:
        if time.time() > deadline:
            left += 1
            continue
        # The variant line names template, knobs and bug (landscape-assemble.py's variant_of reads it the same way).
        variant = open(kernel).readline().split("kfx-variant:", 1)[1].strip()
        bug = variant.split("bug=", 1)[1].split()[0] if "bug=" in variant else "no bug"
        if worker is None:
            worker = Worker([worker_command])
        start = time.time()
        try:
            result = worker.measure(task_dir, None, variant, kernel)
        except (RuntimeError, BrokenPipeError, ValueError):
            # A sticky CUDA error ends the worker (PROTOCOL.md): the next kernel starts a fresh one.
            result = {"kind": "infrastructure_failure", "worker_lost": True}
            worker = None
        wall = round(time.time() - start, 3)
        if result.get("sticky") and worker is not None:
            worker.close()
            worker = None
        results.write(json.dumps({"task": task_dir, "kernel": kernel, "gpu": 0, "wall_s": wall,
                                  "result": result}) + "\n")
        results.flush()
        race = result.get("race_check", {})
        if race.get("ms") and not race.get("cached"):
            check_ms.append(race["ms"])
        outcome = ("race found" if race.get("status") == "race" else
                   "output check failed" if result["kind"] == "incorrect" else
                   result["kind"] + " / race check " + race.get("status", "-"))
        key = (os.path.basename(task_dir), bug, outcome)
        counts[key] = counts.get(key, 0) + 1
    if worker is not None:
        worker.close()
    print("%-12s %-24s %-40s %s" % ("task", "bug", "outcome", "kernels"))
    for (task, bug, outcome), n in sorted(counts.items()):
        print("%-12s %-24s %-40s %d" % (task, bug, outcome, n))
    if check_ms:
        check_ms.sort()
        print("race check: %d runs, median %.2f s, min %.2f s, max %.2f s" % (
            len(check_ms), check_ms[len(check_ms) // 2] / 1000, check_ms[0] / 1000, check_ms[-1] / 1000))
    print("left out (no time): %d kernels" % left)


def main():
    worker_command, seconds, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    if len(sys.argv) > 4 and sys.argv[4] == "sweep":
        return sweep(worker_command, time.time() + seconds, out)
    if len(sys.argv) > 5 and sys.argv[4] == "list":
        return kernel_list(worker_command, time.time() + seconds, out, sys.argv[5])
    deadline = time.time() + seconds
    results = open(os.path.join(out, "results.jsonl"), "w")
    rows = []

    # No compute-sanitizer: the flag (cheap, first).
    env = dict(os.environ, KFX_COMPUTE_SANITIZER="/nonexistent/compute-sanitizer")
    lone = Worker([worker_command], env)
    task_dir, source = instantiate("row_softmax", "block_float4", RS)
    result = lone.measure(task_dir, source, "rs block_float4, no compute-sanitizer")
    lone.close()
    results.write(json.dumps(result) + "\n")
    rows.append(("rs block_float4, no compute-sanitizer", result))

    worker = Worker([worker_command])
    for label, task, template, knobs, bug in KERNELS:
        if time.time() > deadline:
            print("left out (no time):", label)
            continue
        task_dir, source = instantiate(task, template, knobs or first_knobs(task, template), bug)
        start = time.time()
        result = worker.measure(task_dir, source, label)
        result["wall_s"] = round(time.time() - start, 2)
        results.write(json.dumps(result) + "\n")
        results.flush()
        rows.append((label, result))
        race = result.get("race_check", {})
        if bug == "missing_max_barrier" and race.get("command") and task == "row_softmax" and "B256" not in label:
            raw = subprocess.run(race["command"], shell=True, capture_output=True, text=True, timeout=120)
            with open(os.path.join(out, "racecheck-missing_max_barrier.txt"), "w") as f:
                f.write("$ " + race["command"] + "\n# exit %d\n" % raw.returncode + raw.stdout + "\n# stderr\n"
                        + raw.stderr)
    worker.close()

    print("%-48s %-10s %-11s %5s %8s %6s  %s" % ("kernel", "kind", "race_check", "case", "check_s", "wall_s",
                                               "detail"))
    for label, result in rows:
        race = result.get("race_check", {})
        detail = result.get("error_message") or race.get("detail") or ""
        print("%-48s %-10s %-11s %5s %8.2f %6s  %s" % (
            label[:48], result.get("kind"), race.get("status", "-") + ("*" if race.get("cached") else ""),
            race.get("case", "-"), race.get("ms", 0) / 1000, result.get("wall_s", "-"), detail[:150]))
    print("(* = cached verdict)")


if __name__ == "__main__":
    main()
