#!/usr/bin/env python3
"""Compares landscape simulations run with different settings (issue 25's screens).

usage: compare.py [--mode NAME] DIR...

Each DIR holds one `kfx-cli search --seeds ... --report TASK.json` per task. For each task it prints the selective
search's measurements to 98 % of the landscape's best over the baseline's (medians over the seeds), how many seeds
never got there, and its final best over the baseline's; then on how many tasks the first figure is at most 0.6
(the issue's goal). --mode picks the selective search (default topk/search-aware; e.g. topk/oracle).
"""
import json
import os
import sys

TASKS = ['rms_norm', 'layer_norm', 'row_softmax', 'matmul', 'transpose', 'gdn_chunk_fwd_o', 'fp8_quant',
         'cross_entropy']


def mode(report, name):
    return next((m for m in report['modes'] if m['name'] == name), None)


def best_after(mode_report, measurements):
    return next(b['median'] for b in mode_report['best_by_budget'] if b['measurements'] == measurements)


def main(argv):
    name = 'topk/search-aware'
    if argv[:1] == ['--mode']:
        name, argv = argv[1], argv[2:]
    print('%-22s' % name, ' '.join('%-15s' % t[:13] for t in TASKS), ' met')
    for directory in filter(os.path.isdir, argv):
        cells, met = [], 0
        for task in TASKS:
            path = os.path.join(directory, task + '.json')
            if not os.path.exists(path):
                cells.append('-')
                continue
            report = json.load(open(path))
            baseline, selective = mode(report, 'baseline'), mode(report, name)
            if selective is None:
                cells.append('-')
                continue
            ratio = selective['median_measurements_to_target'] / baseline['median_measurements_to_target']
            final = best_after(selective, report['budget_measurements']) / best_after(baseline, report['budget_measurements'])
            met += ratio <= 0.6
            cells.append('%.2f n%-3d %.3f' % (ratio, selective['seeds_never_reaching_target'], final))
        print('%-22s' % os.path.basename(directory.rstrip('/')), ' '.join('%-15s' % c for c in cells), ' ', met)


if __name__ == '__main__':
    main(sys.argv[1:])
