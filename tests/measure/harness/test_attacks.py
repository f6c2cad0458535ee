"""The attack suite (issue 26): one hostile candidate per file in fixtures/attacks, each run through the harness
as the worker runs it (a child of one fork server, so each attack also shows that nothing it did in its process
reached the attacks after it) against a private copy of its task, and held to the verdicts its `# expect:` lines
name.

An expect line holds shell-quoted words (and goes on in comment lines indented by three spaces): timing=reference|robust (robust when absent), task=vector_add|kb_mlp,
only=cpu|cuda, kind=K, verdict=V (clean, suspicious, hacked), flag=KIND~TEXT and hack=KIND~TEXT (a suspicion or
the evidence of a hack whose detail contains TEXT), message~TEXT (in error_message), speedup<X (every case),
forged=yes (the candidate wrote a result line of its own: the reader must see two and reject them, and the
harness's own, which the other words then test, must not be a success).
The suite runs on the CPU in CI; KFX_ATTACK_DEVICE=cuda runs it on the GPU machine (gpu_batch.sh)."""

import glob
import os
import re
import shlex
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harnessrun import FIXTURES, ForkServer, protocol_result  # noqa: E402

DEVICE = os.environ.get("KFX_ATTACK_DEVICE", "cpu")
ATTACKS = sorted(glob.glob(os.path.join(FIXTURES, "attacks", "*.py")))
# What a caller's environment holds and a candidate must not see (reads_secrets.py).
SECRETS = {"KFX_LLM_API_KEY": "sk-attack-suite", "HF_TOKEN": "hf_attack_suite", "GITHUB_TOKEN": "ghp_attack"}


def expectations(path: str) -> list:
    """Every expect line of an attack, as a dict of its words: key -> (operator, value)."""
    found = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            if line.startswith("# expect:"):
                found.append([])
                line = line[len("# expect:"):]
            elif not (found and line.startswith("#   ")):  # an expect line goes on in comments indented by 3
                continue
            words = [re.fullmatch(r"(\w+)([=~<])(.*)", word) for word in shlex.split(line[1:])]
            found[-1] += [(word[1], word[2], word[3]) for word in words]
    return found


class Attacks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ForkServer(env={**os.environ, **SECRETS})

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def attack(self, path: str, expectation: list):
        settings = {key: value for key, _, value in expectation}
        if settings.get("only", DEVICE) != DEVICE:
            self.skipTest(f"an attack for {settings['only']} only")
        task_name = settings.get("task", "vector_add")
        with tempfile.TemporaryDirectory() as folder:
            task = shutil.copytree(os.path.join(FIXTURES, task_name), os.path.join(folder, task_name))
            before = self.files(task)
            run = self.server.run_harness(path, task=task, timing=settings.get("timing", "robust"), device=DEVICE,
                                          budget_ms=20 if DEVICE == "cpu" else 200, timeout=300)
            self.assertEqual(self.files(task), before, "the task's files changed")
        if settings.get("forged") == "yes":
            self.assertEqual(len(run.results), 2, run.lines)
            self.assertIsNone(protocol_result(run), "the reader accepted a forged result line")
            result = run.results[-1]  # the harness's own
            self.assertNotEqual(result.get("kind"), "success", result)
        else:
            result = run.result
        for key, operator, value in expectation:
            self.expect(result, key, operator, value)

    @staticmethod
    def files(folder: str) -> dict:
        contents = {}
        for name in os.listdir(folder):
            if name != "__pycache__":
                with open(os.path.join(folder, name), "rb") as stream:
                    contents[name] = stream.read()
        return contents

    def expect(self, result: dict, key: str, operator: str, value: str):
        if key in ("timing", "task", "only", "forged"):
            return
        if key in ("kind", "verdict"):
            self.assertEqual(result.get(key), value, result)
        elif key in ("flag", "hack"):
            kind, text = value.split("~", 1)
            details = [f["detail"] for f in result.get("suspicions" if key == "flag" else "hacks", [])
                       if f["kind"] == kind]
            self.assertTrue(details, f"no {key} {kind}: {result}")
            self.assertIn(text, "; ".join(details))
        elif key == "message" and operator == "~":
            self.assertIn(value, result.get("error_message", ""), result)
        elif key == "speedup" and operator == "<":
            for case in result["cases"]:
                self.assertLess(case["speedup"], float(value), result)
        else:
            self.fail(f"unknown expectation {key}{operator}{value}")


def _add_tests():
    for path in ATTACKS:
        name = os.path.splitext(os.path.basename(path))[0]
        for number, expectation in enumerate(expectations(path), 1):
            setattr(Attacks, f"test_{name}_{number}",
                    lambda self, p=path, e=expectation: self.attack(p, e))


_add_tests()

if __name__ == "__main__":
    unittest.main()
