#!/usr/bin/env bash
# Issue 26's rule for a failure of the task's own code (PROTOCOL.md), on the GPU machine in one device call
# (build-measure-deps carried; MEASUREMENTS.md's "How to reproduce" says what it holds), from the repository root:
#   bash tests/measure/harness/gpu_task_code.sh
# Builds only kfx-measure (standalone), runs the attack suite on the GPU, sends honest.py, breaks_task_code.py and
# forged_result.py through the worker, times the canary on every bundled task, then the harness's GPU tests for as
# long as is left of their 60 s. Writes run.log, attacks.log, worker.jsonl and test_gpu.log under $OUT.
set -uo pipefail
. tests/measure/harness/gpu_call_setup.sh
gpu_call_begin /tmp/kfx-task-code
gpu_build_worker
start=$SECONDS
KFX_ATTACK_DEVICE=cuda timeout 150 python3 -m unittest discover -s tests/measure/harness -p test_attacks.py -v \
    >"$out/attacks.log" 2>&1
grep -E "forged|breaks_task|FAIL|ERROR" "$out/attacks.log" | tee -a "$log"
tail -3 "$out/attacks.log" | tee -a "$log"
echo "attack suite on the GPU: $((SECONDS - start)) s" | tee -a "$log"
start=$SECONDS
timeout 90 python3 tests/measure/harness/data/worker_task_code_issue26.py --worker /tmp/m/kfx-measure --device cuda \
    --out "$out/worker.jsonl" 2>&1 | tee -a "$log"
echo "through the worker: $((SECONDS - start)) s" | tee -a "$log"
for task in resources/tasks/*/; do
    [ -f "$task/task.yml" ] || [ -f "$task/problem.py" ] || continue   # common/ holds shared files, no task
    timeout 60 python3 tests/measure/harness/data/canary_cost_issue26.py "$task" --device cuda 2>&1 | tail -1 |
        tee -a "$log"
done
start=$SECONDS
timeout 60 python3 -m unittest discover -s tests/measure/harness -p test_gpu.py -v >"$out/test_gpu.log" 2>&1
echo "test_gpu.py: status $? after $((SECONDS - start)) s" | tee -a "$log"
nvidia-smi --query-gpu=clocks.sm,temperature.gpu --format=csv 2>&1 | tee -a "$log"
