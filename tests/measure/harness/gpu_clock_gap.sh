#!/usr/bin/env bash
# Issue 26, the robust protocol's remaining cost per sample, in one device call (nvidia-h200), from the repository
# root:  bash tests/measure/harness/gpu_clock_gap.sh [SAMPLES [ROUNDS]]
# Builds the load_inline candidates (all at once), then runs clock_gap_diag.py on the kernels that MEASUREMENTS.md's
# agreement table found high: each in its own process, every variant in the same one. Writes $OUT/gap.jsonl (every
# sample) and $OUT/run.log (the tables).
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
out=${OUT:-/tmp/kfx-gap}
mkdir -p "$out"
log=$out/run.log
samples=${1:-20} rounds=${2:-3} quick=${3:-}
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
    python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__)"
    nproc
} 2>&1 | tee "$log"
# shellcheck source=tests/measure/harness/gpu_extensions.sh
source tests/measure/harness/gpu_extensions.sh
build_extensions "$log" "$out/extensions.log"
for spec in "cross_entropy triton_online_rows 1" "gdn_chunk_fwd_o triton_chunk_tf32x3 2" \
            "fp8_quant triton_group_per_program 3" "gdn_chunk_fwd_o cuda_fused_smem 2" \
            "fp8_quant cuda_vectorised_rows 3" "cross_entropy cuda_block_per_row 1" "gdn_chunk_fwd_o triton_chunk_ieee 1"; do
    set -- $spec
    echo "== $1/$2 case $3 at ${SECONDS}s" | tee -a "$log"
    timeout 120 python3 tests/measure/harness/clock_gap_diag.py "resources/tasks/$1" \
        "resources/tasks/$1/candidates/$2.py" "$3" --samples "$samples" --rounds "$rounds" $quick --out "$out/gap.jsonl" \
        2>>"$out/diag.err" | tee -a "$log"
    nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader 2>&1 | tee -a "$log"
done
tail -5 "$out/diag.err" | tee -a "$log"
echo "== done at ${SECONDS}s" | tee -a "$log"
