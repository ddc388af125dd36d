"""Tidy tables: the curves and AUCs of many models or folds from one frame.

`roc_table` and `auc_table` take a long DataFrame (one row per observation
and model, fold or user), split it by the ``by`` columns and return one
tidy frame, group by group.  Each group's rows are exactly what
`WeightedROC` gives for that group's rows: the groups are cut from columns
validated once, so a label encoding means the same thing in every group.

Rows whose ``by`` value is missing (NaN, None, pd.NA) form a group of their
own, sorted last, as dplyr's ``group_by`` keeps them; drop them first
(``df.dropna(subset=by)``) to leave them out.  Unused categories of a
Categorical ``by`` column give no group.

`data` may be a pandas, polars (DataFrame or LazyFrame) or PyArrow frame;
the result is of the same kind (see `frames`).  Few large groups (models,
folds) are grouped once (a counting sort of the group codes and labels),
and each group is sorted in scratch memory that stays in cache, two groups
at a time, straight into the result's columns.  Many small groups (users,
queries: fewer than `MANY` rows a group on average) are computed all at
once (`weightedroc.engine.many`): one sort by (group, guess), then the
groups of each size as the rows of 2-D blocks, with each group's long
double sums starting from zero.  Either way the groups cost about what
one curve over all rows costs.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np
import pandas as pd

from .backend import (
    COLUMNS,
    OVERFLOW,
    Frame,
    all_at_once,
    check_direction,
    check_guess,
    check_label,
    check_weight,
    counting_sort,
    curve_columns,
    each_group,
    first_rows,
    grouped,
    in_key_order,
    is_frame,
    no_label_warning,
    only_one_label,
    packed,
    prefault,
    rates,
    run_both,
    sorted_aucs,
    sorted_curves,
    sorted_rows,
    to_array,
    trapezoid_area,
)
from .utils.signatures import in_help
from .utils.types import Columns, Direction, LabelValue
from .utils.warn import warn

__all__ = ["roc_table", "auc_table"]

AUC_COLUMNS = ["auc", "n", "positive_weight", "negative_weight"]
ONE_LABEL = ("error", "skip", "nan")


def _source(data):
    """`data` itself (a pandas DataFrame) or a `Frame` of a polars or PyArrow one."""
    if isinstance(data, pd.DataFrame):
        return data
    if is_frame(data):
        return Frame(data)
    raise TypeError(
        f"data must be a pandas DataFrame, a polars DataFrame or LazyFrame, "
        f"or a PyArrow Table, got {type(data).__name__}"
    )


def _column(data, name):
    return data[name] if isinstance(data, pd.DataFrame) else data.column(name)


def _columns(data, guess, label, weight, by, reserved):
    """Check the column names; returns the list of by columns."""
    columns = pd.Index(data.columns)
    by = [] if by is None else list(by) if isinstance(by, (list, tuple)) else [by]
    twice = sorted({str(name) for name in by if by.count(name) > 1})
    if twice:
        raise ValueError(f"by names column {twice[0]!r} twice: give each column once")
    roles = [("guess", guess), ("label", label)]
    roles += [("weight", weight)] if weight is not None else []
    roles += [("by", name) for name in by]
    for role, name in roles:
        if name not in columns:
            raise ValueError(
                f"no column {name!r} (given as {role}) in data; its "
                f"columns are {list(map(str, columns))}"
            )
    for role, name in roles:
        if (columns == name).sum() > 1:
            raise ValueError(
                f"data has {(columns == name).sum()} columns named "
                f"{name!r} (given as {role}): rename them apart"
            )
    clash = [name for name in by if name in reserved or name in (guess, label, weight)]
    if clash:
        raise ValueError(
            f"by column {clash[0]!r} clashes with the guess, label or "
            f"weight column or with an output column {reserved}"
        )
    return by


def _arrays(data, guess, label, weight, positive=None):
    """The three inputs validated over the whole frame, naming the column."""
    checks = [
        ("label", label, lambda values: check_label(values, positive=positive)),
        ("guess", guess, check_guess),
    ]
    if weight is not None:
        checks.append(("weight", weight, check_weight))
    arrays = {}
    for role, name, check in checks:
        try:
            arrays[role] = check(_column(data, name))
        except (ValueError, TypeError) as error:
            raise type(error)(f"column {name!r} ({role}): {error}") from None
    return arrays["guess"], arrays["label"], arrays.get("weight")


def _describe(data, by, row):
    """'model='b', fold=3' for the group of row `row` (by columns `by`)."""
    if isinstance(data, pd.DataFrame):
        key = [data[name].iloc[row] for name in by]
    else:
        key = data.rows(by, [row]).row(0)
    shown = [value.item() if isinstance(value, np.generic) else value for value in key]
    return ", ".join(f"{name}={value!r}" for name, value in zip(by, shown))


def _codes(data, name):
    """Group codes of one by column: its distinct values in sorted order
    (a Categorical's in category order), missing values last."""
    values = _column(data, name)
    if not isinstance(values, pd.Series):
        values = to_array(values, name)
    elif isinstance(values.dtype, np.dtype):
        values = values.to_numpy()  # (extension dtypes: factorize reads them)
    kind = getattr(values.dtype, "kind", "O")
    if len(values) and (kind == "i" or (kind == "u" and values.dtype.itemsize < 8)):
        codes = _integer_codes(values)
        if codes is not None:
            return codes
    codes, uniques = pd.factorize(values, sort=True, use_na_sentinel=True)
    size = len(uniques)
    if len(codes) and codes.min() < 0:  # the missing values' own group, last
        codes = np.where(codes < 0, size, codes)
        size += 1
    return codes, size


def _integer_codes(values):
    """`_codes` of integers in a range not much wider than their number,
    by counting (no hashing); None for other ranges."""
    low, high = int(values.min()), int(values.max())
    if high - low > 4 * len(values) + 1024:
        return None
    shifted = (
        values if low == 0 and values.dtype == np.intp else np.subtract(values, low, dtype=np.intp)
    )
    used = np.bincount(shifted) > 0
    if used.all():  # every value in the range: the shifted values are the codes
        return shifted, len(used)
    lookup = np.cumsum(used) - 1  # the rank of each used value
    return lookup.take(shifted), int(lookup[-1]) + 1


def _group_codes(data, by):
    """(codes, number of groups) of the rows, by the `by` columns (at least one)."""
    codes, size = _codes(data, by[0])
    for name in by[1:]:
        more, more_size = _codes(data, name)
        codes, uniques = pd.factorize(codes * more_size + more, sort=True)
        size = len(uniques)
    return codes, size


def _groups(data, by):
    """(order, ends): the rows grouped (by group in sorted key order, each
    group's rows in their order in `data`) and where each group ends."""
    if not by:
        return None, np.array([len(data)])
    return counting_sort(*_group_codes(data, by))


def _checked(data, guess, label, weight, by, positive=None, direction="<"):
    """The columns validated over the whole frame, (guess, positive,
    weight), and the rows' group codes with their number of groups (None
    without `by`)."""
    check_direction(direction)
    return run_both(
        lambda: _arrays(data, guess, label, weight, positive),
        lambda: _group_codes(data, by) if by else None,
        len(data),
    )


def _check_one_label(one_label, allowed):
    if not isinstance(one_label, str) or one_label not in allowed:
        raise ValueError(
            f"one_label must be one of {', '.join(map(repr, allowed))}, got {one_label!r}"
        )
    return one_label


def _failed(data, by, rows, one, total_pos, total_neg, one_label):
    """Raise the error of the first failing group (in sorted key order), as
    one group after another would: one label value (unless skipped or
    kept) or an overflowing total weight (unless skipped)."""
    overflow = ~(np.isfinite(total_pos) & np.isfinite(total_neg))
    if one_label == "skip":
        overflow &= ~one
    bad = overflow | one if one_label == "error" else overflow
    if not bad.any():
        return
    code = rows.groups[bad].min()
    error = only_one_label() if one[rows.groups == code].any() else ValueError(OVERFLOW)
    raise ValueError(f"group {_describe(data, by, rows.first_rows[code])}: {error}") from None


def _skipped(data, by, rows, one, function):
    """Warn of the groups `function` skipped (one label value); their number."""
    skipped = np.sort(rows.groups[one])
    if len(skipped):
        shown = [f"({_describe(data, by, rows.first_rows[code])})" for code in skipped[:3]]
        more = ", ..." if len(skipped) > 3 else ""
        named = f": {', '.join(shown)}{more}" if by else ""
        warn(
            f"{function} skipped {len(skipped)} of {len(one)} groups with one label "
            f"value only (a ROC curve needs both positive and negative "
            f"observations){named}",
            UserWarning,
        )
    return len(skipped)


def _table(data, by, first_rows, lengths, columns, names):
    """The result: by columns (values of `first_rows`, repeated) in front
    of `columns` (a list of arrays), in the kind of frame `data` is."""
    if not isinstance(data, pd.DataFrame):
        # Each group's key row, then repeated: a gather from a few rows.
        repeat = np.repeat(np.arange(len(first_rows), dtype=np.int32), lengths)
        keys = data.rows(by, first_rows)[repeat] if by else None
        return data.result(keys, dict(zip(names, columns)))
    keys = data[by].iloc[first_rows]
    keys = {name: keys[name].array.repeat(lengths) for name in by}  # (not the index)
    return pd.DataFrame({**keys, **dict(zip(names, columns))}, copy=False)


@in_help
def roc_table(
    data: pd.DataFrame,
    guess: Hashable,
    label: Hashable,
    weight: Hashable | None = None,
    by: Columns | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    one_label: str = "error",
) -> pd.DataFrame:
    """Weighted ROC curves of every group of a frame, as one tidy frame.

    Parameters
    ----------
    data : pandas.DataFrame, polars.DataFrame, polars.LazyFrame or pyarrow.Table
        One row per observation (and model, fold, ...).  Frames other than
        pandas are read through narwhals (``pip install
        "weightedroc[polars]"``), float64 columns without nulls in place.
    guess, label : str
        Columns holding the scores and the true classes, in any encoding
        `WeightedROC` accepts.  The label encoding is read from the whole
        column, so it means the same in every group.
    weight : str, optional
        Column of positive observation weights; unit weights by default.
    by : str or list of str, optional
        Columns whose distinct values define the groups, sorted (a
        Categorical's or Enum's in category order; its unused categories
        give no group).  Missing values form their own group (sorted last).
    positive, direction
        As for `WeightedROC`: the label value that is the event, and
        whether lower guesses mean positive (``">"``).
    one_label : {"error", "skip"}, default "error"
        What to do with a group whose observations all have one label
        value (a one-row group is one), which has no ROC curve:
        ``"error"`` raises a ValueError naming the first such group;
        ``"skip"`` leaves those groups out and warns how many were left
        out (a UserWarning naming the first three), and a pandas result
        gets their number in ``attrs["skipped_groups"]``.  A label column
        with one value in all of `data` is an error either way: its
        encoding, hence which class it is, cannot be read.

    Returns
    -------
    DataFrame
        Of the kind `data` is (pandas, polars, PyArrow; a LazyFrame gives
        a LazyFrame of the computed table).
        The ``by`` columns, then ``TPR, FPR, threshold, FN, FP``; groups in
        sorted order, each group's rows exactly ``WeightedROC`` of that
        group's rows (in their order in `data`).

    Raises
    ------
    ValueError
        Naming the missing column, the group with one label value (unless
        skipped), or the column with bad values; an empty frame ("label
        is empty").

    Warns
    -----
    UserWarning
        With ``one_label="skip"``, when groups were left out: how many, of
        how many, and the first three.
    TypeError
        If `data` is not a pandas, polars or PyArrow frame, or a column
        has the wrong type.

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
    data = _source(data)
    one_label = _check_one_label(one_label, ONE_LABEL[:2])
    by = _columns(data, guess, label, weight, by, COLUMNS)
    arrays, codes = _checked(data, guess, label, weight, by, positive, direction)
    if all_at_once(arrays, codes, one_label):
        return _curves_at_once(data, by, arrays, codes, direction, one_label)
    if codes is None:  # one group: its curve as it is
        columns = each_group(
            lambda row: _describe(data, by, row), direction, grouped(arrays, codes), curve_columns
        )[0]
        if isinstance(data, pd.DataFrame):
            return pd.DataFrame(columns.T, columns=COLUMNS, copy=False)
        return _table(data, by, [0], [columns.shape[1]], columns, COLUMNS)
    # The groups' curves go straight into one block (at most one row per
    # observation and group), mapped in the background while the rows are
    # sorted by group and label, then while the groups are computed.
    columns = np.empty((5, len(data) + codes[1]))
    stop = prefault(columns)
    try:
        grouping = grouped(arrays, codes)
        sizes = [
            part.shape[1]
            for part in each_group(
                lambda row: _describe(data, by, row), direction, grouping, curve_columns, columns
            )
        ]
    finally:
        stop()
    order, ends = grouping[3:]
    size = packed(columns, ends, sizes)
    columns = columns[:, :size]
    if 2 * size < len(data):  # many ties: the result keeps no more memory than it needs
        columns = columns.copy()
    return _table(data, by, first_rows(order, ends), sizes, columns, COLUMNS)


@in_help
def auc_table(
    data: pd.DataFrame,
    guess: Hashable,
    label: Hashable,
    weight: Hashable | None = None,
    by: Columns | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    ci: bool = False,
    conf_level: float = 0.95,
    weights_are: str = "importance",
    one_label: str = "error",
) -> pd.DataFrame:
    """Weighted AUC of every group of a frame, one row per group.

    Parameters
    ----------
    data, guess, label, weight, by, positive, direction
        As for `roc_table`.
    ci : bool, default False
        Add DeLong's interval of each group's AUC (`auc_ci`, columns
        ``conf_low`` and ``conf_high``): NaN for a group with fewer than 2
        observations of a class, where DeLong's variance is undefined.
    conf_level : float, default 0.95
        Level of those intervals.
    weights_are : {"importance", "frequency"}, default "importance"
        What the weights are, for the intervals (see `auc_var`).
    one_label : {"error", "skip", "nan"}, default "error"
        What to do with a group whose observations all have one label
        value (a one-row group is one), which has no AUC: ``"error"``
        raises a ValueError naming the first such group; ``"skip"``
        leaves those groups out (for a group AUC, GAUC, that averages
        over the groups with both classes) and warns how many were left
        out (a UserWarning naming the first three), and a pandas result
        gets their number in ``attrs["skipped_groups"]``; ``"nan"`` keeps
        their rows, with AUC NaN (and NaN intervals).  A label column with
        one value in all of `data` is an error in every case: its
        encoding, hence which class it is, cannot be read.

    Returns
    -------
    DataFrame
        Of the kind `data` is.  The ``by`` columns, then ``auc`` (bit for
        bit ``WeightedAUC`` of the group's curve), ``n`` (its number of
        observations), ``positive_weight`` and ``negative_weight`` (the
        total weight of its positives and of its negatives; counts for
        unit weights); with ``ci=True``, ``conf_low`` and ``conf_high``.

    Raises
    ------
    ValueError
        As `roc_table`.

    Warns
    -----
    UserWarning
        With ``one_label="skip"``, when groups were left out: how many, of
        how many, and the first three.

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

    Per-user AUCs, where some users have one class only:

    >>> users = pd.DataFrame({"user": [1, 1, 1, 2, 2, 3],
    ...                       "score": [0.2, 0.9, 0.4, 0.3, 0.6, 0.5],
    ...                       "clicked": [0, 1, 1, 0, 0, 1]})
    >>> auc_table(users, guess="score", label="clicked", by="user", one_label="nan")
       user  auc  n  positive_weight  negative_weight
    0     1  1.0  3              2.0              1.0
    1     2  NaN  2              0.0              2.0
    2     3  NaN  1              1.0              0.0
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     kept = auc_table(users, guess="score", label="clicked", by="user",
    ...                      one_label="skip")
    >>> kept
       user  auc  n  positive_weight  negative_weight
    0     1  1.0  3              2.0              1.0
    >>> kept.attrs["skipped_groups"]
    2
    >>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
    auc_table skipped 2 of 3 groups with one label value only (a ROC curve
    needs both positive and negative observations): (user=2), (user=3)
    """
    data = _source(data)
    one_label = _check_one_label(one_label, ONE_LABEL)
    by = _columns(data, guess, label, weight, by, AUC_COLUMNS)
    arrays, codes = _checked(data, guess, label, weight, by, positive, direction)
    skipped = None
    if all_at_once(arrays, codes, one_label):
        columns, groups, skipped = _aucs_at_once(data, by, arrays, codes, direction, one_label)
        key_rows = groups[1]
        groups = groups[0]
    else:
        grouping = grouped(arrays, codes)
        order, ends = grouping[3:]
        table = each_group(
            lambda row: _describe(data, by, row),
            direction,
            grouping,
            lambda counts: (trapezoid_area(*rates(counts)), counts.total_pos, counts.total_neg),
        )
        key_rows = [0] if order is None else first_rows(order, ends)
        sizes = np.diff(ends, prepend=0) if order is None else np.diff(ends[1::2], prepend=0)
        table = [(auc, n, pos, neg) for (auc, pos, neg), n in zip(table, sizes)]
        columns = [np.array(column) for column in zip(*table)]
        groups = np.arange(len(table))
    if ci:
        from .backend import group_intervals

        order, ends = _groups(data, by)
        rows = [
            slice(a, b) if order is None else order[a:b]
            for a, b in zip(np.concatenate(([0], ends[:-1])), ends)
        ]
        with no_label_warning():  # read (and warned about) above
            arrays = _arrays(data, guess, label, weight, positive)
        rows = [rows[k] for k in groups]
        columns += list(group_intervals(arrays, rows, direction, conf_level, weights_are))
    table = _table(
        data,
        by,
        key_rows,
        np.ones(len(groups), dtype=int),
        columns,
        AUC_COLUMNS + (["conf_low", "conf_high"] if ci else []),
    )
    return _with_skipped(table, skipped)


def _with_skipped(table, skipped):
    """`table`, with ``attrs["skipped_groups"]`` when it is a pandas frame
    and groups could be skipped."""
    if skipped is not None and isinstance(table, pd.DataFrame):
        table.attrs["skipped_groups"] = skipped
    return table


def _aucs_at_once(data, by, arrays, codes, direction, one_label):
    """`auc_table`'s columns, computed all at once; ((the groups kept, their
    first rows), the number of groups skipped, None unless skipping)."""
    rows, one = sorted_rows(arrays, codes, direction)
    sums = sorted_aucs(rows, one)
    _failed(data, by, rows, one, *sums[1:], one_label)
    skipped = _skipped(data, by, rows, one, "auc_table") if one_label == "skip" else None
    kept = np.sort(rows.groups[~one]) if one_label == "skip" else np.arange(len(one))
    auc, total_pos, total_neg = (in_key_order(rows, values)[kept] for values in sums)
    sizes = in_key_order(rows, rows.sizes)[kept]
    return [auc, sizes, total_pos, total_neg], (kept, rows.first_rows[kept]), skipped


def _curves_at_once(data, by, arrays, codes, direction, one_label):
    """`roc_table`'s result, computed all at once."""
    rows, one = sorted_rows(arrays, codes, direction)
    columns, lengths, total_pos, total_neg = sorted_curves(rows, one, one_label)
    _failed(data, by, rows, one, total_pos, total_neg, one_label)
    skipped = _skipped(data, by, rows, one, "roc_table") if one_label == "skip" else None
    if direction == ">":  # thresholds on the guesses' own scale
        np.negative(columns[2], out=columns[2])
    lengths = in_key_order(rows, lengths)
    kept = np.flatnonzero(lengths)
    table = _table(data, by, rows.first_rows[kept], lengths[kept], columns, COLUMNS)
    return _with_skipped(table, skipped)
