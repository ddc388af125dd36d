"""Bootstrap confidence interval of the weighted AUC.

The observations are sorted and grouped by guess once, by the one cumulated
pass (`weightedroc.core.cumulate`).  A bootstrap replicate only changes how
many times each observation is counted, so its AUC is computed from the
weight falling in each group of tied guesses, with no new sort.
"""

import numbers
from dataclasses import dataclass, field

import numpy as np

from ..curves.auc import trapezoid_area
from ..core import cumulate, unit_scaled
from ..curves.roc import rates
from ..validation import check_direction, check_inputs

# Replicates are computed in batches of about this many (replicate, obs) cells.
CELLS = 1 << 21


@dataclass(frozen=True)
class AUCInterval:
    """Result of `auc_ci`."""

    estimate: float
    lower: float
    upper: float
    level: float
    n_boot: int
    replicates: np.ndarray = field(repr=False)


def _group_weights(group, weight, draws, n_groups):
    """(replicates, groups) sums of the weights drawn in each group."""
    rows = np.arange(len(draws))[:, None] * n_groups
    flat = (group[draws] + rows).ravel()
    sums = np.bincount(flat, weights=weight[draws].ravel(), minlength=len(draws) * n_groups)
    return sums.reshape(len(draws), n_groups)


def _replicate_aucs(pos_group, pos_weight, neg_group, neg_weight, n_groups,
                    pos_draws, neg_draws):
    """AUC of each replicate: rows of draws are indices into each class.

    Groups are numbered by ascending guess; the AUC is the trapezoid area,
    sum over groups of N_g (TP above g + P_g / 2) / (W1 W-1), clipped to
    [0, 1] against rounding.
    """
    P = _group_weights(pos_group, pos_weight, pos_draws, n_groups)
    N = _group_weights(neg_group, neg_weight, neg_draws, n_groups)
    at_or_above = np.cumsum(P[:, ::-1], axis=1)[:, ::-1]
    area = (N * (at_or_above - P / 2)).sum(axis=1)
    return np.clip(area / (at_or_above[:, 0] * N.sum(axis=1)), 0.0, 1.0)


def _check_level(level, n_boot):
    if isinstance(level, (bool, np.bool_)) or not isinstance(level, numbers.Real):
        raise TypeError(f"level must be a number in (0, 1), got {level!r}")
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), e.g. 0.95, got {level!r}")
    if isinstance(n_boot, (bool, np.bool_)) or not isinstance(n_boot, numbers.Integral):
        raise TypeError(f"n_boot must be an integer, got {n_boot!r}")
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot!r}")


def auc_ci(guess, label, weight=None, level=0.95, n_boot=2000, seed=None, *,
           positive=None, direction="<"):
    """Bootstrap confidence interval for the weighted AUC.

    Each replicate draws, with replacement, as many positives as there are
    from the positives and as many negatives from the negatives (stratified
    resampling, as pROC's ``ci.auc(method = "bootstrap")``); an observation
    keeps its weight each time it is drawn.  The interval is the percentile
    interval of the replicate AUCs (quantiles as R's default type 7).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    level : float, default 0.95
        Confidence level, in (0, 1).
    n_boot : int, default 2000
        Number of bootstrap replicates.
    seed : None, int or numpy.random.Generator
        Seed of ``numpy.random.default_rng``: the same seed gives the same
        interval.

    Returns
    -------
    AUCInterval
        ``estimate`` (the AUC of the data, equal to `auc_score`), ``lower``,
        ``upper``, ``level``, ``n_boot`` and the ``replicates`` AUCs.

    Examples
    --------
    >>> from weightedroc.inference.bootstrap import auc_ci
    >>> ci = auc_ci([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1], [1, 2, 1, 1, 2, 1],
    ...             n_boot=500, seed=1)
    >>> round(ci.estimate, 6)
    0.9375
    >>> bool(ci.lower <= ci.estimate <= ci.upper <= 1)
    True
    """
    guess, positive, weight = check_inputs(guess, label, weight, positive)
    if check_direction(direction) == ">":
        guess = np.negative(guess)
    _check_level(level, n_boot)
    counts = cumulate(guess, positive, weight, checked=True)
    estimate = trapezoid_area(*rates(counts))
    group = np.searchsorted(counts.threshold[:-1], guess)
    # Replicates multiply counts: a power-of-two scale keeps them in range
    # (exact, so the interval is the same for weights times 2**k).
    weight = (np.ones(len(guess)) if weight is None
              else unit_scaled(weight, total=counts.total_pos + counts.total_neg))
    pos, neg = np.flatnonzero(positive), np.flatnonzero(~positive)
    rng = np.random.default_rng(seed)
    batch = max(1, CELLS // len(guess))
    replicates = np.empty(n_boot)
    for start in range(0, n_boot, batch):
        size = min(batch, n_boot - start)
        replicates[start:start + size] = _replicate_aucs(
            group[pos], weight[pos], group[neg], weight[neg], len(counts.threshold) - 1,
            rng.integers(0, len(pos), (size, len(pos))),
            rng.integers(0, len(neg), (size, len(neg))))
    lower, upper = np.quantile(replicates, [(1 - level) / 2, (1 + level) / 2])
    return AUCInterval(estimate, float(lower), float(upper), float(level), int(n_boot),
                       replicates)
