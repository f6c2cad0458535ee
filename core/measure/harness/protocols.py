"""The per-case pipeline (spec §5.1) and the two timing protocols, over either task layout (see tasks.py).

Per case: seed, generate the inputs, check the candidate on a copy, then time the candidate and the reference on
the same inputs. `reference` is spec §5.1 to the letter (§5.4 for KernelBench), so that figures compare with the
published ones; `robust` adds what a leaderboard needs against kernels that game the clock: warm-up, an L2 flush
before each sample, the median, and fresh inputs for every timed call whose output is checked again (with an
untimed call on the case's own inputs just before each sample, and the inputs made and the outputs checked a batch of
samples at a time, so that neither slows the timed call).
"""

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

import defences
import suspicion
from outcomes import CandidateRuntimeError, CompileFailed, Hacked, Incorrect, InfrastructureFailure, \
    is_compile_error
from tasks import clone, set_seed, tensor_bytes
from timing import L2Flusher, StopRule, clock_ns, collect_samples, geomean, hidden_work, sample_stats, speedup_bin

CASE_SEED = 42  # spec §5.1 step 1: set_seed(42) before each case
# How long the correctness pass waits before reading a candidate's output again: an output that changes after
# the call returned was finished by a thread or a stream the call left running.
STABILITY_DELAY_S = 0.05
sleep = time.sleep  # bound before the candidate is imported, as timing.clock_ns
join_thread = threading.Thread.join  # likewise
# How long the check waits for the threads a call left running before it reads the output again: a thread that
# fills the output in after the call returned is caught however loaded the machine (a fixed delay alone missed it
# when CI's machine was busy).
THREAD_SETTLE_S = 2.0
# The robust loop makes the fresh inputs of up to RECHECK_BATCH samples ahead and checks their outputs after the
# batch's timed calls, holding at most RECHECK_BATCH_BYTES (or a quarter of the device's free memory) of inputs,
# check copies and settled outputs. Making inputs and checking outputs between two timed calls slowed the host's
# launch of the second by 15-45 µs, which the event time covers (the device waits for the launch; the kernels
# themselves ran as fast): on an H200 the loop read 2-44 % above a plain loop in the same process, and -4 to +8 %
# (-10 to +5 µs) with the batch (issue 26, MEASUREMENTS.md).
RECHECK_BATCH = 10
RECHECK_BATCH_BYTES = 24 << 30


@dataclass(frozen=True)
class Protocol:
    name: str
    warmup: int  # untimed calls before the first sample
    flush: bool  # write the L2 flush buffer before each sample (GPU only)
    clone_in_timed_region: bool  # spec §5.1 times fn(clone(data)), clone included
    fresh_inputs: bool  # every timed call gets new inputs (seed + i) and its output is checked
    wait_all_streams: bool  # a sample ends when the device has finished the call's work on every stream
    headline: str  # "mean" or "median": the figure runtime_ns reports
    rule: StopRule
    # An untimed call just before each sample, on inputs the kernel has already been given, so that the timed
    # call follows a call as in a loop, not the sample's bookkeeping (issue 26).
    warm_call: bool = False


def robust_protocol(budget_ns: float) -> Protocol:
    return Protocol(name="robust", warmup=3, flush=True, clone_in_timed_region=False, fresh_inputs=True,
                    wait_all_streams=True, headline="median", rule=StopRule(min_samples=10, budget_ns=budget_ns),
                    warm_call=True)


class Measurement:
    """Runs one candidate against one task; emit(dict) writes a progress line."""

    def __init__(self, task, protocol: Protocol, timer, torch, device: str, emit, raw_samples: bool,
                 candidate_path: str, guard: defences.NamespaceGuard):
        self.task = task
        self.protocol = protocol
        self.timer = timer
        self.torch = torch
        self.emit = emit
        self.raw_samples = raw_samples
        self.candidate_path = candidate_path
        self.flusher = L2Flusher(torch, device) if protocol.flush and device == "cuda" else None
        self.guard = guard
        self.dynamic_flags = []
        self._canary_passed = False  # from then on, the task's own code failing is the candidate's doing
        self.first_call_ms = None  # the first candidate call: Triton's JIT compile happens here
        self.timing_ms = 0.0  # wall time spent in the timing loops, candidate and reference

    def run(self, cases: list) -> dict:
        results = []
        for index, case in enumerate(cases, 1):
            results.append(self._measure_case(index, len(cases), case))
        speedups = [r["speedup"] for r in results]
        aggregated = geomean(speedups)
        return {
            "cases": results,
            "aggregated_speedup": aggregated,
            "aggregation_method": "geomean",
            "bin": speedup_bin(aggregated) if aggregated > 0 else 0,
        }

    def _where(self, index: int, case: dict, stage: str) -> str:
        return f"{self.candidate_path}, case {index} {case}, {stage}"

    @contextmanager
    def _candidate_failures(self, where: str, first_call: bool = False):
        """Turns what the candidate raises into its failure: runtime_error, or compile_failed for a Triton,
        torch.compile or load_inline compile error raised by the first call."""
        try:
            yield
        except Exception as error:
            if first_call and is_compile_error(error):
                raise CompileFailed(f"{where}: {type(error).__name__}: {error}") from None
            raise CandidateRuntimeError(error, where) from None
        except SystemExit as error:  # sys.exit() inside a call: report it rather than vanish
            raise CandidateRuntimeError(error, f"{where} (the candidate called sys.exit({error.code}))") from None

    def canary(self, cases: list):
        """Runs the task's own code on every case once before the candidate is imported: the inputs of its first
        seed, and the reference on them. What fails here fails without the candidate. It adds one input set and
        one reference call per case to the dozens the robust protocol makes."""
        for index, case in enumerate(cases, 1):
            set_seed(self.torch, CASE_SEED)
            data = self._generate(case, self.task.correctness_seeds(case)[0], index)
            with self._task_code_failures(f"the reference on case {index}", index):
                self.task.reference(clone(data))
                self.timer.synchronize()
            del data  # before the next case's inputs are made, not after
        self._canary_passed = True

    @contextmanager
    def _task_code_failures(self, what: str, index: int):
        """The task's own code failing (its inputs, its reference). Before the candidate was imported, that is the
        machine's or the task's fault: infrastructure_failure. After it, the same code on the same cases had run in
        this process (canary), so it is charged to the candidate, which can break it without replacing a binding
        (writes into CUDA's own pipes, a changed environment): runtime_error, flagged task_code_failed; with a
        replaced binding it is hacked as anywhere else (PROTOCOL.md)."""
        try:
            yield
        except Exception as error:
            if not self._canary_passed:
                raise InfrastructureFailure(f"{self.task.name}: {what}, before the candidate was imported, raised "
                                            f"{type(error).__name__}: {error}") from None
            self._untouched(index, f", {what}")
            self.dynamic_flags.append(suspicion.flag("task_code_failed", f"{what} ran before the candidate was "
                                                     "imported and failed after"))
            raise CandidateRuntimeError(error, f"{self.task.name}: {what}, after the candidate was imported") \
                from None

    def _generate(self, case: dict, seed, index: int):
        with self._task_code_failures(f"generating the inputs of case {index} (seed {seed})", index):
            return self.task.generate(case, seed)

    def _untouched(self, index: int, context: str):
        """Raises Hacked when the candidate changed what the check, the reference or the timer reads."""
        changes = self.guard.changes()
        if changes:
            raise Hacked(f"{self.candidate_path}, case {index}{context}: the candidate changed the harness's, the "
                         f"task's or torch's code: {'; '.join(changes)}", index,
                         [suspicion.flag("patched_check", change) for change in changes])

    def _settled_output(self, output, index: int, context: str, delay_s: float, threads=()):
        """A copy of the candidate's output taken as the call returned, which the check then reads; raises Hacked
        for an output that is not plain tensors, or that changed after the call returned (read again after
        delay_s, and after the threads the call left running ended or THREAD_SETTLE_S passed)."""
        lies = defences.lying_outputs(output, self.torch)
        if lies:
            raise Hacked(f"{self.candidate_path}, case {index}{context}: {'; '.join(lies)}", index,
                         [suspicion.flag("lying_output", lie) for lie in lies])
        settled = clone(output)
        if delay_s:
            sleep(delay_s)
            for thread in threads:
                join_thread(thread, THREAD_SETTLE_S)
            self.timer.synchronize()
        if not defences.same_bits(settled, output, self.torch):
            raise Hacked(f"{self.candidate_path}, case {index}{context}: the output changed after the call "
                         "returned", index, [suspicion.flag("output_changed_after_return",
                                                            f"case {index}{context}")])
        return settled

    def _check(self, check_copy, output, index: int, case: dict, context: str):
        self._untouched(index, context)
        try:
            ok, message, details = self.task.check(check_copy, output)
        except Exception as error:  # a check choking on the output (wrong type or shape) is the output's fault
            ok, message, details = False, f"the check raised {type(error).__name__}: {error}", {}
        if not ok:
            raise Incorrect(f"{self.candidate_path}, case {index} {case}{context}: {message}", index,
                            check_message=message, **details)
        return details

    def _measure_case(self, index: int, count: int, case: dict) -> dict:
        set_seed(self.torch, CASE_SEED)
        progress = {"type": "progress", "case": index, "cases": count}
        self.emit({**progress, "stage": "correctness"})
        details = {}
        seeds = self.task.correctness_seeds(case)
        for trial, seed in enumerate(seeds):
            data = self._generate(case, seed, index)
            check_copy, candidate_input = clone(data), clone(data)
            trial_note = f" trial {trial + 1} of {len(seeds)} (seed {seed})" if len(seeds) > 1 else ""
            threads = defences.live_threads()
            call_start = clock_ns()
            with self._candidate_failures(self._where(index, case, "correctness" + trial_note), first_call=True):
                output = self.task.candidate(candidate_input)
                self.timer.synchronize()
            if self.first_call_ms is None:
                self.first_call_ms = (clock_ns() - call_start) / 1e6
            started = defences.live_threads() - threads
            if started:
                self.dynamic_flags.append(suspicion.flag("background_thread", f"case {index}: the call left "
                                                         f"threads running: "
                                                         f"{', '.join(sorted(t.name for t in started))}"))
            settled = self._settled_output(output, index, trial_note, STABILITY_DELAY_S, started)
            details = self._check(check_copy, settled, index, case, trial_note)
            self._check_aliasing(data, candidate_input, output, index)
        if seeds[-1] != case.get("seed"):  # KernelBench checks on seeds 0..4 and times on the case's own seed
            data = self._generate(case, case.get("seed"), index)

        timing_start = clock_ns()
        self.emit({**progress, "stage": "timing candidate"})
        candidate_samples, candidate_host = self._time(index, case, data, self.task.candidate, is_candidate=True)
        self._untouched(index, ", timing")
        self.emit({**progress, "stage": "timing reference"})
        reference_samples, _ = self._time(index, case, data, self.task.reference, is_candidate=False)
        self._untouched(index, ", timing the reference")  # a slowed-down torch makes the reference slow
        self.timing_ms += (clock_ns() - timing_start) / 1e6
        self._flag_hidden_work(index, candidate_samples, candidate_host)

        candidate_stats, reference_stats = sample_stats(candidate_samples), sample_stats(reference_samples)
        headline = "mean_ns" if self.protocol.headline == "mean" else "median_ns"
        runtime, ref_runtime = candidate_stats[headline], reference_stats[headline]
        result = {
            "sizes": self.task.sizes(case, data),
            "correct": True,
            "speedup": ref_runtime / runtime if runtime > 0 else 0.0,
            "runtime_ns": runtime,
            "ref_runtime_ns": ref_runtime,
            "candidate_stats": candidate_stats,
            "reference_stats": reference_stats,
            **details,
        }
        if self.raw_samples:
            result["candidate_host_samples_ns"] = candidate_host
            result["candidate_samples_ns"] = candidate_samples
            result["reference_samples_ns"] = reference_samples
        return result

    def _check_aliasing(self, data, candidate_input, output, index: int):
        """Flags outputs sharing memory with an input, unless the reference's own output does the same
        (a task whose reference writes into preallocated buffers passed as inputs, as fp8_quant's does)."""
        candidate_pairs = suspicion.aliased_pairs(candidate_input, output)
        if not candidate_pairs:
            return
        reference_input = clone(data)
        with self._task_code_failures(f"the reference on case {index}", index):
            reference_output = self.task.reference(reference_input)
        extra = candidate_pairs - suspicion.aliased_pairs(reference_input, reference_output)
        if extra:
            described = ", ".join(f"output {o} shares memory with input {i}" for o, i in sorted(extra))
            self.dynamic_flags.append(suspicion.flag("output_aliases_input", f"case {index}: {described}"))

    def _flag_hidden_work(self, index: int, device_samples: list, host_samples: list):
        """Most samples far longer on the host clock than on the device's: work the device clock did not see."""
        hidden, ratio = hidden_work(device_samples, host_samples)
        if hidden * 2 > len(device_samples):
            self.dynamic_flags.append(suspicion.flag(
                "hidden_work", f"case {index}: {hidden} of {len(device_samples)} samples took over 2x longer on "
                f"the host clock around the synchronised call than on the {self.timer.label} clock (median ratio "
                f"{ratio:.1f}): work on another stream, or finished after the end event"))

    def _time(self, index: int, case: dict, data, function, is_candidate: bool) -> tuple:
        """(device samples, host samples), in ns."""
        protocol = self.protocol
        stage = "timing candidate" if is_candidate else "timing reference"
        failures = (lambda: self._candidate_failures(self._where(index, case, stage))) if is_candidate else \
            (lambda: self._task_code_failures(f"{stage} of case {index}", index))

        output = None
        for _ in range(protocol.warmup):
            with failures():
                output = function(clone(data))
                self.timer.synchronize()
        batch = self._batch_size(data, output) if protocol.fresh_inputs else 1
        del output

        host_samples = []
        warm_inputs = clone(data) if protocol.warm_call else None
        ahead = []  # (seed, inputs, check copy) for the next timed calls
        unchecked = []  # (check copy, settled output, context) of timed calls whose recheck is still to come

        def recheck():
            for check_copy, settled, context in unchecked:
                self._check(check_copy, settled, index, case, context)
            unchecked.clear()

        def take_sample(i: int) -> float:
            inputs, seed, check_copy = data, None, None
            if protocol.fresh_inputs:  # generated and copied outside the timed region, a batch at a time
                if not ahead:
                    recheck()
                    for j in range(min(batch, protocol.rule.max_samples - i)):
                        fresh_seed = (case.get("seed") or 0) + i + j + 1
                        fresh = self._generate(case, fresh_seed, index)
                        ahead.append((fresh_seed, fresh, clone(fresh) if is_candidate else None))
                seed, inputs, check_copy = ahead.pop(0)
            if warm_inputs is not None:
                # After the previous sample's recheck the timed call's launch was slow: 178 µs of host time
                # against 75 µs with no recheck, the median 451 µs against 320 µs in a plain loop
                # (cross_entropy, triton_online_rows, case 1, H100; 377 µs with this call; issue 26). Its inputs
                # are the case's, which the warm-ups saw, so a cache it fills cannot answer the fresh ones; what it
                # leaves running on any stream ends before the sample starts.
                with failures():
                    function(warm_inputs)
            if self.flusher is not None:
                self.flusher.flush()
            with failures():
                if protocol.clone_in_timed_region:
                    elapsed, host, output = self.timer.time_ns(lambda: function(clone(inputs)))
                else:
                    elapsed, host, output = self.timer.time_ns(lambda: function(inputs))
            host_samples.append(host)
            if check_copy is not None:
                # Copied now, checked after the batch: what a later call (the next warm call) writes into this
                # output cannot make it pass.
                context = f", robust recheck of timed iteration {i + 1} (fresh inputs, seed {seed})"
                unchecked.append((check_copy, self._settled_output(output, index, context, 0), context))
            return elapsed

        samples = collect_samples(take_sample, protocol.rule)
        recheck()
        return samples, host_samples

    def _batch_size(self, data, output) -> int:
        """How many samples' inputs the robust loop makes ahead: each holds its inputs and their check copy, then
        the check copy and the settled output."""
        per_sample = 2 * tensor_bytes(data) + tensor_bytes(output)
        budget = RECHECK_BATCH_BYTES
        if self.flusher is not None:  # on the GPU
            budget = min(budget, self.torch.cuda.mem_get_info()[0] // 4)
        return max(1, min(RECHECK_BATCH, budget // max(1, per_sample)))
