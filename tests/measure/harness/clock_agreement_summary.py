#!/usr/bin/env python3
"""The clock agreement table over several processes (issue 26), from gpu_clock_agreement_processes.sh's results.

  python3 clock_agreement_summary.py DIR [--json SUMMARY.json] [--limit-us 100] [--tolerance 0.03]

DIR holds one file per process: rR.kfx.TASK.KERNEL.json (kfx_harness.py's result line, KERNEL "seed" also giving
the reference) and rR.independent.TASK.json (independent_timer.py's output for all of the task's kernels). Per
kernel and case, each clock gives one median per process; the table compares the medians of those medians and
puts each clock's spread over its processes (min-max) beside them. A row is in the table when either clock's
median reads over --limit-us (the goal's range); every row is in the JSON. For a row more than --tolerance from 1,
"ranges overlap" says whether the two clocks' process ranges overlap, that is whether the disagreement lies inside
the clocks' own spread. Prints the table in Markdown; needs no torch.
"""

import argparse
import glob
import json
import os
import re
import statistics
import sys

NAME = re.compile(r"^r(\d+)\.(kfx|independent)\.([^.]+)(?:\.([^.]+))?\.json$")


def load(directory: str):
    """{(task, kernel, case, clock): {round: µs}}, per task the geomean speedups by clock and kernel, and the
    processes that gave nothing, each as (round, clock, task, kernel, why)."""
    times, speedups, failures = {}, {}, []

    def put(task, kernel, case, clock, round_, value):
        times.setdefault((task, kernel, case, clock), {})[round_] = value

    for path in sorted(glob.glob(os.path.join(directory, "r*.json"))):
        match = NAME.match(os.path.basename(path))
        if not match:
            continue
        round_, clock, task, kernel = int(match[1]), match[2], match[3], match[4]
        try:
            with open(path, encoding="utf-8") as stream:
                result = json.load(stream)
        except (OSError, ValueError) as error:
            failures.append((round_, clock, task, kernel, f"no result ({error.__class__.__name__})"))
            continue
        if clock == "kfx":
            if kernel is None:
                continue
            if result.get("kind") != "success":
                failures.append((round_, clock, task, kernel, str(result.get("kind"))))
                continue
            for case, row in enumerate(result.get("cases", []), 1):
                put(task, kernel, case, clock, round_, row["runtime_ns"] / 1e3)
                if kernel == "seed":
                    put(task, "reference", case, clock, round_, row["ref_runtime_ns"] / 1e3)
            speedups.setdefault(task, {}).setdefault((kernel, clock), {})[round_] = result["aggregated_speedup"]
        else:
            for case, row in enumerate(result.get("cases", []), 1):
                put(task, "reference", case, clock, round_, row["reference"]["median_us"])
                for candidate, figures in row["candidates"].items():
                    put(task, os.path.basename(candidate)[:-3], case, clock, round_, figures["median_us"])
            for candidate, geomean in result.get("geomean_speedup", {}).items():
                key = (os.path.basename(candidate)[:-3], clock)
                speedups.setdefault(task, {}).setdefault(key, {})[round_] = geomean
    return times, speedups, failures


def kernel_order(kernel: str):
    return (kernel in ("seed", "reference"), kernel == "reference", kernel)


def rows(times: dict, limit_us: float, tolerance: float) -> list:
    out = []
    keys = sorted({(t, k, c) for t, k, c, _ in times}, key=lambda x: (x[0], kernel_order(x[1]), x[2]))
    for task, kernel, case in keys:
        kfx = times.get((task, kernel, case, "kfx"), {})
        independent = times.get((task, kernel, case, "independent"), {})
        row = {"task": task, "kernel": kernel, "case": case,
               "kfx_us": {str(r): v for r, v in sorted(kfx.items())},
               "independent_us": {str(r): v for r, v in sorted(independent.items())}}
        if kfx and independent:
            a, b = statistics.median(kfx.values()), statistics.median(independent.values())
            ratio = a / b
            paired = [kfx[r] / independent[r] for r in sorted(kfx) if r in independent]
            row.update({
                "kfx_median_us": a, "independent_median_us": b, "ratio": ratio,
                "kfx_range_us": [min(kfx.values()), max(kfx.values())],
                "independent_range_us": [min(independent.values()), max(independent.values())],
                "kfx_spread": (max(kfx.values()) - min(kfx.values())) / a,
                "independent_spread": (max(independent.values()) - min(independent.values())) / b,
                "round_ratio_range": [min(paired), max(paired)] if paired else None,
                "in_range": max(a, b) > limit_us,
                "within_tolerance": abs(ratio - 1) <= tolerance,
                "ranges_overlap": max(min(kfx.values()), min(independent.values()))
                <= min(max(kfx.values()), max(independent.values())),
            })
        out.append(row)
    return out


def geomean_rows(speedups: dict) -> list:
    out = []
    for task in sorted(speedups):
        for kernel in sorted({k for k, _ in speedups[task]}, key=kernel_order):
            row = {"task": task, "kernel": kernel}
            for clock in ("kfx", "independent"):
                values = list(speedups[task].get((kernel, clock), {}).values())
                if values:
                    row[clock] = {"median": statistics.median(values), "min": min(values), "max": max(values),
                                  "processes": len(values)}
            out.append(row)
    return out


def markdown(table: list, geomeans: list, failures: list, limit_us: float, tolerance: float) -> str:
    shown = [r for r in table if r.get("in_range")]
    lines = [f"| kernel | case | kfx robust µs, median (min–max) | independent µs, median (min–max) | "
             f"kfx / independent | per-process ratio min–max | within {tolerance * 100:g} % | ranges overlap |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in shown:
        within = r["within_tolerance"]
        overlap = "" if within else ("yes" if r["ranges_overlap"] else "**no**")
        paired = r["round_ratio_range"]
        lines.append(
            f"| {r['task']}/{r['kernel']} | {r['case']} "
            f"| {r['kfx_median_us']:.1f} ({r['kfx_range_us'][0]:.1f}–{r['kfx_range_us'][1]:.1f}, "
            f"n={len(r['kfx_us'])}) "
            f"| {r['independent_median_us']:.1f} ({r['independent_range_us'][0]:.1f}–"
            f"{r['independent_range_us'][1]:.1f}, n={len(r['independent_us'])}) "
            f"| {'' if within else '**'}{r['ratio']:.3f}{'' if within else '**'} "
            f"| {f'{paired[0]:.3f}–{paired[1]:.3f}' if paired else ''} | {'yes' if within else 'no'} | {overlap} |")
    agree = sum(r["within_tolerance"] for r in shown)
    overlapping = sum(1 for r in shown if not r["within_tolerance"] and r["ranges_overlap"])
    lines += ["", f"{agree} of {len(shown)} timings over {limit_us:g} µs agree within {tolerance * 100:g} %; of the "
              f"{len(shown) - agree} others, {overlapping} lie inside the two clocks' process ranges (the ranges "
              f"overlap) and {len(shown) - agree - overlapping} do not."]
    incomplete = [r for r in table if "ratio" not in r]
    if incomplete:
        lines.append("Without both clocks: " + ", ".join(f"{r['task']}/{r['kernel']} case {r['case']}"
                                                         for r in incomplete) + ".")
    if failures:
        lines.append("Processes without a figure: " + ", ".join(
            f"round {r} {c} {t}/{k or 'all'} ({why})" for r, c, t, k, why in failures) + ".")
    lines += ["", "| kernel | kfx robust geomean speedup, median (min–max) | independent, median (min–max) |",
              "| --- | --- | --- |"]
    for g in geomeans:
        if g["kernel"] == "reference":
            continue
        cells = [f"{g[c]['median']:.3f}× ({g[c]['min']:.3f}–{g[c]['max']:.3f})" if c in g else ""
                 for c in ("kfx", "independent")]
        lines.append(f"| {g['task']}/{g['kernel']} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory")
    parser.add_argument("--json", help="also write every row, every process's figure, to this file")
    parser.add_argument("--limit-us", type=float, default=100.0)
    parser.add_argument("--tolerance", type=float, default=0.03)
    arguments = parser.parse_args(argv)
    times, speedups, failures = load(arguments.directory)
    table = rows(times, arguments.limit_us, arguments.tolerance)
    geomeans = geomean_rows(speedups)
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as stream:
            json.dump({"limit_us": arguments.limit_us, "tolerance": arguments.tolerance, "rows": table,
                       "geomean_speedups": geomeans,
                       "failures": [dict(zip(("round", "clock", "task", "kernel", "why"), f)) for f in failures]},
                      stream, indent=1)
    print(markdown(table, geomeans, failures, arguments.limit_us, arguments.tolerance))
    return 0


if __name__ == "__main__":
    sys.exit(main())
