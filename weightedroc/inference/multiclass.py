"""Variance and confidence interval of a weighted multiclass AUC.

pROC has no variance for ``multiclass.roc``; this one extends the
package's weighted DeLong variance (`weightedroc.inference.delong`).  The
multiclass AUC M is a function of binary AUCs A_p (the pairs' A(i|j) for
Hand and Till, one per class for one-vs-rest) and, for
``average="weighted"``, of the classes' total weights.  Leaving
observation k out changes each A_p it belongs to by exactly

    d_pk = u_k (A_p - V_pk) / (W_pk - u_k),

V_pk its placement value in curve p, W_pk the total weight of its side of
that curve (positives or negatives), u_k the weight left out: the whole
w_k for importance weights, one copy (1) for frequency weights.  The
exact change D_k = M(-k) - M follows from the A_p + d_pk (and the shares
less u_k).  The variance is the jackknife of these changes stratified by
class (the classes taken as independent samples, as DeLong's two):

    var(M) = sum over classes c of (n_c - 1) / n_c sum_{k in c} (D_k - mean_c D)^2,

n_c the class's count (its total weight for frequency weights, each row
counting w_k times).  The pairwise AUCs share observations, so their
covariances are in it: D_k sums k's changes over every curve it is in.
With two classes it is `auc_var` exactly (unit, importance and frequency
weights); with unit weights it is DeLong's structural-components
covariance of the pairwise AUCs carried to M; frequency weights give the
unit-weight value of the rows repeated.  Its coverage was measured by
simulation: benchmarks/multiclass_coverage.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..curves.multiclass import (
    AVERAGES,
    METHODS,
    MulticlassData,
    binary_aucs,
    combine,
    multiclass_data,
    problems,
)
from ..engine.core import Ordered, stable_order
from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction
from ..utils.warn import warn
from .checks import check_choice, check_conf_level, check_frequency, check_quantile
from .design_based import plan_words, sampling_weights
from .distributions import t_quantile
from .interval import wald_interval
from .placements import placements, uneven
from .results import AUCInterval

__all__ = ["multiclass_auc_var", "multiclass_auc_ci"]

# A class's Kish effective size below which the jackknife interval warns: the
# binary rule of 1.0, kept for the multiclass interval, whose own coverage
# study (benchmarks/multiclass_coverage.py) used it.
KISH_WARN = 50


def _pairs(data: MulticlassData, method: str):
    """(the curves of each averaged term, the classes whose weight is its share)."""
    k = len(data.levels)
    curves = problems(data, method)
    if method == "ovr" and not data.univariate:
        return [([c], (c.positive,)) for c in curves]
    if data.univariate:
        return [([c], (c.negative, c.positive)) for c in curves]
    by_pair = [curves[2 * p : 2 * p + 2] for p in range(k * (k - 1) // 2)]
    return [(two, (two[0].positive, two[0].negative)) for two in by_pair]


def column_orders(data):
    """Each score column's `stable_order` over all rows (one sort a column)."""
    columns = [None] if data.univariate else range(data.scores.shape[1])
    return {c: stable_order(data.scores if c is None else data.scores[:, c]).order for c in columns}


def _curve_rows(data, curve, orders, weight=None):
    """(rows, their guesses, positive mask, weights, their `stable_order`)
    of one binary problem: the rows of its classes picked in order from
    its column's one sort, which is their own stable order (ties keep the
    rows' order).  `weight`, every row's weights to use (default the data's)."""
    member = (
        (data.codes == curve.positive) | (data.codes == curve.negative)
        if curve.negative is not None
        else np.ones(len(data.codes), dtype=bool)
    )
    rows = np.flatnonzero(member)
    guess = data.scores[rows] if data.univariate else data.scores[rows, curve.column]
    is_positive = data.codes[rows] == curve.positive
    source = data.weight if weight is None else weight
    weight = None if source is None else source[rows]
    order = orders[curve.column]
    picked = order[member[order]]  # the curve's rows, sorted, as rows of the data
    position = np.cumsum(member) - 1  # each member's position among the curve's rows
    local = position[picked]
    ordered = Ordered(
        local, guess[local], is_positive[local], None if weight is None else weight[local]
    )
    return rows, guess, is_positive, weight, ordered


def _curve_changes(data, curve, unit, totals, weights_are, orders):
    """(A_p, rows, d_pk): the placement AUC of `curve` and the exact change
    of it when each of its rows (one copy of it, for frequency) is left out."""
    rows, guess, is_positive, weight, ordered = _curve_rows(data, curve, orders)
    curve_placements = placements(guess, is_positive, weight, weights_are, ordered)
    observations = rows[curve_placements.order]
    positive_total = totals[curve.positive]
    negative_total = (
        totals.sum() - positive_total if curve.negative is None else totals[curve.negative]
    )
    side = np.where(curve_placements.positive, positive_total, negative_total)
    left = unit[observations]
    change = left * (curve_placements.auc - curve_placements.value) / (side - left)
    return curve_placements.auc, observations, change


def jackknife_changes(
    data: MulticlassData, method: str, average: str, weights_are: str, orders=None
):
    """M(-k) - M for each observation k (of one copy, for frequency weights);
    `orders`, the columns' `column_orders` if at hand."""
    n = len(data.codes)
    totals = data.class_weights()
    if weights_are == "frequency" or data.weight is None:
        unit = np.ones(n)
    else:
        unit = data.weight
    weighted = average == "weighted"
    terms = _pairs(data, method)
    value = np.zeros(len(terms))  # each term's statistic H_p
    change = np.zeros((len(terms), n))  # its change when k is left out
    share = np.ones(len(terms))
    share_change = np.zeros((len(terms), n))
    orders = column_orders(data) if orders is None else orders
    for p, (curves, classes) in enumerate(terms):
        for curve in curves:
            auc, rows, d = _curve_changes(data, curve, unit, totals, weights_are, orders)
            value[p] += auc / len(curves)
            change[p, rows] += d / len(curves)
        if weighted:
            share[p] = totals[list(classes)].sum()
            held = np.isin(data.codes, classes)
            share_change[p, held] = -unit[held]
    # M = sum(share H) / sum(share); without k, sum((share + ds)(H + dH)) /
    # sum(share + ds), whose difference from M is written without cancelling
    total = share @ value / share.sum()
    moved = share @ change + (share_change * (value[:, None] + change - total)).sum(axis=0)
    return moved / (share.sum() + share_change.sum(axis=0))


def multiclass_influence(
    data: MulticlassData, method: str, average: str, orders=None
) -> np.ndarray:
    """Each row's linearization influence on M, z_k = w_k dM/dw_k (survey's
    influence values, `weightedroc.survey.auc.influence` of each binary
    curve carried to M; for ``average="weighted"`` the shares' own terms
    w_k (H_p - M) / sum of shares)."""
    from ..survey.auc import influence

    n = len(data.codes)
    w = np.ones(n) if data.weight is None else data.weight
    totals = data.class_weights()
    terms = _pairs(data, method)
    value = np.zeros(len(terms))
    z = np.zeros((len(terms), n))
    share = np.ones(len(terms))
    held = []
    orders = column_orders(data) if orders is None else orders
    for p, (curves, classes) in enumerate(terms):
        for curve in curves:
            rows, guess, is_positive, weight, ordered = _curve_rows(data, curve, orders, w)
            auc, zc = influence(guess, is_positive, weight, ordered)
            value[p] += auc / len(curves)
            z[p, rows] += zc / len(curves)
        if average == "weighted":
            share[p] = totals[list(classes)].sum()
            held.append(np.isin(data.codes, classes))
    total = share.sum()
    moved = share @ z / total
    if average == "weighted":
        estimate = share @ value / total
        for p, rows in enumerate(held):
            moved[rows] += w[rows] * (value[p] - estimate) / total
    return moved


def _design_variance(data, scores, label, weight, options, design, replicates, orders):
    """(variance, df, plan) of M under a sampling design: svyrecvar of the
    influence values (linearization), or svrVar of M under each replicate's
    weights."""
    from ..survey.variance import svr_var, svyrecvar
    from .design_based import _plan

    if len(data.codes) != len(np.asarray(label)):
        raise ValueError("with design=, every row's class must be one of levels")
    plan = _plan(design, replicates, None, len(data.codes), 50, None)
    if plan[0] == "linearization":
        z = multiclass_influence(data, options["method"], options["average"], orders)
        return float(svyrecvar(z, plan[1])[0, 0]), float(plan[1].df), plan
    reps = plan[2]
    base = np.ones(len(data.codes)) if data.weight is None else data.weight
    method, average = options["method"], options["average"]
    weighted = data._replace(weight=base)  # multiclass_auc's, from the one sort
    estimate = combine(
        weighted, method, average, binary_aucs(weighted, problems(data, method), orders)
    )
    matrix = reps.matrix if reps.index is None else reps.matrix[reps.index]
    scale = np.ones_like(base) if reps.combined else base  # combined: analysis weights
    with np.errstate(invalid="ignore", divide="ignore"):
        thetas = [
            _weighted_auc(data, orders, scale * matrix[:, r], method, average)
            for r in range(reps.n_replicates)
        ]
    return float(svr_var(np.array(thetas), reps, estimate)[0, 0]), float(reps.degf()), plan


def _weighted_auc(data, orders, weight, method, average):
    """M under the weights `weight` (one replicate's), its rows of weight 0
    left out (NaN where a class has none left), read from each column's one
    sort (`orders`): the kept rows picked in sorted order are in their own
    stable order, so this is `multiclass_auc` of the kept rows, bit for bit,
    without validating or sorting them again."""
    kept = weight > 0
    codes = data.codes[kept]
    if not np.bincount(codes, minlength=len(data.levels)).all():
        return np.nan
    position = np.cumsum(kept) - 1  # each kept row's position among the kept
    kept_orders = {column: position[order[kept[order]]] for column, order in orders.items()}
    rows = MulticlassData(data.scores[kept], codes, weight[kept], data.levels, data.flipped)
    return combine(rows, method, average, binary_aucs(rows, problems(rows, method), kept_orders))


def variance_terms(data: MulticlassData, changes: np.ndarray, weights_are: str):
    """(terms, counts): the stratified jackknife's term of each observation
    and how many rows it stands for (None: one each)."""
    codes = data.codes
    counted = weights_are == "frequency" and data.weight is not None
    count = data.weight if counted else np.ones(len(codes))
    sizes = np.bincount(codes, weights=count)
    mean = np.bincount(codes, weights=count * changes) / sizes
    centred = changes - mean[codes]
    term = ((sizes - 1) / sizes)[codes] * centred * centred
    return term, (data.weight if counted else None)


def _check_sizes(data, weights_are):
    sizes = data.class_weights() if weights_are == "frequency" else np.bincount(data.codes)
    small = [level for level, size in zip(data.levels, sizes) if size < 2]
    if small:
        raise ValueError(
            "the jackknife variance needs at least 2 observations of each class, "
            f"got fewer for {', '.join(map(repr, small))}"
        )


def _warn_skewed(data):
    squares = np.bincount(data.codes, weights=data.weight * data.weight)
    kish = data.class_weights() ** 2 / squares
    if kish.min() < KISH_WARN:
        warn(
            "importance weights too concentrated for the jackknife variance: the "
            f"Kish effective size (sum w)^2 / sum w^2 of class "
            f"{data.levels[int(np.argmin(kish))]!r} is {kish.min():.3g} (below "
            f"{KISH_WARN}), so a few heavy rows carry its AUCs. The jackknife treats "
            "the rows as independent draws: weights from a sampling design need a "
            "design-based variance",
            UserWarning,
        )


def _variance_and_df(
    scores, label, weight, method, average, levels, direction, weights_are, design=None,
    replicates=None,
):  # fmt: skip
    check_choice(method, "method", METHODS)
    check_choice(average, "average", AVERAGES)
    if design is not None:
        weight = sampling_weights(weight, design)
    data = multiclass_data(scores, label, weight, levels=levels, direction=direction)
    check_frequency(data.weight, weights_are)
    orders = column_orders(data)  # one sort a column: the variance and the estimate read it
    if design is not None or replicates is not None:
        if weights_are != "importance":
            raise ValueError(
                'with design= the weights are sampling weights: weights_are="importance"'
            )
        if data.univariate and method != "hand_till":
            raise ValueError("method='ovr' needs one score column per class")
        options = dict(method=method, average=average, levels=levels, direction=direction)
        found = _design_variance(data, scores, label, weight, options, design, replicates, orders)
        return (*found, data, orders)
    if data.univariate and method != "hand_till":
        raise ValueError("method='ovr' needs one score column per class")
    _check_sizes(data, weights_are)
    importance = weights_are == "importance" and uneven(data.weight)
    if importance:
        _warn_skewed(data)
    term, count = variance_terms(
        data, jackknife_changes(data, method, average, weights_are, orders), weights_are
    )
    if count is None:
        total, squares = float(term.sum()), float(term @ term)
    else:
        total, squares = float(count @ term), float(count @ (term * term))
    return total, (total * total / squares if squares > 0 else np.inf), importance, data, orders


@in_help
def multiclass_auc_var(
    scores: Any,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "hand_till",
    average: str = "macro",
    levels: Sequence | None = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> float:
    """The variance of `multiclass_auc`: a jackknife of exact leave-one-out changes.

    Parameters
    ----------
    scores, label, weight, method, average, levels, direction
        As for `multiclass_auc`.
    weights_are : {"importance", "frequency"}
        As for `auc_var`: ``"frequency"`` weights are whole numbers of
        identical rows, and the variance is that of the rows repeated.

    design, replicates
        A sampling design, as for `auc_var` (`weight` the sampling weights):
        with a `SurveyDesign` the linearization, ``svyrecvar`` of each
        row's influence on M (`multiclass_influence`); with replicates
        (a type such as "JKn", or `ReplicateWeights`) ``svrVar`` of M
        under each replicate's weights.

    Returns
    -------
    float
        The variance of `multiclass_auc`'s estimate.

    Raises
    ------
    ValueError
        With fewer than 2 observations of a class, and as `multiclass_auc`.

    Warns
    -----
    UserWarning
        When importance weights give a class a Kish effective size
        (sum w)^2 / sum w^2 below 50.

    Notes
    -----
    The variance of the stratified jackknife of the exact changes of M
    when each observation is left out (see the module's notes); for two
    classes it is `auc_var`, and with unit weights DeLong's variance of
    the pairwise AUCs, their covariances included.  pROC has none.

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc import auc_var, multiclass_auc_var
    >>> p = np.array([0.1, 0.4, 0.35, 0.8, 0.5, 0.2])
    >>> label = [0, 0, 1, 1, 1, 0]
    >>> two = np.column_stack([1 - p, p])  # two classes: auc_var's variance
    >>> round(multiclass_auc_var(two, label), 10), round(auc_var(p, label), 10)
    (0.024691358, 0.024691358)
    """
    return _variance_and_df(
        scores, label, weight, method, average, levels, direction, weights_are, design, replicates
    )[0]


@in_help
def multiclass_auc_ci(
    scores: Any,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "hand_till",
    average: str = "macro",
    levels: Sequence | None = None,
    direction: Direction = "<",
    conf_level: float = 0.95,
    weights_are: str = "importance",
    quantile: str = "auto",
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> AUCInterval:
    """Confidence interval of `multiclass_auc`, from `multiclass_auc_var`.

    M +- q sqrt(var), clipped to [0, 1], as `auc_ci`'s DeLong interval.

    Parameters
    ----------
    scores, label, weight, method, average, levels, direction
        As for `multiclass_auc`.
    conf_level : float, default 0.95
    weights_are : {"importance", "frequency"}
        As for `multiclass_auc_var`.
    quantile : {"auto", "normal", "t"}
        As for `auc_ci`: ``"auto"`` takes the normal quantile for unit and
        frequency weights, and Student's t with the variance's
        Satterthwaite degrees of freedom for uneven importance weights.

    design, replicates
        A sampling design, as for `multiclass_auc_var` (`weight` the sampling weights):
        with a `SurveyDesign` the linearization, ``svyrecvar`` of each
        row's influence on M (`multiclass_influence`); with replicates
        (a type such as "JKn", or `ReplicateWeights`) ``svrVar`` of M
        under each replicate's weights.

    Returns
    -------
    AUCInterval
        ``estimate`` (`multiclass_auc`), ``conf_low``, ``conf_high``,
        ``conf_level`` and ``df``.

    Notes
    -----
    Coverage of 95% intervals, measured in benchmarks/multiclass_coverage.py
    (results in benchmarks/results/multiclass_coverage.md).

    Examples
    --------
    >>> from weightedroc import multiclass_auc_ci
    >>> scores = [[.6, .3, .1], [.2, .6, .2], [.3, .3, .4],
    ...           [.5, .3, .2], [.1, .5, .4], [.4, .4, .2]]
    >>> ci = multiclass_auc_ci(scores, ["a", "b", "c", "b", "c", "a"])
    >>> [round(x, 4) for x in (ci.conf_low, ci.estimate, ci.conf_high)]
    [0.4821, 0.8333, 1.0]
    """
    conf_level = check_conf_level(conf_level)
    check_quantile(quantile)
    variance, df, importance, data, orders = _variance_and_df(
        scores, label, weight, method, average, levels, direction, weights_are, design, replicates
    )
    estimate = combine(data, method, average, binary_aucs(data, problems(data, method), orders))
    if design is not None or replicates is not None:  # importance is the plan here
        df = np.inf if quantile in ("auto", "normal") else df
        half = t_quantile(df, 1 - (1 - conf_level) / 2) * np.sqrt(variance)
        reps = importance[2]
        return AUCInterval(
            estimate, float(estimate - half), float(estimate + half), conf_level,
            0 if reps is None else reps.n_replicates, np.empty(0), df,
            std_error=float(np.sqrt(variance)), method=plan_words(importance),
        )  # fmt: skip
    if quantile == "auto":
        quantile = "t" if importance else "normal"
    if quantile == "normal":
        df = np.inf
    return wald_interval(estimate, variance, df, conf_level)
