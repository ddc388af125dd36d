"""Input checks shared by every public function.

Each checker takes what the user passed, never modifies it, and returns a
plain numpy array that the core can read.  Messages say what was wrong and
what is expected; where R's WeightedROC has its own words they are quoted.
"""

import contextlib
import math
import numbers
import threading

import numpy as np
import pandas as pd

from ..utils.signatures import in_help
from ..utils.warn import warn
from .frames import foreign_array

LABEL_SETS = "{-1, 1}, {0, 1} or {1, 2}"
WEIGHTS_ARE = ("importance", "frequency")
_label_scope = threading.local()  # .warned: None outside `one_label_warning`


@in_help
class LabelWarning(UserWarning):
    """Text labels were given without ``positive=``: the positive class was
    taken by R's rule (the second of the two values in sorted order).

    ``positive`` and ``negative`` hold the two values as they were taken.
    Pass ``positive=`` to choose the event and silence the warning.
    Numbers, booleans and Categoricals (a pandas Categorical, a polars Enum,
    an Arrow dictionary: their category order says which is positive) are
    read without a warning.
    """

    def __init__(self, message, positive=None, negative=None):
        super().__init__(message)
        self.positive, self.negative = positive, negative


@contextlib.contextmanager
def one_label_warning():
    """Within it, text labels give at most one `LabelWarning`: for a public
    function that reads the same labels more than once (the AUC and its
    variance, the two curves of a test).  Nested scopes are one scope.

    A ``with`` block in the function's body.
    """
    outermost = getattr(_label_scope, "warned", None) is None
    if outermost:
        _label_scope.warned = False
    try:
        yield
    finally:
        if outermost:
            _label_scope.warned = None


@in_help
@contextlib.contextmanager
def no_label_warning():
    """Within it, text labels give no `LabelWarning`: for labels read again
    after a first reading that warned."""
    before = getattr(_label_scope, "warned", None)
    _label_scope.warned = True
    try:
        yield
    finally:
        _label_scope.warned = before


def _text_positive(values):
    """Positive mask of text labels: levels sorted as R's factor() makes
    them, the second positive; a `LabelWarning` says so (once in a
    `one_label_warning` scope)."""
    levels, codes = np.unique(values.astype(str), return_inverse=True)
    positive = _factor_positive(codes, levels)
    warned = getattr(_label_scope, "warned", None)
    if not warned:
        if warned is not None:
            _label_scope.warned = True
        negative_level, positive_level = (str(level) for level in levels)
        warn(
            LabelWarning(
                f"label has 2 text values: {positive_level!r} is taken as positive and "
                f"{negative_level!r} as negative (the second in sorted order, as R's "
                f"factor() makes levels); pass positive={positive_level!r} to keep this "
                f"or positive={negative_level!r} for the other",
                positive=positive_level,
                negative=negative_level,
            )
        )
    return positive


def _is_missing(x):
    return x is None or x is pd.NA or (isinstance(x, float) and np.isnan(x))


@in_help
def to_array(values, name):
    """A 1-D numpy array holding the values of `values`, by position.

    polars Series, PyArrow arrays and objects exposing the Arrow C data
    interface are read in place where their dtype allows (float64 without
    nulls); nulls become NaN or None, and so meet the checks' NA errors.
    """
    foreign = foreign_array(values, name)
    if foreign is not None:
        values = foreign
    if isinstance(values, pd.DataFrame):
        raise ValueError(f"{name} must be 1-D (a vector), got a {type(values).__name__}")
    if isinstance(values, (pd.Series, pd.Index)):
        values = values.array  # by position: the index is never used
    if isinstance(values, pd.api.extensions.ExtensionArray):
        if isinstance(values, pd.Categorical):
            return values
        if values.isna().any():
            return np.asarray(values, dtype=object)
        return values.to_numpy()
    if isinstance(values, (str, bytes)) or np.isscalar(values):
        raise TypeError(
            f"{name} must be a 1-D array-like (list, numpy array, "
            f"pandas or polars Series, Arrow array), got a scalar {values!r}"
        )
    try:
        array = np.asarray(values)
    except (ValueError, TypeError) as error:
        raise TypeError(f"{name} must be a 1-D array-like of numbers: {error}") from None
    if array.ndim != 1:
        raise ValueError(f"{name} must be 1-D (a vector), got an array of shape {array.shape}")
    return array


def _object_kind(array):
    """For an object array: 'missing', 'bool', 'number', 'string' or 'mixed'."""
    if any(_is_missing(x) for x in array):
        return "missing"
    for kind, types in (
        ("bool", (bool, np.bool_)),
        ("number", numbers.Real),
        ("string", (str, np.str_)),
    ):
        if all(isinstance(x, types) for x in array):
            if kind == "number" and any(isinstance(x, (bool, np.bool_)) for x in array):
                return "mixed"
            return kind
    return "mixed"


def _check_length(array, name, n):
    if n is not None and len(array) != n:
        raise ValueError(
            f"length(label) == length({name}) is not TRUE: label has {n} "
            f"elements but {name} has {len(array)}"
        )
    if len(array) == 0:
        raise ValueError(
            f"{name} is empty: a ROC curve needs at least one positive and one negative observation"
        )


def _as_float(array, name, missing_message, check_nan=True):
    """float64 copy-free view of a real array; TypeError for anything else.
    ``check_nan=False`` leaves NaN to the caller (who reads the minimum anyway)."""
    kind = array.dtype.kind
    if kind == "O":
        found = _object_kind(array)
        if found == "missing":
            raise ValueError(missing_message)
        if found != "number":
            raise TypeError(
                f"is.numeric({name}) is not TRUE: {name} must be numbers "
                f"(int or float), got {found} values"
            )
        array = array.astype(np.float64)
    elif kind == "b":
        raise TypeError(f"is.numeric({name}) is not TRUE: {name} must be numbers, got booleans")
    elif kind not in "iuf":
        raise TypeError(
            f"is.numeric({name}) is not TRUE: {name} must be numbers "
            f"(int or float), got dtype {array.dtype}"
        )
    array = np.asarray(array, dtype=np.float64)
    if check_nan and len(array) and np.isnan(array.min()):  # min() is NaN if any value is
        raise ValueError(missing_message)
    return array


@in_help
def check_guess(guess, n=None):
    """The scores as float64; NaN or non-numbers are errors."""
    array = to_array(guess, "guess")
    if isinstance(array, pd.Categorical):
        raise TypeError("is.numeric(guess) is not TRUE: guess must be numbers, got a Categorical")
    _check_length(array, "guess", n)
    return _as_float(array, "guess", "ROC curve undefined for NA guess")


def _factor_positive(codes, categories):
    if len(categories) != 2:
        raise ValueError(
            f"a factor label must have exactly 2 levels (the first is "
            f"negative, the second positive), got {len(categories)}: "
            f"{[str(c) for c in categories]}"
        )
    if (codes < 0).any():
        raise ValueError(
            "label must not contain NA: every observation needs a positive or negative label"
        )
    return codes == 1


def _numeric_positive(values):
    """Positive mask for numbers in {-1,1}, {0,1} or {1,2}, as R maps them."""
    low, high = values.min(), values.max()
    if low == high:
        raise ValueError(
            f"only one label value: every label is {low:g}; a ROC "
            "curve needs both positive and negative observations"
        )
    if (low, high) in ((-1, 1), (0, 1), (1, 2)):
        positive = values == high
        if values.dtype.kind in "iu" and high - low == 1:
            return positive  # integers between low and high are low or high
        if np.count_nonzero(positive) + np.count_nonzero(values == low) == len(values):
            return positive
    shown = ", ".join(f"{v:g}" for v in np.unique(values)[:10])
    raise ValueError(
        f"label %in% c(-1, 1) are not all TRUE: numeric labels must take "
        f"the values {LABEL_SETS}, got {{{shown}}}"
    )


def _named_positive(array, positive):
    """Mask of labels equal to `positive`, for labels with 2 distinct values."""
    if isinstance(array, pd.Categorical):
        missing = (array.codes < 0).any()
        array = np.asarray(array, dtype=object)
    else:
        kind = array.dtype.kind
        missing = (kind == "O" and _object_kind(array) == "missing") or (
            kind == "f" and np.isnan(array).any()
        )
    if missing:
        raise ValueError(
            "label must not contain NA: every observation needs a positive or negative label"
        )
    values = pd.unique(array)
    if len(values) != 2:
        raise ValueError(
            f"label must take exactly 2 distinct values when positive= "
            f"is given, got {len(values)}: {list(values[:10])}"
        )
    if not any(value == positive for value in values):
        raise ValueError(
            f"positive={positive!r} is not a label value: the labels are {sorted(map(str, values))}"
        )
    return np.asarray(array == positive, dtype=bool)


@in_help
def check_label(label, n=None, positive=None):
    """Boolean mask of positive observations, from any accepted label encoding.

    Accepted: numbers in {-1, 1}, {0, 1} or {1, 2} (the larger is positive);
    booleans (True is positive); a pandas Categorical with 2 categories (the
    second is positive, as R's as.integer(factor)); strings, which become
    levels as R's factor() makes them (sorted, the first negative), with a
    `LabelWarning` naming the class taken as positive (once in a
    `one_label_warning` scope).  With `positive`
    (any label value: number, string, boolean, category) the labels equal
    to it are positive, whatever the encoding, and nothing is said.

    Examples
    --------
    >>> check_label([0, 1, 1]).tolist()
    [False, True, True]
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     check_label(["case", "control", "case"]).tolist()
    [False, True, False]
    >>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
    label has 2 text values: 'control' is taken as positive and 'case' as
    negative (the second in sorted order, as R's factor() makes levels); pass
    positive='control' to keep this or positive='case' for the other
    >>> check_label(["case", "control", "case"], positive="case").tolist()
    [True, False, True]
    """
    array = to_array(label, "label")
    _check_length(array, "label", n)
    if positive is not None:
        positive = _named_positive(array, positive)
    elif isinstance(array, pd.Categorical):
        positive = _factor_positive(array.codes, array.categories)
    else:
        kind = _object_kind(array) if array.dtype.kind == "O" else array.dtype.kind
        if kind == "missing" or (kind == "f" and np.isnan(array).any()):
            raise ValueError(
                "label must not contain NA: every observation needs a positive or negative label"
            )
        if kind in ("b", "bool"):
            positive = array.astype(bool)
        elif kind in ("string", "U", "S", "T"):
            positive = _text_positive(array)
        elif kind in ("number", "i", "u", "f"):
            numbers = array if kind in ("i", "u", "f") else array.astype(np.float64)
            positive = _numeric_positive(numbers)
        else:
            raise TypeError(
                f"label must be numbers in {LABEL_SETS}, booleans, strings "
                f"or a 2-category Categorical, got {kind} values"
            )
    if positive.all() or not positive.any():
        raise ValueError(
            "only one label value: a ROC curve needs both positive and negative observations"
        )
    return np.asarray(positive, dtype=bool)


@in_help
def check_weight(weight, n=None):
    """Positive finite float64 weights, or None for unit weights."""
    if weight is None:
        return None
    array = to_array(weight, "weight")
    if isinstance(array, pd.Categorical):
        raise TypeError("is.numeric(weight) is not TRUE: weight must be numbers")
    _check_length(array, "weight", n)
    missing = "weight must not contain NA: weights must be positive numbers"
    array = _as_float(array, "weight", missing, check_nan=False)
    low = array.min()
    if np.isnan(low):  # min() is NaN if any value is
        raise ValueError(missing)
    if not low > 0:
        raise ValueError(f"weight > 0 are not all TRUE: weights must be positive, found {low:g}")
    if array.max() == np.inf:
        raise ValueError(
            "weights must be finite: an infinite weight makes the rates undefined (R returns NaN)"
        )
    return array


@in_help
def check_direction(direction):
    """'<' (higher guess means positive, the default) or '>' (lower means positive)."""
    if direction not in ("<", ">"):
        raise ValueError(
            f"direction must be '<' (higher guesses mean positive) or "
            f"'>' (lower guesses mean positive), got {direction!r}; it is "
            "never guessed from the data"
        )
    return direction


def check_inputs(guess, label, weight=None, positive=None):
    """Validate the three inputs of a curve together; returns numpy arrays.

    They are paired by position: pandas Series are never aligned on their
    index, and Series whose indexes differ give a UserWarning.  Labels
    that look like scores beside guesses that look like labels give an
    error saying the order is ``(guess, label)`` (scikit-learn's
    ``roc_auc_score(y_true, y_score)`` takes them the other way round).
    """
    _warn_unaligned(guess=guess, label=label, weight=weight)
    try:
        label = check_label(label, positive=positive)
    except (TypeError, ValueError) as error:
        if _looks_swapped(guess, label):
            raise ValueError(
                f"{error}. The labels look like scores and the guesses like labels: "
                "the order is (guess, label[, weight]), scores first (scikit-learn's "
                "roc_auc_score(y_true, y_score) takes the labels first)"
            ) from None
        raise
    guess = check_guess(guess, len(label))
    weight = check_weight(weight, len(label))
    return guess, label, weight


def _warn_unaligned(**inputs):
    """A UserWarning when pandas Series among `inputs` have different indexes."""
    series = {name: x for name, x in inputs.items() if isinstance(x, pd.Series)}
    if len(series) < 2:
        return
    (first, index), *others = ((name, x.index) for name, x in series.items())
    differ = [name for name, other in others if not index.equals(other)]
    if differ:
        warn(
            f"{first} and {', '.join(differ)} are pandas Series with different indexes: "
            "they are paired by position, as R pairs vectors, not aligned on their "
            f"index; align them first (e.g. {differ[0]}.reindex({first}.index)) or pass "
            ".to_numpy() to say that position is meant",
            UserWarning,
        )


def _distinct(values, most):
    """The number of distinct values of `values` (a 1-D input), up to `most` + 1."""
    try:
        array = to_array(values, "values")
        found = pd.unique(np.asarray(array).ravel()[: 1 << 20])
    except (TypeError, ValueError):
        return None
    return min(len(found), most + 1)


def _looks_swapped(guess, label):
    """Whether `label` looks like scores (numbers, more than 2 values) and
    `guess` like labels (2 values)."""
    try:
        label_array = to_array(label, "label")
    except (TypeError, ValueError):
        return False
    if getattr(label_array, "dtype", None) is None or label_array.dtype.kind not in "fiu":
        return False
    return _distinct(label, 2) == 3 and _distinct(guess, 2) == 2


def float_block(frame):
    """The values of a frame of a few float columns, as `WeightedROC` and
    `smooth_roc` return, as one read-only 2-D array (``to_numpy``: a view,
    a microsecond); None for any other frame."""
    labels = frame.columns
    if len(labels) <= 5 and labels.is_unique:
        block = frame.to_numpy()
        if block.dtype == np.float64 and block.ndim == 2:
            block = block.view()
            block.flags.writeable = False  # the caller's data: never written
            return block
    return None


def frame_columns(frame, names, block=None, positions=None):
    """The columns `names` of `frame` as 1-D arrays (`to_array`'s): from
    its `float_block` when the caller has it (pandas' column access costs
    tens of microseconds each, most of the time of a call on a small
    curve), at `positions` ({name: column position}) when the caller has
    them, else column by column."""
    if block is not None:
        columns = block.T
        if positions is None:
            positions = {name: frame.columns.get_loc(name) for name in names}
        return {name: columns[positions[name]] for name in names}
    return {name: to_array(frame[name], name) for name in names}


# The sign of each column's steps down a WeightedROC frame's rows, negated:
# TPR, FPR and FP never increase, FN never decreases.
ROC_SIGNS = {"TPR": 1.0, "FPR": 1.0, "FN": -1.0, "FP": 1.0}


def _monotone(frame, block, signs, positions=None):
    """Whether the columns `signs` names of `block` (a `float_block` of
    `frame`; `positions`, {name: column position}, when the caller has
    them) have no NaN and never step up (times their sign, +1 or -1).
    False sends the caller to the checks that say what is wrong.

    The block's rows are compared with the rows below in one pass, without
    a copy or a warning (a comparison with NaN is False).  The checks
    subtract, and two equal infinities in a row give NaN there, and fail:
    in a column that is in order, only its first two or last two values
    can be such a pair."""
    if len(block) < 2:
        return False
    columns = block.T  # a view: one row per column
    every = np.logical_and.reduce
    down = every(columns[:, 1:] <= columns[:, :-1], axis=1).tolist()
    heads, tails = columns[:, :2].tolist(), columns[:, -2:].tolist()
    for name, sign in signs.items():
        row = frame.columns.get_loc(name) if positions is None else positions[name]
        values = columns[row]
        if not (down[row] if sign > 0 else every(values[1:] >= values[:-1])):
            return False
        (first, second), (before_last, last) = heads[row], tails[row]
        if (first == second and math.isinf(first)) or (before_last == last and math.isinf(last)):
            return False
    return True


def check_curve(curve, columns=("TPR", "FPR"), block=None):
    """R's WeightedAUC checks on a curve frame, with R's wording."""
    if not isinstance(curve, pd.DataFrame):
        raise TypeError(
            f"is.data.frame(tpr.fpr) is not TRUE: expected the DataFrame "
            f"returned by WeightedROC, got {type(curve).__name__}"
        )
    missing = [c for c in columns if c not in curve.columns]
    if missing:
        raise ValueError(
            f"the curve has no column {missing[0]!r}: expected the "
            f"columns {list(columns)} as returned by WeightedROC"
        )
    if len(curve) <= 1:
        raise ValueError(
            f"nrow(tpr.fpr) > 1 is not TRUE: a curve needs at least 2 rows, got {len(curve)}"
        )
    found = frame_columns(curve, columns, block)
    if block is not None and _monotone(curve, block, dict.fromkeys(columns, 1.0)):
        return found  # one pass: no NA, non-increasing
    arrays = {}
    for name in columns:
        values = _as_float(found[name], name, f"column {name} must not contain NA")
        if not (np.diff(values) <= 0).all():
            raise ValueError(
                f"diff(tpr.fpr[[var.name]]) <= 0 are not all TRUE: "
                f"{name} must be non-increasing down the rows, as "
                "WeightedROC returns it"
            )
        arrays[name] = values
    return arrays


def check_roc_frame(roc, block=None):
    """The five columns of a complete WeightedROC frame, as float arrays.

    Complete means rows in WeightedROC's order (thresholds ascending, TPR
    and FPR non-increasing, FN non-decreasing) from (FPR, TPR) = (1, 1),
    where FN = 0, to (0, 0), where FP = 0; so the total positive weight is
    FN on the last row and the total negative weight FP on the first.
    """
    if not isinstance(roc, pd.DataFrame):
        raise TypeError(
            f"roc must be the DataFrame returned by WeightedROC, got {type(roc).__name__}"
        )
    if len(roc) < 2:
        raise ValueError(f"roc must have at least 2 rows (a complete curve), got {len(roc)}")
    names = ("TPR", "FPR", "threshold", "FN", "FP")
    try:  # (a block's column names are unique: get_loc gives a position)
        positions = None if block is None else {name: roc.columns.get_loc(name) for name in names}
    except KeyError:
        positions = None
    for name in names if positions is None else ():
        if name not in roc.columns:
            raise ValueError(
                f"roc has no column {name!r}: expected the columns TPR, "
                "FPR, threshold, FN, FP of a WeightedROC frame"
            )
    found = frame_columns(roc, names, block, positions)
    fast = (
        block is not None
        and _monotone(roc, block, ROC_SIGNS, positions)  # no NA, in order
        and not math.isnan(found["threshold"].min())
    )
    if fast:
        arrays = found
    else:
        arrays = {
            name: _as_float(found[name], name, f"roc column {name} must not contain NA")
            for name in names
        }
    TPR, FPR, FN, FP = (arrays[k] for k in ("TPR", "FPR", "FN", "FP"))
    if not fast and not (
        (np.diff(TPR) <= 0).all()
        and (np.diff(FPR) <= 0).all()
        and (np.diff(FN) >= 0).all()
        and (np.diff(FP) <= 0).all()
    ):
        hint = (
            " (they look reversed: undo the sort, e.g. roc.iloc[::-1])"
            if (np.diff(FPR) >= 0).all() and (np.diff(TPR) >= 0).all()
            else ""
        )
        raise ValueError(
            "roc rows are not in WeightedROC's order: thresholds "
            "ascending, TPR and FPR non-increasing, FN non-decreasing, "
            f"FP non-increasing{hint}"
        )
    ends = (FPR[0], TPR[0], FN[0], FPR[-1], TPR[-1], FP[-1])
    if ends != (1, 1, 0, 0, 0, 0) or not (FN[-1] > 0 and FP[0] > 0):
        raise ValueError(
            "roc must be a complete curve as WeightedROC returns it, "
            "from (FPR, TPR) = (1, 1) with FN = 0 on the first row to "
            "(0, 0) with FP = 0 on the last; got (FPR, TPR, FN) = "
            f"({FPR[0]:g}, {TPR[0]:g}, {FN[0]:g}) first and (FPR, TPR, "
            f"FP) = ({FPR[-1]:g}, {TPR[-1]:g}, {FP[-1]:g}) last"
        )
    return arrays


def check_cost(value, name, allow_zero=False):
    """A finite real number, positive (or >= 0 when `allow_zero`), as float."""
    if type(value) is float and 0 < value < np.inf:  # the common case, without the ABC check
        return value
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {value!r}")
    value = float(value)
    if not np.isfinite(value) or value < 0 or (value == 0 and not allow_zero):
        wanted = "a finite number >= 0" if allow_zero else "a finite positive number"
        raise ValueError(f"{name} must be {wanted}, got {value!r}")
    return value


def check_choice(value, name, choices):
    """`value` if it is one of `choices`, else a ValueError naming them."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
    return value


@in_help
def check_frequency(weight, weights_are):
    """The integer counts of frequency weights (None for importance or no
    weights); frequency weights must be whole numbers."""
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    if weights_are == "importance" or weight is None:
        return None
    bad = np.flatnonzero(weight != np.floor(weight))
    if len(bad):
        raise ValueError(
            'weights_are="frequency" needs integer weights (whole numbers counting '
            f"identical rows), got {float(weight[bad[0]])!r} at position {bad[0]} "
            '(use weights_are="importance" for costs or sampling weights)'
        )
    return weight.astype(np.int64)


def prepared_guess(guess, label, weight, n, direction):
    """Another guess of a sample that `prepared` has read (its `n` labels
    and its weights checked): the guess validated as `prepared` validates
    it, without reading the labels and weights again (`label` and `weight`
    as given, for the index warning)."""
    _warn_unaligned(guess=guess, label=label, weight=weight)
    guess = check_guess(guess, n)
    return np.negative(guess) if check_direction(direction) == ">" else guess


def prepared(guess, label, weight, positive, direction, weights_are):
    """The data of one curve, validated: float guesses (negated for
    direction ">"), boolean labels and float weights (or None)."""
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    guess, label, weight = check_inputs(guess, label, weight, positive)
    check_frequency(weight, weights_are)
    if check_direction(direction) == ">":
        guess = np.negative(guess)
    return guess, label, weight
