#!/usr/bin/env bash
# Issue 27's task-reference probe of the worker itself: kfx-measure reads a kfx-task/1 manifest only once it found a
# CUDA device, so this half of probe-hostile-servers.sh's task-ref kind runs on a GPU machine. For each task whose
# reference leaves the task folder (the same variants as there, made from resources/demo/tasks/row_softmax), and
# for GPU MODE tasks (resources/tasks/trimul) whose reference.py is a link to a file outside, one kfx-measure
# process gets one measure request (the task's own reference as the candidate) under `timeout`; the result must be
# a refusal (infrastructure_failure naming the task's file), must not hold the outside file's text, and the
# controls inside the task must measure.
#
# usage: tests/probe/probe-worker-manifest.sh OUT.tsv
# environment: KFX_MEASURE (the worker), PYTHON (the interpreter of GPU MODE tasks, default python3),
#   PROBE_WORK (scratch folder; default a new one under /tmp), PROBE_FILTER (a regex: only those variants)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
worker=${KFX_MEASURE:-$root/build-core/core/measure/kfx-measure}
python=${PYTHON:-python3}
work=${PROBE_WORK:-$(mktemp -d /tmp/kfx-worker-probe.XXXXXX)}
out=${1:-$work/runs.tsv}
marker=KFX-PROBE-SECRET-OUTSIDE-THE-TASK-27
demo=$root/resources/demo/tasks/row_softmax
trimul=$root/resources/tasks/trimul
: >"$out"

set_ref() { python3 -c 'import json, sys; p = sys.argv[1] + "/task.json"; d = json.load(open(p)); d["reference"] = sys.argv[2]; json.dump(d, open(p, "w"))' "$1" "$2"; }

variant() { # NAME DIR: makes DIR/task and DIR/secret.txt; prints the expectation and the kind (cuda|python)
    local name=$1 dir=$2 task=$2/task
    rm -rf "$dir"; mkdir -p "$dir/outside"
    printf '// %s\nroot:x:0:0:%s\n' "$marker" "$marker" >"$dir/secret.txt"
    cp "$dir/secret.txt" "$dir/outside/secret.txt"
    # a GPU MODE task links utils.py to ../common/utils.py, as the bundled ones do
    case $name in gpumode-*) cp -r "$trimul" "$task"; cp -r "$trimul/../common" "$dir/common" ;; *) mkdir -p "$task"; cp "$demo/task.json" "$demo/reference.cu" "$task/" ;; esac
    case $name in
        dotdot) set_ref "$task" ../secret.txt; echo "refuse cuda" ;;
        deep-etc-passwd) set_ref "$task" ../../../../../../../../../../etc/passwd; echo "refuse cuda" ;;
        absolute) set_ref "$task" "$dir/secret.txt"; echo "refuse cuda" ;;
        absolute-etc-passwd) set_ref "$task" /etc/passwd; echo "refuse cuda" ;;
        inside-then-out) set_ref "$task" reference.cu/../../secret.txt; echo "refuse cuda" ;;
        symlink-file) ln -s ../secret.txt "$task/linked.cu"; set_ref "$task" linked.cu; echo "refuse cuda" ;;
        symlink-absolute) ln -s "$dir/secret.txt" "$task/linked.cu"; set_ref "$task" linked.cu; echo "refuse cuda" ;;
        symlink-chain) ln -s ../secret.txt "$task/b.cu"; ln -s b.cu "$task/a.cu"; set_ref "$task" a.cu; echo "refuse cuda" ;;
        symlink-folder) ln -s ../outside "$task/sub"; set_ref "$task" sub/secret.txt; echo "refuse cuda" ;;
        symlink-etc) ln -s /etc "$task/sub"; set_ref "$task" sub/passwd; echo "refuse cuda" ;;
        fifo-inside) mkfifo "$task/ref.fifo"; set_ref "$task" ref.fifo; echo "refuse cuda" ;;
        task-json-linked-out) mv "$task/task.json" "$dir/outside/task.json"; ln -s ../outside/task.json "$task/task.json"; echo "either cuda" ;;
        control-inside) mkdir -p "$task/sub"; set_ref "$task" sub/../reference.cu; echo "accept cuda" ;;
        control-linked-inside) mv "$task/reference.cu" "$task/real.cu"; ln -s real.cu "$task/reference.cu"; echo "accept cuda" ;;
        gpumode-linked-out) rm "$task/reference.py"; ln -s ../secret.txt "$task/reference.py"; echo "refuse python" ;;
        gpumode-etc-passwd) rm "$task/reference.py"; ln -s /etc/passwd "$task/reference.py"; echo "refuse python" ;;
        gpumode-python-outside) # a reference.py that is a link to Python code outside the task: it would run
            printf 'raise RuntimeError("%s: code outside the task ran")\n' "$marker" >"$dir/outside/reference.py"
            rm "$task/reference.py"; ln -s ../outside/reference.py "$task/reference.py"; echo "refuse python" ;;
        gpumode-control) echo "accept python" ;;
    esac
}

names="dotdot deep-etc-passwd absolute absolute-etc-passwd inside-then-out symlink-file symlink-absolute symlink-chain
symlink-folder symlink-etc fifo-inside task-json-linked-out control-inside control-linked-inside gpumode-linked-out
gpumode-etc-passwd gpumode-python-outside gpumode-control"
for name in $names; do
    [ -n "${PROBE_FILTER:-}" ] && ! [[ $name =~ $PROBE_FILTER ]] && continue
    dir=$work/$name
    read -r expect kind < <(variant "$name" "$dir")
    if [ "$kind" = cuda ]; then
        request=$(python3 -c 'import json, sys; print(json.dumps({"protocol": 1, "id": "1", "type": "measure", "task": sys.argv[1], "candidate_source": open(sys.argv[2]).read(), "candidate_label": "reference", "timing": "robust", "time_budget_ms": 50}))' "$dir/task" "$demo/reference.cu")
    else
        request=$(python3 -c 'import json, sys; print(json.dumps({"protocol": 1, "id": "1", "type": "measure", "task": sys.argv[1], "candidate_source": open(sys.argv[2]).read(), "timing": "robust", "python": [sys.argv[3]], "harness": sys.argv[4], "timeout_ms": 240000, "time_budget_ms": 100}))' "$dir/task" "$trimul/seed.py" "$python" "$root/core/measure/harness")
    fi
    start=$(date +%s.%N)
    printf '%s\n{"protocol":1,"id":"2","type":"shutdown"}\n' "$request" | timeout -k 5 280 "$worker" >"$dir/stdout" 2>"$dir/stderr"
    rc=$?
    secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    result=$(grep '"type":"result"' "$dir/stdout" | grep '"id":"1"' | head -1)
    kindof=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1]).get("kind", "none"))' "${result:-{\}}" 2>/dev/null || echo none)
    reason=$(python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print((d.get("reason") or d.get("runtime_error") or d.get("compilation_error") or d.get("error_message") or "")[:300].replace("\n", " | "))' "${result:-{\}}" 2>/dev/null)
    leaked=$(cat "$dir/stdout" "$dir/stderr" | grep -cE "$marker|root:x:0:0")
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then verdict=hang
    elif [ "$rc" -ge 128 ]; then verdict=crash
    elif [ "$leaked" -gt 0 ]; then verdict=SILENT
    elif [ "$expect" = accept ]; then [ "$kindof" = success ] && verdict=clean || verdict=refused
    elif [ "$expect" = either ]; then [ "$kindof" = success ] && verdict=clean || verdict=refused
    elif [ "$kindof" = infrastructure_failure ]; then verdict=refused
    else verdict=SILENT; fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name.worker" task-ref kfx-measure "$rc" "$secs" "$verdict" \
        "result $kindof, lines holding the outside file's text $leaked; $reason" | tee -a "$out"
done
