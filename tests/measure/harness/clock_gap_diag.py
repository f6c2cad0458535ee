#!/usr/bin/env python3
"""Issue 26: where the robust protocol's remaining cost per sample comes from, on one GPU MODE candidate and case.

One process runs the harness's own robust loop (protocols.Measurement._time) and a copy of its sample with one
step changed at a time, in rounds (each round runs every variant for --samples samples, the order rotated), so
that drift spreads over all of them. Each sample records the event time, the host time from the start event to
the call's return (the call's launch, which the event time covers too when the device is idle at the start), and
what the wait for other streams added. "GPU busy at start" variants queue a ~0.5 ms sleep kernel before the start
event: the call is then launched while the device is busy, so the event time is the device's alone.

  python3 clock_gap_diag.py TASK_DIR CANDIDATE.py CASE [--samples 20] [--rounds 3] [--quick | --tail] [--out FILE.jsonl]

--tail (issue 26, 2026-11-30) runs the variants that split the robust samples' upper tail: the harness's own loop
with its samples taken apart (event time, launch, other-streams wait, host gap before the sample, garbage
collections, position in the batch), a copy of it (batch of 10, each output settled at once), and that copy with one
step changed. Each variant's line gives the median, p90, p99 and max.
"""

import argparse
import dataclasses
import gc
import json
import math
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "core", "measure", "harness"))
DEVICE = os.environ.setdefault("KFX_HARNESS_DEVICE", "cuda")  # cpu only to try the script out

import torch  # noqa: E402

import defences  # noqa: E402
import kfx_harness  # noqa: E402
import protocols  # noqa: E402
import timing  # noqa: E402
from gpumode import GpuModeTask  # noqa: E402
from tasks import clone  # noqa: E402

BUSY_CYCLES = 1_000_000  # torch.cuda._sleep: about 0.5 ms at 1.98 GHz, longer than any launch seen (178 µs)
SLEEP_BEFORE_FLUSH_CYCLES = 2_000_000  # about 1 ms: lead (b), the clocks after the recheck's host-only gaps

# What the harness's robust sample did before the batch (inputs made before, the output checked after each sample;
# MEASUREMENTS.md, issue 26); each variant changes one or two of these.
ROBUST = dict(fresh=True, recheck=True, guard=True, task_check=True, warm_calls=1, copy_after_warm=False,
              generate_after_warm=False, sleep_before_flush=0, busy_at_start=False, sweep_bytes=0, batch=1, flush_fill=False,
              settle_now=False, gc_off=False)
# The harness's robust sample since the batch (protocols.Measurement._time): inputs made and outputs rechecked 10
# samples at a time, each output settled (copied and compared) as soon as its sample ends.
HARNESS_COPY = dict(ROBUST, batch=10, settle_now=True)
PLAIN = dict(ROBUST, fresh=False, recheck=False, warm_calls=0)
VARIANTS = {
    "plain": PLAIN,
    "plain, flushed by fill_(i) as independent_timer.py": dict(PLAIN, flush_fill=True),
    "plain, GPU busy at start": dict(PLAIN, busy_at_start=True),
    "plain, 4 GB written before the flush": dict(PLAIN, sweep_bytes=4 << 30),
    "robust, one sample at a time (the harness before the batch)": ROBUST,
    "robust, GPU busy at start": dict(ROBUST, busy_at_start=True),
    "robust, check copy after the warm call (lead a)": dict(ROBUST, copy_after_warm=True),
    "robust, fresh inputs made after the warm call": dict(ROBUST, generate_after_warm=True),
    "robust, 1 ms GPU sleep before the flush (lead b)": dict(ROBUST, sleep_before_flush=SLEEP_BEFORE_FLUSH_CYCLES),
    "robust, recheck without the namespace guard": dict(ROBUST, guard=False),
    "robust, recheck without the task's check": dict(ROBUST, task_check=False),
    "robust, 3 warm calls": dict(ROBUST, warm_calls=3),
    "robust, no warm call": dict(ROBUST, warm_calls=0),
    "robust, fresh inputs, no recheck": dict(ROBUST, recheck=False),
    "robust, inputs made and rechecked 10 samples at a time": dict(ROBUST, batch=10),
    "plain, fresh inputs made 10 at a time, no recheck": dict(PLAIN, fresh=True, batch=10),
    "copy of the harness (batch of 10, each output settled at once)": HARNESS_COPY,
    "copy, GPU busy at start": dict(HARNESS_COPY, busy_at_start=True),
    "copy, the case's own inputs every sample (no fresh inputs, no recheck)": dict(HARNESS_COPY, fresh=False),
    "copy, no warm call": dict(HARNESS_COPY, warm_calls=0),
    "copy, garbage collector off": dict(HARNESS_COPY, gc_off=True),
}
QUICK = ("plain", "plain, flushed by fill_(i) as independent_timer.py",
         "robust, one sample at a time (the harness before the batch)",
         "robust, inputs made and rechecked 10 samples at a time")
TAIL = ("plain", "plain, flushed by fill_(i) as independent_timer.py", "plain, GPU busy at start",
        "plain, fresh inputs made 10 at a time, no recheck", "copy of the harness (batch of 10, each output settled at once)",
        "copy, GPU busy at start", "copy, the case's own inputs every sample (no fresh inputs, no recheck)",
        "copy, no warm call", "robust, inputs made and rechecked 10 samples at a time", "copy, garbage collector off")

# Garbage collections, counted by gc.callbacks: a sample records those that ran inside it and in the gap before it.
GC = {"count": 0, "gen2": 0, "ns": 0, "start": 0}


def _gc_callback(phase: str, info: dict):
    if phase == "start":
        GC["start"] = timing.clock_ns()
    else:
        GC["count"] += 1
        GC["gen2"] += info.get("generation") == 2
        GC["ns"] += timing.clock_ns() - GC["start"]


class PartsTimer(timing.EventTimer):
    """timing.EventTimer with wait_all_streams, the same steps in the same order, and each sample's parts kept in
    rows (when rows is a list): the harness's own loop is then taken apart as the diag's copies are."""

    rows = None
    last_end = None  # the host clock when the previous sample (of any variant) ended

    def time_ns(self, call):
        start, end = self._new_event(), self._new_event()
        sync_begin = timing.clock_ns()
        self._synchronize()
        host_start = timing.clock_ns()
        gc_before = GC["count"]
        self._record(start)
        out = call()
        launched = timing.clock_ns()
        self._record(end)
        self._event_synchronize(end)
        current_done = timing.clock_ns()
        self._synchronize()
        finished = timing.clock_ns()
        other = max(0, finished - current_done - self.idle_sync_ns)
        host = finished - host_start
        event_ns = self._elapsed_ms(start, end) * 1e6
        if self.rows is not None:
            self.rows.append(parts(event_ns, other, launched - host_start, host, sync_begin, host_start, self,
                                   GC["count"] - gc_before, len(self.rows)))
        self.last_end = finished
        return event_ns + other, host, out


def parts(event_ns, other_ns, launch_ns, host_ns, sync_begin, host_start, timer, gcs: int, index: int) -> dict:
    return {"sample_us": (event_ns + other_ns) / 1e3, "event_us": event_ns / 1e3, "launch_us": launch_ns / 1e3,
            "other_us": other_ns / 1e3, "host_us": host_ns / 1e3,
            "gap_us": (sync_begin - timer.last_end) / 1e3 if timer.last_end is not None and index else None,
            "sync_us": (host_start - sync_begin) / 1e3, "gc": gcs, "i": index}


def make_timer(torch) -> PartsTimer:
    """timing.cuda_event_timer(torch, True), as a PartsTimer."""
    cuda = torch.cuda
    event_class = cuda.Event
    return PartsTimer(lambda: event_class(enable_timing=True), cuda.Event.record, cuda.Event.elapsed_time,
                      cuda.synchronize, cuda.Event.synchronize, True, "torch.cuda.Event after torch.cuda.synchronize")


class Loop:
    def __init__(self, task, case_index: int, case: dict, path: str):
        self.task, self.case_index, self.case = task, case_index, case
        self.data = task.generate(case, case.get("seed"))
        self.warm_inputs = clone(self.data)
        guard = defences.guard_for(kfx_harness._task_modules(task), torch,
                                   [sys.modules[n] for n in kfx_harness.HARNESS_MODULES if n in sys.modules])
        task.load_candidate(path)
        self.timer = make_timer(torch)
        self.measurement = protocols.Measurement(task, protocols.robust_protocol(10e9), self.timer, torch, DEVICE,
                                                 lambda _: None, True, path, guard)
        self.flusher = timing.L2Flusher(torch, DEVICE)
        self.sweep = None
        self.seed = 0
        for _ in range(3):
            output = task.candidate(clone(self.data))
        torch.cuda.synchronize()
        self.batch = self.measurement._batch_size(self.data, output)  # the harness's batch on this case
        del output

    def timed(self, inputs, busy: bool, index: int):
        """timing.EventTimer.time_ns (wait_all_streams) with its parts kept apart."""
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        sync_begin = timing.clock_ns()
        torch.cuda.synchronize()
        if busy:
            torch.cuda._sleep(BUSY_CYCLES)
        host_start = timing.clock_ns()
        gc_before = GC["count"]
        start.record()
        output = self.task.candidate(inputs)
        launched = timing.clock_ns()
        end.record()
        end.synchronize()
        current_done = timing.clock_ns()
        torch.cuda.synchronize()
        finished = timing.clock_ns()
        other = max(0, finished - current_done - self.timer.idle_sync_ns)
        row = parts(start.elapsed_time(end) * 1e6, other, launched - host_start, finished - host_start, sync_begin,
                    host_start, self.timer, GC["count"] - gc_before, index)
        self.timer.last_end = finished
        row["ptr"] = inputs[0].data_ptr() if isinstance(inputs, (tuple, list)) else 0
        return row, output

    def run(self, knobs: dict, count: int) -> list:
        rows = []
        if knobs["gc_off"]:
            gc.disable()
        try:
            while len(rows) < count:
                rows += self._group(knobs, min(knobs["batch"], count - len(rows)), len(rows))
        finally:
            gc.enable()
        return rows

    def _group(self, k: dict, size: int, first: int) -> list:
        task, case = self.task, self.case
        pending, rows = [], []

        def make():
            self.seed += 1
            inputs = task.generate(case, (case.get("seed") or 0) + self.seed) if k["fresh"] else self.data
            return inputs, (clone(inputs) if k["fresh"] and k["recheck"] and not k["copy_after_warm"] else None)

        made = [make() for _ in range(size)] if not k["generate_after_warm"] else [None] * size
        for index in range(size):
            for _ in range(k["warm_calls"]):
                task.candidate(self.warm_inputs)
            inputs, check_copy = made[index] or make()
            if k["copy_after_warm"] and k["fresh"] and k["recheck"]:
                check_copy = clone(inputs)
            if k["sweep_bytes"]:
                if self.sweep is None:
                    self.sweep = torch.empty(k["sweep_bytes"] // 4, dtype=torch.int32, device=DEVICE)
                self.sweep.fill_(self.seed)
            if k["sleep_before_flush"]:
                torch.cuda._sleep(k["sleep_before_flush"])
            if k["flush_fill"]:
                self.flusher._buffer.fill_(self.seed)
                self.seed += 1
            else:
                self.flusher.flush()
            row, output = self.timed(inputs, k["busy_at_start"], first + index)
            rows.append(row)
            settled = self.measurement._settled_output(output, self.case_index, ", diag", 0) if k["settle_now"] \
                else None
            if check_copy is not None:
                pending.append((check_copy, output if settled is None else None, settled))
            made[index] = None
            del inputs, output
            if k["batch"] == 1:
                self._recheck(pending, k)
        self._recheck(pending, k)
        return rows

    def _recheck(self, pending: list, k: dict):
        """Measurement._check on a settled copy, as the harness's recheck of every timed call."""
        m = self.measurement
        for check_copy, output, settled in pending:
            if k["guard"]:
                m._untouched(self.case_index, ", diag")
            if settled is None:
                settled = m._settled_output(output, self.case_index, ", diag", 0)
            if k["task_check"]:
                ok, message, _ = self.task.check(check_copy, settled)
                if not ok:
                    raise SystemExit(f"incorrect output in the diag: {message}")
        pending.clear()

    def harness(self, count: int) -> list:
        """The harness's own loop, a fixed number of samples."""
        protocol = dataclasses.replace(protocols.robust_protocol(10e9), rule=timing.StopRule(
            min_samples=count, max_samples=count, target_rel_stderr=None, budget_ns=1e18, wall_limit_ns=1e18))
        self.measurement.protocol = protocol
        self.timer.rows = []
        try:
            device, host = self.measurement._time(self.case_index, self.case, self.data, self.task.candidate, True)
        finally:
            rows, self.timer.rows = self.timer.rows, None
        # the timer's rows are the samples' parts (the harness's warm-ups do not go through it)
        assert len(rows) == len(device) and all(abs(r["sample_us"] - d / 1e3) < 1e-3 for r, d in zip(rows, device))
        return rows


def percentile(values: list, q: float) -> float:
    """Nearest rank: the smallest value with at least q of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summary(rows: list) -> dict:
    out = {"samples": len(rows)}
    for key in ("sample_us", "event_us", "launch_us", "other_us", "host_us", "gap_us", "sync_us"):
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            out[key] = round(statistics.median(values), 1)
    if rows and "ptr" in rows[0]:
        out["distinct_input_addresses"] = len({r["ptr"] for r in rows})
    return out


def tail(rows: list, batch: int) -> dict:
    """The upper tail of each part: median, p90, p99 and max; the garbage collections; the samples that open a
    batch (position 0) against the others."""
    out = {}
    for key in ("sample_us", "event_us", "launch_us", "other_us", "gap_us", "sync_us"):
        values = [r[key] for r in rows if r.get(key) is not None]
        if values:
            out[key] = {"median": round(statistics.median(values), 1), "p90": round(percentile(values, 0.9), 1),
                        "p99": round(percentile(values, 0.99), 1), "max": round(max(values), 1)}
    out["samples_with_gc"] = sum(1 for r in rows if r.get("gc"))
    if batch > 1:
        opening = [r["sample_us"] for r in rows if r["i"] % batch == 0]
        others = [r["sample_us"] for r in rows if r["i"] % batch]
        if opening and others:
            out["batch_opening_median"] = round(statistics.median(opening), 1)
            out["batch_rest_median"] = round(statistics.median(others), 1)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("task")
    parser.add_argument("candidate")
    parser.add_argument("case", type=int)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out")
    parser.add_argument("--quick", action="store_true", help="only the harness's loop, the plain loops, the loop "
                        "one sample at a time and the batched copy")
    parser.add_argument("--tail", action="store_true", help="only the harness's loop and the variants that split "
                        "the upper tail of its samples (issue 26, 2026-11-30)")
    parser.add_argument("--cases", default="benchmark", choices=("benchmark", "test", "cpu"))
    arguments = parser.parse_args()
    gc.callbacks.append(_gc_callback)
    task = GpuModeTask(arguments.task, 10e9)
    case = task.cases(arguments.cases)[arguments.case - 1]
    loop = Loop(task, arguments.case, case, arguments.candidate)
    chosen = QUICK if arguments.quick else TAIL if arguments.tail else tuple(VARIANTS)
    names = ["robust (the harness's own loop)"] + [n for n in VARIANTS if n in chosen]
    rows = {name: [] for name in names}
    rounds = []
    for r in range(arguments.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            got = loop.harness(arguments.samples) if name == names[0] else loop.run(VARIANTS[name],
                                                                                     arguments.samples)
            rows[name] += got
            rounds.append({"round": r, "variant": name, **summary(got)})
    label = f"{os.path.basename(arguments.task)}/{os.path.basename(arguments.candidate)[:-3]} case {arguments.case}"
    plain = statistics.median(r["sample_us"] for r in rows["plain"])
    print(f"== {label} on {torch.cuda.get_device_name()}, idle synchronisation {loop.timer.idle_sync_ns / 1e3:.1f} µs, "
          f"the harness's batch {loop.batch}, garbage collections {GC['count']} ({GC['gen2']} of generation 2, "
          f"{GC['ns'] / 1e6:.1f} ms)")
    tails = {}
    for name in names:
        s = summary(rows[name])
        print(f"{label} | {name:58s} | {s['sample_us']:8.1f} µs | x{s['sample_us'] / plain:5.3f} | "
              + " ".join(f"{k}={v}" for k, v in s.items() if k != "sample_us"), flush=True)
    print(f"== {label}: median / p90 / p99 / max, µs (sample = event + other-streams wait)")
    for name in names:
        batch = loop.batch if name == names[0] else VARIANTS[name]["batch"]
        tails[name] = t = tail(rows[name], batch)
        cells = " | ".join(f"{key[:-3]} {v['median']}/{v['p90']}/{v['p99']}/{v['max']}" for key, v in t.items()
                           if isinstance(v, dict))
        opening = f" | batch opening {t['batch_opening_median']} rest {t['batch_rest_median']}" \
            if "batch_opening_median" in t else ""
        print(f"{label} | {name:58s} | n={len(rows[name])} | {cells} | gc in {t['samples_with_gc']}{opening}",
              flush=True)
    if arguments.out:
        with open(arguments.out, "a", encoding="utf-8") as stream:
            stream.write(json.dumps({"kernel": label, "device": torch.cuda.get_device_name(),
                                     "idle_sync_us": loop.timer.idle_sync_ns / 1e3, "knobs": VARIANTS,
                                     "summary": {n: summary(rows[n]) for n in names}, "tail": tails,
                                     "harness_batch": loop.batch,
                                     "gc": {k: v for k, v in GC.items() if k != "start"}, "rounds": rounds,
                                     "samples": {n: [{k: round(v, 1) if isinstance(v, float) else v
                                                      for k, v in r.items() if k != "ptr"}
                                                     for r in rows[n]] for n in names}}) + "\n")


if __name__ == "__main__":
    main()
