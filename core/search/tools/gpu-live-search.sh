#!/usr/bin/env bash
# On the GPU machine (the device tool's nvidia-h100-x1), from the repository root: issue 14's live searches with
# real measurements. A selective search and its equal-budget baseline on one kfx-task CUDA task (layer norm's
# pool) and on one GPU MODE task (fp8_quant's pool), robust timing. Carries:
#   build-measure-deps   simdjson for the worker, which is built here standalone (core/measure/MEASUREMENTS.md)
#   build-device-bundle  kfx-cli built on the Debian machine with the libraries it needs (no Qt, no XGBoost here):
#                        mkdir -p B/lib; cp kfx-cli B/; copy its ldd libraries (libc's family aside) into B/lib;
#                        patchelf --force-rpath --set-rpath '$ORIGIN/lib' B/kfx-cli (and '$ORIGIN' on the libraries)
# Writes to $OUT: run.log, the four logs and each pair's --json summary.
set -uo pipefail
out=${OUT:-/tmp/kfx-out}
mkdir -p "$out"
log=$out/run.log
D=$PWD/build-measure-deps
cli=$PWD/build-device-bundle/kfx-cli
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
    python3 -c "import sys, torch, triton; print(sys.version.split()[0], torch.__version__, triton.__version__)"
    $cli --version
} >"$log" 2>&1
LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu cmake -S core/measure -B /tmp/m -G Ninja \
    -Dsimdjson_DIR=$D/lib/x86_64-linux-gnu/cmake/simdjson -DPython3_EXECUTABLE="$(command -v python3)" >>"$log" 2>&1 \
    && ninja -C /tmp/m kfx-measure >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
cat >/tmp/m/worker <<WORKER
#!/bin/sh
LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu exec /tmp/m/kfx-measure "\$@"
WORKER
chmod +x /tmp/m/worker
search() { # NAME POOL BUDGET: a selective search (the paper's top-k rule) and its baseline
    local start=$(date +%s)
    $cli search --pool "$2" --mode selective --policy topk --baseline --budget-measurements "$3" \
        --samples-per-parent 8 --k-per-parent 2 --timing robust --timeout-ms 300000 --worker /tmp/m/worker \
        --seed 1 --log "$out/$1-selective.jsonl" --baseline-log "$out/$1-baseline.jsonl" --json \
        >"$out/$1-summary.json" 2>>"$log"
    echo "$1: exit $? after $(( $(date +%s) - start )) s" | tee -a "$log"
    cat "$out/$1-summary.json"
}
search layer_norm resources/pools/layer_norm 8
search fp8_quant resources/pools/fp8_quant 4
nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv >>"$log" 2>&1
