#!/usr/bin/env python3
"""Issue 24's check of the simulator against the GPU: does each live pair's best-so-far trajectory lie inside the
simulation's 10-90 % band? Reads the live pairs' --json summaries (resources/landscape/live/) and one simulation
report per task (kfx-cli search --landscape ... --seeds A..B --report FILE, the same budget and policy), and
prints, per live search, how many budget points fall below, inside and above the band, and its final best."""
import argparse
import json
import pathlib


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--live", default="resources/landscape/live")
    parser.add_argument("--reports", required=True, help="a folder of <task>.json simulation reports")
    parser.add_argument("--selective", default="topk/pretrained",
                        help="the report's mode that the live selective search is set against (topk/search-aware "
                             "for kfx-cli's default since issue 25; topk/pretrained for the earlier pairs)")
    args = parser.parse_args()
    print("| live search | mode | below / inside / above the band | final best | band at the budget |")
    print("|---|---|---|---|---|")
    for summary in sorted(pathlib.Path(args.live).glob("*-summary.json")):
        if summary.stat().st_size == 0:
            continue
        pair = summary.name[: -len("-summary.json")]
        task = pair.split("-seed")[0]
        report_file = pathlib.Path(args.reports) / (task + ".json")
        if not report_file.exists():
            continue
        report = json.loads(report_file.read_text())
        modes = {m["name"]: m for m in report["modes"]}
        runs = json.loads(summary.read_text())["runs"]
        for live_mode, simulated in (("baseline", "baseline"), ("selective", args.selective)):
            series = {p["measurements"]: p["best"] for p in runs[live_mode]["series"]}
            bands = modes[simulated]["best_by_budget"]
            counts = [0, 0, 0]
            best = 0.0
            for band in bands:
                n = band["measurements"]
                best = max(best, max((b for m, b in series.items() if m <= n), default=0.0))
                counts[0 if best < band["p10"] else 2 if best > band["p90"] else 1] += 1
            last = bands[-1]
            print(f"| {pair} | {live_mode} | {counts[0]} / {counts[1]} / {counts[2]} | {best:.3f} | "
                  f"{last['median']:.3f} [{last['p10']:.3f}, {last['p90']:.3f}] |")


if __name__ == "__main__":
    main()
