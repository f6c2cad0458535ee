#!/usr/bin/env bash
# On the GPU machine, from the repository root (issue 25): live searches of one task's template mutations
# (resources/corpus/TASK), budget 30, robust timing, one worker, one search at a time. Two modes:
# - without --default, the earlier runs of MEASUREMENTS.md ("Live matmul with the search-aware forecaster", "Live
#   row_softmax ..."): per seed, the selective search with the pretrained surrogate alone (--no-search-aware) and its
#   equal-budget baseline (as gpu-corpus.sh), then the selective search with the search-aware forecaster; all without
#   the exploration floor (--exploration 0), as those runs were made;
# - with --default, kfx-cli's default selective search (search-aware, exploration floor 0.25 since 1674169) and its
#   equal-budget baseline, one kfx-cli call per seed, so that TASK-seedS-summary.json holds the pair (as
#   live-vs-simulation.py reads it); no --exploration, no --no-search-aware.
# A seed is started only with 150 s left. Writes $OUT/run.log (the GPU's state before and after, each search's exit)
# and $OUT/live.tar.xz (the logs and --json summaries).
# Usage: gpu-live-search.sh [--default] TASK SECONDS SEED...   Needs build-measure-deps and build-device-bundle
# carried (core/measure/MEASUREMENTS.md, "Live matmul with the search-aware forecaster").
set -uo pipefail
# shellcheck source=core/search/tools/gpu-measure-worker.sh
source "$(dirname "${BASH_SOURCE[0]}")/gpu-measure-worker.sh"
out=${OUT:-/tmp/kfx-out}
logs=/tmp/live
mkdir -p "$out" "$logs"
default=false
[ "${1:-}" = --default ] && { default=true; shift; }
task=$1
deadline=$(( $(date +%s) + $2 ))
shift 2
log=$out/run.log
B=$PWD/build-device-bundle
# No compute-sanitizer race check (9ba9968, issue 26): the earlier runs and the landscape predate it, and it adds
# 1-40 s (median 12 s) to each passing matmul kernel on the H200 (KFX_MEASURE_RACECHECK=1 turns it back on).
export KFX_MEASURE_RACECHECK=${KFX_MEASURE_RACECHECK:-0}
export KFX_PRETRAINED_DIR=$PWD/resources/surrogate/h100 TORCH_EXTENSIONS_DIR=/tmp/kfx-torch-extensions \
    TRITON_CACHE_DIR=/tmp/kfx-triton-cache
query=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw
{ date -u +%FT%TZ; nvidia-smi --query-gpu=$query --format=csv; } >>"$log" 2>&1
build_measure_worker "$log" || exit 1
search() { # NAME ARGS...: one kfx-cli search with the common settings, its --json summary in NAME-summary.json
    local name=$1 start
    start=$(date +%s)
    shift
    LD_LIBRARY_PATH=$B/lib timeout -s TERM $(( deadline - start )) "$B/kfx-cli" search --pool "resources/corpus/$task" \
        --mode selective --policy topk --budget-measurements 30 --timing robust --timeout-ms 120000 \
        --worker /tmp/m/worker "$@" --json >"$logs/$name-summary.json" 2>>"$log"
    echo "$name: exit $? after $(( $(date +%s) - start )) s" | tee -a "$log"
}
for seed in "$@"; do
    [ $(( deadline - $(date +%s) )) -gt 150 ] || { echo "seed $seed: no time left" | tee -a "$log"; continue; }
    n=$task-seed$seed
    if $default; then
        search "$n" --seed "$seed" --log "$logs/$n-selective.jsonl" --baseline --baseline-log "$logs/$n-baseline.jsonl"
        continue
    fi
    search "$n" --seed "$seed" --no-search-aware --exploration 0 --log "$logs/$n-selective.jsonl" --baseline \
        --baseline-log "$logs/$n-baseline.jsonl"
    search "$n-search-aware" --seed "$seed" --exploration 0 --log "$logs/$n-search-aware.jsonl"
done
{ date -u +%FT%TZ; nvidia-smi --query-gpu=$query --format=csv; } >>"$log" 2>&1
tar cJf "$out/live.tar.xz" -C "$logs" .
