"""The harness end to end on the CPU: one fresh process per fixture candidate, as kfx-measure runs it."""

import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import KB_MLP, VECTOR_ADD, candidate, run_harness  # noqa: E402

import torch  # noqa: E402

CPU_CASES = [{"size": 64, "seed": 3}, {"size": 256, "seed": 4}]  # vector_add/task.yml's cpu_cases


def expected_bin(speedup: float) -> int:
    """Spec §1.1's bins from their edges: bin i (2..7) starts at 2^((i-4)/2); below 0.5 is 1, from 4 on is 8."""
    edges = [2.0 ** ((i - 4) / 2) for i in range(2, 9)]
    return 1 + sum(1 for edge in edges if speedup >= edge)


class HonestCandidate(unittest.TestCase):
    def check_success(self, run, protocol: str):
        result = run.result
        self.assertEqual(run.returncode, 0)
        self.assertEqual(result["kind"], "success", result)
        self.assertEqual(result["task_kind"], "gpu_mode")
        self.assertEqual(result["task"], "vector_add")
        self.assertEqual(result["suspicions"], [])
        self.assertEqual([c["sizes"] for c in result["cases"]], CPU_CASES)
        speedups = [c["ref_runtime_ns"] / c["runtime_ns"] for c in result["cases"]]
        for case, speedup in zip(result["cases"], speedups):
            self.assertAlmostEqual(case["speedup"], speedup)
        geomean = math.exp(sum(math.log(s) for s in speedups) / len(speedups))
        self.assertAlmostEqual(result["aggregated_speedup"], geomean)
        self.assertEqual(result["aggregation_method"], "geomean")
        self.assertEqual(result["bin"], expected_bin(geomean))
        provenance = result["provenance"]
        self.assertEqual(provenance["protocol"], protocol)
        self.assertEqual(provenance["device"], "cpu")
        self.assertTrue(provenance["cpu_mode"])
        self.assertFalse(provenance["l2_flush"])  # nothing to flush on the CPU, and the result says so
        self.assertEqual(provenance["timer"], "time.perf_counter_ns")
        self.assertIn("torch", provenance)
        self.assertIsNone(provenance["clocks"])
        # The candidate's print()s went to stderr; stdout held only JSON (Run parses every line).
        self.assertIn("honest candidate imported", run.stderr)
        stages = [(line["stage"], line.get("case")) for line in run.lines if line["type"] == "progress"]
        self.assertEqual(stages, [("compile", None)] + [(stage, i) for i in (1, 2) for stage in
                                                        ("correctness", "timing candidate", "timing reference")])
        return result

    def test_reference_protocol_is_the_adaptive_mean(self):
        result = self.check_success(run_harness(candidate("honest")), "reference")
        self.assertFalse(result["provenance"]["fresh_inputs"])
        self.assertTrue(result["provenance"]["clone_in_timed_region"])
        for case in result["cases"]:
            self.assertEqual(case["runtime_ns"], case["candidate_stats"]["mean_ns"])
            self.assertEqual(case["ref_runtime_ns"], case["reference_stats"]["mean_ns"])
            self.assertGreaterEqual(case["candidate_stats"]["samples"], 3)
            self.assertLessEqual(case["candidate_stats"]["samples"], 100)

    def test_robust_protocol_is_the_median_over_fresh_inputs(self):
        result = self.check_success(run_harness(candidate("honest"), timing="robust", extra=["--raw-samples"]),
                                    "robust")
        self.assertTrue(result["provenance"]["fresh_inputs"])
        self.assertEqual(result["provenance"]["warmup_calls"], 3)
        self.assertIn("no L2 flush on the CPU", result["provenance"]["note"])
        for case in result["cases"]:
            samples = sorted(case["candidate_samples_ns"])
            self.assertGreaterEqual(len(samples), 10)
            middle = len(samples) // 2
            median = samples[middle] if len(samples) % 2 else (samples[middle - 1] + samples[middle]) / 2
            self.assertEqual(case["runtime_ns"], median)


class FailingCandidates(unittest.TestCase):
    def failure(self, name: str, kind: str, timing: str = "reference", task: str = VECTOR_ADD) -> dict:
        run = run_harness(candidate(name), timing=timing, task=task)
        self.assertEqual(run.returncode, 0)
        result = run.result
        self.assertEqual(result["kind"], kind, result)
        self.assertEqual(result["candidate"], candidate(name))
        return result

    def test_syntax_error_names_the_file_and_line(self):
        result = self.failure("syntax_error", "compile_failed")
        self.assertIn(candidate("syntax_error") + ":1", result["compilation_error"])

    def test_missing_custom_kernel(self):
        result = self.failure("missing_kernel", "compile_failed")
        self.assertIn("custom_kernel", result["compilation_error"])
        self.assertIn(candidate("missing_kernel"), result["compilation_error"])

    def test_exception_is_a_runtime_error_naming_the_case(self):
        result = self.failure("raises", "runtime_error")
        self.assertEqual(result["runtime_error_name"], "ValueError")
        self.assertIn("case 1", result["runtime_error"])
        self.assertIn(candidate("raises"), result["runtime_error"])
        self.assertIn("the kernel gave up", result["runtime_error"])
        self.assertFalse(result["sticky"])

    def test_wrong_shape(self):
        result = self.failure("wrong_shape", "incorrect")
        self.assertEqual(result["case"], 1)
        self.assertIn("shape [63], expected [64]", result["error_message"])
        self.assertIn(candidate("wrong_shape"), result["error_message"])

    def test_wrong_values(self):
        result = self.failure("wrong_values", "incorrect")
        self.assertIn("elements differ", result["error_message"])

    def test_nan_output(self):
        result = self.failure("nan", "incorrect")
        self.assertIn("64 of 64 elements differ", result["error_message"])

    def test_sys_exit_in_a_call_is_reported(self):
        result = self.failure("sys_exit", "runtime_error")
        self.assertEqual(result["runtime_error_name"], "SystemExit")
        self.assertIn("sys.exit(0)", result["runtime_error"])

    def test_hang_leaves_the_kill_to_the_worker(self):
        # The harness has no timeout of its own: kfx-measure kills the process group and reports "timeout".
        with self.assertRaises(subprocess.TimeoutExpired):
            run_harness(candidate("hang"), timeout=5)

    def test_os_exit_writes_no_result(self):
        # The worker reports "process_exited" with the status when no result line arrives.
        run = run_harness(candidate("os_exit"))
        self.assertEqual(run.returncode, 3)
        self.assertEqual(run.results, [])

    def test_test_cases_on_request(self):
        result = run_harness(candidate("honest"), extra=["--cases", "test"]).result
        self.assertEqual([c["sizes"] for c in result["cases"]], [{"size": 1024, "seed": 5}])  # task.yml's tests

    @unittest.skipIf(torch.cuda.is_available(), "this machine has a CUDA device")
    def test_no_cuda_device_is_an_infrastructure_failure(self):
        result = run_harness(candidate("honest"), device="cuda").result
        self.assertEqual(result["kind"], "infrastructure_failure")
        self.assertIn("no CUDA device", result["reason"])

    def test_unknown_task_layout_is_an_infrastructure_failure(self):
        result = self.failure("honest", "infrastructure_failure", task=os.path.dirname(candidate("honest")))
        self.assertIn("neither a GPU MODE task", result["reason"])

    def test_task_code_failing_before_the_import_is_an_infrastructure_failure(self):
        # A task whose own generation fails on its second case: the canary meets it before the candidate is
        # imported, so it is not charged to the candidate (breaks_task_code.py, after the import, is).
        with tempfile.TemporaryDirectory() as folder:
            task = shutil.copytree(VECTOR_ADD, os.path.join(folder, "vector_add"))
            with open(os.path.join(task, "reference.py"), encoding="utf-8") as source:
                text = source.read()
            with open(os.path.join(task, "reference.py"), "w", encoding="utf-8") as source:
                source.write(text.replace("    generator = torch.Generator",
                                          "    if size == 256:\n        raise ValueError('no inputs of that size')\n"
                                          "    generator = torch.Generator", 1))
            result = self.failure("honest", "infrastructure_failure", task=task)
        self.assertIn("generating the inputs of case 2 (seed 4), before the candidate was imported, raised "
                      "ValueError: no inputs of that size", result["reason"])

    def test_broken_task_yml_names_the_file_and_line(self):
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "task.yml"), "w", encoding="utf-8") as manifest:
                manifest.write("files:\n  - {name: reference.py\ntests: []\n")
            result = self.failure("honest", "infrastructure_failure", task=directory)
        self.assertIn(os.path.join(directory, "task.yml") + ":", result["reason"])


class KernelBenchLayout(unittest.TestCase):
    def test_honest_model_new(self):
        for timing in ("reference", "robust"):
            result = run_harness(candidate("kb_honest"), task=KB_MLP, timing=timing).result
            self.assertEqual(result["kind"], "success", result)
            self.assertEqual(result["task_kind"], "kernelbench")
            self.assertEqual(result["task"], "kb_mlp")
            self.assertEqual(result["cases"][0]["sizes"]["input_shapes"], [[8, 16]])
            self.assertLessEqual(result["cases"][0]["max_abs_error"], 1e-4)
        # Spec §5.4's KernelBench timing: 100 trials, 3 warm-ups, the mean (reference). The budget must be far off:
        # the default 20 ms ran out at 89 trials on a busy 2-core machine.
        reference = run_harness(candidate("kb_honest"), task=KB_MLP, budget_ms=10_000).result
        self.assertEqual(reference["cases"][0]["candidate_stats"]["samples"], 100)
        self.assertEqual(reference["provenance"]["warmup_calls"], 3)

    def test_wrong_model_fails_the_first_trial(self):
        result = run_harness(candidate("kb_no_relu"), task=KB_MLP).result
        self.assertEqual(result["kind"], "incorrect")
        self.assertIn("trial 1 of 5 (seed 0)", result["error_message"])
        self.assertIn("atol=0.0001 rtol=0.0001", result["error_message"])

    def test_missing_model_new(self):
        result = run_harness(candidate("kb_missing_model"), task=KB_MLP).result
        self.assertEqual(result["kind"], "compile_failed")
        self.assertIn("ModelNew", result["compilation_error"])


if __name__ == "__main__":
    unittest.main()
