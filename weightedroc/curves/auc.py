"""WeightedAUC and auc_score: the trapezoidal area under the weighted curve."""

from __future__ import annotations

from ..engine.core import cumulate
from ..engine.curve_input import read_curve
from ..engine.rates import counts_area, trapezoid_area, trapezoids  # noqa: F401 (re-exported)
from ..utils.deprecation import renamed
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue, RocInput
from ..utils.warn import warn


@in_help
@renamed(tpr_fpr="roc")
def WeightedAUC(roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<") -> float:
    """Calculate the exact area under a weighted ROC curve, as R's WeightedAUC.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A curve as returned by `WeightedROC`: columns TPR and FPR, more
        than one row, both non-increasing down the rows (R's ``tpr.fpr``;
        the keyword ``tpr_fpr=`` is deprecated); or its inputs as a tuple
        ``(guess, label)`` or ``(guess, label, weight)``, which gives
        `auc_score`'s value; or a `smooth_roc` curve, whose area is pROC's
        ``auc(smooth(...))`` (`smooth_auc`).
    positive, direction : keyword-only
        As for `WeightedROC`, with a tuple `roc` only.

    Returns
    -------
    float
        The trapezoidal area, bit for bit R's value.

    Raises
    ------
    TypeError
        If `roc` is neither a DataFrame nor a tuple (R: "is.data.frame(tpr.fpr)
        is not TRUE").
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
    curve = read_curve(roc, "WeightedAUC", positive=positive, direction=direction, complete=False)
    TPR, FPR = curve.TPR, curve.FPR
    if curve.smooth is not None:  # pROC's auc(smooth(...))
        return curve.smooth.area(TPR, FPR, curve.frame.attrs)
    if (FPR[0], TPR[0]) != (1, 1) or (FPR[-1], TPR[-1]) != (0, 0):
        warn(
            f"incomplete ROC curve: it goes from (FPR, TPR) = ({FPR[0]:g}, "
            f"{TPR[0]:g}) to ({FPR[-1]:g}, {TPR[-1]:g}) instead of from "
            "(1, 1) to (0, 0), so its area is not the AUC",
            UserWarning,
        )
    return trapezoid_area(TPR, FPR)


@in_help
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
    included): scores first, then labels (scikit-learn's ``roc_auc_score``
    takes the labels first), paired by position, never aligned on a pandas
    index (Series with different indexes give a UserWarning).

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


weighted_auc = WeightedAUC
