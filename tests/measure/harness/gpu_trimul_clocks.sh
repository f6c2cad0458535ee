#!/usr/bin/env bash
# Issue 26, trimul's clock agreement, in one device call (nvidia-h200), from the repository root:
#   bash tests/measure/harness/gpu_trimul_clocks.sh [CANDIDATE.py ...]
# Times resources/tasks/trimul's seed and reference, and each CANDIDATE given (default: every file of
# resources/tasks/trimul/candidates), with three clocks one after the other on one machine:
#   1. kfx_harness.py --timing robust --raw-samples (one process per candidate, as gpu_clock_agreement.sh does);
#   2. independent_timer.py (CUDA events around one synchronised call, L2 flushed), run twice, before and after 3,
#      so that its own spread between two processes is on record;
#   3. dobench_timer.py (triton.testing.do_bench, median).
# No load_inline extension is built: trimul has none. Everything lands in $OUT (kfx.*.json, independent.*.json,
# dobench.json, run.log and the tools' stderr).
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
out=${OUT:-/tmp/kfx-trimul-clocks}
mkdir -p "$out"
log=$out/run.log
task=resources/tasks/trimul
if [ $# -gt 0 ]; then files=("$@"); else files=("$task"/candidates/*.py); fi
files+=("$task/seed.py")
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
    python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__)"
} 2>&1 | tee "$log"
for f in "${files[@]}"; do
    name=$(basename "$f" .py)
    echo "== kfx robust $name at ${SECONDS}s" | tee -a "$log"
    timeout 300 python3 core/measure/harness/kfx_harness.py --task "$task" --candidate "$f" --timing robust \
        --device cuda --raw-samples 2>>"$out/kfx.err" | tail -1 >"$out/kfx.$name.json"
    python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(r['kind'], r.get('aggregated_speedup'),
[round(c['runtime_ns'] / 1e3, 1) for c in r.get('cases', [])], [round(c['ref_runtime_ns'] / 1e3, 1)
for c in r.get('cases', [])], r.get('suspicions'))" "$out/kfx.$name.json" 2>&1 | tee -a "$log"
done
run_independent() {
    echo "== independent run $1 at ${SECONDS}s" | tee -a "$log"
    timeout 300 python3 tests/measure/harness/independent_timer.py --task "$task" --candidate "${files[@]}" \
        >"$out/independent.$1.json" 2>>"$out/independent.err"
    python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['geomean_speedup'])" \
        "$out/independent.$1.json" 2>&1 | tee -a "$log"
}
run_independent 1
echo "== do_bench at ${SECONDS}s" | tee -a "$log"
timeout 300 python3 tests/measure/harness/dobench_timer.py --task "$task" --candidate "${files[@]}" \
    >"$out/dobench.json" 2>>"$out/dobench.err"
python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['geomean_speedup'])" "$out/dobench.json" 2>&1 |
    tee -a "$log"
run_independent 2
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv 2>&1 | tee -a "$log"
echo "== done at ${SECONDS}s" | tee -a "$log"
