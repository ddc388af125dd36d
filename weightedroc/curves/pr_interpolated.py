"""The interpolated precision-recall curve (Davis and Goadrich, 2006) and
its areas, with weights, as PRROC 1.4 (Grau and Keilwagen) computes them.

Between two consecutive thresholds the curve does not run straight in PR
space: TP and FP grow together linearly (the tied observations enter in a
random order), so precision is ``x / (x + FP0 + h (x - TP0))`` at TP = x,
with ``h = dFP / dTP``.  Its exact integral over recall is PRROC's
``auc.integral``; Davis and Goadrich's own area, PRROC's
``auc.davis.goadrich``, steps through the segment one positive at a time
and joins those points with straight lines.
"""

from __future__ import annotations

import numpy as np


def from_zero(counts):
    """(TP, FP) in long double, from nothing called positive (0, 0) at the
    highest threshold down to everything: the vertices of the curve."""
    down = slice(None, None, -1)
    TP = np.asarray(counts.TP, dtype=np.longdouble)[down]
    FP = np.asarray(counts.FP, dtype=np.longdouble)[down]
    return TP, FP


def interpolated_area(TP, FP):
    """The exact area under the interpolated curve through (TP, FP).

    On a segment from (t0, f0) to (t1, f1), with dt, df its steps and
    s = dt + df, precision at TP = x is x / (x + f0 + (df/dt)(x - t0)), and

    .. math:: \\int = \\frac{dt}{s W_1}\\Big(dt - \\frac{f_0 dt - t_0 df}{s}
              \\log\\frac{t_1 + f_1}{t_0 + f_0}\\Big),

    PRROC's ``(r1 - r0 - b/a (log(a r1 + b) - log(a r0 + b))) / a`` with
    a = s / dt, b = (f0 dt - t0 df) / (dt W1): the same number, written so
    that no step divides by dt (0 on a segment of negatives only).
    """
    # Only segments that gain positives have area: compute those (a few
    # percent of the rows for rare positives), summed in place among the
    # zeros, so that the sum's order, and its bits, are every segment's.
    rising = np.flatnonzero(TP[1:] > TP[:-1])
    areas = np.zeros(len(TP) - 1, dtype=np.result_type(TP, FP))
    areas[rising] = _areas(TP[rising], TP[rising + 1], FP[rising], FP[rising + 1])
    return float(np.sum(areas) / TP[-1])


def segment_areas(TP, FP):
    """Each segment's area under the interpolated curve times W1 (see
    `interpolated_area`), along the first axis: vertices x columns when
    TP and FP are 2-D (one curve a column, for replicate weights)."""
    return _areas(TP[:-1], TP[1:], FP[:-1], FP[1:])


def _areas(t0, t1, f0, f1):
    """The areas (times W1) of the segments from (t0, f0) to (t1, f1)."""
    dt, df = t1 - t0, f1 - f0
    s = dt + df
    start = t0 + f0
    useful = (dt > 0) & (start > 0)
    b = np.zeros_like(dt)
    np.divide(f0 * dt - t0 * df, s, out=b, where=useful)
    logs = np.zeros_like(dt)
    np.log1p(np.divide(s, start, out=logs.copy(), where=useful), out=logs, where=useful)
    part = np.zeros_like(dt)
    np.divide(dt * (dt - b * logs), s, out=part, where=dt > 0)
    return part


def davis_goadrich_area(TP, FP):
    """Davis and Goadrich's area, PRROC's ``auc.davis.goadrich``: on each
    segment the curve's points at every whole positive, joined by straight
    lines; on the first segment (from 0 called positive) the precision is
    that of its end.  TP must hold whole numbers (unit or frequency
    weights of the positives)."""
    t0, t1, f0, f1 = TP[:-1], TP[1:], FP[:-1], FP[1:]
    steps = np.rint(t1 - t0).astype(np.int64)
    segment = np.repeat(np.arange(len(steps)), steps)
    offsets = np.cumsum(steps) - steps
    k = (np.arange(len(segment)) - offsets[segment]).astype(np.longdouble)
    h = (f1 - f0)[segment] / (t1 - t0)[segment]
    base_t, base_f = t0[segment], f0[segment]
    end = t1[segment] / (t1[segment] + f1[segment])

    def precision(x):
        called = base_t + x + base_f + h * x
        out = end.copy()
        np.divide(base_t + x, called, out=out, where=called > 0)
        return out

    return float(np.sum((precision(k) + precision(k + 1)) / 2) / TP[-1])


def interpolated_points(TP, FP, step):
    """The vertices and, within each segment whose precision changes,
    points every `step` of TP (PRROC's ``minStepSize``), as (TP, FP, end):
    ``end`` the index of the vertex that closes the segment, in the
    vertices' order from (0, 0)."""
    t0, t1, f0, f1 = TP[:-1], TP[1:], FP[:-1], FP[1:]
    dt = t1 - t0
    changes = (dt > step) & (t0 * f1 != t1 * f0) & (t0 + f0 > 0)
    inner = np.where(changes, np.ceil(dt / step).astype(np.int64) - 1, 0)
    segment = np.repeat(np.arange(len(dt)), inner)
    offsets = np.cumsum(inner) - inner
    x = (np.arange(len(segment)) - offsets[segment] + 1) * np.longdouble(step)
    h = (f1 - f0)[segment] / dt[segment]
    points_TP = np.concatenate((TP, t0[segment] + x))
    points_FP = np.concatenate((FP, f0[segment] + h * x))
    end = np.concatenate((np.arange(len(TP)), segment + 1))
    order = np.lexsort((points_TP, end))
    return points_TP[order], points_FP[order], end[order]
