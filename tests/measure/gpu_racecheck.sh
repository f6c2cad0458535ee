#!/usr/bin/env bash
# On the GPU machine, from the repository root, with build-measure-deps carried (issue 26): builds kfx-measure
# (core/search/tools/gpu-measure-worker.sh) and runs racecheck_gpu.py, which measures racy and race-free template
# kernels and prints each one's verdict and race-check time. Writes $OUT/run.log (the GPU, the tool's version),
# $OUT/results.jsonl, $OUT/table.txt, $OUT/worker.log and racecheck's own report for one racy kernel.
# Usage: tests/measure/gpu_racecheck.sh SECONDS [sweep | list FILE]   (no kernel is started after SECONDS; sweep and
# list: see racecheck_gpu.py; list also needs FILE's kernel files carried)
set -uo pipefail
# shellcheck source=core/search/tools/gpu-measure-worker.sh
source core/search/tools/gpu-measure-worker.sh
out=${OUT:-/tmp/kfx-out}
mkdir -p "$out"
log=$out/run.log
{
    date -u +%FT%TZ
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
    command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer
    compute-sanitizer --version || /usr/local/cuda/bin/compute-sanitizer --version
} >>"$log" 2>&1
start=$(date +%s)
build_measure_worker "$log" || exit 1
echo "build: $(( $(date +%s) - start )) s" | tee -a "$log"
# A fresh verdict cache, so that every check but the deliberate repeat runs.
export XDG_CACHE_HOME=/tmp/kfx-racecheck-cache KFX_MEASURE_RACECHECK_TIMEOUT_MS=${KFX_MEASURE_RACECHECK_TIMEOUT_MS:-60000}
rm -rf "$XDG_CACHE_HOME"
python3 tests/measure/racecheck_gpu.py /tmp/m/worker "$1" "$out" "${@:2}" 2>"$out/worker.log" | tee "$out/table.txt"
cat "$log"
