"""WeightedROC: the weighted ROC curve as R's data.frame."""

from __future__ import annotations

import pandas as pd

from ..engine.core import cumulate
from ..engine.rates import COLUMNS, curve_columns, curve_frame, rates  # noqa: F401 (re-exported)
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue


@in_help
def WeightedROC(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> pd.DataFrame:
    """Compute a weighted ROC curve, exactly as R's WeightedROC.

    The inputs are paired by position, as R pairs vectors: pandas Series
    are never aligned on their index, and Series with different indexes
    give a UserWarning (align them first, e.g. ``label.reindex(guess.index)``,
    or pass ``.to_numpy()``).  The order is ``(guess, label)``, scores first.

    Parameters
    ----------
    guess : array-like of real numbers, shape (n,)
        Scores; larger means more likely positive.  Lists, numpy arrays of
        any real dtype and pandas Series (read by position, never aligned
        on their index) are accepted.  NaN/None/pd.NA are errors ("ROC
        curve undefined for NA guess").  +inf and -inf are allowed; equal
        infinities are ties (R returns NA rows for repeated infinities).
    label : array-like, shape (n,)
        True classes, in any encoding R accepts: numbers in {-1, 1},
        {0, 1} or {1, 2} (the larger value is positive), or a pandas
        Categorical with exactly 2 categories (the first is negative, as
        R's ``as.integer(factor)``).  Beyond R: booleans (True is
        positive) and text, whose 2 distinct values become levels as
        R's ``factor()`` makes them (sorted, the first negative), with a
        `LabelWarning` naming the class taken as positive unless
        `positive` is given.
    weight : array-like of positive finite numbers, shape (n,), optional
        Observation weights (costs); 1 for every observation by default.
    positive : label value, optional
        The label value that is the event (positive class), in any
        encoding: number, string, boolean or category.  Without it R's
        rules decide (the larger number, True, the second level).
    direction : {"<", ">"}, default "<"
        ``"<"``: higher guesses mean positive (R's WeightedROC);
        ``">"``: lower guesses mean positive, as pROC's argument.  Never
        guessed from the data (pROC's ``"auto"`` silently flips a curve
        worse than chance).  With ``">"`` every result equals that of the
        negated guesses, bit for bit, and thresholds are reported on the
        guesses' own scale (descending, ending with -inf).

    Returns
    -------
    pandas.DataFrame
        Columns ``TPR, FPR, threshold, FN, FP`` and a default RangeIndex:
        one row per distinct guess, thresholds ascending, then a row with
        threshold ``inf`` (TPR = FPR = 0).  A row's threshold is the
        smallest guess classified positive; FN and FP are the weighted
        counts of errors at that threshold.  Every value equals R's bit for
        bit (R accumulates in long double, and so does this).

    Raises
    ------
    ValueError
        "only one label value", NA in any input, labels outside the
        accepted sets, non-positive or infinite weights, unequal lengths,
        empty or 2-D input.
    TypeError
        Non-numeric guesses or weights, unsupported label types.

    Warns
    -----
    LabelWarning
        Text labels without `positive`: which class was taken as positive
        (the second in sorted order) and how to choose.

    See Also
    --------
    WeightedAUC : the area under the returned curve.
    auc_score : the same area straight from the arrays.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
       TPR  FPR  threshold    FN   FP
    0  1.0  1.0        1.0   0.0  2.0
    1  0.1  0.5        2.0   9.0  1.0
    2  0.1  0.0        3.0   9.0  0.0
    3  0.0  0.0        inf  10.0  0.0
    """
    return curve_frame(cumulate(guess, label, weight, positive=positive, direction=direction))


weighted_roc = WeightedROC
