#!/usr/bin/env python3
"""Builds resources/landscape/ (issue 24) from the kernels of `kfx-cli mutations space` and what
gpu-landscape.sh measured, with the H100 corpus's robust measurements where a kernel was measured there.

Usage: landscape-assemble.py --space DIR --runs RESULTS.jsonl.xz... --corpus searches-h100.tar.xz --out DIR
                              [--race-checks RESULTS.jsonl.xz...]

DIR/<task>/ holds the space's kernel files (k*.cu: knob settings, b*.cu: single-bug variants; k*.py and b*.py for
the GPU MODE tasks). For each task it writes OUT/<task>.jsonl.xz: a header line (format, task, provenance), then
one line per kernel of the space, measured or not; and OUT/noise.json: the spread between two robust measurements
of one kernel. A kernel measured in several runs keeps its first measurement; the later ones count as repeats for
the noise. Only the tasks in DIR are written; noise.json keeps the others' entries.

--race-checks (issue 26): results of tests/measure/gpu_racecheck.sh's list mode, the landscape's successes measured
again with kfx-measure's race check, on another device (the provenance file's race_checks entry for the file's name
says which, and when). A success those results fail becomes `incorrect`, its outcome, verdict and message theirs,
`source` "race_check", and `race_check` saying the status, device, date and run file, with the measurement it
replaces under `replaces`; one they pass stays a success with `race_check` saying so. The header's counts and best
are counted after this.
"""
import argparse
import collections
import glob
import hashlib
import io
import json
import lzma
import math
import os
import re
import statistics
import tarfile

TASKS = ["layer_norm", "rms_norm", "row_softmax", "transpose", "matmul"]
# The GPU MODE tasks (Python submissions, kfx_harness.py through the worker): their kernels are *.py files.
PYTHON_TASKS = ["gdn_chunk_fwd_o", "fp8_quant", "cross_entropy"]
ALL_TASKS = TASKS + PYTHON_TASKS
FORMAT = "kfx-landscape/1"


def canonical_code(code, python=False):
    """core/search/canonicalkernel's canonicalKernelCode: no kfx-variant line, no comments but the kfx- directives,
    no blank lines, blanks inside a line made one. CUDA C++ (the templates, no string literals) or, with python,
    Python: `#` comments, string literals kept as written, each line's indentation kept."""
    if not python:
        lines = code.split("\n")
        if lines and "kfx-variant:" in lines[0]:
            lines = lines[1:]
        text = re.sub(r"/\*.*?\*/", " ", "\n".join(lines), flags=re.S)
        out = []
        for line in text.split("\n"):
            at = line.find("//")
            if at >= 0 and not line[at + 2:].lstrip().startswith("kfx-"):
                line = line[:at]
            line = " ".join(line.split())
            if line:
                out.append(line)
        return "\n".join(out) + "\n"
    # kernelWithoutVariantHeader: a first comment line naming the variant goes, and a comment line after it.
    lines = code.split("\n")
    if len(lines) > 1 and lines[0].lstrip().startswith("#") and "kfx-variant:" in lines[0]:
        lines = lines[2:] if lines[1].lstrip().startswith("#") else lines[1:]
    code = "\n".join(lines)
    text, at = [], 0
    while at < len(code):
        c = code[at]
        stop = at + 1
        if code.startswith('"""', at) or code.startswith("'''", at):
            close = code.find(code[at:at + 3], at + 3)
            stop = len(code) if close < 0 else close + 3
        elif c in "\"'":
            stop = at + 1
            while stop < len(code) and code[stop] != c and code[stop] != "\n":
                stop += 2 if code[stop] == "\\" else 1
            stop = min(len(code), stop + 1)
        elif c == "#":
            end = code.find("\n", at)
            end = len(code) if end < 0 else end
            comment = code[at + 1:end].lstrip(" \t")
            if not (comment.startswith("kfx-") and not comment.startswith("kfx-variant:")):
                at = end
                continue
            stop = end
        text.append(code[at:stop])
        at = stop
    out = []
    for line in "".join(text).split("\n"):
        body = line.lstrip(" \t\r")
        if body:
            out.append(line[:len(line) - len(body)] + " ".join(re.split(r"[ \t\r]+", body)).rstrip(" "))
    return "\n".join(out) + "\n"


def kernel_id(code, python=False):
    """The first 16 hex digits of the canonical code's SHA-256: the landscape's key for a kernel."""
    return hashlib.sha256(canonical_code(code, python).encode()).hexdigest()[:16]


def speedup_bin(speedup):
    """kfx's speedupBinFor (core/model/speedupbin.cpp): clamp(floor(2*log2(S)) + 4, 1, 8)."""
    return max(1, min(8, math.floor(2 * math.log2(speedup) + 1e-12) + 4))


def quartiles(samples):
    q = statistics.quantiles(samples, n=4, method="inclusive")
    return q[0], q[2]


def variant_of(code):
    """template, knobs and bugs from the kernel's kfx-variant line. A knob's value may hold blanks (the Python
    templates' values are expressions): a word NAME= (upper case) or bug= starts the next knob."""
    text = " ".join(code.split("\n", 1)[0].split("kfx-variant: ", 1)[1].split())
    template, _, rest = text.partition(" ")
    knobs, bugs = {}, []
    parts = re.split(r"(?:^| )([A-Z][A-Z0-9_]*|bug)=", rest) if rest else [""]
    for key, value in zip(parts[1::2], parts[2::2]):
        if key == "bug":
            bugs = value.split(",")
        else:
            knobs[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
    return text, template, knobs, bugs


def from_worker(result):
    """A landscape record's measurement fields from a kfx-measure result."""
    kind = result["kind"]
    record = {"outcome": kind}
    if kind == "success":
        cases = []
        for case in result["cases"]:
            mine, ref = case["candidate_samples_ns"], case["reference_samples_ns"]
            q1, q3 = quartiles(mine)
            r1, r3 = quartiles(ref)
            cases.append({"sizes": case["sizes"], "runtime_ns": round(case["runtime_ns"], 1),
                          "iqr_ns": round(q3 - q1, 1), "samples": len(mine),
                          "ref_runtime_ns": round(case["ref_runtime_ns"], 1), "ref_iqr_ns": round(r3 - r1, 1),
                          "ref_samples": len(ref), "speedup": round(case["speedup"], 5)})
        record.update(speedup=round(result["aggregated_speedup"], 5), bin=result["bin"], cases=cases)
    else:
        for key in ("runtime_error_name", "runtime_error", "error_message", "compilation_error", "reason"):
            if result.get(key):
                record[key] = str(result[key])[:400]
    return record


def from_corpus(evaluation):
    """A landscape record's measurement fields from a corpus log's evaluation (medians only, no samples)."""
    feedback = evaluation["observation"]["feedback"]
    kind = feedback["kind"]
    record = {"outcome": kind}
    if kind == "success":
        cases = []
        for case in feedback["per_case_speedups"]:
            sizes = {k: v for k, v in case.items() if k not in ("speedup", "runtime_ns", "ref_runtime_ns")}
            cases.append({"sizes": sizes, "runtime_ns": round(case["runtime_ns"], 1), "iqr_ns": None,
                          "samples": None, "ref_runtime_ns": round(case["ref_runtime_ns"], 1), "ref_iqr_ns": None,
                          "ref_samples": None, "speedup": round(case["speedup"], 5)})
        speedup = feedback["aggregated_speedup"]
        record.update(speedup=round(speedup, 5), bin=speedup_bin(speedup), cases=cases)
    else:
        for key in ("runtime_error_name", "runtime_error", "error_message", "compilation_error"):
            if feedback.get(key):
                record[key] = str(feedback[key])[:400]
    return record


def corpus_measurements(path):
    """task -> kernel id -> [records], every robust H100 evaluation of the corpus's logs, in log order."""
    found = collections.defaultdict(lambda: collections.defaultdict(list))
    with tarfile.open(path) as archive:
        for member in sorted(archive.getmembers(), key=lambda m: m.name):
            name = os.path.basename(member.name)
            task = name.split("-")[0]
            if task not in ALL_TASKS or not name.endswith(".jsonl"):
                continue
            codes = {}
            python = task in PYTHON_TASKS
            for line in io.TextIOWrapper(archive.extractfile(member)):
                event = json.loads(line)
                if event["kind"] == "search_initialized":
                    root = event["root"]
                    found[task][kernel_id(root["program_code"], python)].append(from_corpus(root["evaluation"]))
                elif event["kind"] == "evaluation_requested":
                    codes[event["request_id"]] = event["code"]
                elif event["kind"] == "evaluation_completed" and event.get("evaluation"):
                    code = codes[event["request_id"]]
                    found[task][kernel_id(code, python)].append(from_corpus(event["evaluation"]))
    return found


def worker_measurements(paths):
    """task -> kernel file -> [records], in run order."""
    found = collections.defaultdict(lambda: collections.defaultdict(list))
    for path in paths:
        with lzma.open(path, "rt") as lines:
            for line in lines:
                row = json.loads(line)
                if row["result"].get("kind") in ("timeout", "infrastructure_failure"):
                    continue  # no outcome of the kernel's own (gpu-landscape.py's limit, a lost worker)
                task = os.path.basename(os.path.dirname(row["kernel"]))
                found[task][os.path.basename(row["kernel"])].append(from_worker(row["result"]))
    return found


def race_check_results(paths, provenance):
    """task -> kernel file -> (the worker's result, where it came from), the first result of each kernel."""
    found = collections.defaultdict(dict)
    for path in paths:
        name = os.path.basename(path)
        origin = dict(provenance["race_checks"][name], run="raw/" + name)
        with lzma.open(path, "rt") as lines:
            for row in map(json.loads, lines):
                task = os.path.basename(os.path.dirname(row["kernel"]))
                found[task].setdefault(os.path.basename(row["kernel"]), (row["result"], origin))
    return found


def race_check_row(row, result, origin):
    """The landscape row after the race-check run's result (see the module's description); None: unchanged."""
    check = result.get("race_check", {})
    where = {"device": origin["device"], "date": origin["date"], "run": origin["run"]}
    if result.get("kind") == "success" and check.get("status") == "clean":
        return dict(row, race_check=dict(status="clean", case=check.get("case"), **where))
    if result.get("kind") != "incorrect":
        return None  # no verdict (a timeout, a lost worker, an unchecked success): the measurement stands
    # The race check runs only on outputs that passed: a racy kernel whose outputs failed there first has no
    # racecheck verdict, but is incorrect all the same, on that device.
    status = check.get("status", "not run: the outputs failed first")
    failed = {key: row[key] for key in ("kernel", "variant", "template", "knobs", "bugs")}
    failed.update(from_worker(result), source="race_check")
    if result.get("verdict"):
        failed["verdict"] = result["verdict"]
    failed["race_check"] = dict(status=status, case=result.get("case", check.get("case")), **where,
                                replaces={key: row.get(key) for key in ("outcome", "source", "speedup")})
    failed["repeats"] = row["repeats"]
    return failed


def log_ratios(pairs):
    """Summary of log(second / first) over pairs of runtimes of one kernel and case."""
    ratios = sorted(math.log(b / a) for a, b in pairs if a > 0 and b > 0)
    if not ratios:
        return {"pairs": 0}
    spread = [abs(r) for r in ratios]
    return {"pairs": len(ratios), "median_log_ratio": round(statistics.median(ratios), 5),
            "std_log_ratio": round(statistics.pstdev(ratios), 5),
            "median_abs_log_ratio": round(statistics.median(spread), 5),
            "p90_abs_log_ratio": round(sorted(spread)[int(0.9 * (len(spread) - 1))], 5)}


def case_pairs(first, second, field):
    return [(a[field], b[field]) for a, b in zip(first["cases"], second["cases"]) if a["sizes"] == b["sizes"]]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--space", required=True)
    parser.add_argument("--runs", nargs="+", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--provenance", required=True, help="JSON file: device, driver, dates, commands")
    parser.add_argument("--out", required=True)
    parser.add_argument("--race-checks", nargs="*", default=[])
    args = parser.parse_args()
    provenance = json.load(open(args.provenance))
    corpus = corpus_measurements(args.corpus)
    measured = worker_measurements(args.runs)
    race_checks = race_check_results(args.race_checks, provenance)
    os.makedirs(args.out, exist_ok=True)
    noise = {"protocol": "robust", "what": provenance["noise_note"], "tasks": {}}
    summary = {}
    # A space that holds only some tasks rewrites only theirs: noise.json keeps the other tasks' entries.
    noise_path = os.path.join(args.out, "noise.json")
    if os.path.exists(noise_path):
        noise["tasks"] = json.load(open(noise_path)).get("tasks", {})
    for task in ALL_TASKS:
        python = task in PYTHON_TASKS
        files = sorted(glob.glob(os.path.join(args.space, task, "*.py" if python else "*.cu")))
        if not files:
            continue
        rows, names, repeat_pairs, corpus_pairs, corpus_repeat_pairs = [], [], [], [], []
        outcome_agreement = collections.Counter()
        for path in files:
            code = open(path).read()
            variant, template, knobs, bugs = variant_of(code)
            kid = kernel_id(code, python)
            row = {"kernel": kid, "variant": variant, "template": template, "knobs": knobs, "bugs": bugs}
            mine = measured[task].get(os.path.basename(path), [])
            theirs = corpus[task].get(kid, [])
            if mine:
                row.update(mine[0], source="measured")
            elif theirs:
                row.update(theirs[0], source="corpus")
            else:
                row.update(outcome="unmeasured", source=None)
            row["repeats"] = len(mine) + len(theirs) - (1 if mine or theirs else 0)
            for later in mine[1:]:
                if later["outcome"] == "success" and mine[0]["outcome"] == "success":
                    repeat_pairs += case_pairs(mine[0], later, "runtime_ns")
            if mine and theirs:
                outcome_agreement[(theirs[0]["outcome"], mine[0]["outcome"])] += 1
                if mine[0]["outcome"] == "success" and theirs[0]["outcome"] == "success":
                    corpus_pairs += case_pairs(theirs[0], mine[0], "runtime_ns")
            for later in theirs[1:]:
                if later["outcome"] == "success" and theirs[0]["outcome"] == "success":
                    corpus_repeat_pairs += case_pairs(theirs[0], later, "runtime_ns")
            rows.append(row)
            names.append(os.path.basename(path))
        # The reference is timed again with every kernel: the spread of its medians is the protocol's own.
        reference = collections.defaultdict(list)
        for row in rows:
            if row["source"] == "measured" and row["outcome"] == "success":
                for case in row["cases"]:
                    reference[json.dumps(case["sizes"], sort_keys=True)].append(case["ref_runtime_ns"])
        reference_spread = {}
        for sizes, values in reference.items():
            median = statistics.median(values)
            spread = sorted(abs(math.log(v / median)) for v in values)
            reference_spread[sizes] = {"timings": len(values), "median_ns": round(median, 1),
                                       "std_log": round(statistics.pstdev([math.log(v / median) for v in values]), 5),
                                       "median_abs_log_dev": round(statistics.median(spread), 5),
                                       "p90_abs_log_dev": round(spread[int(0.9 * (len(spread) - 1))], 5)}
        # After the noise figures: a race makes a kernel's outputs untrustworthy, not its timings or the reference's.
        for at, name in enumerate(names):
            checked = race_checks[task].get(name)
            if checked and rows[at]["outcome"] == "success":
                rows[at] = race_check_row(rows[at], *checked) or rows[at]
        counts = collections.Counter(row["outcome"] for row in rows)
        sources = collections.Counter(str(row["source"]) for row in rows)
        header = {"format": FORMAT, "task": task, "task_directory": provenance["tasks"][task],
                  "kernels": len(rows), "knob_settings": sum(1 for row in rows if not row["bugs"]),
                  "bug_variants": sum(1 for row in rows if row["bugs"]), "outcomes": dict(counts),
                  "sources": dict(sources), "protocol": "robust",
                  "bin_rule": "clamp(floor(2*log2(speedup)) + 4, 1, 8), speedup the geometric mean over the cases",
                  "kernel_id": "first 16 hex digits of SHA-256 of the canonical code (no kfx-variant line, no "
                               "comments but kfx- directives, no blank lines, blanks made one)",
                  **provenance["common"]}
        checked = [row for row in rows if "race_check" in row]
        if checked:
            header["race_checks"] = {
                "runs": sorted({row["race_check"]["run"] for row in checked}),
                "devices": sorted({row["race_check"]["device"] for row in checked}),
                "clean": sum(1 for row in checked if row["outcome"] == "success"),
                "failed": sum(1 for row in checked if row["outcome"] != "success"),
                "what": "successes measured again with kfx-measure's race check; those it failed are incorrect "
                        "(source race_check), the others kept (resources/landscape/README.md)"}
        best = max((row["speedup"] for row in rows if row["outcome"] == "success"), default=None)
        header["best_speedup"] = best
        with lzma.open(os.path.join(args.out, task + ".jsonl.xz"), "wt", preset=9) as out:
            out.write(json.dumps(header) + "\n")
            for row in rows:
                out.write(json.dumps(row, separators=(",", ":")) + "\n")
        noise["tasks"][task] = {
            "reference_medians": reference_spread,
            "same_call_repeats": log_ratios(repeat_pairs),
            "corpus_then_landscape": log_ratios(corpus_pairs),
            "corpus_repeats": log_ratios(corpus_repeat_pairs),
            "outcome_corpus_then_landscape": {f"{a} -> {b}": n for (a, b), n in sorted(outcome_agreement.items())},
        }
        summary[task] = header
        print(task, len(rows), dict(counts), dict(sources), "best", best)
    with open(noise_path, "w") as out:
        json.dump(noise, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
