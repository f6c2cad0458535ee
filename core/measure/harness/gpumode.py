"""The GPU MODE layout: a directory with task.yml naming reference.py, task.py, utils.py and the submission slot."""

import os
import sys

import yaml

from outcomes import InfrastructureFailure
from protocols import Protocol
from tasks import import_candidate, load_module, require_callable
from timing import StopRule


class GpuModeTask:
    kind = "gpu_mode"

    def __init__(self, directory: str, budget_ns: float):
        self.directory = os.path.abspath(directory)
        self.name = os.path.basename(self.directory.rstrip("/"))
        self.manifest = self._read_manifest()
        self.roofline_speedup = self.manifest.get("roofline_speedup")
        # Spec §5.1: the adaptive loop, the arithmetic mean, input clones inside the timed region, no flush.
        self.reference_protocol = Protocol(name="reference", warmup=0, flush=False, clone_in_timed_region=True,
                                           fresh_inputs=False, wait_all_streams=False, headline="mean",
                                           rule=StopRule(min_samples=3, budget_ns=budget_ns))
        self.reference_calls_by_candidate = 0
        self._in_candidate = False
        # reference.py, task.py and utils.py import each other by their plain names, as in GPU MODE's runner.
        sys.path.insert(0, self.directory)
        self._reference = self._load_reference()
        self._custom_kernel = None

    # A task.yml is a few kilobytes; YAML's pure-Python parser takes about a second per 256 KiB, and a padded
    # 100 MB one kept it busy for minutes (issue 27).
    MAX_MANIFEST_BYTES = 64 * 1024

    def _read_manifest(self) -> dict:
        path = os.path.join(self.directory, "task.yml")
        try:
            with open(path, "rb") as stream:
                data = stream.read(self.MAX_MANIFEST_BYTES + 1)
        except OSError as error:
            raise InfrastructureFailure(f"{path}: cannot read the task: {error.strerror}") from None
        if len(data) > self.MAX_MANIFEST_BYTES:
            raise InfrastructureFailure(f"{path}: larger than the {self.MAX_MANIFEST_BYTES // 1024} KiB a task.yml "
                                        "may be")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            raise InfrastructureFailure(f"{path}:{line}: not UTF-8 (byte 0x{data[error.start]:02x})") from None
        lines = text.count("\n") + 1
        # Written by an editor, the file ends with a newline; one that ends mid-line was cut off, perhaps
        # just where roofline_speedup's value was.
        if text and not text.endswith("\n"):
            raise InfrastructureFailure(f"{path}:{lines}: ends mid-line; is the file cut off?")
        try:
            manifest = yaml.safe_load(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = f"{path}:{mark.line + 1}" if mark else path
            raise InfrastructureFailure(f"{where}: not valid YAML: {getattr(error, 'problem', error)}") from None
        except RecursionError:
            raise InfrastructureFailure(f"{path}: nested too deeply to be a task") from None
        if not isinstance(manifest, dict):
            raise InfrastructureFailure(f"{path}: expected a mapping of keys (files, tests, benchmarks)")
        roofline = manifest.get("roofline_speedup")
        if "roofline_speedup" in manifest and (isinstance(roofline, bool) or not isinstance(roofline, (int, float))
                                               or not roofline > 0):
            line = next((n for n, content in enumerate(text.splitlines(), 1)
                         if content.startswith("roofline_speedup")), lines)
            raise InfrastructureFailure(f"{path}:{line}: roofline_speedup must be a number above 0, not "
                                        f"{roofline!r}")
        return manifest

    def _load_reference(self):
        path = os.path.join(self.directory, "reference.py")
        # The reference is the task's own file: one that is a link out of the task would run any Python file on
        # the machine, and a FIFO would hang the import, so both are refused, as kfx-cli's readers refuse them
        # (issue 27). What the reference imports by name is the task's to choose (the bundled tasks' utils.py is
        # a link to ../common).
        task = os.path.realpath(self.directory)
        real = os.path.realpath(path)
        if os.path.commonpath([task, real]) != task or not os.path.isfile(real):
            raise InfrastructureFailure(f"{path}: the task's reference must be a regular file inside the task "
                                        f"(it is {real})")
        try:
            module = load_module("reference", path)
        except Exception as error:
            raise InfrastructureFailure(f"{path}: the task's reference does not import: "
                                        f"{type(error).__name__}: {error}") from None
        for name in ("generate_input", "ref_kernel", "check_implementation"):
            if not callable(getattr(module, name, None)):
                raise InfrastructureFailure(f"{path}: the reference defines no function `{name}`")
        self._ref_kernel = module.ref_kernel
        # Counts the candidate's own calls of ref_kernel, however it reached it (the module attribute is replaced
        # before the candidate is imported, so `from reference import ref_kernel` also gets the counting one;
        # check_implementation's calls through the module's globals are not the candidate's and are not counted).
        def counted_ref_kernel(*args, **kwargs):
            if self._in_candidate:
                self.reference_calls_by_candidate += 1
            return self._ref_kernel(*args, **kwargs)
        module.ref_kernel = counted_ref_kernel
        return module

    def cases(self, selection: str) -> list:
        key = {"benchmark": "benchmarks", "test": "tests", "cpu": "cpu_cases"}[selection]
        if selection == "cpu" and "cpu_cases" not in self.manifest:
            key = "tests"
        cases = self.manifest.get(key)
        if not isinstance(cases, list) or not cases or not all(isinstance(c, dict) for c in cases):
            raise InfrastructureFailure(f"{os.path.join(self.directory, 'task.yml')}: `{key}` must be a non-empty "
                                        "list of keyword mappings")
        return cases

    def correctness_seeds(self, case: dict) -> list:
        return [case.get("seed")]

    def generate(self, case: dict, seed):
        arguments = dict(case)
        if seed is not None:
            arguments["seed"] = seed
        return self._reference.generate_input(**arguments)

    def sizes(self, case: dict, data) -> dict:
        return dict(case)

    def load_candidate(self, path: str):
        module = import_candidate("submission", path)
        self._custom_kernel = require_callable(module, "custom_kernel", path)

    def candidate(self, data):
        self._in_candidate = True
        try:
            return self._custom_kernel(data)
        finally:
            self._in_candidate = False

    def reference(self, data):
        return self._ref_kernel(data)

    def check(self, data, output):
        """Accepts GPU MODE's two conventions: (ok, message), or a message that is empty when correct."""
        verdict = self._reference.check_implementation(data, output)
        if isinstance(verdict, (tuple, list)) and len(verdict) == 2:
            return bool(verdict[0]), str(verdict[1] or ""), {}
        if isinstance(verdict, str):
            return verdict == "", verdict, {}
        return bool(verdict), "" if verdict else "check_implementation returned False", {}
