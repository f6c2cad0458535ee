#!/usr/bin/python3
"""A learned ranker of one parent's candidates (issue 25's rank:pairwise experiment, throwaway).

usage: [LABEL=fine] rank_pairwise.py train DUMPS MODELS
                                               one XGBoost rank:pairwise model per task, trained without it
                                               (LABEL=fine: relevance 2 log2(speedup) + 4 unrounded, not the bin;
                                               FEATURES=forecast: without the edit's trait changes)
       rank_pairwise.py eval DUMPS MODELS      per-parent ordering, each task by the model that never saw it

DUMPS holds TASK.tsv from `KFX_TMP_DUMP=DUMPS/TASK.tsv kfx-cli search --landscape ...` with rank-pairwise.patch:
one line per candidate a parent's ranking saw, with the features known at selection time (the search-aware
forecast, the parent's bin, the search so far, the edit's trait changes). A query group is one parent's
candidates in one step of one search; the relevance is the candidate's bin in the landscape, failure (and a
kernel the landscape never measured) 0. XGBoost through its C API (ctypes), Debian's 1.7.
"""
import ctypes
import json
import lzma
import math
import os
import sys

import numpy as np

TASKS = ['rms_norm', 'layer_norm', 'row_softmax', 'matmul', 'transpose', 'gdn_chunk_fwd_o', 'fp8_quant',
         'cross_entropy']
LANDSCAPES = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
PARAMS = {'objective': 'rank:pairwise', 'eta': '0.1', 'max_depth': '6', 'min_child_weight': '1',
          'subsample': '0.8', 'colsample_bytree': '0.8', 'seed': '0', 'nthread': '2', 'verbosity': '1'}
ROUNDS = int(os.environ.get('ROUNDS', 200))
FAIL, EB, RUN, PARENT, TRAITS = 8, 9, 10, 11, 27  # feature columns (tmpranker::features)

xgb = ctypes.CDLL('libxgboost.so.0')
xgb.XGBGetLastError.restype = ctypes.c_char_p


def check(rc):
    if rc != 0:
        raise RuntimeError(xgb.XGBGetLastError().decode())


def matrix(x, labels=None, groups=None):
    x = np.ascontiguousarray(x, dtype=np.float32)
    handle = ctypes.c_void_p()
    check(xgb.XGDMatrixCreateFromMat(x.ctypes.data_as(ctypes.POINTER(ctypes.c_float)), ctypes.c_uint64(x.shape[0]),
                                     ctypes.c_uint64(x.shape[1]), ctypes.c_float(float('nan')), ctypes.byref(handle)))
    if labels is not None:
        y = np.ascontiguousarray(labels, dtype=np.float32)
        check(xgb.XGDMatrixSetFloatInfo(handle, b'label', y.ctypes.data_as(ctypes.POINTER(ctypes.c_float)),
                                        ctypes.c_uint64(len(y))))
        g = np.ascontiguousarray(groups, dtype=np.uint32)
        check(xgb.XGDMatrixSetUIntInfo(handle, b'group', g.ctypes.data_as(ctypes.POINTER(ctypes.c_uint32)),
                                       ctypes.c_uint64(len(g))))
    return handle


def train(x, y, sizes, path):
    dtrain = matrix(x, y, sizes)
    booster = ctypes.c_void_p()
    check(xgb.XGBoosterCreate(ctypes.byref(dtrain), ctypes.c_uint64(1), ctypes.byref(booster)))
    for name, value in PARAMS.items():
        check(xgb.XGBoosterSetParam(booster, name.encode(), value.encode()))
    for i in range(ROUNDS):
        check(xgb.XGBoosterUpdateOneIter(booster, ctypes.c_int(i), dtrain))
    check(xgb.XGBoosterSaveModel(booster, path.encode()))
    xgb.XGBoosterFree(booster)
    xgb.XGDMatrixFree(dtrain)


def predict(path, x):
    booster = ctypes.c_void_p()
    check(xgb.XGBoosterCreate(None, ctypes.c_uint64(0), ctypes.byref(booster)))
    check(xgb.XGBoosterLoadModel(booster, path.encode()))
    d = matrix(x)
    length, out = ctypes.c_uint64(), ctypes.POINTER(ctypes.c_float)()
    check(xgb.XGBoosterPredict(booster, d, 0, 0, 0, ctypes.byref(length), ctypes.byref(out)))
    scores = np.ctypeslib.as_array(out, shape=(length.value,)).copy()
    xgb.XGDMatrixFree(d)
    xgb.XGBoosterFree(booster)
    return scores


def truth(task):
    """Per landscape id: (bin, failure and unmeasured 0; speedup, 0 for those)."""
    bins = {}
    with lzma.open(os.path.join(LANDSCAPES, task + '.jsonl.xz'), 'rt') as f:
        next(f)
        for line in f:
            k = json.loads(line)
            bins[k['kernel']] = (k['bin'], k['speedup']) if k['outcome'] == 'success' else (0, 0.0)
    return bins


def load(dumps, task):
    """Rows, relevance, group sizes and request ids, groups in the order of the dump, repeated groups dropped."""
    bins = truth(task)
    groups, order = {}, []
    with open(os.path.join(dumps, task + '.tsv')) as f:
        for line in f:
            parts = line.rstrip('\n').split('\t')
            key = parts[0]
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append((bins.get(parts[1], (0, 0.0)), parts[2], [float(v) for v in parts[3:]]))
    x, y, sizes, ids, speed = [], [], [], [], []
    for key in order:
        rows = groups[key]
        sizes.append(len(rows))
        for (rel, sp), rid, feats in rows:
            x.append(feats)
            y.append(rel)
            ids.append(rid)
            speed.append(sp)
    return np.array(x, dtype=np.float32), np.array(y), np.array(sizes), ids, np.array(speed)


def splits(sizes):
    ends = np.cumsum(sizes)
    return list(zip(ends - sizes, ends))


def ndcg(rel_sorted, ideal, k):
    gain = lambda r: sum((2 ** v - 1) / math.log2(i + 2) for i, v in enumerate(r[:k]))
    best = gain(ideal)
    return gain(rel_sorted) / best if best > 0 else 1.0


def orders(x, ids, a, b, scores):
    """Per rule, the group's rows best first (ties by request id, as the driver breaks them)."""
    idx = list(range(a, b))
    rid = lambda i: ids[i]
    rng = np.random.default_rng(a)
    shuffled = list(rng.permutation(idx))
    return {
        'ranker': sorted(idx, key=lambda i: (-scores[i], -x[i, EB], rid(i))),
        'expected bin (default)': sorted(idx, key=lambda i: (-x[i, EB], rid(i))),
        'expected bin if it runs': sorted(idx, key=lambda i: (-x[i, RUN], rid(i))),
        'lowest failure probability': sorted(idx, key=lambda i: (x[i, FAIL], rid(i))),
        "parent's bin (a tie: request id)": sorted(idx, key=rid),
        'random': shuffled,
    }


def evaluate(dumps, models):
    data = {t: load(dumps, t) for t in TASKS if os.path.exists(os.path.join(dumps, t + '.tsv'))}
    pooled = {}
    print('per parent (query group), each task ranked by the model that never saw it; groups whose candidates all '
          'share one relevance are left out')
    print('best@k: the top k hold a child of the group\'s best bin; fastest@3: they hold its fastest kernel; speed@3: '
          'their fastest over the group\'s fastest (failure 0); mean@3 and fail@3: their mean bin and failure share')
    header = '%-34s %8s %8s %8s %9s %8s %8s %8s' % ('rule', 'best@3', 'best@4', 'NDCG@3', 'fastest@3', 'speed@3',
                                                    'mean@3', 'fail@3')
    line = '%-34s %8.3f %8.3f %8.3f %9.3f %8.3f %8.2f %8.3f'
    for task, (x, y, sizes, ids, speed) in data.items():
        scores = predict(os.path.join(models, 'without-%s.json' % task), x)
        table, n = {}, 0
        for a, b in splits(sizes):
            rel = y[a:b]
            if rel.max() == rel.min():
                continue
            n += 1
            ideal = sorted(rel, reverse=True)
            for rule, order in orders(x, ids, a, b, scores).items():
                r = [y[i] for i in order]
                sp = [speed[i] for i in order]
                s = table.setdefault(rule, np.zeros(7))
                s += [max(r[:3]) == ideal[0], max(r[:4]) == ideal[0], ndcg(r, ideal, 3), max(sp[:3]) == max(sp),
                      max(sp[:3]) / max(sp) if max(sp) > 0 else 1.0, np.mean(r[:3]), np.mean([v == 0 for v in r[:3]])]
        print('\n%s: %d groups of %d with something to order (%d rows)' % (task, n, len(sizes), len(y)))
        print(header)
        for rule, s in table.items():
            print(line % ((rule,) + tuple(s / n)))
            pooled.setdefault(rule, [np.zeros(7), 0])
            pooled[rule][0] += s
            pooled[rule][1] += n
    print('\npooled over %d tasks' % len(data))
    print(header)
    for rule, (s, n) in pooled.items():
        print(line % ((rule,) + tuple(s / n)))


def train_all(dumps, models):
    os.makedirs(models, exist_ok=True)
    data = {t: load(dumps, t) for t in TASKS if os.path.exists(os.path.join(dumps, t + '.tsv'))}
    for held in data:
        x = np.concatenate([d[0] for t, d in data.items() if t != held])
        y = np.concatenate([d[1] for t, d in data.items() if t != held])
        if os.environ.get('LABEL') == 'fine':  # the speedup in bins, unrounded, so ties within a bin are ordered too
            speed = np.concatenate([d[4] for t, d in data.items() if t != held])
            y = np.where(y > 0, np.clip(2 * np.log2(np.maximum(speed, 1e-9)) + 4, 0.5, 9), 0.0)
        sizes = np.concatenate([d[2] for t, d in data.items() if t != held])
        if os.environ.get('FEATURES') == 'forecast':  # the edit's trait changes left out (missing to XGBoost)
            x = x.copy()
            x[:, TRAITS:] = np.nan
        train(x, y, sizes, os.path.join(models, 'without-%s.json' % held))
        print('without %s: %d rows, %d groups' % (held, len(y), len(sizes)), flush=True)


if __name__ == '__main__':
    {'train': train_all, 'eval': evaluate}[sys.argv[1]](sys.argv[2], sys.argv[3])
