#!/usr/bin/env python3
"""Tables for the live searches on the H200 (issue 25), from the summaries and the xz logs in DIR (default: this
file's folder, row_softmax). The task is read from the file names. Two layouts:
- three searches per seed (the runs without the exploration floor: TASK-seedS-summary.json holding baseline and
  pretrained, TASK-seedS-search-aware-summary.json);
- a pair per seed (gpu-live-search.sh --default: TASK-seedS-summary.json holding the baseline and the default
  selective search), where it also prints each seed's measurements to 98 % of the pair's best.

Per seed and search: best measured speedup after 10, 20 and 30 measurements (the summary's series), GPU-seconds and
wall seconds (the summary), the best kernel's kfx-variant line, and what the 30 measurements were (templates, failures),
counted from the log's evaluation_completed records that are not cached. Usage: summarise.py [DIR]
"""
import json
import lzma
import statistics
import sys
from collections import Counter
from pathlib import Path

here = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent)
task = sorted(here.glob("*-seed*-summary.json"))[0].name.split("-seed")[0]
three = any(here.glob(f"{task}-seed*-search-aware-summary.json"))
if three:
    searches = [("baseline", "", "baseline"), ("pretrained", "", "selective"),
                ("search-aware", "-search-aware", "selective")]
    logname = {"baseline": "baseline", "pretrained": "selective", "search-aware": "search-aware"}
else:
    searches = [("baseline", "", "baseline"), ("default", "", "selective")]
    logname = {"baseline": "baseline", "default": "selective"}


def best_after(series, n):
    return max(p["best"] for p in series if p["measurements"] <= n)


def measured(log):
    code, rows = {}, []
    with lzma.open(log, "rt") as f:
        for line in f:
            r = json.loads(line)
            if r["kind"] == "evaluation_requested":
                code[r["request_id"]] = r["code"].split("\n", 1)[0].removeprefix("// kfx-variant: ")
            elif r["kind"] == "evaluation_completed" and not r.get("cached"):
                fb = r["evaluation"]["observation"]["feedback"]
                rows.append((code[r["request_id"]], fb["kind"], fb.get("aggregated_speedup")))
    return rows


seeds = sorted({int(p.name.split("seed")[1].split("-")[0]) for p in here.glob(f"{task}-seed*-summary.json")})
table = {}
for s in seeds:
    for name, suffix, key in searches:
        run = json.loads((here / f"{task}-seed{s}{suffix}-summary.json").read_text())["runs"][key]
        rows = measured(here / f"{task}-seed{s}-{logname[name]}.jsonl.xz")
        best = max((r for r in rows if r[1] == "success"), key=lambda r: r[2])
        table[s, name] = dict(b10=best_after(run["series"], 10), b20=best_after(run["series"], 20),
                              b30=best_after(run["series"], 30), final=run["best_measured"], gpu=run["gpu_seconds"],
                              wall=run["wall_seconds"], n=run["measurements"], rows=rows, best=best)

names = [n for n, _, _ in searches]
print("| seed | " + " | ".join(names) + " |")
print("| --- | " + " | ".join("---" for _ in names) + " |")
for s in seeds:
    finals = {n: table[s, n]["b30"] for n in names}
    top = max(finals.values())
    print(f"| {s} | " + " | ".join(
        f"{table[s, n]['b10']:.3f} / {table[s, n]['b20']:.3f} / " + (f"**{finals[n]:.3f}**" if finals[n] == top else
                                                                      f"{finals[n]:.3f}") + f" ({table[s, n]['gpu']:.1f})"
        for n in names) + " |")
for k, label in (("b10", 10), ("b20", 20), ("b30", 30)):
    print(f"median after {label}: " + ", ".join(f"{n} {statistics.median(table[s, n][k] for s in seeds):.4f}"
                                                  for n in names))
for n in names:
    v = [table[s, n]["b30"] for s in seeds]
    print(f"{n}: range at 30 {min(v):.4f}-{max(v):.4f}; measurements {sorted({table[s, n]['n'] for s in seeds})}; "
          f"GPU-s median {statistics.median(table[s, n]['gpu'] for s in seeds):.1f} total "
          f"{sum(table[s, n]['gpu'] for s in seeds):.1f}; wall median {statistics.median(table[s, n]['wall'] for s in seeds):.1f}"
          f" total {sum(table[s, n]['wall'] for s in seeds):.1f}")
overall = max(table[s, n]["b30"] for s in seeds for n in names)
print(f"best measured anywhere: {overall:.4f}")
for n in names:
    reach = []
    for s in seeds:
        run = json.loads((here / f"{task}-seed{s}{dict((a, b) for a, b, _ in searches)[n]}-summary.json")
                         .read_text())["runs"][dict((a, c) for a, _, c in searches)[n]]["series"]
        first = next((p["measurements"] for p in run if p["best"] >= 0.98 * overall), None)
        reach.append(first)
    print(f"{n}: first measurement at >= 98 % of {overall:.3f}: {reach}")
if not three:
    print()
    print("| seed | pair's best | 98 % | " + " | ".join(f"{n}: final, at 98 %, GPU-s" for n in names) + " |")
    print("| --- | --- | --- | " + " | ".join("---" for _ in names) + " |")
    reach = {n: [] for n in names}
    for s in seeds:
        top = max(table[s, n]["b30"] for n in names)
        cells = []
        for n in names:
            series = json.loads((here / f"{task}-seed{s}-summary.json").read_text())["runs"][
                dict((a, c) for a, _, c in searches)[n]]["series"]
            first = next((p["measurements"] for p in series if p["best"] >= 0.98 * top), None)
            reach[n].append(first)
            cells.append(f"{table[s, n]['b30']:.3f}, {first if first is not None else 'never'}, {table[s, n]['gpu']:.1f}")
        print(f"| {s} | {top:.3f} | {0.98 * top:.3f} | " + " | ".join(cells) + " |")
    for n in names:
        got = [r for r in reach[n] if r is not None]
        print(f"{n}: reached 98 % of the pair's best in {len(got)} of {len(seeds)} seeds, median measurement "
              f"{statistics.median(got) if got else '-'} (over those); counting a seed that never did as 31: "
              f"{statistics.median(r if r is not None else 31 for r in reach[n])}")
    wins = Counter("tie" if table[s, names[0]]["b30"] == table[s, names[1]]["b30"] else
                   names[0] if table[s, names[0]]["b30"] > table[s, names[1]]["b30"] else names[1] for s in seeds)
    print(f"higher final: {dict(wins)}")
print()
for n in names:
    templates, kinds = Counter(), Counter()
    for s in seeds:
        for variant, kind, _ in table[s, n]["rows"]:
            templates[variant.split()[0]] += 1
            kinds[kind] += 1
    print(f"{n}: measured templates {dict(templates.most_common())}; outcomes {dict(kinds)}")
print()
for s in seeds:
    print(s, " | ".join(f"{n}: {table[s, n]['best'][0]} {table[s, n]['best'][2]:.3f}" for n in names))
