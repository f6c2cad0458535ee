#!/usr/bin/env python3
"""The list gpu-landscape.sh measures next (issue 24): the space's kernels no run has measured yet, in the order
that spends a short device call best.

Usage: landscape-list.py --space DIR --corpus searches-h100.tar.xz [--done RESULTS.jsonl.xz...] > LIST
       landscape-list.py --space DIR --corpus ... --race-check resources/landscape > LIST   (issue 26: the bug
       variants the landscape counts a success, and controls, for tests/measure/gpu_racecheck.sh's list mode)

Tasks go cheapest first (seconds per kernel in the pilot: rms_norm 0.5, layer_norm 0.6, row_softmax 0.6, matmul
0.85, transpose 1.7). Within a task: a few knob settings the corpus measured (to compare a new measurement with
the corpus's), then the knob settings the corpus lacks. After every task's knob settings: one variant for each
template's bug (the first knob setting it applies at), then the remaining corpus-measured settings (repeats).
"""
import argparse
import collections
import glob
import importlib.util
import lzma
import json
import os
import pathlib
import sys

TASK_DIRECTORIES = {"layer_norm": "resources/demo/tasks/layer_norm", "rms_norm": "resources/corpus/tasks/rms_norm",
                    "row_softmax": "resources/demo/tasks/row_softmax", "transpose": "resources/corpus/tasks/transpose",
                    "matmul": "resources/demo/tasks/matmul", "gdn_chunk_fwd_o": "resources/tasks/gdn_chunk_fwd_o",
                    "fp8_quant": "resources/tasks/fp8_quant", "cross_entropy": "resources/tasks/cross_entropy"}
ORDER = ["rms_norm", "layer_norm", "row_softmax", "matmul", "transpose",
         "gdn_chunk_fwd_o", "fp8_quant", "cross_entropy"]  # the GPU MODE tasks: 7-15 s a kernel (a Python process each)
CORPUS_CHECKS = 10  # corpus-measured settings measured early in each task
PYTHON_CORPUS_CHECKS = 3  # fewer for the Python tasks, whose kernels cost ten times more


def assemble_module():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "landscape-assemble.py")
    sys.dont_write_bytecode = True  # no __pycache__ beside the tools
    spec = importlib.util.spec_from_file_location("landscape_assemble", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--space", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--done", nargs="*", default=[])
    parser.add_argument("--tasks", nargs="*", default=None, help="only these tasks (default: every task of ORDER)")
    parser.add_argument("--race-check", metavar="LANDSCAPE",
                        help="list instead what the race check should see (see race_check_list)")
    args = parser.parse_args()
    assemble = assemble_module()
    if args.race_check:
        return race_check_list(assemble, args)
    corpus = assemble.corpus_measurements(args.corpus)
    # A kernel is named by its place in the space (TASK/FILE), whatever folder a run carried the space in.
    in_space = lambda path: "/".join(pathlib.PurePath(path).parts[-2:])
    done = set()
    for path in args.done:
        with lzma.open(path, "rt") as lines:
            # A timeout or a lost worker is no outcome of the kernel's own: it is listed again.
            done.update(in_space(row["kernel"]) for row in map(json.loads, lines)
                        if row["result"].get("kind") not in ("timeout", "infrastructure_failure"))
    first, bug_lines, repeat_lines = [], [], []
    for task in ORDER:
        if args.tasks is not None and task not in args.tasks:
            continue
        python = task in assemble.PYTHON_TASKS
        checks_wanted = PYTHON_CORPUS_CHECKS if python else CORPUS_CHECKS
        checks, fresh, repeats, bugs = [], [], [], []
        seen_bugs = set()
        for path in sorted(glob.glob(os.path.join(args.space, task, "*.py" if python else "*.cu"))):
            code = open(path).read()
            _, template, _, bug = assemble.variant_of(code)
            if bug:
                if (template, bug[0]) not in seen_bugs:
                    seen_bugs.add((template, bug[0]))
                    bugs.append(path)
            elif assemble.kernel_id(code, python) in corpus[task]:
                (checks if len(checks) < checks_wanted else repeats).append(path)
            else:
                fresh.append(path)
        line = lambda path: f"{TASK_DIRECTORIES[task]}\t{os.path.relpath(path)}"
        first += [line(p) for p in checks + fresh if in_space(p) not in done]
        bug_lines += [line(p) for p in bugs if in_space(p) not in done]
        repeat_lines += [line(p) for p in repeats if in_space(p) not in done]
    later = bug_lines + repeat_lines
    counts = collections.Counter(entry.split("\t")[1].split("/")[-2] for entry in first + later)
    print("\n".join(first + later))
    print(f"landscape-list: {len(first)} knob settings first, {len(later)} bug variants and repeats after;"
          f" per task {dict(counts)}", file=sys.stderr)


RACE_CHECK_CONTROLS = 3  # bug-free knob settings per template, the first variants' own


def race_check_list(assemble, args):
    """Issue 26: every bug variant that LANDSCAPE (the assembled files) counts a success, for
    tests/measure/gpu_racecheck.sh's list mode; then, as controls, the bug-free knob settings of the first
    RACE_CHECK_CONTROLS of them per template, the slowest template's (matmul) last so that a short call drops them
    first. The Python tasks are left out: the race check covers kfx-task/1 kernels only (PROTOCOL.md)."""
    racy, controls, slow = [], [], []
    for task in ORDER:
        if task in assemble.PYTHON_TASKS or (args.tasks is not None and task not in args.tasks):
            continue
        with lzma.open(os.path.join(args.race_check, task + ".jsonl.xz"), "rt") as lines:
            _, *rows = map(json.loads, lines)
        wanted = {row["kernel"] for row in rows if row["bugs"] and row["outcome"] == "success"}
        if not wanted:
            continue
        files, settings = {}, {}
        for path in sorted(glob.glob(os.path.join(args.space, task, "*.cu"))):
            code = open(path).read()
            _, template, knobs, bug = assemble.variant_of(code)
            kid = assemble.kernel_id(code)
            if kid in wanted:
                files[kid] = path
            elif not bug:
                settings[(template, json.dumps(knobs, sort_keys=True))] = path
        line = lambda path: f"{TASK_DIRECTORIES[task]}\t{os.path.relpath(path)}"
        per_template = collections.Counter()
        for row in rows:
            if row["kernel"] not in wanted:
                continue
            racy.append(line(files[row["kernel"]]))
            per_template[row["template"]] += 1
            if per_template[row["template"]] <= RACE_CHECK_CONTROLS:
                (slow if task == "matmul" else controls).append(
                    line(settings[(row["template"], json.dumps(row["knobs"], sort_keys=True))]))
    print("\n".join(racy + controls + slow))
    print(f"landscape-list: {len(racy)} bug variants the landscape counts a success, {len(controls + slow)} "
          f"bug-free controls", file=sys.stderr)


if __name__ == "__main__":
    main()
