#!/usr/bin/env bash
# Issue 26, "agree with an independent clock", in one device call (nvidia-h100-x1), from the repository root:
#   bash tests/measure/harness/gpu_clock_agreement.sh [diag] [agree] [TASK ...]
# diag:  on one case each of cross_entropy/triton_online_rows, fp8_quant/triton_group_per_program and
#        gdn_chunk_fwd_o/triton_chunk_ieee: the harness's own sampling loop (protocols.Measurement._time) with and
#        without its untimed call before each sample, against independent_timer.py's plain loop in the same process.
# agree: every shipped candidate (the planted faults excepted) and every seed of TASK (default: all) through
#        kfx_harness.py --timing robust --raw-samples, then through independent_timer.py; table.md compares them.
# Everything lands in $OUT/clock.tgz (and table.md, run.log beside it).
set -uo pipefail
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
out=${OUT:-/tmp/kfx-clock}
work=/tmp/kfx-clock-work
mkdir -p "$out" "$work"
log=$out/run.log
phases=() tasks=()
for arg in "$@"; do case $arg in diag|agree) phases+=("$arg") ;; *) tasks+=("$arg") ;; esac; done
[ ${#phases[@]} -gt 0 ] || phases=(diag agree)
[ ${#tasks[@]} -gt 0 ] || tasks=(cross_entropy fp8_quant gdn_chunk_fwd_o gdn_chunk_fwd_h gdn_recompute_w_u
                                 kernelbench_l3_mlp trimul)
pack() { tar -C "$work" -czf "$out/clock.tgz" . ; }
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
    python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__)"
} 2>&1 | tee "$log"

candidates_of() { # the shipped candidates of a task, then its seed
    local dir=resources/tasks/$1
    for f in "$dir"/candidates/*.py; do case $f in *planted_*|*README*) ;; *) [ -f "$f" ] && echo "$f" ;; esac; done
    echo "$dir/seed.py"
}

# shellcheck source=tests/measure/harness/gpu_extensions.sh
source tests/measure/harness/gpu_extensions.sh
build_extensions "$log" "$work/extensions.log"

if [[ " ${phases[*]} " == *" diag "* ]]; then
    echo "== diag at ${SECONDS}s" | tee -a "$log"
    for spec in "cross_entropy triton_online_rows.py 1" "fp8_quant triton_group_per_program.py 3" \
                "gdn_chunk_fwd_o triton_chunk_ieee.py 1"; do
        set -- $spec
        timeout 150 python3 - "resources/tasks/$1" "resources/tasks/$1/candidates/$2" "$3" <<'PY' 2>&1 |
import dataclasses, json, os, statistics, sys
sys.path.insert(0, "core/measure/harness")
os.environ["KFX_HARNESS_DEVICE"] = "cuda"
import torch
import defences, protocols, timing
from gpumode import GpuModeTask

task = GpuModeTask(sys.argv[1], 10e9)
task.load_candidate(sys.argv[2])
case_index = int(sys.argv[3])
case = task.cases("benchmark")[case_index - 1]
robust = protocols.robust_protocol(10e9)


def plain(function, data, samples=100):
    """independent_timer.py's loop: flush, synchronise, start event, one call, end event, synchronise."""
    flush = torch.empty(64 * 1024 * 1024, dtype=torch.int32, device="cuda")
    for _ in range(3):
        function(data)
    out = []
    for i in range(samples):
        flush.fill_(i)
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        function(data)
        end.record()
        torch.cuda.synchronize()
        out.append(start.elapsed_time(end) * 1e6)
    return out


variants = {"plain loop": None, "robust": robust, "robust without the warm call":
            dataclasses.replace(robust, warm_call=False), "plain loop again": None}
for name, protocol in variants.items():
    data = task.generate(case, case.get("seed"))
    if protocol is None:
        device = host = plain(task.candidate, data)
    else:
        timer = timing.cuda_event_timer(torch, protocol.wait_all_streams)
        m = protocols.Measurement(task, protocol, timer, torch, "cuda", lambda _: None, True, sys.argv[2],
                                  defences.guard_for([], torch, []))
        device, host = m._time(case_index, case, data, task.candidate, True)
    row = {"device_us": statistics.median(device) / 1e3, "host_us": statistics.median(host) / 1e3}
    print(f"{sys.argv[2]} case {case_index} {name:30s}", json.dumps({k: round(v, 1) for k, v in row.items()}),
          flush=True)
PY
            tee "$work/diag2.$1.log"
        pack
    done
fi

if [[ " ${phases[*]} " == *" agree "* ]]; then
    for t in "${tasks[@]}"; do
        echo "== agree $t at ${SECONDS}s" | tee -a "$log"
        task=resources/tasks/$t
        mapfile -t files < <(candidates_of "$t")
        for f in "${files[@]}"; do
            name=$(basename "$f" .py)
            timeout 150 python3 core/measure/harness/kfx_harness.py --task "$task" --candidate "$f" --timing robust \
                --device cuda --raw-samples 2>>"$work/kfx.err" | tail -1 >"$work/kfx.$t.$name.json"
            python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(sys.argv[1], r['kind'],
r.get('aggregated_speedup'), [round(c['runtime_ns'] / 1e3, 1) for c in r.get('cases', [])])" "$work/kfx.$t.$name.json" \
                2>&1 | tee -a "$log"
        done
        timeout 240 python3 tests/measure/harness/independent_timer.py --task "$task" --candidate "${files[@]}" \
            >"$work/independent.$t.json" 2>>"$work/independent.err"
        python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['geomean_speedup'])" \
            "$work/independent.$t.json" 2>&1 | tee -a "$log"
        pack
    done
    python3 - "$work" <<'PY' | tee "$out/table.md"
import glob, json, math, os, sys
work = sys.argv[1]
print("| task | kernel | case | kfx robust µs | independent µs | kfx / independent |")
print("| --- | --- | --- | --- | --- | --- |")
geomeans = []
for path in sorted(glob.glob(f"{work}/independent.*.json")):
    task = path.split("independent.")[1][:-5]
    try:
        independent = json.load(open(path))
    except ValueError:
        continue
    for candidate, geomean in independent["geomean_speedup"].items():
        name = os.path.basename(candidate)[:-3]
        try:
            kfx = json.load(open(f"{work}/kfx.{task}.{name}.json"))
        except (OSError, ValueError):
            continue
        if kfx.get("kind") != "success":
            print(f"| {task} | {name} | all | {kfx.get('kind')} | | |")
            continue
        geomeans.append((task, name, kfx["aggregated_speedup"], geomean))
        for index, (k, i) in enumerate(zip(kfx["cases"], independent["cases"]), 1):
            pairs = [(name, k["runtime_ns"] / 1e3, i["candidates"][candidate]["median_us"])]
            if name == "seed":
                pairs.append(("reference", k["ref_runtime_ns"] / 1e3, i["reference"]["median_us"]))
            for kernel, a, b in pairs:
                mark = "" if max(a, b) >= 100 else " (under 100 µs)"
                print(f"| {task} | {kernel} | {index} | {a:.1f} | {b:.1f} | {a / b:.3f}{mark} |")
print()
print("| task | kernel | kfx robust geomean speedup | independent geomean speedup |")
print("| --- | --- | --- | --- |")
for task, name, a, b in geomeans:
    print(f"| {task} | {name} | {a:.3f}× | {b:.3f}× |")
PY
    cp "$out/table.md" "$work/"
    pack
fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv 2>&1 | tee -a "$log"
echo "== done at ${SECONDS}s" | tee -a "$log"
