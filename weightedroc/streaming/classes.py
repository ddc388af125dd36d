"""The label classes of a stream, decided as batches arrive.

A batch may hold one class only (a rare event), so which value is positive
cannot always be read from one batch: numbers {1} fit {0, 1} (1 positive)
as well as {1, 2} (1 negative).  A state therefore keeps the distinct label
values it has seen (at most 2) and their kind; each batch's rows get the
index of their value, and `positive_class` applies `WeightedROC`'s rules
(`check_label`) to the two values when a curve is asked for.
"""

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..engine.validation import LABEL_SETS, _object_kind, check_label, to_array

NUMBER_VALUES = (-1.0, 0.0, 1.0, 2.0)  # the union of R's accepted label sets
NA = "label must not contain NA: every observation needs a positive or negative label"


class Classes(NamedTuple):
    """The label kind ('number', 'bool', 'string' or 'category') and the
    distinct values seen, sorted (a Categorical's categories, in order)."""

    kind: str
    values: tuple


class Batch(NamedTuple):
    classes: Classes
    rows: np.ndarray  # each row's position in classes.values


def _kind(array):
    kind = _object_kind(array) if array.dtype.kind == "O" else array.dtype.kind
    if kind == "missing" or (kind == "f" and np.isnan(array).any()):
        raise ValueError(NA)
    if kind in ("b", "bool"):
        return "bool"
    if kind in ("string", "U", "S", "T"):
        return "string"
    if kind in ("number", "i", "u", "f"):
        return "number"
    raise TypeError(
        f"label must be numbers in {LABEL_SETS}, booleans, strings "
        f"or a 2-category Categorical, got {kind} values"
    )


def batch_classes(label, n):
    """The classes of one batch's labels (`n` rows) and each row's index."""
    array = to_array(label, "label")
    if len(array) != n:
        raise ValueError(
            f"length(label) == length(guess) is not TRUE: label has {len(array)} "
            f"elements but guess has {n}"
        )
    if isinstance(array, pd.Categorical):
        categories = tuple(array.categories.tolist())
        if len(categories) != 2:
            check_label(array)  # raises the factor's error
        if (array.codes < 0).any():
            raise ValueError(NA)
        return Batch(Classes("category", categories), array.codes.astype(np.intp))
    kind = _kind(array)
    if kind == "string":
        array = array.astype(str)
    elif kind == "number":
        array = array.astype(np.float64)
    else:
        array = array.astype(bool)
    values, index = np.unique(array, return_inverse=True)
    return Batch(Classes(kind, tuple(values.tolist())), index.reshape(-1))


def union(seen, new, positive):
    """The classes of two parts of one stream, and where `new`'s values sit
    in it; the errors `WeightedROC` would give on both parts together."""
    if seen is None:
        values = new.values
    else:
        if seen.kind != new.kind or (seen.kind == "category" and seen.values != new.values):
            raise ValueError(
                f"label types differ: {_describe(seen)} and {_describe(new)}; "
                "every part of a stream needs labels of one type"
            )
        values = tuple(sorted(set(seen.values) | set(new.values)))
        if new.kind == "category":
            values = new.values
    classes = Classes(new.kind, values)
    if len(values) > 2 or (len(values) == 2 and (positive is not None or new.kind == "number")):
        check_label(np.array(values), positive=positive)  # raises as WeightedROC
    if new.kind == "number" and positive is None and not set(values) <= set(NUMBER_VALUES):
        shown = ", ".join(f"{v:g}" for v in values)
        raise ValueError(
            f"label %in% c(-1, 1) are not all TRUE: numeric labels must take "
            f"the values {LABEL_SETS}, got {{{shown}}}"
        )
    return classes, np.array([values.index(v) for v in new.values], dtype=np.intp)


def _describe(classes):
    if classes.kind == "category":
        return f"a Categorical with categories {list(classes.values)}"
    return f"{classes.kind} labels"


def positive_class(classes, positive):
    """Which of the (two) values is positive, by `WeightedROC`'s rules."""
    if classes is None or len(classes.values) < 2:
        raise ValueError(
            "only one label value: a ROC curve needs both positive and negative observations"
        )
    if classes.kind == "category":
        labels = pd.Categorical.from_codes([0, 1], categories=list(classes.values))
    else:
        labels = np.array(classes.values)
    return int(np.flatnonzero(check_label(labels, positive=positive))[0])
