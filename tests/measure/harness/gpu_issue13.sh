#!/usr/bin/env bash
# Issue 13's H100 session, in one device call (nvidia-h100-x1, build-measure-deps carried), from the repository root:
#   set -o pipefail; export PYTHONUNBUFFERED=1; bash tests/measure/harness/gpu_issue13.sh
# Writes under $OUT (at most 8 files come back): run.log (machine, versions, worker build), worker.jsonl (Ctrl+M's
# path: requests through the built worker, the planted illegal access among them), candidates.jsonl/.log
# (run_candidates.py: every seed under both protocols, every candidate robust), harness.tgz (gpu_batch.sh).
# The steps run most-wanted first, each under a limit, so the whole stays inside the call's 600 s.
# `gpu_issue13.sh rest` runs only what the first call (2026-11-24) ran out of time for: gdn_chunk_fwd_o's two Triton
# candidates (each twice, cold then warm Triton cache), gpu_batch.sh's trimul seed and its triton_add fixture runs;
# it writes run.log, rest.jsonl and wall.txt.
set -uo pipefail
export PYTHONUNBUFFERED=1
out=${OUT:-/tmp/kfx-issue13}
mkdir -p "$out"
log=$out/run.log
D=$PWD/build-measure-deps
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
    python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__, 'cuda', torch.version.cuda)"
    nvcc --version | tail -2
} 2>&1 | tee "$log"

harness() { # task candidate timing: one harness process, its result line and wall time appended to rest.jsonl
    local start=$(date +%s%N)
    python3 core/measure/harness/kfx_harness.py --task "$1" --candidate "$2" --timing "$3" --device cuda \
        2>>"$out/rest.err" | tail -1 | python3 -c "import json, sys, time; r = json.loads(sys.stdin.read() or '{}')
r.update(label=sys.argv[1], wall_s=(time.time_ns() - int(sys.argv[2])) / 1e9); print(json.dumps(r))" "$2 $3" "$start" | tee -a "$out/rest.jsonl" | cut -c1-300
}
if [ "${1:-}" = rest ]; then
    export TRITON_CACHE_DIR=/tmp/kfx-triton-rest
    for candidate in resources/tasks/gdn_chunk_fwd_o/candidates/triton_*.py; do
        for run in cold warm; do harness resources/tasks/gdn_chunk_fwd_o "$candidate" robust; done
    done
    for timing in reference robust; do harness resources/tasks/trimul resources/tasks/trimul/seed.py $timing; done
    for timing in reference robust reference robust; do
        harness tests/measure/harness/fixtures/vector_add tests/measure/harness/fixtures/gpu/triton_add.py $timing
    done
    nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv 2>&1 | tee -a "$log"
    exit 0
fi

b=/tmp/m
step() { echo "== $1 at ${SECONDS}s" | tee -a "$log"; }
step "worker build"
LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu cmake -S core/measure -B $b -G Ninja \
    -Dsimdjson_DIR=$D/lib/x86_64-linux-gnu/cmake/simdjson -DPython3_EXECUTABLE="$(command -v python3)" >>"$log" 2>&1 &&
    LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu ninja -C $b kfx-measure >>"$log" 2>&1 || { tail -30 "$log"; exit 1; }

# Ctrl+M's path: one worker, requests one at a time (a fresh Triton cache, so the first Triton request compiles cold).
step "worker"
TRITON_CACHE_DIR=/tmp/kfx-triton-worker LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu timeout 200 python3 - $b/kfx-measure \
    "$out/worker.jsonl" <<'PY' 2>&1 | tee -a "$log"
import json, subprocess, sys, time
task = "resources/tasks/fp8_quant"
triton = f"{task}/candidates/triton_group_per_program.py"
requests = [("device", {"type": "device_info"}),
            ("seed", {"candidate": f"{task}/seed.py"}),
            ("triton cold", {"candidate": triton}),
            ("triton warm", {"candidate": triton}),
            ("triton tiles", {"candidate": f"{task}/candidates/triton_group_tiles.py"}),
            ("illegal access", {"candidate": f"{task}/candidates/planted_illegal_access.py"}),
            ("triton after fault", {"candidate": triton})]
worker = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
with open(sys.argv[2], "w") as sink:
    for number, (label, fields) in enumerate(requests):
        request = {"protocol": 1, "id": str(number)} | (
            fields if "type" in fields else {"type": "measure", "task": task, "timing": "robust"} | fields)
        start = time.monotonic()
        worker.stdin.write(json.dumps(request) + "\n")
        worker.stdin.flush()
        message = {"kind": "worker_lost"}
        for line in worker.stdout:
            if json.loads(line).get("type") == "result":
                message = json.loads(line)
                break
        message["label"], message["wall_s"] = label, time.monotonic() - start
        sink.write(json.dumps(message) + "\n")
        compile_ = message.get("compile", {}).get("candidate", {})
        print(f"{label:20} {str(message.get('kind')):16} wall {message['wall_s']:5.1f}s elapsed "
              f"{message.get('elapsed_ms', 0) / 1e3:5.1f}s import {compile_.get('ms', 0) / 1e3:5.1f}s first call "
              f"{compile_.get('first_call_ms', 0) / 1e3:5.1f}s speedup {message.get('aggregated_speedup', '-')} "
              f"{message.get('runtime_error_name') or ''} sticky={message.get('sticky')}", flush=True)
    worker.stdin.write('{"protocol":1,"id":"end","type":"shutdown"}\n')
    worker.stdin.close()
    print("worker alive after the fault, exit status", worker.wait(timeout=30))
PY

step "run_candidates"
timeout 330 python3 resources/tasks/run_candidates.py --out "$out/candidates.jsonl" 2>&1 | tee "$out/candidates.log"

step "gpu_batch"
left=$((585 - SECONDS))
[ $left -gt 30 ] && OUT=$out/harness timeout $left sh tests/measure/harness/gpu_batch.sh 2>&1 | tee -a "$log"
tar -C "$out" -czf "$out/harness.tgz" harness && rm -rf "$out/harness"
nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv 2>&1 | tee -a "$log"
step "done"
