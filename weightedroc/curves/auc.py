"""WeightedAUC and auc_score: the trapezoidal area under the weighted curve."""

import warnings

import numpy as np
import pandas as pd

from ..engine.core import cumulate
from ..engine.longdouble import chunks, running_sum
from ..engine.threads import run_both
from ..engine.validation import check_curve
from ..utils.deprecation import renamed
from ..utils.types import ArrayLike, Direction, LabelValue
from .roc import rates


def _rectangles(TPR, width):
    return TPR[1:] * width


def _triangles(TPR, width):
    return (TPR[:-1] - TPR[1:]) * width / 2


def trapezoids(TPR, FPR):
    """The rectangle and triangle areas under each segment, as R computes them."""
    width = FPR[:-1] - FPR[1:]
    return _rectangles(TPR, width), _triangles(TPR, width)


def _area(rows, size):
    """R's WeightedAUC sum of the trapezoids of `size` rows, where
    ``rows(slice)`` gives the (TPR, FPR) of those rows.

    R adds all rectangles, then all triangles (each sum in long double).
    Both sums run in chunks of rows (overlapping by one, for the segment
    between chunks), on two threads for long curves.
    """

    def total(areas):
        carry = np.longdouble(0)
        for segments in chunks(size - 1):
            TPR, FPR = rows(slice(segments.start, segments.stop + 1))
            carry = running_sum(areas(TPR, FPR[:-1] - FPR[1:]), carry)
        return float(carry)

    rectangles, triangles = run_both(lambda: total(_rectangles), lambda: total(_triangles), size)
    return rectangles + triangles


def trapezoid_area(TPR, FPR):
    """R's WeightedAUC arithmetic on rows ordered as WeightedROC orders them."""
    return _area(lambda rows: (TPR[rows], FPR[rows]), len(TPR))


@renamed(tpr_fpr="roc")
def WeightedAUC(roc: pd.DataFrame) -> float:
    """Calculate the exact area under a weighted ROC curve, as R's WeightedAUC.

    Parameters
    ----------
    roc : pandas.DataFrame
        A curve as returned by `WeightedROC`: columns TPR and FPR, more
        than one row, both non-increasing down the rows (R's ``tpr.fpr``;
        the keyword ``tpr_fpr=`` is deprecated).

    Returns
    -------
    float
        The trapezoidal area, bit for bit R's value.

    Raises
    ------
    TypeError
        If `roc` is not a DataFrame (R: "is.data.frame(tpr.fpr) is not
        TRUE").
    ValueError
        If it has one row or fewer, lacks TPR or FPR, or they increase.

    Warns
    -----
    UserWarning
        If the curve does not start at (FPR, TPR) = (1, 1) or does not end
        at (0, 0), as the development version of R's WeightedROC does: the
        area of an incomplete curve is not the AUC.  The area is still
        returned.

    Examples
    --------
    >>> from weightedroc import WeightedROC, WeightedAUC
    >>> round(WeightedAUC(WeightedROC([1, 2, 3, 1, 1], [0, 0, 1, 1, 1], [1, 1, 1, 4, 5])), 12)
    0.325
    """
    curve = check_curve(roc)
    TPR, FPR = curve["TPR"], curve["FPR"]
    if (FPR[0], TPR[0]) != (1, 1) or (FPR[-1], TPR[-1]) != (0, 0):
        warnings.warn(
            f"incomplete ROC curve: it goes from (FPR, TPR) = ({FPR[0]:g}, "
            f"{TPR[0]:g}) to ({FPR[-1]:g}, {TPR[-1]:g}) instead of from "
            "(1, 1) to (0, 0), so its area is not the AUC",
            UserWarning,
            stacklevel=3,  # the caller of the `renamed` wrapper
        )
    return trapezoid_area(TPR, FPR)


def auc_score(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> float:
    """The weighted AUC straight from the arrays, without building a frame.

    Equal, bit for bit, to ``WeightedAUC(WeightedROC(guess, label, weight))``
    and takes the same arguments as `WeightedROC` (``positive=``, ``direction=``
    included).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.

    Returns
    -------
    float
        The area under the weighted ROC curve.

    Examples
    --------
    >>> from weightedroc import auc_score
    >>> round(auc_score([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5]), 12)
    0.325
    """
    return counts_area(cumulate(guess, label, weight, positive=positive, direction=direction))


def counts_area(counts):
    """The AUC of a `Cumulated` (`weightedroc.engine.core.cumulate`'s counts),
    with `auc_score`'s arithmetic, bit for bit."""
    return _area(lambda rows: rates(counts, rows=rows), len(counts.FN))


weighted_auc = WeightedAUC
