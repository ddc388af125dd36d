"""group_auc: GAUC, the weighted mean of per-group AUCs, with its interval.

Recommender, ads and fraud models rank within a user, query or merchant;
GAUC averages the AUC of each group that has both labels (a user with only
clicks or only skips has no AUC and is left out by definition), weighted
by the group's rows, weight (impressions), positive weight, or equally.

The per-group AUCs are `weightedroc.auc_table`'s, bit for bit.  The
interval is DeLong's: each group's variance (`weightedroc.auc_var`, all
groups from one sort: `weightedroc.inference.grouped_delong`), combined as

    Var(GAUC) = sum_i g_i^2 var_i / (sum_i g_i)^2,

which treats the groups as independent samples and their weights g_i as
fixed: it is the uncertainty of these groups' AUCs, not of a mean over a
population of users (whose spread of true AUCs would add to it).  The
``interval="between"`` option estimates that one instead, from the spread
of the groups' AUCs around GAUC (a ratio estimator's, cluster-robust
variance over G groups drawn independently):

    Var(GAUC) = G / (G - 1) * sum_i g_i^2 (AUC_i - GAUC)^2 / (sum_i g_i)^2.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..engine.frames import as_pandas
from ..engine.grouped import group_aucs
from ..engine.validation import (
    check_direction,
    check_guess,
    check_label,
    check_weight,
    one_label_warning,
)
from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.signatures import in_help
from ..utils.types import Columns, Direction, LabelValue
from .checks import (
    WEIGHTS_ARE,
    check_choice,
    check_conf_level,
    check_frequency,
    check_quantile,
)
from .design_based import design_gauc_variance, design_request
from .grouped_delong import group_variances
from .interval import wald_interval

__all__ = ["group_auc", "GroupAUC"]

GROUP_WEIGHTS = ("n", "weight", "positive_weight", "equal")
WEIGHTED = {
    "n": "by rows",
    "weight": "by total weight",
    "positive_weight": "by positive weight",
    "equal": "equally",
}
INTERVALS = ("delong", "between")
STATISTICS = ["auc", "n", "positive_weight", "negative_weight", "variance", "squares"]


@dataclass(frozen=True)
class GroupAUC:
    """Result of `weightedroc.group_auc`.

    Attributes
    ----------
    estimate : float
        GAUC: the weighted mean of the groups' AUCs.
    conf_low, conf_high : float
        The interval of it, clipped to [0, 1].  DeLong's: NaN when a group
        used has fewer than 2 observations of a class (no DeLong variance:
        ``interval="between"``, or ``min_per_class=2`` to leave such groups
        out).  Between groups: NaN with a single group used.
    conf_level : float
    n_groups : int
        Groups used: those with both labels (at least ``min_per_class``
        observations of each class).
    n_skipped : int
        Groups left out: those with one label (or too few of a class).
    std_error : float
        The square root of Var(GAUC) (NaN as the interval).
    df : float
        Degrees of freedom of the Student t quantile (inf: the normal;
        NaN when the interval is).
    group_weight : str
        How the groups were weighted.
    min_per_class : int
        The fewest observations of each class a group used has.
    groups : pandas.DataFrame
        One row per group used: the ``by`` columns, ``auc``, ``n``,
        ``positive_weight``, ``negative_weight`` (as `auc_table`),
        ``group_weight`` and ``variance`` (DeLong's; NaN where undefined).
    interval : str
        ``"delong"`` or ``"between"``: which variance the interval uses;
        with ``design=``, ``"linearization"`` or ``"replicate (type)"``.
    """

    estimate: float
    conf_low: float
    conf_high: float
    conf_level: float
    n_groups: int
    n_skipped: int
    std_error: float
    df: float
    group_weight: str
    min_per_class: int
    groups: pd.DataFrame = field(repr=False, compare=False)
    interval: str = "delong"

    def __repr__(self):
        why = (
            "one label"
            if self.min_per_class == 1
            else f"fewer than {self.min_per_class} of a class"
        )
        skipped = f", {self.n_skipped} skipped ({why})" if self.n_skipped else ""
        level = f"{100 * self.conf_level:g}%"
        if self.interval == "between":
            interval = (
                f"{level} CI: NA (a single group: the spread between groups needs at least 2)"
                if math.isnan(self.conf_low)
                else f"{level} CI: {self.conf_low:.4f} to {self.conf_high:.4f} "
                f"(between groups, groups sampled)"
            )
        elif self.interval not in INTERVALS:
            interval = (
                f"{level} CI: {self.conf_low:.4f} to {self.conf_high:.4f} "
                f"(design-based, {self.interval})"
            )
        elif math.isnan(self.conf_low):
            undefined = int(self.groups["variance"].isna().sum())
            interval = (
                f"{level} CI: NA ({undefined} groups have a single positive or "
                f"negative, where DeLong's variance is undefined: "
                f'interval="between" needs none, min_per_class=2 leaves them out)'
            )
        else:
            interval = (
                f"{level} CI: {self.conf_low:.4f} to {self.conf_high:.4f} "
                f"(DeLong, groups independent)"
            )
        return (
            f"GAUC {self.estimate:.4f} over {self.n_groups} groups weighted "
            f"{WEIGHTED[self.group_weight]}{skipped}\n{interval}"
        )

    def to_frame(self):
        """One row: gauc, n_groups, n_skipped, std_error, conf_low, conf_high,
        conf_level, df, group_weight, interval."""
        return pd.DataFrame(
            {
                "gauc": [self.estimate],
                "n_groups": [self.n_groups],
                "n_skipped": [self.n_skipped],
                "std_error": [self.std_error],
                "conf_low": [self.conf_low],
                "conf_high": [self.conf_high],
                "conf_level": [self.conf_level],
                "df": [self.df],
                "group_weight": [self.group_weight],
                "interval": [self.interval],
            }
        )


@in_help
def check_columns(data, guess, label, weight, by):
    """The by columns as a list, every named column present."""
    by = list(by) if isinstance(by, (list, tuple)) else [by]
    if not by:
        raise ValueError("by must name at least one column: GAUC averages over groups")
    roles = [("guess", guess), ("label", label), ("weight", weight)]
    roles += [("by", name) for name in by]
    for role, name in roles:
        if name is not None and name not in data.columns:
            raise ValueError(
                f"no column {name!r} (given as {role}) in data; its columns are "
                f"{list(map(str, data.columns))}"
            )
    return by


def _columns(data, guess, label, weight, positive, weights_are):
    """The three columns validated, naming the column of a bad value."""
    checks = [
        ("label", label, lambda values: check_label(values, positive=positive)),
        ("guess", guess, check_guess),
    ]
    if weight is not None:
        checks.append(("weight", weight, check_weight))
    found = {}
    for role, name, check in checks:
        try:
            found[role] = check(data[name])
        except (ValueError, TypeError) as error:
            raise type(error)(f"column {name!r} ({role}): {error}") from None
    check_frequency(found.get("weight"), weights_are)
    return found["guess"], found["label"], found.get("weight")


def _check_min(min_per_class):
    if isinstance(min_per_class, (bool, np.bool_)) or not isinstance(
        min_per_class, numbers.Integral
    ):
        raise TypeError(f"min_per_class must be a whole number, got {min_per_class!r}")
    if min_per_class < 1:
        raise ValueError(f"min_per_class must be at least 1, got {min_per_class!r}")
    return int(min_per_class)


def _group_codes(data, by):
    """Each row's group code (sorted keys, missing last, a Categorical's
    used categories in order) and each group's first row."""
    codes = data.groupby(by, sort=True, dropna=False, observed=True).ngroup().to_numpy()
    firsts = pd.Series(codes).drop_duplicates()
    first = np.empty(len(firsts), dtype=np.intp)
    first[firsts.to_numpy()] = firsts.index.to_numpy()
    return codes, first


@in_help
def group_weights(table, group_weight):
    if group_weight == "n":
        return table["n"].to_numpy(dtype=np.float64)
    if group_weight == "weight":
        return (table["positive_weight"] + table["negative_weight"]).to_numpy()
    if group_weight == "positive_weight":
        return table["positive_weight"].to_numpy(dtype=np.float64)
    return np.ones(len(table))


@in_help
def group_statistics(data, by, arrays, *, direction, weights_are, min_per_class):
    """(table of the groups used, number skipped) of validated `arrays`
    (guess, positive, weight) grouped by the `by` columns of `data`:
    `GroupAUC.groups` without its group_weight column, with the squared
    terms' sums; the part of `group_auc` that reads rows (the Dask version
    calls it on each partition of whole groups).  No group used: no rows."""
    table, n_skipped, _ = _statistics(data, by, arrays, direction, weights_are, min_per_class)
    return table, n_skipped


def _statistics(data, by, arrays, direction, weights_are, min_per_class):
    """`group_statistics`, and the rows' grouping read once for a design:
    (codes, number of groups, the rows of the groups used, and their order
    from the one sort that gives their AUCs; see `_by_guess`)."""
    g, pos, w = arrays
    codes, first = _group_codes(data, by)
    size = len(first)
    counted = w if weights_are == "frequency" and w is not None else None
    classes = np.bincount(2 * codes + pos, weights=counted, minlength=2 * size)
    used = (classes[0::2] >= min_per_class) & (classes[1::2] >= min_per_class)
    rows = used[codes]
    kept = (np.cumsum(used) - 1)[codes[rows]]
    keys = data[by].iloc[first[used]].reset_index(drop=True)
    if not used.any():
        return keys.assign(**{name: np.empty(0) for name in STATISTICS}), size, None
    *found, order = group_aucs(
        (g[rows], pos[rows], None if w is None else w[rows]), (kept, int(used.sum())), direction
    )
    table = pd.DataFrame(dict(zip(STATISTICS[:4], found)), copy=False)
    flip = np.negative if direction == ">" else np.asarray
    found = group_variances(
        kept,
        int(used.sum()),
        flip(g[rows]),
        pos[rows],
        None if w is None else w[rows],
        weights_are,
        by_guess=order,
    )
    table = pd.concat([keys, table], axis=1)
    table["variance"] = found.variance
    table["squares"] = found.squares
    return table, int(size - used.sum()), (codes, size, rows, order)


def _by_guess(grouping, guess):
    """An order of all rows by guess within each group (`guess` on the
    design's scale): the groups used in their one sort's order, the rows of
    the groups skipped sorted apart (a design reads every row)."""
    _, _, rows, order = grouping
    inside, outside = np.flatnonzero(rows), np.flatnonzero(~rows)
    return np.concatenate((inside[order], outside[np.argsort(guess[outside])]))


@in_help
def no_group_used(by, min_per_class):
    """The error when no group has both labels."""
    return ValueError(
        f"no group of {', '.join(map(repr, by))} has both labels"
        + (f" ({min_per_class} of each)" if min_per_class > 1 else "")
        + ": GAUC averages the AUCs of groups with positives and negatives"
    )


def _delong(share, table, quantile, uneven):
    """(variance, df) of GAUC from the groups' DeLong variances."""
    variance = float(np.dot(share * share, table["variance"].to_numpy()))
    squares = float(np.dot(share**4, table["squares"].to_numpy()))
    if quantile == "auto":
        quantile = "t" if uneven else "normal"
    df = variance * variance / squares if quantile == "t" and squares > 0 else math.inf
    return variance, df


def _between(share, aucs, estimate, quantile):
    """(variance, df) of GAUC from the spread of the groups' AUCs: the
    ratio estimator's over G groups sampled independently, with G - 1
    degrees of freedom unless the normal quantile is asked for."""
    used = len(aucs)
    if used < 2:
        return math.nan, math.nan
    spread = float(np.dot(share * share, (aucs - estimate) ** 2))
    return used / (used - 1) * spread, math.inf if quantile == "normal" else float(used - 1)


@in_help
def combined(
    table,
    n_skipped,
    *,
    group_weight,
    conf_level,
    quantile,
    uneven,
    min_per_class,
    interval="delong",
):
    """The `GroupAUC` of per-group statistics (`group_statistics`'s table)."""
    weights = group_weights(table, group_weight)
    share = weights / weights.sum()
    aucs = table["auc"].to_numpy(dtype=np.float64)
    estimate = float(np.dot(share, aucs))
    if interval == "between":
        variance, df = _between(share, aucs, estimate, quantile)
    else:
        variance, df = _delong(share, table, quantile, uneven)
    low = high = math.nan  # (no interval where a group has no variance)
    if not math.isnan(variance):
        wald = wald_interval(estimate, variance, df, conf_level)
        low, high = wald.conf_low, wald.conf_high
    groups = table.drop(columns="squares")
    groups.insert(len(groups.columns) - 1, "group_weight", weights)
    return GroupAUC(
        estimate,
        low,
        high,
        conf_level,
        len(table),
        n_skipped,
        math.sqrt(variance),
        float(df),
        group_weight,
        min_per_class,
        groups,
        interval,
    )


def _design_result(found, grouping, arrays, request, direction, quantile, n_boot, seed):
    """`found` (a `GroupAUC`) with the design-based variance and interval;
    `grouping`: `_statistics`' (codes, number of groups, rows used, their order)."""
    design, replicates, method = request
    codes, size, *_ = grouping
    guess, positive, weight = arrays
    guess = -guess if direction == ">" else guess
    variance, df, name = design_gauc_variance(
        codes,
        size,
        (guess, positive, weight),
        group_weight=found.group_weight,
        min_per_class=found.min_per_class,
        design=design,
        replicates=replicates,
        method=method,
        n_boot=n_boot,
        seed=seed,
        by_guess=_by_guess(grouping, guess),
    )
    df = (df() if callable(df) else df) if quantile == "t" else math.inf
    wald = wald_interval(found.estimate, variance, df, found.conf_level)
    return dataclasses.replace(
        found,
        conf_low=wald.conf_low,
        conf_high=wald.conf_high,
        std_error=math.sqrt(variance),
        df=float(df),
        interval=name,
    )


@in_help
def check_options(
    group_weight, conf_level, weights_are, quantile, direction, min_per_class, interval="delong"
):
    """The checked options of `group_auc` (conf_level as a float)."""
    check_choice(group_weight, "group_weight", GROUP_WEIGHTS)
    check_choice(interval, "interval", INTERVALS)
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    check_quantile(quantile)
    check_direction(direction)
    return check_conf_level(conf_level), _check_min(min_per_class)


@in_help
def group_auc(
    data: pd.DataFrame,
    guess: Hashable,
    label: Hashable,
    weight: Hashable | None = None,
    *,
    by: Columns,
    group_weight: str = "n",
    conf_level: float = 0.95,
    weights_are: str = "importance",
    quantile: str = "auto",
    min_per_class: int = 1,
    interval: str = "delong",
    positive: LabelValue = None,
    direction: Direction = "<",
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
    method: str | None = None,
    n_boot: int = 50,
    seed: int | np.random.Generator | None = None,
) -> GroupAUC:
    """GAUC: the weighted mean of the AUCs of the groups with both labels.

    Each group's AUC is `auc_table`'s (``WeightedAUC`` of the group's rows);
    groups with only positives or only negatives have no AUC and are
    skipped, as GAUC defines.  The interval is DeLong's, treating the
    groups as independent and fixed, or with ``interval="between"`` the
    spread between groups, treating them as sampled (see Notes).

    Parameters
    ----------
    data : pandas.DataFrame, polars.DataFrame, polars.LazyFrame or pyarrow.Table
        One row per observation (e.g. an impression of an item to a user).
    guess, label, weight
        Column names, as for `auc_table`: scores, true classes in any
        encoding `WeightedROC` accepts (read from the whole column), and
        optional positive weights.
    by : str or list of str
        Columns defining the groups (user, query, merchant, ...); missing
        values form a group of their own.
    group_weight : {"n", "weight", "positive_weight", "equal"}, default "n"
        How each group's AUC counts: its rows, its total weight (e.g.
        impressions when the weights count them; with frequency weights,
        the observations the rows stand for), its positives' total weight
        (clicked impressions), or equally.
    conf_level : float, default 0.95
    weights_are : {"importance", "frequency"}, default "importance"
        What the weights are, for each group's DeLong variance (see
        `auc_var`); frequency weights also count observations for
        `min_per_class`.
    quantile : {"auto", "normal", "t"}, default "auto"
        DeLong's interval, as for `auc_ci`: Student's t with
        Satterthwaite's degrees of freedom (summed over the groups' terms)
        for uneven importance weights, the normal quantile otherwise.  The
        between-groups interval: Student's t with G - 1 degrees of freedom
        for "auto" and "t" (its variance is estimated from G groups'
        AUCs, whatever the weights), the normal for "normal".
    min_per_class : int, default 1
        Groups with fewer positives or negatives are skipped.  1 is GAUC's
        definition (both labels); with 2 every group used has a DeLong
        variance, hence DeLong's interval is defined.
    interval : {"delong", "between"}, default "delong"
        The variance of the interval: DeLong's, of these groups' AUCs
        (groups fixed), or the spread between the groups' AUCs (groups
        sampled from a population; defined with 2 groups or more, single
        clicks included).  See Notes.
    positive, direction
        As for `WeightedROC`.
    design, replicates, method, n_boot, seed
        A sampling design of the rows (`weight` the sampling weights), as
        for `auc_var` (column names of a `SurveyDesign` are read from
        `data`): the variance of GAUC is design-based, the groups' weights
        the sampling weights' totals (``group_weight`` "weight" or
        "positive_weight"; "n" and "equal" are an error, as sample counts
        miss the groups' sampling).  ``method="linearization"`` (default
        with a `SurveyDesign`): GAUC's influence values (see
        `weightedroc.inference.design_based.design_gauc_variance`) through
        ``survey::svyrecvar``; ``"replicate"`` (default with
        `replicates`): GAUC recomputed under each replicate's weights
        (groups that lose a class skipped; bootstraps draw `n_boot` with
        `seed`), combined as ``svrVar``.  `quantile` "t" takes survey's
        degrees of freedom, else the normal; `interval` is not used.

    Returns
    -------
    GroupAUC
        ``estimate``, ``conf_low``, ``conf_high``, ``conf_level``,
        ``n_groups`` (used), ``n_skipped``, ``std_error``, ``df``, and
        ``groups``: the per-group table (`auc_table`'s columns with
        ``group_weight`` and ``variance``).  ``to_frame()`` gives one row.

    Raises
    ------
    ValueError
        A missing column, a bad value (named by its column), or no group
        with both labels.

    Notes
    -----
    DeLong's (``interval="delong"``):
    Var(GAUC) = sum_i g_i^2 var_i / (sum_i g_i)^2 with var_i DeLong's
    variance of group i's AUC (`auc_var`, all groups from one sort), the
    interval GAUC +- q sqrt(Var) clipped to [0, 1] as `auc_ci`'s.  This
    assumes the groups are independent and holds their weights g_i fixed:
    it is the uncertainty of the AUCs of these groups, given them; a mean
    over a population of users, of which these are a sample, would add the
    spread of their true AUCs.  A group with a single positive or negative
    has no DeLong variance (`auc_var` raises, pROC returns NA), so with
    such groups in the mean the interval is NaN; ``min_per_class=2``
    leaves them out (another mean: say which one you report).  In
    simulation (benchmarks/gauc_coverage.py: groups and weights fixed,
    scores drawn again; 100 to 560 groups of a few to a hundred rows;
    unit, importance and frequency weights) the 95% interval covered
    0.936-0.966, within the simulation's margin.

    Between groups (``interval="between"``): with G groups used,
    Var(GAUC) = G / (G - 1) * sum_i g_i^2 (AUC_i - GAUC)^2 / (sum_i g_i)^2,
    the variance of a ratio estimator (the cluster-robust, "sandwich"
    variance of a weighted mean) over groups drawn independently from a
    population of users, queries or merchants.  Its target is the
    population's GAUC, and it includes the spread of the groups' true
    AUCs as well as the noise within each group; it needs no per-group
    variance, so it is defined whenever G >= 2, users with a single click
    included (NaN with one group).  It assumes many groups, none of which
    dominates the weights (a sandwich variance over few groups tends to be
    too small).  In simulation (benchmarks/gauc_coverage.py: users drawn
    again from a population with heterogeneous true AUCs, over half of
    those used with a single click), its 95% interval covered the
    population GAUC 0.948-0.950 with about 100 groups (unit and importance
    weights) and 0.926 with about 15; DeLong's, with ``min_per_class=2``
    on the same logs, covered 0.906-0.916 and 0.882.

    Which to pick: "between" when the groups are a sample of the users
    you mean (the usual A/B or offline evaluation: would another week's
    users give the same GAUC?), and when most users have a single click;
    "delong" when these groups are the whole population of interest (a
    fixed panel of merchants) and only the noise in their rows counts.
    Where both are defined, "between" is usually the wider, as it adds the
    heterogeneity between groups.  Either way the mean is over the groups
    with at least ``min_per_class`` of each class (GAUC's definition with
    the default 1).

    Examples
    --------
    >>> import pandas as pd
    >>> from weightedroc import group_auc
    >>> log = pd.DataFrame({
    ...     "user": [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3],
    ...     "score": [0.9, 0.3, 0.6, 0.2, 0.8, 0.4, 0.5, 0.1, 0.7, 0.5, 0.6],
    ...     "click": [1, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0]})
    >>> result = group_auc(log, "score", "click", by="user")
    >>> result
    GAUC 0.8148 over 2 groups weighted by rows, 1 skipped (one label)
    95% CI: 0.4090 to 1.0000 (DeLong, groups independent)
    >>> result.groups[["user", "auc", "n"]]
       user       auc  n
    0     1  1.000000  4
    1     2  0.666667  5
    >>> round((4 * 1.0 + 5 * (4 / 6)) / 9, 4)
    0.8148

    Between groups, with users 1 and 2 drawn from a population (t with 1
    degree of freedom: two groups say little about the spread):

    >>> between = group_auc(log, "score", "click", by="user", interval="between")
    >>> between.std_error, between.df
    (0.1646..., 1.0)
    """
    conf_level, min_per_class = check_options(
        group_weight, conf_level, weights_are, quantile, direction, min_per_class, interval
    )
    data = as_pandas(data)
    if not isinstance(data, pd.DataFrame):
        raise TypeError(
            f"data must be a pandas DataFrame, a polars DataFrame or LazyFrame, "
            f"or a PyArrow Table, got {type(data).__name__}"
        )
    by = check_columns(data, guess, label, weight, by)
    with one_label_warning():
        arrays = _columns(data, guess, label, weight, positive, weights_are)
    table, n_skipped, grouping = _statistics(
        data, by, arrays, direction, weights_are, min_per_class
    )
    if not len(table):
        raise no_group_used(by, min_per_class)
    w = arrays[2]
    uneven = weights_are == "importance" and w is not None and bool(w.min() != w.max())
    request = design_request(design, replicates, method, weights_are)
    if request is None and method is not None:
        raise ValueError("method= chooses the design's variance: it needs design=")
    if request is not None:
        if interval != "delong":
            raise ValueError("with design= the variance is the design's: give no interval=")
        found = combined(
            table,
            n_skipped,
            group_weight=group_weight,
            conf_level=conf_level,
            quantile=quantile,
            uneven=uneven,
            min_per_class=min_per_class,
        )
        if isinstance(request[0], SurveyDesign) and request[0].data is None:
            design = dataclasses.replace(request[0], data=data)  # column names read from data
            request = (design, *request[1:])
        return _design_result(found, grouping, arrays, request, direction, quantile, n_boot, seed)
    return combined(
        table,
        n_skipped,
        group_weight=group_weight,
        conf_level=conf_level,
        quantile=quantile,
        uneven=uneven,
        min_per_class=min_per_class,
        interval=interval,
    )
