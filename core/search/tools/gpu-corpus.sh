#!/usr/bin/env bash
# On the GPU machine, from the repository root: issue 15's corpus searches, resumable across device calls.
# Usage: gpu-corpus.sh SECONDS TASK:BUDGET[:SEED] [TASK:BUDGET[:SEED]...]
# For each TASK (a directory resources/corpus/TASK holding mutations.json), a selective search (the paper's top-k
# rule, the embedded surrogate learning as it goes) and its equal-budget baseline, BUDGET measurements each,
# robust timing, one worker (concurrent kernels would disturb each other's timings). SEED (default 1) starts
# another pair of searches from the same seed kernel down other paths: build-corpus/TASK-seedN-selective.jsonl
# (seed 1 keeps the plain TASK-selective.jsonl). The logs live in
# $KFX_CORPUS_DIR (default build-corpus/; carried there and back as $OUT/corpus.tgz): a search cut short by SECONDS is resumed by the next
# call. Needs build-measure-deps and build-device-bundle carried (core/measure/MEASUREMENTS.md says how they are made).
set -uo pipefail
# shellcheck source=core/search/tools/gpu-measure-worker.sh
source "$(dirname "${BASH_SOURCE[0]}")/gpu-measure-worker.sh"
out=${OUT:-/tmp/kfx-out}
corpus=${KFX_CORPUS_DIR:-build-corpus}
mkdir -p "$out" "$corpus"
deadline=$(( $(date +%s) + $1 ))
shift
log=$out/corpus.log
cli=$PWD/build-device-bundle/kfx-cli
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv >>"$log" 2>&1
build_measure_worker "$log" || exit 1
export TORCH_EXTENSIONS_DIR=/tmp/kfx-torch-extensions TRITON_CACHE_DIR=/tmp/kfx-triton-cache
for job in "$@"; do
    IFS=: read -r task budget seed <<<"$job"
    seed=${seed:-1}
    name=$task
    [ "$seed" = 1 ] || name=$task-seed$seed
    left=$(( deadline - $(date +%s) ))
    [ "$left" -gt 20 ] || { echo "$name: no time left" | tee -a "$log"; continue; }
    resume=
    [ -s "$corpus/$name-selective.jsonl" ] && resume=--resume
    start=$(date +%s)
    # The corpus's selective searches forecast with the pretrained model alone and no exploration floor, as they
    # were measured before the search-aware forecaster became the default.
    timeout -s TERM "$left" $cli search --pool "resources/corpus/$task" --mode selective --policy topk --baseline \
        --no-search-aware --exploration 0 --budget-measurements "$budget" --timing robust --timeout-ms 120000 --worker /tmp/m/worker --seed "$seed" \
        --log "$corpus/$name-selective.jsonl" --baseline-log "$corpus/$name-baseline.jsonl" $resume --json \
        >"$corpus/$name-summary.json" 2>>"$log"
    echo "$name: exit $? after $(( $(date +%s) - start )) s ($resume)" | tee -a "$log"
done
nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv >>"$log" 2>&1
tar czf "$out/corpus.tgz" "$corpus"
