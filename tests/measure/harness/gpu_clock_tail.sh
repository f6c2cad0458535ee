#!/usr/bin/env bash
# Issue 26 (2026-11-30): where the upper tail of kfx's robust samples comes from on cross_entropy
# cuda_vectorised_rows case 1 (and triton_online_rows case 1), in one device call (nvidia-h200), from the repository
# root:  bash tests/measure/harness/gpu_clock_tail.sh [SAMPLES [ROUNDS [DEADLINE_S]]]
# 1. clock_gap_diag.py --tail on cuda_vectorised_rows case 1: the harness's own loop taken apart, a copy of it and
#    the copy with one step changed, ROUNDS rounds of SAMPLES samples per variant, the order rotated (its first load
#    builds the extension);
# 2. kfx_harness.py --timing robust --raw-samples on the same candidate, twice (one process each), with
#    independent_timer.py once between them, to see the tail in kfx's own process by the sample's place in its batch;
# 3. clock_gap_diag.py --tail on triton_online_rows case 1, if it still fits before DEADLINE_S.
# Writes $OUT/run.log (the tables), tail.jsonl (every sample), kfx1.json, kfx2.json, independent.json, err.log.
# On an H200 (2026-11-30) "50 8 200" took 140 s, the extension build included (MEASUREMENTS.md).
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
here=tests/measure/harness
ce=resources/tasks/cross_entropy
out=${OUT:-/tmp/kfx-tail}
mkdir -p "$out"
log=$out/run.log err=$out/err.log
samples=${1:-50} rounds=${2:-8} deadline=${3:-250}
clocks() { nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader 2>&1; }
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
    python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__, 'cuda', torch.version.cuda)"
    nproc
} 2>&1 | tee "$log"

diag() {  # CANDIDATE
    echo "== diag $1 case 1 at ${SECONDS}s, $(clocks)" | tee -a "$log"
    timeout 200 python3 "$here/clock_gap_diag.py" "$ce" "$ce/candidates/$1.py" 1 --samples "$samples" \
        --rounds "$rounds" --tail --out "$out/tail.jsonl" 2>>"$err" | tee -a "$log"
    echo "== diag $1 done at ${SECONDS}s, $(clocks)" | tee -a "$log"
}

kfx() {  # N
    echo "== kfx process $1 at ${SECONDS}s" | tee -a "$log"
    timeout 120 python3 core/measure/harness/kfx_harness.py --task "$ce" --candidate "$ce/candidates/cuda_vectorised_rows.py" \
        --timing robust --device cuda --raw-samples 2>>"$err" | tail -1 >"$out/kfx$1.json"
    python3 - "$out/kfx$1.json" <<'EOF' 2>&1 | tee -a "$log"
import json, math, statistics, sys
r = json.load(open(sys.argv[1]))
print("kfx", r["kind"], r.get("verdict"))
for n, c in enumerate(r.get("cases", []), 1):
    s = [x / 1e3 for x in c["candidate_samples_ns"]]
    o = sorted(s)
    p = lambda q: o[max(0, math.ceil(q * len(o)) - 1)]
    opening = [x for i, x in enumerate(s) if i % 10 == 0]
    rest = [x for i, x in enumerate(s) if i % 10]
    print(f"kfx case {n}: n={len(s)} median {statistics.median(s):.1f} p90 {p(0.9):.1f} p99 {p(0.99):.1f} "
          f"max {max(s):.1f} min {min(s):.1f} | i%10==0 median {statistics.median(opening):.1f}, others "
          f"{statistics.median(rest):.1f} | first 20: {' '.join(f'{x:.0f}' for x in s[:20])}")
EOF
}

diag cuda_vectorised_rows
kfx 1
echo "== independent at ${SECONDS}s" | tee -a "$log"
timeout 120 python3 "$here/independent_timer.py" --task "$ce" --candidate "$ce/candidates/cuda_vectorised_rows.py" \
    >"$out/independent.json" 2>>"$err"
python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print('independent', [(round(c['reference']
['median_us'], 1), {k.split('/')[-1]: (round(v['median_us'], 1), round(v['min_us'], 1), round(v['rel_iqr'], 3))
for k, v in c['candidates'].items()}) for c in r['cases']])" "$out/independent.json" 2>&1 | tee -a "$log"
kfx 2
if [ $((SECONDS + 45)) -lt "$deadline" ]; then
    diag triton_online_rows
else
    echo "== triton_online_rows not started at ${SECONDS}s (deadline ${deadline}s)" | tee -a "$log"
fi
tail -5 "$err" | tee -a "$log"
echo "== done at ${SECONDS}s" | tee -a "$log"
