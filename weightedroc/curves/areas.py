"""Areas of parts of the weighted ROC curve: partial AUC and cost-based AUC.

Both read the complete frame that `WeightedROC` returns (one row per
threshold, computed by the one cumulated pass of `weightedroc.engine.core`) and
integrate the piecewise-linear curve through its rows exactly.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..engine.curve_input import read_curve
from ..engine.rates import trapezoid_area
from ..engine.validation import check_cost
from ..utils.deprecation import keyword_only
from ..utils.results import TupleLike
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue, RocInput
from ..utils.warn import warn


def check_range(value, name):
    """(lo, hi) with 0 <= lo < hi <= 1, as floats."""
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a pair (lo, hi) of rates, got {value!r}") from None
    for end in (lo, hi):
        if type(end) is not float and (  # (floats: the common case, without the ABC check)
            isinstance(end, (bool, np.bool_)) or not isinstance(end, numbers.Real)
        ):
            raise TypeError(f"{name} must hold 2 real numbers, got {value!r}")
    if not 0 <= lo < hi <= 1:
        raise ValueError(f"{name} must satisfy 0 <= lo < hi <= 1, got {value!r}")
    return float(lo), float(hi)


def rows_integral(x, y, t):
    """Integral from 0 to t of each row's piecewise-linear y(x) through its points.

    Each row of `x` is non-decreasing from 0 to 1 (vertical steps allowed:
    they have no width); between points the curve is the straight segment.
    `t` is a number (one integral per row) or a sequence (one column per
    value of `t`, the rows' running sums shared).
    """
    ts = np.atleast_1d(np.asarray(t, dtype=float))
    width = x[:, 1:] - x[:, :-1]
    below = np.zeros(x.shape)
    np.cumsum(width * (y[:, :-1] + y[:, 1:]) / 2, axis=1, out=below[:, 1:])
    if len(x) == 1:  # one curve (a call's partial area): its ends read as numbers
        area = np.array([[_integral(x[0], y[0], width[0], below[0], end) for end in ts]])
    else:
        k = np.empty((len(x), len(ts)), dtype=np.intp)  # each end's segment: the last point
        for j, end in enumerate(ts):  # at or below it, within the first and last segments
            k[:, j] = (x <= end).sum(axis=1)
        k = np.minimum(np.maximum(k - 1, 0), x.shape[1] - 2)
        rows = np.arange(len(x))[:, None]
        x0, y0, w, y1 = x[rows, k], y[rows, k], width[rows, k], y[rows, k + 1]
        step = ts - x0
        fraction = np.divide(step, w, out=np.zeros_like(step), where=w > 0)
        area = below[rows, k] + step * (y0 + (y0 + fraction * (y1 - y0))) / 2
    return area if np.ndim(t) else area[:, 0]


def _integral(x, y, width, below, end):
    """`rows_integral` of one curve and one end, in the same operations."""
    k = min(max(int((x <= end).sum()) - 1, 0), len(x) - 2)
    step = end - x[k]
    fraction = step / width[k] if width[k] > 0 else 0.0
    return below[k] + step * (y[k] + (y[k] + fraction * (y[k + 1] - y[k]))) / 2


def range_areas(fpr, tpr, fpr_range=None, tpr_range=None):
    """The partial area of each row's curve over a checked range, and the
    diagonal's: ``(areas, diagonal)``.

    `fpr` and `tpr` hold one curve per row, from (0, 0) to (1, 1).  Over
    `fpr_range` the area is under the curve; over `tpr_range` it is the
    integral of 1 - FPR over TPR (pROC's sensitivity focus).
    """
    if tpr_range is None:
        lo, hi = fpr_range
        low, high = rows_integral(fpr, tpr, (lo, hi)).T
        return high - low, (hi * hi - lo * lo) / 2
    lo, hi = tpr_range
    low, high = rows_integral(tpr, 1 - fpr, (lo, hi)).T
    return high - low, (hi - lo) - (hi * hi - lo * lo) / 2


def mcclish(area, diagonal, lo, hi):
    """McClish's standardised partial area over (lo, hi): 0.5 for the
    diagonal (whose area is `diagonal`), 1 for the perfect curve."""
    return (1 + (area - diagonal) / ((hi - lo) - diagonal)) / 2


def mcclish_warned(area, diagonal, lo, hi):
    """`mcclish`, warning when the area is below the diagonal's (the
    standardisation is then below 0.5, where pROC returns NA)."""
    if area < diagonal:
        warn(
            f"the partial area {area:g} is below that of the diagonal "
            f"({diagonal:g}): McClish's standardisation is then below 0.5 "
            "(pROC returns NA)",
            UserWarning,
        )
    return mcclish(area, diagonal, lo, hi)


@in_help
@keyword_only
def partial_auc(
    roc: RocInput,
    *,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> float:
    """Area under part of a weighted ROC curve, optionally McClish-standardised.

    The curve is the broken line through the rows of `roc`; at the range
    ends it is interpolated linearly (as pROC and scikit-learn do).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete curve as returned by `WeightedROC`, or its inputs as a
        tuple ``(guess, label)`` or ``(guess, label, weight)``, or a
        `smooth_roc` curve (pROC's ``auc(smooth(...), partial.auc=)``).
    fpr_range : (float, float), optional
        ``(lo, hi)`` with ``0 <= lo < hi <= 1``: the area under the curve
        between FPR = lo and FPR = hi (pROC's specificity focus with
        ``partial.auc = c(1 - lo, 1 - hi)``).
    tpr_range : (float, float), optional
        ``(lo, hi)``: the area of the AUC region between TPR = lo and TPR =
        hi, i.e. the integral of ``1 - FPR`` over TPR (pROC's
        ``partial.auc.focus = "sensitivity"``).  Give at most one range;
        with neither the result is the full AUC, equal bit for bit to
        `WeightedAUC`.
    correct : bool, default False
        Apply McClish's standardisation ``(1 + (A - min) / (max - min)) / 2``
        where min is the area of the diagonal (chance) curve in the range
        and max that of the perfect curve: 0.5 means chance, 1 perfect.  As
        pROC's ``partial.auc.correct = TRUE`` and, for ``fpr_range = (0,
        m)``, scikit-learn's ``roc_auc_score(max_fpr=m)``.
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    float
        The (possibly standardised) partial area.

    Warns
    -----
    UserWarning
        With ``correct=True`` when the area is below that of the diagonal:
        the standardised value is then below 0.5 and, unlike here and in
        scikit-learn, pROC returns NA.

    Raises
    ------
    TypeError, ValueError
        If `roc` is not a complete WeightedROC frame, both ranges are given,
        or a range is not ``0 <= lo < hi <= 1``.

    See Also
    --------
    cost_auc : the partial area above the line of a random classifier.

    Examples
    --------
    >>> from weightedroc import WeightedROC, partial_auc
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> round(partial_auc(roc), 6)  # 7/9: the curve is (0,0) (0,2/3) (2/3,2/3) (2/3,1) (1,1)
    0.777778
    >>> round(partial_auc(roc, fpr_range=(0, 0.5)), 6)  # 0.5 * 2/3
    0.333333
    >>> round(partial_auc(roc, fpr_range=(0, 0.5), correct=True), 6)
    0.777778
    >>> round(partial_auc(roc, tpr_range=(0.5, 1)), 6)  # 1/6 * 1 + 1/3 * 1/3
    0.277778
    """
    arrays = read_curve(roc, "partial_auc", positive=positive, direction=direction)
    if fpr_range is not None and tpr_range is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    if fpr_range is None and tpr_range is None:
        area, lo, hi = trapezoid_area(arrays["TPR"], arrays["FPR"]), 0.0, 1.0
        if arrays.smooth is not None:  # pROC's auc(smooth(...))
            area = arrays.smooth.area(arrays["TPR"], arrays["FPR"], arrays.frame.attrs)
        diagonal = 0.5
    else:
        name = "fpr_range" if tpr_range is None else "tpr_range"
        lo, hi = check_range(fpr_range if tpr_range is None else tpr_range, name)
        fpr, tpr = arrays["FPR"][None, ::-1], arrays["TPR"][None, ::-1]
        areas, diagonal = range_areas(fpr, tpr, **{name: (lo, hi)})
        area = float(areas[0])
    if not correct:
        return area
    return mcclish_warned(area, diagonal, lo, hi)


@dataclass(frozen=True)
class CostAUC(TupleLike):
    """Result of `cost_auc`: the areas and the line of the random classifier.

    Attributes
    ----------
    pauc : float
        Area between the curve and the cost line (clipped below at 0), where
        the curve is above it.
    max_pauc : float
        Area between the clipped line and TPR = 1 (a perfect model's pauc).
    ratio : float
        ``pauc / max_pauc``, in [0, 1].
    rho : float
        The normalised cost of a false negative, c_FN / (c_FN + c_FP).
    prevalence : float
        The curve's weighted prevalence W1 / (W1 + W-1).
    slope, intercept : float
        The cost line ``TPR = slope * FPR + intercept``.
    """

    pauc: float
    max_pauc: float
    ratio: float
    rho: float
    prevalence: float
    slope: float
    intercept: float


def _rho(cost_fn, cost_fp):
    """c_FN / (c_FN + c_FP), from either or both costs."""
    if cost_fn is None and cost_fp is None:
        return 0.5
    if cost_fn is None or cost_fp is None:
        name, given = ("cost_fn", cost_fn) if cost_fp is None else ("cost_fp", cost_fp)
        given = check_cost(given, name)
        if given >= 1:
            raise ValueError(
                f"{name} given alone is a normalised cost and must be "
                f"in (0, 1), got {given!r}; or give both costs"
            )
        return given if name == "cost_fn" else 1 - given
    cost_fn, cost_fp = check_cost(cost_fn, "cost_fn"), check_cost(cost_fp, "cost_fp")
    return cost_fn / (cost_fn + cost_fp)


def _pieces(x, y, slope, intercept):
    """Straight pieces (u, v, fu, fv) of the curve, split where the line hits 0."""
    u, v, fu, fv = x[:-1], x[1:], y[:-1], y[1:]
    keep = v > u  # vertical steps have no width
    u, v, fu, fv = u[keep], v[keep], fu[keep], fv[keep]
    root = -intercept / slope
    holder = np.flatnonzero((u < root) & (root < v))
    if len(holder):  # the pieces do not overlap: at most one holds the root
        k = holder[0]
        at_root = fu[k] + (root - u[k]) / (v[k] - u[k]) * (fv[k] - fu[k])
        u, fu = np.insert(u, k + 1, root), np.insert(fu, k + 1, at_root)
        v, fv = np.insert(v, k, root), np.insert(fv, k, at_root)
    return u, v, fu, fv


def _line(x, slope, intercept):
    """The random classifier's line, clipped below at 0."""
    return np.maximum(0.0, slope * x + intercept)


def _area_above(x, y, slope, intercept):
    """Exact integral of max(0, curve - clipped line) over the curve's pieces."""
    u, v, fu, fv = _pieces(x, y, slope, intercept)
    du, dv = fu - _line(u, slope, intercept), fv - _line(v, slope, intercept)
    width = v - u
    both = np.maximum(du, 0) + np.maximum(dv, 0)
    gap = np.abs(du - dv)
    crossing = (du > 0) != (dv > 0)
    triangle = np.divide(
        np.maximum(du, dv) ** 2, gap, out=np.zeros_like(gap), where=crossing & (gap > 0)
    )
    area = np.where(crossing, triangle, both) * width / 2
    return float(area.sum())


def _cost_line(arrays, cost_fn, cost_fp):
    """rho, prevalence, slope and intercept of the line, for a curve's arrays."""
    rho = _rho(cost_fn, cost_fp)
    positives, negatives = arrays["FN"][-1], arrays["FP"][0]
    pi = positives / (positives + negatives)
    slope = (1 - rho) / rho * (1 - pi) / pi
    intercept = 1 - (1 - pi) / rho
    return rho, pi, slope, intercept


@in_help
@keyword_only
def cost_auc(
    roc: RocInput,
    *,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> CostAUC:
    """Cost-based partial AUC: the area where the model beats a random classifier.

    With costs normalised so that c_FN + c_FP = 1 and rho = c_FN, and the
    weighted prevalence pi = W1 / (W1 + W-1) (W1 = FN on the last row of
    `roc`, W-1 = FP on its first row), the random classifier that predicts
    positive with probability pi has expected cost pi (1 - pi).  A point
    (FPR, TPR) costs less exactly when it lies above the line

    .. math:: y = 1 - \\frac{1 - \\pi}{\\rho}
              + \\frac{1 - \\rho}{\\rho} \\frac{1 - \\pi}{\\pi} x .

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete curve as returned by `WeightedROC`, or its inputs as a
        tuple ``(guess, label)`` or ``(guess, label, weight)``.
    cost_fp, cost_fn : float, keyword-only, optional
        Costs of a false positive and of a false negative (any positive
        scale; they are normalised).  Both omitted: equal costs (rho =
        0.5).  One omitted: the other is taken as already normalised, in
        (0, 1).
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    CostAUC
        ``pauc``: the area between the curve and the line (clipped below at
        0) where the curve is above it, computed exactly by intersecting the
        segments of the curve with the line; ``max_pauc``: the area between
        the clipped line and TPR = 1; ``ratio = pauc / max_pauc`` in [0, 1]
        (1 for a perfect model); and ``rho``, ``prevalence``, ``slope``,
        ``intercept`` of the line.

    Raises
    ------
    TypeError, ValueError
        If `roc` is not a complete WeightedROC frame or a cost is not a
        finite positive number.

    See Also
    --------
    partial_auc : the area over a fixed FPR or TPR range.
    min_risk : the cheapest operating point.

    Examples
    --------
    >>> from weightedroc import WeightedROC, cost_auc
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> result = cost_auc(roc)  # pi = 0.5, rho = 0.5: the line is the diagonal
    >>> round(result.pauc, 6), round(result.max_pauc, 6), round(result.ratio, 6)
    (0.277778, 0.5, 0.555556)
    >>> result = cost_auc(roc, cost_fp=3, cost_fn=1)  # the line is y = 3x - 1
    >>> round(result.pauc, 6), round(result.max_pauc, 6)  # 8/27 and 1/2
    (0.296296, 0.5)
    """
    arrays = read_curve(roc, "cost_auc", positive=positive, direction=direction)
    rho, pi, slope, intercept = _cost_line(arrays, cost_fn, cost_fp)
    pauc = _area_above(arrays["FPR"][::-1], arrays["TPR"][::-1], slope, intercept)
    max_pauc = _area_above(np.array([0.0, 0.0, 1.0]), np.array([0.0, 1.0, 1.0]), slope, intercept)
    return CostAUC(
        pauc, max_pauc, pauc / max_pauc, float(rho), float(pi), float(slope), float(intercept)
    )


@in_help
@keyword_only
def cost_region(
    roc: RocInput,
    *,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> pd.DataFrame:
    """The region counted by `cost_auc`, as a frame ready for a ribbon.

    Parameters
    ----------
    roc, cost_fp, cost_fn, positive, direction
        As for `cost_auc` (keyword-only).

    Returns
    -------
    pandas.DataFrame
        Columns FPR, lower (the clipped line, at most 1) and upper (the
        curve where it is above the line, else the line): the region is
        between them.  The curve's crossings with the line are rows, so the
        shaded area is exactly ``cost_auc(...).pauc``.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.curves.areas import cost_region
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> region = cost_region(roc)
    >>> list(region.columns)
    ['FPR', 'lower', 'upper']
    """
    arrays = read_curve(roc, "cost_region", positive=positive, direction=direction)
    _, _, slope, intercept = _cost_line(arrays, cost_fn, cost_fp)
    u, v, fu, fv = _pieces(arrays["FPR"][::-1], arrays["TPR"][::-1], slope, intercept)
    du, dv = fu - _line(u, slope, intercept), fv - _line(v, slope, intercept)
    crossing = (du > 0) != (dv > 0)
    fraction = np.divide(du, du - dv, out=np.zeros_like(du), where=crossing)
    cross = np.where(crossing, u + fraction * (v - u), np.nan)
    x = np.column_stack((u, cross, v)).ravel()
    curve = np.column_stack((fu, fu + fraction * (fv - fu), fv)).ravel()
    x, curve = x[~np.isnan(x)], curve[~np.isnan(x)]
    lower = np.minimum(_line(x, slope, intercept), 1.0)
    return pd.DataFrame({"FPR": x, "lower": lower, "upper": np.maximum(curve, lower)})
