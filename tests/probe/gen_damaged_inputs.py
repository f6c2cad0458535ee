#!/usr/bin/env python3
"""Writes the damaged inputs of probe-damaged-inputs.sh (issue 27) from the repository's real files.

Deterministic: one random.Random(SEED) per source file, fixed truncation fractions. Writes OUT/manifest.tsv with
one line per input: id, group, runner, expect (damaged|benign), path, what was done.
  expect=damaged  the input holds a value or structure no real file holds; exit 0 without a warning naming the
                  file (and, for line-based files, a line) is a silent acceptance
  expect=benign   the change leaves a file a real writer could have written (a flip inside free text, a cut at
                  a line boundary); exit 0 without a word is accepted-clean
"""
import json
import math
import os
import random
import sqlite3
import struct
import sys

ROOT, OUT, SEED = sys.argv[1], sys.argv[2], int(sys.argv[3])
MANIFEST = []
FREE_TEXT = {"program_code", "code", "candidate_code", "anchor_code", "reference_code", "reasoning", "error_message",
             "traceback", "compilation_error", "runtime_error", "runtime_error_name", "parse_error", "source_search",
             "internal_experiment", "source_id", "started_at", "completed_at", "seed_reference_code", "note",
             "device_name", "hardware", "surrogate_label", "reason", "message", "p_name"}
ID_KEYS = {"ulid", "child_ulid", "parent_ulid", "request_id", "comparison_id", "node_id"}


def emit(group, runner, expect, name, data, note):
    ident = f"{group}-{len(MANIFEST):04d}"
    directory = os.path.join(OUT, group)
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, f"{ident}-{name}")
    with open(path, "wb") as stream:
        stream.write(data)
    MANIFEST.append((ident, group, runner, expect, path, note))
    return path


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))
    else:
        yield path, value


def key_of(path):
    for step in reversed(path):
        if isinstance(step, str):
            return step
    return ""


def set_path(value, path, new):
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


def is_case_parameter(path):
    """a benchmark case's own keyword arguments (seqlen, bs, dim...), carried beside its speedup: any JSON value
    a task.yml may hold, which no reader interprets."""
    return "per_case_speedups" in path and key_of(path) not in ("speedup", "runtime_ns", "ref_runtime_ns")


def lines_of(data):
    return data.split(b"\n")


def parsed_equal_enough(before, after):
    """benign when every line still parses and only free text or a plausible number changed; damaged otherwise."""
    old, new = lines_of(before), lines_of(after)
    if len(old) != len(new):
        return False
    for a, b in zip(old, new):
        if a == b:
            continue
        try:
            x, y = json.loads(a), json.loads(b)
        except ValueError:
            return False
        lx, ly = list(leaves(x)), list(leaves(y))
        if [p for p, _ in lx] != [p for p, _ in ly]:
            # a renamed key: fine where the key held free text or null (an optional field left out)
            gone = [(p, v) for p, v in lx if p not in {q for q, _ in ly}]
            return bool(gone) and all(key_of(p) in FREE_TEXT or v is None or is_case_parameter(p) for p, v in gone)
        for (path, u), (_, v) in zip(lx, ly):
            if u == v:
                continue
            if type(u) is not type(v):
                return False
            key = key_of(path)
            if isinstance(u, str) and (key in FREE_TEXT or key in ("pack", "pack_name")):
                continue  # another pack's name is a possible value: nothing can tell
            if is_case_parameter(path):
                continue
            if isinstance(u, float) and isinstance(v, float) and math.isfinite(v) and 0 < v < 1e6 and 0 < u:
                continue  # 1.25 -> 1.29: a plausible measurement, nothing can tell
            return False
    return True


def log_structure(group, runner, data, note_prefix):
    """self-parents, cycles and repeated completions built from a v2 log's own events."""
    text = data.decode()
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    def dump(events):
        return ("\n".join(json.dumps(e, separators=(",", ":")) for e in events) + "\n").encode()
    requests = [i for i, e in enumerate(rows) if e.get("kind") == "evaluation_requested" and "child_ulid" in e]
    completions = [i for i, e in enumerate(rows) if e.get("kind") == "evaluation_completed"]
    for n, i in enumerate(requests[:3]):
        events = json.loads(json.dumps(rows))
        events[i]["parent_ulid"] = events[i]["child_ulid"]
        emit(group, runner, "damaged", f"self-parent-{n}.jsonl", dump(events), f"{note_prefix}: request line {i+1} names its child as parent")
    if len(requests) >= 2:
        events = json.loads(json.dumps(rows))
        a, b = requests[0], requests[1]
        events[a]["parent_ulid"] = events[b]["child_ulid"]
        events[b]["parent_ulid"] = events[a]["child_ulid"]
        emit(group, runner, "damaged", "two-node-cycle.jsonl", dump(events), f"{note_prefix}: lines {a+1} and {b+1} name each other")
    if len(requests) >= 3:
        events = json.loads(json.dumps(rows))
        a, b, c = requests[0], requests[1], requests[2]
        events[a]["parent_ulid"] = events[c]["child_ulid"]
        events[b]["parent_ulid"] = events[a]["child_ulid"]
        events[c]["parent_ulid"] = events[b]["child_ulid"]
        emit(group, runner, "damaged", "three-node-cycle.jsonl", dump(events), f"{note_prefix}: three-node cycle")
    # a step that names a later node as its parent
    steps = [i for i, e in enumerate(rows) if e.get("kind") == "step_started"]
    if steps and requests:
        events = json.loads(json.dumps(rows))
        events[steps[0]]["parent_ulids"] = [events[requests[-1]]["child_ulid"]]
        emit(group, runner, "damaged", "step-parent-from-future.jsonl", dump(events), f"{note_prefix}: step 0 expands a node not yet made")
    for n, i in enumerate(completions[:2]):
        events = json.loads(json.dumps(rows))
        events.insert(i + 1, json.loads(json.dumps(rows[i])))
        emit(group, runner, "damaged", f"repeated-completion-{n}.jsonl", dump(events), f"{note_prefix}: line {i+1} repeated as {i+2}")
        events = json.loads(json.dumps(rows))
        again = json.loads(json.dumps(rows[i]))
        for path, value in leaves(again):
            if key_of(path) in ("aggregated_speedup", "reward", "speedup"):
                set_path(again, path, 9.9)
        events.insert(i + 1, again)
        emit(group, runner, "damaged", f"repeated-completion-9.9-{n}.jsonl", dump(events), f"{note_prefix}: line {i+1} repeated with speedup 9.9")
    events = rows + [rows[0]]
    emit(group, runner, "damaged", "second-init.jsonl", dump(events), f"{note_prefix}: search_initialized again at the end")
    if requests:
        events = json.loads(json.dumps(rows))
        events[requests[0]]["child_ulid"] = events[0]["root"]["ulid"] if "root" in events[0] else "X"
        emit(group, runner, "damaged", "child-is-root.jsonl", dump(events), f"{note_prefix}: request's child is the root")


def generic(group, runner, source, line_based=True, structural=False, k_fields=6):
    with open(os.path.join(ROOT, source), "rb") as stream:
        data = stream.read()
    rng = random.Random(f"{SEED}:{source}")
    base = os.path.basename(source)
    size = len(data)
    # truncations at fixed fractions
    for fraction in (0.1, 0.25, 0.5, 0.75, 0.9, 0.99):
        cut = int(size * fraction)
        damaged = data[:cut]
        at_boundary = cut == 0 or damaged.endswith(b"\n")
        expect = "benign" if at_boundary else "damaged"
        emit(group, runner, expect, f"trunc{int(fraction*100)}-{base}", damaged, f"{source} cut at byte {cut} of {size}")
    emit(group, runner, "damaged" if not data.endswith(b"\n") else "damaged", f"trunc-1-{base}", data[:-2], f"{source} last 2 bytes cut")
    # byte flips
    for n in range(10):
        position = rng.randrange(size)
        mask = rng.choice((0x01, 0x20, 0x40, 0x80, 0xff))
        flipped = bytearray(data)
        flipped[position] ^= mask
        flipped = bytes(flipped)
        if line_based:
            expect = "benign" if parsed_equal_enough(data, flipped) else "damaged"
        else:
            expect = "damaged"
        line = data.count(b"\n", 0, position) + 1
        emit(group, runner, expect, f"flip{n}-{base}", flipped, f"{source} byte {position} (line {line}) ^0x{mask:02x}")
    if not line_based:
        return data
    # field replacements
    text_lines = data.split(b"\n")
    candidates = []
    for index, line in enumerate(text_lines):
        try:
            value = json.loads(line)
        except ValueError:
            continue
        for path, leaf in leaves(value):
            if isinstance(leaf, (int, float)) and not isinstance(leaf, bool) and path:
                candidates.append((index, path))
    rng.shuffle(candidates)
    chosen, seen = [], set()
    for index, path in candidates:
        if key_of(path) in seen:
            continue
        seen.add(key_of(path))
        chosen.append((index, path))
        if len(chosen) == k_fields:
            break
    for index, path in chosen:
        for label, new in (("minus1", -1), ("nan", float("nan")), ("1e300", 1e300), ("2p32p1", 2**32 + 1),
                           ("string", "abc")):
            value = json.loads(text_lines[index])
            set_path(value, path, new)
            lines = list(text_lines)
            lines[index] = json.dumps(value, separators=(",", ":")).encode()
            key = key_of(path)
            expect = "benign" if is_case_parameter(path) else "damaged"
            if label == "2p32p1" and key in ("runtime_ns", "ref_runtime_ns", "modified_ns", "size"):
                expect = "benign"  # 4.3 s is a possible runtime
            if label == "minus1" and key in ("threshold",):
                expect = "benign"
            emit(group, runner, expect, f"field-{key}-{label}-{base}", b"\n".join(lines),
                 f"{source} line {index+1} {'/'.join(map(str, path))} := {new}")
    # whole-file damage
    emit(group, runner, "damaged", f"nul-{base}", data[: size // 2] + b"\0\0\0\0" + data[size // 2:], f"{source} 4 NULs at byte {size//2}")
    emit(group, runner, "damaged", f"garbage-line-{base}", data + b"\x89PNG\r\n\x1a\n\xff\xfe{{{{\n", f"{source} binary garbage line appended")
    emit(group, runner, "damaged", f"deep-{base}", data + b"[" * 200000 + b"\n", f"{source} 200k '[' line appended")
    emit(group, runner, "damaged", f"longline-{base}", data + b'{"kind":"' + b"x" * (8 << 20) + b'"}\n', f"{source} 8 MiB line appended")
    emit(group, runner, "benign", f"crlf-{base}", data.replace(b"\n", b"\r\n"), f"{source} CRLF line ends")
    emit(group, runner, "benign", f"blank-lines-{base}", data.replace(b"\n", b"\n\n", 3), f"{source} blank lines")
    emit(group, runner, "damaged", f"array-line-{base}", data + b"[1,2,3]\n", f"{source} a JSON array line appended")
    first_has_kind = b'"kind"' in data.split(b"\n", 1)[0]
    emit(group, runner, "damaged" if first_has_kind else "benign", f"dup-key-{base}",
         data.replace(b"{", b'{"kind":"evaluation_completed",', 1),
         f"{source} {'duplicate' if first_has_kind else 'unknown extra'} key \"kind\" on line 1")
    if structural:
        log_structure(group, runner, data, source)
    return data


# search logs, rows, predictions
generic("log-v2", "log-v2", "tests/data/search/spec-example-v2.jsonl", structural=True)
generic("log-v2", "log-v2", "tests/data/search/puct-worked-example-v2.jsonl", structural=True)
generic("log-v2", "log-v2", "tests/data/corpus/rms_norm-selective.jsonl", structural=True, k_fields=8)
generic("log-v3", "log-v3", "tests/data/search/spec-example-v3.jsonl", k_fields=8)
generic("eval-rows", "eval", "tests/data/rows/eval_set.jsonl")
generic("eval-rows", "eval", "tests/data/metrics/six-rows-eval.jsonl")
generic("prediction-rows", "pred", "tests/data/rows/predictions.jsonl", k_fields=8)
generic("prediction-rows", "pred", "tests/data/metrics/six-rows-predictions.jsonl", k_fields=8)
generic("scored-rows", "scored", "tests/data/rows/scored_eval.jsonl", k_fields=8)
for name in sorted(os.listdir(os.path.join(ROOT, "tests/data/loggraph"))):
    with open(os.path.join(ROOT, "tests/data/loggraph", name), "rb") as stream:
        emit("loggraph", "log-v3" if "-v3" in name else "log-v2", "damaged", name, stream.read(), f"tests/data/loggraph/{name} as committed")


# models
def fnv(data):
    value = 0xcbf29ce484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}".encode()


def model_parts(data):
    magic, rest = data.split(b"\n", 1)
    if magic == b"KFXEMB2":
        rest = rest.split(b"\n", 1)[1]
    header, body = rest.split(b"\n", 1)
    return magic, json.loads(header), body


def model_bytes(magic, header, body, digest=True):
    rest = json.dumps(header, separators=(",", ":")).encode() + b"\n" + body
    if magic == b"KFXEMB1":
        return magic + b"\n" + rest
    return magic + b"\n" + (fnv(rest) if digest else b"0" * 16) + b"\n" + rest


for source in ("tests/fuzz/corpus/fuzz_model/small.kfxmodel", "resources/surrogate/h100/all.kfxmodel"):
    with open(os.path.join(ROOT, source), "rb") as stream:
        data = stream.read()
    base = os.path.basename(source)
    rng = random.Random(f"{SEED}:{source}")
    for fraction in (0.0, 0.01, 0.05, 0.5, 0.99):
        emit("model", "model", "damaged", f"trunc{int(fraction*100)}-{base}", data[: int(len(data) * fraction)], f"{source} cut at {int(len(data)*fraction)}")
    for n in range(8):
        position = rng.randrange(len(data)) if n >= 3 else rng.randrange(min(len(data), 200))
        flipped = bytearray(data)
        flipped[position] ^= 0x01 << rng.randrange(8)
        emit("model", "model", "damaged", f"flip{n}-{base}", bytes(flipped), f"{source} byte {position} flipped (digest not recomputed)")
    magic, header, body = model_parts(data)
    crafted = [
        ("knots-not-pair", {"calibration": "isotonic", "knots": [[0.1], [0.5, 0.7, 0.9], 3]}),
        ("knots-scalar", {"calibration": "isotonic", "knots": 5}),
        ("knots-missing", {"calibration": "isotonic", "knots": None}),
        ("knots-nan", {"calibration": "isotonic", "knots": [[0.0, 0.0], [float("nan"), 1.0]]}),
        ("knots-unsorted", {"calibration": "isotonic", "knots": [[0.9, 0.1], [0.1, 0.9], [0.5, 2.0]]}),
        ("temperature-0", {"calibration": "temperature", "temperature": 0}),
        ("temperature-neg", {"calibration": "temperature", "temperature": -1}),
        ("temperature-1e300", {"calibration": "temperature", "temperature": 1e300}),
        ("temperature-string", {"calibration": "temperature", "temperature": "hot"}),
        ("calibration-unknown", {"calibration": "magic"}),
        ("features-0", {"features": 0}),
        ("features-2p32p1", {"features": 2**32 + 1}),
        ("features-neg", {"features": -1}),
        ("feature-version-99", {"feature_version": 99}),
        ("body-bytes-huge", {"body_bytes": 2**62}),
        ("body-bytes-neg", {"body_bytes": -1}),
        ("body-hash-wrong", {"body_hash": "0000000000000000"}),
    ]
    for label, change in crafted:
        altered = dict(header)
        altered.update(change)
        emit("model", "model", "damaged", f"{label}-{base}", model_bytes(b"KFXEMB2", altered, body), f"{source} header {change} with the digest recomputed")
    for label, change in crafted[:3]:
        altered = dict(header)
        altered.update(change)
        emit("model", "model", "damaged", f"v1-{label}-{base}", model_bytes(b"KFXEMB1", altered, body), f"{source} as KFXEMB1 (undigested header) {change}")
    # a randomised body with digest and body hash recomputed: XGBoost's own reader sees it
    for n in range(8):
        mutated = bytearray(body)
        for _ in range(1 + n * 4):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        mutated = bytes(mutated)
        altered = dict(header)
        altered["body_hash"] = fnv(mutated).decode()
        altered["body_bytes"] = len(mutated)
        emit("model", "model", "benign", f"body-random{n}-{base}", model_bytes(b"KFXEMB2", altered, mutated), f"{source} {1+n*4} body bytes randomised, body hash and digest recomputed (may stay a valid booster)")
    altered = dict(header)
    cut = body[: len(body) // 2]
    altered["body_hash"], altered["body_bytes"] = fnv(cut).decode(), len(cut)
    emit("model", "model", "damaged", f"body-half-{base}", model_bytes(b"KFXEMB2", altered, cut), f"{source} body cut in half, hashes recomputed")


# workspaces (window only)
for source in sorted(os.listdir(os.path.join(ROOT, "tests/fuzz/corpus/fuzz_workspace"))):
    path = os.path.join(ROOT, "tests/fuzz/corpus/fuzz_workspace", source)
    with open(path, "rb") as stream:
        data = stream.read()
    rng = random.Random(f"{SEED}:{source}")
    for cut in (100, 4096, len(data) // 2, len(data) - 1):
        if cut < len(data):
            emit("workspace", "window-ws", "damaged", f"trunc{cut}-{source}", data[:cut], f"{source} cut at {cut}")
    for n in range(4):
        flipped = bytearray(data)
        for _ in range(8):
            flipped[rng.randrange(len(flipped))] ^= 0xff
        emit("workspace", "window-ws", "damaged", f"flip{n}-{source}", bytes(flipped), f"{source} 8 bytes inverted (seeded)")
    if source.startswith("filled-v2") and "wal" not in source:
        statements = [
            ("gate-garbage", "UPDATE gate_settings SET threshold='garbage', score='nonsense'"),
            ("gate-neg", "UPDATE gate_settings SET threshold=-1, target_coverage=-1, risk_alpha=-1, risk_delta=-1"),
            ("gate-huge", "UPDATE gate_settings SET threshold=1e300, target_coverage=4294967297, risk_alpha=1e300"),
            ("gate-blob", "UPDATE gate_settings SET threshold=x'00ff', score=x'00'"),
            ("schema-99", "UPDATE schema_version SET version=99"),
            ("schema-neg", "UPDATE schema_version SET version=-1"),
            ("forecast-json-garbage", "UPDATE forecasts SET json='{{{'; UPDATE measurements SET json='[1,'"),
            ("forecast-json-nan", "UPDATE forecasts SET json='{\"predicted_bin\":4294967297,\"p_minor_speedup\":NaN}'"),
            ("measure-neg", "UPDATE measurements SET json='{\"kind\":\"success\",\"aggregated_speedup\":-1}'"),
            ("cache-garbage", "UPDATE forecast_cache SET result='\"x\"'"),
            ("model-blob-garbage", "UPDATE embedded_model SET model=randomblob(5000), feature_version=-1, training_rows=4294967297"),
            ("data-path-escape", "UPDATE data_files SET path='../../../../etc/passwd', size=-1"),
            ("overrides-huge-note", "UPDATE overrides SET note=hex(zeroblob(3000000))"),
            ("drop-overrides", "DROP TABLE overrides"),
        ]
        for label, sql in statements:
            scratch = os.path.join(OUT, "scratch.sqlite")
            with open(scratch, "wb") as stream:
                stream.write(data)
            connection = sqlite3.connect(scratch)
            connection.executescript(sql)
            connection.commit()
            connection.close()
            with open(scratch, "rb") as stream:
                emit("workspace", "window-ws", "damaged", f"{label}-{source}", stream.read(), f"{source}: {sql}")
            os.remove(scratch)

# task.yml (the Python harness's manifest reader)
source = "resources/tasks/trimul/task.yml"
with open(os.path.join(ROOT, source), "rb") as stream:
    task = stream.read()
for fraction in (0.1, 0.3, 0.5, 0.7, 0.9):
    cut = task[: int(len(task) * fraction)]
    emit("task-yml", "taskyml", "benign" if cut.endswith(b"\n") else "damaged", f"trunc{int(fraction*100)}-task.yml", cut, f"{source} cut at {len(cut)}")
emit("task-yml", "taskyml", "damaged", "padded-5MB-task.yml", task + b"#" + b" " * (5 << 20) + b"\n", f"{source} padded with a 5 MiB comment")
emit("task-yml", "taskyml", "damaged", "padded-5MB-list-task.yml", task + b"pad:\n" + b"- 1\n" * (5 << 18), f"{source} padded with a 5 MiB list")
emit("task-yml", "taskyml", "damaged", "latin1-task.yml", task.replace(b"\n", b"\n# caf\xe9\n", 1), f"{source} a Latin-1 byte on line 2")
for label, value in (("minus1", b"-1"), ("nan", b".nan"), ("1e300", b"1.0e300"), ("2p32p1", b"4294967297"), ("string", b"fast"), ("zero", b"0"), ("empty", b"")):
    lines = [line for line in task.split(b"\n") if not line.startswith(b"roofline_speedup")]
    expect = "benign" if label in ("1e300", "2p32p1") else "damaged"
    emit("task-yml", "taskyml", expect, f"roofline-{label}-task.yml", b"\n".join(lines).rstrip(b"\n") + b"\nroofline_speedup: " + value + b"\n", f"{source} roofline_speedup: {value.decode()}")
emit("task-yml", "taskyml", "damaged", "billion-laughs-task.yml", b"a: &a [x,x,x,x,x,x,x,x,x]\n" + b"".join(b"%c: &%c [*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c,*%c]\n" % ((98 + i, 98 + i) + (97 + i,) * 9) for i in range(9)), "YAML alias bomb (9^10 leaves)")
emit("task-yml", "taskyml", "damaged", "deep-task.yml", b"x: " + b"[" * 100000 + b"\n", "100k nested flow sequences")
emit("task-yml", "taskyml", "damaged", "list-task.yml", b"- 1\n- 2\n", "a list, not a mapping")
emit("task-yml", "taskyml", "damaged", "python-tag-task.yml", task + b"evil: !!python/object/apply:os.system ['echo pwned']\n", "a python/object tag")

with open(os.path.join(OUT, "manifest.tsv"), "w") as stream:
    for row in MANIFEST:
        stream.write("\t".join(row) + "\n")
print(len(MANIFEST), "inputs")
