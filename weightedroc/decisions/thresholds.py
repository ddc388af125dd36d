"""Decisions from the weighted ROC curve: thresholds, costs, convex hull, risk.

Every function reads a complete frame from `WeightedROC`, whose FN and FP
columns are the weighted error counts of the one cumulated pass; the total
positive weight W1 is FN on its last row and the total negative weight W-1
is FP on its first row.  Criteria are compared in those counts (not in
rates), so that on unweighted data mathematically equal criteria are
exactly equal and ties are resolved as documented, not by rounding.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..engine.core import unit_scaled
from ..engine.curve_input import read_curve
from ..engine.validation import check_cost
from ..utils.deprecation import alias, keyword_only, renamed
from ..utils.results import TupleLike
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue, RocInput
from .criteria import METHODS, TIE, best_rows, closest_topleft, criterion_loss, youden


def check_costs(cost_fp, cost_fn):
    """The two costs of the errors, as floats: finite, >= 0, not both 0."""
    cost_fp = check_cost(cost_fp, "cost_fp", allow_zero=True)
    cost_fn = check_cost(cost_fn, "cost_fn", allow_zero=True)
    if cost_fp + cost_fn == 0:
        raise ValueError("cost_fp and cost_fn are both 0: at least one must be positive")
    return cost_fp, cost_fn


@in_help
@keyword_only
def threshold_cost(
    roc: RocInput,
    *,
    cost_fp: float,
    cost_fn: float,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> pd.DataFrame:
    """The weighted cost of the errors at each threshold of the curve.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete curve as returned by `WeightedROC`, or its inputs as a
        tuple ``(guess, label)`` or ``(guess, label, weight)``.
    cost_fp, cost_fn : float, keyword-only
        Cost per unit of weight of a false positive and of a false negative
        (finite, >= 0, not both 0).
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    pandas.DataFrame
        A copy of `roc` with a column ``cost = cost_fp * FP + cost_fn * FN``
        (FP and FN are weighted counts: a total, not ROCR's ``"cost"`` of
        `measures`, which is this divided by the total weight).  The first
        row (every observation positive) and the last (threshold inf, every
        observation negative) are the costs of the two trivial rules.

    Examples
    --------
    >>> from weightedroc import WeightedROC, threshold_cost
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> threshold_cost(roc, cost_fp=1, cost_fn=5)[["threshold", "FN", "FP", "cost"]]
       threshold   FN   FP  cost
    0        1.0  0.0  3.0   3.0
    1        2.0  0.0  2.0   2.0
    2        3.0  1.0  2.0   7.0
    3        4.0  1.0  0.0   5.0
    4        inf  3.0  0.0  15.0
    """
    arrays = read_curve(roc, "threshold_cost", positive=positive, direction=direction)
    cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
    out = arrays.frame.copy()
    out["cost"] = cost_fp * arrays["FP"] + cost_fn * arrays["FN"]
    return out


@in_help
@keyword_only
def best_threshold(
    roc: RocInput,
    method: str = "youden",
    *,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> pd.Series:
    """The row of the curve that is best by a criterion: one row, the first of the ties.

    Where several rows tie for the best, this returns the first of them in
    `roc`'s order (the lowest threshold); ``coords(roc, "best")`` returns
    every tied row, as pROC does.  Both choose with the same engine, so
    this row is always the first row of ``coords(roc, "best")``.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete curve as returned by `WeightedROC`, or its inputs as a
        tuple ``(guess, label)`` or ``(guess, label, weight)``.
    method : {"youden", "closest.topleft", "cost"}
        ``"youden"`` maximises TPR - FPR; ``"closest.topleft"`` minimises
        (1 - TPR)^2 + FPR^2 (the names and criteria of pROC's
        ``coords(roc, "best", best.method = ...)``); ``"cost"`` minimises
        ``cost_fp * FP + cost_fn * FN``.
    cost_fp, cost_fn : float, keyword-only, optional
        Required with ``method="cost"`` and only then.
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    pandas.Series
        The chosen row of `roc` (its index label is the Series' name) with
        one more entry named after the method: the criterion's value there,
        the same number as the column of that name of `coords` and
        `measures` for the same row: ``youden`` is pROC's
        ``sensitivity + specificity`` (Youden's J plus 1: J itself is
        `measures`' ``j_index``), ``closest.topleft`` is
        ``(1 - TPR)^2 + FPR^2``, and ``cost`` is ``cost_fp * FP + cost_fn *
        FN``, the ``cost`` column of `threshold_cost`.

    Notes
    -----
    The row is chosen by the package's one best-threshold engine
    (`weightedroc.decisions.criteria`), shared with `coords(x="best")` and
    `min_risk`: criteria are compared in weighted counts (e.g. Youden
    through ``FN * W-1 + FP * W1``), each class's counts scaled by a power
    of two to a total in [0.5, 1) (exact), and values within 1e-12 of a
    trivial rule's are ties, resolved to the first row in `roc`'s order
    (the lowest threshold, the highest TPR): so rescaling every weight by
    the same factor never changes the row chosen.  The chosen row is the
    first of the rows pROC's ``coords(roc, "best")`` returns, which lists
    every tied row.

    Examples
    --------
    >>> from weightedroc import WeightedROC, best_threshold
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> best_threshold(roc)[["threshold", "TPR", "FPR", "youden"]].round(6).to_dict()
    {'threshold': 4.0, 'TPR': 0.666667, 'FPR': 0.0, 'youden': 1.666667}
    >>> float(best_threshold(roc, "cost", cost_fp=1, cost_fn=5)["threshold"])
    2.0
    """
    arrays = read_curve(roc, "best_threshold", positive=positive, direction=direction)
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    if method != "cost" and (cost_fp is not None or cost_fn is not None):
        raise ValueError(
            f"cost_fp and cost_fn are used only with method='cost', not with {method!r}"
        )
    FN, FP = arrays["FN"], arrays["FP"]
    if method == "cost":
        if cost_fp is None or cost_fn is None:
            raise ValueError("method='cost' needs both cost_fp and cost_fn")
        cost_fp, cost_fn = check_costs(cost_fp, cost_fn)
        loss = criterion_loss(FN, FP, "cost", weight_fn=cost_fn, weight_fp=cost_fp)
    else:
        loss = criterion_loss(FN, FP, method)
    best = int(best_rows(loss)[0])
    row = arrays.frame.iloc[best].copy()
    row[method] = _criterion_value(method, arrays, best, cost_fp, cost_fn)
    return row


def _criterion_value(method, arrays, row, cost_fp, cost_fn):
    """The criterion at `row`, with the arithmetic of `measures`."""
    if method == "cost":
        return cost_fp * arrays["FP"][row] + cost_fn * arrays["FN"][row]
    FN, FP = unit_scaled(arrays["FN"]), unit_scaled(arrays["FP"], first=True)
    P, N = FN[-1], FP[0]
    value = youden if method == "youden" else closest_topleft
    return float(value(P - FN[row], N - FP[row], P, N))


def _not_left(x0, y0, x1, y1, x2, y2):
    """Whether point 1 lies on or below the chord from point 0 to point 2
    (collinear within rounding: the two products agree to TIE)."""
    turn, back = (x1 - x0) * (y2 - y0), (y1 - y0) * (x2 - x0)
    return turn - back >= -TIE * (np.abs(turn) + np.abs(back))


def _upper_hull(x, y):
    """Positions of the strict vertices of the upper convex hull.

    The points are sorted by x then y, the first and last are vertices.
    Vectorised passes drop every point on or below the chord of its
    neighbours (never a vertex) while that removes many; a monotone chain
    finishes what is left.
    """
    keep = np.arange(len(x))
    while len(keep) > 2:
        xs, ys = x[keep], y[keep]
        drop = _not_left(xs[:-2], ys[:-2], xs[1:-1], ys[1:-1], xs[2:], ys[2:])
        keep = np.concatenate((keep[:1], keep[1:-1][~drop], keep[-1:]))
        if drop.sum() * 8 < len(drop):
            break
    hull = []
    for i in keep.tolist():
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            if not _not_left(x[o], y[o], x[a], y[a], x[i], y[i]):
                break
            hull.pop()
        hull.append(i)
    return np.array(hull)


@in_help
def roc_convex_hull(
    roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<"
) -> pd.DataFrame:
    """The vertices of the ROC convex hull (ROCCH).

    The hull is the best curve reachable by mixing the classifiers of the
    curve's thresholds; it is the ROC curve that the scores would give
    after PAV (isotonic) calibration, and every cost-optimal operating
    point lies on it.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete curve as returned by `WeightedROC`, or its inputs as a
        tuple ``(guess, label)`` or ``(guess, label, weight)``.
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    pandas.DataFrame
        The rows of `roc` that are strict vertices of the upper convex hull
        of its points (collinear points dropped), in `roc`'s order: from
        (FPR, TPR) = (1, 1) to (0, 0), with their thresholds and counts.

    Examples
    --------
    >>> from weightedroc import WeightedROC, roc_convex_hull
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> roc_convex_hull(roc)[["TPR", "FPR", "threshold"]].round(6)
            TPR       FPR  threshold
    0  1.000000  1.000000        1.0
    1  1.000000  0.666667        2.0
    3  0.666667  0.000000        4.0
    4  0.000000  0.000000        inf
    """
    arrays = read_curve(roc, "roc_convex_hull", positive=positive, direction=direction)
    # Ascending FPR: reverse the rows; the hull is computed in weighted
    # counts, each class's scaled by a power of two to a total in [0.5, 1)
    # (exact, and an affine map, so the vertices are the same).
    FN, FP = unit_scaled(arrays["FN"]), unit_scaled(arrays["FP"], first=True)
    FP, TP = FP[::-1], FN[-1] - FN[::-1]
    vertices = len(FP) - 1 - _upper_hull(FP, TP)
    return arrays.frame.iloc[vertices[::-1]]


@dataclass(frozen=True)
class MinRisk(TupleLike):
    """Result of `min_risk`: the Bayes-optimal operating point of a curve.

    Attributes
    ----------
    risk, threshold, TPR, FPR : float
        Expected risk, threshold and rates of the best row.
    trivial_risk : float
        Risk of the better trivial rule.
    trivial_rule : str
        "all negative" or "all positive".
    prevalence, cost_fn, cost_fp : float
        The prior and costs the risk was computed with (``p_target``,
        ``c_miss`` and ``c_fa`` are their deprecated names).
    normalized_risk : float
        ``risk / trivial_risk`` (property).
    beats_trivial : bool
        Whether ``risk < trivial_risk`` (property).

    Methods
    -------
    isocost_lines()
        `isocost_line` through this optimum.
    """

    risk: float
    threshold: float
    TPR: float
    FPR: float
    trivial_risk: float
    trivial_rule: str
    prevalence: float
    cost_fn: float
    cost_fp: float

    p_target = alias("prevalence", "p_target")
    c_miss = alias("cost_fn", "c_miss")
    c_fa = alias("cost_fp", "c_fa")

    @property
    def normalized_risk(self):
        """risk / trivial_risk: below 1 when the model beats doing nothing."""
        return self.risk / self.trivial_risk

    @property
    def beats_trivial(self):
        """Whether the model's risk is below that of the better trivial rule."""
        return self.risk < self.trivial_risk

    def isocost_lines(self):
        """`isocost_line` through this optimum, with these costs."""
        return isocost_line(
            self.prevalence, cost_fp=self.cost_fp, cost_fn=self.cost_fn, point=(self.FPR, self.TPR)
        )


def _check_prevalence(prevalence, arrays):
    if prevalence is None:
        positives, negatives = arrays["FN"][-1], arrays["FP"][0]
        return float(positives / (positives + negatives))
    if isinstance(prevalence, (bool, np.bool_)) or not isinstance(prevalence, numbers.Real):
        raise TypeError(f"prevalence must be a real number in (0, 1), got {prevalence!r}")
    if not 0 < prevalence < 1:
        raise ValueError(
            "prevalence must be in (0, 1) (the prior probability of a positive), "
            f"got {prevalence!r}"
        )
    return float(prevalence)


@in_help
@renamed(p_target="prevalence", c_miss="cost_fn", c_fa="cost_fp")
@keyword_only
def min_risk(
    roc: RocInput,
    *,
    prevalence: float | None = None,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> MinRisk:
    """The Bayes-optimal operating point: the threshold of least expected risk.

    The expected risk of a row is

    .. math:: R = p\\,(1 - TPR)\\,c_{fn} + (1 - p)\\,FPR\\,c_{fp}

    (the detection cost function of NIST speaker recognition evaluations,
    with p the prevalence).
    The curve's rows include (1, 1), the rule "all positive" with risk
    (1 - p) cost_fp, and (0, 0), "all negative" with risk p cost_fn, so the
    minimum is never above the better of these trivial rules.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete curve as returned by `WeightedROC`, or its inputs as a
        tuple ``(guess, label)`` or ``(guess, label, weight)``.
    prevalence : float in (0, 1), keyword-only, optional
        Prior probability of a positive; by default the weighted prevalence
        W1 / (W1 + W-1) of `roc`.  With that default and unit costs the
        risk is the weighted error ``(FN + FP) / (W1 + W-1)``.
        (Formerly ``p_target``.)
    cost_fp, cost_fn : float, keyword-only, default 1
        Costs of a false positive (a false alarm; formerly ``c_fa``) and of
        a false negative (a miss; formerly ``c_miss``); finite and positive.
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    MinRisk
        ``risk``, ``threshold``, ``TPR``, ``FPR`` of the best row (chosen by
        the engine of `best_threshold`: Youden's criterion weighted by
        ``p cost_fn`` and ``(1 - p) cost_fp``, compared in counts, ties to
        the first row, the lowest threshold); ``trivial_risk`` and
        ``trivial_rule`` ("all negative" or "all positive") of the better
        trivial rule; the inputs ``prevalence``, ``cost_fn``, ``cost_fp``;
        the properties ``normalized_risk`` (risk / trivial_risk, NIST's
        normalised minDCF) and ``beats_trivial``; and the method
        ``isocost_lines()``.

    See Also
    --------
    isocost_line : lines of equal risk, to draw.
    roc_convex_hull : the optimum lies on it.

    Examples
    --------
    >>> from weightedroc import WeightedROC, min_risk
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> best = min_risk(roc, prevalence=0.5, cost_fp=1, cost_fn=5)
    >>> round(best.risk, 6), best.threshold, round(best.FPR, 6)
    (0.333333, 2.0, 0.666667)
    >>> best.trivial_rule, best.trivial_risk, best.beats_trivial
    ('all positive', 0.5, True)
    """
    arrays = read_curve(roc, "min_risk", positive=positive, direction=direction)
    p = _check_prevalence(prevalence, arrays)
    cost_fp, cost_fn = check_cost(cost_fp, "cost_fp"), check_cost(cost_fn, "cost_fn")
    FN, FP = arrays["FN"], arrays["FP"]
    risk = p * (FN / FN[-1]) * cost_fn + (1 - p) * (FP / FP[0]) * cost_fp
    loss = criterion_loss(FN, FP, "youden", weight_fn=p * cost_fn, weight_fp=(1 - p) * cost_fp)
    best = int(best_rows(loss)[0])
    all_negative, all_positive = p * cost_fn, (1 - p) * cost_fp
    rule = "all negative" if all_negative <= all_positive else "all positive"
    return MinRisk(
        float(risk[best]),
        float(arrays["threshold"][best]),
        float(arrays["TPR"][best]),
        float(arrays["FPR"][best]),
        min(all_negative, all_positive),
        rule,
        p,
        cost_fn,
        cost_fp,
    )


def _segment(x0, y0, slope):
    """Ends of the line through (x0, y0) with positive slope, in the unit square."""
    lo = max(0.0, x0 - y0 / slope)
    hi = min(1.0, x0 + (1 - y0) / slope)
    return [lo, hi], [y0 + slope * (lo - x0), y0 + slope * (hi - x0)]


@in_help
@renamed(p_target="prevalence", c_miss="cost_fn", c_fa="cost_fp")
@keyword_only
def isocost_line(
    prevalence: float,
    *,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    point: tuple[float, float] | None = None,
) -> pd.DataFrame:
    """Lines of equal expected risk in ROC space, as a frame ready to draw.

    Points (FPR, TPR) on a line of slope ``(1 - p) cost_fp / (p cost_fn)``
    have the same risk ``p (1 - TPR) cost_fn + (1 - p) FPR cost_fp``; the
    optimum of a curve is where the highest such line touches it.

    Parameters
    ----------
    prevalence : float in (0, 1)
        Prior probability of a positive, p (formerly ``p_target``).
    cost_fp, cost_fn : float, keyword-only, default 1
        Costs of a false positive (false alarm, formerly ``c_fa``) and of a
        false negative (miss, formerly ``c_miss``).
    point : (float, float), keyword-only, optional
        ``(FPR, TPR)`` the iso-cost line goes through, e.g. the optimum of
        `min_risk` (its ``isocost_lines()`` method does this).

    Returns
    -------
    pandas.DataFrame
        Two rows (the ends inside the unit square) per line, with columns
        ``line`` ("iso-cost" through `point`, when given, and "majority":
        the iso-cost line of the better trivial rule, through (0, 0) when
        "all negative" is cheaper, through (1, 1) otherwise), ``FPR``,
        ``TPR``, ``risk`` (the risk of every point of the line) and
        ``slope``.  Points above the majority line beat doing nothing.

    Examples
    --------
    >>> from weightedroc import isocost_line
    >>> isocost_line(0.5, cost_fp=1, cost_fn=5, point=(2 / 3, 1.0)).round(6)
           line       FPR       TPR      risk  slope
    0  iso-cost  0.000000  0.866667  0.333333    0.2
    1  iso-cost  0.666667  1.000000  0.333333    0.2
    2  majority  0.000000  0.800000  0.500000    0.2
    3  majority  1.000000  1.000000  0.500000    0.2
    """
    if prevalence is None:
        raise TypeError("prevalence is required: the prior probability of a positive")
    p = _check_prevalence(prevalence, None)
    cost_fp, cost_fn = check_cost(cost_fp, "cost_fp"), check_cost(cost_fn, "cost_fn")
    slope = (1 - p) * cost_fp / (p * cost_fn)
    through = [(0.0, 0.0) if p * cost_fn <= (1 - p) * cost_fp else (1.0, 1.0)]
    names = ["majority"]
    if point is not None:
        try:
            x0, y0 = (float(v) for v in point)
        except (TypeError, ValueError):
            raise TypeError(f"point must be a pair (FPR, TPR), got {point!r}") from None
        if not (0 <= x0 <= 1 and 0 <= y0 <= 1):
            raise ValueError(f"point must be inside the unit square, got {point!r}")
        through.insert(0, (x0, y0))
        names.insert(0, "iso-cost")
    rows = []
    for name, (x0, y0) in zip(names, through):
        xs, ys = _segment(x0, y0, slope)
        risk = p * (1 - y0) * cost_fn + (1 - p) * x0 * cost_fp
        rows += [(name, x, y, risk, slope) for x, y in zip(xs, ys)]
    return pd.DataFrame(rows, columns=["line", "FPR", "TPR", "risk", "slope"])
