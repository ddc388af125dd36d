"""One input rule for every function that reads a ROC curve.

A curve is passed as the DataFrame `WeightedROC` returns, or as the raw
inputs of one, a tuple ``(guess, label)`` or ``(guess, label, weight)``
(validated and sorted once, here, with ``positive=`` and ``direction=``).
A smoothed curve (`smooth_roc`'s frame, whose ``attrs["smooth"]`` holds
what made it) is read as its TPR and FPR, with that recipe in ``smooth``.
`read_curve` turns either into the curve's arrays; anything else is a
TypeError that names the public function called and both forms.
"""

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from .core import cumulate
from .frames import as_pandas
from .rates import COLUMNS, curve_columns
from .validation import check_curve, check_roc_frame, float_block

FORMS = "the DataFrame returned by WeightedROC, or a tuple (guess, label) or (guess, label, weight)"


@dataclass(frozen=True)
class CurveArrays:
    """The columns of a curve as float arrays, in WeightedROC's row order.

    `frame` is the user's frame, or the one built from a tuple.  With
    ``complete=False`` (R's WeightedAUC checks: TPR and FPR only) the other
    columns are None.
    """

    TPR: np.ndarray = field(repr=False)
    FPR: np.ndarray = field(repr=False)
    threshold: np.ndarray | None = field(repr=False)
    FN: np.ndarray | None = field(repr=False)
    FP: np.ndarray | None = field(repr=False)
    direction: str
    frame: pd.DataFrame = field(repr=False)
    smooth: object = field(default=None, repr=False)

    def __getitem__(self, name):
        return getattr(self, name)


def _frame_direction(threshold):
    return ">" if threshold is not None and threshold[-1] == -np.inf else "<"


def read_curve(roc, function, *, positive=None, direction="<", complete=True):
    """The `CurveArrays` of what a user passed to `function` as a curve.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A frame from `WeightedROC` (pandas, or a polars/PyArrow frame read
        as pandas), checked with R's words (`check_roc_frame`, or
        `check_curve` when not `complete`); or a tuple ``(guess, label)`` or
        ``(guess, label, weight)``, cumulated with `positive` and
        `direction`.
    function : str
        The public function called, named in the error.
    complete : bool
        Whether the frame must be a complete WeightedROC frame (five
        columns, from (1, 1) to (0, 0)); WeightedAUC reads TPR and FPR only.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.engine.curve_input import read_curve
    >>> read_curve(([1, 2, 3], [0, 1, 1]), "f").FPR.tolist()
    [1.0, 0.0, 0.0, 0.0]
    >>> read_curve(WeightedROC([1, 2, 3], [0, 1, 1]), "f").TPR.tolist()
    [1.0, 1.0, 0.5, 0.0]
    >>> read_curve([1, 2], "partial_auc")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    TypeError: partial_auc() reads a ROC curve: roc must be the DataFrame
    returned by WeightedROC, or a tuple (guess, label) or (guess, label,
    weight); got a list of 2 numbers
    """
    if isinstance(roc, tuple) and len(roc) in (2, 3):
        counts = cumulate(*roc, positive=positive, direction=direction)
        columns = curve_columns(counts)
        frame = pd.DataFrame(columns.T, columns=COLUMNS, copy=False)
        return CurveArrays(*columns, direction=direction, frame=frame)
    frame = as_pandas(roc)
    if isinstance(frame, pd.DataFrame):
        if positive is not None or direction != "<":
            raise ValueError(
                f"{function}(): positive= and direction= apply to raw inputs (a tuple "
                "(guess, label[, weight])); a WeightedROC frame already has them"
            )
        block = float_block(frame)
        smooth = frame.attrs.get("smooth")
        if smooth is not None:  # smooth_roc's curve: TPR and FPR, and what made them
            arrays = dict.fromkeys(COLUMNS) | check_curve(frame, block=block)
            arrays["direction"] = smooth.direction
        else:
            if complete:
                arrays = check_roc_frame(frame, block=block)
            else:
                arrays = dict.fromkeys(COLUMNS) | check_curve(frame, block=block)
            arrays["direction"] = _frame_direction(arrays["threshold"])
        return CurveArrays(**arrays, frame=frame, smooth=smooth)
    r_words = "" if complete else "is.data.frame(tpr.fpr) is not TRUE: "
    raise TypeError(
        f"{function}() reads a ROC curve: {r_words}roc must be {FORMS}; got {_describe(roc)}"
    )


def _describe(roc):
    if isinstance(roc, tuple):
        return f"a tuple of {len(roc)} items (expected 2 or 3)"
    if isinstance(roc, list):
        return f"a list of {len(roc)} {'numbers' if all(np.isscalar(x) for x in roc) else 'items'}"
    return f"a {type(roc).__name__}"
