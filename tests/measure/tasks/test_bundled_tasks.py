"""The bundled GPU MODE tasks (resources/tasks) on the CPU: their benchmark cases are spec §5.2's, their inputs
are deterministic, their checks pass the reference and the seed kernel and fail a perturbed output; the
KernelBench problem's seed matches its model. Run with Debian's python3 (python3-torch, python3-yaml)."""

import importlib
import json
import os
import subprocess
import sys
import unittest
from pathlib import Path

os.environ["KFX_HARNESS_DEVICE"] = "cpu"
sys.dont_write_bytecode = True  # the tasks live in the source tree

import torch  # noqa: E402
import yaml  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
TASKS = ROOT / "resources" / "tasks"
HARNESS = ROOT / "core" / "measure" / "harness" / "kfx_harness.py"

# Spec §5.2's benchmark cases, written out from the spec's table (seeds are checked separately where it gives them).
GDN_SHAPES = [dict(B=1, T=64, H=1, K=64, V=64), dict(B=2, T=512, H=3, K=64, V=64), dict(B=2, T=1024, H=3, K=64, V=64)]
SPEC_BENCHMARKS = {
    "trimul": [
        dict(seqlen=s, bs=b, dim=d, hiddendim=h, nomask=m, distribution=dist)
        for s, b, d, h, m, dist in [
            (256, 2, 128, 128, True, "normal"),
            (768, 1, 128, 128, True, "cauchy"),
            (256, 2, 384, 128, False, "normal"),
            (512, 1, 128, 128, True, "normal"),
            (1024, 1, 128, 128, True, "cauchy"),
            (768, 1, 384, 128, False, "normal"),
            (1024, 1, 384, 128, True, "normal"),
        ]
    ],
    "cross_entropy": [dict(vocab_size=v) for v in (32000, 50264, 128256)],
    "gdn_chunk_fwd_h": GDN_SHAPES,
    "gdn_chunk_fwd_o": GDN_SHAPES,
    "gdn_recompute_w_u": GDN_SHAPES,
    "fp8_quant": [
        dict(num_tokens=n, hidden_dim=d, group_size=g) for n, d, g in [(256, 4096, 128), (256, 8192, 128), (4096, 7168, 128)]
    ],
}
# Seeds the spec states (cross_entropy only); B = 4096 is the pack's fixed batch.
SPEC_SEEDS = {"cross_entropy": [2146, 3129, 54352]}
# Inputs that are output buffers, uninitialised by design, so not part of the determinism check.
SCRATCH_INPUTS = {"fp8_quant": {1, 2}}
# The robust protocol checks each timed call on inputs of seed + i; a CPU run times at most this many calls.
ROBUST_RECHECKS = 128
TASK_MODULES = ("reference", "task", "utils", "gdn", "submission", "seed")


def load_task(name: str):
    """Imports a task's reference.py and seed.py the way the harness does: the task directory on sys.path."""
    directory = TASKS / name
    for module in TASK_MODULES:
        sys.modules.pop(module, None)
    sys.path.insert(0, str(directory))
    try:
        return importlib.import_module("reference"), importlib.import_module("seed")
    finally:
        sys.path.remove(str(directory))


def check_passes(reference, data, output) -> tuple:
    """Both conventions: (ok, message) or a message that is empty when correct."""
    verdict = reference.check_implementation(data, output)
    if isinstance(verdict, tuple):
        return bool(verdict[0]), verdict[1]
    return not verdict, verdict


def clone(data):
    if isinstance(data, torch.Tensor):
        return data.clone().contiguous()  # contiguous, so that tests may edit elements through view(-1)
    if isinstance(data, (tuple, list)):
        return type(data)(clone(x) for x in data)
    if isinstance(data, dict):
        return {k: clone(v) for k, v in data.items()}
    return data


def tensors(data) -> list:
    if isinstance(data, torch.Tensor):
        return [data]
    if isinstance(data, (tuple, list)):
        return [t for x in data for t in tensors(x)]
    if isinstance(data, dict):
        return [t for x in data.values() for t in tensors(x)]
    return []


def perturbed(output):
    """The output with one element moved well outside any tolerance (10 + 10x its magnitude)."""
    copy = clone(output)
    first = tensors(copy)[-1]
    flat = first.view(-1)
    flat[flat.numel() // 2] = flat[flat.numel() // 2] * 11 + 10
    return copy


class BundledTasks(unittest.TestCase):
    def config(self, name: str) -> dict:
        return yaml.safe_load((TASKS / name / "task.yml").read_text())

    def test_benchmark_cases_are_the_specs(self):
        for name, expected in SPEC_BENCHMARKS.items():
            with self.subTest(task=name):
                cases = self.config(name)["benchmarks"]
                self.assertEqual([{k: v for k, v in c.items() if k != "seed"} for c in cases], expected)
                self.assertTrue(all(isinstance(c.get("seed"), int) for c in cases), "every case has a seed")
                if name in SPEC_SEEDS:
                    self.assertEqual([c["seed"] for c in cases], SPEC_SEEDS[name])

    def test_layout_keys(self):
        for name in SPEC_BENCHMARKS:
            with self.subTest(task=name):
                config = self.config(name)
                files = {f["name"]: f["source"] for f in config["files"]}
                self.assertEqual(files.get("submission.py"), "@SUBMISSION@")
                for source in files.values():
                    if source != "@SUBMISSION@":
                        self.assertTrue((TASKS / name / source).is_file(), source)
                self.assertTrue((TASKS / name / config["seed_submission"]).is_file())
                self.assertGreater(config["roofline_speedup"], 1)
                self.assertTrue(config["tests"] and config["cpu_cases"])

    def test_reference_seed_and_check_on_cpu_cases(self):
        for name in SPEC_BENCHMARKS:
            reference, seed = load_task(name)
            for case in self.config(name)["cpu_cases"]:
                with self.subTest(task=name, case=case):
                    data = reference.generate_input(**case)
                    ok, message = check_passes(reference, clone(data), reference.ref_kernel(clone(data)))
                    self.assertTrue(ok, message)
                    output = seed.custom_kernel(clone(data))
                    ok, message = check_passes(reference, clone(data), output)
                    self.assertTrue(ok, f"seed: {message}")
                    ok, message = check_passes(reference, clone(data), perturbed(output))
                    self.assertFalse(ok, "a perturbed output must fail the check")
                    self.assertIn("worst at", message)

    def test_check_rejects_wrong_shape_and_nan(self):
        for name in SPEC_BENCHMARKS:
            reference, seed = load_task(name)
            case = self.config(name)["cpu_cases"][0]
            data = reference.generate_input(**case)
            output = seed.custom_kernel(clone(data))
            with self.subTest(task=name, wrong="shape"):
                truncated = clone(output)
                if isinstance(truncated, torch.Tensor):
                    truncated = truncated[..., :-1]
                else:
                    truncated = (*truncated[:-1], truncated[-1][..., :-1])
                ok, message = check_passes(reference, clone(data), truncated)
                self.assertFalse(ok)
                self.assertIn("shape", message)
            with self.subTest(task=name, wrong="nan"):
                poisoned = clone(output)
                tensors(poisoned)[0].view(-1)[0] = float("nan")
                ok, message = check_passes(reference, clone(data), poisoned)
                self.assertFalse(ok)
                self.assertIn("NaN", message)

    def test_same_seed_same_input(self):
        for name in SPEC_BENCHMARKS:
            reference, _ = load_task(name)
            case = self.config(name)["cpu_cases"][0]
            scratch = SCRATCH_INPUTS.get(name, set())
            with self.subTest(task=name):
                first, second = tensors(reference.generate_input(**case)), tensors(reference.generate_input(**case))
                for i, (a, b) in enumerate(zip(first, second)):
                    if i not in scratch:
                        self.assertTrue(torch.equal(a, b), f"input tensor {i} differs between two generations")
                other = tensors(reference.generate_input(**{**case, "seed": case["seed"] + 1}))
                self.assertFalse(torch.equal(first[0], other[0]), "another seed gives other inputs")

    def test_trimul_seed_is_bf16_but_within_tolerance(self):
        reference, seed = load_task("trimul")
        data = reference.generate_input(seqlen=32, bs=1, dim=32, hiddendim=16, nomask=True, distribution="normal", seed=9)
        expected, got = reference.ref_kernel(clone(data)), seed.custom_kernel(clone(data))
        self.assertFalse(torch.equal(expected, got), "the seed's bf16 einsum differs from the fp32 reference")
        self.assertTrue(check_passes(reference, clone(data), got)[0])

    def test_trimul_seed_does_not_depend_on_the_cpu(self):
        """On an x86-64 without AVX-512 BF16 torch's bf16 matmul leaves oneDNN for a fallback that rounds
        differently, and the seed used to fail the robust recheck there. oneDNN switched off is that fallback on any
        machine: the seed's output must not change, and every input the robust protocol can draw must pass."""
        reference, seed = load_task("trimul")
        for case in self.config("trimul")["cpu_cases"]:
            for fresh in range(case["seed"], case["seed"] + ROBUST_RECHECKS):
                with self.subTest(case=case, seed=fresh):
                    data = reference.generate_input(**{**case, "seed": fresh})
                    with torch.backends.mkldnn.flags(enabled=True):
                        with_onednn = seed.custom_kernel(clone(data))
                    with torch.backends.mkldnn.flags(enabled=False):
                        without_onednn = seed.custom_kernel(clone(data))
                    self.assertTrue(torch.equal(with_onednn, without_onednn))
                    self.assertTrue(check_passes(reference, clone(data), without_onednn)[0])

    def test_kernelbench_seed_matches_model(self):
        directory = TASKS / "kernelbench_l3_mlp"
        sys.path.insert(0, str(directory))
        for module in ("problem", "seed"):
            sys.modules.pop(module, None)
        try:
            problem, seed = importlib.import_module("problem"), importlib.import_module("seed")
        finally:
            sys.path.remove(str(directory))
        atol, rtol = getattr(problem, "KFX_TOLERANCE", (1e-4, 1e-4))
        for trial in range(5):  # spec §5.4: 5 correctness trials, the same init seed for both models
            torch.manual_seed(trial)
            inputs = problem.get_inputs()
            torch.manual_seed(42)
            model = problem.Model(*problem.get_init_inputs())
            torch.manual_seed(42)
            candidate = seed.ModelNew(*problem.get_init_inputs())
            with torch.no_grad():
                self.assertTrue(torch.allclose(model(*inputs), candidate(*inputs), atol=atol, rtol=rtol))

    @unittest.skipUnless(HARNESS.is_file(), "kfx_harness.py not there yet")
    def test_seed_through_the_harness(self):
        """Both protocols: robust also rechecks 100 fresh inputs (seeds) per case, which a seed must pass too."""
        for name in [*SPEC_BENCHMARKS, "kernelbench_l3_mlp"]:
            for protocol in ("reference", "robust"):
                with self.subTest(task=name, protocol=protocol):
                    self.assert_seed_succeeds(TASKS / name, protocol)

    # The flags that judge the speed alone. A seed timed against its own reference on a CPU that the other tests
    # share can read far off once: cross_entropy's read 16.04x on case 2 under `reference` in a Qt 6 CI run (30 Nov).
    SPEED_FLAGS = {"speedup_above_10x", "speedup_above_roofline"}

    def assert_seed_succeeds(self, task: Path, protocol: str):
        result = self.seed_result(task, protocol)
        if {suspicion["kind"] for suspicion in result["suspicions"]} & self.SPEED_FLAGS:
            result = self.seed_result(task, protocol)  # timed again: a speed flag must not hold twice
        self.assertEqual(result["suspicions"], [], "a seed kernel raises no suspicion")
        self.assertTrue(result["provenance"]["cpu_mode"], "CPU figures are labelled as such")

    def seed_result(self, task: Path, protocol: str) -> dict:
        run = subprocess.run(
            [sys.executable, str(HARNESS), "--task", str(task), "--candidate", str(task / "seed.py"), "--timing",
             protocol, "--device", "cpu", "--cases", "cpu", "--time-budget-ms", "2000"],
            capture_output=True, text=True, timeout=120)
        lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        results = [line for line in lines if line.get("type") == "result"]
        self.assertEqual(len(results), 1, run.stderr[-2000:])
        self.assertEqual(results[0]["kind"], "success", json.dumps(results[0])[:2000])
        return results[0]

if __name__ == "__main__":
    unittest.main()
