#!/usr/bin/env bash
# Issue 27's kill -9 data-safety probe of `kfx-cli search`, without a GPU: each round starts a search over the
# measured landscape (recorded H100 measurements answer the template mutator's kernels, resources/landscape),
# kills it with SIGKILL after a random delay, then
#   1. resumes it: `kfx-cli search ... --resume` on the same log must exit 0;
#   2. the resumed log must keep, byte for byte, every line the killed search had written up to its last closed
#      step (what --resume keeps: cutToLastClosedStep, core/search/searchlogwriter.cpp);
#   3. `kfx-cli inspect` must read the resumed log with exit 0 and no warning naming the log's file and line;
#   4. the resumed log must equal, once wall-clock fields are set aside (timestamps, the time part of ULIDs,
#      elapsed seconds), the log of the same search run without a kill (seeded searches are reproducible, and a
#      resumed log equals an uninterrupted one: issue 27);
#   5. every SQLite file the search left in its folder must pass PRAGMA integrity_check (sqlite3 CLI).
# Rounds alternate between the standard search (2 of 3) and the selective one (1 of 3: the embedded surrogate,
# pretrained, inside the search-aware forecaster), each with the same seed, so one uninterrupted log per mode is
# the reference.
#
# It goes on until N searches were in fact killed (a search that ended before its kill does not count; at most 3N
# rounds).
#
# usage: tests/probe/probe-kill-search.sh [--kills N] [--seed S] [--deadline HH:MM (UTC)] [--results FILE]
# environment: KFX_CLI (the binary), PROBE_WORK (scratch folder; default a new one under /tmp), ASAN_OPTIONS
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
cli=${KFX_CLI:-$root/build-core/core/cli/kfx-cli}
work=${PROBE_WORK:-$(mktemp -d /tmp/kfx-kill.XXXXXX)}
kills=50
seed=27
deadline=""
results=""
usage="usage: $0 [--kills N] [--seed S] [--deadline HH:MM] [--results FILE]"
# shellcheck source=tests/probe/probe-common.sh
source "$root/tests/probe/probe-common.sh"
probe_parse_args "$@"
probe_need sqlite3
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
mkdir -p "$work"
log=$work/rounds.tsv
: >"$log"
RANDOM=$seed

pool=$root/resources/corpus/rms_norm
landscape=$root/resources/landscape
# on 2 shared cores (ASan build) the standard search takes 2-4 s (186 measurements, 40 steps), the selective one
# 3-9 s (60 measurements, 8 steps)
standard_args=(--pool "$pool" --landscape "$landscape" --budget-measurements 186 --seed 3)
selective_args=(--pool "$pool" --landscape "$landscape" --mode selective --budget-measurements 60 --seed 3)

# the log without its wall-clock: *_at timestamps, the first 10 characters (milliseconds) of every ULID (also
# inside text, such as a mutation_failed reason naming its parent), and seconds of wall time (elapsed_s,
# wall_s); what is left must not depend on when the search ran
normalise() {
    python3 - "$1" <<'PY'
import json, re, sys
ulid = re.compile(r"\b[0-9A-HJKMNP-TV-Z]{10}([0-9A-HJKMNP-TV-Z]{16})\b")
def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if not k.endswith("_at") and k not in ("elapsed_s", "wall_s")}
    if isinstance(value, list):
        return [strip(v) for v in value]
    if isinstance(value, str):
        return ulid.sub(r"\1", value)
    return value
with open(sys.argv[1], "rb") as stream:
    for line in stream:
        print(json.dumps(strip(json.loads(line)), sort_keys=True))
PY
}

# the byte length of the log up to its last closed step: the lines --resume keeps
kept_bytes() {
    python3 - "$1" <<'PY'
import sys
keep = offset = 0
with open(sys.argv[1], "rb") as stream:
    for line in stream:
        if not line.endswith(b"\n"):
            break
        offset += len(line)
        if line.startswith(b'{"kind":"step_completed"') or line.startswith(b'{"kind":"search_initialized"'):
            keep = offset
print(keep)
PY
}

# the uninterrupted reference of each mode
for mode in standard selective; do
    mkdir -p "$work/reference-$mode"
    if [ $mode = standard ]; then args=("${standard_args[@]}"); else args=("${selective_args[@]}"); fi
    start=$(date +%s.%N)
    nice -n 19 "$cli" search "${args[@]}" --log "$work/reference-$mode/log.jsonl" >"$work/reference-$mode/out" 2>"$work/reference-$mode/err"
    rc=$?
    seconds=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    echo "reference $mode: rc $rc, ${seconds}s, $(wc -l <"$work/reference-$mode/log.jsonl") lines"
    [ $rc -eq 0 ] || { echo "$0: the uninterrupted $mode search failed" >&2; cat "$work/reference-$mode/err" >&2; exit 1; }
    normalise "$work/reference-$mode/log.jsonl" >"$work/reference-$mode/normalised"
    echo "$seconds" >"$work/reference-$mode/seconds"
done
# a second uninterrupted run of each mode: is the normalised log reproducible at all?
for mode in standard selective; do
    if [ $mode = standard ]; then args=("${standard_args[@]}"); else args=("${selective_args[@]}"); fi
    nice -n 19 "$cli" search "${args[@]}" --log "$work/reference-$mode/again.jsonl" >/dev/null 2>&1
    normalise "$work/reference-$mode/again.jsonl" >"$work/reference-$mode/again.normalised"
    if cmp -s "$work/reference-$mode/again.normalised" "$work/reference-$mode/normalised"; then
        echo "reference $mode: a second uninterrupted run gives the same normalised log"
        echo yes >"$work/reference-$mode/reproducible"
    else
        echo "reference $mode: a second uninterrupted run gives a DIFFERENT normalised log"
        echo no >"$work/reference-$mode/reproducible"
    fi
done

round=0
killed_count=0
while [ $killed_count -lt "$kills" ] && [ $round -lt $((3 * kills)) ]; do
    probe_past_deadline && break
    round=$((round + 1))
    if [ $((round % 3)) -eq 0 ]; then mode=selective; args=("${selective_args[@]}"); else mode=standard; args=("${standard_args[@]}"); fi
    dir=$work/round-$round
    mkdir -p "$dir"
    # a delay anywhere from 0 to 90 % of the uninterrupted run (in ms), so kills land at start-up, mid-step and
    # near the end, and few searches end before their kill
    span=$(awk -v s="$(cat "$work/reference-$mode/seconds")" 'BEGIN { printf "%d", s * 900 }')
    probe_random delay_ms "$span"
    (cd "$dir" && exec nice -n 19 "$cli" search "${args[@]}" --log "$dir/log.jsonl" >"$dir/run.out" 2>"$dir/run.err") &
    pid=$!
    probe_sleep_ms "$delay_ms"
    kill -9 "$pid" 2>/dev/null
    wait "$pid"
    killed_rc=$?
    if [ "$killed_rc" -eq 137 ]; then killed=killed; killed_count=$((killed_count + 1)); else killed="ended-first(rc $killed_rc)"; fi
    bytes=none partial=no keep=0 lines=0
    if [ -e "$dir/log.jsonl" ]; then
        bytes=$(stat -c %s "$dir/log.jsonl")
        lines=$(wc -l <"$dir/log.jsonl")
        [ "$bytes" -gt 0 ] && [ "$(tail -c 1 "$dir/log.jsonl" | od -An -c | tr -d ' ')" != '\n' ] && partial=yes
        keep=$(kept_bytes "$dir/log.jsonl")
        cp "$dir/log.jsonl" "$dir/killed.jsonl"
    fi
    # 1. resume
    (cd "$dir" && exec nice -n 19 timeout -k 5 300 "$cli" search "${args[@]}" --log "$dir/log.jsonl" --resume >"$dir/resume.out" 2>"$dir/resume.err")
    resume_rc=$?
    # 2. the kept lines are still there, byte for byte
    prefix=n/a
    if [ -e "$dir/killed.jsonl" ] && [ -e "$dir/log.jsonl" ]; then
        if cmp -s -n "$keep" "$dir/killed.jsonl" "$dir/log.jsonl"; then prefix=kept; else prefix=LOST; fi
    fi
    # 3. inspect
    inspect_rc=-
    inspect=n/a
    [ -e "$dir/log.jsonl" ] && read -r inspect_rc inspect < <(probe_inspect "$cli" "$dir/log.jsonl" "$dir/inspect")
    # 4. the same log as without the kill
    same=n/a
    if [ "$resume_rc" -eq 0 ] && [ -e "$dir/log.jsonl" ]; then
        normalise "$dir/log.jsonl" >"$dir/normalised"
        if cmp -s "$dir/normalised" "$work/reference-$mode/normalised"; then same=same; else same=DIFFERENT; fi
    fi
    # 5. SQLite files (the search is not expected to write any: its state is the log)
    read -r sqlite_files sqlite_bad < <(probe_sqlite_check "$dir")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$mode" "$delay_ms" "$killed" \
        "$bytes" "$lines" "$partial" "$keep" "$resume_rc" "$prefix" "$inspect_rc" "$inspect" "$same" \
        "$sqlite_files" "$sqlite_bad" >>"$log"
    tail -n 1 "$log"
done

{
    echo "kfx kill -9 probe of kfx-cli search over the measured landscape, $(date -u '+%F %H:%M UTC'), scratch $work"
    echo "kfx-cli: $cli"
    echo "standard:  kfx-cli search ${standard_args[*]#$root/} --log LOG   (uninterrupted: $(cat "$work/reference-standard/seconds")s, $(wc -l <"$work/reference-standard/log.jsonl") lines; a second run reproducible: $(cat "$work/reference-standard/reproducible"))"
    echo "selective: kfx-cli search ${selective_args[*]#$root/} --log LOG   (uninterrupted: $(cat "$work/reference-selective/seconds")s, $(wc -l <"$work/reference-selective/log.jsonl") lines; a second run reproducible: $(cat "$work/reference-selective/reproducible"))"
    awk -F'\t' '
        { n++; mode[$2]++
          if ($4 == "killed") k++; else ended++
          if ($7 == "yes") partial++
          if ($5 == "none") nolog++; else if ($5 == 0) emptylog++
          if ($9 != 0) resume_bad++
          if ($10 == "LOST") lost++
          if ($12 == "FAILED") inspect_bad++
          if ($12 == "WARNED") inspect_warned++
          if ($13 == "DIFFERENT") { different++; differentmode[$2]++ }
          sq += $14; sqbad += $15 }
        END {
          printf "rounds %d (standard %d, selective %d): killed by SIGKILL %d, ended before the kill %d\n", n, mode["standard"], mode["selective"], k, ended
          printf "  killed with a last line without its newline: %d; before the log existed: %d; with an empty log: %d\n", partial, nolog, emptylog
          printf "  --resume exited non-zero: %d\n", resume_bad
          printf "  resumed logs that lost a line of a closed step: %d\n", lost
          printf "  kfx-cli inspect failed: %d; warned naming a line: %d\n", inspect_bad, inspect_warned
          printf "  resumed logs that differ from the uninterrupted one (wall clock set aside): %d (standard %d, selective %d)\n", different, differentmode["standard"], differentmode["selective"]
          printf "  SQLite files left: %d, failing PRAGMA integrity_check: %d\n", sq, sqbad }' "$log"
    echo "rounds (round mode delay_ms kill bytes lines partial-last-line kept-bytes resume-rc prefix inspect-rc inspect same-as-uninterrupted sqlite-files sqlite-bad):"
    sed 's/^/  /' "$log"
} | tee ${results:+"$results"}
