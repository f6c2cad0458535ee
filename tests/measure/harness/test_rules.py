"""The harness's rules checked against their definitions: the sampling loop's stopping rule (spec §5.1), the
geomean (spec §5.1's test vectors), the bins (spec §1.1's edges), the suspicion checks, GPU MODE's two check
conventions."""

import math
import os
import statistics
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import add_harness_to_path  # noqa: E402

add_harness_to_path()
import torch  # noqa: E402

import suspicion  # noqa: E402
from gpumode import GpuModeTask  # noqa: E402
from timing import StopRule, collect_samples, geomean, sample_stats, speedup_bin  # noqa: E402


def first_converged(samples, threshold=1e-3):
    """The definition: the first n >= 3 with (stdev/sqrt(n))/mean < threshold, or None."""
    for n in range(3, len(samples) + 1):
        head = samples[:n]
        mean = sum(head) / n
        if statistics.stdev(head) / math.sqrt(n) / mean < threshold:
            return n
    return None


class FakeWallClock:
    """A wall clock that advances by a fixed step every time it is read."""

    def __init__(self, step_ns):
        self.now, self.step = 0, step_ns

    def __call__(self):
        self.now += self.step
        return self.now


class StoppingRule(unittest.TestCase):
    def collect(self, samples, rule=StopRule(), wall_step_ns=0):
        return collect_samples(lambda i: samples[i], rule, FakeWallClock(wall_step_ns))

    def test_identical_samples_stop_at_the_third(self):
        self.assertEqual(len(self.collect([1000.0] * 100)), 3)

    def test_stops_at_the_first_converged_count(self):
        # Noise that shrinks relative to the mean as n grows: converges somewhere in the middle of the sequence.
        samples = [1000.0 + (1.0 if i % 2 else -1.0) * (1 + (i % 7)) for i in range(100)]
        expected = first_converged(samples)
        self.assertIsNotNone(expected)
        self.assertGreater(expected, 3)
        self.assertEqual(len(self.collect(samples)), expected)

    def test_caps_at_one_hundred_samples(self):
        samples = [1000.0 * (1 + (i % 2)) for i in range(200)]  # 1000, 2000, ...: never converges
        self.assertIsNone(first_converged(samples[:100]))
        self.assertEqual(len(self.collect(samples)), 100)

    def test_stops_once_the_samples_exceed_the_budget(self):
        samples = [1e6 * (1 + (i % 2)) for i in range(200)]  # 1 ms, 2 ms alternating
        budget = 10.5e6
        running, expected = 0.0, None
        for n, sample in enumerate(samples, 1):
            running += sample
            if n >= 3 and running > budget:  # mean * n is the running sum
                expected = n
                break
        self.assertEqual(len(self.collect(samples, StopRule(budget_ns=budget))), expected)

    def test_stops_after_the_wall_limit(self):
        samples = [1000.0 * (1 + (i % 2)) for i in range(200)]
        # The clock reads 20 s further on each call: the first read is the start, so after sample n it reads n steps on.
        step = 20e9
        expected = next(n for n in range(3, 101) if n * step > 120e9)
        self.assertEqual(expected, 7)
        self.assertEqual(len(self.collect(samples, wall_step_ns=step)), expected)

    def test_fixed_count_when_convergence_is_off(self):
        rule = StopRule(min_samples=3, target_rel_stderr=None)
        self.assertEqual(len(self.collect([1000.0] * 200, rule)), 100)

    def test_robust_minimum(self):
        self.assertEqual(len(self.collect([1000.0] * 100, StopRule(min_samples=10))), 10)

    def test_statistics(self):
        stats = sample_stats([4.0, 1.0, 3.0, 2.0])
        self.assertEqual((stats["mean_ns"], stats["median_ns"], stats["min_ns"], stats["max_ns"]), (2.5, 2.5, 1, 4))
        self.assertAlmostEqual(stats["std_ns"], math.sqrt(((1.5 ** 2) * 2 + (0.5 ** 2) * 2) / 3))
        self.assertEqual(stats["samples"], 4)


class Aggregation(unittest.TestCase):
    def test_spec_geomean_vectors(self):
        self.assertAlmostEqual(geomean([2, 8]), 4.0)
        self.assertAlmostEqual(geomean([1.5, 2, 3]), 9 ** (1 / 3))
        self.assertEqual(geomean([2.0, 0.0]), 0.0)

    def test_bins_follow_the_spec_edges(self):
        edges = [2.0 ** ((i - 4) / 2) for i in range(2, 9)]  # bin i in 2..8 starts at 2^((i-4)/2)
        values = [0.001, 0.25, 0.3535533905932738, 0.4999999, 0.5, 0.6, 0.7071067811865475, 0.7071067811865476,
                  0.8, 0.9999999, 1.0, 1.414213562373095, math.sqrt(2.0), 1.5, 1.9999999, 2.0, 2.82842712474619,
                  2.8284271247461903, 3.0, 3.9999999, 4.0, 5.0, 10.2, 10000.0]
        for value in values:
            self.assertEqual(speedup_bin(value), 1 + sum(1 for edge in edges if value >= edge), value)
        for bad in (0.0, -1.0):
            with self.assertRaises(ValueError):
                speedup_bin(bad)


def kinds(source):
    return sorted(flag["kind"] for flag in suspicion.static_suspicions(source, "c.py"))


class StaticSuspicions(unittest.TestCase):
    def test_honest_source_raises_nothing(self):
        self.assertEqual(kinds("import torch\nclass K:\n    def __init__(self):\n        self.record = []\n"
                               "def custom_kernel(data):\n    try:\n        return data[0] + data[1]\n"
                               "    except RuntimeError:\n        return torch.add(*data)\n"), [])

    def test_timing_patches_through_aliases(self):
        self.assertEqual(kinds("import time as t\nt.perf_counter = lambda: 0\n"), ["timing_patch"])
        self.assertEqual(kinds("from torch.cuda import Event\nEvent.elapsed_time = None\n"), ["timing_patch"])
        self.assertEqual(kinds("import torch\nsetattr(torch.cuda, 'synchronize', None)\n"), ["timing_patch"])
        self.assertEqual(kinds("from unittest import mock\nmock.patch('time.perf_counter_ns')\n"), ["timing_patch"])

    def test_reference_fallback_only_inside_an_except(self):
        fallback = "def f(d):\n    try:\n        pass\n    except Exception:\n        return ref_kernel(d)\n"
        self.assertEqual(kinds(fallback), ["reference_fallback"])
        self.assertEqual(kinds("def f(d):\n    return ref_kernel(d)\n"), ["reads_reference_output"])

    def test_unparsable_source_has_no_flags(self):
        self.assertEqual(kinds("def f(:\n"), [])


class DynamicSuspicions(unittest.TestCase):
    def test_aliasing(self):
        a, b = torch.zeros(8), torch.zeros(8)
        self.assertEqual(suspicion.aliased_pairs((a, b), a[2:]), {(0, 0)})
        self.assertEqual(suspicion.aliased_pairs((a, b), (torch.zeros(8), b.view(2, 4))), {(1, 1)})
        self.assertEqual(suspicion.aliased_pairs((a, b), a + b), set())

    def test_speedups(self):
        cases = [{"speedup": 12.0}, {"speedup": 3.5}, {"speedup": 1.1}]
        flags = {f["kind"]: f["detail"] for f in suspicion.speedup_suspicions(cases, 3.0)}
        self.assertEqual(flags["speedup_above_10x"], "case 1 12.00x")
        self.assertIn("case 2 3.50x", flags["speedup_above_roofline"])
        self.assertEqual(suspicion.speedup_suspicions([{"speedup": 9.9}], None), [])

    def test_merge_keeps_one_flag_per_kind(self):
        merged = suspicion.merge([suspicion.flag("timing_patch", "a"), suspicion.flag("timing_patch", "b"),
                                  suspicion.flag("timing_patch", "a")])
        self.assertEqual(merged, [{"kind": "timing_patch", "detail": "a; b"}])


class StubReference:
    def __init__(self, verdict):
        self.verdict = verdict

    def check_implementation(self, data, output):
        return self.verdict


class CheckConventions(unittest.TestCase):
    def verdict(self, returned):
        task = GpuModeTask.__new__(GpuModeTask)  # only check() is exercised: no task directory needed
        task._reference = StubReference(returned)
        return task.check(None, None)[:2]

    def test_tuple_and_string_conventions(self):
        self.assertEqual(self.verdict((True, "")), (True, ""))
        self.assertEqual(self.verdict((False, "3 elements differ")), (False, "3 elements differ"))
        self.assertEqual(self.verdict(""), (True, ""))
        self.assertEqual(self.verdict("mismatch at 4"), (False, "mismatch at 4"))
        self.assertFalse(self.verdict(False)[0])


if __name__ == "__main__":
    unittest.main()
