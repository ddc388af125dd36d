"""DeLong's variance of the AUC of every group at once, from one sort.

`weightedroc.inference.delong` computes the variance of one curve from its
placement values (`weightedroc.inference.placements`).  Here the rows of
all groups are sorted once by (group, guess); the placement values are
cumulated sums within each group over its runs of tied guesses (ties count
one half), and every per-class or per-group sum is a ``np.bincount`` over
the group codes.  The terms are those of `weightedroc.inference.delong`:
the two-sample jackknife of the exact leave-one-out changes for importance
(or unit) weights, DeLong's on the rows repeated for frequency weights.

A group with fewer than two observations of a class (of total frequency
weight below 2) has no DeLong variance: NaN, where `auc_var` raises and
pROC returns NA.
"""

from typing import NamedTuple

import numpy as np

from ..engine.tally import by_row, class_sums, group_ends, placement_values


class GroupVariances(NamedTuple):
    """Per-group results of `group_variances`, indexed by group code."""

    auc: np.ndarray  # AUC of the placement values (the variance's centre)
    variance: np.ndarray  # DeLong's variance (NaN where undefined)
    squares: np.ndarray  # sum of the squared terms (Satterthwaite's df)
    positive_weight: np.ndarray
    negative_weight: np.ndarray
    n_positive: np.ndarray  # rows
    n_negative: np.ndarray


def _by_group_and_guess(codes, size, guess, by_guess=None):
    """The rows' order by (group, guess): a sort by guess, then a stable
    counting sort by group (what pandas' groupby uses; a lexsort if that
    private function moves, a stable sort by group), 3 to 4 times as fast as a lexsort.
    `by_guess`: an order of the rows sorted by guess within each group, when
    the caller has one (`engine.many.Sorted.order`): then there is no sort."""
    if by_guess is None:
        by_guess = np.argsort(guess)
    try:
        from pandas._libs.algos import groupsort_indexer
    except ImportError:  # pragma: no cover - a private name
        return by_guess[np.argsort(codes[by_guess], kind="stable")]
    return by_guess[groupsort_indexer(codes[by_guess], size)[0]]


def restricted(order, kept):
    """`order` (of all rows) of the rows where `kept` is True, numbered as
    the kept rows: still sorted, with no sort."""
    return (np.cumsum(kept) - 1)[order[kept[order]]]


def _within(cumulated, codes_of_runs, totals):
    """Cumulated sums (over all rows, long double) restarted at each group."""
    before = np.concatenate(([0], np.cumsum(totals, dtype=np.longdouble)[:-1]))
    return (cumulated - before[codes_of_runs]).astype(np.float64)


def _placements(codes, size, guess, positive, weight, by_guess=None):
    """One sort of all groups: the rows in (group, guess) order (`order`), their
    group, class and weight, each group's class totals and AUC, and each row's
    placement value within its group (`by_guess`: see `_by_group_and_guess`)."""
    codes = np.asarray(codes, dtype=np.intp)
    order = _by_group_and_guess(codes, size, guess, by_guess)
    c, x, pos = codes[order], guess[order], positive[order]
    w = np.ones(len(c)) if weight is None else weight[order]
    ends = group_ends(x, c)
    run_code = c[ends]
    below_pos, below_neg, P, N = class_sums(pos, w, ends, dtype=np.longdouble)
    W1 = np.bincount(c, weights=np.where(pos, w, 0.0), minlength=size)  # by rows, as ever
    W0 = np.bincount(c, weights=np.where(pos, 0.0, w), minlength=size)
    below_pos, below_neg = _within(below_pos, run_code, W1), _within(below_neg, run_code, W0)
    with np.errstate(invalid="ignore", divide="ignore"):
        pos_value, neg_value = placement_values(
            below_pos, below_neg, P, N, W1[run_code], W0[run_code]
        )
        auc = np.bincount(run_code, weights=P * pos_value, minlength=size) / W1
        value = by_row(pos_value, neg_value, pos, np.diff(ends, prepend=-1))
    return order, c, pos, w, W1, W0, auc, value


def group_variances(
    codes, size, guess, positive, weight, weights_are="importance", *, by_guess=None
):
    """DeLong's variance of the AUC of each group.

    Parameters
    ----------
    codes : ndarray of int
        Each row's group, in ``range(size)``; every group must have rows.
    size : int
        Number of groups.
    guess : ndarray of float
        Validated guesses (negated for direction ">").
    positive : ndarray of bool
    weight : ndarray of float or None
        Validated weights (whole numbers for frequency weights), or None.
    weights_are : {"importance", "frequency"}
    by_guess : ndarray of int, optional
        The rows' order by guess within each group, when the caller has
        sorted them (then there is no sort).

    Returns
    -------
    GroupVariances
        With the variance of group k equal to ``auc_var`` of its rows
        (to rounding), NaN where it is undefined.

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc import auc_var
    >>> guess = np.array([0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.3, 0.6, 0.7, 0.2])
    >>> positive = np.array([0, 0, 1, 1, 1, 0, 1, 0, 1, 0], dtype=bool)
    >>> codes = np.array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1])
    >>> found = group_variances(codes, 2, guess, positive, None)
    >>> [round(float(v), 10) for v in found.variance]
    [0.024691358, 0.125]
    >>> round(auc_var(guess[:6], positive[:6]), 10), auc_var(guess[6:], positive[6:])
    (0.024691358, 0.125)
    """
    order, c, pos, w, W1, W0, auc, value = _placements(
        codes, size, guess, positive, weight, by_guess
    )
    with np.errstate(invalid="ignore", divide="ignore"):
        key = 2 * c + pos  # group k's negatives: 2k, positives: 2k + 1
        counts = np.bincount(key, minlength=2 * size).astype(np.float64)
        if weights_are == "frequency" and weight is not None:
            total = np.where(pos, W1[c], W0[c])
            term = (value - auc[c]) ** 2 / (total * (total - 1))
            variance = np.bincount(c, weights=w * term, minlength=size)
            squares = np.bincount(c, weights=w * term * term, minlength=size)
            defined = (W1 >= 2) & (W0 >= 2)
        else:
            d = w * (auc[c] - value) / (np.where(pos, W1[c], W0[c]) - w)
            d -= (np.bincount(key, weights=d, minlength=2 * size) / counts)[key]
            term = ((counts - 1) / counts)[key] * d * d
            variance = np.bincount(c, weights=term, minlength=size)
            squares = np.bincount(c, weights=term * term, minlength=size)
            defined = (counts[0::2] >= 2) & (counts[1::2] >= 2)
    variance[~defined] = np.nan
    squares[~defined] = np.nan
    return GroupVariances(auc, variance, squares, W1, W0, counts[1::2], counts[0::2])


def group_influence(codes, size, guess, positive, weight, by_guess=None):
    """(AUC of each group, each row's influence value on its group's AUC):
    ``w (V - AUC) / W`` with V the row's placement value and W its class's
    total weight in its group, as `weightedroc.survey.auc.influence` on the
    group's rows; from one sort of all groups.  Rows of a group without a
    class get NaN.  `by_guess`: see `group_variances`.

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc.survey.auc import influence
    >>> guess = np.array([0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.3, 0.6, 0.7, 0.2])
    >>> positive = np.array([0, 0, 1, 1, 1, 0, 1, 0, 1, 0], dtype=bool)
    >>> codes = np.array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1])
    >>> auc, z = group_influence(codes, 2, guess, positive, None)
    >>> bool(np.allclose(z[6:], influence(guess[6:], positive[6:], np.ones(4))[1]))
    True
    """
    order, c, pos, w, W1, W0, auc, value = _placements(
        codes, size, guess, positive, weight, by_guess
    )
    with np.errstate(invalid="ignore", divide="ignore"):
        z_sorted = w * (value - auc[c]) / np.where(pos, W1[c], W0[c])
    z = np.empty_like(z_sorted)
    z[order] = z_sorted
    return auc, z
