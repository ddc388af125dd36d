"""Weighted precision-recall curve, average precision, the trapezoidal PR
AUC and the precision-recall break-even points.

Both read the one sorted pass (`weightedroc.engine.core.cumulate_from_top`):
at each threshold, TP and FP are the weights of the positives and of the
negatives whose guess is at least the threshold, summed from the highest
guess down in long double, as scikit-learn cumulates them.  R's TP = W1 - FN
would cancel where heavy weights sit low in the ranking.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..engine.core import cumulate_from_top
from ..engine.counts import counts_of
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue, RocInput
from ..utils.warn import warn
from .pr_interpolated import (
    davis_goadrich_area,
    from_zero,
    interpolated_area,
    interpolated_points,
)
from .pr_soft import soft_label_rows

PR_AUC_METHODS = ("trapezoid", "interpolated", "davis_goadrich")


def _top(guess, label, weight, positive, direction, soft):
    if soft:
        guess, label, weight = soft_label_rows(guess, label, weight, positive)
        positive = 1
    return cumulate_from_top(guess, label, weight, positive=positive, direction=direction)


def _precision_recall(top):
    """(precision, recall) at each row of a `FromTop`, in long double;
    precision 1 on the last row, where nothing is called positive."""
    TP, predicted = top.TP, top.TP + top.FP
    one = np.ones_like(TP)
    precision = np.divide(TP, predicted, out=one, where=predicted > 0)
    return precision, TP / TP[0]


@in_help
def weighted_pr(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    interpolate: bool = False,
    soft: bool = False,
) -> pd.DataFrame:
    """Compute a weighted precision-recall curve.

    Parameters
    ----------
    guess, label, weight
        As for `WeightedROC`: scores (larger means positive), labels in any
        encoding it accepts, optional positive weights (costs).
    positive, direction
        As for `WeightedROC`.
    interpolate : bool
        Add the points of the interpolated curve (Davis and Goadrich,
        PRROC's ``curve=TRUE``) between the thresholds, for plots: within
        each segment whose precision changes, a point every
        ``min(1, W1 / 100)`` of TP weight (PRROC's ``minStepSize``), but
        at least ``W1 / 10000`` (at most 10,000 steps over the recall,
        whatever the weights' scale), TP and FP growing together
        linearly.  Such a point carries the threshold that completes its
        segment.  The ``inf`` row's precision is then the curve's limit at
        recall 0 (the next row's), not 1, and FP is summed from the top.
    soft : bool
        `label` holds each row's probability of being positive (PRROC's
        ``weights.class0``): a row of weight w and label p counts as a
        positive of weight w p and a negative of weight w (1 - p).

    Returns
    -------
    pandas.DataFrame
        One row per distinct guess, thresholds ascending as in
        `WeightedROC`, then a row with threshold ``inf``.  Columns:
        ``threshold`` (the smallest guess called positive), ``precision =
        TP / (TP + FP)``, ``recall = TP / W1``, and the weighted counts
        ``TP`` and ``FP``.  TP, precision and recall are accurate in every
        digit: the weights are summed from the highest guess down in long
        double and each ratio rounded once.  ``threshold`` and ``FP`` are
        R's columns (`WeightedROC`'s) bit for bit; R's FP is the negative
        total less the weight below, so where a heavy negative sits low
        in the ranking it can lose digits that precision does not.  On
        the ``inf`` row nothing is called positive; its precision is 1 by
        convention (as scikit-learn's last point), its recall 0.  Read
        bottom-up, the rows are scikit-learn's
        ``precision_recall_curve(..., drop_intermediate=False)``.

    See Also
    --------
    average_precision : the step-wise area under this curve.

    Examples
    --------
    >>> from weightedroc import weighted_pr
    >>> weighted_pr([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
       threshold  precision    recall   TP   FP
    0        1.0        0.5  1.000000  3.0  3.0
    1        2.0        0.6  1.000000  3.0  2.0
    2        3.0        0.5  0.666667  2.0  2.0
    3        4.0        1.0  0.666667  2.0  0.0
    4        inf        1.0  0.000000  0.0  0.0
    """
    top = _top(guess, label, weight, positive, direction, soft)
    if interpolate:
        return _interpolated_frame(top)
    precision, recall = _precision_recall(top)
    return pd.DataFrame(
        {
            "threshold": top.counts.threshold,
            "precision": precision.astype(np.float64),
            "recall": recall.astype(np.float64),
            "TP": top.TP.astype(np.float64),
            "FP": top.counts.FP,
        }
    )


def interpolated_curve(TP, FP):
    """The interpolated curve's points through the vertices (TP, FP) given
    from (0, 0) up: (TP, FP, precision, recall, end), ``end`` the vertex
    that closes each point's segment.  At recall 0 the precision is the
    curve's limit there (the next point's)."""
    TP = np.asarray(TP, dtype=np.longdouble)
    FP = np.asarray(FP, dtype=np.longdouble)
    W1 = float(TP[-1])
    TP, FP, end = interpolated_points(TP, FP, max(min(1.0, W1 / 100), W1 / 10_000))
    called = TP + FP
    precision = np.divide(TP, called, out=np.zeros_like(TP), where=called > 0)
    precision[0] = precision[1] if len(precision) > 1 else 1.0
    return TP, FP, precision, TP / TP[-1], end


def _interpolated_frame(top):
    TP, FP, precision, recall, end = interpolated_curve(top.TP[::-1], top.FP[::-1])
    down = slice(None, None, -1)
    return pd.DataFrame(
        {
            "threshold": top.counts.threshold[::-1][end][down],
            "precision": precision.astype(np.float64)[down],
            "recall": recall.astype(np.float64)[down],
            "TP": TP.astype(np.float64)[down],
            "FP": FP.astype(np.float64)[down],
        }
    )


@in_help
def average_precision(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    soft: bool = False,
) -> float:
    """Weighted average precision: the step-wise area under the PR curve.

    .. math:: AP = \\sum_n (R_n - R_{n+1}) P_n

    over the thresholds (no interpolation), which equals scikit-learn's
    ``average_precision_score(label, guess, sample_weight=weight)``.
    The recall steps and precisions are `weighted_pr`'s in long double,
    and their products are summed in long double, rounded once.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    soft : bool
        `label` holds probabilities of being positive, as for `weighted_pr`.

    Returns
    -------
    float
        The weighted average precision.

    Examples
    --------
    >>> from weightedroc import average_precision
    >>> round(average_precision([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2]), 6)
    0.866667
    """
    top = _top(guess, label, weight, positive, direction, soft)
    precision, _ = _precision_recall(top)
    positive_step = top.TP[:-1] - top.TP[1:]
    return float(np.sum(positive_step * precision[:-1]) / top.TP[0])


@in_help
def prbe(roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<") -> pd.DataFrame:
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
    counts = counts_of(roc, positive, direction, "prbe")
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


@in_help
def pr_auc(
    roc: RocInput,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    method: str | None = None,
    soft: bool = False,
) -> float:
    """Area under the precision-recall curve.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.
    method : {"trapezoid", "interpolated", "davis_goadrich"}
        ``"trapezoid"``: straight lines between the points (recall,
        precision) of every threshold, from (0, 1) at threshold inf, as
        yardstick's ``pr_auc``; straight lines in PR space overstate the
        area (Davis and Goadrich, 2006).  ``"interpolated"``: the exact area
        under the interpolated curve, along which TP and FP grow together
        linearly between thresholds, with weights: PRROC's
        ``auc.integral``.  ``"davis_goadrich"``: that curve's points at
        every whole positive joined by straight lines, PRROC's
        ``auc.davis.goadrich``; it needs whole-number weights of the
        positives (PRROC defines it without weights; with frequency
        weights it is the area of the repeated rows).  Not given: the
        trapezoid, with a FutureWarning: the default becomes
        ``"interpolated"`` in 2.0.
    soft : bool
        For raw inputs: `label` holds probabilities of being positive, as
        for `weighted_pr`.

    Returns
    -------
    float
        The area under the precision-recall curve.

    See Also
    --------
    average_precision : the step-wise area.

    Examples
    --------
    >>> from weightedroc import pr_auc
    >>> data = ([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> round(pr_auc(data, method="trapezoid"), 6)
    0.85
    >>> round(pr_auc(data, method="interpolated"), 6)
    0.851238
    """
    if method is None:
        warn(
            'pr_auc(): the default method becomes "interpolated" (PRROC\'s auc.integral) '
            'in 2.0; pass method="trapezoid" to keep straight lines, as now',
            FutureWarning,
        )
        method = "trapezoid"
    if method not in PR_AUC_METHODS:
        raise ValueError(f"method must be one of {PR_AUC_METHODS}, found {method!r}")
    if soft:
        if not isinstance(roc, tuple) or len(roc) not in (2, 3):
            raise TypeError("soft=True needs raw inputs (guess, label[, weight]), not a curve")
        weight = roc[2] if len(roc) == 3 else None
        roc = soft_label_rows(roc[0], roc[1], weight, positive)
        positive = 1
    if method == "interpolated" and isinstance(roc, tuple) and len(roc) in (2, 3):
        # raw rows: TP and FP summed from the top (R's W1 - FN cancels at the
        # high thresholds, where weights spanning many magnitudes lose bits)
        top = cumulate_from_top(*roc, positive=positive, direction=direction)
        return interpolated_area(top.TP[::-1], top.FP[::-1])
    c = counts_of(roc, positive, direction, "pr_auc")
    if method != "trapezoid":
        TP, FP = from_zero(c)
        if method == "interpolated":
            return interpolated_area(TP, FP)
        TP, FP = np.ldexp(TP, c.exponent), np.ldexp(FP, c.exponent)
        if not np.all(TP == np.rint(TP)):
            raise ValueError(
                'method="davis_goadrich" steps one positive at a time: it needs whole-number '
                'weights of the positives (PRROC: no weights); use method="interpolated"'
            )
        return davis_goadrich_area(TP, FP)
    c = c.take(slice(None, None, -1))
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = c.TP / (c.TP + c.FP)
    precision[0] = 1.0
    recall = c.TP / c.P
    return float(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2))
