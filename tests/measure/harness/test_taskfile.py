"""A GPU MODE task.yml that is no task (issue 27): padded to 100 MB, cut off, or not UTF-8; a reference.py that
leaves the task or is no file. Each is refused with a message naming the file (and the line, where there is one),
quickly; the fixture's own task still loads."""

import os
import shutil
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import VECTOR_ADD, add_harness_to_path  # noqa: E402

add_harness_to_path()

from gpumode import GpuModeTask  # noqa: E402
from outcomes import InfrastructureFailure  # noqa: E402


class TaskFileTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp()
        self.task = os.path.join(self.directory, "vector_add")
        shutil.copytree(VECTOR_ADD, self.task)
        self.path = os.path.join(self.task, "task.yml")
        with open(self.path, "rb") as stream:
            self.original = stream.read()

    def tearDown(self):
        shutil.rmtree(self.directory)

    def refusal(self, data: bytes, within_seconds: float = 60.0) -> str:
        with open(self.path, "wb") as stream:
            stream.write(data)
        started = time.monotonic()
        with self.assertRaises(InfrastructureFailure) as caught:
            GpuModeTask(self.task, budget_ns=1e6)
        self.assertLess(time.monotonic() - started, within_seconds)
        return caught.exception.fields["reason"]

    def test_the_fixture_loads(self):
        self.assertEqual(GpuModeTask(self.task, budget_ns=1e6).roofline_speedup, None)

    def test_a_padded_file_is_refused_quickly(self):
        message = self.refusal(self.original + b"# padding\n" * 100_000, within_seconds=1.0)  # 1 MB
        self.assertTrue(message.startswith(self.path + ": larger than"), message)

    def test_a_cut_off_roofline_is_refused(self):
        data = self.original + b"roofline_speedup: 20\n"
        line = data.count(b"\n")  # the roofline's
        for cut in (len(data) - 1, len(data) - 3):  # the newline gone, and the value too
            message = self.refusal(data[:cut])
            self.assertEqual(message, f"{self.path}:{line}: ends mid-line; is the file cut off?")
        message = self.refusal(self.original + b"roofline_speedup:\n")
        self.assertEqual(message, f"{self.path}:{line}: roofline_speedup must be a number above 0, not None")

    def test_a_roofline_that_is_no_number_is_refused(self):
        message = self.refusal(self.original + b"roofline_speedup: fast\n")
        line = self.original.count(b"\n") + 1
        self.assertIn(f"{self.path}:{line}: roofline_speedup must be a number above 0", message)

    def test_encoding_errors_name_the_file_and_line(self):
        message = self.refusal(self.original + b"description: caf\xe9\n")
        line = self.original.count(b"\n") + 1
        self.assertEqual(message, f"{self.path}:{line}: not UTF-8 (byte 0xe9)")

    def test_a_reference_that_leaves_the_task_is_refused(self):
        """The hostile-server probe's finding: a reference.py linked to a file outside the task was imported."""
        reference = os.path.join(self.task, "reference.py")
        outside = os.path.join(self.directory, "elsewhere.py")
        shutil.move(reference, outside)
        os.symlink(outside, reference)
        with self.assertRaises(InfrastructureFailure) as caught:
            GpuModeTask(self.task, budget_ns=1e6)
        self.assertEqual(caught.exception.fields["reason"],
                         f"{reference}: the task's reference must be a regular file inside the task (it is "
                         f"{os.path.realpath(outside)})")

    def test_a_reference_that_is_a_fifo_is_refused_at_once(self):
        reference = os.path.join(self.task, "reference.py")
        os.remove(reference)
        os.mkfifo(reference)
        started = time.monotonic()
        with self.assertRaises(InfrastructureFailure):
            GpuModeTask(self.task, budget_ns=1e6)
        self.assertLess(time.monotonic() - started, 5.0)

    def test_a_link_inside_the_task_is_the_tasks(self):
        reference = os.path.join(self.task, "reference.py")
        shutil.move(reference, os.path.join(self.task, "reference_impl.py"))
        os.symlink("reference_impl.py", reference)
        self.assertEqual(GpuModeTask(self.task, budget_ns=1e6).roofline_speedup, None)


if __name__ == "__main__":
    unittest.main()
