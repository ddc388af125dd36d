"""Detection error trade-off: the DET curve, the equal error rate and the
normal-deviate scale of DET axes."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..engine.counts import counts_of
from ..utils.normal import qnorm
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue, RocInput


@in_help
def det_curve(
    roc: RocInput,
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
    c = counts_of(roc, positive, direction, "det_curve")
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


@in_help
def equal_error_rate(
    roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<"
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
    c = counts_of(roc, positive, direction, "equal_error_rate")
    FPR, FNR = c.FP / c.N, c.FN / c.P
    excess = c.FP * c.P - c.FN * c.N  # FPR - FNR times P N
    j = int(np.argmax(excess <= 0))
    if excess[j] == 0:
        return float(FPR[j])
    d0, d1 = FPR[j - 1] - FNR[j - 1], FPR[j] - FNR[j]
    share = d0 / (d0 - d1)
    return float(FPR[j - 1] + share * (FPR[j] - FPR[j - 1]))


@in_help
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
