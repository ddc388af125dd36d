"""WeightedAUC and auc_score: the trapezoidal area under the weighted curve."""

import warnings

from .core import cumulate
from .longdouble import rsum
from .roc import rates
from .threads import run_both
from .validation import check_curve


def trapezoids(TPR, FPR):
    """The rectangle and triangle areas under each segment, as R computes them."""
    width = FPR[:-1] - FPR[1:]
    return TPR[1:] * width, (TPR[:-1] - TPR[1:]) * width / 2


def trapezoid_area(TPR, FPR):
    """R's WeightedAUC arithmetic on rows ordered as WeightedROC orders them."""
    rect, triangle = trapezoids(TPR, FPR)
    rect_sum, triangle_sum = run_both(lambda: rsum(rect), lambda: rsum(triangle), len(rect))
    return rect_sum + triangle_sum


def WeightedAUC(tpr_fpr):
    """Calculate the exact area under a weighted ROC curve, as R's WeightedAUC.

    Parameters
    ----------
    tpr_fpr : pandas.DataFrame
        A curve as returned by `WeightedROC`: columns TPR and FPR, more
        than one row, both non-increasing down the rows.

    Returns
    -------
    float
        The trapezoidal area, bit for bit R's value.

    Raises
    ------
    TypeError
        If `tpr_fpr` is not a DataFrame (R: "is.data.frame(tpr.fpr) is not
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
    curve = check_curve(tpr_fpr)
    TPR, FPR = curve["TPR"], curve["FPR"]
    if (FPR[0], TPR[0]) != (1, 1) or (FPR[-1], TPR[-1]) != (0, 0):
        warnings.warn(f"incomplete ROC curve: it goes from (FPR, TPR) = ({FPR[0]:g}, "
                      f"{TPR[0]:g}) to ({FPR[-1]:g}, {TPR[-1]:g}) instead of from "
                      "(1, 1) to (0, 0), so its area is not the AUC", UserWarning,
                      stacklevel=2)
    return trapezoid_area(TPR, FPR)


def auc_score(guess, label, weight=None):
    """The weighted AUC straight from the arrays, without building a frame.

    Equal, bit for bit, to ``WeightedAUC(WeightedROC(guess, label, weight))``
    and takes the same arguments as `WeightedROC`.

    Examples
    --------
    >>> from weightedroc import auc_score
    >>> round(auc_score([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5]), 12)
    0.325
    """
    TPR, FPR = rates(cumulate(guess, label, weight))
    return trapezoid_area(TPR, FPR)


weighted_auc = WeightedAUC
