"""The Triton candidates (resources/tasks/*/candidates/triton_*.py) run on the CPU through triton_on_cpu.py
(block-at-a-time torch in place of Triton) and pass their task's check on small cases, so the GPU run tests
their speed and Triton's compilation, not their arithmetic. Where real Triton is importable this is skipped:
a real install would shadow the shim badly."""

import importlib.util
import os
import sys
import unittest

os.environ["KFX_HARNESS_DEVICE"] = "cpu"
sys.dont_write_bytecode = True

import test_bundled_tasks as bundled  # noqa: E402
import triton_on_cpu  # noqa: E402

CASES = {
    "fp8_quant": [dict(num_tokens=3, hidden_dim=256, group_size=128, seed=2),
                  dict(num_tokens=9, hidden_dim=1024, group_size=128, seed=3)],  # 72 groups: a partial 8-group tile
    "cross_entropy": [dict(vocab_size=1000, batch_size=3, seed=4), dict(vocab_size=4104, batch_size=2, seed=5)],
    "gdn_chunk_fwd_o": [dict(B=1, T=128, H=2, K=64, V=64, seed=7), dict(B=2, T=64, H=1, K=64, V=128, seed=8)],
}


def load_candidate(path):
    """Imports a candidate file with its task directory on sys.path, as the harness does."""
    sys.path.insert(0, str(path.parent.parent))
    try:
        spec = importlib.util.spec_from_file_location(f"candidate_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(path.parent.parent))


@unittest.skipIf(importlib.util.find_spec("triton") is not None, "real Triton is installed")
class TritonCandidatesOnCpu(unittest.TestCase):
    def setUp(self):
        self.saved = {name: sys.modules.get(name) for name in ("triton", "triton.language")}
        triton_on_cpu.install()

    def tearDown(self):
        for name, module in self.saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module

    def test_every_triton_candidate_passes_its_check(self):
        candidates = sorted(bundled.TASKS.glob("*/candidates/triton_*.py"))
        self.assertGreaterEqual(len(candidates), 6)
        for path in candidates:
            task = path.parent.parent.name
            reference, _ = bundled.load_task(task)
            sys.path.insert(0, str(path.parent.parent))  # the candidate's `from task import ...`
            try:
                candidate = load_candidate(path)
                for case in CASES[task]:
                    with self.subTest(candidate=f"{task}/{path.name}", case=case):
                        data = reference.generate_input(**case)
                        output = candidate.custom_kernel(bundled.clone(data))
                        ok, message = bundled.check_passes(reference, bundled.clone(data), output)
                        self.assertTrue(ok, message)
            finally:
                sys.path.remove(str(path.parent.parent))

    def test_a_wrong_kernel_fails(self):
        """The shim really runs the kernel: a candidate whose kernel skips every other group fails the check."""
        path = bundled.TASKS / "fp8_quant" / "candidates" / "triton_group_per_program.py"
        reference, _ = bundled.load_task("fp8_quant")
        candidate = load_candidate(path)
        data = reference.generate_input(num_tokens=2, hidden_dim=256, group_size=128, seed=1)
        x, x_q, x_s = bundled.clone(data)
        x_q.zero_()
        x_s.zero_()
        candidate._quantise_group[(x_s.numel() // 2,)](x, x_q, x_s, GROUP=128)
        ok, message = bundled.check_passes(reference, bundled.clone(data), (x_q, x_s))
        self.assertFalse(ok)
        self.assertIn("worst at", message)


if __name__ == "__main__":
    unittest.main()
