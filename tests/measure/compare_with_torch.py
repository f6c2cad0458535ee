#!/usr/bin/env python3
"""Times the same compiled kernels as kfx-measure's robust protocol, independently, from Python.

kfx-measure measures three demo candidates with timing "robust" and reports, per case, the cubin it loaded, the
launch configuration and the arguments. This script loads each cubin through the driver API (ctypes), launches it
with the same configuration on buffers of the same sizes, and times it with torch CUDA events the way the robust
protocol does (warm-up, L2 flushed before each sample by zeroing a buffer twice the L2's size, median of 100).
It fails when the median disagreement over all cases exceeds 3%. Exits 77 (skipped) without a GPU.

usage: compare_with_torch.py KFX_MEASURE TASKS_DIR   (writes a JSON summary to $KFX_MEASURE_COMPARISON if set)
"""
import ctypes
import json
import os
import statistics
import subprocess
import sys

SKIPPED = 77
KERNELS = [
    ("row_softmax", "candidates/warp_online_float4.cu"),
    ("layer_norm", "candidates/block_float4.cu"),
    ("matmul", "candidates/register_blocked_4x4.cu"),
]
WARMUPS = 5
SAMPLES = 100
AGREEMENT = 0.03


def worker_results(worker, tasks):
    requests = [{"protocol": 1, "id": str(i), "type": "measure", "task": os.path.join(tasks, task),
                 "candidate": os.path.join(tasks, task, path), "timing": "robust"}
                for i, (task, path) in enumerate(KERNELS)]
    lines = "".join(json.dumps(r) + "\n" for r in [{"protocol": 1, "id": "d", "type": "device_info"}] + requests)
    lines += json.dumps({"protocol": 1, "id": "s", "type": "shutdown"}) + "\n"
    output = subprocess.run([worker], input=lines, capture_output=True, text=True, timeout=500, check=True).stdout
    results = {}
    for line in output.splitlines():
        message = json.loads(line)
        if message["type"] == "result":
            results[message["id"]] = message
    return results


class Driver:
    """The few driver calls needed to load a cubin and launch it on torch's current stream."""

    def __init__(self):
        self.cuda = ctypes.CDLL("libcuda.so.1")

    def check(self, status, what):
        if status != 0:
            raise RuntimeError(f"{what} failed with CUresult {status}")

    def load(self, cubin_path, entry):
        with open(cubin_path, "rb") as f:
            image = f.read()
        module = ctypes.c_void_p()
        self.check(self.cuda.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(image)), "cuModuleLoadData")
        function = ctypes.c_void_p()
        self.check(self.cuda.cuModuleGetFunction(ctypes.byref(function), module, entry.encode()), "cuModuleGetFunction")
        return function

    def launch(self, function, grid, block, shared, arguments, stream):
        pointers = (ctypes.c_void_p * len(arguments))(*[ctypes.addressof(a) for a in arguments])
        self.check(self.cuda.cuLaunchKernel(function, *[ctypes.c_uint(v) for v in grid + block], ctypes.c_uint(shared),
                                            ctypes.c_void_p(stream), pointers, None), "cuLaunchKernel")


def time_case(torch, driver, function, case, flush):
    launch = case["launch"]
    buffers = []
    arguments = []
    for argument in case["arguments"]:
        if argument["kind"] == "int":
            arguments.append(ctypes.c_int(argument["value"]))
        else:
            tensor = torch.randn(argument["elements"], device="cuda", dtype=torch.float32)
            buffers.append(tensor)
            arguments.append(ctypes.c_uint64(tensor.data_ptr()))
    stream = torch.cuda.current_stream().cuda_stream

    def run():
        driver.launch(function, launch["grid"], launch["block"], launch["shared_bytes"], arguments, stream)

    for _ in range(WARMUPS):
        run()
    samples = []
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    for _ in range(SAMPLES):
        torch.cuda.synchronize()
        flush.zero_()
        start.record()
        run()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) * 1e6)
    return statistics.median(samples)


def main():
    worker, tasks = sys.argv[1], sys.argv[2]
    results = worker_results(worker, tasks)
    if results["d"]["kind"] != "device":
        print("skipped, no GPU:", results["d"].get("reason"))
        return SKIPPED
    import torch

    driver = Driver()
    torch.zeros(1, device="cuda")  # makes torch's primary context current for the driver calls
    flush = torch.empty(2 * results["d"]["l2_cache_bytes"], dtype=torch.int8, device="cuda")
    rows = []
    for i, (task, path) in enumerate(KERNELS):
        result = results[str(i)]
        if result["kind"] != "success":
            print(f"{task}/{path}: {result['kind']}: {result}")
            return 1
        entry = json.load(open(os.path.join(tasks, task, "task.json")))["entry_point"]
        function = driver.load(result["compile"]["candidate"]["image"], entry)
        for case in result["cases"]:
            stats = case["candidate_stats"]
            independent = time_case(torch, driver, function, case, flush)
            rows.append({"kernel": f"{task}/{os.path.basename(path)}", "sizes": case["sizes"],
                         "kfx_median_ns": stats["median_ns"], "torch_median_ns": independent,
                         "ratio": stats["median_ns"] / independent, "kfx_std_over_mean": stats["std_ns"] / stats["mean_ns"]})
    print(f"{'kernel':40} {'sizes':34} {'kfx µs':>9} {'torch µs':>9} {'kfx/torch':>9} {'std/mean':>9}")
    for row in rows:
        sizes = ",".join(f"{k}={v}" for k, v in row["sizes"].items())
        print(f"{row['kernel']:40} {sizes:34} {row['kfx_median_ns'] / 1e3:9.2f} {row['torch_median_ns'] / 1e3:9.2f}"
              f" {row['ratio']:9.4f} {row['kfx_std_over_mean'] * 100:8.2f}%")
    disagreement = statistics.median(abs(row["ratio"] - 1.0) for row in rows)
    print(f"median disagreement over {len(rows)} cases: {disagreement * 100:.2f}% (goal < {AGREEMENT * 100:.0f}%)")
    if os.environ.get("KFX_MEASURE_COMPARISON"):
        with open(os.environ["KFX_MEASURE_COMPARISON"], "w") as f:
            json.dump({"rows": rows, "median_disagreement": disagreement}, f, indent=1)
    return 0 if disagreement < AGREEMENT else 1


if __name__ == "__main__":
    sys.exit(main())
