"""Compare two tables of the same curve, column by column, in units in the last place.

One table may come from R (``write.csv`` with 17 significant digits, as
``sprintf("%.17g", x)`` writes them), the other from this package; the
report says, for each shared column, whether the two are the same numbers
and, if not, by how many representable doubles they differ.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Sequence

import numpy as np
import pandas as pd

from ..utils.signatures import in_help

__all__ = ["compare_tables", "ulp_distance"]

REPORT_COLUMNS = [
    "column",
    "identical",
    "max_ulps",
    "max_rel_diff",
    "first_diff_row",
    "na_mismatches",
    "within_ulps",
]


def _ordered(values):
    """int64 keys ordered as the doubles, adjacent doubles 1 apart, -0.0 = 0.0."""
    bits = np.asarray(values, dtype=np.float64).view(np.int64)
    # Negative doubles' bits grow as the value falls: mirror them below 0.
    return np.where(bits < 0, np.int64(-(1 << 63)) - bits, bits)


@in_help
def ulp_distance(a, b):
    """The number of doubles between `a` and `b` (elementwise, exact, uint64).

    Adjacent doubles are 1 apart, ``-0.0`` and ``0.0`` are 0 apart, and the
    largest finite double is 1 from ``inf``.  NaN has no distance: it is
    the caller's to mask.

    Examples
    --------
    >>> import numpy as np
    >>> ulp_distance([1.0, 0.0, -0.0], [np.nextafter(1.0, 2.0), -0.0, 5e-324]).tolist()
    [1, 0, 1]
    >>> int(ulp_distance(-np.inf, np.inf)[0]) == 2 * int(ulp_distance(0.0, np.inf)[0])
    True
    """
    ka, kb = np.atleast_1d(_ordered(a)), np.atleast_1d(_ordered(b))
    # The difference fits in uint64 (not int64): subtract in wrapping uint64.
    big, small = np.maximum(ka, kb).view(np.uint64), np.minimum(ka, kb).view(np.uint64)
    return big - small


def _read(table, name) -> pd.DataFrame:
    if isinstance(table, pd.DataFrame):
        return table
    if isinstance(table, (str, os.PathLike)):
        from .tables import read_table

        path = os.fspath(table)
        if not os.path.isfile(path):
            raise FileNotFoundError(f"table {name}: no file {path!r}")
        frame = read_table(path)
        first = frame.columns[0] if len(frame.columns) else None
        # R's write.csv without row.names = FALSE: a first column "" of 1..n.
        if (
            first in ("", "Unnamed: 0")
            and (
                frame[first].astype(str).to_numpy() == np.arange(1, len(frame) + 1).astype(str)
            ).all()
        ):
            frame = frame.drop(columns=first)
        return frame
    raise TypeError(
        f"table {name} must be a pandas DataFrame or the path of a CSV or "
        f"Parquet file, got {type(table).__name__}"
    )


def _is_number(column):
    return column.dtype.kind in "iuf" or (
        pd.api.types.is_numeric_dtype(column.dtype) and not pd.api.types.is_bool_dtype(column.dtype)
    )


def _aligned(a, b, shared, sort_by) -> list[pd.DataFrame]:
    """Both frames' shared columns, rows sorted the same way, index 0..n-1."""
    if sort_by is None:  # group keys (non-float columns), then the threshold
        sort_by = [c for c in shared if a[c].dtype.kind != "f" and b[c].dtype.kind != "f"]
        sort_by += ["threshold"] if "threshold" in shared else []
    missing = [c for c in sort_by if c not in shared]
    if missing:
        raise ValueError(f"sort_by column {missing[0]!r} is not in both tables")
    out = []
    for frame in (a, b):
        frame = frame[shared].reset_index(drop=True)
        if sort_by:
            frame = frame.sort_values(sort_by, kind="stable", na_position="last", ignore_index=True)
        out.append(frame)
    return out


def _compare_numbers(x, y, ulps):
    x = pd.to_numeric(x).to_numpy(dtype=np.float64, na_value=np.nan)
    y = pd.to_numeric(y).to_numpy(dtype=np.float64, na_value=np.nan)
    na_x, na_y = np.isnan(x), np.isnan(y)  # NaN and NA are one missing value
    both = ~na_x & ~na_y
    distance = np.zeros(len(x), dtype=np.uint64)
    distance[both] = ulp_distance(x[both], y[both])
    with np.errstate(invalid="ignore", divide="ignore"):
        scale = np.maximum(np.abs(x), np.abs(y))
        relative = np.where(distance == 0, 0.0, np.abs(x - y) / scale)
    relative = np.where(np.isnan(relative), np.inf, relative)  # inf against -inf
    bad = (na_x != na_y) | (distance > np.uint64(ulps))
    first = int(np.flatnonzero(bad)[0]) if bad.any() else pd.NA
    return {
        "identical": bool((na_x == na_y).all() and not distance[both].any()),
        "max_ulps": int(distance[both].max()) if both.any() else 0,
        "max_rel_diff": float(relative[both].max()) if both.any() else 0.0,
        "first_diff_row": first,
        "na_mismatches": int((na_x != na_y).sum()),
        "within_ulps": not bad.any(),
    }


def _compare_other(x, y):
    x, y = x.astype(object).to_numpy(), y.astype(object).to_numpy()
    na_x, na_y = pd.isna(x), pd.isna(y)
    bad = (na_x != na_y) | (~na_x & ~na_y & (x.astype(str) != y.astype(str)))
    first = int(np.flatnonzero(bad)[0]) if bad.any() else pd.NA
    return {
        "identical": not bad.any(),
        "max_ulps": pd.NA,
        "max_rel_diff": np.nan,
        "first_diff_row": first,
        "na_mismatches": int((na_x != na_y).sum()),
        "within_ulps": not bad.any(),
    }


@in_help
def compare_tables(
    a: pd.DataFrame | str | os.PathLike,
    b: pd.DataFrame | str | os.PathLike,
    *,
    ulps: int = 0,
    sort_by: Sequence[Hashable] | None = None,
) -> pd.DataFrame:
    """Compare two tables of the same curve(s), column by column.

    Parameters
    ----------
    a, b : pandas.DataFrame, str or path
        The tables, or paths of CSV (as R's ``write.csv`` or this package
        writes them: ``Inf``, ``NA``, a first column of R's row names is
        dropped) or Parquet files.  Doubles must be written with 17
        significant digits to be compared exactly: R's ``write.csv`` writes
        15 unless given ``sprintf("%.17g", x)`` columns.
    ulps : int, default 0
        Tolerance: a column is ``within_ulps`` when no two values are more
        than `ulps` doubles apart (and the same rows are missing).
    sort_by : list of str, optional
        Columns to sort both tables by before matching rows by position.
        Default: the shared non-float columns (group keys such as ``model``
        or ``fold``), then ``threshold``: WeightedROC's order whatever the
        order of the file's rows.  ``[]`` keeps the rows as they are.

    Returns
    -------
    pandas.DataFrame
        One row per shared column, in `a`'s order: ``identical`` (the same
        numbers; ``-0.0`` equals ``0.0``, NaN and NA equal each other),
        ``max_ulps`` (the largest distance in units in the last place, exact,
        counting the doubles between the two values; NA for text columns),
        ``max_rel_diff``, ``first_diff_row`` (first row, counted from 0 in
        the sorted order, beyond the tolerance; NA if none),
        ``na_mismatches`` (rows missing in one table only) and
        ``within_ulps``.

    Raises
    ------
    ValueError
        If the tables have different numbers of rows or share no column.
    FileNotFoundError
        If a path names no file.

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc import WeightedROC, compare_tables
    >>> ours = WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    >>> theirs = ours.copy()
    >>> theirs.loc[1, "TPR"] = np.nextafter(theirs.loc[1, "TPR"], 1)
    >>> compare_tables(ours, theirs)[["column", "identical", "max_ulps", "first_diff_row"]]
          column  identical  max_ulps  first_diff_row
    0        TPR      False         1               1
    1        FPR       True         0            <NA>
    2  threshold       True         0            <NA>
    3         FN       True         0            <NA>
    4         FP       True         0            <NA>
    """
    if isinstance(ulps, bool) or not isinstance(ulps, (int, np.integer)) or ulps < 0:
        raise ValueError(f"ulps must be an integer >= 0, got {ulps!r}")
    a, b = _read(a, "a"), _read(b, "b")
    shared = [c for c in a.columns if c in set(b.columns)]
    if not shared:
        raise ValueError(
            f"the tables share no column: {list(map(str, a.columns))} "
            f"against {list(map(str, b.columns))}"
        )
    if len(a) != len(b):
        raise ValueError(
            f"the tables have different numbers of rows: {len(a)} and "
            f"{len(b)}; they are not the same curve"
        )
    a, b = _aligned(a, b, shared, sort_by)
    rows = []
    for name in shared:
        if _is_number(a[name]) and _is_number(b[name]):
            found = _compare_numbers(a[name], b[name], ulps)
        else:
            found = _compare_other(a[name], b[name])
        rows.append({"column": name, **found})
    report = pd.DataFrame(rows, columns=REPORT_COLUMNS)
    report["max_ulps"] = report["max_ulps"].astype("UInt64")
    report["first_diff_row"] = report["first_diff_row"].astype("Int64")
    return report
