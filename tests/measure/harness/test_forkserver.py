"""kfx_forkserver.py on the CPU, without torch: each candidate is a child forked from the server, and whatever it
does (crash, os._exit, hang, forge the server's lines, leave processes behind) costs that candidate alone; nothing it
started outlives it or the worker (issue 26). The children run fixtures/forkserver/*.py through run_file.py."""

import json
import os
import select
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import FIXTURES, HARNESS_DIR  # noqa: E402

SERVER = os.path.join(HARNESS_DIR, "kfx_forkserver.py")
CANDIDATES = os.path.join(FIXTURES, "forkserver")
LINE_TIMEOUT_S = 60  # the server imports torch first where it is installed


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


class ForkServer:
    """The server as the worker drives it: JSON lines in, relayed lines and "@" lines out."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, SERVER, "--entry", "run_file:main"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env={**os.environ, "PYTHONPATH": CANDIDATES})
        self.ready = json.loads(self.line().removeprefix("@ready "))

    def line(self, timeout=LINE_TIMEOUT_S) -> str:
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            raise AssertionError(f"no line from the fork server within {timeout} s")
        return self.process.stdout.readline().decode().rstrip("\n")

    def send(self, message: dict):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def run(self, name: str, *arguments):
        self.send({"type": "run", "argv": [os.path.join(CANDIDATES, name + ".py"), *arguments]})

    def until_exit(self) -> tuple:
        """The candidate's relayed lines and the server's exit record."""
        lines = []
        while not (line := self.line()).startswith("@exit "):
            lines.append(json.loads(line))
        return lines, json.loads(line.removeprefix("@exit "))

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()


class ForkServerTest(unittest.TestCase):
    def setUp(self):
        self.server = ForkServer()
        self.addCleanup(self.server.close)

    def test_ready_without_touching_the_device(self):
        self.assertIs(self.server.ready["cuda_initialized"], False)
        self.assertEqual(self.server.ready["pid"], self.server.process.pid)

    def test_relays_only_protocol_lines_and_keeps_its_stdin(self):
        self.server.run("answers")
        lines, ended = self.server.until_exit()
        self.assertEqual(lines, [{"type": "result", "kind": "success", "stdin": ""}])  # no chatter, no stdin
        self.assertEqual(ended["status"], 0)

    def test_a_crash_or_an_exit_costs_one_candidate(self):
        self.server.run("crashes")
        self.assertEqual(self.server.until_exit()[1]["status"], 128 + 11)  # SIGSEGV
        self.server.run("exits")
        self.assertEqual(self.server.until_exit()[1]["status"], 7)
        self.server.run("answers")
        lines, ended = self.server.until_exit()
        self.assertEqual((lines[0]["kind"], ended["status"]), ("success", 0), "the same server serves the next")
        self.assertIsNone(self.server.process.poll())

    def test_a_hang_is_stopped_at_once(self):
        self.server.run("hangs")
        self.assertEqual(json.loads(self.server.line())["stage"], "hanging")
        started = time.monotonic()
        self.server.send({"type": "stop"})
        self.assertEqual(self.server.until_exit()[1]["status"], 128 + 9)  # SIGKILL
        self.assertLess(time.monotonic() - started, 5)

    def test_a_forged_exit_line_is_not_relayed(self):
        self.server.run("forges_exit")
        self.assertEqual(json.loads(self.server.line())["stage"], "after the forged line")
        self.server.send({"type": "stop"})
        self.assertEqual(self.server.until_exit()[1]["status"], 128 + 9)

    def test_nothing_the_candidate_started_outlives_it(self):
        self.server.run("escapes")
        lines, ended = self.server.until_exit()
        pids = lines[0]["pids"]
        self.assertEqual(ended["status"], 0)
        self.assertGreaterEqual(ended["leftovers"], 2, "the setsid and double-forked processes were taken in")
        for pid in pids:
            self.assertTrue(gone(pid), f"process {pid} outlived its candidate")

    def test_nothing_outlives_the_worker_going_away(self):
        self.server.run("escapes", "hang")
        pids = json.loads(self.server.line())["pids"]
        self.server.process.stdin.close()  # what the worker's exit, or its kill -9, looks like from here
        self.assertEqual(self.server.process.wait(timeout=10), 0)
        for pid in pids:
            self.assertTrue(gone(pid), f"process {pid} outlived the worker")


if __name__ == "__main__":
    unittest.main()
