"""Venkatraman's permutation test of two weighted ROC curves.

Venkatraman (2000, paired) and Venkatraman & Begg (1996, unpaired) compare
whole curves, not areas: the statistic E integrates the absolute
difference of the two curves' error counts over all cut points in rank
order, and its null distribution is made by permuting ranks.  This follows
pROC 1.18's ``venkatraman.R`` line by line (ties broken as
``rank(ties.method = "first")``; the jitter, swap and re-rank of each
permutation; for unpaired curves the mixing proportion
``(cases1 + cases2) / (n1 + n1)`` exactly as pROC computes it) so that E
equals pROC's on unweighted data.

Weights, paired: each observation's weight is divided by the mean weight
(unit weights stay 1; E is the same for weights times any power of two),
and E is the integral, over the cumulative weight u in rank order, of
|errors of curve 2 - errors of curve 1| when the observations whose
cumulative weight is at most u are called negative: with unit weights
pROC's sum over ranks.  An observation is never split: its weight is one
step of the cut, so integer importance weights are not the rows expanded
(those cut between copies; ask for them with ``weights_are="frequency"``,
which is pROC's test of the expanded rows).  Unpaired: the
class-wise distributions are weighted cumulative fractions and the mixing
proportion is of weights.  In each permutation an observation's weight
goes with it.
"""

from __future__ import annotations

import numpy as np

from ..utils.types import ArrayLike, Direction, LabelValue
from .checks import check_frequency
from .request import Request, read
from .results import HTest


def _expanded(curve, weights_are):
    """(guess, case, weight, order) of a request's curve
    (`weightedroc.inference.request.Curve`), `order` its one sort; frequency
    weights expanded into unit rows, each row's copies in its place of the
    order (the stable order of the expanded rows)."""
    guess, case, weight = curve.data
    order = curve.ordered.order
    counts = check_frequency(weight, weights_are)
    if counts is not None:
        sizes = counts[order]
        ends = np.cumsum(sizes)
        starts = np.cumsum(counts) - counts
        order = np.repeat(starts[order] - (ends - sizes), sizes) + np.arange(ends[-1])
        guess, case, weight = np.repeat(guess, counts), np.repeat(case, counts), None
    return guess, case, (np.ones(len(guess)) if weight is None else weight), order


def _ranks(values):
    """R's rank(values, ties.method = "first")."""
    return _ranks_of(np.argsort(values, kind="stable"))


def _ranks_of(order):
    """The ranks (R's ties.method "first") of values whose stable order is `order`."""
    ranks = np.empty(len(order))
    ranks[order] = np.arange(1, len(order) + 1)
    return ranks


def paired_statistic(order1, order2, case, weight):
    """E of two orders (positions ranked lowest first) of the same observations."""
    jump = np.where(case, weight, -weight)  # calling it negative: +FN or -FP
    positions = np.concatenate((np.cumsum(weight[order1]), np.cumsum(weight[order2])))
    jumps = np.concatenate((-jump[order1], jump[order2]))
    by_position = np.argsort(positions, kind="stable")
    gap = np.cumsum(jumps[by_position])
    return float(np.sum(np.abs(gap[:-1]) * np.diff(positions[by_position])))


def _mixture(values, case, weight, mp, order=None):
    """(p, expected error) at each rank: pROC's R.p and R.exp (`order`: the
    values' stable order when the caller has it)."""
    if order is None:
        order = np.argsort(values, kind="stable")
    w, c = weight[order], case[order]
    fx = np.cumsum(np.where(c, w, 0.0)) / w[c].sum()
    gx = np.cumsum(np.where(c, 0.0, w)) / w[~c].sum()
    return mp * fx + (1 - mp) * gx, mp * fx + (1 - mp) * (1 - gx)


def _approx(x, y, v):
    """R's approxfun(x, y)(v): ties averaged, NA outside, R's arithmetic."""
    x, inverse = np.unique(x, return_inverse=True)
    if len(x) < len(y):
        y = np.bincount(inverse, weights=y) / np.bincount(inverse)
    if len(x) == 1:
        return np.where(v == x[0], y[0], np.nan)
    i = np.clip(np.searchsorted(x, v, side="right") - 1, 0, len(x) - 2)
    j = i + 1
    with np.errstate(invalid="ignore", divide="ignore"):
        value = y[i] + (y[j] - y[i]) * ((v - x[i]) / (x[j] - x[i]))
    value = np.where(v == x[j], y[j], np.where(v == x[i], y[i], value))
    return np.where((v < x[0]) | (v > x[-1]), np.nan, value)


def unpaired_statistic(values1, case1, weight1, values2, case2, weight2, mp, orders=(None, None)):
    """pROC's venkatraman.unpaired.stat: trapezoid integral of |R.f - S.f|
    (`orders`: the values' stable orders when the caller has them)."""
    p1, e1 = _mixture(values1, case1, weight1, mp, orders[0])
    p2, e2 = _mixture(values2, case2, weight2, mp, orders[1])
    x = np.sort(np.concatenate((p1, p2)))
    y = np.abs(_approx(p1, e1, x) - _approx(p2, e2, x))
    terms = ((y[1:] + y[:-1]) * (x[1:] - x[:-1])) / 2
    terms = terms[~np.isnan(terms)]
    # R's sum(): sequential, in long double
    return float(np.cumsum(terms.astype(np.longdouble))[-1]) if len(terms) else 0.0


def _paired(first, second, n_boot, rng):
    (_, case, w, order1), (_, _, _, order2) = first, second
    w = w / (w.sum() / len(w))  # relative to the mean: unit weights stay 1
    R, S = _ranks_of(order1), _ranks_of(order2)
    observed = paired_statistic(order1, order2, case, w)
    n = len(R)
    permuted = np.empty(n_boot)
    for b in range(n_boot):
        R2 = R + rng.random(n) - 0.5  # break ties, keeping the mean
        S2 = S + rng.random(n) - 0.5
        keep = np.round(rng.random(n)) == 0
        R3, S3 = np.where(keep, R2, S), np.where(keep, S2, R)
        permuted[b] = paired_statistic(
            np.argsort(R3, kind="stable"), np.argsort(S3, kind="stable"), case, w
        )
    return observed, permuted


def _unpaired(first, second, n_boot, rng):
    (_, c1, w1, order1), (_, c2, w2, order2) = first, second
    mp = (w1[c1].sum() + w2[c2].sum()) / (w1.sum() + w1.sum())  # sic, as pROC
    R, S = _ranks_of(order1), _ranks_of(order2)
    observed = unpaired_statistic(R, c1, w1, S, c2, w2, mp, (order1, order2))
    permuted = np.empty(n_boot)
    for b in range(n_boot):
        Rj, Sj = R + rng.random(len(R)) - 0.5, S + rng.random(len(S)) - 0.5
        Rw, Sw = w1.copy(), w2.copy()
        for in1, in2 in ((~c1, ~c2), (c1, c2)):  # controls, then cases
            pooled = rng.permutation(
                np.concatenate((np.flatnonzero(in1), len(R) + np.flatnonzero(in2)))
            )
            values, weights = np.concatenate((Rj, Sj)), np.concatenate((Rw, Sw))
            k = in1.sum()
            Rj[in1], Rw[in1] = values[pooled[:k]], weights[pooled[:k]]
            Sj[in2], Sw[in2] = values[pooled[k:]], weights[pooled[k:]]
        permuted[b] = unpaired_statistic(_ranks(Rj), c1, Rw, _ranks(Sj), c2, Sw, mp)
    return observed, permuted


def venkatraman_test(
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    label2: ArrayLike | None = None,
    weight2: ArrayLike | None = None,
    paired: bool | None = None,
    alternative: str = "two.sided",
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
) -> HTest:
    """Venkatraman's permutation test that two weighted ROC curves are equal.

    As pROC's ``roc.test(method = "venkatraman")``: the observed statistic
    E equals pROC's on unweighted data; the p-value is the share of
    `n_boot` permutations whose E is at least the observed one (its own
    random numbers, so equal to pROC's within Monte Carlo error).

    Parameters
    ----------
    guess1, guess2, label, weight, label2, weight2, paired, n_boot, seed,
    positive, direction, weights_are
        As for `bootstrap_test`.  With ``weights_are="frequency"`` the
        rows are expanded and the test is pROC's on the expanded data.
    alternative : {"two.sided"}
        Only two-sided tests are available for Venkatraman.

    Returns
    -------
    HTest
        Statistic ``E``, parameter ``boot.n``, no estimates.

    Examples
    --------
    >>> from weightedroc.inference.resampling import venkatraman_test
    >>> guess1 = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6]
    >>> guess2 = [0.3, 0.2, 0.5, 0.6, 0.4, 0.1, 0.7, 0.8]
    >>> label = [0, 0, 1, 1, 0, 0, 1, 1]
    >>> test = venkatraman_test(guess1, guess2, label, n_boot=200, seed=1)
    >>> test.statistic, test.method
    (6.0, "Venkatraman's test for two paired ROC curves")
    """
    request = read(
        [guess1, guess2], label, weight, function="roc_test", method="venkatraman",
        label2=label2, weight2=weight2, paired=paired, alternative=alternative,
        weights_are=weights_are, positive=positive, direction=direction, n_boot=n_boot,
        seed=seed, second_named=True,
    )  # fmt: skip
    return run_venkatraman(request)


def run_venkatraman(c: Request) -> HTest:
    """Venkatraman's test of a `Request`'s two curves, from their sorts."""
    first, second = (_expanded(curve, c.weights_are) for curve in c.curves)
    rng = np.random.default_rng(c.seed)
    observed, permuted = (_paired if c.paired else _unpaired)(first, second, c.n_boot, rng)
    kind = "paired" if c.paired else "unpaired"
    return HTest(
        statistic=observed,
        p_value=float(np.sum(permuted >= observed) / c.n_boot),
        estimate={},
        method=f"Venkatraman's test for two {kind} ROC curves",
        parameter={"boot.n": int(c.n_boot)},
        data_name=c.data_name,
        statistic_name="E",
        null_name="difference in at least one ROC operating point",
    )
