"""pROC's coords(): measures at chosen points of a weighted ROC curve.

Rows are those of `WeightedROC` (thresholds ascending, the specificity
increasing, as pROC sorts them).  pROC reports thresholds half-way between
consecutive distinct guesses (-Inf first, Inf last); here a row's threshold
is the smallest guess classified positive (>=), so row i of this frame is
row i of pROC's: the same counts, with pROC's threshold -Inf on the first
row and (g[i-1] + g[i]) / 2 on the others.
"""

from __future__ import annotations

import contextlib
import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..curves.areas import check_range
from ..decisions.criteria import TIE, best_rows, criterion_loss
from ..engine.frames import float_frame
from ..utils.deprecation import renamed
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue, RocInput
from ..utils.warn import warn
from .threshold_measures import (
    PROC_ALL,
    PROC_NAMES,
    check_names,
    compute,
    counts_of,
    parameters,
    rows_at,
    shortened,
)

#: Inputs pROC accepts (monotone coordinates) and whether each decreases
#: down the rows (pROC's coord.is.decreasing); threshold is handled apart.
INPUTS = {
    "sensitivity": True,
    "specificity": False,
    "tn": False,
    "tp": True,
    "fn": False,
    "fp": True,
    "tpr": True,
    "tnr": False,
    "fpr": True,
    "fnr": False,
    "1-specificity": True,
    "1-sensitivity": False,
    "recall": True,
}
_INPUT_ALIASES = {"t": "threshold", "topleft": "closest.topleft", "npe": "1-npv", "ppe": "1-ppv"}
BEST_METHODS = ("youden", "closest.topleft")


def check_input(input):
    """pROC's ``input`` of coords: "threshold" or a monotone coordinate,
    shortened as pROC allows ("thr", "se")."""
    input = _INPUT_ALIASES.get(input, input)
    if isinstance(input, str) and input != "threshold" and input not in INPUTS:
        input = shortened(input, PROC_NAMES, "input") or input
    if input != "threshold" and input not in INPUTS:
        if isinstance(input, str) and input in PROC_ALL:
            raise ValueError(f"Coordinate '{input}' is not monotone and cannot be used as input.")
        raise ValueError(f"input must be 'threshold' or one of {sorted(INPUTS)}, got {input!r}")
    return input


def _best(counts, method, params, ties, among=None):
    """Rows whose criterion ties with the best (of the rows `among`, None
    for all), and the criterion's name: the best-threshold engine of
    `best_threshold` and `min_risk`, in counts, with pROC's best.weights."""
    if method in ("topleft", "t"):  # (pROC's other names of it)
        method = "closest.topleft"
    if isinstance(method, str) and method not in BEST_METHODS:
        method = shortened(method, BEST_METHODS, "best_method") or method  # ("y", "c")
    if method not in BEST_METHODS:
        raise ValueError(f"best_method must be one of {BEST_METHODS}, got {method!r}")
    # pROC maximises se + r sp or -((1 - se)^2 + r (1 - sp)^2): in counts,
    # FN N + r FP P and (FN N)^2 + r (FP P)^2 are minimised.
    cost, prevalence = params["best_weights"]
    r = (1 - prevalence) / (cost * prevalence)
    loss = criterion_loss(counts.FN, counts.FP, method, weight_fp=r)
    if among is None:
        rows = best_rows(loss, ties)
    else:  # ties judged on the whole curve's scale, as best_rows does
        scale, inside = max(abs(loss[0]), abs(loss[-1])), loss[among]
        rows = among[inside <= inside.min() + TIE * scale]
        rows = rows[:1] if ties == "first" else rows
    return rows, method


def _local_maximas(counts):
    """pROC's roc_utils_max_thresholds_idx, vectorised, on the counts
    (specificity increases down the rows: FP decreases, FN increases)."""
    FP, FN, TP = counts.FP, counts.FN, counts.TP
    n = len(FP)
    if n == 1:
        return np.array([0])
    keep = np.ones(n, dtype=bool)
    keep[1:] = (FP[1:] != FP[:-1]) | (FN[1:] != FN[:-1])  # not a duplicated point
    idx = np.flatnonzero(keep)
    fp, fn, tp, m = FP[idx], FN[idx], TP[idx], len(idx)
    local = np.zeros(m, dtype=bool)
    if m == 1:
        local[0] = True
    else:
        local[0] = fn[0] < fn[1]
        local[-1] = fp[-1] < fp[-2]
        sp_up = fp[1:-1] < fp[:-2]
        local[1:-1] = sp_up & ((fn[1:-1] < fn[2:]) | (tp[1:-1] == 0))
        # pROC's third case (se rising while sp == 1) cannot occur on a sorted curve
    return idx[local]


def input_values(TP, TN, P, N, input):
    """The monotone `input`'s values (see `INPUTS`) at counts TP and TN of P
    positives and N negatives (arrays that broadcast), with pROC's arithmetic
    (from se and sp), so that exact matches and interpolations fall as in
    pROC."""
    with np.errstate(divide="ignore", invalid="ignore"):
        se, sp = TP / P, TN / N
        if input in ("sensitivity", "tpr", "recall"):
            return se
        if input in ("specificity", "tnr"):
            return sp
        if input in ("fpr", "1-specificity"):
            return 1 - sp
        if input == "1-sensitivity":
            return 1 - se
        tp, tn = se * P, sp * N
        return {"fnr": (P - tp) / P, "tp": tp, "fn": P - tp, "tn": tn, "fp": N - tn}[input]


def _check_within(counts, input, value, low, high):
    """pROC's error for a value of `input` outside the curve's `low`-`high`."""
    if not low <= value <= high:
        shown = np.ldexp(
            [value, low, high], counts.exponent if input in ("tn", "tp", "fn", "fp") else 0
        )
        raise ValueError(f"Input {input} ({shown[0]:g}) not in range ({shown[1]:g}-{shown[2]:g})")


def _between(counts, values, value, nxt):
    """(TP, TN) interpolated linearly at `value` of the input, between the
    rows nxt - 1 and nxt around it (whose input `values` differ)."""
    TP, TN = counts.TP, counts.TN
    share = (value - values[nxt]) / (values[nxt - 1] - values[nxt])
    return TP[nxt] + share * (TP[nxt - 1] - TP[nxt]), TN[nxt] + share * (TN[nxt - 1] - TN[nxt])


def _interpolate(counts, input, x):
    """pROC's coords for a monotone `input` other than threshold at the
    values `x`: the row matching a value exactly (the last one if the input
    decreases, else the first), or a linear interpolation between the two
    rows around it, with no threshold.  Counts are interpolated, so every
    measure follows."""
    values = input_values(counts.TP, counts.TN, counts.P, counts.N, input)
    if input in ("tn", "tp", "fn", "fp"):  # compared in the scaled counts
        x = np.ldexp(x, -counts.exponent)
    decreasing = INPUTS[input]
    low, high = values.min(), values.max()
    threshold, TP, TN = np.empty((3, len(x)))
    for i, value in enumerate(x):
        _check_within(counts, input, value, low, high)
        exact = np.flatnonzero(values == value)
        if len(exact):
            row = exact[-1] if decreasing else exact[0]
            threshold[i], TP[i], TN[i] = counts.threshold[row], counts.TP[row], counts.TN[row]
        else:
            nxt = int(np.argmax(values < value if decreasing else values > value))
            threshold[i] = np.nan
            TP[i], TN[i] = _between(counts, values, value, nxt)
    return counts._replace(threshold=threshold, TP=TP, TN=TN, FN=counts.P - TP, FP=counts.N - TN)


_FIELDS = ("threshold", "TP", "FP", "TN", "FN")


def _quiet(counts):
    """np.errstate for rates of counts that may have a class of no weight
    (0 / 0 and x / 0 are NaN and inf, as R's); a no-op context else."""
    if counts.P > 0 and counts.N > 0:
        return contextlib.nullcontext()
    return np.errstate(divide="ignore", invalid="ignore")


def _in_range(counts, limits, ends=True):
    """pROC's partial-AUC filter of coords: (rows inside, and the curve with
    points interpolated at the range's ends that are not on it, as pROC;
    None without `ends`).

    The range's rate (sensitivity, or specificity for `fpr_range`) is
    monotone down the rows, so the rows inside are one run, found by
    bisection, and an end not on the curve falls between the run's edge
    and the row beyond it."""
    name, (lo, hi) = limits
    with _quiet(counts):  # (`input_values`' arithmetic)
        if name == "tpr_range":  # sensitivity decreases down the rows
            values, input, head, tail = counts.TP / counts.P, "sensitivity", hi, lo
            rising = values[::-1]
            start = len(values) - int(np.searchsorted(rising, hi, "right"))
            stop = len(values) - int(np.searchsorted(rising, lo, "left"))
            low, high = values[-1], values[0]
        else:  # specificity increases
            lo, hi = 1 - hi, 1 - lo
            values, input, head, tail = counts.TN / counts.N, "specificity", lo, hi
            start = int(np.searchsorted(values, lo, "left"))
            stop = int(np.searchsorted(values, hi, "right"))
            low, high = values[0], values[-1]
    rows = np.arange(start, stop)
    if not ends:
        return rows, None
    on_head = start < stop and values[start] == head
    on_tail = start < stop and values[stop - 1] == tail
    if on_head and on_tail:
        return rows, counts.take(rows)
    first = 0 if on_head else 1
    joined = np.empty((5, first + stop - start + (0 if on_tail else 1)))
    for k, field in enumerate(_FIELDS):
        joined[k, first : first + stop - start] = getattr(counts, field)[start:stop]
    for on_curve, limit, nxt, column in ((on_head, head, start, 0), (on_tail, tail, stop, -1)):
        if not on_curve:
            _check_within(counts, input, limit, low, high)
            TP, TN = _between(counts, values, limit, nxt)
            joined[:, column] = np.nan, TP, counts.N - TN, TN, counts.P - TP
    return rows, type(counts)(*joined, *counts[5:])  # (the fields of `_FIELDS`, then the totals)


def _one(counts, x, input, ret, params, best_method, ties, drop_duplicates, limits=None):
    extra, among = [], None
    if isinstance(x, str):
        if limits is not None:
            among, framed = _in_range(counts, limits, ends=x == "all")
            if x == "all":
                counts = framed
            elif x == "local maximas":
                counts = counts.take(among)
        if len(counts.threshold) == 0 or (x != "all" and among is not None and len(among) == 0):
            warn(
                "No coordinates found: the range holds no point of the curve (pROC "
                "returns NULL); the range may be too small"
            )
            return pd.DataFrame(columns=ret)
        if x == "all":
            rows = None  # every row: the counts as they are
        elif x == "local maximas":
            rows = _local_maximas(counts)
        elif x == "best":
            rows, method = _best(counts, best_method, params, ties, among)
            if method not in ret:
                extra = [method]
        else:
            raise ValueError(
                f"x must be 'all', 'best', 'local maximas' or numbers (values of input), got {x!r}"
            )
        picked = counts if rows is None else counts.take(rows)
    else:
        if limits is not None:
            raise ValueError(
                f"{limits[0]} restricts x='all', 'best' or 'local maximas'; numeric x "
                "gives the points asked for"
            )
        x = np.atleast_1d(np.asarray(x, dtype=float))
        if len(x) == 0:
            raise ValueError("Numeric 'x' has length 0")
        if input == "threshold":
            picked = counts.take(rows_at(counts, x))._replace(threshold=x)
        else:
            picked = _interpolate(counts, input, x)
    table = float_frame(compute(picked, ret + extra, params))
    if drop_duplicates and len(table) > 1:
        shown = table.drop(columns="threshold", errors="ignore")
        table = table[~shown.duplicated().to_numpy()].reset_index(drop=True)
    return table


def coords_of(counts, x, input, ret, params, best_method="youden", ties="all"):
    """`coords` of checked arguments (`check_input`, `check_names`,
    `parameters`) on one curve's `Counts`: the engine `weightedroc.ci_coords`
    runs on each bootstrap replicate."""
    return _one(counts, x, input, ret, params, best_method, ties, False)


#: pROC's ret = "all" of a smoothed curve: its coordinates but the threshold.
SMOOTH_ALL = [name for name in PROC_ALL if name != "threshold"]


def _smooth_arguments(x, input, ret):
    """pROC's coords of a smoothed curve: no thresholds, so x is "all",
    "best" or values of a rate; ret any measure but the threshold (counts
    from the smoothed data's class totals), specificity and sensitivity by
    default."""
    if isinstance(x, str) and x not in ("all", "best"):
        raise ValueError(f'\'arg\' should be one of "all", "best" on a smoothed curve, got {x!r}')
    if not isinstance(x, str) and input == "threshold":
        raise ValueError(
            "a smoothed curve has no thresholds: give input='specificity' or 'sensitivity' "
            "(or another rate) with numeric x"
        )
    if ret == ("threshold", "specificity", "sensitivity"):
        ret = ("specificity", "sensitivity")
    if ret == "all":
        return x, input, SMOOTH_ALL
    names = [ret] if isinstance(ret, str) else list(ret)
    if any(n in ("threshold", "t") for n in names):
        raise ValueError(
            "a smoothed curve has no thresholds: ret and input may be any coordinate but "
            f"'threshold' (pROC's coords of a smooth.roc); got ret={ret!r}"
        )
    return x, input, ret


@in_help
@renamed(group="by")
def coords(
    roc: RocInput,
    x: str | float | Sequence[float] = "all",
    input: str = "threshold",
    ret: str | Sequence[str] = ("threshold", "specificity", "sensitivity"),
    *,
    best_method: str = "youden",
    best_weights: tuple[float, float] = (1, 0.5),
    ties: str = "all",
    drop_duplicates: bool = False,
    transpose: bool = False,
    by: str | Sequence[str] | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
) -> pd.DataFrame:
    """pROC's ``coords()``: measures at chosen points of a weighted ROC curve.

    With ``x="best"`` every row tied for the best is returned, as pROC does
    (``ties="first"`` keeps the first, the lowest threshold: the row
    `best_threshold` returns, chosen by the same engine).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete `WeightedROC` frame; a `roc_table` frame with ``by=``
        naming its group columns; or raw inputs ``(guess, label)`` or
        ``(guess, label, weight)`` (cumulated with `positive`, `direction`);
        or a `smooth_roc` curve, as pROC's ``coords(smooth(roc))``: `x`
        "all", "best" or values of a rate (`input` not "threshold"), `ret`
        any coordinate but the threshold, by default specificity and
        sensitivity; ``ret="all"`` is pROC's 23 columns (no threshold).
        Counts are the rates times the smoothed data's class totals (W1
        and W-1: its numbers of cases and controls without weights), as
        pROC's ``roc_utils_calc_coords``.
    x : "all", "best", "local maximas", or numbers
        As pROC: every row; the best rows by `best_method`; the local
        maxima of the curve (points not dominated by a neighbour); or
        values of `input` to evaluate at.
    input : str, default "threshold"
        What numeric `x` holds: ``"threshold"`` (a guess is positive when
        >= x, <= x with direction ">"; the threshold reported is x, as
        pROC's) or a monotone coordinate: sensitivity, specificity, tp,
        tn, fp, fn (weights), tpr, tnr, fpr, fnr, 1-specificity,
        1-sensitivity, recall.  Between curve points pROC interpolates
        linearly (and so does this, in the counts), with threshold NaN;
        at a curve point the row's threshold is reported (pROC reports NA
        for inputs other than sensitivity and specificity).
    ret : str or sequence of str, default threshold, specificity, sensitivity
        Measures to return; ``"all"`` gives pROC 1.18's 24 (threshold,
        specificity, sensitivity, accuracy, tn, tp, fn, fp, npv, ppv, fdr,
        fpr, tpr, tnr, fnr, 1-specificity, 1-sensitivity, 1-accuracy,
        1-npv, 1-ppv, precision, recall, youden,
        closest.topleft); any name `measures` knows is accepted too.
    best_method : {"youden", "closest.topleft"}
        pROC's ``best.method``: maximise ``se + r sp`` or minimise
        ``(1 - se)^2 + r (1 - sp)^2``.  With ``x="best"`` the criterion is
        returned as a column too: pROC's value, ``se + r sp`` (with the
        default weights 1 + Youden's J, the number `best_threshold` and
        `measures` report as ``youden``), or ``(1 - se)^2 + r (1 - sp)^2``.
    best_weights : (float, float), default (1, 0.5)
        pROC's ``best.weights``: the relative cost of a false negative and
        the prevalence; ``r = (1 - prevalence) / (cost prevalence)``.
    ties : {"all", "first"}
        ``"all"`` (pROC): every row tied with the best, in row order;
        ``"first"``: only the first (lowest threshold), as `best_threshold`.
        The rows are chosen by the engine of `best_threshold` and
        `min_risk`: ties are judged in weighted counts to 1e-12 of a
        trivial rule's criterion, so they do not depend on rounding or on
        the weights' scale (pROC compares rounded rates with ``==`` and may
        miss a tie).
    drop_duplicates : bool, default False
        Drop rows whose returned measures (threshold aside) repeat the
        previous row's.
    transpose : bool, default False
        pROC's ``transpose = TRUE``: measures as rows.
    by : str or list of str, optional
        With a `roc_table` frame: its group columns (as `roc_table`'s
        ``by``; formerly ``group``); the result has one block of rows per
        group, the group columns first.
    positive, direction
        As for `WeightedROC`, for raw inputs.
    fpr_range, tpr_range : (float, float), optional
        Only the part of the curve in this range of FPR (1 - specificity)
        or TPR (sensitivity), as pROC's coords of a curve with a partial
        AUC (``partial.auc = c(1 - hi, 1 - lo)`` with focus specificity, or
        ``c(hi, lo)`` with focus sensitivity): ``x="all"`` gives the points
        inside, plus the points interpolated at the range's ends when the
        curve has none there (threshold NaN); ``x="local maximas"`` the
        local maxima of the points inside; ``x="best"`` the best of them.
        A range holding no point warns and gives no rows (pROC: NULL).

    Returns
    -------
    pandas.DataFrame
        One column per measure of `ret` (plus the criterion with
        ``x="best"``).  tp, tn, fp, fn are weights.

    Examples
    --------
    >>> from weightedroc import WeightedROC, coords
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> coords(roc, "best", ret=["threshold", "sensitivity", "specificity", "tp", "fp"])
       threshold  sensitivity  specificity   tp   fp    youden
    0        4.0     0.666667          1.0  2.0  0.0  1.666667
    >>> coords(roc, 0.5, input="specificity", ret=["threshold", "sensitivity"])
       threshold  sensitivity
    0        NaN     0.666667
    """
    if ties not in ("all", "first"):
        raise ValueError(f"ties must be 'all' or 'first', got {ties!r}")
    if isinstance(roc, pd.DataFrame) and roc.attrs.get("smooth") is not None:
        x, input, ret = _smooth_arguments(x, input, ret)
    if isinstance(ret, str):
        ret = PROC_ALL if ret == "all" else [ret]
    elif "all" in ret:
        raise ValueError("ret='all' can't be used with other 'ret' options.")
    ret = check_names(list(ret), proc_first=True)
    input = check_input(input)
    params = parameters(best_weights=best_weights)
    if not isinstance(x, str):
        points: Any = [x] if isinstance(x, numbers.Number) else x
        if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in points):
            raise ValueError(f"'x' must be a numeric or character vector, got {x!r}")
        x = points
    if fpr_range is not None and tpr_range is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    limits = None
    for name, given in (("fpr_range", fpr_range), ("tpr_range", tpr_range)):
        if given is not None:
            limits = (name, check_range(given, name))
    args = (x, input, ret, params, best_method, ties, drop_duplicates, limits)
    if by is None:
        table = _one(counts_of(roc, positive, direction, "coords"), *args)
    else:
        if not isinstance(roc, pd.DataFrame):
            raise TypeError("by= needs a roc_table frame (a DataFrame with group columns)")
        keys = [by] if isinstance(by, str) else list(by)
        missing = [k for k in keys if k not in roc.columns]
        if missing:
            raise ValueError(f"roc has no group column {missing[0]!r}: got {list(roc.columns)}")
        blocks = []
        for key, part in roc.groupby(keys, sort=False, observed=True, dropna=False):
            block = _one(counts_of(part.drop(columns=keys), function="coords"), *args)
            key = key if isinstance(key, tuple) else (key,)
            for name, value in reversed(list(zip(keys, key))):
                block.insert(0, name, value)
            blocks.append(block)
        table = pd.concat(blocks, ignore_index=True)
    return table.T if transpose else table
