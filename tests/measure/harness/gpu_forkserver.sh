#!/usr/bin/env bash
# Issue 26's fork-server figures on the GPU machine, in one device call (nvidia-h100-x1, build-measure-deps carried;
# MEASUREMENTS.md's "How to reproduce" says what that folder holds), from the repository root:
#   bash tests/measure/harness/gpu_forkserver.sh
# Builds only kfx-measure (standalone, core/measure), shows the fork server's ready line (torch and Triton imported,
# CUDA not initialised), runs forkserver_timing.py through the worker with a fresh Triton cache, then the attack suite
# on the GPU (each attack in a child of one fork server, as the worker runs it). Writes run.log, results.jsonl and
# attacks.log under $OUT.
set -uo pipefail
. tests/measure/harness/gpu_call_setup.sh
gpu_call_begin /tmp/kfx-forkserver
gpu_build_worker
echo "fork server alone (stdin at its end at once):" | tee -a "$log"
probe=$(date +%s%N)
python3 core/measure/harness/kfx_forkserver.py </dev/null 2>&1 | tee -a "$log"
echo "server start to exit: $(( ($(date +%s%N) - probe) / 1000000 )) ms" | tee -a "$log"
TRITON_CACHE_DIR=$(mktemp -d) timeout 200 python3 tests/measure/harness/forkserver_timing.py --worker /tmp/m/kfx-measure \
    --device cuda --out "$out/results.jsonl" 2>&1 | tee -a "$log"
start=$SECONDS
KFX_ATTACK_DEVICE=cuda timeout 180 python3 -m unittest discover -s tests/measure/harness -p test_attacks.py -v \
    >"$out/attacks.log" 2>&1
tail -4 "$out/attacks.log" | tee -a "$log"
echo "attack suite on the GPU: $((SECONDS - start)) s" | tee -a "$log"
nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv 2>&1 | tee -a "$log"
ps -eo pid,ppid,cmd | grep -E "kfx_forkserver|sleep 600" | grep -v grep | tee -a "$log" || echo "no fork server or escaped process left" | tee -a "$log"
