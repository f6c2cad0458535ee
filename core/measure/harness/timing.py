"""Clocks, the sampling loop shared by both timing protocols, and the statistics kfx reports.

The loop's stopping rule is spec §5.1's (GPU-Forecasters' adaptive loop): after at least `min_samples`
samples, stop when the standard error over the mean falls below `target_rel_stderr`, when the samples add
up to more than the time budget, or when the loop has run longer than its wall limit; never take more than
`max_samples`. The robust protocol uses the same rule with a larger minimum.
"""

import math
import statistics
import time
from dataclasses import dataclass
from typing import Callable, Optional

# Bound now, before any candidate is imported: a candidate that replaces time.perf_counter_ns (or the
# CUDA event methods, see CudaEventTimer) cannot reach the references the harness keeps.
clock_ns = time.perf_counter_ns


@dataclass(frozen=True)
class StopRule:
    """When the sampling loop stops (all durations in nanoseconds)."""

    min_samples: int = 3
    max_samples: int = 100
    target_rel_stderr: Optional[float] = 1e-3  # None: never stop on convergence (a fixed sample count)
    budget_ns: float = 10e9  # stop when mean * count (the sum of the samples) exceeds it
    wall_limit_ns: float = 120e9  # stop when the loop has run this long, whatever the samples say

    def should_stop(self, samples: list, wall_elapsed_ns: float) -> bool:
        n = len(samples)
        if n >= self.max_samples:
            return True
        if n < self.min_samples:
            return False
        mean = sum(samples) / n
        if self.target_rel_stderr is not None and mean > 0:
            stderr = statistics.stdev(samples) / math.sqrt(n)
            if stderr / mean < self.target_rel_stderr:
                return True
        return mean * n > self.budget_ns or wall_elapsed_ns > self.wall_limit_ns


def collect_samples(take_sample: Callable[[int], float], rule: StopRule,
                    wall_clock: Callable[[], int] = clock_ns) -> list:
    """Calls take_sample(i) for i = 0, 1, ... until the rule says stop; returns the samples in order.

    take_sample returns one duration in ns; wall_clock is injectable so that tests can check the rule exactly.
    """
    samples = []
    start = wall_clock()
    while True:
        samples.append(take_sample(len(samples)))
        if rule.should_stop(samples, wall_clock() - start):
            return samples


class CpuTimer:
    """Times a call on the host clock (CPU mode: tests without a GPU). The host clock is also the device one."""

    label = "time.perf_counter_ns"

    def time_ns(self, call: Callable[[], object]):
        """(device ns, host ns, output): on the CPU both are the same reading."""
        start = clock_ns()
        out = call()
        elapsed = clock_ns() - start
        return elapsed, elapsed, out

    def synchronize(self):
        pass


class EventTimer:
    """Times a call between two device events, and on the host clock around the synchronised call.

    Spec §5.1 records both events on the current stream and synchronises after the end event: work the call
    started on another stream is then outside the event time (a side-stream kernel reads as free) but inside the
    host time. With wait_all_streams (the robust protocol) a sample also covers the call's work on every other
    stream: the host waits for the end event, then for the whole device, and what that second wait took beyond an
    idle device's synchronisation (calibrated when the timer is made, before any candidate is imported) is added.
    Recording the end event only after a device-wide synchronisation would also cover it, but would time the
    host's wake-up and the event's launch as well: 15-40 µs on an H100 (issue 26). The event primitives are
    injected so that tests can drive the logic with a simulated device on the CPU.
    """

    CALIBRATION_SYNCS = 15

    def __init__(self, new_event, record, elapsed_ms, synchronize, event_synchronize, wait_all_streams: bool,
                 label: str):
        self._new_event = new_event
        self._record = record
        self._elapsed_ms = elapsed_ms
        self._synchronize = synchronize
        self._event_synchronize = event_synchronize
        self.wait_all_streams = wait_all_streams
        self.label = label
        self.idle_sync_ns = self._idle_sync_ns() if wait_all_streams else 0

    def _idle_sync_ns(self) -> int:
        """What a device-wide synchronisation costs the host when the device has nothing left to do."""
        self._synchronize()
        costs = []
        for _ in range(self.CALIBRATION_SYNCS):
            start = clock_ns()
            self._synchronize()
            costs.append(clock_ns() - start)
        return statistics.median(costs)

    def time_ns(self, call: Callable[[], object]):
        """(device ns, host ns, output)."""
        start, end = self._new_event(), self._new_event()
        self._synchronize()
        host_start = clock_ns()
        self._record(start)
        out = call()
        self._record(end)
        other_streams_ns = 0
        if self.wait_all_streams:
            self._event_synchronize(end)  # the current stream is done; other streams may not be
            current_done = clock_ns()
            self._synchronize()
            other_streams_ns = max(0, clock_ns() - current_done - self.idle_sync_ns)
        else:
            self._synchronize()
        host = clock_ns() - host_start
        return self._elapsed_ms(start, end) * 1e6 + other_streams_ns, host, out

    def synchronize(self):
        self._synchronize()


def cuda_event_timer(torch, wait_all_streams: bool) -> EventTimer:
    """CUDA events on the current stream; unbound functions captured before the candidate is imported (see
    clock_ns above), so that a candidate replacing them is flagged but never read."""
    cuda = torch.cuda
    event_class = cuda.Event
    # The robust label is kept as it was (test_gpu.py and saved results read it): the sample still ends when
    # torch.cuda.synchronize() has returned, only without the end event's own latency.
    label = "torch.cuda.Event" + (" after torch.cuda.synchronize" if wait_all_streams else "")
    return EventTimer(lambda: event_class(enable_timing=True), cuda.Event.record, cuda.Event.elapsed_time,
                      cuda.synchronize, cuda.Event.synchronize, wait_all_streams, label)


# A sample whose host time exceeds its device time by this factor (and by more than the floor, which launch and
# synchronisation latency alone can reach on a launch-bound kernel) hides work from the device clock: another
# stream, or a thread that finishes after the end event (CUDA-L2's defense.py uses the same ratio).
HOST_DEVICE_RATIO = 2.0
HOST_DEVICE_FLOOR_NS = 50_000


def hidden_work(device_samples: list, host_samples: list):
    """(samples whose host time exceeds HOST_DEVICE_RATIO x their device time plus the floor, the median ratio)."""
    ratios = [h / d if d > 0 else math.inf for d, h in zip(device_samples, host_samples)]
    hidden = sum(1 for d, h in zip(device_samples, host_samples)
                 if h > HOST_DEVICE_RATIO * d and h - d > HOST_DEVICE_FLOOR_NS)
    return hidden, statistics.median(ratios)


class L2Flusher:
    """Writes a 256 MB device buffer before a sample so that the L2 holds nothing of the previous call."""

    BYTES = 256 * 1024 * 1024

    def __init__(self, torch, device):
        self._buffer = torch.empty(self.BYTES // 4, dtype=torch.int32, device=device)

    def flush(self):
        self._buffer.zero_()


def sample_stats(samples: list) -> dict:
    """The statistics PROTOCOL.md names for a timed kernel, plus the two relative spreads kfx reports."""
    n = len(samples)
    ordered = sorted(samples)
    mean = sum(samples) / n
    std = statistics.stdev(samples) if n > 1 else 0.0
    median = statistics.median(samples)
    quartiles = statistics.quantiles(samples, n=4) if n > 1 else [median, median, median]
    return {
        "mean_ns": mean,
        "median_ns": median,
        "min_ns": ordered[0],
        "max_ns": ordered[-1],
        "std_ns": std,
        "samples": n,
        "rel_stderr": (std / math.sqrt(n) / mean) if mean > 0 else None,
        "rel_iqr": ((quartiles[2] - quartiles[0]) / median) if median > 0 else None,
    }


def geomean(values: list) -> float:
    """Spec §5.1's aggregation: exp(mean(ln s)); 0.0 when any value is not positive (a failed case)."""
    if not values or any(v <= 0 for v in values):
        return 0.0
    return math.exp(sum(math.log(v) for v in values) / len(values))


def speedup_bin(speedup: float) -> int:
    """Spec §1.1's SpeedupBin.from_speedup: floor(2·log2(S)) + 4 clamped to 1..8, in IEEE double."""
    if speedup <= 0:
        raise ValueError(f"speedup must be positive, got {speedup}")
    return min(8, max(1, math.floor(2.0 * math.log2(speedup)) + 4))
