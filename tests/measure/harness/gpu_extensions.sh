# shellcheck shell=bash
# Sourced by the GPU scripts beside it. build_extensions LOG BUILDLOG: builds every shipped load_inline extension
# (resources/tasks/*/candidates/cuda_*.py) at once, so that no timing waits for nvcc (torch caches them); each
# build's output goes to BUILDLOG, the start and end to LOG.
build_extensions() {
    local log=$1 buildlog=$2 f
    echo "== extensions at ${SECONDS}s" | tee -a "$log"
    for f in resources/tasks/*/candidates/cuda_*.py; do
        (cd "$(dirname "$(dirname "$f")")" && KFX_HARNESS_DEVICE=cuda MAX_JOBS=4 timeout 240 python3 -c "import sys
sys.path.insert(0, '.'); import importlib.util as u; s = u.spec_from_file_location('c', sys.argv[1])
s.loader.exec_module(u.module_from_spec(s))" "$PWD/candidates/$(basename "$f")" >>"$buildlog" 2>&1) &
    done
    wait
    echo "== extensions built at ${SECONDS}s" | tee -a "$log"
}
