#!/usr/bin/env python3
"""The landscape goal's held-out figure for a setting chosen among several screened ones (issue 25).

usage: heldout.py DIR...

Each DIR holds one screened setting's `kfx-cli search --report TASK.json` per task, as compare.py reads them.
Choosing the setting on the same eight landscapes it is scored on flatters it. Here each task is scored with the
setting chosen on the other seven: the one meeting the goal (measurements to 98 % of the best at most 0.6 of the
baseline's) on the most of them, ties to the lower mean ratio over them. Prints each task's choice and ratio, and
on how many tasks the goal is met that way.
"""
import json
import os
import sys

from compare import TASKS, mode

GOAL = 0.6


def ratio(directory, task):
    report = json.load(open(os.path.join(directory, task + '.json')))
    baseline, selective = mode(report, 'baseline'), mode(report, 'topk/search-aware')
    return selective['median_measurements_to_target'] / baseline['median_measurements_to_target']


def main(directories):
    ratios = {d: {t: ratio(d, t) for t in TASKS} for d in directories}

    def merit(directory, tasks):
        values = [ratios[directory][t] for t in tasks]
        return (sum(v <= GOAL for v in values), -sum(values) / len(values))

    met = 0
    for task in TASKS:
        others = [t for t in TASKS if t != task]
        chosen = max(directories, key=lambda d: merit(d, others))
        value = ratios[chosen][task]
        met += value <= GOAL
        print('%-16s %-28s %.2f' % (task, os.path.basename(chosen.rstrip('/')), value))
    print('met held out: %d of %d' % (met, len(TASKS)))


if __name__ == '__main__':
    main(sys.argv[1:])
