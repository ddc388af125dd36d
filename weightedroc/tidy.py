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

`data` may be a pandas, polars (DataFrame or LazyFrame) or PyArrow frame;
the result is of the same kind (see `frames`).  The rows are grouped once
(a counting sort of the group codes), so the groups cost about what one
curve over all rows costs.
"""

from collections.abc import Hashable

import numpy as np
import pandas as pd

from ._typing import Columns, Direction, LabelValue
from .core import cumulate
from .curves.auc import trapezoid_area
from .curves.roc import COLUMNS, curve_frame, rates
from .frames import Frame, is_frame
from .threads import prefault, run_both
from .validation import _to_array, check_direction, check_guess, check_label, check_weight

__all__ = ["roc_table", "auc_table"]

AUC_COLUMNS = ["auc", "n", "positive_weight", "negative_weight"]


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
        values = _to_array(values, name)
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
    lookup = np.cumsum(used) - 1  # the rank of each used value
    return lookup.take(shifted), int(lookup[-1]) + 1


def _groups(data, by):
    """(order, ends): the rows grouped (by group in sorted key order, each
    group's rows in their order in `data`) and where each group ends."""
    if not by:
        return None, np.array([len(data)])
    codes, size = _codes(data, by[0])
    for name in by[1:]:
        more, more_size = _codes(data, name)
        codes, uniques = pd.factorize(codes * more_size + more, sort=True)
        size = len(uniques)
    try:  # pandas' counting sort (what its groupby uses): about twice as fast
        from pandas.core.sorting import get_group_index_sorter

        order = get_group_index_sorter(codes.astype(np.intp, copy=False), size)
    except ImportError:  # (a private name, so a stable sort if it moves)
        order = np.argsort(codes, kind="stable")
    return order, np.cumsum(np.bincount(codes, minlength=size))


def _counts(data, guess, label, weight, by, positive=None, direction="<"):
    """The number of groups and an iterator of (first row, number of rows,
    Cumulated) of each group of `data`.

    The rows are grouped by one stable counting sort of the group codes;
    each group's slice is then `cumulate`d (which sorts it by guess), so
    together they are one sort by (group, guess, row), and each group's
    counts are those `WeightedROC` computes from that group's rows.
    """
    check_direction(direction)
    (g, positive, w), (order, ends) = run_both(
        lambda: _arrays(data, guess, label, weight, positive), lambda: _groups(data, by), len(data)
    )
    if order is not None:  # one gather each, then every group is a slice
        (g, w), positive = run_both(
            lambda: (np.take(g, order), None if w is None else np.take(w, order)),
            lambda: np.take(positive, order),
            len(order),
        )
    if direction == ">":  # negated in place when gathered (a copy of ours)
        g = np.negative(g, out=g if order is not None else None)
    return len(ends), _cumulated(g, positive, w, order, ends, data, by, direction)


def _cumulated(g, positive, w, order, ends, data, by, direction):
    start = 0
    for stop in ends:
        at = slice(start, stop)
        first = start if order is None else order[start]
        if positive[at].all() or not positive[at].any():
            raise ValueError(
                f"group {_describe(data, by, first)}: only one label value; a ROC "
                "curve needs both positive and negative observations"
            )
        try:
            counts = cumulate(g[at], positive[at], None if w is None else w[at], checked=True)
            if direction == ">":  # thresholds on the guesses' own scale
                np.negative(counts.threshold, out=counts.threshold)
        except ValueError as error:
            raise ValueError(f"group {_describe(data, by, first)}: {error}") from None
        yield first, stop - start, counts
        start = stop


def _table(data, by, first_rows, lengths, columns, names):
    """The result: by columns (values of `first_rows`, repeated) in front
    of `columns` (a list of arrays), in the kind of frame `data` is."""
    if not isinstance(data, pd.DataFrame):
        # Each group's key row, then repeated: a gather from a few rows.
        repeat = np.repeat(np.arange(len(first_rows), dtype=np.int32), lengths)
        keys = data.rows(by, first_rows)[repeat] if by else None
        return data.result(keys, dict(zip(names, columns)))
    keys = data[by].iloc[first_rows]
    keys = {name: keys[name].repeat(lengths).array for name in by}
    return pd.DataFrame({**keys, **dict(zip(names, columns))}, copy=False)


def roc_table(
    data: pd.DataFrame,
    guess: Hashable,
    label: Hashable,
    weight: Hashable | None = None,
    by: Columns | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
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
        Naming the missing column, the group with one label value (a
        one-row group is one), or the column with bad values; an empty
        frame ("label is empty").
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
    by = _columns(data, guess, label, weight, by, COLUMNS)
    first_rows, lengths = [], []
    groups, counts_of = _counts(data, guess, label, weight, by, positive, direction)
    if not by and isinstance(data, pd.DataFrame):  # one group: its frame as it is
        return curve_frame(next(counts_of)[2])
    # The groups' curves go straight into one block (at most one row per
    # observation and group), mapped in the background while they are computed.
    columns = np.empty((5, len(data) + groups))
    stop = prefault(columns)
    at = 0
    try:
        for first, _, counts in counts_of:
            size = len(counts.threshold)
            columns[:, at : at + size] = curve_frame(counts).to_numpy().T
            first_rows.append(first)
            lengths.append(size)
            at += size
    finally:
        stop()
    return _table(data, by, first_rows, lengths, columns[:, :at], COLUMNS)


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

    Returns
    -------
    DataFrame
        Of the kind `data` is.  The ``by`` columns, then ``auc`` (bit for bit ``WeightedAUC`` of the
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
    data = _source(data)
    by = _columns(data, guess, label, weight, by, AUC_COLUMNS)
    first_rows, table = [], []
    for first, n, counts in _counts(data, guess, label, weight, by, positive, direction)[1]:
        first_rows.append(first)
        table.append((trapezoid_area(*rates(counts)), n, counts.total_pos, counts.total_neg))
    columns = [np.array(column) for column in zip(*table)]
    if ci:
        from .inference.interval import group_intervals

        order, ends = _groups(data, by)
        rows = [
            slice(a, b) if order is None else order[a:b]
            for a, b in zip(np.concatenate(([0], ends[:-1])), ends)
        ]
        columns += list(
            group_intervals(
                _arrays(data, guess, label, weight, positive),
                rows,
                direction,
                conf_level,
                weights_are,
            )
        )
    return _table(
        data,
        by,
        first_rows,
        np.ones(len(table), dtype=int),
        columns,
        AUC_COLUMNS + (["conf_low", "conf_high"] if ci else []),
    )
