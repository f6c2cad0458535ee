#!/usr/bin/env bash
# Issue 27's probes that need fake servers, re-run against the real kfx-cli (the kinds the 2026-11-28 and
# 2026-11-29 re-runs left out). tests/probe/fake_servers.py plays the servers; every run is `timeout`-bounded.
#
#   hf-pull    `kfx-cli pull` against a dataset viewer that changes its row total every page, states totals its
#              pages contradict, sends pages over the limit (rows or bytes), redirects, names configs and splits
#              that would leave the destination, echoes the token back in error bodies, never answers, ... Checks:
#              it ends, its requests stay bounded, it refuses with a message, it writes nothing outside its
#              folders (the current folder and the cache), and the HF token is in nothing it printed or wrote.
#   llm-key    `kfx-cli search --llm` (the LLM mutator), `kfx-cli search --mode selective --surrogate llm` (the
#              forecaster, and the mutator) and `kfx-cli forecast --surrogate llm` against a chat server that
#              echoes the Authorization header in error bodies, writes the key JSON-escaped, percent-encoded and
#              in base64, and whose model repeats the key in its replies. Every file the run wrote (logs, rows,
#              stdout, stderr, any cache, SQLite files through `sqlite3 .dump`) is searched for the key in each
#              writing (fake_servers.py traces); forms nobody promised to match are counted apart ("extra").
#   task-ref   a task whose reference leaves the task folder (`..`, an absolute path, /etc/passwd, a symbolic
#              link to a file or a folder outside, task.json itself linked from outside, a GPU MODE reference.py
#              linked outside; and a FIFO named as the reference or as task.json): the LLM mutator and the
#              forecaster (embedded and LLM) must refuse, and neither the chat server nor any file the run wrote
#              may hold the outside file's contents. Controls inside the task must still work. The worker's own
#              manifest reader needs a GPU (kfx-measure reads a kfx-task/1 manifest only after it found a device):
#              tests/probe/probe-worker-manifest.sh runs the same variants through it there.
#   listener   while `kfx-cli search` (LLM mutator and LLM forecaster, stand-in workers), `kfx-cli forecast` and
#              `kfx-cli pull` run, `ss -ltnup` and `ss -lxp`, sampled every 0.1 s, show no listening socket owned
#              by kfx-cli or a process it started.
#   recheck    the one silent acceptance of results-2026-11-29.txt, log-v3-0212 (byte 277 of
#              tests/data/search/spec-example-v3.jsonl flipped: "hardware" -> "hard7are"), through inspect and
#              forecast as then.
#
# Verdicts, per run: crash (a signal or a sanitizer report), hang (the timeout fired), SILENT (the run ended but a
# check failed: the hostile input was accepted without a word, the key or token turned up, a file was written
# outside, a redirect was followed, the requests were not bounded, the outside file's contents were read or sent),
# refused (a non-zero exit with a message, or exit 0 with the hostile part reported, and every check passed),
# clean (a control, or a hostile reply that kfx may take as it is, e.g. a kernel whose comment repeats the key,
# and every check passed).
#
# usage: tests/probe/probe-hostile-servers.sh [--only KIND[,KIND]] [--slow|--quick] [--deadline HH:MM (UTC)] [--results FILE]
#                                            [--report-only]
#   --slow also runs the pulls whose server never answers (about 6.5 minutes each: 6 attempts of 60 s); --quick
#   leaves out hf-one-row-pages too (20,000 requests: 15 minutes on a busy 2-core machine)
#   --report-only runs nothing: the totals of the runs already in PROBE_WORK's runs.tsv (where the rows of
#   probe-worker-manifest.sh, run on a GPU machine, may be appended: they have the same columns)
# environment: KFX_CLI (kfx-cli), KFX_STANDIN_WORKER (tests' standinmeasureworker, a kfx-measure stand-in without
#   a GPU), PROBE_WORK (scratch folder; default a new one under /tmp), PROBE_FILTER (a regex: only those inputs)
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${KFX_CLI:-$root/build-core/core/cli/kfx-cli}
standin=${KFX_STANDIN_WORKER:-$root/build-core/tests/cli/standinmeasureworker}
work=${PROBE_WORK:-$(mktemp -d /tmp/kfx-hostile.XXXXXX)}
servers=$root/tests/probe/fake_servers.py
results=""
deadline=""
only="hf-pull,llm-key,task-ref,listener,recheck"
slow=0
report_only=0
while [ $# -gt 0 ]; do
    case $1 in
        --only) only=$2; shift ;;
        --report-only) report_only=1 ;;
        --slow) slow=1 ;;
        --quick) slow=-1 ;;
        --deadline) deadline=$2; shift ;;
        --results) results=$2; shift ;;
        *) echo "usage: $0 [--only KIND,...] [--slow|--quick] [--deadline HH:MM] [--results FILE] [--report-only]" >&2
           exit 2 ;;
    esac
    shift
done
for tool in python3 ss sqlite3 timeout; do
    command -v "$tool" >/dev/null || { echo "$0: needs $tool" >&2; exit 2; }
done
[ -x "$cli" ] || { echo "$0: no kfx-cli at $cli (set KFX_CLI)" >&2; exit 2; }
[ -x "$standin" ] || { echo "$0: no stand-in worker at $standin (set KFX_STANDIN_WORKER)" >&2; exit 2; }
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
mkdir -p "$work/cases" "$work/servers"
runs=$work/runs.tsv
[ "$report_only" -eq 1 ] && only=""
[ "$report_only" -eq 1 ] || : >"$runs"

# The secrets. The key has '/', '+' and '=' so that every encoding of it differs from it; the token is shaped as
# Hugging Face's (hf_ and letters).
key='sk-kfxProbe/Key+27=Zq8vW3xYt5uR9pLm'
token='hf_KfxProbeToken27Wm4Xc8Vb2Nn6Jh0Gf'
key_var=KFX_PROBE_LLM_KEY
python3 "$servers" traces "$key" >"$work/key.traces"
python3 "$servers" traces "$token" >"$work/token.traces"

wanted() { [[ ",$only," == *",$1,"* ]]; }
# PROBE_FILTER (a regular expression): only the inputs whose name matches it (to re-run a few)
selected() { [ -z "${PROBE_FILTER:-}" ] || [[ $1 =~ $PROBE_FILTER ]]; }
past_deadline() { [ -n "$deadline" ] && [ "$(date -u +%H:%M)" \> "$deadline" ]; }

# ---------------------------------------------------------------------------------------------------- servers
srv_pid=""
srv_port=""
srv_other=""
srv_log=""
start_server() { # MODE ID [args...]
    local mode=$1 id=$2 portfile
    shift 2
    srv_log=$work/servers/$id.log
    portfile=$work/servers/$id.port
    : >"$srv_log"
    rm -f "$portfile"
    nice -n 19 python3 "$servers" serve "$mode" --port-file "$portfile" --log "$srv_log" --token "$token" \
        --key "$key" "$@" &
    srv_pid=$!
    for _ in $(seq 100); do [ -s "$portfile" ] && break; sleep 0.1; done
    read -r srv_port srv_other <"$portfile"
}
stop_server() {
    [ -n "$srv_pid" ] && kill "$srv_pid" 2>/dev/null && wait "$srv_pid" 2>/dev/null
    srv_pid=""
}
requests() { grep -c "\"server\": \"${2:-main}\"" "${1:-$srv_log}"; }

# ------------------------------------------------------------------------------------------------ a run's checks
# Dumps every SQLite file under $1 beside it as FILE.sqldump (sqlite3 .dump), so that grep reads its rows as text.
dump_sqlite() {
    local file
    find "$1" -type f ! -name '*.sqldump' -print0 | while IFS= read -r -d '' file; do
        cmp -s -n 15 "$file" <(printf 'SQLite format 3') && sqlite3 -readonly "$file" .dump >"$file.sqldump" 2>&1
    done
}
# secret_hits DIR TRACES: "LABEL FILE" for each writing of the secret found in a file under DIR (any name)
secret_hits() {
    local dir=$1 label needle
    dump_sqlite "$dir"
    while IFS=$'\t' read -r label needle; do
        grep -rlaF -- "$needle" "$dir" | while IFS= read -r file; do printf '%s %s\n' "$label" "${file#"$dir"/}"; done
        # and in the names kfx gave its files and folders
        find "$dir" -mindepth 1 | sed "s|^$dir/||" | grep -aF -- "$needle" | sed "s|^|$label name:|"
    done <"$2"
}
# marker_hits DIR MARKER...: the files under DIR that hold any of the markers
marker_hits() {
    local dir=$1 m
    shift
    dump_sqlite "$dir"
    for m in "$@"; do grep -rlaF -- "$m" "$dir"; done | sort -u | sed "s|^$dir/||"
}

base_verdict() { # RC STDERR: crash, hang or empty
    if grep -qE 'AddressSanitizer|UndefinedBehaviorSanitizer|runtime error:|terminate called' "$2" 2>/dev/null; then
        echo crash
    elif [ "$1" -eq 124 ] || [ "$1" -eq 137 ]; then
        echo hang
    elif [ "$1" -ge 128 ]; then
        echo crash
    fi
}

record() { # ID KIND LABEL RC SECONDS VERDICT NOTE
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$runs"
    printf '%-34s %-9s %-14s rc %-3s %6ss %-8s %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" >&2
}

# run_in CASE TIMEOUT CMD...: runs in CASE/cwd with HOME and the XDG folders inside CASE; sets rc and secs
run_in() {
    local case=$1 limit=$2 start
    shift 2
    mkdir -p "$case/cwd" "$case/home" "$case/cache" "$case/data" "$case/config"
    start=$(date +%s.%N)
    (cd "$case/cwd" && env HOME="$case/home" XDG_CACHE_HOME="$case/cache" XDG_DATA_HOME="$case/data" \
        XDG_CONFIG_HOME="$case/config" TMPDIR="$case/tmp" nice -n 19 timeout -k 5 "$limit" "$@" \
        >"$case/stdout" 2>"$case/stderr" </dev/null)
    rc=$?
    mkdir -p "$case/tmp"
    secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
}

# --------------------------------------------------------------------------------------------------- hf-pull
# mode  expect (refuse: must fail with a message; accept, either: a finished pull is fine too)  max-requests  timeout-s
hf_modes="
hf-ok                  accept 4     90
hf-changing-total      refuse 6     90
hf-shrinking-total     refuse 6     90
hf-inconsistent-total  refuse 6     90
hf-over-limit-page     refuse 6     90
hf-oversize-body       refuse 6     90
hf-huge-total          refuse 6     90
hf-negative-total      refuse 6     90
hf-wrong-row-idx       refuse 6     90
hf-truncated-forever   refuse 6     90
hf-partial             refuse 6     90
hf-empty-pages         refuse 6     90
hf-always-503          refuse 6     90
hf-redirect-other      refuse 6     90
hf-redirect-rows       refuse 6     90
hf-redirect-file       refuse 6     90
hf-redirect-loop       refuse 6     90
hf-escape-names        either 4     90
hf-escape-absolute     either 4     90
hf-escape-dots         either 4     90
hf-escape-control      either 4     90
hf-echo-splits-404     refuse 6     90
hf-echo-splits-401     refuse 6     90
hf-echo-500-retries    either 6     90
hf-echo-429-retries    either 6     90
hf-echo-rows-400       refuse 6     90
hf-echo-rows-notjson   refuse 6     90
hf-token-in-columns    refuse 6     90
hf-token-in-config     either 4     90
hf-token-in-rows       either 4     90
hf-stall-once          either 6     200
"
# run last: bounded only by the request cap (20000 requests) or by the 60 s timeout per request
hf_slow_modes="
hf-one-row-pages       refuse 20001 1500
"
[ "$slow" -eq 1 ] && hf_slow_modes+="
hf-stall               refuse 8     480
"

probe_hf() {
    local mode expect cap limit id case stamp verdict note n other outside leaks extras hits escaped controls
    while read -r mode expect cap limit; do
        [ -z "$mode" ] && continue
        selected "$mode" || continue
        past_deadline && break
        id=$mode
        case=$work/cases/$id
        rm -rf "$case"
        stamp=$work/stamp.$id
        touch "$stamp"
        start_server "$mode" "$id"
        run_in "$case" "$limit" env HF_TOKEN="$token" "$cli" pull probe/kfxesc-dataset \
            --endpoint "http://127.0.0.1:$srv_port"
        sleep 0.2
        stop_server
        n=$(requests "$srv_log" main)
        other=$(requests "$srv_log" other)
        # what the pull may write: a file in its current folder ($case/cwd) and its cache ($case/cache). Anything
        # else new in the scratch folder, or named after the server's names (kfxesc) in /tmp, escaped.
        outside=$(find "$work" -newer "$stamp" -type f ! -path "$case/cwd/*" ! -path "$case/cache/*" \
            ! -path "$case/stdout" ! -path "$case/stderr" ! -path "$work/servers/*" ! -path "$work/runs.tsv" \
            | sed "s|^$work/||" | tr '\n' ' ')
        escaped=$(find /tmp -maxdepth 4 -newer "$stamp" -name '*kfxesc*' 2>/dev/null | grep -v "^$work/" | tr '\n' ' ')
        # names the server chose, with control characters (a newline, ESC, NUL, ...) in what kfx wrote or printed
        controls=$( (cd "$case" && find cwd cache -mindepth 1 2>/dev/null) | LC_ALL=C grep -c '[[:cntrl:]]')
        LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x1f\x7f]' "$case/stdout" "$case/stderr" && controls=$((controls + 1))
        hits=$(secret_hits "$case" "$work/token.traces")
        leaks=$(grep '^promised' <<<"$hits" | tr '\n' ';')
        extras=$(grep '^extra' <<<"$hits" | tr '\n' ';')
        verdict=$(base_verdict "$rc" "$case/stderr")
        note="requests $n"
        [ "$other" -gt 0 ] && note+=", other server $other (a redirect was followed)"
        [ -n "$outside$escaped" ] && note+=", written outside: $outside$escaped"
        [ -n "$leaks" ] && note+=", token: $leaks"
        [ -n "$extras" ] && note+=", token in forms not promised: $extras"
        [ "$controls" -gt 0 ] && note+=", control characters in $controls names or in what it printed"
        if [ -z "$verdict" ]; then
            if [ "$other" -gt 0 ] || [ -n "$outside$escaped" ] || [ -n "$leaks" ] || [ "$n" -gt "$cap" ] ||
                [ "$controls" -gt 0 ]; then
                verdict=SILENT
            elif [ "$rc" -ne 0 ]; then
                grep -q 'kfx-cli pull: ' "$case/stderr" && verdict=refused || verdict=SILENT
            elif [ "$expect" = refuse ]; then
                verdict=SILENT
            else
                verdict=clean # "either": a finished pull that passed every check
            fi
        fi
        [ "$n" -gt "$cap" ] && note+=" (over the $cap expected)"
        note+="; $(tail -1 "$case/stderr" | cut -c1-200)"
        record "$id" hf-pull pull "$rc" "$secs" "$verdict" "$note"
    done <<<"${1:-$hf_modes}"
}

# --------------------------------------------------------------------------------------------------- llm-key
write_task() { # DIR: a kfx-task/1 task whose reference the stand-in worker measures
    mkdir -p "$1"
    printf '%s\n' '{"format": "kfx-task/1", "name": "probe", "entry_point": "k", "reference": "reference.cu",' \
        ' "parameters": [], "launch": {"grid": [1], "block": [1]}, "tolerance": {"atol": 0, "rtol": 0}}' >"$1/task.json"
    printf '%s\n' '// kfx-standin: runtime_ns=10000' 'extern "C" __global__ void k() {}' >"$1/reference.cu"
}

llm_check() { # ID LABEL: classify a run whose server log is $srv_log and whose folder is $case
    local id=$1 label=$2 verdict note leaks promised extra sent failures
    sent=$(grep -c "Bearer $key" "$srv_log")
    leaks=$(secret_hits "$case" "$work/key.traces")
    promised=$(grep -c '^promised' <<<"$leaks")
    extra=$(grep -c '^extra' <<<"$leaks")
    [ -z "$leaks" ] && promised=0 && extra=0
    failures=$(cat "$case"/*.jsonl "$case/stdout" "$case/stderr" 2>/dev/null |
        grep -ocE 'mutation_failed|"parse_failed":true|HTTP [45][0-9][0-9]|unreadable|without a forecast \(')
    verdict=$(base_verdict "$rc" "$case/stderr")
    note="requests $(requests "$srv_log" main), key sent in $sent; key found: promised forms $promised, extra forms $extra"
    [ -n "$leaks" ] && note+=" [$(tr '\n' ';' <<<"$leaks" | cut -c1-600)]"
    if [ -z "$verdict" ]; then
        if [ "$promised" -gt 0 ] || [ "$sent" -eq 0 ]; then
            verdict=SILENT
        elif [ "$rc" -ne 0 ] || [ "$failures" -gt 0 ]; then
            verdict=refused
        else
            verdict=clean
        fi
    fi
    note+="; failures reported $failures; $(grep -v '^kfx-cli search \[' "$case/stderr" | tail -1 | cut -c1-160)"
    record "$id" llm-key "$label" "$rc" "$secs" "$verdict" "$note"
}

probe_llm() {
    local mode id url
    write_task "$work/task-good"
    for mode in llm-plain llm-echo-401 llm-echo-500 llm-notjson-echo llm-repeat-key llm-mixed; do
        selected "$mode" || continue
        past_deadline && break
        # the LLM mutator
        id=$mode.mutator
        case=$work/cases/$id
        rm -rf "$case"; mkdir -p "$case"
        start_server "$mode" "$id"
        url=http://127.0.0.1:$srv_port/v1
        run_in "$case" 180 env "$key_var=$key" "$cli" search --llm "$url" --model probe-model --api-key-env "$key_var" \
            --task "$work/task-good" --worker "$standin" --budget-measurements 4 --steps 3 --seed 1 \
            --log "$case/search.jsonl"
        stop_server
        llm_check "$id" "search --llm"

        # the forecaster (and the mutator): a selective search with the LLM surrogate
        id=$mode.forecaster
        case=$work/cases/$id
        rm -rf "$case"; mkdir -p "$case"
        start_server "$mode" "$id"
        url=http://127.0.0.1:$srv_port/v1
        run_in "$case" 240 env "$key_var=$key" "$cli" search --llm "$url" --model probe-model --api-key-env "$key_var" \
            --task "$work/task-good" --worker "$standin" --mode selective --surrogate llm --surrogate-url "$url" \
            --surrogate-model probe-model --surrogate-key-env "$key_var" --budget-measurements 4 --steps 3 --seed 1 \
            --log "$case/search.jsonl"
        stop_server
        llm_check "$id" "search selective"

        # prediction rows
        id=$mode.forecast
        case=$work/cases/$id
        rm -rf "$case"; mkdir -p "$case"
        start_server "$mode" "$id"
        url=http://127.0.0.1:$srv_port/v1
        run_in "$case" 180 env "$key_var=$key" "$cli" forecast --surrogate llm --endpoint "$url" --model probe-model \
            --api-key-env "$key_var" --timeout 20 --total-timeout 40 --retries 1 --concurrency 1 --repeats 3 \
            "$root/tests/data/rows/eval_set.jsonl" --json
        stop_server
        llm_check "$id" "forecast llm"
    done
}

# -------------------------------------------------------------------------------------------------- task-ref
# Each variant: a folder holding secret.txt (a marker) beside task/; how task/ names its reference.
ref_marker=KFX-PROBE-SECRET-OUTSIDE-THE-TASK-27
set_ref() { # TASK VALUE: task.json's "reference" := VALUE
    python3 -c 'import json, sys; p = sys.argv[1] + "/task.json"; d = json.load(open(p)); d["reference"] = sys.argv[2]; json.dump(d, open(p, "w"))' "$1" "$2"
}
make_ref_variant() { # NAME DIR -> prints the expectation (refuse|accept)
    local name=$1 dir=$2 task=$2/task
    rm -rf "$dir"
    mkdir -p "$dir/outside"
    printf '// %s\nroot:x:0:0:%s\n' "$ref_marker" "$ref_marker" >"$dir/secret.txt"
    cp "$dir/secret.txt" "$dir/outside/secret.txt"
    write_task "$task"
    case $name in
        dotdot) set_ref "$task" "../secret.txt"; echo refuse ;;
        deep-etc-passwd) set_ref "$task" "../../../../../../../../../../etc/passwd"; echo refuse ;;
        absolute) set_ref "$task" "$dir/secret.txt"; echo refuse ;;
        absolute-etc-passwd) set_ref "$task" "/etc/passwd"; echo refuse ;;
        inside-then-out) set_ref "$task" "reference.cu/../../secret.txt"; echo refuse ;;
        symlink-file) ln -s ../secret.txt "$task/linked.cu"; set_ref "$task" "linked.cu"; echo refuse ;;
        symlink-absolute) ln -s "$dir/secret.txt" "$task/linked.cu"; set_ref "$task" "linked.cu"; echo refuse ;;
        symlink-chain) ln -s ../secret.txt "$task/b.cu"; ln -s b.cu "$task/a.cu"; set_ref "$task" "a.cu"; echo refuse ;;
        symlink-folder) ln -s ../outside "$task/sub"; set_ref "$task" "sub/secret.txt"; echo refuse ;;
        symlink-etc) ln -s /etc "$task/sub"; set_ref "$task" "sub/passwd"; echo refuse ;;
        nul-byte) python3 -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['reference']='../secret.txt\u0000/../task/reference.cu'; json.dump(d,open(p,'w'))" "$task/task.json"; echo refuse ;;
        task-json-linked-out) # task.json itself outside the task (its text goes into the mutator's prompt)
            python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d['note']=sys.argv[2]; json.dump(d,open(sys.argv[3],'w'))" \
                "$task/task.json" "$ref_marker" "$dir/outside/task.json"
            # the forecasters read it only to find the reference, which lies inside: only the mutator must refuse
            rm "$task/task.json"; ln -s ../outside/task.json "$task/task.json"; echo refuse-mutator ;;
        gpumode-linked-out) # a GPU MODE task: task.yml, reference.py a link outside
            rm "$task/task.json" "$task/reference.cu"
            printf 'files:\n  - {name: submission.py, source: "@SUBMISSION@"}\n  - {name: reference.py, source: ../../secret.txt}\ntests:\n  - {n: 1}\nbenchmarks:\n  - {n: 1}\n' >"$task/task.yml"
            ln -s ../secret.txt "$task/reference.py"; echo refuse ;;
        gpumode-etc-passwd)
            rm "$task/task.json" "$task/reference.cu"
            printf 'files:\n  - {name: reference.py, source: /etc/passwd}\ntests:\n  - {n: 1}\nbenchmarks:\n  - {n: 1}\n' >"$task/task.yml"
            ln -s /etc/passwd "$task/reference.py"; echo refuse ;;
        fifo-inside) mkfifo "$task/ref.fifo"; set_ref "$task" "ref.fifo"; echo refuse ;;
        fifo-task-json) rm "$task/task.json"; mkfifo "$task/task.json"; echo refuse-mutator ;;
        control-inside) set_ref "$task" "sub/../reference.cu"; mkdir -p "$task/sub"; echo accept ;;
        control-linked-inside) mv "$task/reference.cu" "$task/real.cu"; ln -s real.cu "$task/reference.cu"; echo accept ;;
    esac
}
ref_variants="dotdot deep-etc-passwd absolute absolute-etc-passwd inside-then-out symlink-file symlink-absolute
symlink-chain symlink-folder symlink-etc nul-byte task-json-linked-out gpumode-linked-out gpumode-etc-passwd fifo-inside
fifo-task-json control-inside control-linked-inside"

ref_check() { # ID LABEL EXPECT
    local id=$1 label=$2 expect=$3 verdict note sent written
    sent=$(grep -cE "$ref_marker|root:x:0:0" "$srv_log")
    written=$(marker_hits "$case" "$ref_marker" "root:x:0:0" | tr '\n' ' ')
    verdict=$(base_verdict "$rc" "$case/stderr")
    note="requests $(requests "$srv_log" main), requests holding the outside file $sent"
    [ -n "$written" ] && note+=", the outside file's text in: $written"
    if [ -z "$verdict" ]; then
        if [ "$sent" -gt 0 ] || [ -n "$written" ]; then
            verdict=SILENT
        elif [ "$expect" = accept ] || [ "$expect" = either ]; then
            [ "$rc" -eq 0 ] && verdict=clean || verdict=refused
        elif [ "$rc" -ne 0 ] && grep -qE 'outside|task\.json|reference' "$case/stderr"; then
            verdict=refused
        else
            verdict=SILENT
        fi
    fi
    note+="; $(grep -v '^kfx-cli search \[' "$case/stderr" | tail -1 | cut -c1-220)"
    record "$id" task-ref "$label" "$rc" "$secs" "$verdict" "$note"
}

probe_refs() {
    local name expect dir id url
    for name in $ref_variants; do
        selected "$name" || continue
        past_deadline && break
        dir=$work/refs/$name
        expect=$(make_ref_variant "$name" "$dir")
        for how in mutator forecaster forecaster-llm; do
            id=$name.$how
            case=$work/cases/$id
            rm -rf "$case"; mkdir -p "$case"
            start_server llm-plain "$id"
            url=http://127.0.0.1:$srv_port/v1
            case $how in
                mutator)
                    run_in "$case" 30 "$cli" search --llm "$url" --model probe-model --task "$dir/task" \
                        --worker "$standin" --budget-measurements 2 --steps 2 --seed 1 --log "$case/search.jsonl" ;;
                forecaster)
                    run_in "$case" 30 "$cli" search --pool "$root/resources/pools/layer_norm" --task "$dir/task" \
                        --worker "$standin" --mode selective --budget-measurements 2 --steps 2 --seed 1 \
                        --log "$case/search.jsonl" ;;
                forecaster-llm)
                    run_in "$case" 30 "$cli" search --pool "$root/resources/pools/layer_norm" --task "$dir/task" \
                        --worker "$standin" --mode selective --surrogate llm --surrogate-url "$url" \
                        --surrogate-model probe-model --budget-measurements 2 --steps 2 --seed 1 \
                        --log "$case/search.jsonl" ;;
            esac
            stop_server
            if [ "$expect" = refuse-mutator ]; then
                [ "$how" = mutator ] && ref_check "$id" "$how" refuse || ref_check "$id" "$how" either
            else
                ref_check "$id" "$how" "$expect"
            fi
        done
    done
}

# -------------------------------------------------------------------------------------------------- listener
# pids of $1 and every process below it
tree_pids() {
    local pid=$1 child
    echo "$pid"
    for child in $(pgrep -P "$pid"); do tree_pids "$child"; done
}
listen_run() { # ID LABEL TIMEOUT CMD...: the command in the background, ss sampled while it runs
    local id=$1 label=$2 limit=$3 pid samples=0 owned=0 start verdict note
    shift 3
    case=$work/cases/$id
    rm -rf "$case"; mkdir -p "$case/cwd" "$case/home" "$case/cache"
    start=$(date +%s.%N)
    (cd "$case/cwd" && exec env HOME="$case/home" XDG_CACHE_HOME="$case/cache" nice -n 19 timeout -k 5 "$limit" "$@" \
        >"$case/stdout" 2>"$case/stderr" </dev/null) &
    pid=$!
    : >"$case/ss.txt"
    while kill -0 "$pid" 2>/dev/null; do
        local pids
        pids=$(tree_pids "$pid" | tr '\n' '|')
        pids=${pids%|}
        { ss -ltnupH; ss -lxpH; } 2>/dev/null >"$case/ss.now"
        samples=$((samples + 1))
        if [ -n "$pids" ] && grep -qE "pid=($pids)," "$case/ss.now"; then
            owned=$((owned + 1))
            grep -E "pid=($pids)," "$case/ss.now" >>"$case/ss.txt"
        fi
        echo "$pids" >>"$case/pids.txt"
        sleep 0.1
    done
    wait "$pid"
    rc=$?
    secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    verdict=$(base_verdict "$rc" "$case/stderr")
    local processes
    processes=$(tr '|' '\n' <"$case/pids.txt" | sort -u | grep -c .)
    note="$samples samples of ss while it ran, $processes distinct processes in its tree, samples with a listener of theirs: $owned"
    [ "$owned" -gt 0 ] && note+=" [$(sort -u "$case/ss.txt" | head -3 | tr '\n' ';')]"
    if [ -z "$verdict" ]; then
        if [ "$owned" -gt 0 ] || [ "$samples" -lt 2 ]; then verdict=SILENT
        else verdict=clean; fi
    fi
    record "$id" listener "$label" "$rc" "$secs" "$verdict" "$note"
}

probe_listener() {
    local url
    write_task "$work/task-good"
    start_server llm-plain-slow listener-search
    url=http://127.0.0.1:$srv_port/v1
    listen_run listener-search "search llm" 240 env "$key_var=$key" "$cli" search --llm "$url" --model probe-model \
        --api-key-env "$key_var" --task "$work/task-good" --worker "$standin" --workers 2 --mode selective \
        --surrogate llm --surrogate-url "$url" --surrogate-model probe-model --budget-measurements 8 --steps 4 \
        --seed 1 --log "$work/cases/listener-search.jsonl"
    stop_server
    listen_run listener-landscape "search pool" 240 "$cli" search --pool "$root/resources/corpus/rms_norm" \
        --landscape "$root/resources/landscape" --mode selective --budget-measurements 186 --seed 3 \
        --log "$work/cases/listener-landscape.jsonl"
    start_server llm-plain listener-forecast
    url=http://127.0.0.1:$srv_port/v1
    listen_run listener-forecast "forecast llm" 120 "$cli" forecast --surrogate llm --endpoint "$url" \
        --model probe-model --repeats 20 --concurrency 1 "$root/tests/data/rows/eval_set.jsonl" --json
    stop_server
    start_server hf-ok listener-pull --rows 3000
    listen_run listener-pull pull 120 "$cli" pull probe/listener --endpoint "http://127.0.0.1:$srv_port"
    stop_server
}

# --------------------------------------------------------------------------------------------------- recheck
probe_recheck() {
    local input=$work/recheck/log-v3-0212-flip1-spec-example-v3.jsonl verdict name
    mkdir -p "$work/recheck"
    python3 - "$root/tests/data/search/spec-example-v3.jsonl" "$input" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[277] ^= 0x40
open(sys.argv[2], "wb").write(data)
PY
    name=$(basename "$input")
    for label in inspect forecast; do
        case=$work/cases/recheck.$label
        rm -rf "$case"; mkdir -p "$case"
        if [ "$label" = inspect ]; then
            run_in "$case" 30 "$cli" inspect "$input"
        else
            run_in "$case" 30 "$cli" forecast --surrogate embedded --load-model "$root/resources/surrogate/h100/all.kfxmodel" \
                "$input" --json
        fi
        verdict=$(base_verdict "$rc" "$case/stderr")
        if [ -z "$verdict" ]; then
            if [ "$rc" -ne 0 ] || cat "$case/stdout" "$case/stderr" | grep -qE "$name:[0-9]+"; then verdict=refused
            else verdict=SILENT; fi
        fi
        record log-v3-0212 recheck "$label" "$rc" "$secs" "$verdict" \
            "byte 277 ^0x40 (\"$(head -c 290 "$input" | tail -c 20)\"); $(cat "$case/stdout" "$case/stderr" | grep -E "$name:[0-9]+" | head -2 | tr '\n' ' ' | cut -c1-300)"
    done
}

trap 'stop_server' EXIT
echo "scratch: $work" >&2
wanted hf-pull && probe_hf
wanted llm-key && probe_llm
wanted task-ref && probe_refs
wanted listener && probe_listener
wanted recheck && probe_recheck
wanted hf-pull && [ "$slow" -ge 0 ] && probe_hf "$hf_slow_modes"

# ---------------------------------------------------------------------------------------------------- totals
report() {
    echo "kfx hostile-server probe, $(date -u '+%F %H:%M UTC'), scratch $work"
    echo "kfx-cli: $cli (sha256 $(sha256sum "$cli" | cut -c1-16)...)"
    echo "stand-in worker: $standin (sha256 $(sha256sum "$standin" | cut -c1-16)...)"
    [ -n "${KFX_MEASURE:-}" ] && echo "kfx-measure (the .worker rows, run on a GPU machine): $KFX_MEASURE (sha256 $(sha256sum "$KFX_MEASURE" | cut -c1-16)...)"
    echo
    awk -F'\t' '
        function rank(v) { return v == "crash" ? 5 : v == "hang" ? 4 : v == "SILENT" ? 3 : v == "refused" ? 2 : 1 }
        { k = $2; kinds[k] = 1; runs[k]++; rv[k, $6]++; tr++; trv[$6]++
          inp = $2 "|" $1; sub(/[.](mutator|forecaster|forecaster-llm|forecast|worker|search|landscape|pull)$/, "", inp)
          if (!(inp in worst) || rank($6) > rank(worst[inp])) worst[inp] = $6 }
        END {
            for (i in worst) { split(i, p, "|"); inputs[p[1]]++; iv[p[1], worst[i]]++; ti++; tiv[worst[i]]++ }
            printf "%-12s %7s %5s %6s %5s %7s %7s %6s\n", "kind", "inputs", "runs", "crash", "hang", "SILENT", "refused", "clean"
            split("hf-pull llm-key task-ref listener recheck", order, " ")
            for (j = 1; j <= 5; j++) { k = order[j]; if (!(k in kinds)) continue
                printf "%-12s %7d %5d %6d %5d %7d %7d %6d\n", k, inputs[k], runs[k], rv[k, "crash"], rv[k, "hang"],
                       rv[k, "SILENT"], rv[k, "refused"], rv[k, "clean"] }
            printf "%-12s %7s %5d %6d %5d %7d %7d %6d   (per run)\n", "TOTAL", "", tr, trv["crash"], trv["hang"],
                   trv["SILENT"], trv["refused"], trv["clean"]
            printf "%-12s %7d %5s %6d %5d %7d %7d %6d   (per input: its worst run)\n", "TOTAL", ti, "", tiv["crash"],
                   tiv["hang"], tiv["SILENT"], tiv["refused"], tiv["clean"] }' "$runs"
    echo
    echo "every run (id kind command rc seconds verdict: what was seen):"
    awk -F'\t' '{ printf "  %s  %s  %s  rc %s  %ss  %s: %s\n", $1, $2, $3, $4, $5, $6, $7 }' "$runs"
}
if [ -n "$results" ]; then report >"$results"; cat "$results"; else report; fi
