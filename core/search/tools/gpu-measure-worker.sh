# shellcheck shell=bash
# Sourced by the GPU machine's scripts (gpu-corpus.sh, gpu-landscape.sh, gpu-live-search.sh), from the repository
# root with build-measure-deps carried: builds kfx-measure once per machine into /tmp/m and leaves /tmp/m/worker,
# a wrapper that finds the carried simdjson (the GPU machine has no patchelf). A warm machine keeps it.
# Usage: build_measure_worker LOG   (the build's output goes to LOG; on failure its tail is printed and 1 returned)
build_measure_worker() {
    local log=$1 deps=$PWD/build-measure-deps
    [ -x /tmp/m/worker ] && return 0
    if ! LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu cmake -S core/measure -B /tmp/m -G Ninja \
        -Dsimdjson_DIR="$deps/lib/x86_64-linux-gnu/cmake/simdjson" -DPython3_EXECUTABLE="$(command -v python3)" \
        >>"$log" 2>&1 || ! ninja -C /tmp/m kfx-measure >>"$log" 2>&1; then
        tail -40 "$log"
        return 1
    fi
    printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec /tmp/m/kfx-measure "$@"\n' "$deps/lib/x86_64-linux-gnu" >/tmp/m/worker
    chmod +x /tmp/m/worker
}
