"""The load_inline CUDA candidates' kernels (resources/tasks/*/candidates/cuda_*.py), compiled for the CPU with
cuda_on_cpu/cuda_on_cpu.h and checked against their task's reference on small cases: the GPU run then tests
speed, not whether the index arithmetic is right. Needs g++ (C++20) and the CUDA toolkit's headers (for the
host side of the vector and bf16 types); skipped without them."""

import ast
import concurrent.futures
import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

os.environ["KFX_HARNESS_DEVICE"] = "cpu"
sys.dont_write_bytecode = True

import torch  # noqa: E402

import test_bundled_tasks as bundled  # noqa: E402

HERE = Path(__file__).resolve().parent
CUDA_INCLUDE = Path(os.environ.get("CUDA_HOME", "/usr/local/cuda")) / "include"
LIBRARIES = ("fp8_quant", "cross_entropy", "gdn_chunk_fwd_o")


def extract_kernels(candidate: Path, directory: Path) -> None:
    """Writes the candidate's CUDA_SOURCE without its host launchers (their <<<>>> is CUDA-only syntax; each
    library's .cpp launches the kernels with the same grid and block)."""
    tree = ast.parse(candidate.read_text())
    source = next(node.value.value for node in tree.body
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CUDA_SOURCE")
    kernels = source[:source.index("\nint launch_")]
    kernels = kernels.replace("#include <cuda_runtime.h>", "").replace("#include <cuda_bf16.h>", "")
    (directory / f"{candidate.parent.parent.name}__{candidate.stem}.kernels.h").write_text(kernels)


def compile_library(name: str, directory: Path) -> ctypes.CDLL:
    output = directory / f"lib{name}.so"
    subprocess.run(["g++", "-std=c++20", "-O1", "-shared", "-fPIC", "-pthread", f"-I{HERE / 'cuda_on_cpu'}",
                    f"-I{directory}", f"-I{CUDA_INCLUDE}", str(HERE / "cuda_on_cpu" / f"{name}.cpp"), "-o",
                    str(output)], check=True, capture_output=True, text=True)
    return ctypes.CDLL(str(output))


def pointer(tensor: torch.Tensor) -> ctypes.c_void_p:
    return ctypes.c_void_p(tensor.data_ptr())


class CudaCandidatesOnCpu(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not shutil.which("g++") or not (CUDA_INCLUDE / "cuda_bf16.h").is_file():
            raise unittest.SkipTest(f"needs g++ and the CUDA headers in {CUDA_INCLUDE}")
        cls.scratch = tempfile.TemporaryDirectory()
        directory = Path(cls.scratch.name)
        for candidate in bundled.TASKS.glob("*/candidates/cuda_*.py"):
            extract_kernels(candidate, directory)
        with concurrent.futures.ThreadPoolExecutor(len(LIBRARIES)) as pool:
            cls.libraries = dict(zip(LIBRARIES, pool.map(lambda n: compile_library(n, directory), LIBRARIES)))

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def check(self, task: str, cases: list, kernel) -> None:
        reference, _ = bundled.load_task(task)
        for case in cases:
            with self.subTest(task=task, kernel=kernel.__name__, case=case):
                data = reference.generate_input(**case)
                ok, message = bundled.check_passes(reference, bundled.clone(data), kernel(bundled.clone(data)))
                self.assertTrue(ok, message)

    def test_fp8_quant(self):
        library = self.libraries["fp8_quant"]

        def warp_per_group(data):
            x, x_q, x_s = data
            groups = x_s.numel()
            library.fp8_warp_per_group(pointer(x), pointer(x_q), pointer(x_s), ctypes.c_longlong(groups),
                                       ctypes.c_longlong(x.numel() // groups))
            return x_q, x_s

        def vectorised_rows(data):
            x, x_q, x_s = data
            rows, groups = x_s.shape
            library.fp8_vectorised_rows(pointer(x), pointer(x_q), pointer(x_s), ctypes.c_longlong(rows),
                                        ctypes.c_longlong(groups))
            return x_q, x_s

        cases = [dict(num_tokens=3, hidden_dim=256, group_size=128, seed=2),
                 dict(num_tokens=5, hidden_dim=1024, group_size=128, seed=3)]
        self.check("fp8_quant", cases + [dict(num_tokens=4, hidden_dim=64, group_size=16, seed=1)], warp_per_group)
        self.check("fp8_quant", cases, vectorised_rows)

    def test_cross_entropy(self):
        library = self.libraries["cross_entropy"]

        def through(entry):
            def kernel(data):
                logits, targets, grad_output = data
                rows, vocab = logits.shape
                losses, grad = torch.empty(rows), torch.empty_like(logits)
                entry(pointer(logits), pointer(targets), pointer(grad_output), pointer(losses), pointer(grad),
                      ctypes.c_longlong(rows), ctypes.c_longlong(vocab))
                return losses, grad

            kernel.__name__ = entry.__name__
            return kernel

        cases = [dict(vocab_size=1000, batch_size=3, seed=4), dict(vocab_size=4104, batch_size=2, seed=5)]
        self.check("cross_entropy", cases, through(library.ce_block_per_row))
        self.check("cross_entropy", cases, through(library.ce_vectorised_rows))

    def gdn_kernels(self, scale_error: float = 1.0):
        library = self.libraries["gdn_chunk_fwd_o"]

        def shapes(data):
            q, _, v_new, _, _ = data
            B, T, H, K = q.shape
            V = v_new.shape[-1]
            sizes = [ctypes.c_longlong(n) for n in (B, T, H, V)]
            return torch.empty(B, T, H, V), sizes, ctypes.c_double(K**-0.5 * scale_error), B * (T // 64) * H

        def fused_smem(data):
            o, sizes, scale, _ = shapes(data)
            library.gdn_fused_smem(*(pointer(t) for t in data), pointer(o), *sizes, scale)
            return o

        def two_pass(data):
            o, sizes, scale, chunks = shapes(data)
            scores = torch.empty(chunks, 64, 64)
            q, k, v_new, h, g = data
            library.gdn_two_pass(*(pointer(t) for t in (q, k, v_new, h, g, scores, o)), *sizes, scale)
            return o

        return fused_smem, two_pass

    def test_gdn_chunk_fwd_o(self):
        cases = [dict(B=1, T=128, H=2, K=64, V=64, seed=7), dict(B=2, T=64, H=1, K=64, V=128, seed=8)]
        for kernel in self.gdn_kernels():
            self.check("gdn_chunk_fwd_o", cases, kernel)

    def test_the_emulation_can_fail(self):
        """A 1 % wrong scale in the same emulated kernel must fail the check, so passing above means something."""
        reference, _ = bundled.load_task("gdn_chunk_fwd_o")
        data = reference.generate_input(B=1, T=64, H=1, K=64, V=64, seed=9)
        fused_smem, _ = self.gdn_kernels(scale_error=1.01)
        ok, message = bundled.check_passes(reference, bundled.clone(data), fused_smem(bundled.clone(data)))
        self.assertFalse(ok)
        self.assertIn("worst at", message)


if __name__ == "__main__":
    unittest.main()
