#!/usr/bin/env bash
# Issue 26, the clock agreement over several processes, in one device call (nvidia-h200), from the repository root:
#   bash tests/measure/harness/gpu_clock_agreement_processes.sh [ROUNDS [DEADLINE_S]] [TASK:KERNEL,KERNEL ...]
# One process of either clock gives one median per case, and the independent clock alone moved 5-18 % between two
# of its processes (MEASUREMENTS.md, "The robust timing's remaining cost per sample, located"). So each kernel is
# timed in ROUNDS rounds (default 5). In each round, task by task, every KERNEL of the task runs once through
# kfx_harness.py --timing robust (one process each; KERNEL "seed" is the task's seed.py, whose process also times
# the reference), then independent_timer.py runs once over all of them (one process, the reference included):
# kfx, independent, kfx, independent, ..., so that a drift over the call reaches both clocks alike.
# A round starts only if the previous round's duration still fits before DEADLINE_S (default 560 s of the script).
# On an H200 the extensions took about 40 s and a round of the default kernels 151-167 s (3 rounds in 600 s); a
# round of the six shipped candidates alone took 105 s.
# The default kernels are the shipped candidates and seeds that read over 100 µs on an H200 in the last agreement
# table (trimul's are left out: one round of its three kernels takes about 110 s).
# clock_agreement_summary.py builds the table from the medians of the per-process medians. Everything lands in
# $OUT: table.md, summary.json, run.log, processes.tgz (every process's result line) and the tools' stderr.
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
here=tests/measure/harness
out=${OUT:-/tmp/kfx-clock-processes}
work=/tmp/kfx-clock-processes-work
rm -rf "$work"; mkdir -p "$out" "$work"
log=$out/run.log
specs=() numbers=()
for arg in "$@"; do case $arg in *:*) specs+=("$arg") ;; *) numbers+=("$arg") ;; esac; done
rounds=${numbers[0]:-5} deadline=${numbers[1]:-560}
# shellcheck disable=SC2054  # the commas separate a task's kernels within one element
[ ${#specs[@]} -gt 0 ] || specs=(
    cross_entropy:cuda_block_per_row,cuda_vectorised_rows,triton_online_rows,triton_split_rows,seed
    fp8_quant:triton_group_per_program,seed
    gdn_chunk_fwd_o:triton_chunk_ieee,seed
    gdn_chunk_fwd_h:seed
    gdn_recompute_w_u:seed
    kernelbench_l3_mlp:seed)
kernel_file() { [ "$2" = seed ] && echo "resources/tasks/$1/seed.py" || echo "resources/tasks/$1/candidates/$2.py"; }
pack() { tar -C "$work" -czf "$out/processes.tgz" . ; }
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
    python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__, 'cuda', torch.version.cuda)"
    echo "rounds $rounds, deadline ${deadline}s, kernels: ${specs[*]}"
} 2>&1 | tee "$log"

# shellcheck source=tests/measure/harness/gpu_extensions.sh
source "$here/gpu_extensions.sh"
build_extensions "$log" "$work/extensions.log"

last=0
for ((r = 1; r <= rounds; r++)); do
    if [ $r -gt 1 ] && [ $((SECONDS + last)) -gt "$deadline" ]; then
        echo "== round $r not started at ${SECONDS}s: the last round took ${last}s, the deadline is ${deadline}s" |
            tee -a "$log"
        break
    fi
    begin=$SECONDS
    echo "== round $r at ${SECONDS}s, $(nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu \
        --format=csv,noheader 2>&1)" | tee -a "$log"
    for spec in "${specs[@]}"; do
        t=${spec%%:*} task=resources/tasks/${spec%%:*}
        IFS=, read -r -a kernels <<<"${spec#*:}"
        files=()
        for k in "${kernels[@]}"; do
            f=$(kernel_file "$t" "$k"); files+=("$f")
            start=$SECONDS
            timeout 150 python3 core/measure/harness/kfx_harness.py --task "$task" --candidate "$f" --timing robust \
                --device cuda 2>>"$work/kfx.err" | tail -1 >"$work/r$r.kfx.$t.$k.json"
            python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(sys.argv[2], r['kind'],
[round(c['runtime_ns'] / 1e3, 1) for c in r.get('cases', [])], [round(c['ref_runtime_ns'] / 1e3, 1)
for c in r.get('cases', [])])" "$work/r$r.kfx.$t.$k.json" "r$r kfx $t/$k $((SECONDS - start))s" 2>&1 | tee -a "$log"
        done
        start=$SECONDS
        timeout 150 python3 "$here/independent_timer.py" --task "$task" --candidate "${files[@]}" \
            >"$work/r$r.independent.$t.json" 2>>"$work/independent.err"
        python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(sys.argv[2],
[round(c['reference']['median_us'], 1) for c in r['cases']], {k.split('/')[-1][:-3]: [round(c['candidates'][k]
['median_us'], 1) for c in r['cases']] for k in r['geomean_speedup']})" "$work/r$r.independent.$t.json" \
            "r$r independent $t $((SECONDS - start))s" 2>&1 | tee -a "$log"
    done
    last=$((SECONDS - begin))
    pack
done
python3 "$here/clock_agreement_summary.py" "$work" --json "$out/summary.json" >"$out/table.md" 2>>"$log"
cat "$out/table.md"
cp "$work"/*.err "$out/" 2>/dev/null
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv 2>&1 | tee -a "$log"
pack
echo "== done at ${SECONDS}s" | tee -a "$log"
