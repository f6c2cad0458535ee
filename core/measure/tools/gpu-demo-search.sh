#!/usr/bin/env bash
# On the GPU machine (the device tool's nvidia-h100-x1), from the repository root, with build-measure-deps carried:
# builds the worker standalone, runs its tests (the GPU ones too), then measures the demo search lineages and
# writes the PUCT v2 logs. Everything worth keeping goes to $OUT (at most 8 files come back): run.log, comparison.json,
# results.jsonl (every worker result with its samples) and the three logs.
set -uo pipefail
out=${OUT:-/tmp/kfx-out}
mkdir -p "$out"
D=$PWD/build-measure-deps
export LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu
log=$out/run.log
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >"$log" 2>&1
b=/tmp/m
cmake -S core/measure -B $b -G Ninja -Dsimdjson_DIR=$D/lib/x86_64-linux-gnu/cmake/simdjson \
      -DPython3_EXECUTABLE="$(command -v python3)" >/dev/null && ninja -C $b >>"$log" 2>&1 || { tail -50 "$log"; exit 1; }
{
    KFX_MEASURE_COMPARISON=$out/comparison.json ctest --test-dir $b -L gpu --output-on-failure -V
    ctest --test-dir $b -LE gpu --output-on-failure
} >>"$log" 2>&1
grep -E "tests passed|tests failed|Failed|Passed|median disagreement|std/mean|row_softmax/|layer_norm/|matmul/" "$log" | tail -40
for task in row_softmax layer_norm matmul; do
    $b/kfx-measure-search --worker $b/kfx-measure --lineage resources/demo/search/$task/lineage.json \
        --out "$out/$task-search.jsonl" --results "$out/results.jsonl" --timeout-ms 15000 --budget-ms 2000
done 2>&1 | tee -a "$log"
nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv >>"$log" 2>&1
