#!/usr/bin/env python3
"""Issue 26: three candidates through one kfx-measure worker on the fixtures' vector_add (robust timing), to show
the rule for a failure of the task's own code (PROTOCOL.md) as the worker forwards it. From the repository root:

    python3 tests/measure/harness/data/worker_task_code_issue26.py --worker /tmp/m/kfx-measure --device cuda \
        --out $OUT/worker.jsonl

honest.py must succeed; breaks_task_code.py must be a runtime_error flagged task_code_failed; forged_result.py must be
incorrect, verdict hacked, hack forged_result. Writes each whole result line to --out and prints a summary."""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from harnessrun import ROOT, VECTOR_ADD, candidate  # noqa: E402

CANDIDATES = [("honest", "candidates"), ("breaks_task_code", "attacks"), ("forged_result", "attacks")]
SHOWN = ("kind", "verdict", "hacks", "suspicions", "runtime_error_name", "runtime_error", "sticky",
         "aggregated_speedup", "error_message")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", required=True)
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda")
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    worker = subprocess.Popen([arguments.worker], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    with open(arguments.out, "w", encoding="utf-8") as out:
        for name, folder in CANDIDATES:
            request = {"protocol": 1, "id": name, "type": "measure", "task": VECTOR_ADD,
                       "candidate": candidate(name, folder), "timing": "robust", "device": arguments.device,
                       "python": [sys.executable], "time_budget_ms": 200}
            start = time.monotonic()
            worker.stdin.write(json.dumps(request) + "\n")
            worker.stdin.flush()
            for line in worker.stdout:
                message = json.loads(line)
                if message.get("type") == "result":
                    break
            wall = time.monotonic() - start
            out.write(line)
            print(f"{name}: {wall:.2f} s", json.dumps({key: message[key] for key in SHOWN if key in message}))
    worker.stdin.write('{"protocol":1,"id":"end","type":"shutdown"}\n')
    worker.stdin.close()
    print("worker exit status", worker.wait(timeout=60))


if __name__ == "__main__":
    main()
