"""The KernelBench layout: a problem file with Model, get_inputs, get_init_inputs; the candidate defines ModelNew.

Spec §5.4: correctness over 5 trials (seeds 0..4, fresh inputs each), torch.allclose with atol = rtol = 1e-4 for
fp32; both models are built right after seeding with the same init seed, so they start from the same weights.
"""

import os
import types

from outcomes import CompileFailed, InfrastructureFailure
from protocols import Protocol
from tasks import import_candidate, load_module, require_callable
from timing import StopRule

INIT_SEED = 42
TIMING_SEED = 42
CORRECTNESS_SEEDS = [0, 1, 2, 3, 4]
# Upstream KernelBench's tolerance per output dtype (fp32 1e-4; half types 1e-2); KFX_TOLERANCE overrides.
# Read-only: a candidate cannot loosen it.
DEFAULT_TOLERANCE = types.MappingProxyType({"float32": 1e-4, "float16": 1e-2, "bfloat16": 1e-2})


class KernelBenchTask:
    kind = "kernelbench"
    roofline_speedup = None
    reference_calls_by_candidate = 0

    def __init__(self, task_path: str, torch, device: str, budget_ns: float):
        self.path = self._problem_file(os.path.abspath(task_path))
        self.name = os.path.splitext(os.path.basename(self.path))[0]
        if self.name == "problem":
            self.name = os.path.basename(os.path.dirname(self.path))
        self.torch = torch
        self.device = device
        # Spec §5.4: 3 warm-ups, an L2 thrash before each of 100 trials, the mean (fewer when the budget runs out).
        self.reference_protocol = Protocol(name="reference", warmup=3, flush=True, clone_in_timed_region=False,
                                           fresh_inputs=False, wait_all_streams=False, headline="mean",
                                           rule=StopRule(min_samples=3, target_rel_stderr=None,
                                                         budget_ns=budget_ns))
        try:
            self.problem = load_module("kfx_kernelbench_problem", self.path)
        except Exception as error:
            raise InfrastructureFailure(f"{self.path}: the problem does not import: "
                                        f"{type(error).__name__}: {error}") from None
        for name in ("Model", "get_inputs", "get_init_inputs"):
            if not callable(getattr(self.problem, name, None)):
                raise InfrastructureFailure(f"{self.path}: the problem defines no `{name}`")
        self.tolerance = getattr(self.problem, "KFX_TOLERANCE", None)
        try:
            self.model = self._build(self.problem.Model)
        except Exception as error:
            raise InfrastructureFailure(f"{self.path}: Model(*get_init_inputs()) raised "
                                        f"{type(error).__name__}: {error}") from None
        self.model_new = None

    @staticmethod
    def _problem_file(path: str) -> str:
        if os.path.isdir(path):
            candidate = os.path.join(path, "problem.py")
            if not os.path.isfile(candidate):
                raise InfrastructureFailure(f"{path}: a KernelBench task directory holds problem.py")
            return candidate
        return path

    def _build(self, model_class):
        self.torch.manual_seed(INIT_SEED)
        return model_class(*self.problem.get_init_inputs()).to(self.device)

    def cases(self, selection: str) -> list:
        return [{"seed": TIMING_SEED}]

    def correctness_seeds(self, case: dict) -> list:
        return CORRECTNESS_SEEDS

    def generate(self, case: dict, seed):
        self.torch.manual_seed(seed)
        return [x.to(self.device) if isinstance(x, self.torch.Tensor) else x for x in self.problem.get_inputs()]

    def sizes(self, case: dict, data) -> dict:
        shapes = [list(x.shape) for x in data if isinstance(x, self.torch.Tensor)]
        return {**case, "input_shapes": shapes}

    def load_candidate(self, path: str):
        module = import_candidate("kfx_kernelbench_candidate", path)
        model_new = require_callable(module, "ModelNew", path)
        try:
            self.model_new = self._build(model_new)
        except Exception as error:  # KernelBench counts a ModelNew that cannot be built as not compiled
            raise CompileFailed(f"{path}: ModelNew(*get_init_inputs()) raised {type(error).__name__}: {error}") \
                from None

    def candidate(self, data):
        with self.torch.no_grad():
            return self.model_new(*data)

    def reference(self, data):
        with self.torch.no_grad():
            return self.model(*data)

    def check(self, data, output):
        expected = self.reference(data)
        expected_list = list(expected) if isinstance(expected, (tuple, list)) else [expected]
        actual_list = list(output) if isinstance(output, (tuple, list)) else [output]
        if len(actual_list) != len(expected_list):
            return False, f"expected {len(expected_list)} outputs, got {len(actual_list)}", {}
        worst = {"max_abs_error": 0.0, "max_rel_error": 0.0}
        for index, (want, got) in enumerate(zip(expected_list, actual_list)):
            if not isinstance(got, self.torch.Tensor):
                return False, f"output {index} is a {type(got).__name__}, not a tensor", {}
            if tuple(got.shape) != tuple(want.shape):
                return False, f"output {index} has shape {list(got.shape)}, expected {list(want.shape)}", {}
            atol, rtol = self.tolerance or (DEFAULT_TOLERANCE.get(str(want.dtype).replace("torch.", ""), 1e-4),) * 2
            got_cmp, want_cmp = got.double(), want.double()
            difference = (got_cmp - want_cmp).abs()
            worst["max_abs_error"] = max(worst["max_abs_error"], float(difference.max()) if difference.numel() else 0)
            relative = difference / want_cmp.abs().clamp_min(1e-12)
            worst["max_rel_error"] = max(worst["max_rel_error"], float(relative.max()) if relative.numel() else 0)
            if not self.torch.allclose(got_cmp, want_cmp, atol=atol, rtol=rtol):
                bad = int((~self.torch.isclose(got_cmp, want_cmp, atol=atol, rtol=rtol)).sum())
                return False, (f"output {index}: {bad} of {got.numel()} elements differ beyond atol={atol} "
                               f"rtol={rtol} (max abs error {worst['max_abs_error']:.3g})"), worst
        return True, "", worst
