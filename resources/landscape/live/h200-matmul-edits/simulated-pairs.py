#!/usr/bin/env python3
"""The simulator's pair figures, from the logs of `kfx-cli search --landscape ... --seeds 1..200 --budget-measurements 30
--policy topk --noise` (the folder its first line names): which search of each simulated pair ends higher, how many
seeds reach 98 % of the pair's best and the median measurement to it (a "never" counted as 31), and how many default
finals lie below 1.7x (the pretrained search's 1.63x plateau). Usage: simulated-pairs.py LOGDIR"""
import json
import statistics
import sys

d = sys.argv[1]


def series(f):
    out, best = [], 0.0
    for line in open(f):
        r = json.loads(line)
        if r["kind"] == "evaluation_completed" and not r.get("cached"):
            fb = r["evaluation"]["observation"]["feedback"]
            if fb["kind"] == "success":
                best = max(best, fb["aggregated_speedup"])
            out.append(best)
    return out


higher = {"default": 0, "baseline": 0, "tie": 0}
reach = {"baseline": [], "default": []}
finals = []
for s in range(1, 201):
    b = series(f"{d}/baseline-seed{s}.jsonl")
    t = series(f"{d}/topk-search-aware-seed{s}.jsonl")
    higher["tie" if b[-1] == t[-1] else "default" if t[-1] > b[-1] else "baseline"] += 1
    top = max(b[-1], t[-1])
    for n, x in (("baseline", b), ("default", t)):
        reach[n].append(next((i for i, v in enumerate(x, 1) if v >= 0.98 * top), None))
    finals.append(t[-1])
print(higher, "default finals <1.7:", sum(f < 1.7 for f in finals), "min final", min(finals))
for n in reach:
    got = [r for r in reach[n] if r]
    print(n, "reached 98 % of the pair's best in", len(got), "of 200; median measurement (never as 31)",
          statistics.median(r if r else 31 for r in reach[n]))
