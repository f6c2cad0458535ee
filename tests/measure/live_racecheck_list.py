#!/usr/bin/env python3
"""Issue 26: the live searches' best kernels for the race check (tests/measure/gpu_racecheck.sh's list mode).

Reads every search log under resources/landscape/live (the H100 pairs of gpu-corpus.sh and the H200 runs of
gpu-live-search.sh), takes from each the kernel with the highest measured speedup among its successes (the
search's reported best, which its best-so-far ends on), and writes each distinct kernel (landscape-assemble.py's
kernel_id) once to DIR/NNN-TASK.cu with a list DIR/live.list, one "TASK_DIR<TAB>KERNEL_FILE" a line as
racecheck_gpu.py's list mode reads it. The order spends a short device call best: the cheap tasks first (about
1-3 s a check), then matmul's kernels, whose checks at 1024^3 take 4-40 s, the best of the most logs first.
DIR/live.json maps each kernel file to the logs whose best it is, with the speedup each measured and whether the
log's own race check (only the H200 matmul seed 31 run had it on) saw it.

Usage: live_racecheck_list.py DIR [--skip-checked]   (from the repository root; --skip-checked leaves out the
kernels a live log already race-checked as clean)
       live_racecheck_list.py DIR --replacements INDEX.json RESULTS.jsonl[.xz]...   (after a check: for each log
whose best was racy, the fastest success no check failed; those without a verdict go to DIR/replacements.list; a
later RESULTS may be of an earlier DIR's replacements, read through their files)
"""
import glob
import importlib.util
import json
import lzma
import os
import sys

LIVE = "resources/landscape/live"
# As core/search/tools/landscape-list.py's TASK_DIRECTORIES: the task each corpus's searches measured against.
TASK_DIRECTORIES = {"layer_norm": "resources/demo/tasks/layer_norm", "rms_norm": "resources/corpus/tasks/rms_norm",
                    "row_softmax": "resources/demo/tasks/row_softmax", "transpose": "resources/corpus/tasks/transpose",
                    "matmul": "resources/demo/tasks/matmul"}
TASK_ORDER = ["rms_norm", "layer_norm", "row_softmax", "transpose", "matmul"]
MATMUL_ORDER = ["register_blocked_float4", "register_blocked", "tiled_rows", "tiled"]


def kernel_id_function():
    """landscape-assemble.py's kernel_id: the same kernel whatever its comments (the mutation's note differs)."""
    path = os.path.join("core", "search", "tools", "landscape-assemble.py")
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("landscape_assemble", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.kernel_id


def race_check_of(evaluation):
    """The race_check object anywhere in an evaluation, or None."""
    if isinstance(evaluation, dict):
        if "race_check" in evaluation:
            return evaluation["race_check"]
        values = evaluation.values()
    elif isinstance(evaluation, list):
        values = evaluation
    else:
        return None
    for value in values:
        found = race_check_of(value)
        if found is not None:
            return found
    return None


def successes_of(path):
    """[(speedup, code, race_check)] of every success the log measured, the root's included."""
    codes, found = {}, []
    with lzma.open(path, "rt") as lines:
        for line in lines:
            event = json.loads(line)
            if event["kind"] == "search_initialized":
                root = event["root"]
                feedback = root["evaluation"]["observation"]["feedback"]
                if feedback.get("kind") == "success":
                    found.append((feedback["aggregated_speedup"], root["program_code"],
                                  race_check_of(root["evaluation"])))
            elif event["kind"] == "evaluation_requested":
                codes[event["request_id"]] = event["code"]
            elif event["kind"] == "evaluation_completed":
                feedback = event["evaluation"]["observation"]["feedback"]
                if feedback.get("kind") == "success":
                    found.append((feedback["aggregated_speedup"], codes[event["request_id"]],
                                  race_check_of(event["evaluation"])))
    return found


def best_of(path):
    """(speedup, code, race_check) of the log's best success (the first of equals), or None."""
    best = None
    for success in successes_of(path):
        if best is None or success[0] > best[0]:
            best = success
    return best


def variant(code):
    return code.split("\n", 1)[0].split("kfx-variant:", 1)[1].strip()


def replacements(out, index_path, results_paths):
    """For each log whose best kernel the race check failed: its fastest success that no check has failed, the
    kernel a search would have handed over with the race check on. Those with no verdict yet are written to
    DIR/rNNN-TASK.cu and listed in DIR/replacements.list; DIR/replacements.json says, per log, what replaces what."""
    kernel_id = kernel_id_function()
    index = json.load(open(index_path))
    by_file = {entry["file"]: entry["kernel_id"] for entry in index}
    verdict = {}
    for results_path in results_paths:
        opener = lzma.open if results_path.endswith(".xz") else open
        with opener(results_path, "rt") as lines:
            for row in map(json.loads, lines):
                # A kernel of the index by its file's name; a replacement checked earlier by its file's code.
                kid = by_file.get(row["kernel"]) or kernel_id(open(row["kernel"]).read())
                verdict[kid] = row["result"].get("race_check", {}).get("status")
    os.makedirs(out, exist_ok=True)
    listed, report = {}, []
    for entry in index:
        if verdict.get(entry["kernel_id"]) != "race":
            continue
        for log in entry["logs"]:
            ranked = sorted(successes_of(os.path.join(LIVE, log["log"])), key=lambda s: -s[0])
            speedup, code, _ = next(s for s in ranked if verdict.get(kernel_id(s[1])) != "race")
            kid = kernel_id(code)
            if kid not in verdict and kid not in listed:
                listed[kid] = os.path.join(out, f"r{len(listed) + 1:03d}-{entry['task']}.cu")
                with open(listed[kid], "w") as stream:
                    stream.write(code)
            report.append({"log": log["log"], "racy_best": entry["variant"], "racy_speedup": log["speedup"],
                           "replacement": variant(code), "replacement_speedup": speedup, "kernel_id": kid,
                           "verdict": verdict.get(kid), "file": listed.get(kid)})
    with open(os.path.join(out, "replacements.list"), "w") as stream:
        stream.write("".join(f"{TASK_DIRECTORIES[os.path.basename(f).split('-', 1)[1][:-3]]}\t{f}\n"
                             for f in listed.values()))
    with open(os.path.join(out, "replacements.json"), "w") as stream:
        json.dump(report, stream, indent=1)
    print(f"live_racecheck_list: {len(report)} logs with a racy best, {len(listed)} replacements without a verdict",
          file=sys.stderr)


def main():
    out = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == "--replacements":
        return replacements(out, sys.argv[3], sys.argv[4:])
    skip_checked = "--skip-checked" in sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    kernel_id = kernel_id_function()
    kernels = {}  # kernel id -> {"task", "variant", "code", "logs": [...]}
    # The search logs are TASK-seedN-*.jsonl.xz; racecheck-h200/ beside them holds this tool's own results.
    for path in sorted(glob.glob(os.path.join(LIVE, "**", "*-seed*.jsonl.xz"), recursive=True)):
        task = os.path.basename(path).split("-seed")[0]
        best = best_of(path)
        if best is None:
            continue
        speedup, code, race = best
        entry = kernels.setdefault(kernel_id(code), {"task": task, "variant": variant(code), "code": code, "logs": []})
        entry["logs"].append({"log": os.path.relpath(path, LIVE), "speedup": speedup,
                              "live_race_check": race and race.get("status")})
    # matmul's kernels: the best of the most logs first, so that a call cut short leaves out the rarest finals.
    cost = lambda e: (TASK_ORDER.index(e["task"]), -len(e["logs"]) if e["task"] == "matmul" else 0,
                      MATMUL_ORDER.index(e["variant"].split()[0]) if e["task"] == "matmul" else 0, e["variant"])
    lines, index = [], []
    for number, (kid, entry) in enumerate(sorted(kernels.items(), key=lambda item: cost(item[1])), 1):
        checked = all(log["live_race_check"] == "clean" for log in entry["logs"])
        name = os.path.join(out, f"{number:03d}-{entry['task']}.cu")
        with open(name, "w") as stream:
            stream.write(entry.pop("code"))
        entry = dict(entry, kernel_id=kid, file=name, checked_live=checked)
        index.append(entry)
        if not (skip_checked and checked):
            lines.append(f"{TASK_DIRECTORIES[entry['task']]}\t{name}")
    with open(os.path.join(out, "live.list"), "w") as stream:
        stream.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "live.json"), "w") as stream:
        json.dump(index, stream, indent=1)
    logs = sum(len(e["logs"]) for e in index)
    print(f"live_racecheck_list: {logs} logs, {len(index)} distinct best kernels, {len(lines)} listed",
          file=sys.stderr)


if __name__ == "__main__":
    main()
