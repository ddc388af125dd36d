"""coords of a built curve in a range, written plainly: the code of
weightedroc 0.x before issue 38 item 7's fast path (the frame checked
column by column, each end of the range interpolated by the general
`_interpolate`, the pieces joined field by field), kept as the reference
the fast path is compared with, bit for bit (tests/test_coords_fast.py)."""

import math

import numpy as np
import pandas as pd

from weightedroc.engine.counts import Counts
from weightedroc.engine.frames import float_frame
from weightedroc.metrics.coordinates import INPUTS, _best, _local_maximas, input_values
from weightedroc.metrics.threshold_measures import compute


def plain_monotone(block, positions, signs):
    """The one-pass check as it was: a copy of the columns, times their
    signs, no step up and no NaN (inf - inf is NaN, and fails)."""
    if len(block) < 2:
        return False
    rows = block.T[positions] * np.asarray(signs, dtype=float)[:, None]
    with np.errstate(invalid="ignore"):
        steps = rows[:, 1:] - rows[:, :-1]
    return bool(steps.max() <= 0)


def plain_counts(roc):
    """`Counts` of a complete WeightedROC frame, its columns read one by one."""
    threshold, FN, FP = (np.asarray(roc[k], dtype=np.float64) for k in ("threshold", "FN", "FP"))
    direction = ">" if threshold[-1] == -np.inf else "<"
    P, N = FN[-1], FP[0]
    exponent = math.frexp(P + N)[1]
    FN, FP = np.ldexp(FN, -exponent), np.ldexp(FP, -exponent)
    P, N = FN[-1], FP[0]
    return Counts(threshold, P - FN, FP, N - FP, FN, float(P), float(N), exponent, direction)


def plain_interpolate(counts, input, x, values=None):
    if values is None:
        values = input_values(counts.TP, counts.TN, counts.P, counts.N, input)
    if input in ("tn", "tp", "fn", "fp"):
        x = np.ldexp(x, -counts.exponent)
    decreasing = INPUTS[input]
    low, high = values.min(), values.max()
    TP, TN = counts.TP, counts.TN
    out = {k: np.empty(len(x)) for k in ("threshold", "TP", "TN")}
    for i, value in enumerate(x):
        if not low <= value <= high:
            raise ValueError(f"Input {input} not in range")
        exact = np.flatnonzero(values == value)
        if len(exact):
            row = exact[-1] if decreasing else exact[0]
            out["threshold"][i], out["TP"][i], out["TN"][i] = (
                counts.threshold[row],
                TP[row],
                TN[row],
            )
            continue
        nxt = int(np.argmax(values < value if decreasing else values > value))
        share = (value - values[nxt]) / (values[nxt - 1] - values[nxt])
        out["threshold"][i] = np.nan
        out["TP"][i] = TP[nxt] + share * (TP[nxt - 1] - TP[nxt])
        out["TN"][i] = TN[nxt] + share * (TN[nxt - 1] - TN[nxt])
    return counts._replace(
        threshold=out["threshold"],
        TP=out["TP"],
        TN=out["TN"],
        FN=counts.P - out["TP"],
        FP=counts.N - out["TN"],
    )


def _join(*parts):
    fields = ("threshold", "TP", "FP", "TN", "FN")
    return parts[0]._replace(**{k: np.concatenate([getattr(c, k) for c in parts]) for k in fields})


def plain_in_range(counts, limits, ends=True):
    name, (lo, hi) = limits
    if name == "tpr_range":
        se = input_values(counts.TP, counts.TN, counts.P, counts.N, "sensitivity")
        inside = (se >= lo) & (se <= hi)
        limits_at = [(hi, "head"), (lo, "tail")]
        values, input = se, "sensitivity"
    else:
        sp = input_values(counts.TP, counts.TN, counts.P, counts.N, "specificity")
        lo, hi = 1 - hi, 1 - lo
        inside = (sp >= lo) & (sp <= hi)
        limits_at = [(lo, "head"), (hi, "tail")]
        values, input = sp, "specificity"
    rows = np.flatnonzero(inside)
    if not ends:
        return rows, None
    head, tail = [], []
    for limit, where in limits_at:
        if not (values[rows] == limit).any():
            point = plain_interpolate(counts, input, [limit], values)
            (head if where == "head" else tail).append(point)
    return rows, _join(*head, counts.take(rows), *tail)


def plain_coords_at(roc, x, input, ret, params):
    """`coords(roc, x, input=input, ret=ret)` at numbers `x` of a monotone
    `input` other than threshold, as it was computed."""
    return float_frame(compute(plain_interpolate(plain_counts(roc), input, x), ret, params))


def plain_coords(roc, x, limits, ret, params, best_method="youden", ties="all"):
    """`coords(roc, x, ret=ret, **{limits[0]: limits[1]})` (x a string) as
    it was computed: None where it warned of an empty range."""
    counts, among, extra = plain_counts(roc), None, []
    among, framed = plain_in_range(counts, limits, ends=x == "all")
    if x == "all":
        counts = framed
    elif x == "local maximas":
        counts = counts.take(among)
    if len(counts.threshold) == 0 or (x != "all" and len(among) == 0):
        return None
    if x == "all":
        rows = None
    elif x == "local maximas":
        rows = _local_maximas(counts)
    else:
        rows, method = _best(counts, best_method, params, ties, among)
        if method not in ret:
            extra = [method]
    picked = counts if rows is None else counts.take(rows)
    return float_frame(compute(picked, ret + extra, params))


def same_frame(got, expected):
    """Same columns, same bits in each (NaN equal to NaN, -0.0 apart from 0.0)."""
    assert isinstance(got, pd.DataFrame)
    assert list(got.columns) == list(expected.columns)
    for name in expected.columns:
        a, b = got[name].to_numpy(np.float64), expected[name].to_numpy(np.float64)
        assert a.shape == b.shape, (name, a.shape, b.shape)
        assert np.array_equal(a.view(np.int64), b.view(np.int64)), (name, a, b)
