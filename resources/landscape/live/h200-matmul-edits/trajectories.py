#!/usr/bin/env python3
"""Per default (selective) search in DIR (default: this folder): which measurements were exploration draws
("explored": true), each new best (measurement, E for explored, speedup, kfx-variant), and the measurements that
landed on the pretrained search's 1.62-1.64x plateau. Usage: trajectories.py [DIR]"""
import glob
import json
import lzma
import sys
from pathlib import Path

here = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent)
for f in sorted(glob.glob(str(here / "matmul-seed*-selective.jsonl.xz"))):
    sel, code, order = {}, {}, []
    with lzma.open(f, "rt") as log:
        for line in log:
            r = json.loads(line)
            if r["kind"] == "candidate_selected":
                sel[r["request_id"]] = r.get("explored", False)
            elif r["kind"] == "evaluation_requested":
                code[r["request_id"]] = r["code"].split("\n", 1)[0].removeprefix("// kfx-variant: ")
            elif r["kind"] == "evaluation_completed" and not r.get("cached"):
                fb = r["evaluation"]["observation"]["feedback"]
                order.append((r["request_id"], fb["kind"], fb.get("aggregated_speedup")))
    best, news = 0.0, []
    for i, (rid, kind, s) in enumerate(order, 1):
        if kind == "success" and s > best:
            best = s
            news.append(f"{i}{'E' if sel.get(rid) else ''}:{s:.3f} {code[rid]}")
    print(Path(f).name.split("-selective")[0], "explored at", [i for i, (rid, _, _) in enumerate(order, 1) if sel.get(rid)],
          "of", len(order))
    print("   new bests:", " | ".join(news))
    print("   on 1.62-1.64x at", [i for i, (_, _, s) in enumerate(order, 1) if s and 1.62 <= s <= 1.64])
