#!/usr/bin/env bash
# Issue 27's kill -9 data-safety probe of the window (kfx), the twin of probe-kill-search.sh: the window keeps
# what a person does to a search in a SQLite workspace beside the first file it opened (core/workspace/,
# widgets/gate/gatesession.cpp): gate settings, overrides (T, D, A on the tree; Ctrl+Z undoes them), the forecasts
# it made (forecast-on-open with the embedded surrogate) and its forecast cache. Each round copies a test search
# (tests/data/corpus: rms_norm-selective.jsonl with its baseline) into a fresh folder, starts the window on it
# under Xvfb with a fresh HOME (so forecast-on-open is on, as for a new user), and kills it with SIGKILL
#   - "open":      at a random moment of the first seconds, while it loads and forecasts;
#   - "overrides": after driving it with xdotool (T, D, A, Shift+Down, Ctrl+Z, Ctrl+Shift+Z, the gate threshold's
#                  slider), a random 0-300 ms after one last keypress; half of these rounds start driving before
#                  forecast-on-open is done.
# Just before the kill (and before that last keypress) a reader (sqlite3 -readonly, beside the window, as WAL
# allows) takes what the workspace has committed: S. Then
#   1. the killed workspace (K, read on a copy) passes PRAGMA integrity_check;
#   2. nothing committed is lost: K has at least S's forecasts, cached forecasts and measurements (they are only
#      ever added), and K's overrides are S's, or S's with the last key applied to some rows (T: those rows
#      trusted, D: deferred, A: returned to the gate; Ctrl+Z and Ctrl+Shift+Z may change any);
#   3. the window reopens the same files: it shows its window, has no second window (a dialog) once idle, forecasts
#      what the killed one had not (as many forecasts as an uninterrupted run, none twice), and quits on Ctrl+Q
#      with exit 0; afterwards (R) the workspace passes the integrity check, no workspace was set aside
#      (*.broken-*), R's overrides and gate settings are K's, and R has at least K's rows of every table;
#   4. `kfx-cli inspect` reads each data file cleanly, and the data files are byte for byte the copies (kfx never
#      writes them).
# An uninterrupted round first (open, wait until idle, quit) gives the forecast count and the time forecasting
# on open takes, which bounds the kill delays of "open" rounds.
#
# usage: tests/probe/probe-kill-window.sh [--kills N] [--seed S] [--deadline HH:MM (UTC)] [--results FILE]
# environment: KFX (the window), KFX_CLI, PROBE_WORK (scratch folder; default a new one under /tmp),
#              PROBE_CORPUS (the files' folder), PROBE_FILES (their names, the one the workspace belongs to first;
#              e.g. a kfx-cli generate'd search of some 2400 nodes, for Ctrl+A D on many rows),
#              KFX_PRETRAINED_DIR (default resources/surrogate/h100), PROBE_LAST_KEY (the last action of every
#              "overrides" round, e.g. "ctrl+a D", instead of a random one), PROBE_LAST_DELAY_MS (the kill comes
#              0 to this many ms after it; default 300)
set -u

root=$(cd "$(dirname "$0")/../.." && pwd)
kfx=$(readlink -f "${KFX:-$root/build-bench-qt5/app/kfx}")
cli=$(readlink -f "${KFX_CLI:-$root/build-bench-qt5/core/cli/kfx-cli}")
work=${PROBE_WORK:-$(mktemp -d /tmp/kfx-kill-window.XXXXXX)}
corpus=${PROBE_CORPUS:-$root/tests/data/corpus}
read -r -a files <<<"${PROBE_FILES:-rms_norm-selective.jsonl rms_norm-baseline.jsonl}"
kills=30
seed=27
deadline=""
results=""
usage="usage: $0 [--kills N] [--seed S] [--deadline HH:MM] [--results FILE]"
# shellcheck source=tests/probe/probe-common.sh
source "$root/tests/probe/probe-common.sh"
probe_parse_args "$@"
probe_need sqlite3 Xvfb xdotool
export KFX_PRETRAINED_DIR=${KFX_PRETRAINED_DIR:-$root/resources/surrogate/h100}
mkdir -p "$work"
log=$work/rounds.tsv
: >"$log"
RANDOM=$seed
title='Kernel Forecast Explorer'

# One X server for every round; no window manager, so focus is given with XSetInputFocus (xdotool windowfocus).
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=:$(cat "$work/display")
export QT_QPA_PLATFORM=xcb
window_pid=""
cleanup() {
    [ -n "$window_pid" ] && kill -9 "$window_pid" 2>/dev/null
    kill "$xvfb" 2>/dev/null
}
trap cleanup EXIT

# Starts the window on the round's files, with the round's own HOME: sets window_pid.
start_window() {
    local dir=$1 name=$2
    (cd "$dir" && exec env HOME="$dir/home" XDG_CONFIG_HOME="$dir/home/.config" XDG_CACHE_HOME="$dir/home/.cache" \
        XDG_DATA_HOME="$dir/home/.local/share" nice -n 19 "$kfx" "${files[@]/#/$dir/}" >"$dir/$name.out" 2>"$dir/$name.err") &
    window_pid=$!
}

# The id of the window's main window once it shows the first file (loaded, within $1 seconds), or nothing.
main_window() {
    local wid="" i
    for ((i = 0; i < $1 * 10; i++)); do
        wid=$(xdotool search --onlyvisible --pid "$window_pid" --name "${files[0]}.*$title" 2>/dev/null | head -n 1)
        [ -n "$wid" ] && break
        kill -0 "$window_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "$wid"
}

# The window's shown top-level windows, one "id name" a line (xdotool's --pid also lets through windows that name
# no process, such as Xvfb's root).
shown_windows() {
    local w
    for w in $(xdotool search --onlyvisible --name '' 2>/dev/null); do
        [ "$(xdotool getwindowpid "$w" 2>/dev/null)" = "$window_pid" ] && echo "$w $(xdotool getwindowname "$w")"
    done
}

cpu_ticks() {
    awk '{ print $14 + $15 }' "/proc/$window_pid/stat" 2>/dev/null || echo 0
}

# Waits (at most $2 s) until window $1 is idle: its title names the first file (loaded), the workspace holds $3
# forecasts (or, where $3 is empty, their count has held for 5 s), and it used under 30 ms of CPU in each of 3
# half seconds. The CPU alone is not enough: at nice 19 on a busy machine a loading window gets little of it.
# Returns 0 when idle, 2 when it settled for 20 s short of $3 forecasts, 1 at the timeout; changed_ms is when the
# forecast count last changed (epoch ms).
wait_idle() {
    local wid=$1 end=$((SECONDS + $2)) target=${3:-} calm=0 before after count last=-1 since=$SECONDS
    before=$(cpu_ticks)
    while [ $SECONDS -lt $end ]; do
        sleep 0.5
        after=$(cpu_ticks)
        if [ $((after - before)) -le 3 ]; then calm=$((calm + 1)); else calm=0; fi
        before=$after
        case $(xdotool getwindowname "$wid" 2>/dev/null) in *"${files[0]}"*) ;; *) calm=0; continue ;; esac
        count=$(count_of <(workspace_state "$db" live) forecasts)
        [ "$count" != "$last" ] && { last=$count; since=$SECONDS; changed_ms=$(date +%s%3N); }
        [ $calm -ge 3 ] || continue
        if [ -n "$target" ]; then
            [ "$count" -ge "$target" ] && return 0
            [ $((SECONDS - since)) -ge 20 ] && return 2
        else
            [ $((SECONDS - since)) -ge 5 ] && return 0
        fi
    done
    return 1
}

# What a workspace holds, on stdout: one "count TABLE N" line a table, the gate settings, then the overrides.
# $2 = live: read beside the running window (a WAL reader sees only committed transactions); otherwise the file
# and its -wal are read on a copy, so that the reading leaves them as they are.
workspace_state() {
    local db=$1 mode=$2 copy table
    [ -e "$db" ] || { echo "no-workspace"; return; }
    if [ "$mode" != live ]; then
        copy=$(mktemp -d)
        cp "$db" "$copy/db"
        [ -e "$db-wal" ] && cp "$db-wal" "$copy/db-wal"
        db=$copy/db
    fi
    {
        echo ".timeout 5000"
        for table in overrides forecasts measurements forecast_cache embedded_model gate_settings data_files; do
            echo "SELECT 'count $table ' || (SELECT COUNT(*) FROM $table);"
        done
        echo "SELECT 'gate ' || score || ' ' || quote(threshold) || ' ' || quote(target_coverage) || ' ' || quote(risk_alpha) || ' ' || quote(risk_delta) FROM gate_settings;"
        echo "SELECT 'override ' || node_id || ' ' || mode || ' ' || quote(note) FROM overrides ORDER BY node_id;"
    } | sqlite3 -readonly "$db" 2>&1 | grep -v '^$'
    [ -n "${copy:-}" ] && rm -rf "$copy"
}

count_of() { # STATE-FILE TABLE
    awk -v t="$2" '$1 == "count" && $2 == t { print $3; found = 1 } END { if (!found) print 0 }' "$1"
}

# The overrides of K against S, given the last key: same, applied (the rows it changed all took the key's mode;
# after Ctrl+A D, every one of the reference's $all_rows rows deferred: one transaction, all or nothing), undo
# (Ctrl+Z or Ctrl+Shift+Z changed something), or LOST (anything else: a committed override went missing or
# changed in a way the key cannot explain, or Ctrl+A D half applied).
overrides_verdict() {
    local s=$1 k=$2 key=$3
    grep '^override ' "$s" >"$s.o"
    grep '^override ' "$k" >"$k.o"
    if cmp -s "$s.o" "$k.o"; then echo same; return; fi
    case $key in
        ctrl+z | ctrl+shift+z) echo undo; return ;;
    esac
    python3 - "$s.o" "$k.o" "$key" "$all_rows" <<'PY'
import sys
def read(path):
    rows = {}
    for line in open(path):
        _, node, mode, note = line.rstrip("\n").split(" ", 3)
        rows[node] = (mode, note)
    return rows
s, k, key = read(sys.argv[1]), read(sys.argv[2]), sys.argv[3]
want = {"T": "trust", "D": "defer", "shift+Down D": "defer", "ctrl+a D": "defer", "A": "auto"}.get(key)
ok = want is not None
if key == "ctrl+a D":
    ok = len(k) == int(sys.argv[4]) and all(mode == "defer" for mode, _ in k.values())
for node in set(s) | set(k):
    if s.get(node) == k.get(node):
        continue
    if want == "auto":  # returned to the gate: the row goes, or stays as auto where it has a note
        ok = ok and (node not in k or k[node][0] == "auto") and node in s
    else:
        ok = ok and node in k and k[node][0] == want and (node not in s or s[node][1] == k[node][1])
print("applied" if ok else "LOST")
PY
}

# Sends one action to the window and names it in $action (not echoed: probe_random must run in this shell for
# --seed to replay a run): a random one, or the one named by $2. The tree has the keyboard focus at start
# (checked by the reference round: T on its current row writes an override).
act() {
    local wid=$1 pick
    action=${2:-}
    if [ -z "$action" ]; then
        probe_random pick 99
        if [ "$pick" -lt 18 ]; then action=Down
        elif [ "$pick" -lt 24 ]; then action=Up
        elif [ "$pick" -lt 40 ]; then action=T
        elif [ "$pick" -lt 54 ]; then action=D
        elif [ "$pick" -lt 62 ]; then action=A
        elif [ "$pick" -lt 68 ]; then action="shift+Down D"
        elif [ "$pick" -lt 74 ]; then action="ctrl+a D"
        elif [ "$pick" -lt 84 ]; then action=ctrl+z
        elif [ "$pick" -lt 90 ]; then action=ctrl+shift+z
        else action=threshold
        fi
    fi
    xdotool windowfocus "$wid" 2>/dev/null
    case $action in
        Down | Up | ctrl+z | ctrl+shift+z) xdotool key "$action" ;;
        T | D | A) xdotool key "${action,,}" ;;
        "shift+Down D") xdotool key shift+Down shift+Down shift+Down d ;;
        "ctrl+a D") xdotool key ctrl+a d ;;
        threshold) threshold "$wid" ;;
    esac
}

# Moves the gate threshold: a click on its slider's handle, a few steps with the arrow keys, then a click on one
# of the tree's first 10 rows, so that T, D and A reach the tree again. Where they are in the 1280x800 window
# was read off a screenshot of it (PROBE_SLIDER and PROBE_ROW0 change them: "x y").
threshold() {
    local wid=$1 steps row key=Right
    read -r x y <<<"${PROBE_SLIDER:-290 40}"
    xdotool mousemove --window "$wid" "$x" "$y" click 1
    probe_random steps 4
    [ $((RANDOM % 2)) -eq 0 ] && key=Left
    xdotool key --repeat $((steps + 1)) "$key"
    probe_random row 9
    read -r x y <<<"${PROBE_ROW0:-100 293}"
    xdotool mousemove --window "$wid" "$x" $((y + 17 * row)) click 1
}

# Ctrl+Q to window $1; sets quit_rc to the exit code within 60 s, or "hung" (and the window is killed). Run in
# this shell, not in a command substitution's: only the shell that started the window can wait for it.
quit_window() {
    local wid=$1 i
    xdotool windowfocus "$wid" 2>/dev/null
    xdotool key ctrl+q
    for ((i = 0; i < 600; i++)); do
        kill -0 "$window_pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$window_pid" 2>/dev/null; then
        kill -9 "$window_pid"
        wait "$window_pid" 2>/dev/null
        quit_rc=hung
    else
        wait "$window_pid"
        quit_rc=$?
    fi
    window_pid=""
}

new_round() { # DIR: the test search copied into a fresh folder
    mkdir -p "$1/home"
    local name
    for name in "${files[@]}"; do cp "$corpus/$name" "$1/$name"; done
}

# The reference: one uninterrupted open, until idle, then quit.
ref=$work/reference
new_round "$ref"
workspace=${files[0]}.kfx-workspace
start=$(date +%s.%N)
start_ms=$(date +%s%3N)
start_window "$ref" window
wid=$(main_window 60)
[ -n "$wid" ] || { echo "$0: the window did not show within 60 s" >&2; cat "$ref/window.err" >&2; exit 1; }
shown=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
db=$ref/$workspace
wait_idle "$wid" 300 || { echo "$0: the window did not become idle within 300 s" >&2; exit 1; }
idle=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
eval "$(xdotool getwindowgeometry --shell "$wid")"
import -window root "$ref/idle.png" 2>/dev/null
workspace_state "$ref/$workspace" live >"$ref/idle.state"
xdotool windowfocus "$wid"
xdotool key t
sleep 1
workspace_state "$ref/$workspace" live >"$ref/after-t.state"
tree_focus=$(($(count_of "$ref/after-t.state" overrides) - $(count_of "$ref/idle.state" overrides)))
xdotool key ctrl+z
sleep 1
# how many rows Ctrl+A D defers (a round's Ctrl+A D must defer all of them or none)
xdotool key ctrl+a d
sleep 2
workspace_state "$ref/$workspace" live >"$ref/after-all.state"
all_rows=$(count_of "$ref/after-all.state" overrides)
xdotool key ctrl+z
sleep 1
quit_window "$wid"
ref_rc=$quit_rc
workspace_state "$ref/$workspace" file >"$ref/end.state"
ref_forecasts=$(count_of "$ref/idle.state" forecasts)
echo "reference: window shown after ${shown}s, idle after ${idle}s (${WIDTH}x${HEIGHT}), forecasts $ref_forecasts" \
    "(the last written $((changed_ms - start_ms)) ms after the start)," \
    "cached $(count_of "$ref/idle.state" forecast_cache); T on the current row added $tree_focus override(s)," \
    "Ctrl+A D deferred $all_rows rows; each undone with Ctrl+Z, then Ctrl+Q: exit $ref_rc, overrides left" \
    "$(count_of "$ref/end.state" overrides)" | tee "$work/reference.txt"
[ "$ref_forecasts" -gt 0 ] || echo "$0: WARNING: the reference made no forecasts: forecast-on-open did not run" >&2
# "open" rounds kill anywhere from the start to a little after the reference's last forecast was written
forecast_ms=$((changed_ms - start_ms))
open_span=$((forecast_ms * 5 / 4))

round=0
killed_count=0
while [ $killed_count -lt "$kills" ] && [ $round -lt $((2 * kills)) ]; do
    probe_past_deadline && break
    round=$((round + 1))
    dir=$work/round-$round
    new_round "$dir"
    db=$dir/$workspace
    # 1 round in 3 kills while the window opens and forecasts; the others drive it first, half of them before it
    # is idle (forecast-on-open still running), half after
    if [ $((round % 3)) -eq 1 ]; then mode=open; elif [ $((round % 3)) -eq 2 ]; then mode=overrides-busy; else mode=overrides-idle; fi
    actions=""
    last=none
    start_window "$dir" window
    start_ms=$(date +%s%3N)
    if [ $mode = open ]; then
        probe_random delay_ms "$open_span"
        probe_sleep_ms "$delay_ms"
        workspace_state "$db" live >"$dir/S.state"
    else
        wid=$(main_window 60)
        [ $mode = overrides-idle ] && [ -n "$wid" ] && wait_idle "$wid" 120 "$ref_forecasts"
        probe_random count 7
        for ((i = 0; i <= count && ${#wid} > 0; i++)); do
            act "$wid"
            actions+="$action,"
            probe_random gap 400
            probe_sleep_ms $((gap + 50))
        done
        # what has been committed, once the keys sent are done with (two equal reads 300 ms apart, at most 5 s)
        workspace_state "$db" live >"$dir/S.state"
        for ((i = 0; i < 16; i++)); do
            sleep 0.3
            workspace_state "$db" live >"$dir/S2.state"
            cmp -s "$dir/S.state" "$dir/S2.state" && break
            mv "$dir/S2.state" "$dir/S.state"
        done
        [ -n "$wid" ] && act "$wid" "${PROBE_LAST_KEY:-}" && last=$action
        probe_random delay_ms "${PROBE_LAST_DELAY_MS:-300}"
        probe_sleep_ms "$delay_ms"
    fi
    kill_ms=$(($(date +%s%3N) - start_ms))
    kill -9 "$window_pid" 2>/dev/null
    wait "$window_pid" 2>/dev/null
    killed_rc=$?
    window_pid=""
    if [ "$killed_rc" -eq 137 ]; then killed=killed; killed_count=$((killed_count + 1)); else killed="ended-first(rc $killed_rc)"; fi
    # K: what the kill left
    workspace_state "$db" file >"$dir/K.state"
    # kept for a reproducer, compressed so that the checks below see one SQLite file a round
    [ -e "$db" ] && gzip -c "$db" >"$dir/killed.kfx-workspace.gz"
    [ -e "$db-wal" ] && gzip -c "$db-wal" >"$dir/killed.kfx-workspace-wal.gz"
    # 1. integrity
    read -r sqlite_files sqlite_bad < <(probe_sqlite_check "$dir")
    # 2. nothing committed lost between S and K
    lost=""
    for table in forecasts measurements forecast_cache embedded_model data_files; do
        [ "$(count_of "$dir/K.state" $table)" -ge "$(count_of "$dir/S.state" $table)" ] || lost+="$table,"
    done
    overrides=$(overrides_verdict "$dir/S.state" "$dir/K.state" "$last")
    [ "$overrides" = LOST ] && lost+="overrides,"
    # 3. reopen
    start_window "$dir" reopen
    wid=$(main_window 60)
    shown=no dialogs=- reopen_rc=- idle_ok=-
    if [ -n "$wid" ]; then
        shown=yes
        wait_idle "$wid" 300 "$ref_forecasts"
        case $? in 0) idle_ok=yes ;; 2) idle_ok=SHORT ;; *) idle_ok=NO ;; esac
        dialogs=$(($(shown_windows | tee "$dir/reopen.windows" | wc -l) - 1))
        [ "$dialogs" -gt 0 ] && import -window root "$dir/reopen.png" 2>/dev/null
        workspace_state "$db" live >"$dir/R-live.state"
        quit_window "$wid"
        reopen_rc=$quit_rc
    else
        kill -9 "$window_pid" 2>/dev/null
        wait "$window_pid" 2>/dev/null
        window_pid=""
    fi
    workspace_state "$db" file >"$dir/R.state"
    read -r after_files after_bad < <(probe_sqlite_check "$dir")
    set_aside=$(find "$dir" -name '*.broken-*' | wc -l)
    kept=""
    for table in overrides forecasts measurements forecast_cache embedded_model data_files; do
        [ "$(count_of "$dir/R.state" $table)" -ge "$(count_of "$dir/K.state" $table)" ] || kept+="$table,"
    done
    cmp -s <(grep '^override ' "$dir/K.state") <(grep '^override ' "$dir/R.state") || kept+="overrides-differ,"
    if grep -q '^gate ' "$dir/K.state"; then
        cmp -s <(grep '^gate ' "$dir/K.state") <(grep '^gate ' "$dir/R.state") || kept+="gate-differs,"
    fi
    forecasts_after=$(count_of "$dir/R.state" forecasts)
    # 4. the data files and kfx-cli inspect
    data=same inspect=ok
    for name in "${files[@]}"; do
        cmp -s "$corpus/$name" "$dir/$name" || data=CHANGED
        read -r _ verdict < <(probe_inspect "$cli" "$dir/$name" "$dir/inspect-${name%.jsonl}")
        [ "$verdict" = ok ] || inspect=$verdict
    done
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$mode" "$kill_ms" \
        "$killed" "${actions%,}" "$last" "$(count_of "$dir/S.state" forecasts)/$(count_of "$dir/K.state" forecasts)" \
        "$(count_of "$dir/S.state" overrides)/$(count_of "$dir/K.state" overrides)" "$sqlite_files/$sqlite_bad" \
        "${lost:-none}" "$overrides" "$shown" "$idle_ok" "$dialogs" "$reopen_rc" "$after_bad/$set_aside" \
        "${kept:-kept}" "$forecasts_after" "$data/$inspect" >>"$log"
    tail -n 1 "$log"
done

{
    echo "kfx kill -9 probe of the window (kfx) and its workspace, $(date -u '+%F %H:%M UTC'), scratch $work"
    echo "kfx: $kfx"
    echo "kfx-cli: $cli"
    echo "files: ${files[*]} (from ${corpus#$root/}), opened together; workspace ${workspace}; pretrained models ${KFX_PRETRAINED_DIR#$root/}"
    cat "$work/reference.txt"
    awk -F'\t' -v full="$ref_forecasts" '
        { n++; mode[$2]++
          if ($4 == "killed") k++; else ended++
          split($9, sq, "/"); files += sq[1]; bad += sq[2]
          if ($10 != "none") lost++
          if ($11 == "applied") applied++; else if ($11 == "undo") undo++
          if ($12 != "yes") noshow++
          if ($13 != "yes") noidle++
          if ($14 != 0) dialog++
          if ($15 != 0) quitbad++
          split($16, after, "/"); afterbad += after[1]; aside += after[2]
          if ($17 != "kept") notkept++
          if ($18 != full) forecastcount++
          if ($19 != "same/ok") datafail++
          split($7, f, "/"); if (f[2] < full) midforecast++ }
        END {
          printf "rounds %d (open %d, overrides while forecasting %d, overrides once idle %d): killed by SIGKILL %d, ended before the kill %d\n", n, mode["open"], mode["overrides-busy"], mode["overrides-idle"], k, ended
          printf "  killed before forecast-on-open was done (K had fewer forecasts than the reference): %d\n", midforecast
          printf "  killed workspaces: %d SQLite files checked, failing PRAGMA integrity_check: %d\n", files, bad
          printf "  committed rows lost between S and K: %d (the last key applied in %d rounds, an undo changed overrides in %d)\n", lost, applied, undo
          printf "  reopen: no window %d, never idle %d, with a dialog %d, Ctrl+Q not exit 0 %d\n", noshow, noidle, dialog, quitbad
          printf "  after the reopen: failing the integrity check %d, workspaces set aside %d, rounds losing K rows or changing its overrides or gate %d\n", afterbad, aside, notkept
          printf "  forecasts after the reopen other than the reference'"'"'s %d: %d\n", full, forecastcount
          printf "  data files changed or kfx-cli inspect not clean: %d\n", datafail }' "$log"
    echo "rounds (round mode kill-ms kill actions last-key forecasts-S/K overrides-S/K sqlite-files/bad lost-S-to-K overrides-S-to-K reopen-shown reopen-idle dialogs quit-rc bad-after/set-aside K-to-R forecasts-after data/inspect):"
    sed 's/^/  /' "$log"
} | tee ${results:+"$results"}
