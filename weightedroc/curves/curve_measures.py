"""Measures of the whole curve: cost curve, precision-recall break-even,
gain and lift charts, DET curve and equal error rate, PR AUC.

Each reads the scaled counts of the one cumulated pass (`table.counts_of`):
a `WeightedROC` frame, or raw inputs ``(guess, label[, weight])``.
"""

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..decisions import roc_convex_hull
from ..metrics.threshold_measures import counts_of
from ..utils.normal import qnorm
from ..utils.types import ArrayLike, Direction, LabelValue
from .roc import curve_frame


class CostCurve(NamedTuple):
    """`cost_curve`'s result: one line per threshold and their lower envelope."""

    lines: pd.DataFrame
    envelope: pd.DataFrame


def _frame(counts):
    """The `WeightedROC` frame of scaled counts (same rates, same vertices)."""
    from ..engine.core import Cumulated

    return curve_frame(Cumulated(counts.threshold, counts.FN, counts.TN, counts.P, counts.N))


def cost_curve(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> CostCurve:
    """Drummond and Holte's cost curve (ROCR's ``performance(pred, "ecost")``).

    Each threshold is a line from (0, FPR) to (1, FNR): its normalised
    expected cost ``FNR x + FPR (1 - x)`` at probability cost
    ``x = p c_fn / (p c_fn + (1 - p) c_fp)``.  The lower envelope is the
    least cost reachable at each x: it joins the crossings of the lines of
    consecutive vertices of the ROC convex hull, from (0, 0) to (1, 0).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    CostCurve
        ``lines``: columns threshold, probability_cost (0 and 1), cost; two
        rows per threshold.  ``envelope``: columns probability_cost, cost,
        the envelope's corners in increasing probability cost (ROCR's ecost
        x and y values).

    Examples
    --------
    >>> from weightedroc import cost_curve
    >>> cost_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])).envelope.round(6)
       probability_cost      cost
    0          0.000000  0.000000
    1          0.666667  0.222222
    2          1.000000  0.000000
    """
    counts = counts_of(roc, positive, direction)
    FPR, FNR = counts.FP / counts.N, counts.FN / counts.P
    lines = pd.DataFrame(
        {
            "threshold": np.repeat(counts.threshold, 2),
            "probability_cost": np.tile([0.0, 1.0], len(FPR)),
            "cost": np.column_stack((FPR, FNR)).ravel(),
        }
    )
    hull = roc_convex_hull(_frame(counts)).index.to_numpy()[::-1]  # ascending FPR
    FP, TP = counts.FP[hull], counts.TP[hull]
    dF, dT = np.diff(FP) * counts.P, np.diff(TP) * counts.N
    x = dF / (dF + dT)
    y = FPR[hull][:-1] + x * (FNR[hull][:-1] - FPR[hull][:-1])
    envelope = pd.DataFrame(
        {
            "probability_cost": np.concatenate(([0.0], x, [1.0])),
            "cost": np.concatenate(([0.0], y, [0.0])),
        }
    )
    return CostCurve(lines, envelope.drop_duplicates(ignore_index=True))


def prbe(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> pd.DataFrame:
    """Precision-recall break-even points (ROCR's ``performance(pred, "prbe")``).

    Thresholds where precision equals recall: rows where they are equal
    (TP = 0, or FP = FN: compared in counts), and between consecutive rows
    where their difference changes sign, the threshold where the
    difference, linear in the threshold between the rows (ROCR's
    ``approxfun``), is 0.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    pandas.DataFrame
        Columns threshold and prbe (the precision = recall there), in
        `WeightedROC`'s row order.  Between rows ROCR reports uniroot's
        ``f.root`` (the difference at the root, about 0) as the value; this
        reports the recall interpolated at the root.

    Examples
    --------
    >>> from weightedroc import prbe
    >>> prbe(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])).round(6)
       threshold      prbe
    0   3.333333  0.666667
    """
    counts = counts_of(roc, positive, direction)
    finite = np.isfinite(counts.threshold)
    c = counts.take(finite)
    if len(c.threshold) < 2:
        raise ValueError(
            "Not enough distinct predictions to compute precision/recall intersections."
        )
    with np.errstate(divide="ignore", invalid="ignore"):
        recall, precision = c.TP / c.P, c.TP / (c.TP + c.FP)
    difference = recall - precision
    equal = (c.TP == 0) | (c.FP == c.FN)
    sign = np.sign(c.TP * (c.FP - c.FN))
    crossing = np.flatnonzero((sign[:-1] * sign[1:] < 0) & ~equal[:-1] & ~equal[1:])
    share = difference[crossing] / (difference[crossing] - difference[crossing + 1])
    # interpolated on the ascending (internal) scale, so that direction ">"
    # gives the negation of the negated guesses' thresholds, zeros included
    flip = -1.0 if c.direction == ">" else 1.0
    t = flip * c.threshold
    between = flip * ((1 - share) * t[crossing] + share * t[crossing + 1])
    found = pd.DataFrame(
        {
            "threshold": np.concatenate((flip * t[equal], between)),
            "prbe": np.concatenate(
                (
                    recall[equal],
                    recall[crossing] + share * (recall[crossing + 1] - recall[crossing]),
                )
            ),
            "row": np.concatenate((np.flatnonzero(equal), crossing + 0.5)),
        }
    )
    return found.sort_values("row").drop(columns="row").reset_index(drop=True)


def gain_curve(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> pd.DataFrame:
    """Cumulative gain chart, as yardstick's ``gain_curve``, weighted.

    Rows from the most confident threshold down: the first tests nothing
    (threshold inf), the last everything.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    pandas.DataFrame
        Columns threshold, n (weight tested: TP + FP), n_events (TP),
        percent_tested (100 n / total weight) and percent_found
        (100 TP / positive weight).

    Examples
    --------
    >>> from weightedroc import gain_curve
    >>> gain_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2]))
       threshold    n  n_events  percent_tested  percent_found
    0        inf  0.0       0.0        0.000000       0.000000
    1        4.0  2.0       2.0       33.333333      66.666667
    2        3.0  4.0       2.0       66.666667      66.666667
    3        2.0  5.0       3.0       83.333333     100.000000
    4        1.0  6.0       3.0      100.000000     100.000000
    """
    c = counts_of(roc, positive, direction).take(slice(None, None, -1))
    tested = c.TP + c.FP
    return pd.DataFrame(
        {
            "threshold": c.threshold,
            "n": np.ldexp(tested, c.exponent),
            "n_events": np.ldexp(c.TP, c.exponent),
            "percent_tested": 100 * tested / (c.P + c.N),
            "percent_found": 100 * c.TP / c.P,
        }
    )


def lift_curve(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> pd.DataFrame:
    """Lift chart, as yardstick's ``lift_curve``, weighted: `gain_curve`
    with ``lift = percent_found / percent_tested`` (NaN on the first row,
    where nothing is tested).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    pandas.DataFrame
        The columns of `gain_curve` and lift.

    Examples
    --------
    >>> from weightedroc import lift_curve
    >>> lift_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2]))["lift"].round(6).tolist()
    [nan, 2.0, 1.0, 1.2, 1.0]
    """
    gain = gain_curve(roc, positive=positive, direction=direction)
    with np.errstate(divide="ignore", invalid="ignore"):
        lift = gain["percent_found"].to_numpy() / gain["percent_tested"].to_numpy()
    lift[0] = np.nan
    return gain.assign(lift=lift)


def det_curve(
    roc: pd.DataFrame | tuple,
    *,
    drop_intermediate: bool = False,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> pd.DataFrame:
    """Detection error tradeoff curve, as scikit-learn's ``det_curve``.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    drop_intermediate : bool, default False
        Drop thresholds whose true positives equal both the previous and
        the next threshold's (the same fnr), as scikit-learn's.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    pandas.DataFrame
        Columns threshold (ascending), fpr, fnr: scikit-learn's rows and
        order as of version 1.9 (which added the threshold inf): from the
        last threshold with no false negative to the first with the fewest
        false positives, weighted; `drop_intermediate` as scikit-learn's.
        Plot it on normal-deviate axes (`normal_deviate`, or ``weightedroc.plots.det_plot``).

    Examples
    --------
    >>> from weightedroc import det_curve
    >>> det_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])).round(6)
       threshold       fpr       fnr
    0        2.0  0.666667  0.000000
    1        3.0  0.666667  0.333333
    2        4.0  0.000000  0.333333
    """
    c = counts_of(roc, positive, direction)
    down = np.arange(len(c.threshold))[::-1]  # scikit-learn's order
    if drop_intermediate and len(down) > 2:
        tp = c.TP[down]
        down = down[
            np.concatenate(([True], (np.diff(tp[:-1]) != 0) | (np.diff(tp[1:]) != 0), [True]))
        ]
    # from the last row with the first row's (least) false positives to the
    # first row with every positive found; then ascending thresholds
    start = np.flatnonzero(c.FP[down] == c.FP[down[0]])[-1]
    stop = np.flatnonzero(c.TP[down] == c.TP[down[-1]])[0]
    rows = down[start : stop + 1][::-1]
    picked = c.take(rows)
    return pd.DataFrame(
        {"threshold": picked.threshold, "fpr": picked.FP / c.N, "fnr": picked.FN / c.P}
    )


def equal_error_rate(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> float:
    """The equal error rate: where FPR = FNR on the ROC curve.

    The curve's points joined by straight lines (the ROC curve of mixing
    two neighbouring thresholds at random); FPR - FNR, compared in counts,
    falls from 1 to -1 down the rows, and the rate is read where it is 0.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    float
        The false positive rate (equal to the false negative rate) there.

    Examples
    --------
    >>> from weightedroc import equal_error_rate
    >>> round(equal_error_rate(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])), 6)
    0.333333
    """
    c = counts_of(roc, positive, direction)
    FPR, FNR = c.FP / c.N, c.FN / c.P
    excess = c.FP * c.P - c.FN * c.N  # FPR - FNR times P N
    j = int(np.argmax(excess <= 0))
    if excess[j] == 0:
        return float(FPR[j])
    d0, d1 = FPR[j - 1] - FNR[j - 1], FPR[j] - FNR[j]
    share = d0 / (d0 - d1)
    return float(FPR[j - 1] + share * (FPR[j] - FPR[j - 1]))


def pr_auc(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> float:
    """Area under the precision-recall curve by trapezoids, as yardstick's
    ``pr_auc``: the points (recall, precision) of every threshold, from
    (0, 1) at threshold inf.  (`average_precision` is the step-wise area.)

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    float
        The area under the precision-recall curve.

    Examples
    --------
    >>> from weightedroc import pr_auc
    >>> round(pr_auc(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])), 6)
    0.85
    """
    c = counts_of(roc, positive, direction).take(slice(None, None, -1))
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = c.TP / (c.TP + c.FP)
    precision[0] = 1.0
    recall = c.TP / c.P
    return float(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2))


def normal_deviate(p: ArrayLike) -> np.ndarray:
    """The standard normal quantile of each probability (the DET axes'
    scale): R's ``qnorm``, equal to ``statistics.NormalDist().inv_cdf``
    bit for bit, with 0 -> -inf and 1 -> inf.

    Parameters
    ----------
    p : array-like of float
        Probabilities, in [0, 1].

    Returns
    -------
    numpy.ndarray
        The quantiles, of the shape of `p`.

    Examples
    --------
    >>> from weightedroc import normal_deviate
    >>> normal_deviate([0.0, 0.025, 0.5, 1.0]).round(6).tolist()
    [-inf, -1.959964, 0.0, inf]
    """
    p = np.asarray(p, dtype=float)
    if np.isnan(p).any() or (p < 0).any() or (p > 1).any():
        raise ValueError("probabilities must be in [0, 1]")
    return np.asarray(qnorm(p))  # an array for a scalar too
