#!/usr/bin/env python3
"""Hostile stand-ins for the servers kfx talks to, for tests/probe/probe-hostile-servers.sh (issue 27).

  fake_servers.py serve MODE --port-file F --log L [--token T] [--key K] [--rows N]
      Serves MODE on 127.0.0.1 (a free port) until killed; writes "PORT OTHER_PORT" to F, where OTHER_PORT is a
      second server in the same process that only logs what reaches it (the target of redirects). Every request
      to either is appended to L as one JSON line: server, method, path, headers, the body's first 64 KiB.
  fake_servers.py traces SECRET
      Prints, one a line, "LABEL<TAB>TEXT": the writings of SECRET that no file kfx writes may hold (see
      `writings`), for grep -F.

MODE is one of the HF modes (the dataset viewer's /splits and /rows, answering as the modes below say) or the
LLM modes (an OpenAI-compatible /v1/chat/completions). Only the Python standard library is used.
"""
import base64
import http.server
import json
import os
import socketserver
import sys
import threading
import time
import urllib.parse

# ----------------------------------------------------------------------------------------------------------------
# How a server might write a secret it was sent. "promised": the forms README/secretredactor.h say are matched
# (as it is, JSON-escaped, percent-encoded, base64, an Authorization value); "extra": forms nobody promised, probed
# to know where the edge is.


def _pct(text, safe_alnum=True, lower=False):
    out = []
    for c in text:
        if safe_alnum and (c.isalnum() or c == "-"):
            out.append(c)
        else:
            out.append(("%%%02x" if lower else "%%%02X") % ord(c))
    return "".join(out)


def writings(secret):
    """[(label, promised, text)]: the secret as a hostile server or model may write it back."""
    b64 = base64.b64encode(secret.encode()).decode()
    basic = base64.b64encode(("kfx-user:" + secret).encode()).decode()
    return [
        ("plain", True, secret),
        ("json-u", True, "".join("\\u%04x" % ord(c) for c in secret)),
        ("json-U", True, "".join("\\u%04X" % ord(c) for c in secret)),
        ("json-slash", True, secret.replace("/", "\\/")),
        ("json-nested", True, "".join("\\\\u%04x" % ord(c) for c in secret)),
        ("pct", True, _pct(secret)),
        ("pct-lower", True, _pct(secret, lower=True)),
        ("pct-all", True, _pct(secret, safe_alnum=False)),
        ("base64", True, b64),
        ("base64-url", True, base64.urlsafe_b64encode(secret.encode()).decode()),
        ("basic-auth", True, basic),
        # every character encoded, so that none of them holds the secret's tail as it is
        ("pct-twice", False, _pct(_pct(secret, safe_alnum=False), safe_alnum=False)),
        ("html-entities", False, "".join("&#x%X;" % ord(c) for c in secret)),
        ("hex", False, secret.encode().hex()),
        ("spelled-out", False, " ".join(secret)),
    ]


def traces(secret):
    """[(label, text)]: what to grep for. Base64 forms only by their middle, which only the secret's own bytes
    make (the ends depend on the neighbouring bytes); and parts of the secret, to catch a partial redaction."""
    found = []
    for label, promised, text in writings(secret):
        kind = "promised" if promised else "extra"
        if label.startswith("base64") or label == "basic-auth":
            start = 16 if label == "basic-auth" else 8  # "kfx-user:" is 9 bytes, 12 characters of base64
            text = text[start:start + 24]
        found.append((kind + ":" + label, text))
    # a part of the secret, in case a text was cut short before (or after) it was redacted: its last 16
    # characters as they are, its first 16 as they are and its first 8 in the JSON and percent escapes
    found.append(("promised:tail", secret[-16:]))
    found.append(("promised:head", secret[:16]))
    found.append(("promised:head-json-u", "".join("\\u%04x" % ord(c) for c in secret[:8])))
    found.append(("promised:head-pct-all", _pct(secret[:8], safe_alnum=False)))
    return found


def every_writing(secret, promised_only=False):
    return " | ".join(text for _label, promised, text in writings(secret) if promised or not promised_only)


# ----------------------------------------------------------------------------------------------------------------

EVAL_COLUMNS = ["source_search", "internal_experiment", "comparison_id", "pack", "anchor_code", "candidate_code",
                "hardware", "aggregated_speedup", "true_bin", "source_id"]


def eval_row(index, extra=""):
    return {"source_search": "probe/hostile.json", "internal_experiment": "e0000_probe",
            "comparison_id": "probe/%06d" % index, "pack": "probe",
            "anchor_code": "def custom_kernel(data):\n    return data\n",
            "candidate_code": "def custom_kernel(data):\n    return data  # %d %s\n" % (index, extra),
            "hardware": "NVIDIA H100 80GB HBM3", "aggregated_speedup": 1.5, "true_bin": 5,
            "source_id": "probe/%d" % index}


class State:
    def __init__(self, mode, log, token, key, rows):
        self.mode, self.log_path, self.token, self.key, self.total = mode, log, token, key, rows
        self.lock = threading.Lock()
        self.requests = 0
        self.other_port = 0

    def count(self):
        with self.lock:
            self.requests += 1
            return self.requests

    def log(self, server, handler, body):
        entry = {"t": round(time.time(), 3), "server": server, "method": handler.command, "path": handler.path,
                 "headers": dict(handler.headers.items()), "body": body[:65536].decode("utf-8", "replace")}
        with self.lock, open(self.log_path, "a") as out:
            out.write(json.dumps(entry) + "\n")


def echo_of(headers, secret):
    """What a server that echoes the request writes back: its headers, and the secret in every writing."""
    lines = "\n".join("%s: %s" % item for item in headers.items())
    return {"message": "Invalid credentials. You sent:\n" + lines, "echo": dict(headers.items()),
            "writings": every_writing(secret)}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None
    role = "main"

    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type="application/json", headers=()):
        data = body if isinstance(body, bytes) else (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_GET(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def handle_any(self):
        body = self.body()
        self.state.log(self.role, self, body)
        if self.role != "main":
            return self.reply(200, {"error": "you followed a redirect to the other server"})
        n = self.state.count()
        mode = self.state.mode
        if mode.startswith("hf-"):
            return self.hf(mode, n)
        return self.llm(mode, n, body)

    # -------------------------------------------------------------------------------------------------- HF
    def hf(self, mode, n):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        token = self.state.token
        auth = self.headers.get("Authorization", "")
        if mode == "hf-stall" or (mode == "hf-stall-once" and n == 1):
            time.sleep(3600)
            return None
        if mode.startswith("hf-redirect"):
            target = {"hf-redirect-other": "http://127.0.0.1:%d%s" % (self.state.other_port, self.path),
                      "hf-redirect-rows": "http://127.0.0.1:%d%s" % (self.state.other_port, self.path),
                      "hf-redirect-file": "file:///etc/passwd",
                      "hf-redirect-loop": self.path}[mode]
            if url.path == ("/rows" if mode == "hf-redirect-rows" else "/splits"):
                return self.reply(302 if n % 2 else 307, {"error": "moved"}, headers=[("Location", target)])
        if url.path == "/splits":
            return self.hf_splits(mode, n, auth, token)
        if url.path == "/rows":
            return self.hf_rows(mode, n, query, auth, token)
        return self.reply(404, {"error": "no such path " + url.path})

    def hf_splits(self, mode, n, auth, token):
        config, split = "combined", "eval"
        if mode == "hf-echo-splits-404":
            return self.reply(404, {"error": "dataset not found. " + json.dumps(echo_of(self.headers, token))})
        if mode == "hf-echo-splits-401":
            return self.reply(401, {"error": "bad token " + auth + " " + every_writing(token)})
        if mode == "hf-echo-500-retries" and n <= 2:
            return self.reply(500, "upstream failed for " + auth + " " + every_writing(token), "text/plain",
                              headers=[("Retry-After", "0")])
        if mode == "hf-echo-429-retries" and n <= 2:
            return self.reply(429, {"error": "slow down " + auth + " " + every_writing(token)},
                              headers=[("Retry-After", "0")])
        if mode == "hf-escape-names":
            config, split = "../../../../../../tmp/kfxesc-config", "../../kfxesc-split/../../x"
        if mode == "hf-escape-absolute":
            config, split = "/tmp/kfxesc-abs", "/tmp/kfxesc-abs-split"
        if mode == "hf-escape-dots":
            config, split = "..", ".."
        if mode == "hf-escape-control":
            config, split = "kfxesc\n\r\x00\x1b[31m\\..\\..", "kfxesc\t..%2F..%2Fx"
        if mode == "hf-token-in-config":
            config, split = token, "eval"
        if mode == "hf-always-503":
            return self.reply(503, {"error": "overloaded"})
        return self.reply(200, {"splits": [{"dataset": "x", "config": config, "split": split}],
                                "pending": [], "failed": []})

    def hf_rows(self, mode, n, query, auth, token):
        offset = int(query.get("offset", "0"))
        length = int(query.get("length", "100"))
        total = self.state.total
        count = max(0, min(length, total - offset))
        columns = list(EVAL_COLUMNS)
        extra = ""
        partial = False
        indices = list(range(offset, offset + count))
        if mode == "hf-changing-total":
            total = self.state.total + n
            count = max(0, min(length, total - offset))
            indices = list(range(offset, offset + count))
        elif mode == "hf-shrinking-total":
            total = max(1, self.state.total - 37 * n)
        elif mode == "hf-inconsistent-total":  # the page holds rows beyond the total it states
            total = offset + max(1, count // 2)
        elif mode == "hf-over-limit-page":  # more rows than asked for
            indices = list(range(offset, offset + length + 50))
            total = offset + length + 50 + 100
        elif mode == "hf-huge-total":
            total = 10 ** 15
        elif mode == "hf-negative-total":
            total = -100
        elif mode == "hf-oversize-body":  # over the client's 16 MiB limit
            extra = "x" * (17 * 1024 * 1024)
            indices = indices[:1]
        elif mode == "hf-one-row-pages":  # a huge split served a row a time: only the request cap ends it
            total = 1000000
            indices = [offset]
        elif mode == "hf-wrong-row-idx":
            indices = [i + 1 for i in indices]
        elif mode == "hf-partial":
            partial = True
        elif mode == "hf-empty-pages":
            indices = []
        elif mode == "hf-echo-rows-400":
            return self.reply(400, {"error": "offset not allowed for " + auth + ": " + every_writing(token)})
        elif mode == "hf-echo-rows-notjson":
            return self.reply(200, "<html>" + auth + " " + every_writing(token) + "</html>", "text/html")
        elif mode == "hf-token-in-columns":
            columns = [c + token if c == "pack" else c for c in columns]
        elif mode == "hf-token-in-rows":
            extra = auth + " " + every_writing(token, promised_only=True)
        elif mode == "hf-always-503":
            return self.reply(503, {"error": "overloaded"})
        rows = []
        for i in indices:
            row = eval_row(i, extra)
            if mode == "hf-token-in-columns":
                row["pack" + token] = row.pop("pack")
            entry = {"row_idx": i, "row": row, "truncated_cells": []}
            if mode == "hf-truncated-forever":
                entry["truncated_cells"] = ["candidate_code"]
            rows.append(entry)
        page = {"features": [{"feature_idx": k, "name": c, "type": {"dtype": "string", "_type": "Value"}}
                             for k, c in enumerate(columns)],
                "rows": rows, "num_rows_total": total, "num_rows_per_page": 100, "partial": partial}
        return self.reply(200, page)

    # ------------------------------------------------------------------------------------------------- LLM
    def llm(self, mode, n, body):
        key = self.state.key
        try:
            request = json.loads(body or b"{}")
        except ValueError:
            request = {}
        surrogate = "tools" in request
        behaviours = {"llm-echo-401": ["401"], "llm-echo-500": ["500"], "llm-repeat-key": ["repeat"],
                      "llm-notjson-echo": ["notjson"], "llm-mixed": ["401", "repeat", "500", "notjson", "badargs"],
                      "llm-plain": ["plain"], "llm-plain-slow": ["plain-slow"]}[mode]
        behaviour = behaviours[(n - 1) % len(behaviours)]
        if behaviour == "401":
            return self.reply(401, {"error": {"message": "Incorrect API key provided: " + key.replace("/", "\\/"),
                                              "type": "invalid_request_error", "code": "invalid_api_key",
                                              "request": echo_of(self.headers, key)}})
        if behaviour == "500":
            return self.reply(500, "Internal error while serving " + self.headers.get("Authorization", "")
                              + "\n" + every_writing(key), "text/plain", headers=[("Retry-After", "0")])
        if behaviour == "notjson":
            return self.reply(200, "<html><body>Gateway says " + self.headers.get("Authorization", "") + " "
                              + every_writing(key) + "</body></html>", "text/html")
        if surrogate:
            reasoning = "Plain." if behaviour.startswith("plain") else "The key you sent is " + every_writing(key)
            arguments = {"predicted_bin": 6, "p_severe_slowdown": 0.0, "p_significant_slowdown": 0.0,
                         "p_moderate_slowdown": 0.05, "p_minor_slowdown": 0.05, "p_minor_speedup": 0.2,
                         "p_significant_speedup": 0.5, "p_high_speedup": 0.15, "p_extreme_speedup": 0.05,
                         "reasoning": reasoning}
            text = json.dumps(arguments)
            if behaviour == "badargs":  # not JSON: the parse error quotes what it could not read
                text = "{predicted_bin: six, key: " + every_writing(key) + "}"
            message = {"role": "assistant", "content": None,
                       "reasoning_content": reasoning,
                       "tool_calls": [{"id": "call_0", "type": "function",
                                       "function": {"name": "submit_kernel_runtime_estimate", "arguments": text}}]}
            finish = "tool_calls"
        else:
            said = "" if behaviour.startswith("plain") else every_writing(key)
            runtime = 4000 + 500 * (n % 7)
            delay = " delay_ms=400" if behaviour == "plain-slow" else ""
            message = {"role": "assistant",
                       "content": "Here is a faster kernel. Your key: %s\n```cuda\n// kfx-standin: runtime_ns=%d%s\n"
                                  "// %s\nextern \"C\" __global__ void k() { /* %d */ }\n```\n"
                                  % (said, runtime, delay, said, n)}
            if behaviour == "badargs":
                message["content"] = "I cannot help with " + every_writing(key) + " (no code block)"
            finish = "stop"
        reply = {"id": "chatcmpl-probe-%d" % n, "object": "chat.completion", "model": request.get("model", "m"),
                 "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                 "usage": {"prompt_tokens": 1200, "completion_tokens": 340}}
        return self.reply(200, json.dumps(reply).replace("/", "\\/"))


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(argv):
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--token", default="")
    parser.add_argument("--key", default="")
    parser.add_argument("--rows", type=int, default=150)
    args = parser.parse_args(argv)
    state = State(args.mode, args.log, args.token, args.key, args.rows)
    handlers = {}
    for role in ("main", "other"):
        handlers[role] = type("Handler_" + role, (Handler,), {"state": state, "role": role})
    main = Server(("127.0.0.1", 0), handlers["main"])
    other = Server(("127.0.0.1", 0), handlers["other"])
    state.other_port = other.server_address[1]
    threading.Thread(target=other.serve_forever, daemon=True).start()
    with open(args.port_file + ".tmp", "w") as out:
        out.write("%d %d\n" % (main.server_address[1], other.server_address[1]))
    os.rename(args.port_file + ".tmp", args.port_file)
    main.serve_forever()


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "serve":
        return serve(sys.argv[2:])
    if len(sys.argv) == 3 and sys.argv[1] == "traces":
        for label, text in traces(sys.argv[2]):
            print(label + "\t" + text)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
