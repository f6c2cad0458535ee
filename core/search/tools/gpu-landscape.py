#!/usr/bin/env python3
"""Measures a list of kernels once each with kfx-measure, one worker per GPU (issue 24's landscape).

Usage: gpu-landscape.py --worker W --list FILE --out RESULTS.jsonl --seconds S [--gpus N] [--timeout-s T]

FILE holds one "TASK_DIR<TAB>KERNEL_FILE" per line, in the order to measure them. Each GPU has its own worker
(CUDA_VISIBLE_DEVICES), so no two kernels run on one GPU at once and every timing is undisturbed. Every result is
appended to RESULTS.jsonl as soon as it comes, with the kernel's file, the GPU and the wall time, so a call cut
short keeps what it measured; a kernel still running at the deadline is left out (it is measured next time).
A sticky CUDA error ends the worker (PROTOCOL.md): the next kernel starts a fresh one. A kernel with no result
within T seconds is recorded as a timeout and its worker killed; one whose worker died without answering is
recorded as worker_lost.
"""
import argparse
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time


class Worker:
    def __init__(self, command, gpu):
        env = dict(os.environ, CUDA_VISIBLE_DEVICES=str(gpu))
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env, start_new_session=True)
        self.buffer = b""

    def alive(self):
        return self.process.poll() is None

    def send(self, request):
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()

    def result(self, request_id, deadline):
        """The request's result line, "eof" when the worker closed its output, or None past the deadline."""
        fd = self.process.stdout.fileno()
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if message.get("type") == "result" and message.get("id") == request_id:
                    return message
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return "eof"
            self.buffer += chunk

    def kill(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()


def measure(worker, number, task, kernel, stop_at, timeout_s):
    """The worker's result for one kernel, "eof" or None (see Worker.result)."""
    request_id = str(number)
    try:
        worker.send({"protocol": 1, "id": request_id, "type": "measure", "task": task, "candidate": kernel,
                     "timing": "robust", "raw_samples": True})
    except BrokenPipeError:
        return "eof"
    return worker.result(request_id, min(time.monotonic() + timeout_s, stop_at))


def serve(gpu, command, jobs, out, lock, stop_at, timeout_s):
    worker = None
    while True:
        try:
            number, task, kernel = jobs.get_nowait()
        except queue.Empty:
            break
        if time.monotonic() > stop_at - 2:
            break
        started = time.monotonic()
        # A worker that lost its output before answering is replaced and asked once more.
        for _ in range(2):
            if worker is None:
                worker = Worker(command, gpu)
            result = measure(worker, number, task, kernel, stop_at, timeout_s)
            if result != "eof":
                break
            worker.kill()
            worker = None
        wall = time.monotonic() - started
        if result is None:
            worker.kill()
            worker = None
            if time.monotonic() >= stop_at - 0.5 and started + timeout_s > stop_at:
                break  # cut short by the call's end: measured next time
            result = {"kind": "timeout", "runtime_error_name": "Timeout",
                      "runtime_error": f"no result within {timeout_s} s; the worker was stopped"}
        elif result == "eof":
            result = {"kind": "infrastructure_failure", "worker_lost": True,
                      "reason": "the worker exited twice without answering"}
        elif result.get("sticky"):
            # The worker exits after a sticky error (PROTOCOL.md); waiting for that keeps the next request from
            # being written to a process on its way out.
            try:
                worker.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()
            worker = None
        record = {"task": task, "kernel": kernel, "gpu": gpu, "wall_s": round(wall, 3), "result": result}
        with lock:
            out.write(json.dumps(record) + "\n")
            out.flush()
    if worker is not None and worker.alive():
        worker.send({"protocol": 1, "id": "bye", "type": "shutdown"})
        try:
            worker.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", required=True)
    parser.add_argument("--list", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--gpus", type=int, default=1)
    parser.add_argument("--timeout-s", type=float, default=60)
    args = parser.parse_args()
    stop_at = time.monotonic() + args.seconds
    jobs = queue.Queue()
    with open(args.list) as lines:
        for number, line in enumerate(lines):
            if line.strip():
                task, kernel = line.rstrip("\n").split("\t")
                jobs.put((number, task, kernel))
    total = jobs.qsize()
    lock = threading.Lock()
    with open(args.out, "a") as out:
        threads = [threading.Thread(target=serve, args=(gpu, [args.worker], jobs, out, lock, stop_at, args.timeout_s))
                   for gpu in range(args.gpus)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    print(f"gpu-landscape: {total - jobs.qsize()} of {total} kernels taken, {jobs.qsize()} left")


if __name__ == "__main__":
    main()
