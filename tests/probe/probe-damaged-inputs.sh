#!/usr/bin/env bash
# Re-run of issue 27's probe of damaged inputs: generates them deterministically (seed 27) from the repository's
# real files (gen_damaged_inputs.py), runs each through the commands that read its format under `timeout 30`
# and classifies every run:
#   crash     a signal, or a sanitizer report
#   hang      the timeout fired (rc 124 or 137)
#   refused   a non-zero exit, or exit 0 with a warning that names the damaged file (and line, for line files)
#   clean     exit 0 without a word, for an input that is in fact fine (a flip inside free text, a cut at a line
#             boundary, a recomputed-digest model whose booster still parses)
#   SILENT    exit 0 without a warning naming the file, for an input that is damaged
# The window (an ASan build, offscreen) has no option to quit after opening, so it runs under `timeout WINDOW_S`:
# a run that printed no sanitizer report and ended by the timeout's signal counts as opened-without-crash
# ("clean" below); the window prints its warnings in the window, not on stderr, so no window run can be called
# silent.
#
# usage: tests/probe/probe-damaged-inputs.sh [--no-window] [--deadline HH:MM (UTC)] [--results FILE] [--report-only]
# environment: KFX_CLI, KFX_APP (the binaries), PROBE_WORK (scratch folder; default a new one under /tmp)
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${KFX_CLI:-$root/build-core/core/cli/kfx-cli}
app=${KFX_APP:-$root/build-qt5-asan/app/kfx}
work=${PROBE_WORK:-$(mktemp -d /tmp/kfx-probe.XXXXXX)}
results=$root/tests/probe/results-$(date -u +%F).txt
seed=27
window=1
window_s=12
window_jobs=3   # window runs at once: each mostly waits for its timeout
deadline=""
report_only=0   # --report-only: no runs, only the totals of the runs already in PROBE_WORK
while [ $# -gt 0 ]; do
    case $1 in
        --no-window) window=0 ;;
        --deadline) deadline=$2; shift ;;
        --results) results=$2; shift ;;
        --report-only) report_only=1 ;;
        *) echo "usage: $0 [--no-window] [--deadline HH:MM] [--results FILE] [--report-only]" >&2; exit 2 ;;
    esac
    shift
done

model=$root/resources/surrogate/h100/all.kfxmodel
good_eval=$root/tests/data/metrics/six-rows-eval.jsonl
good_pred=$root/tests/data/metrics/six-rows-predictions.jsonl
pairs=$root/tests/data/rows/eval_set.jsonl
harness=$root/core/measure/harness
log=$work/runs.tsv
mkdir -p "$work/out" "$work/home"
if [ "$report_only" -eq 1 ]; then
    window=0
else
    : >"$log"
    python3 "$root/tests/probe/gen_damaged_inputs.py" "$root" "$work/inputs" "$seed" || exit 1
fi

past_deadline() {
    [ -n "$deadline" ] && [ "$(date -u +%H:%M)" \> "$deadline" ]
}

# classify RC STDERR EXPECT FILE [line-based 0|1] [STDOUT] -> one word; warnings may come on either stream
# (inspect prints its own on stdout)
classify() {
    local rc=$1 err=$2 expect=$3 file=$4 lines=${5:-1} out=${6:-/dev/null} name said
    name=$(basename "$file")
    said=$err.said
    cat "$err" "$out" >"$said"
    if grep -qE 'AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|runtime error:' "$err"; then
        echo crash
    elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        echo hang
    elif [ "$rc" -ge 128 ]; then
        echo crash
    elif [ "$rc" -ne 0 ]; then
        echo refused
    elif { [ "$lines" -eq 1 ] && grep -qF "$name:" "$said" && grep -qE "$name:[0-9]+" "$said"; } ||
         { [ "$lines" -eq 0 ] && grep -qF "$name" "$said"; }; then
        echo refused
    elif [ "$expect" = benign ]; then
        echo clean
    else
        echo SILENT
    fi
}

# run ID GROUP EXPECT FILE LINES LABEL COMMAND... : one run, one line in runs.tsv
run() {
    local id=$1 group=$2 expect=$3 file=$4 lines=$5 label=$6 rc verdict start elapsed
    shift 6
    local out=$work/out/$id.$label.out err=$work/out/$id.$label.err
    start=$(date +%s.%N)
    nice -n 19 timeout -k 5 30 "$@" >"$out" 2>"$err" </dev/null
    rc=$?
    elapsed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
    verdict=$(classify "$rc" "$err" "$expect" "$file" "$lines" "$out")
    rm -f "$err.said"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$group" "$label" "$expect" "$rc" "$elapsed" "$verdict" "$file" >>"$log"
}

# the window: opens FILE (with a workspace or a pretrained folder), killed after window_s seconds
run_window() {
    local id=$1 group=$2 file=$3 pretrained=${4:-} source_workspace=${5:-/dev/null} rc verdict start elapsed
    local out=$work/out/$id.window.out err=$work/out/$id.window.err
    start=$(date +%s.%N)
    env HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_DATA_HOME="$work/home/data" \
        XDG_CACHE_HOME="$work/home/cache" XDG_RUNTIME_DIR="$work/home" \
        ASAN_OPTIONS=detect_leaks=0 QT_QPA_PLATFORM=offscreen ${pretrained:+KFX_PRETRAINED_DIR="$pretrained"} \
        nice -n 19 timeout -k 5 "$window_s" "$app" "$file" >"$out" 2>"$err" </dev/null
    rc=$?
    elapsed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
    if grep -qE 'AddressSanitizer|UndefinedBehaviorSanitizer|runtime error:' "$err"; then
        verdict=crash
    elif [ "$rc" -eq 124 ]; then
        verdict=clean   # opened and was still running when the timeout's SIGTERM came
    elif [ "$rc" -eq 137 ]; then
        verdict=hang    # did not even end on SIGTERM
    elif [ "$rc" -ge 128 ]; then
        verdict=crash
    else
        verdict=refused  # it quit by itself
    fi
    # evidence that the window got as far as loading: the workspace it keeps beside the file was written
    local loaded=no-workspace-written
    if [ -e "$file.kfx-workspace-wal" ] || { [ -e "$file.kfx-workspace" ] && ! cmp -s "$file.kfx-workspace" "$source_workspace"; }; then
        loaded=workspace-written
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$group" window damaged "$rc" "$elapsed" "$verdict" "$file" "$loaded" >>"$log"
}

manifest_task=$work/manifest-task.py
cat >"$manifest_task" <<'PY'
import os, shutil, sys, tempfile
sys.path.insert(0, sys.argv[1])
import gpumode
from outcomes import InfrastructureFailure
folder = tempfile.mkdtemp()
try:
    shutil.copy(sys.argv[2], os.path.join(folder, "task.yml"))
    task = gpumode.GpuModeTask.__new__(gpumode.GpuModeTask)
    task.directory = folder
    try:
        manifest = task._read_manifest()
    except InfrastructureFailure as error:
        print(str(error).replace(os.path.join(folder, "task.yml"), sys.argv[2]), file=sys.stderr)
        sys.exit(1)
    task.manifest = manifest
    try:  # what the harness asks of the manifest next: its cases
        for selection in ("test", "benchmark", "cpu"):
            task.cases(selection)
    except InfrastructureFailure as error:
        print(str(error).replace(os.path.join(folder, "task.yml"), sys.argv[2]), file=sys.stderr)
        sys.exit(1)
    print("roofline_speedup", manifest.get("roofline_speedup"), "keys", sorted(map(str, manifest)))
finally:
    shutil.rmtree(folder)
PY

while [ "$report_only" -eq 0 ] && IFS=$'\t' read -r id group runner expect file _note; do
    past_deadline && break
    case $runner in
        log-v2)
            run "$id" "$group" "$expect" "$file" 1 inspect "$cli" inspect "$file"
            run "$id" "$group" "$expect" "$file" 1 replay "$cli" replay "$file" --json
            run "$id" "$group" "$expect" "$file" 1 forecast "$cli" forecast --surrogate embedded --load-model "$model" "$file" --json ;;
        log-v3)
            run "$id" "$group" "$expect" "$file" 1 inspect "$cli" inspect "$file"
            run "$id" "$group" "$expect" "$file" 1 forecast "$cli" forecast --surrogate embedded --load-model "$model" "$file" --json ;;
        eval)
            run "$id" "$group" "$expect" "$file" 1 inspect "$cli" inspect "$file"
            run "$id" "$group" "$expect" "$file" 1 metrics "$cli" metrics --eval "$file" --predictions "$good_pred" --json
            run "$id" "$group" "$expect" "$file" 1 forecast "$cli" forecast --surrogate embedded --load-model "$model" "$file" --json ;;
        pred)
            run "$id" "$group" "$expect" "$file" 1 inspect "$cli" inspect "$file"
            run "$id" "$group" "$expect" "$file" 1 metrics "$cli" metrics --eval "$good_eval" --predictions "$file" --json ;;
        scored)
            run "$id" "$group" "$expect" "$file" 1 inspect "$cli" inspect "$file"
            run "$id" "$group" "$expect" "$file" 1 forecast "$cli" forecast --surrogate embedded --load-model "$model" "$file" --json ;;
        model)
            run "$id" "$group" "$expect" "$file" 0 forecast "$cli" forecast --surrogate embedded --load-model "$file" "$pairs" --json ;;
        taskyml)
            run "$id" "$group" "$expect" "$file" 1 manifest python3 "$manifest_task" "$harness" "$file" ;;
        window-ws) ;;  # below, with the window
    esac
done <"$work/inputs/manifest.tsv"

if [ "$window" -eq 1 ] && [ -x "$app" ]; then
    # damaged workspaces beside a real log; the loggraph files and the cycles; crafted models as the pretrained one
    while IFS=$'\t' read -r id group runner _expect file _note; do
        past_deadline && break
        case $group:$runner in
            workspace:window-ws)
                mkdir -p "$work/window/$id"
                cp "$root/tests/data/search/spec-example-v2.jsonl" "$work/window/$id/log.jsonl"
                cp "$file" "$work/window/$id/log.jsonl.kfx-workspace"
                run_window "$id" workspace "$work/window/$id/log.jsonl" "" "$file" & ;;
            loggraph:*|log-v2:log-v2)
                case $file in
                    *loggraph*|*cycle*|*self-parent*|*repeated-completion*|*child-is-root*|*future*|*second-init*)
                        mkdir -p "$work/window/$id"
                        cp "$file" "$work/window/$id/"
                        run_window "$id" "$group" "$work/window/$id/$(basename "$file")" & ;;
                esac ;;
            model:model)
                case $file in
                    *knots*|*temperature*|*v1-*|*body-random[0-3]-*|*flip[0-2]-*|*features-*)
                        mkdir -p "$work/window/$id/pretrained"
                        cp "$file" "$work/window/$id/pretrained/all.kfxmodel"
                        cp "$root/tests/data/pretrained/manifest.json" "$work/window/$id/pretrained/"
                        cp "$root/tests/data/search/spec-example-v2.jsonl" "$work/window/$id/log.jsonl"
                        run_window "$id" model "$work/window/$id/log.jsonl" "$work/window/$id/pretrained" & ;;
                esac ;;
        esac
        while [ "$(jobs -rp | wc -l)" -ge "$window_jobs" ]; do wait -n; done
    done <"$work/inputs/manifest.tsv"
    wait
fi

# totals: per run and per input (an input's outcome is the worst of its runs: crash, hang, SILENT, refused, clean)
{
    echo "kfx damaged-input probe, $(date -u '+%F %H:%M UTC'), seed $seed, scratch $work"
    echo "kfx-cli: $cli"
    echo "window:  $app (offscreen, ASAN_OPTIONS=detect_leaks=0, timeout ${window_s}s)"
    echo
    awk -F'\t' '
        function rank(v) { return v == "crash" ? 5 : v == "hang" ? 4 : v == "SILENT" ? 3 : v == "refused" ? 2 : 1 }
        { key = $2 "|" $1 "|" ($3 == "window" ? "w" : "c")
          if (!(key in worst) || rank($7) > rank(worst[key])) worst[key] = $7
          g = $2 ($3 == "window" ? " (window)" : ""); groups[g] = 1
          runs[g]++; rv[g, $7]++; total_runs++; trv[$7]++ }
        END {
            for (key in worst) { split(key, p, "|"); g = p[1] (p[3] == "w" ? " (window)" : "")
                inputs[g]++
                if (!(p[2] in worst_id) || rank(worst[key]) > rank(worst_id[p[2]])) worst_id[p[2]] = worst[key] }
            for (id in worst_id) { total_inputs++; tiv[worst_id[id]]++ }
            printf "%-26s %7s %5s %6s %5s %7s %7s %6s\n", "kind of input", "inputs", "runs", "crash", "hang", "SILENT", "refused", "clean"
            n = 0
            for (g in groups) order[++n] = g
            for (i = 2; i <= n; i++) for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
                t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
            for (i = 1; i <= n; i++) { g = order[i]
                printf "%-26s %7d %5d %6d %5d %7d %7d %6d\n", g, inputs[g], runs[g], rv[g, "crash"], rv[g, "hang"],
                       rv[g, "SILENT"], rv[g, "refused"], rv[g, "clean"] }
            printf "%-26s %7s %5d %6d %5d %7d %7d %6d   (per run)\n", "TOTAL", "", total_runs, trv["crash"],
                   trv["hang"], trv["SILENT"], trv["refused"], trv["clean"]
            printf "%-26s %7d %5s %6d %5d %7d %7d %6d   (per input: its worst run)\n", "TOTAL", total_inputs, "",
                   tiv["crash"], tiv["hang"], tiv["SILENT"], tiv["refused"], tiv["clean"]
            print "(inputs: distinct files; a file run through both kfx-cli and the window is one input, its worst run)" }' "$log"
    echo
    awk -F'\t' '$3 == "window" { n++; if ($9 == "workspace-written") w++ }
        END { if (n) printf "window runs that wrote their workspace beside the file (they got as far as loading it): %d of %d\n", w, n }' "$log"
    echo
    echo "findings (crash, hang, SILENT), one per input: verdict, id, the runs that gave it (command rc seconds),"
    echo "the input and what was done to it, and the first such run's stderr"
    awk -F'\t' '$7 == "crash" || $7 == "hang" || $7 == "SILENT" {
            if (!($1 in runs)) { order[++n] = $1; verdict[$1] = $7; file[$1] = $8; first[$1] = $3 }
            runs[$1] = runs[$1] " " $3 "(rc " $5 ", " $6 "s)" }
        END { for (i = 1; i <= n; i++) { id = order[i]; print verdict[id] "\t" id "\t" runs[id] "\t" file[id] "\t" first[id] } }' "$log" |
    while IFS=$'\t' read -r verdict id runs file first; do
        note=$(awk -F'\t' -v id="$id" '$1 == id { print $6 }' "$work/inputs/manifest.tsv")
        printf '%s %s:%s\n    %s\n    %s\n' "$verdict" "$id" "$runs" "$(basename "$file")" "$note"
        head -c 300 "$work/out/$id.$first.err" | sed 's/^/    stderr: /'
    done
} >"$results"
cat "$results"
