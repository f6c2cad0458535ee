"""The harness on a CUDA GPU (skipped without one): CUDA-event timing, the L2 flush, Triton compile and
illegal-access failures, and the robust recheck on real kernels. Run on the GPU machine with
`python3 -m unittest discover -s tests/measure/harness -p test_gpu.py -v`."""

import importlib.util
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import KB_MLP, candidate, run_harness  # noqa: E402

import torch  # noqa: E402

HAS_CUDA = torch.cuda.is_available()
HAS_TRITON = importlib.util.find_spec("triton") is not None


def on_gpu(name, folder="candidates", timing="reference", **kwargs):
    return run_harness(candidate(name, folder), timing=timing, device="cuda", budget_ms=1000, timeout=300,
                       **kwargs)


@unittest.skipUnless(HAS_CUDA, "needs a CUDA device")
class OnTheGpu(unittest.TestCase):
    def test_honest_both_protocols(self):
        for timing in ("reference", "robust"):
            result = on_gpu("honest", timing=timing).result
            self.assertEqual(result["kind"], "success", result)
            self.assertEqual(result["suspicions"], [])
            provenance = result["provenance"]
            self.assertEqual(provenance["device"], "cuda")
            self.assertEqual(provenance["timer"], "torch.cuda.Event" + (" after torch.cuda.synchronize"
                                                                        if timing == "robust" else ""))
            self.assertEqual(provenance["l2_flush"], timing == "robust")
            self.assertNotIn("cpu_mode", provenance)
            self.assertEqual([c["sizes"]["size"] for c in result["cases"]], [1048576, 4194304])

    def test_caching_fails_the_robust_recheck(self):
        result = on_gpu("caches_result", "attacks", timing="robust").result
        self.assertEqual(result["kind"], "incorrect", result)
        self.assertIn("timed iteration 1", result["error_message"])

    def test_patched_cuda_events_do_not_fool_the_timer(self):
        result = on_gpu("patches_timing", "attacks").result
        self.assertEqual(result["kind"], "success", result)
        self.assertIn("timing_patch", [flag["kind"] for flag in result["suspicions"]])
        # 4 Mi floats read twice and written once take far more than the patched 1e-6 ms.
        self.assertGreater(result["cases"][1]["runtime_ns"], 1000)

    def test_kernelbench_on_the_gpu(self):
        result = on_gpu("kb_honest", task=KB_MLP).result
        self.assertEqual(result["kind"], "success", result)
        self.assertTrue(result["provenance"]["l2_flush"])  # spec §5.4: KernelBench thrashes the L2 per trial

    def test_hang_is_left_to_the_worker(self):
        with self.assertRaises(subprocess.TimeoutExpired):
            run_harness(candidate("hang"), device="cuda", timeout=20)


@unittest.skipUnless(HAS_CUDA and HAS_TRITON, "needs a CUDA device and Triton")
class TritonCandidates(unittest.TestCase):
    def test_triton_kernel_both_protocols(self):
        for timing in ("reference", "robust"):
            result = on_gpu("triton_add", "gpu", timing=timing).result
            self.assertEqual(result["kind"], "success", result)
            self.assertIsNotNone(result["compile"]["candidate"]["first_call_ms"])

    def test_triton_compile_error_on_the_first_call(self):
        result = on_gpu("triton_compile_error", "gpu").result
        self.assertEqual(result["kind"], "compile_failed", result)

    def test_illegal_access_is_sticky(self):
        result = on_gpu("triton_illegal_access", "gpu").result
        self.assertEqual(result["kind"], "runtime_error", result)
        self.assertTrue(result["sticky"], result)
        self.assertIn("illegal", result["runtime_error"])


if __name__ == "__main__":
    unittest.main()
