"""The event timer against a simulated device on the CPU: work on a side stream, which spec §5.1's events on the
current stream do not see (issue 26's 17x), is inside the robust protocol's sample and shows as hidden work in the
reference protocol's host-to-device ratio."""

import os
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import add_harness_to_path  # noqa: E402

add_harness_to_path()
import timing  # noqa: E402
from timing import EventTimer, hidden_work  # noqa: E402

LAUNCH_NS = 5_000  # what a launch costs the host


class SimulatedDevice:
    """One host clock and streams that each run their work in order; an event completes when its stream has
    finished everything queued before it, as a CUDA event does."""

    def __init__(self):
        self.now = 0
        self.busy_until = {"current": 0, "side": 0}

    def launch(self, stream: str, duration_ns: int):
        self.busy_until[stream] = max(self.busy_until[stream], self.now) + duration_ns
        self.now += LAUNCH_NS

    def record(self, event: dict):
        event["at"] = max(self.now, self.busy_until["current"])

    def synchronize(self):
        self.now = max(self.now, *self.busy_until.values())

    def timer(self, wait_all_streams: bool) -> EventTimer:
        return EventTimer(dict, self.record, lambda start, end: (end["at"] - start["at"]) / 1e6, self.synchronize,
                          wait_all_streams, "simulated")


class SideStream(unittest.TestCase):
    def sample(self, stream: str, wait_all_streams: bool):
        device = SimulatedDevice()
        with mock.patch.object(timing, "clock_ns", lambda: device.now):
            return device.timer(wait_all_streams).time_ns(lambda: device.launch(stream, 1_000_000))[:2]

    def test_spec_events_miss_side_stream_work_and_the_host_clock_sees_it(self):
        device_ns, host_ns = self.sample("side", wait_all_streams=False)
        self.assertEqual(device_ns, LAUNCH_NS)  # the events see only the launch: 200x too fast
        self.assertEqual(host_ns, 1_000_000)
        self.assertEqual(hidden_work([device_ns], [host_ns])[0], 1)

    def test_robust_sample_ends_after_every_stream(self):
        device_ns, host_ns = self.sample("side", wait_all_streams=True)
        self.assertEqual(device_ns, 1_000_000)
        self.assertEqual(hidden_work([device_ns], [host_ns])[0], 0)

    def test_current_stream_work_reads_the_same_either_way(self):
        for wait_all_streams in (False, True):
            device_ns, host_ns = self.sample("current", wait_all_streams)
            self.assertEqual(device_ns, 1_000_000)
            self.assertEqual(hidden_work([device_ns], [host_ns])[0], 0)

    def test_launch_bound_kernels_are_not_hidden_work(self):
        # 5 us on the device, 20 us on the host (launch and synchronisation latency): under the floor.
        self.assertEqual(hidden_work([5_000] * 10, [20_000] * 10)[0], 0)
        self.assertEqual(hidden_work([5_000] * 10, [80_000] * 10)[0], 10)


if __name__ == "__main__":
    unittest.main()
