#!/bin/sh
# On the GPU machine: the harness's GPU tests, then every bundled task's seed kernel under both protocols, each
# result line saved under $OUT (default /tmp/kfx-harness-gpu) with the process's end-to-end wall time.
# Usage (repository root): sh tests/measure/harness/gpu_batch.sh [python]
PY=${1:-python3}
OUT=${OUT:-/tmp/kfx-harness-gpu}
mkdir -p "$OUT"
export PYTHONDONTWRITEBYTECODE=1
$PY -c "import torch, yaml, sys; print(sys.version.split()[0], torch.__version__, torch.cuda.get_device_name())"
$PY -m unittest discover -s tests/measure/harness -p 'test_gpu.py' -v 2>&1 | tail -25
for task in resources/tasks/*/; do
    [ -f "$task/task.yml" ] || [ -f "$task/problem.py" ] || continue   # common/ holds shared files, no task
    name=$(basename "$task")
    seed=$(sed -n 's/^seed_submission: *//p' "$task/task.yml" 2>/dev/null)
    [ -f "$task/task.yml" ] || { task="$task/problem.py"; seed=seed.py; }
    for timing in reference robust; do
        start=$(date +%s%N)
        $PY core/measure/harness/kfx_harness.py --task "$task" --candidate "resources/tasks/$name/${seed:-seed.py}" \
            --timing $timing --device cuda 2>"$OUT/$name.$timing.err" | tail -1 >"$OUT/$name.$timing.json"
        echo "$name $timing wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))" | tee -a "$OUT/wall.txt"
    done
done
for timing in reference robust; do
    for run in 1 2; do
        start=$(date +%s%N)
        $PY core/measure/harness/kfx_harness.py --task tests/measure/harness/fixtures/vector_add \
            --candidate tests/measure/harness/fixtures/gpu/triton_add.py --timing $timing --device cuda \
            2>/dev/null | tail -1 >"$OUT/triton_add.$timing.$run.json"
        echo "triton_add $timing run $run wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))" | tee -a "$OUT/wall.txt"
    done
done
