"""clock_agreement_summary.py on fabricated results (issue 26): medians of per-process medians, ranges, overlap."""

import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clock_agreement_summary as summary  # noqa: E402

TASK = "toy"
CANDIDATE = f"resources/tasks/{TASK}/candidates/fast.py"
SEED = f"resources/tasks/{TASK}/seed.py"


def kfx(cases):
    """kfx_harness.py's result line; cases: [(candidate µs, reference µs)]."""
    return {"kind": "success", "aggregated_speedup": 2.0,
            "cases": [{"runtime_ns": a * 1e3, "ref_runtime_ns": b * 1e3} for a, b in cases]}


def independent(cases):
    """independent_timer.py's output; cases: [(reference µs, {path: µs})]."""
    return {"cases": [{"reference": {"median_us": ref}, "candidates": {p: {"median_us": v} for p, v in kernels.items()}}
                      for ref, kernels in cases], "geomean_speedup": {CANDIDATE: 2.1, SEED: 1.0}}


class Summary(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.directory)
        # Three rounds. fast case 1 agrees (median 200 against 202); fast case 2 reads 10 % high, but the
        # independent clock's own processes span 400-460, which covers kfx's 438-442; the seed reads 20 % high
        # with no overlap; case 3 is under 100 µs on both clocks.
        fast = {1: [(200, 1000), (210, 1100), (190, 900)], 2: [(440, 1000), (442, 1000), (438, 1000)],
                3: [(50, 60)] * 3}
        clocks = {1: [202, 199, 205], 2: [400, 460, 405], 3: [51, 52, 50]}
        for r in range(3):
            self.write(f"r{r + 1}.kfx.{TASK}.fast.json",
                       kfx([fast[case][r] for case in (1, 2, 3)]))
            self.write(f"r{r + 1}.kfx.{TASK}.seed.json", kfx([(1200, 1000)] * 3))
            self.write(f"r{r + 1}.independent.{TASK}.json",
                       independent([(1000, {CANDIDATE: clocks[case][r], SEED: 1000}) for case in (1, 2, 3)]))
        self.write(f"r4.kfx.{TASK}.fast.json", {"kind": "incorrect"})
        with open(os.path.join(self.directory, f"r4.independent.{TASK}.json"), "w", encoding="utf-8"):
            pass  # a process killed before it printed

    def write(self, name, value):
        with open(os.path.join(self.directory, name), "w", encoding="utf-8") as stream:
            json.dump(value, stream)

    def table(self):
        times, _, failures = summary.load(self.directory)
        return {(r["kernel"], r["case"]): r for r in summary.rows(times, 100.0, 0.03)}, failures

    def test_medians_ranges_and_verdicts(self):
        table, _ = self.table()
        row = table[("fast", 1)]
        self.assertEqual(row["kfx_median_us"], 200)
        self.assertEqual(row["independent_median_us"], 202)
        self.assertEqual(row["kfx_range_us"], [190, 210])
        self.assertTrue(row["within_tolerance"])
        row = table[("fast", 2)]
        self.assertAlmostEqual(row["ratio"], 440 / 405)
        self.assertFalse(row["within_tolerance"])
        self.assertTrue(row["ranges_overlap"])
        self.assertAlmostEqual(row["round_ratio_range"][0], 442 / 460)
        row = table[("seed", 1)]
        self.assertAlmostEqual(row["ratio"], 1.2)
        self.assertFalse(row["ranges_overlap"])
        self.assertFalse(table[("fast", 3)]["in_range"])

    def test_reference_comes_from_the_seeds_process(self):
        table, _ = self.table()
        row = table[("reference", 1)]
        self.assertEqual(row["kfx_us"], {"1": 1000, "2": 1000, "3": 1000})
        self.assertEqual(row["independent_median_us"], 1000)

    def test_failed_processes_are_listed_and_left_out(self):
        table, failures = self.table()
        self.assertEqual(len(table[("fast", 1)]["kfx_us"]), 3)
        self.assertEqual({(f[0], f[1]) for f in failures}, {(4, "kfx"), (4, "independent")})

    def test_markdown_counts(self):
        times, speedups, failures = summary.load(self.directory)
        text = summary.markdown(summary.rows(times, 100.0, 0.03), summary.geomean_rows(speedups), failures,
                                100.0, 0.03)
        # over 100 µs: fast 1-2, seed 1-3, reference 1-3 = 8; agreeing: fast 1 and the reference's 3
        self.assertIn("4 of 8 timings over 100 µs agree within 3 %; of the 4 others, 1 lie inside", text)
        self.assertNotIn("| toy/fast | 3 |", text)


if __name__ == "__main__":
    unittest.main()
