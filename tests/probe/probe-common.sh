# What issue 27's kill -9 probes share (probe-kill-search.sh, probe-kill-window.sh): their options, the deadline,
# random delays, and the checks of what a kill left behind (SQLite files, kfx-cli inspect). Sourced, not run.
# The sourcing script sets kills, seed, deadline and results to its defaults first, and usage to its usage line.

# Reads --kills N, --seed S, --deadline HH:MM (UTC) and --results FILE into the variables of those names.
probe_parse_args() {
    while [ $# -gt 0 ]; do
        case $1 in
            --kills) kills=$2; shift ;;
            --seed) seed=$2; shift ;;
            --deadline) deadline=$2; shift ;;
            --results) results=$2; shift ;;
            *) echo "$usage" >&2; exit 2 ;;
        esac
        shift
    done
}

probe_need() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "$0: needs $tool (apt-get install ${tool/#Xvfb/xvfb})" >&2; exit 2; }
    done
}

probe_past_deadline() {
    [ -n "$deadline" ] && [ "$(date -u +%H:%M)" \> "$deadline" ]
}

# Sets the variable named $1 to a random whole number from 0 to $2 (RANDOM alone stops at 32767). Not echoed: a
# command substitution's subshell reseeds RANDOM, and --seed would no longer replay a run.
probe_random() {
    printf -v "$1" '%d' $(((RANDOM * 32768 + RANDOM) % ($2 + 1)))
}

probe_sleep_ms() {
    sleep "$(awk -v m="$1" 'BEGIN { printf "%.3f", m / 1000 }')"
}

# "FILES BAD": how many SQLite files lie under folder $1, and how many of them fail PRAGMA integrity_check. Each is
# checked on a copy (with its -wal), so that the check's own recovery and checkpoint leave the original as the
# kill left it.
probe_sqlite_check() {
    local file files=0 bad=0 copy
    copy=$(mktemp -d)
    while IFS= read -r -d '' file; do
        cmp -s -n 15 "$file" <(printf 'SQLite format 3') || continue
        files=$((files + 1))
        rm -f "$copy"/*
        cp "$file" "$copy/db"
        [ -e "$file-wal" ] && cp "$file-wal" "$copy/db-wal"
        [ "$(sqlite3 "$copy/db" 'PRAGMA integrity_check' 2>&1)" = ok ] || bad=$((bad + 1))
    done < <(find "$1" -type f -print0)
    rm -rf "$copy"
    echo "$files $bad"
}

# "RC VERDICT" of `$1 inspect $2` (kfx-cli, a log): VERDICT is ok, FAILED (a non-zero exit) or WARNED (a message
# naming the log's file and a line of it). Its output goes to $3.out and $3.err.
probe_inspect() {
    local cli=$1 log=$2 out=$3 rc name
    nice -n 19 timeout -k 5 120 "$cli" inspect "$log" >"$out.out" 2>"$out.err"
    rc=$?
    name=$(basename "$log" | sed 's/[.]/\\./g')
    if [ $rc -ne 0 ]; then echo "$rc FAILED"
    elif cat "$out.out" "$out.err" | grep -qE "$name:[0-9]+"; then echo "$rc WARNED"
    else echo "$rc ok"; fi
}
