#!/usr/bin/env bash
# On the GPU machine, from the repository root: issue 24's landscape, every kernel of a list measured once with the
# robust protocol, one worker per GPU (gpu-landscape.py).
# Usage: gpu-landscape.sh SECONDS LIST   (LIST: "TASK_DIR<TAB>KERNEL_FILE" lines, from `kfx-cli mutations space`)
# LANDSCAPE_TIMEOUT_S: a kernel's limit (default 60 s; the Python tasks' Triton kernels may need 120).
# Needs build-measure-deps carried (MEASUREMENTS.md) and the kernel files the list names. Writes to $OUT:
# landscape.log (the GPUs' state before and after, the build's errors), results.jsonl.xz (every result, raw samples
# included).
set -uo pipefail
# shellcheck source=core/search/tools/gpu-measure-worker.sh
source "$(dirname "${BASH_SOURCE[0]}")/gpu-measure-worker.sh"
out=${OUT:-/tmp/kfx-out}
mkdir -p "$out"
seconds=$1
list=$2
start=$(date +%s)
log=$out/landscape.log
query=index,name,uuid,pci.bus_id,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw
{ date -u +%FT%TZ; nvidia-smi --query-gpu=$query --format=csv; } >>"$log" 2>&1
build_measure_worker "$log" || exit 1
gpus=$(nvidia-smi --list-gpus | wc -l)
left=$(( seconds - ($(date +%s) - start) - 15 ))
echo "built in $(( $(date +%s) - start )) s; measuring for $left s on $gpus GPUs" | tee -a "$log"
rm -f /tmp/results.jsonl  # gpu-landscape.py appends: a warm machine still holds the last call's results
python3 core/search/tools/gpu-landscape.py --worker /tmp/m/worker --list "$list" --out /tmp/results.jsonl \
    --seconds "$left" --gpus "$gpus" --timeout-s "${LANDSCAPE_TIMEOUT_S:-60}" 2>&1 | tee -a "$log"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=$query --format=csv; } >>"$log" 2>&1
xz -T0 -6 -c /tmp/results.jsonl >"$out/results.jsonl.xz"
echo "$(wc -l </tmp/results.jsonl) results in $(( $(date +%s) - start )) s"
