"""Exact weighted ROC curves and AUC of Dask DataFrames larger than memory.

The frame vocabulary of `weightedroc.roc_table` and `weightedroc.auc_table`
(the data, then the guess, label and weight column names; keyword-only
``positive=`` and ``direction=``): `roc_table` returns the rows
`WeightedROC` gives on the concatenated data, as a lazy Dask DataFrame;
`auc_table` returns the one-row table of `weightedroc.auc_table` (AUC,
rows, positive and negative weight); `group_auc` returns
`weightedroc.group_auc`'s GAUC over groups spread across partitions.  ``weighted_roc`` and
``weighted_auc``, the former names, are deprecated (the top-level functions
of those names take arrays).  Needs the
dask extra (``pip install 'weightedroc[dask]'``); dask is imported here
only, never by ``import weightedroc``.

How: R's curve orders the rows by guess (ties in input order) and adds the
weights one after another.  Here

1. one pass validates every partition and collects the distinct labels
   (the label encoding is decided on the whole column) and a sample of
   the guesses, whose quantiles become range boundaries;
2. a second pass sums, per range, the positive and negative weights
   (long double; integers for unit weights): their prefix sums are the
   counts before each range, and their totals the rates' denominators;
3. lazily, each row goes to the range ``searchsorted(boundaries, guess)``:
   equal guesses always share a range, so ties never straddle partitions.
   A distributed shuffle (``set_index`` on the range, one partition per
   range) brings each range together; each partition restores input order
   from a row key, runs `weightedroc.engine.core.cumulate` starting from its
   counts before, and turns them into rates with the global totals.

No step gathers the data on one worker.  Unit (or integer) weights give
exactly the in-memory frame; other weights agree to about 1e-16 relative
(the counts before a range are summed per range and partition rather than
row after row, so the last bit of a long double may differ).  A guess value
held by a large share of the rows makes its range, hence one partition,
that large.  The input is read three times (two passes, then the shuffle):
persist it first if it is expensive to compute.

``method="merge"`` instead builds one `weightedroc.RocAccumulator` per
partition (each distinct guess with its weight per class), merged pairwise
in a tree: one pass, no shuffle, memory per task proportional to the
distinct guesses.  Which to pick: "merge" when the distinct guesses fit in
memory (integer or rounded scores, or a ``max_scores`` budget, whose AUC
comes with a certified ``error_bound``); "sort" (the default) when nearly
every guess is distinct and the curve itself is larger than memory.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from .backend import (
    COLUMNS,
    Cumulated,
    RocAccumulator,
    check_direction,
    check_guess,
    check_label,
    check_weight,
    cumulate,
    curve_frame,
    rates,
    running_sum,
    trapezoids,
)
from .utils.deprecation import keyword_only
from .utils.signatures import in_help
from .utils.types import Direction, LabelValue
from .utils.warn import warn

__all__ = ["roc_table", "auc_table", "group_auc", "weighted_roc", "weighted_auc"]

SAMPLE = 1000  # guesses sampled per input partition for the range boundaries
POSITION_BITS = 40  # row key: partition number << POSITION_BITS | row in partition
FOUND = 10  # distinct labels kept per partition: more than 2 is an error anyway


def _dask():
    """The dask module, or an ImportError saying how to install it."""
    try:
        import dask
        import dask.dataframe  # noqa: F401
    except ImportError:
        raise ImportError("weightedroc.dask needs dask: pip install 'weightedroc[dask]'") from None
    return dask


def _check_columns(ddf, guess, label, weight):
    dask = _dask()
    if not isinstance(ddf, dask.dataframe.DataFrame):
        raise TypeError(f"ddf must be a dask DataFrame, got {type(ddf).__name__}")
    roles = [("guess", guess), ("label", label)] + (
        [("weight", weight)] if weight is not None else []
    )
    for role, name in roles:
        if name not in ddf.columns:
            raise ValueError(
                f"no column {name!r} (given as {role}) in the dask "
                f"DataFrame; its columns are {list(map(str, ddf.columns))}"
            )
    return ddf[[name for _, name in roles]]


def _values(part, guess, weight, flip=False):
    """Validated guesses (negated with direction ">", as `cumulate` counts
    them) and weights of a non-empty partition."""
    g = check_guess(part[guess])
    if flip:
        g = np.negative(g)
    return g, None if weight is None else check_weight(part[weight], len(g))


def _summary(part, guess, label, weight, seed, flip):
    """(sample of guesses, some distinct labels, categories) of one partition.

    Validates the guesses and weights; categories is None unless the label
    is Categorical.
    """
    column = part[label]
    categories = (
        tuple(column.cat.categories) if isinstance(column.dtype, pd.CategoricalDtype) else None
    )
    if len(part) == 0:
        return np.empty(0), np.empty(0, dtype=object), categories
    g, _ = _values(part, guess, weight, flip)
    if len(g) > SAMPLE:
        g = g[np.random.default_rng(seed).integers(0, len(g), SAMPLE)]
    return g, np.asarray(pd.unique(column), dtype=object)[:FOUND], categories


def _positive_values(found, categories, positive=None):
    """The label values that mean positive (`positive`, or by the encoding),
    checked as `check_label` checks them.

    `found` holds the distinct values of the whole column and `categories`
    the distinct category lists of its partitions (Categorical labels), so
    the encoding (numbers, booleans, two sorted strings, a Categorical's
    categories) is decided once for every partition.
    """
    values = pd.unique(found)
    if categories:
        if len(categories) > 1:
            raise ValueError(
                "the label's categories differ between partitions "
                f"({' vs '.join(map(str, map(list, categories)))}): set "
                "them with .cat.set_categories([negative, positive])"
            )
        values = pd.Categorical(values, categories=list(categories[0]))
    mask = check_label(values, positive=positive)
    return list(np.asarray(values, dtype=object)[mask])


def _boundaries(samples, ranges):
    """At most ranges - 1 distinct guesses cutting the sample into equal parts."""
    values = np.sort(np.concatenate(samples))
    if len(values) == 0:
        return values
    return np.unique(values[(np.arange(1, ranges) * len(values)) // ranges])


def _arrays(part, guess, label, weight, positive_values, flip):
    g, w = _values(part, guess, weight, flip)
    return g, part[label].isin(positive_values).to_numpy(dtype=bool), w


def _range_sums(tagged, size):
    """Positive and negative weight (or count), and rows, of each range in a partition."""
    ranges = tagged["_range"].to_numpy()
    positive = tagged["_positive"].to_numpy()
    rows = np.bincount(ranges, minlength=size)
    if "_weight" not in tagged:
        pos = np.bincount(ranges[positive], minlength=size)
        return pos, rows - pos, rows
    weight = tagged["_weight"].to_numpy()
    return (
        _long_double_sums(ranges[positive], weight[positive], size),
        _long_double_sums(ranges[~positive], weight[~positive], size),
        rows,
    )


def _long_double_sums(ranges, values, size):
    sums = np.zeros(size, dtype=np.longdouble)
    order = np.argsort(ranges, kind="stable")
    present, starts = np.unique(ranges[order], return_index=True)
    if len(present):
        sums[present] = np.add.reduceat(values[order].astype(np.longdouble), starts)
    return sums


def _tag(part, guess, label, weight, positive_values, boundaries, flip, partition_info=None):
    """Rows ready for the shuffle: guess, positive, weight, row key, range."""
    tagged = {"_guess": np.empty(0), "_positive": np.empty(0, dtype=bool)}
    if weight is not None:
        tagged["_weight"] = np.empty(0)
    if len(part):
        g, positive, w = _arrays(part, guess, label, weight, positive_values, flip)
        tagged = {"_guess": g, "_positive": positive}
        if weight is not None:
            tagged["_weight"] = w
    number = 0 if partition_info is None else partition_info["number"]
    n = len(tagged["_guess"])
    tagged["_row"] = (np.int64(number) << POSITION_BITS) + np.arange(n, dtype=np.int64)
    tagged["_range"] = np.searchsorted(boundaries, tagged["_guess"], side="right")
    return pd.DataFrame(tagged).astype({"_range": np.int64})


class _Counts(NamedTuple):
    """The counts every range partition needs: a few numbers per range."""

    before: tuple  # (positive, negative) weight (or count) before each range
    total_pos: float
    total_neg: float
    last_range: int  # the last range holding rows: it gets the +inf row
    rows: int  # observations


def _counts(sums):
    """Prefix sums and totals of the per-partition range sums."""
    pos, neg, rows = (np.sum(column, axis=0) for column in zip(*sums))
    upto = [np.cumsum(x) for x in (pos, neg)]  # weight up to the end of each range
    total_pos, total_neg = float(upto[0][-1]), float(upto[1][-1])
    if not (np.isfinite(total_pos) and np.isfinite(total_neg)):
        raise ValueError(
            "the total positive or negative weight overflows to inf: "
            "rescale the weights (R would return NaN rates)"
        )
    before = tuple(np.concatenate(([0], x[:-1])).astype(x.dtype) for x in upto)
    return _Counts(before, total_pos, total_neg, int(np.flatnonzero(rows)[-1]), int(rows.sum()))


def _plan(ddf, guess, label, weight, npartitions, positive=None, direction="<"):
    """Validate eagerly; return the lazy range partitions and their counts.

    The counts (a Delayed) are the prefix sums of per-range sums over the
    tagged partitions; they are computed with the ranges, in one graph.
    """
    dask = _dask()
    flip = check_direction(direction) == ">"
    columns = _check_columns(ddf, guess, label, weight)
    summaries = dask.compute(
        *[
            dask.delayed(_summary)(part, guess, label, weight, seed, flip)
            for seed, part in enumerate(columns.to_delayed())
        ]
    )
    samples, found, categories = zip(*summaries) if summaries else ((), (), ())
    found = np.concatenate([np.empty(0, dtype=object), *found])
    positive_values = _positive_values(
        found, list(dict.fromkeys(c for c in categories if c is not None)), positive
    )
    boundaries = _boundaries(samples, npartitions or ddf.npartitions)
    meta = _tag(columns._meta, guess, label, weight, positive_values, boundaries, flip)
    tagged = columns.map_partitions(
        _tag, guess, label, weight, positive_values, boundaries, flip, meta=meta
    )
    sums = [dask.delayed(_range_sums)(part, len(boundaries) + 1) for part in tagged.to_delayed()]
    ranges = tagged.set_index("_range", divisions=tuple(range(len(boundaries) + 2)))
    return ranges, dask.delayed(_counts)(sums)


def _split(start):
    """A long double as two doubles whose long double sum is exactly it."""
    high = np.float64(start)
    return high, np.float64(np.longdouble(start) - np.longdouble(high))


def _cumulate_from(guess, positive, weight, start):
    """`cumulate` of rows that follow others weighing `start` = (positive, negative).

    Row 0 holds `start` instead of zeros and every count includes it, as if
    the earlier rows had been accumulated first (in long double for
    weights, so the sums continue as R's cumsum would).
    """
    counts = cumulate(guess, positive, weight, checked=True, start=start)
    return counts.threshold, counts.FN, counts.TN


def _range_counts(part, counts):
    """Cumulated of one range partition, its +inf row holding the counts after it.

    For the last range that row is the curve's +inf row (the global totals);
    for the others it is the first row of the next non-empty range.
    """
    before, total_pos, total_neg, last_range, _ = counts
    ranges = part.index.to_numpy()
    order = np.argsort(part["_row"].to_numpy())  # input order, for R's ties
    weight = part["_weight"].to_numpy()[order] if "_weight" in part else None
    first = ranges.min()
    threshold, FN, TN = _cumulate_from(
        part["_guess"].to_numpy()[order],
        part["_positive"].to_numpy()[order],
        weight,
        (before[0][first], before[1][first]),
    )
    if ranges.max() == last_range:
        FN[-1], TN[-1] = total_pos, total_neg
    return Cumulated(threshold, FN, TN, total_pos, total_neg), ranges.max() == last_range


def _curve_part(part, counts, flip):
    if len(part) == 0:
        return pd.DataFrame({name: np.empty(0) for name in COLUMNS})
    rows, last = _range_counts(part, counts)
    if not last:  # the next range's first row comes from that range
        rows = Cumulated(*(column[:-1] for column in rows[:3]), *rows[3:])
    if flip:  # thresholds on the guesses' scale, as `cumulate` reports them
        np.negative(rows.threshold, out=rows.threshold)
    return curve_frame(rows)


def _trapezoid_sums(TPR, FPR):
    """Long double sums of the rectangles and triangles of `trapezoid_area`."""
    return [running_sum(x) for x in trapezoids(TPR, FPR)]


def _auc_part(part, counts):
    sums = [np.longdouble(0)] * 2
    if len(part):
        sums = _trapezoid_sums(*rates(_range_counts(part, counts)[0]))
    return pd.DataFrame([[*_split(sums[0]), *_split(sums[1])]], columns=_AUC_PARTS)


_AUC_PARTS = ["rect_high", "rect_low", "triangle_high", "triangle_low"]


@in_help
@keyword_only
def roc_table(
    ddf,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    npartitions: int | None = None,
    method: str = "sort",
    max_scores: int | None = None,
):
    """The exact weighted ROC curve of a Dask DataFrame, as a Dask DataFrame.

    Parameters
    ----------
    ddf : dask.dataframe.DataFrame
        One row per observation, partitioned in any way.
    guess, label : str
        Columns of scores and of true classes, in any encoding `WeightedROC`
        accepts; the encoding is read from the whole column (a Categorical's
        categories, the two sorted strings, ...).
    weight : str, optional
        Column of positive observation weights; unit weights by default.
    positive, direction : keyword-only
        As for `weightedroc.roc_table`: the label value that is the event,
        and whether lower guesses mean positive (``">"``: the negated
        guesses are counted, bit for bit, and thresholds are shown on the
        guesses' scale, descending to -inf).
    npartitions : int, keyword-only, optional
        Number of guess ranges, hence of output partitions (at most; fewer
        when guesses are tied).  Default: ``ddf.npartitions``.
    method : {"sort", "merge"}, keyword-only, default "sort"
        ``"sort"``: the distributed sort described above, for any number of
        distinct guesses (the curve stays distributed).  ``"merge"``: one
        `weightedroc.RocAccumulator` per partition, merged in a tree; one
        pass, no shuffle, and the curve (one row per distinct guess) is
        built in one partition: pick it when the distinct guesses fit in
        memory (rounded or integer scores, or a `max_scores` budget).
        Same rows as ``"sort"`` with integer weights; other weights agree
        to the rounding of per-guess sums.
    max_scores : int, keyword-only, optional
        With ``method="merge"``: the budget of distinct guesses per state
        (beyond it, bins with a certified AUC bound: `auc_table`'s
        ``error_bound``).  None keeps them all (exact).

    Returns
    -------
    dask.dataframe.DataFrame
        Columns ``TPR, FPR, threshold, FN, FP``; its rows, in partition
        order, are those of ``WeightedROC`` on the concatenated data (each
        partition has its own 0-based index: ``.compute()`` then
        ``.reset_index(drop=True)`` for WeightedROC's index).

    Raises
    ------
    ValueError, TypeError
        As `WeightedROC`, for bad values anywhere in the data (raised by
        this call: the validating pass runs eagerly), or a missing column.

    Examples
    --------
    >>> import pandas as pd, dask.dataframe as dd
    >>> from weightedroc.dask import roc_table
    >>> df = pd.DataFrame({"g": [1, 2, 3, 1, 1], "y": [-1, -1, 1, 1, 1],
    ...                    "w": [1, 1, 1, 4, 5]})
    >>> roc = roc_table(dd.from_pandas(df, npartitions=2), "g", "y", "w")
    >>> roc.compute().reset_index(drop=True)
       TPR  FPR  threshold    FN   FP
    0  1.0  1.0        1.0   0.0  2.0
    1  0.1  0.5        2.0   9.0  1.0
    2  0.1  0.0        3.0   9.0  0.0
    3  0.0  0.0        inf  10.0  0.0
    """
    meta = pd.DataFrame({name: np.empty(0) for name in COLUMNS})
    if _method(method, max_scores) == "merge":
        state = _merged_state(ddf, guess, label, weight, positive, direction, max_scores)
        return _dask().dataframe.from_delayed([_dask().delayed(RocAccumulator.roc)(state)], meta)
    ranges, counts = _plan(ddf, guess, label, weight, npartitions, positive, direction)
    flip = direction == ">"
    return ranges.map_partitions(_curve_part, counts, flip, meta=meta, clear_divisions=True)


def _method(method, max_scores):
    if method not in ("sort", "merge"):
        raise ValueError(f"method must be 'sort' or 'merge', got {method!r}")
    if max_scores is not None and method != "merge":
        raise ValueError("max_scores needs method='merge' (the sort path is always exact)")
    return method


def _partition_state(part, guess, label, weight, options):
    state = RocAccumulator(**options)
    return state.update(part[guess], part[label], None if weight is None else part[weight])


def _merged_state(ddf, guess, label, weight, positive, direction, max_scores):
    """A delayed `RocAccumulator` of the frame: one per partition, merged
    pairwise in a tree."""
    dask = _dask()
    ddf = _check_columns(ddf, guess, label, weight)
    options = {"max_scores": max_scores, "positive": positive, "direction": direction}
    RocAccumulator(**options)  # checks them now
    build = dask.delayed(_partition_state)
    states = [build(part, guess, label, weight, options) for part in ddf.to_delayed()]
    while len(states) > 1:
        pairs = [
            dask.delayed(RocAccumulator.merge)(*states[i : i + 2]) for i in range(0, len(states), 2)
        ]
        states = pairs
    return states[0]


def _state_row(state):
    weights = state.roc()
    return pd.DataFrame(
        {
            "auc": [state.auc()],
            "n": [state.n],
            "positive_weight": [weights["FN"].iloc[-1]],
            "negative_weight": [weights["FP"].iloc[0]],
            "error_bound": [state.error_bound()],
        }
    )


def _deprecated(old, new):
    warn(
        f"weightedroc.dask.{old}() is deprecated and will be removed in 2.0: call "
        f"weightedroc.dask.{new}(ddf, guess, label, weight, ...) (the top-level "
        f"weightedroc.{old} takes arrays)",
        FutureWarning,
    )


@in_help
def weighted_roc(ddf, guess, label, weight=None, npartitions=None):
    """Deprecated name of `roc_table` (FutureWarning)."""
    _deprecated("weighted_roc", "roc_table")
    return roc_table(ddf, guess, label, weight, npartitions=npartitions)


def _area(parts):
    """The AUC from the per-partition long double trapezoid sums, in order."""
    rect, triangle = (
        np.cumsum(
            np.asarray(parts[f"{name}_high"], dtype=np.longdouble)
            + np.asarray(parts[f"{name}_low"], dtype=np.longdouble)
        )[-1]
        for name in ("rect", "triangle")
    )
    return float(np.float64(rect)) + float(np.float64(triangle))


def _auc_parts(ddf, guess, label, weight, npartitions, positive, direction):
    """(per-partition trapezoid sums, counts), both lazy."""
    ranges, counts = _plan(ddf, guess, label, weight, npartitions, positive, direction)
    meta = pd.DataFrame({name: np.empty(0) for name in _AUC_PARTS})
    parts = ranges.map_partitions(_auc_part, counts, meta=meta, clear_divisions=True)
    return parts, counts


def _auc_row(parts, counts):
    return pd.DataFrame(
        {
            "auc": [_area(parts)],
            "n": [counts.rows],
            "positive_weight": [counts.total_pos],
            "negative_weight": [counts.total_neg],
        }
    )


@in_help
@keyword_only
def auc_table(
    ddf,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    npartitions: int | None = None,
    compute: bool = True,
    method: str = "sort",
    max_scores: int | None = None,
):
    """The weighted AUC of a Dask DataFrame, computed without a full curve.

    Takes the arguments of `roc_table` (``method="merge"`` adds a column
    ``error_bound``, 0 within the budget), and returns the table
    `weightedroc.auc_table` gives without ``by``: one row with ``auc``
    (``WeightedAUC`` of that curve; the per-partition trapezoid sums are
    added in long double), ``n``, ``positive_weight`` and
    ``negative_weight``.  With ``compute=False``, a ``dask.delayed`` object
    computing it (to follow it with a progress bar, or compute it with
    other work).

    Examples
    --------
    >>> import pandas as pd, dask.dataframe as dd
    >>> from weightedroc.dask import auc_table
    >>> df = pd.DataFrame({"g": [1, 2, 3, 1, 1], "y": [-1, -1, 1, 1, 1],
    ...                    "w": [1, 1, 1, 4, 5]})
    >>> auc_table(dd.from_pandas(df, npartitions=2), "g", "y", "w")
         auc  n  positive_weight  negative_weight
    0  0.325  5             10.0              2.0
    """
    dask = _dask()
    if _method(method, max_scores) == "merge":
        state = _merged_state(ddf, guess, label, weight, positive, direction, max_scores)
        table = dask.delayed(_state_row)(state)
        return table.compute() if compute else table
    parts, counts = _auc_parts(ddf, guess, label, weight, npartitions, positive, direction)
    table = dask.delayed(_auc_row)(parts, counts)
    return table.compute() if compute else table


@in_help
def weighted_auc(ddf, guess, label, weight=None, npartitions=None, compute=True):
    """Deprecated: ``auc_table(...)["auc"]`` (FutureWarning); returns the
    AUC as a float, or with ``compute=False`` a ``dask.delayed`` of it."""
    _deprecated("weighted_auc", "auc_table")
    dask = _dask()
    parts, _ = _auc_parts(ddf, guess, label, weight, npartitions, None, "<")
    area = dask.delayed(_area)(parts)
    return area.compute() if compute else area


# -- GAUC over groups spread across partitions ---------------------------------


def _label_summary(part, label):
    """(some distinct labels, categories) of one partition, as `_summary`."""
    column = part[label]
    categories = (
        tuple(column.cat.categories) if isinstance(column.dtype, pd.CategoricalDtype) else None
    )
    return np.asarray(pd.unique(column), dtype=object)[:FOUND], categories


def _keyed(part, label, positive_values, partition_info=None):
    """The partition with a boolean ``_positive`` column and a row key that
    restores the input order after the shuffle."""
    number = 0 if partition_info is None else partition_info["number"]
    return part.assign(
        _positive=part[label].isin(positive_values).to_numpy(dtype=bool),
        _row=(np.int64(number) << POSITION_BITS) + np.arange(len(part), dtype=np.int64),
    )


def _group_part(part, guess, weight, by, direction, weights_are, min_per_class):
    """`weightedroc.inference.grouped_auc.group_statistics` of one partition of whole
    groups (rows in input order), its groups skipped, and its weights'
    (min, max)."""
    from .backend import check_frequency, group_statistics

    part = part.sort_values("_row", kind="stable")
    if len(part) == 0:
        empty = part[by].assign(**{name: np.empty(0) for name in _STATISTICS})
        return empty, 0, (np.inf, -np.inf)
    g, w = _values(part, guess, weight)
    check_frequency(w, weights_are)
    positive = part["_positive"].to_numpy(dtype=bool)
    table, skipped = group_statistics(
        part,
        by,
        (g, positive, w),
        direction=direction,
        weights_are=weights_are,
        min_per_class=min_per_class,
    )
    return table, skipped, (np.inf, -np.inf) if w is None else (w.min(), w.max())


_STATISTICS = ["auc", "n", "positive_weight", "negative_weight", "variance", "squares"]


def _gauc(parts, by, options, min_per_class):
    """`weightedroc.group_auc`'s result from the partitions' statistics."""
    from .backend import combined, no_group_used

    tables, skipped, ranges = zip(*parts)
    table = pd.concat(tables, ignore_index=True)
    table = table.sort_values(by, na_position="last", kind="stable", ignore_index=True)
    if not len(table):
        raise no_group_used(by, min_per_class)
    low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
    uneven = options.pop("weights_are") == "importance" and low < high
    table["n"] = table["n"].astype(np.int64)
    return combined(table, int(sum(skipped)), uneven=uneven, min_per_class=min_per_class, **options)


@in_help
def group_auc(
    ddf,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    by,
    group_weight: str = "n",
    conf_level: float = 0.95,
    weights_are: str = "importance",
    quantile: str = "auto",
    min_per_class: int = 1,
    interval: str = "delong",
    positive: LabelValue = None,
    direction: Direction = "<",
    npartitions: int | None = None,
    compute: bool = True,
):
    """GAUC of a Dask DataFrame whose groups span partitions.

    Takes the arguments of `weightedroc.group_auc` and returns its
    `GroupAUC` (the same per-group AUCs, bit for bit; the sums over groups
    agree to rounding).  One pass reads the label values (the encoding is
    decided on the whole column); then a shuffle on the ``by`` columns
    (``npartitions`` output partitions, default ``ddf.npartitions``)
    brings each group's rows together, in input order, and each partition
    gives its groups' AUCs and DeLong variances (``interval="between"``
    combines the AUCs alone, after the gathering).  Only that per-group table
    (one row per group with both labels) is gathered: a million groups
    take about 100 MB.  With ``compute=False``, a ``dask.delayed`` of the
    result.

    Examples
    --------
    >>> import pandas as pd, dask.dataframe as dd
    >>> from weightedroc.dask import group_auc
    >>> log = pd.DataFrame({
    ...     "user": [1, 2, 1, 2, 1, 2, 1, 2, 2, 3, 3],
    ...     "score": [0.9, 0.8, 0.3, 0.4, 0.6, 0.5, 0.2, 0.1, 0.7, 0.5, 0.6],
    ...     "click": [1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0]})
    >>> group_auc(dd.from_pandas(log, npartitions=3), "score", "click", by="user")
    GAUC 0.8148 over 2 groups weighted by rows, 1 skipped (one label)
    95% CI: 0.4090 to 1.0000 (DeLong, groups independent)
    """
    from .backend import check_columns, check_options

    dask = _dask()
    if not isinstance(ddf, dask.dataframe.DataFrame):
        raise TypeError(f"ddf must be a dask DataFrame, got {type(ddf).__name__}")
    conf_level, min_per_class = check_options(
        group_weight, conf_level, weights_are, quantile, direction, min_per_class, interval
    )
    by = check_columns(ddf, guess, label, weight, by)
    columns = ddf[[*by, guess, label] + ([weight] if weight is not None else [])]
    found, categories = zip(
        *dask.compute(*[dask.delayed(_label_summary)(part, label) for part in columns.to_delayed()])
    )
    positive_values = _positive_values(
        np.concatenate([np.empty(0, dtype=object), *found]),
        list(dict.fromkeys(c for c in categories if c is not None)),
        positive,
    )
    keyed = columns.map_partitions(
        _keyed, label, positive_values, meta=_keyed(columns._meta, label, positive_values)
    )
    shuffled = keyed.shuffle(on=by, npartitions=npartitions or ddf.npartitions)
    parts = [
        dask.delayed(_group_part)(part, guess, weight, by, direction, weights_are, min_per_class)
        for part in shuffled.to_delayed()
    ]
    options = dict(
        group_weight=group_weight,
        conf_level=conf_level,
        quantile=quantile,
        weights_are=weights_are,
        interval=interval,
    )
    result = dask.delayed(_gauc)(parts, by, options, min_per_class)
    return result.compute() if compute else result
