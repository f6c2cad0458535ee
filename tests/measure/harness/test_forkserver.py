"""kfx_forkserver.py on the CPU, without torch: each candidate is a child forked from the server, and whatever it
does (crash, os._exit, hang, forge the server's lines, leave processes behind) costs that candidate alone; nothing it
started outlives it or the worker (issue 26). The children run fixtures/forkserver/*.py through run_file.py."""

import json
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import subprocess  # noqa: E402

from harnessrun import FIXTURES, ForkServer, PipeLines  # noqa: E402

CANDIDATES = os.path.join(FIXTURES, "forkserver")
LINE_TIMEOUT_S = 60  # the server imports torch first where it is installed


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


class PipeLinesTest(unittest.TestCase):
    def test_two_lines_written_together_are_both_read_at_once(self):
        """measure_attacks_cpu hung 300 s on a fresh CI machine: the helper's buffered readline() took a candidate's
        last line and the server's "@exit" from the pipe together, and waited on the pipe for the second."""
        child = subprocess.Popen([sys.executable, "-c", "import os, time; os.write(1, b'first\\nsecond\\n'); "
                                  "time.sleep(30)"], stdout=subprocess.PIPE, bufsize=0)
        self.addCleanup(child.wait)
        self.addCleanup(child.kill)
        lines = PipeLines(child.stdout)
        self.assertEqual(lines.line(10), "first")
        started = time.monotonic()
        self.assertEqual(lines.line(5), "second")
        self.assertLess(time.monotonic() - started, 1)


class ForkServerTest(unittest.TestCase):
    def setUp(self):
        self.server = ForkServer("run_file:main", {**os.environ, "PYTHONPATH": CANDIDATES})
        self.addCleanup(self.server.close)

    def run_candidate(self, name: str, *arguments):
        self.server.send({"type": "run", "argv": [os.path.join(CANDIDATES, name + ".py"), *arguments]})

    def test_ready_without_touching_the_device(self):
        self.assertIs(self.server.ready["cuda_initialized"], False)
        self.assertEqual(self.server.ready["pid"], self.server.process.pid)

    def test_relays_only_protocol_lines_and_keeps_its_stdin(self):
        self.run_candidate("answers")
        lines, ended = self.server.until_exit()
        self.assertEqual(lines, [{"type": "result", "kind": "success", "stdin": ""}])  # no chatter, no stdin
        self.assertEqual(ended["status"], 0)

    def test_a_crash_or_an_exit_costs_one_candidate(self):
        self.run_candidate("crashes")
        self.assertEqual(self.server.until_exit()[1]["status"], 128 + 11)  # SIGSEGV
        self.run_candidate("exits")
        self.assertEqual(self.server.until_exit()[1]["status"], 7)
        self.run_candidate("answers")
        lines, ended = self.server.until_exit()
        self.assertEqual((lines[0]["kind"], ended["status"]), ("success", 0), "the same server serves the next")
        self.assertIsNone(self.server.process.poll())

    def test_a_hang_is_stopped_at_once(self):
        self.run_candidate("hangs")
        self.assertEqual(json.loads(self.server.line(LINE_TIMEOUT_S))["stage"], "hanging")
        started = time.monotonic()
        self.server.send({"type": "stop"})
        self.assertEqual(self.server.until_exit()[1]["status"], 128 + 9)  # SIGKILL
        self.assertLess(time.monotonic() - started, 5)

    def test_a_forged_exit_line_is_not_relayed(self):
        self.run_candidate("forges_exit")
        self.assertEqual(json.loads(self.server.line(LINE_TIMEOUT_S))["stage"], "after the forged line")
        self.server.send({"type": "stop"})
        self.assertEqual(self.server.until_exit()[1]["status"], 128 + 9)

    def test_nothing_the_candidate_started_outlives_it(self):
        self.run_candidate("escapes")
        lines, ended = self.server.until_exit()
        pids = lines[0]["pids"]
        self.assertEqual(ended["status"], 0)
        self.assertGreaterEqual(ended["leftovers"], 2, "the setsid and double-forked processes were taken in")
        for pid in pids:
            self.assertTrue(gone(pid), f"process {pid} outlived its candidate")

    def test_nothing_outlives_the_worker_going_away(self):
        self.run_candidate("escapes", "hang")
        pids = json.loads(self.server.line(LINE_TIMEOUT_S))["pids"]
        self.server.process.stdin.close()  # what the worker's exit, or its kill -9, looks like from here
        self.assertEqual(self.server.process.wait(timeout=10), 0)
        for pid in pids:
            self.assertTrue(gone(pid), f"process {pid} outlived the worker")


if __name__ == "__main__":
    unittest.main()
