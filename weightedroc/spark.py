"""Weighted ROC curves and AUC of PySpark DataFrames, from mergeable states.

Each partition (``mapInPandas``), or each group with ``by``
(``applyInPandas``), builds a `weightedroc.RocAccumulator`; the partitions'
states are merged in a tree reduce (``treeReduce``) and only the merged
state reaches the driver: a few bytes per distinct score, never the rows.
Within the budget (``max_scores=None``, the default: every distinct score)
the curve is `WeightedROC`'s of the collected data, bit for bit with
integer weights; beyond it, the AUC comes with a certified bound
(`state(...).error_bound`).  Budgeted partitions merge best on a shared
cut plan (``cuts=``): each cutting its own bins, the merges lose
resolution.  Needs pyspark (``pip install
'weightedroc[spark]'``) and Java; pyspark is imported here only.

Bad data gets `WeightedROC`'s error, raised on the driver with its type
and message (not wrapped in Spark's exception).
"""

import pandas as pd

from .backend import (
    RocAccumulator,
)
from .utils.signatures import in_help
from .utils.types import ArrayLike, Columns, Direction, LabelValue

__all__ = ["roc", "auc", "state", "group_auc", "gauc"]


def _check_columns(df, guess, label, weight, by):
    try:
        from pyspark.sql import DataFrame
    except ImportError:
        raise ImportError(
            "weightedroc.spark needs pyspark: pip install 'weightedroc[spark]'"
        ) from None
    if not isinstance(df, DataFrame):
        raise TypeError(f"df must be a PySpark DataFrame, got {type(df).__name__}")
    by = [] if by is None else [by] if isinstance(by, str) else list(by)
    roles = [("guess", guess), ("label", label)] + ([("weight", weight)] if weight else [])
    for role, name in roles + [("by", name) for name in by]:
        if name not in df.columns:
            raise ValueError(f"{role} column {name!r} is not in the DataFrame: {df.columns}")
    return by


def _built(frames, guess, label, weight, options):
    """One record for the frames of a partition (or group): its state's
    bytes, or the error a batch raised (type name, message)."""
    accumulator = RocAccumulator(**options)
    try:
        for frame in frames:
            accumulator.update(frame[guess], frame[label], frame[weight] if weight else None)
    except (ValueError, TypeError) as error:
        return None, type(error).__name__, str(error)
    return accumulator.to_bytes(), None, None


def _merged(a, b):
    """Tree reduce step: the merged state, or the first error."""
    if a[0] is None:
        return a
    if b[0] is None:
        return b
    try:
        both = RocAccumulator.from_bytes(a[0]) + RocAccumulator.from_bytes(b[0])
    except (ValueError, TypeError) as error:
        return None, type(error).__name__, str(error)
    return both.to_bytes(), None, None


def _raise_or_load(record):
    data, kind, message = record
    if data is None:
        raise {"ValueError": ValueError, "TypeError": TypeError}[kind](message)
    return RocAccumulator.from_bytes(bytes(data))


def _states(df, guess, label, weight, by, options):
    """The merged state, or with `by` a list of (group values, state)."""
    by = _check_columns(df, guess, label, weight, by)
    columns = [guess, label] + ([weight] if weight else [])
    schema = "state binary, error_type string, error string"
    if not by:

        def partition(frames):
            data, kind, message = _built(frames, guess, label, weight, options)
            yield pd.DataFrame({"state": [data], "error_type": [kind], "error": [message]})

        records = df.select(*columns).mapInPandas(partition, schema).rdd.map(tuple)
        return _raise_or_load(records.treeReduce(_merged))
    fields = [df.schema[name].simpleString() for name in by]

    def group(frame):
        data, kind, message = _built([frame], guess, label, weight, options)
        row = {name: [frame[name].iloc[0]] for name in by}
        return pd.DataFrame({**row, "state": [data], "error_type": [kind], "error": [message]})

    rows = (
        df.select(*by, *columns)
        .groupBy(*by)
        .applyInPandas(group, ", ".join([*fields, schema]))
        .collect()
    )
    found = sorted(
        ((tuple(row[name] for name in by), tuple(row[-3:])) for row in rows),
        key=lambda item: item[0],
    )
    return by, [(key, _raise_or_load(record)) for key, record in found]


def _options(max_scores, positive, direction, cuts):
    RocAccumulator(max_scores, positive=positive, direction=direction, cuts=cuts)  # checks them
    options = {"max_scores": max_scores, "positive": positive, "direction": direction}
    return options if cuts is None else {**options, "cuts": cuts}


@in_help
def state(
    df,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    by: Columns | None = None,
    max_scores: int | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    cuts: ArrayLike | None = None,
):
    """The merged `RocAccumulator` of a PySpark DataFrame (with `by`: a dict
    of group value, a tuple for several columns, to state).

    Takes the arguments of `roc`.  The state gives the curve, the AUC, the
    precision-recall curve and the AUC's `error_bound` without another pass
    over the data.
    """
    options = _options(max_scores, positive, direction, cuts)
    found = _states(df, guess, label, weight, by, options)
    if by is None:
        return found
    names, groups = found
    return {key[0] if len(names) == 1 else key: value for key, value in groups}


@in_help
def roc(
    df,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    by: Columns | None = None,
    max_scores: int | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    cuts: ArrayLike | None = None,
) -> pd.DataFrame:
    """The weighted ROC curve of a PySpark DataFrame, as a pandas DataFrame.

    Parameters
    ----------
    df : pyspark.sql.DataFrame
        One row per observation, partitioned in any way.
    guess, label, weight : str
        Column names, as `weightedroc.roc_table`'s; `weight` optional (unit
        weights).  The label encoding is decided on the whole column.
    by : str or list of str, keyword-only, optional
        Group columns: one curve per group (built in one task per group,
        ``applyInPandas``), stacked with the group columns first, as
        `weightedroc.roc_table` gives them.
    max_scores : int, keyword-only, optional
        Budget of distinct scores per state (`RocAccumulator`).  None (the
        default) keeps them all: the curve is then `WeightedROC`'s of the
        collected data (bit for bit with integer weights).
    positive, direction : keyword-only
        As for `WeightedROC`.
    cuts : array of float, keyword-only, optional
        A shared cut plan instead of `max_scores` (`RocAccumulator`'s
        ``cuts``: ``RocAccumulator(1000).update(sample...).cut_plan()`` of
        a first pass over about 50 rows per bin).  Every partition bins its
        scores on the same cuts, so the tree reduce only adds: the merged
        `bin_bound` stays near one state's over all the data (1.02-1.23x
        in ``benchmarks/results/streaming_merge.md``), where partitions
        that each cut their own `max_scores` bins lose resolution in the
        merges (up to 4.9x on rare-event scores).

    Returns
    -------
    pandas.DataFrame
        Columns ``TPR, FPR, threshold, FN, FP`` (after the `by` columns).

    Raises
    ------
    ValueError, TypeError
        `WeightedROC`'s errors for bad data anywhere in the frame (raised
        here with their message), or a missing column.

    Examples
    --------
    >>> import pandas as pd  # doctest: +SKIP
    >>> from weightedroc import spark as wspark  # doctest: +SKIP
    >>> df = session.createDataFrame(pd.DataFrame({"g": [1, 2, 3, 1, 1],  # doctest: +SKIP
    ...     "y": [-1, -1, 1, 1, 1], "w": [1, 1, 1, 4, 5]}))
    >>> wspark.roc(df, "g", "y", "w")  # doctest: +SKIP
       TPR  FPR  threshold    FN   FP
    0  1.0  1.0        1.0   0.0  2.0
    1  0.1  0.5        2.0   9.0  1.0
    2  0.1  0.0        3.0   9.0  0.0
    3  0.0  0.0        inf  10.0  0.0
    """
    options = _options(max_scores, positive, direction, cuts)
    found = _states(df, guess, label, weight, by, options)
    if by is None:
        return found.roc()
    names, groups = found
    frames = []
    for key, accumulator in groups:
        curve = accumulator.roc()
        for position, name in enumerate(names):
            curve.insert(position, name, key[position])
        frames.append(curve)
    return pd.concat(frames, ignore_index=True)


@in_help
def auc(
    df,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    by: Columns | None = None,
    max_scores: int | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    cuts: ArrayLike | None = None,
):
    """The weighted AUC of a PySpark DataFrame.

    Takes the arguments of `roc`.  Returns the AUC (a float: `auc_score`
    of the collected data, bit for bit within the budget with integer
    weights); with `by`, a pandas DataFrame with the group columns, ``auc``
    and ``error_bound`` (0 within the budget).  Beyond the budget
    ``state(...).error_bound`` certifies the AUC without `by`.
    """
    options = _options(max_scores, positive, direction, cuts)
    found = _states(df, guess, label, weight, by, options)
    if by is None:
        return found.auc()
    names, groups = found
    rows = [(*key, value.auc(), value.error_bound()) for key, value in groups]
    return pd.DataFrame(rows, columns=[*names, "auc", "error_bound"])


GROUP_SCHEMA = (
    "auc double, n long, positive_weight double, negative_weight double, "
    "group_weight double, variance double"
)
ROW = "_weightedroc_row"
BUCKET = "_weightedroc_bucket"


def _positive_values(df, label, positive):
    """The label values that mean positive, decided on the whole column (a
    few distinct values reach the driver, never a row per group)."""
    import numpy as np

    from .backend import check_label

    values = [row[0] for row in df.select(label).distinct().limit(8).collect()]
    if any(value is None for value in values):
        raise ValueError(
            "label must not contain NA: every observation needs a positive or negative label"
        )
    found = np.array(values)
    return [
        value.item() if hasattr(value, "item") else value
        for value in found[check_label(found, positive=positive)]
    ]


def _bucket_statistics(frame, guess, label, weight, by, positive_values, options):
    """`group_statistics` of one bucket of whole groups, rows in input order."""
    import numpy as np

    from .backend import check_guess, check_weight, group_statistics, group_weights

    frame = frame.sort_values(ROW, kind="stable", ignore_index=True)
    g = check_guess(frame[guess].to_numpy(dtype=np.float64), len(frame))
    w = (
        None
        if weight is None
        else check_weight(frame[weight].to_numpy(dtype=np.float64), len(frame))
    )
    positive = frame[label].isin(positive_values).to_numpy(dtype=bool)
    table, _ = group_statistics(
        frame,
        by,
        (g, positive, w),
        direction=options["direction"],
        weights_are=options["weights_are"],
        min_per_class=options["min_per_class"],
    )
    table = table.drop(columns="squares")
    table.insert(
        len(table.columns) - 1, "group_weight", group_weights(table, options["group_weight"])
    )
    table["n"] = table["n"].astype(np.int64)
    return table


@in_help
def group_auc(
    df,
    guess: str,
    label: str,
    weight: str | None = None,
    *,
    by: Columns,
    group_weight: str = "n",
    min_per_class: int = 1,
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    buckets: int | None = None,
):
    """Each group's AUC as a PySpark DataFrame, computed on the executors.

    The rows are hashed on the `by` columns into `buckets` buckets (default
    ``spark.sql.shuffle.partitions``); each bucket's groups get
    `weightedroc.group_auc`'s per-group statistics in one vectorised pass
    (``applyInPandas`` per bucket, not per group), rows in the input order.
    Nothing per group reaches the driver: it reads the label's distinct
    values (the encoding is decided on the whole column) and returns a
    lazy DataFrame.

    Parameters
    ----------
    df : pyspark.sql.DataFrame
        One row per observation.
    guess, label, weight : str
        Column names; `weight` optional (unit weights).
    by : str or list of str, keyword-only
        The group columns (a user, a query...).
    group_weight, min_per_class, weights_are, positive, direction : keyword-only
        As for `weightedroc.group_auc`: groups with fewer than
        `min_per_class` observations of a class are left out.
    buckets : int, keyword-only, optional
        How many buckets (tasks) the groups are hashed into.

    Returns
    -------
    pyspark.sql.DataFrame
        The `by` columns, then ``auc, n, positive_weight, negative_weight,
        group_weight, variance``: `weightedroc.group_auc(...).groups`'s
        columns, each AUC `WeightedAUC` of its group (bit for bit with
        integer weights; otherwise to the rounding of the tied weights'
        sums, summed in the input order of the DataFrame's partitions).

    Examples
    --------
    >>> from weightedroc import spark as wspark  # doctest: +SKIP
    >>> per_user = wspark.group_auc(df, "score", "click", by="user")  # doctest: +SKIP
    >>> wspark.gauc(per_user).show()  # doctest: +SKIP
    """
    from pyspark.sql import functions as F

    from .backend import check_options

    names: list = _check_columns(df, guess, label, weight, by)
    if not names:
        raise ValueError("by must name at least one group column")
    min_per_class = check_options(
        group_weight, 0.95, weights_are, "auto", direction, min_per_class, "delong"
    )[1]
    positive_values = _positive_values(df, label, positive)
    options = dict(
        group_weight=group_weight,
        min_per_class=min_per_class,
        weights_are=weights_are,
        direction=direction,
    )
    if buckets is None:
        buckets = int(df.sparkSession.conf.get("spark.sql.shuffle.partitions"))
    columns = [guess, label] + ([weight] if weight else [])
    keyed = df.select(*names, *columns).withColumns(
        {
            ROW: F.monotonically_increasing_id(),
            BUCKET: F.pmod(F.hash(*[F.col(name) for name in names]), F.lit(int(buckets))),
        }
    )
    fields = ", ".join(f"`{name}` {df.schema[name].dataType.simpleString()}" for name in names)

    def bucket(frame):
        return _bucket_statistics(frame, guess, label, weight, names, positive_values, options)

    return keyed.groupBy(BUCKET).applyInPandas(bucket, f"{fields}, {GROUP_SCHEMA}")


@in_help
def gauc(groups):
    """GAUC of `group_auc`'s per-group DataFrame, as a one-row PySpark
    DataFrame (``gauc``: the groups' AUCs weighted by ``group_weight``,
    as `weightedroc.group_auc`'s estimate; ``n_groups``: how many), computed
    by Spark's aggregation.

    Examples
    --------
    >>> from weightedroc import spark as wspark  # doctest: +SKIP
    >>> wspark.gauc(wspark.group_auc(df, "score", "click", by="user"))  # doctest: +SKIP
    """
    from pyspark.sql import functions as F

    return groups.agg(
        (F.sum(F.col("auc") * F.col("group_weight")) / F.sum("group_weight")).alias("gauc"),
        F.count(F.lit(1)).alias("n_groups"),
    )
