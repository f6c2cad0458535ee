#!/usr/bin/env bash
# Issue 26: kfx's robust timing before the batched recheck and after it, in turn, in one device call (nvidia-h200),
# on the rows clock_gap_diag.py looked at, with independent_timer.py before and after them; one process per run, as
# the agreement table's. The harness before lives in a copy, OLD (default .kfx_call3/old), made beforehand with
#   mkdir -p .kfx_call3/old; for f in $(git ls-tree --name-only 9a46b6b core/measure/harness/); do
#       git show 9a46b6b:$f >.kfx_call3/old/${f##*/}; done
# Run from the repository root:  bash tests/measure/harness/gpu_clock_before_after.sh [OLD]
# Writes $OUT/kfx.jsonl (every result line), independent.jsonl (two runs of the timer) and run.log.
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 KFX_HARNESS_DEVICE=cuda
out=${OUT:-/tmp/kfx-before-after}; log=$out/run.log; old=${1:-.kfx_call3/old}
mkdir -p "$out"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; } 2>&1 | tee "$log"
(cd resources/tasks/cross_entropy && MAX_JOBS=8 python3 -c "import sys
sys.path.insert(0, '.'); import importlib.util as u; s = u.spec_from_file_location('c', 'candidates/cuda_block_per_row.py')
s.loader.exec_module(u.module_from_spec(s))" >/dev/null 2>&1)
echo "== extension built at ${SECONDS}s" | tee -a "$log"
sets=("cross_entropy triton_online_rows cuda_block_per_row" "fp8_quant triton_group_per_program" "gdn_chunk_fwd_o triton_chunk_ieee triton_chunk_tf32x3")
indep() { for s in "${sets[@]}"; do set -- $s; t=$1; shift; files=(); for c in "$@"; do files+=("resources/tasks/$t/candidates/$c.py"); done
    timeout 120 python3 tests/measure/harness/independent_timer.py --task resources/tasks/$t --candidate "${files[@]}" >>"$out/independent.jsonl" 2>>"$out/err.log"; done; }
indep
for pass in 1; do for s in "${sets[@]}"; do set -- $s; t=$1; shift; for c in "$@"; do for h in old new; do
    harness=core/measure/harness/kfx_harness.py; [ $h = old ] && harness=$old/kfx_harness.py
    r=$(timeout 120 python3 $harness --task resources/tasks/$t --candidate resources/tasks/$t/candidates/$c.py --timing robust \
        --device cuda 2>>"$out/err.log" | tail -1)
    echo "{\"pass\": $pass, \"harness\": \"$h\", \"task\": \"$t\", \"candidate\": \"$c\", \"result\": $r}" >>"$out/kfx.jsonl"
    echo "$pass $h $t/$c $(echo "$r" | python3 -c "import json,sys; r=json.load(sys.stdin); print(r['kind'], [round(c['runtime_ns']/1e3,1) for c in r.get('cases',[])])")" | tee -a "$log"
done; done; done; done
indep
echo "== done at ${SECONDS}s" | tee -a "$log"
