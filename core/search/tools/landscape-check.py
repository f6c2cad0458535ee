#!/usr/bin/env python3
"""Checks resources/landscape/ (issue 24) against the templates it was made from.

Usage: landscape-check.py [--landscape DIR] [--corpus DIR]   (defaults: resources/landscape, resources/corpus)

For each <task>.jsonl.xz: every knob setting of the task's mutations.json appears once, with its template's knobs;
kernel ids are distinct; the header's counts match the rows; each success has a positive speedup whose bin is
kfx's rule's (landscape-assemble.py's speedup_bin) and cases whose speedups multiply to it (geometric mean);
each measured failure has no speedup. Issue 26, the race check (raw/racecheck*-results.jsonl.xz, assembled with
landscape-assemble.py --race-checks): no kernel whose bug the race check found racy anywhere in a task is a success
unless the race check passed that very kernel; no kernel a race-check run failed is a success; and each run's
failures are as many as the task's rows that name that run as their source. Prints what is unmeasured and exits 1 on
the first inconsistency.
"""
import glob
import argparse
import collections
import importlib.util
import itertools
import json
import lzma
import math
import os
import sys


def fail(message):
    print("landscape-check: " + message, file=sys.stderr)
    sys.exit(1)


def race_check_failures(landscape):
    """(task, run) -> how many kernels each race-check run under LANDSCAPE/raw failed (incorrect, by racecheck or by
    the outputs on that device)."""
    failures = collections.Counter()
    for path in sorted(glob.glob(os.path.join(landscape, "raw", "racecheck*-results.jsonl.xz"))):
        with lzma.open(path, "rt") as lines:
            for row in map(json.loads, lines):
                if row["result"].get("kind") == "incorrect":
                    task = os.path.basename(os.path.dirname(row["kernel"]))
                    failures[(task, "raw/" + os.path.basename(path))] += 1
    return failures


def check_races(file, task, rows, race_failures):
    racy_bugs = {bug for row in rows if row.get("race_check", {}).get("status") == "race" for bug in row["bugs"]}
    for row in rows:
        check = row.get("race_check")
        if row["outcome"] == "success" and check and check.get("status") != "clean":
            fail(f"{file}: {row['variant']}: a success the race check failed ({check.get('status')})")
        if row["outcome"] == "success" and racy_bugs & set(row["bugs"]) and not check:
            fail(f"{file}: {row['variant']}: a success with a bug the race check found racy, never race-checked")
    for (failed_task, run), count in race_failures.items():
        marked = sum(1 for row in rows if row["source"] == "race_check" and row["race_check"]["run"] == run)
        if failed_task == task and marked != count:
            fail(f"{file}: {run} failed {count} kernels, {marked} rows are marked from it (assembled without it?)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--landscape", default="resources/landscape")
    parser.add_argument("--corpus", default="resources/corpus")
    args = parser.parse_args()
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "landscape-assemble.py")
    sys.dont_write_bytecode = True  # no __pycache__ beside the tools
    spec = importlib.util.spec_from_file_location("landscape_assemble", path)
    assemble = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(assemble)
    race_failures = race_check_failures(args.landscape)
    for task in assemble.ALL_TASKS:
        file = os.path.join(args.landscape, task + ".jsonl.xz")
        if task in assemble.PYTHON_TASKS and not os.path.exists(file):
            print(f"{task}: not assembled yet")  # the GPU MODE tasks are measured one by one
            continue
        with lzma.open(file, "rt") as lines:
            header, *rows = [json.loads(line) for line in lines]
        if header.get("format") != assemble.FORMAT or header.get("task") != task:
            fail(f"{file}: the header is not {assemble.FORMAT} for {task}")
        mutations = json.load(open(os.path.join(args.corpus, task, "mutations.json")))
        expected = set()
        for name, kernel in mutations["templates"].items():
            knobs = list(kernel["knobs"].items())
            for values in itertools.product(*[v for _, v in knobs]):
                expected.add(name + "".join(f" {k}={v}" for (k, _), v in zip(knobs, values)))
        settings = [row["variant"] for row in rows if not row["bugs"]]
        if len(settings) != len(set(settings)) or set(settings) != expected:
            fail(f"{file}: {len(set(settings))} distinct knob settings, {len(expected)} in the templates; "
                 f"missing {sorted(expected - set(settings))[:3]}, extra {sorted(set(settings) - expected)[:3]}")
        if len({row["kernel"] for row in rows}) != len(rows):
            fail(f"{file}: two rows share a kernel id")
        counts = collections.Counter(row["outcome"] for row in rows)
        if header["kernels"] != len(rows) or header["outcomes"] != dict(counts):
            fail(f"{file}: the header's counts do not match its rows")
        for row in rows:
            where = f"{file}: {row['variant']}"
            if row["outcome"] == "success":
                speedup = row["speedup"]
                if not speedup > 0 or row["bin"] != assemble.speedup_bin(speedup):
                    fail(f"{where}: bin {row['bin']} for speedup {speedup}")
                geomean = math.exp(sum(math.log(c["speedup"]) for c in row["cases"]) / len(row["cases"]))
                if abs(geomean / speedup - 1) > 1e-3:
                    fail(f"{where}: the cases' geometric mean {geomean} is not the speedup {speedup}")
            elif "speedup" in row or "bin" in row:
                fail(f"{where}: a {row['outcome']} with a speedup")
        check_races(file, task, rows, race_failures)
        unmeasured = [row for row in rows if row["outcome"] == "unmeasured"]
        settings_unmeasured = sum(1 for row in unmeasured if not row["bugs"])
        print(f"{task}: {len(expected)} knob settings, {settings_unmeasured} unmeasured; "
              f"{len(rows) - len(expected)} single-bug variants, {len(unmeasured) - settings_unmeasured} unmeasured")


if __name__ == "__main__":
    main()
