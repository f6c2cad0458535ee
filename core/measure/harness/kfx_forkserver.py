#!/usr/bin/env python3
"""kfx-measure's pre-started interpreter: imports torch and Triton once, then forks a fresh child per candidate.

A fresh Python process per candidate spent ~4 s of a Triton candidate's 5.2-6.0 s importing torch (issue 26,
MEASUREMENTS.md). A forked child starts with those imports done, and keeps what a fresh process gave: the candidate
runs in a process of its own, so a crash, a hang, os._exit or a CUDA fault costs one result and never this server.
CUDA cannot be initialised before a fork (the child's context would be unusable), so the server imports but never
touches the device; the ready line says torch.cuda.is_initialized() was false.

Lines on stdin (from the worker):
    {"type": "run", "argv": [...]}   fork a child that runs the entry point (kfx_harness.main_forked) with argv
    {"type": "stop"}                 kill the running candidate now (a timeout, a cancel)
    end of input                     the worker went away: kill the running candidate and exit
Lines on stdout: the child's lines that start with "{" (the harness's JSON lines), relayed as they came, and the
server's own lines, which start with "@": `@ready {...}` once the imports are done, `@exit {"status": N,
"leftovers": K}` after each candidate (N as a shell reports it: the exit code, or 128 + the signal). The child
never holds the server's stdout, so it cannot forge an "@" line.

Nothing a candidate starts outlives it: the child leads a session of its own, and the server is the child subreaper
of everything below it, so a grandchild that called setsid() or double-forked comes back to the server when its
parent dies. After each candidate the server kills the child's process group, then every process left below it.
"""

import argparse
import ctypes
import importlib
import json
import os
import select
import signal
import sys
import time
import traceback

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
# Imported before forking because each takes seconds (torch ~4 s); a missing one is the child's to report.
PRELOADED = ("torch", "triton", "triton.language", "numpy", "yaml")
# The harness's own modules, also imported once: none of them touches the device when imported.
PRELOADED_HARNESS = ("kfx_harness", "protocols", "gpumode", "kernelbench")
READ_CHUNK = 1 << 16

_libc = ctypes.CDLL(None, use_errno=True)


def _prctl(option: int, value: int):
    if _libc.prctl(option, value, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), f"prctl({option}) failed")


# The worker's end of stdout, moved off fd 1 (which points at stderr from then on) so that an import printing
# something cannot break the protocol; a child closes it.
_protocol_fd = 1


def _write(line: str):
    data = (line + "\n").encode()
    while data:
        data = data[os.write(_protocol_fd, data):]


def _preload(names) -> list:
    loaded = []
    for name in names:
        try:
            importlib.import_module(name)
            loaded.append(name)
        except Exception:  # noqa: BLE001 (an import may fail in any way; the child meets it again and says so)
            continue
    return loaded


def _cuda_initialized() -> bool:
    torch = sys.modules.get("torch")
    return bool(torch is not None and torch.cuda.is_initialized())


def _exit_status(wait_status: int) -> int:
    return os.WEXITSTATUS(wait_status) if os.WIFEXITED(wait_status) else 128 + os.WTERMSIG(wait_status)


def _children() -> list:
    """This process's children, found by their parent id: processes the subreaper took in are among them."""
    own = os.getpid()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                # The name in parentheses may hold spaces: fields after its closing parenthesis are fixed.
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue  # it ended while we looked
        if int(fields[1]) == own:
            found.append(int(entry))
    return found


def _kill_leftovers() -> int:
    """Kills every process below the server and reaps it. A killed process's own children come back to the
    subreaper and are found on the next round; none can fork once SIGKILL reached it, so the rounds end."""
    killed = 0
    while children := _children():
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in children:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        killed += len(children)
    return killed


class Candidate:
    """One forked child running the entry point, its output pipe and a pidfd that says when it has gone."""

    def __init__(self, entry, argv):
        self._lines = b""
        read_end, write_end = os.pipe()
        server = os.getpid()
        self.pid = os.fork()
        if self.pid == 0:
            self._become_child(entry, argv, server, read_end, write_end)
        os.close(write_end)
        self.output = read_end
        self.pidfd = os.pidfd_open(self.pid)

    @staticmethod
    def _become_child(entry, argv, server, read_end, write_end):
        code = 1
        try:
            os.setsid()  # its own session and process group: one kill reaches what it started there
            _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != server:  # the server died before the line above took effect
                os._exit(code)
            os.close(read_end)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)  # the server's control channel is not the candidate's to read
            os.dup2(write_end, 1)  # nor is its stdout: the child writes into its own pipe, which the server relays
            os.close(null)
            os.close(write_end)
            os.close(_protocol_fd)
            entry(argv)
            code = 0
        except SystemExit as exit_request:
            code = exit_request.code if isinstance(exit_request.code, int) else 1
        except BaseException:  # noqa: BLE001 (whatever escapes the entry point ends this child, never the server)
            traceback.print_exc()
        finally:
            os._exit(code)

    def relay(self):
        """Forwards what the child wrote: whole lines that start with "{"; anything else is not the protocol's."""
        data = os.read(self.output, READ_CHUNK)
        if not data:
            os.close(self.output)
            self.output = None
            data = b"\n"  # a last line without its newline is still relayed
        self._lines += data
        *complete, self._lines = self._lines.split(b"\n")
        for line in complete:
            if line.startswith(b"{"):
                _write(line.decode("utf-8", "replace"))

    def finish(self) -> dict:
        """Kills the child if it still runs and everything it started, reaps it, and relays the rest of its
        output."""
        try:
            os.killpg(self.pid, signal.SIGKILL)  # its process group, which outlives the leader
        except ProcessLookupError:
            pass
        _, wait_status = os.waitpid(self.pid, 0)
        os.close(self.pidfd)
        leftovers = _kill_leftovers()
        while self.output is not None:  # every writer is gone now, so this reaches the end
            self.relay()
        return {"status": _exit_status(wait_status), "leftovers": leftovers}


class Server:
    def __init__(self, entry):
        self._entry = entry
        self._input = b""
        self._candidate = None

    def _commands(self):
        """The whole lines read from stdin so far, parsed; None at the end of input."""
        data = os.read(0, READ_CHUNK)
        if not data:
            return None
        self._input += data
        *complete, self._input = self._input.split(b"\n")
        return [json.loads(line) for line in complete if line.strip()]

    def serve(self):
        while True:
            watched = [0]
            if self._candidate is not None:
                watched += [self._candidate.pidfd] + ([self._candidate.output] if self._candidate.output else [])
            ready, _, _ = select.select(watched, [], [])
            if self._candidate is not None and self._candidate.output in ready:
                self._candidate.relay()
            if self._candidate is not None and self._candidate.pidfd in ready:
                self._end_candidate()
            if 0 in ready:
                commands = self._commands()
                if commands is None:  # the worker went away: nothing of the candidate's may run on
                    if self._candidate is not None:
                        self._candidate.finish()
                    return
                for command in commands:
                    self._obey(command)

    def _obey(self, command: dict):
        if command.get("type") == "run" and self._candidate is None:
            self._candidate = Candidate(self._entry, command["argv"])
        elif command.get("type") == "stop" and self._candidate is not None:
            self._end_candidate()

    def _end_candidate(self):
        ended = self._candidate.finish()
        self._candidate = None
        _write("@exit " + json.dumps(ended))


def _entry_point(name: str):
    module, function = name.split(":")
    return getattr(importlib.import_module(module), function)


def main():
    started = time.perf_counter()
    parser = argparse.ArgumentParser(description="Forks a fresh child per candidate from an interpreter that has "
                                     "imported torch and Triton; JSON lines on stdin and stdout (see the docstring).")
    parser.add_argument("--entry", default="kfx_harness:main_forked",
                        help="module:function the child calls with the run's argv (tests name their own)")
    arguments = parser.parse_args()
    global _protocol_fd
    _protocol_fd = os.dup(1)
    os.dup2(2, 1)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    preloaded = _preload(PRELOADED + PRELOADED_HARNESS)
    entry = _entry_point(arguments.entry)
    if _cuda_initialized():  # every child would fail to use the GPU: say why once, and let the worker report it
        sys.exit("kfx_forkserver: an import initialised CUDA before any fork, so no forked child could use it")
    # threads: a child gets only the forking thread, so a lock another thread held at the fork stays held in it.
    _write("@ready " + json.dumps({"preloaded": preloaded, "cuda_initialized": _cuda_initialized(),
                                   "threads": len(os.listdir("/proc/self/task")),
                                   "startup_ms": (time.perf_counter() - started) * 1e3, "pid": os.getpid()}))
    Server(entry).serve()


if __name__ == "__main__":
    main()
