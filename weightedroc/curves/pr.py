"""Weighted precision-recall curve and average precision.

Both are arithmetic on the one cumulated pass (`weightedroc.engine.core.cumulate`):
at each threshold, TP and FP are the weights of the positives and of the
negatives whose guess is at least the threshold.
"""

import numpy as np
import pandas as pd

from ..engine.core import cumulate
from ..engine.types import ArrayLike, Direction, LabelValue


def _precision_recall(counts):
    """(precision, recall) at each row of a `Cumulated`; precision 1 on the last."""
    TP, FP = counts.TP, counts.FP
    predicted = TP + FP
    precision = np.divide(TP, predicted, out=np.ones_like(TP), where=predicted > 0)
    return precision, TP / counts.total_pos


def weighted_pr(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> pd.DataFrame:
    """Compute a weighted precision-recall curve.

    Parameters
    ----------
    guess, label, weight
        As for `WeightedROC`: scores (larger means positive), labels in any
        encoding it accepts, optional positive weights (costs).
    positive, direction
        As for `WeightedROC`.

    Returns
    -------
    pandas.DataFrame
        One row per distinct guess, thresholds ascending as in
        `WeightedROC`, then a row with threshold ``inf``.  Columns:
        ``threshold`` (the smallest guess called positive), ``precision =
        TP / (TP + FP)``, ``recall = TP / W1``, and the weighted counts
        ``TP`` and ``FP``.  On the ``inf`` row nothing is called positive;
        its precision is 1 by convention (as scikit-learn's last point), its
        recall 0.  Read bottom-up, the rows are scikit-learn's
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
    counts = cumulate(guess, label, weight, positive=positive, direction=direction)
    precision, recall = _precision_recall(counts)
    return pd.DataFrame(
        {
            "threshold": counts.threshold,
            "precision": precision,
            "recall": recall,
            "TP": counts.TP,
            "FP": counts.FP,
        }
    )


def average_precision(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> float:
    """Weighted average precision: the step-wise area under the PR curve.

    .. math:: AP = \\sum_n (R_n - R_{n+1}) P_n

    over the thresholds (no interpolation), which equals scikit-learn's
    ``average_precision_score(label, guess, sample_weight=weight)``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.

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
    counts = cumulate(guess, label, weight, positive=positive, direction=direction)
    precision, _ = _precision_recall(counts)
    recall_step = np.diff(counts.FN) / counts.total_pos
    return float(max(0.0, np.sum(recall_step * precision[:-1])))
