"""Tidy tables: the curves and AUCs of many models or folds from one frame.

`roc_table` and `auc_table` take a long DataFrame (one row per observation
and model or fold), split it by the ``by`` columns and return one tidy
frame, group by group.  Each group's rows are exactly what `WeightedROC`
gives for that group's rows: the groups are cut from columns validated
once, so a label encoding means the same thing in every group.

Rows whose ``by`` value is missing (NaN, None, pd.NA) form a group of their
own, sorted last, as dplyr's ``group_by`` keeps them; drop them first
(``df.dropna(subset=by)``) to leave them out.  Unused categories of a
Categorical ``by`` column give no group.
"""

import numpy as np
import pandas as pd

from .curves.auc import trapezoid_area
from .core import cumulate
from .curves.roc import COLUMNS, curve_frame, rates
from .validation import check_direction, check_guess, check_label, check_weight

__all__ = ["roc_table", "auc_table"]

AUC_COLUMNS = ["auc", "n", "positive_weight", "negative_weight"]


def _columns(data, guess, label, weight, by, reserved):
    """Check the frame and column names; returns the list of by columns."""
    if not isinstance(data, pd.DataFrame):
        raise TypeError(f"data must be a pandas DataFrame, got {type(data).__name__}")
    by = [] if by is None else list(by) if isinstance(by, (list, tuple)) else [by]
    twice = sorted({str(name) for name in by if by.count(name) > 1})
    if twice:
        raise ValueError(f"by names column {twice[0]!r} twice: give each column once")
    roles = [("guess", guess), ("label", label)]
    roles += [("weight", weight)] if weight is not None else []
    roles += [("by", name) for name in by]
    for role, name in roles:
        if name not in data.columns:
            raise ValueError(f"no column {name!r} (given as {role}) in data; its "
                             f"columns are {list(map(str, data.columns))}")
    for role, name in roles:
        if (data.columns == name).sum() > 1:
            raise ValueError(f"data has {(data.columns == name).sum()} columns named "
                             f"{name!r} (given as {role}): rename them apart")
    clash = [name for name in by if name in reserved or name in (guess, label, weight)]
    if clash:
        raise ValueError(f"by column {clash[0]!r} clashes with the guess, label or "
                         f"weight column or with an output column {reserved}")
    return by


def _arrays(data, guess, label, weight, positive=None):
    """The three inputs validated over the whole frame, naming the column."""
    checks = [("label", label, lambda values: check_label(values, positive=positive)),
              ("guess", guess, check_guess)]
    if weight is not None:
        checks.append(("weight", weight, check_weight))
    arrays = {}
    for role, name, check in checks:
        try:
            arrays[role] = check(data[name])
        except (ValueError, TypeError) as error:
            raise type(error)(f"column {name!r} ({role}): {error}") from None
    return arrays["guess"], arrays["label"], arrays.get("weight")


def _describe(by, key):
    """'model='b', fold=3' for the group with values `key` of columns `by`."""
    key = key if isinstance(key, tuple) else (key,)
    shown = [value.item() if isinstance(value, np.generic) else value for value in key]
    return ", ".join(f"{name}={value!r}" for name, value in zip(by, shown))


def _groups(data, by):
    """(key, positions) of each group, in sorted key order, NA keys last."""
    if not by:
        return [((), range(len(data)))]  # all rows: slices, not copies
    keys = data[by].reset_index(drop=True)
    grouped = keys.groupby(by, sort=True, dropna=False, observed=True)
    return [(key, part.index.to_numpy()) for key, part in grouped]


def _counts(data, guess, label, weight, by, positive=None, direction="<"):
    """Yield (positions, Cumulated) of each group of `data`."""
    check_direction(direction)
    g, positive, w = _arrays(data, guess, label, weight, positive)
    if direction == ">":
        g = np.negative(g)
    for key, rows in _groups(data, by):
        at = slice(rows.start, rows.stop) if isinstance(rows, range) else rows
        if positive[at].all() or not positive[at].any():
            raise ValueError(f"group {_describe(by, key)}: only one label value; a ROC "
                             "curve needs both positive and negative observations")
        try:
            counts = cumulate(g[at], positive[at], None if w is None else w[at],
                              checked=True)
            if direction == ">":  # thresholds on the guesses' own scale
                np.negative(counts.threshold, out=counts.threshold)
        except ValueError as error:
            raise ValueError(f"group {_describe(by, key)}: {error}") from None
        yield rows, counts


def _with_keys(data, by, first_rows, lengths, frame):
    """`frame` with the by columns (values of `first_rows`, repeated) in front."""
    if not by:
        return frame
    keys = data[by].iloc[np.repeat(first_rows, lengths)].reset_index(drop=True)
    return pd.concat([keys, frame], axis=1)


def roc_table(data, guess, label, weight=None, by=None, *, positive=None, direction="<"):
    """Weighted ROC curves of every group of a frame, as one tidy frame.

    Parameters
    ----------
    data : pandas.DataFrame
        One row per observation (and model, fold, ...).
    guess, label : str
        Columns holding the scores and the true classes, in any encoding
        `WeightedROC` accepts.  The label encoding is read from the whole
        column, so it means the same in every group.
    weight : str, optional
        Column of positive observation weights; unit weights by default.
    by : str or list of str, optional
        Columns whose distinct values define the groups.  Missing values
        form their own group (sorted last).
    positive, direction
        As for `WeightedROC`: the label value that is the event, and
        whether lower guesses mean positive (``">"``).

    Returns
    -------
    pandas.DataFrame
        The ``by`` columns, then ``TPR, FPR, threshold, FN, FP``; groups in
        sorted order, each group's rows exactly ``WeightedROC`` of that
        group's rows (in their order in `data`).

    Raises
    ------
    ValueError
        Naming the missing column, or the group with one label value, or
        the column with bad values.
    TypeError
        If `data` is not a DataFrame or a column has the wrong type.

    See Also
    --------
    auc_table : one row per group with its AUC.
    weightedroc.plots.roc_plot : draws the table, one curve per group.

    Examples
    --------
    >>> import pandas as pd
    >>> from weightedroc import roc_table
    >>> df = pd.DataFrame({"model": ["a"] * 4 + ["b"] * 4,
    ...                    "score": [1, 2, 3, 4, 4, 3, 2, 1],
    ...                    "y": [0, 1, 0, 1] * 2})
    >>> df.pipe(roc_table, guess="score", label="y", by="model")
      model  TPR  FPR  threshold   FN   FP
    0     a  1.0  1.0        1.0  0.0  2.0
    1     a  1.0  0.5        2.0  0.0  1.0
    2     a  0.5  0.5        3.0  1.0  1.0
    3     a  0.5  0.0        4.0  1.0  0.0
    4     a  0.0  0.0        inf  2.0  0.0
    5     b  1.0  1.0        1.0  0.0  2.0
    6     b  0.5  1.0        2.0  1.0  2.0
    7     b  0.5  0.5        3.0  1.0  1.0
    8     b  0.0  0.5        4.0  2.0  1.0
    9     b  0.0  0.0        inf  2.0  0.0
    """
    by = _columns(data, guess, label, weight, by, COLUMNS)
    first_rows, frames = [], []
    for rows, counts in _counts(data, guess, label, weight, by, positive, direction):
        first_rows.append(rows[0])
        frames.append(curve_frame(counts))
    # One group: its frame as it is (no copy of a frame as large as the data).
    curves = frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)
    return _with_keys(data, by, first_rows, [len(f) for f in frames], curves)


def auc_table(data, guess, label, weight=None, by=None, *, positive=None, direction="<",
              ci=False, conf_level=0.95, weights_are="importance"):
    """Weighted AUC of every group of a frame, one row per group.

    Takes the same arguments as `roc_table`; ``ci=True`` adds DeLong's
    interval of each group's AUC (`auc_ci`, at `conf_level`, weights as
    `weights_are` says): NaN for a group with fewer than 2 observations of
    a class, where DeLong's variance is undefined.

    Returns
    -------
    pandas.DataFrame
        The ``by`` columns, then ``auc`` (bit for bit ``WeightedAUC`` of the
        group's curve), ``n`` (its number of observations),
        ``positive_weight`` and ``negative_weight`` (the total weight of
        its positives and of its negatives; counts for unit weights); with
        ``ci=True``, ``conf_low`` and ``conf_high``.

    Examples
    --------
    >>> import pandas as pd
    >>> from weightedroc import auc_table
    >>> df = pd.DataFrame({"model": ["a"] * 4 + ["b"] * 4,
    ...                    "score": [1, 2, 3, 4, 4, 3, 2, 1],
    ...                    "y": [0, 1, 0, 1] * 2,
    ...                    "w": [1, 1, 1, 1, 2, 1, 1, 1]})
    >>> df.pipe(auc_table, guess="score", label="y", weight="w", by="model")
      model       auc  n  positive_weight  negative_weight
    0     a  0.750000  4              2.0              2.0
    1     b  0.166667  4              2.0              3.0
    """
    by = _columns(data, guess, label, weight, by, AUC_COLUMNS)
    first_rows, table = [], []
    for rows, counts in _counts(data, guess, label, weight, by, positive, direction):
        first_rows.append(rows[0])
        table.append((trapezoid_area(*rates(counts)), len(rows),
                      counts.total_pos, counts.total_neg))
    table = pd.DataFrame(table, columns=AUC_COLUMNS)
    if ci:
        from .inference.interval import group_intervals
        table["conf_low"], table["conf_high"] = group_intervals(
            _arrays(data, guess, label, weight, positive), list(_groups(data, by)),
            direction, conf_level, weights_are)
    return _with_keys(data, by, first_rows, np.ones(len(table), dtype=int), table)
