#!/usr/bin/env bash
# On the GPU machine, from the repository root (issue 25): live row_softmax searches, budget 30, robust timing, one
# worker, one search at a time. Per seed: the selective search with the pretrained surrogate and its equal-budget
# baseline (as gpu-corpus.sh), then the selective search with --search-aware. A seed is started only with 150 s left.
# Usage: run.sh SECONDS SEED...   Carries build-measure-deps and build-device-bundle;
# a copy of ../h200-matmul/run.sh with the task (the pool resources/corpus/TASK) a variable, row_softmax here.
set -uo pipefail
out=${OUT:-/tmp/kfx-out}
logs=/tmp/live
mkdir -p "$out" "$logs"
deadline=$(( $(date +%s) + $1 ))
shift
task=${KFX_LIVE_TASK:-row_softmax}
log=$out/run.log
D=$PWD/build-measure-deps
B=$PWD/build-device-bundle
export KFX_PRETRAINED_DIR=$PWD/resources/surrogate/h100 TORCH_EXTENSIONS_DIR=/tmp/kfx-torch-extensions \
    TRITON_CACHE_DIR=/tmp/kfx-triton-cache
query=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw
{ date -u +%FT%TZ; nvidia-smi --query-gpu=$query --format=csv; } >>"$log" 2>&1
if [ ! -x /tmp/m/worker ]; then
    LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu cmake -S core/measure -B /tmp/m -G Ninja \
        -Dsimdjson_DIR=$D/lib/x86_64-linux-gnu/cmake/simdjson -DPython3_EXECUTABLE="$(command -v python3)" \
        >>"$log" 2>&1 && ninja -C /tmp/m kfx-measure >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
    printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec /tmp/m/kfx-measure "$@"\n' "$D/lib/x86_64-linux-gnu" >/tmp/m/worker
    chmod +x /tmp/m/worker
fi
search() { # NAME ARGS...: one kfx-cli search with the common settings, its --json summary in NAME-summary.json
    local name=$1 start=$(date +%s)
    shift
    LD_LIBRARY_PATH=$B/lib timeout -s TERM $(( deadline - start )) "$B/kfx-cli" search --pool resources/corpus/$task \
        --mode selective --policy topk --budget-measurements 30 --timing robust --timeout-ms 120000 \
        --worker /tmp/m/worker "$@" --json >"$logs/$name-summary.json" 2>>"$log"
    echo "$name: exit $? after $(( $(date +%s) - start )) s" | tee -a "$log"
}
for seed in "$@"; do
    [ $(( deadline - $(date +%s) )) -gt 150 ] || { echo "seed $seed: no time left" | tee -a "$log"; continue; }
    n=$task-seed$seed
    search "$n" --seed "$seed" --log "$logs/$n-selective.jsonl" --baseline --baseline-log "$logs/$n-baseline.jsonl"
    search "$n-search-aware" --seed "$seed" --search-aware --log "$logs/$n-search-aware.jsonl"
done
{ date -u +%FT%TZ; nvidia-smi --query-gpu=$query --format=csv; } >>"$log" 2>&1
tar cJf "$out/live.tar.xz" -C "$logs" .
