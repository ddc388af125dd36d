"""The weighted counts of a curve, scaled to a total weight in [0.5, 1).

Counts are read once (`counts_of`, through `curve_input.read_curve`) and
scaled by the power of two that puts the total weight in [0.5, 1): exact, so
that scaling every weight by 2**k leaves every measure the same bits, and
products of counts (MCC, odds, kappa, chi-squared) can neither overflow nor
underflow.
"""

import math
from typing import NamedTuple

import numpy as np

from .curve_input import read_curve


class Counts(NamedTuple):
    """Weighted counts at each threshold, scaled by 2**-exponent.

    Rows in `WeightedROC`'s order: the first calls everything positive, the
    last (threshold inf, or -inf with direction ">") nothing.
    """

    threshold: np.ndarray
    TP: np.ndarray
    FP: np.ndarray
    TN: np.ndarray
    FN: np.ndarray
    P: float
    N: float
    exponent: int
    direction: str

    def take(self, rows):
        """The counts at `rows` (positions or a mask)."""
        return type(self)(*(values[rows] for values in self[:5]), *self[5:])


def from_columns(threshold, FN, FP, direction):
    """The scaled `Counts` of a curve's threshold, FN and FP columns."""
    P, N = FN[-1], FP[0]
    exponent = math.frexp(P + N)[1]
    FN, FP = np.ldexp(FN, -exponent), np.ldexp(FP, -exponent)
    P, N = FN[-1], FP[0]
    return Counts(
        np.asarray(threshold, dtype=float),
        P - FN,
        FP,
        N - FP,
        FN,
        float(P),
        float(N),
        exponent,
        direction,
    )


def counts_of(roc, positive=None, direction="<", function="measures"):
    """The scaled `Counts` of what a user passed to `function` as a curve:
    a complete `WeightedROC` frame (its direction read from its last
    threshold: inf for "<", -inf for ">"), or a tuple ``(guess, label)`` or
    ``(guess, label, weight)``, cumulated with `positive` and `direction`
    (`read_curve`'s one input rule); or a `smooth_roc` curve, without
    thresholds (`smoothed_counts`)."""
    curve = read_curve(roc, function, positive=positive, direction=direction)
    if curve.smooth is not None:
        return smoothed_counts(curve.TPR, curve.FPR, curve.smooth, curve.direction)
    return from_columns(curve.threshold, curve.FN, curve.FP, curve.direction)


def smoothed_counts(TPR, FPR, smoothing, direction):
    """The scaled `Counts` of a smoothed curve, as pROC's coords of a
    ``smooth.roc`` (roc_utils_calc_coords): TP = TPR W1 and TN = (1 - FPR)
    W-1, with the smoothed data's class totals (its numbers of cases and
    controls without weights), FN and FP their complements; no thresholds."""
    label, weight = smoothing.label, smoothing.weight
    P = float(label.sum() if weight is None else weight[label].sum())
    N = float((~label).sum() if weight is None else weight[~label].sum())
    exponent = int(np.frexp(P + N)[1])
    P, N = np.ldexp(P, -exponent), np.ldexp(N, -exponent)
    TP, TN = TPR * P, (1 - FPR) * N
    nan = np.full(len(TPR), np.nan)
    return Counts(nan, TP, N - TN, TN, P - TP, float(P), float(N), exponent, direction)
