"""Two curves to compare: whether they are paired, as pROC's ``roc.test``
decides it (``are.paired``), and the second sample's checks in its own
words, which `weightedroc.inference.request.read` uses for `roc_test`,
`bootstrap_test` and `venkatraman_test`."""

from __future__ import annotations

import numbers

import numpy as np

from ..engine.validation import check_inputs, one_label_warning, prepared_guess
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, LabelValue
from ..utils.warn import warn


def second_curve(label, weight, label2, weight2):
    """Labels and weights of the second curve: its own, else the first's
    (then `weight2` alone may replace the first's weights)."""
    if label2 is None:
        return label, weight if weight2 is None else weight2
    return label2, weight2


def check_lengths(guess2, label, label2, weight2):
    """The second curve's lengths, in its own names."""
    n_guess = np.size(guess2)
    if label2 is None:
        if n_guess != np.size(label):
            raise ValueError(
                f"guess2 has {n_guess} values and label {np.size(label)}: "
                "paired scores need one guess each per observation; give "
                "guess2=(guess, label, weight) for curves of different observations"
            )
        n_label, names = np.size(label), ("label", "weight2")
    else:
        n_label, names = np.size(label2), ("the second sample's label", "its weight")
        if n_guess != n_label:
            raise ValueError(
                f"the second sample (guess, label, weight) needs one of each per row: "
                f"its label has {n_label} elements but its guess has {n_guess}"
            )
    if weight2 is not None and np.size(weight2) != n_label:
        raise ValueError(f"{names[0]} has {n_label} elements but {names[1]} has {np.size(weight2)}")


def checked_second(check, guess2, label2, weight2, *options):
    """``check(guess2, label2, weight2, *options)``, its errors naming the second curve."""
    try:
        return check(guess2, label2, weight2, *options)
    except (TypeError, ValueError) as error:
        raise type(error)(f"the second sample guess2=(guess, label, weight): {error}") from None


@in_help
def are_paired(
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    label2: ArrayLike | None = None,
    weight2: ArrayLike | None = None,
    positive: LabelValue = None,
) -> bool:
    """Whether two curves are of the same observations, as pROC's ``are.paired``.

    pROC pairs two curves when their responses are identical; here, when
    both curves have as many observations, the same classes (positive or
    not, after `positive`) in the same order, and the same weights (or
    both none).  Labels are compared as classes: ``[0, 1]`` and
    ``["no", "yes"]`` coding the same observations pair (pROC's responses
    would differ).  Without `label2` the second curve has the first's labels
    (and weights, unless `weight2` is given), as pROC's ``roc.test`` of one
    response and two predictors.

    Missing values (NaN or None guesses, missing labels) are handled as
    pROC's ``roc(na.rm = TRUE)`` and ``are.paired``: each curve leaves out
    its rows with a missing guess or label, and the curves are paired when
    what is left has the same classes and weights, or else when their
    original labels (missing ones in the same places) and weights are
    identical (so a curve with missing guesses pairs with another of the
    same observations).

    Parameters
    ----------
    guess1, guess2 : array-like
        The scores of the two curves.
    label, weight : array-like
        Labels and weights of `guess1`'s observations.
    label2, weight2 : array-like, optional
        Those of `guess2`'s observations.
    positive
        As for `WeightedROC`.

    Returns
    -------
    bool
        True when the curves are paired: `roc_test` then runs the paired
        test (with ``paired=None``) or warns (with ``paired=False``).

    Examples
    --------
    >>> from weightedroc import are_paired
    >>> are_paired([1, 2, 3, 4], [4, 3, 2, 1], [0, 0, 1, 1])
    True
    >>> are_paired([1, 2, 3, 4], [4, 3, 2, 1], [0, 0, 1, 1], label2=[0, 1, 0, 1])
    False
    >>> are_paired([1, 2, 3, 4], [4, 3, 2, 1], [0, 0, 1, 1], [1, 1, 2, 2])
    True
    >>> are_paired([1, 2, 3, 4], [4, 3, 2, 1], [0, 0, 1, 1], [1, 1, 2, 2], weight2=[1, 1, 1, 1])
    False
    >>> are_paired([None, 2, 3, 4], [4, 3, 2, 1], [0, 0, 1, 1])  # pROC's missing values
    True
    """
    check_lengths(guess2, label, label2, weight2)
    label2, weight2 = second_curve(label, weight, label2, weight2)
    kept1, kept2 = _not_missing(guess1, label), _not_missing(guess2, label2)
    if kept1 is None and kept2 is None:
        return _same_rows(guess1, label, weight, guess2, label2, weight2, positive)
    # pROC drops each curve's rows with a missing guess or label: the curves
    # are paired when what is left has the same classes, or else when their
    # original labels (missing ones included) and weights are identical.
    g1, l1, w1 = _rows(kept1, guess1, label, weight)
    g2, l2, w2 = _rows(kept2, guess2, label2, weight2)
    if _same_rows(g1, l1, w1, g2, l2, w2, positive):
        return True
    return _identical(label, label2) and _identical(weight, weight2)


def _same_rows(guess1, label, weight, guess2, label2, weight2, positive):
    """Both curves' checked classes and weights are equal."""
    with one_label_warning():  # both curves' labels
        first = check_inputs(guess1, label, weight, positive)
        if label2 is label and weight2 is weight:  # one sample: its labels read once
            checked_second(prepared_guess, guess2, label, weight, len(first[1]), "<")
            return True
        second = checked_second(check_inputs, guess2, label2, weight2, positive)
    return same_classes(first, second)


def same_classes(first, second):
    """Two checked curves, (guess, label, weight), have equal classes and weights."""
    (_, first_label, first_weight), (_, second_label, second_weight) = first, second
    if (first_weight is None) != (second_weight is None):
        return False
    return bool(
        np.array_equal(first_label, second_label)
        and (first_weight is None or np.array_equal(first_weight, second_weight))
    )


def _not_missing(guess, label):
    """The rows with a guess and a label (pROC's na.rm), or None when none is missing."""
    missing = _missing(guess) | _missing(label)
    return ~missing if missing.any() else None


def _missing(values):
    """Which values are missing (NaN, None, pandas' NA)."""
    import pandas as pd

    array = np.asarray(values)
    if array.dtype.kind in "fc":
        return np.isnan(array)
    if array.dtype.kind in "iub":
        return np.zeros(array.shape, dtype=bool)
    return np.asarray(pd.isna(np.asarray(values, dtype=object)), dtype=bool)


def _rows(kept, guess, label, weight):
    if kept is None:
        return guess, label, weight
    take = [np.asarray(x)[kept] for x in (guess, label)]
    return (*take, None if weight is None else np.asarray(weight)[kept])


def _identical(a, b):
    """pROC's identical() of two vectors that may hold missing values."""
    import pandas as pd

    if a is None or b is None:
        return a is None and b is None
    a, b = np.asarray(a, dtype=object), np.asarray(b, dtype=object)
    if a.shape != b.shape:
        return False
    missing = pd.isna(a)
    return bool((missing == pd.isna(b)).all() and (a[~missing] == b[~missing]).all())


def name_of(x, default):
    name = getattr(x, "name", None)
    return name if isinstance(name, str) else default


def check_point(value, name, method):
    """The `sensitivity` or `specificity` of a test at a fixed point: a
    number in [0, 1] for its method (pROC's words), None for the others."""
    if method != name:
        if value is not None:
            raise ValueError(f'{name}= is for method="{name}", not method={method!r}')
        return None
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, numbers.Real)
        or np.isnan(value)
    ):
        raise ValueError(
            f"Argument '{name}' must be numeric of length 1 for a {name} test. Got {name}={value!r}"
        )
    if not 0 <= value <= 1:
        raise ValueError(f"Input {name} ({value:g}) not in range (0-1)")
    return float(value)


def decided(paired, same):
    """pROC's roc.test: None follows `are_paired`, True on unpaired curves
    is an error, False on paired ones warns."""
    if paired is None:
        return same
    if paired and not same:
        raise ValueError(
            "The paired ROC test cannot be applied to unpaired curves. paired=True "
            "needs the same labels (and weights) for both scores"
        )
    if not paired and same:
        warn(
            "The ROC curves seem to be paired. Consider performing a paired roc.test.",
            UserWarning,
        )
    return bool(paired)
