# Sourced by the harness's one-call GPU scripts (gpu_forkserver.sh, gpu_task_code.sh), from the repository root,
# with build-measure-deps carried (MEASUREMENTS.md's "How to reproduce" says what it holds).

# gpu_call_begin DEFAULT_OUT: unbuffered Python; $out, the device tool's $OUT or else DEFAULT_OUT, and in it $log,
# run.log, begun with the GPU, its clocks and temperature, and the Python stack's versions; $D, the carried
# dependencies, whose libraries the standalone kfx-measure loads.
gpu_call_begin() {
    export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
    out=${OUT:-$1}
    mkdir -p "$out"
    log=$out/run.log
    D=$PWD/build-measure-deps
    export LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu
    {
        date -u
        nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
        python3 -c "import sys, torch, triton; print('python', sys.version.split()[0], 'torch', torch.__version__,
'triton', triton.__version__, 'cuda', torch.version.cuda)"
    } 2>&1 | tee "$log"
}

# gpu_build_worker: only kfx-measure (core/measure, standalone) into /tmp/m, its output in run.log; exits the script
# with the log's end where it fails.
gpu_build_worker() {
    local start=$SECONDS
    cmake -S core/measure -B /tmp/m -G Ninja -Dsimdjson_DIR=$D/lib/x86_64-linux-gnu/cmake/simdjson \
        -DPython3_EXECUTABLE="$(command -v python3)" >>"$log" 2>&1 && ninja -C /tmp/m kfx-measure >>"$log" 2>&1 ||
        { tail -30 "$log"; exit 1; }
    echo "worker built in $((SECONDS - start)) s" | tee -a "$log"
}
