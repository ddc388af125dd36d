"""The tally: per tie group positive and negative weights, from one sort.

Every placement value, influence value and replicate area in the package
is arithmetic on the same few sums.  With the observations in
`weightedroc.engine.core.stable_order`'s order (ascending guess, ties in
input order), a *tie group* is a run of equal guesses; `tally` reads, at
the end of each group, the cumulated weight of the positives and of the
negatives, and their differences P and N: each group's own positive and
negative weight.  DeLong's placement values (V10 of a positive, V01 of a
negative, ties counted one half) are those sums over the class totals
(`placement_values`); a replicate's AUC is the same arithmetic on a row of
P and N (`replicate_areas`); and the AUC itself is `cumulate`'s counts and
R's trapezoid sum (`area`), so that every AUC the package reports has
`auc_score`'s bits.
"""

from typing import NamedTuple

import numpy as np

from ..utils.signatures import in_help
from .core import cumulate_sorted, stable_order
from .rates import counts_area


@in_help
class Tally(NamedTuple):
    """One guess's tie groups, read from one stable ascending order.

    ``below_pos[g]`` and ``below_neg[g]`` are the positive and negative
    weight of groups ``0..g`` (cumulated over the sorted rows and read at
    each group's last row), ``P`` and ``N`` each group's own.
    """

    order: np.ndarray  # sorted position -> observation
    sorted_guess: np.ndarray
    positive: np.ndarray  # sorted labels (True: positive)
    weight: np.ndarray | None  # sorted weights, None for unit weights
    ends: np.ndarray  # last sorted position of each tie group
    below_pos: np.ndarray
    below_neg: np.ndarray
    P: np.ndarray
    N: np.ndarray

    @property
    def sizes(self):
        """Rows in each tie group."""
        return np.diff(self.ends, prepend=-1)

    @property
    def totals(self):
        """(W1, W0): the positives' and the negatives' total weight."""
        return self.below_pos[-1], self.below_neg[-1]


def group_ends(sorted_guess, codes=None):
    """The last sorted position of each run of equal guesses (of equal
    (code, guess) pairs when the rows of several groups, sorted by group,
    are given with their `codes`)."""
    is_end = np.empty(len(sorted_guess), dtype=bool)
    np.not_equal(sorted_guess[1:], sorted_guess[:-1], out=is_end[:-1])
    if codes is not None:
        is_end[:-1] |= codes[1:] != codes[:-1]
    is_end[-1:] = True
    return np.flatnonzero(is_end)


def class_sums(positive, weight, ends, dtype=np.float64):
    """(below_pos, below_neg, P, N) of sorted rows: the cumulated weights of
    each class at the tie groups' `ends` (in `dtype`) and their differences
    (float64).  Unit weights (`weight` None) are counted exactly."""
    if weight is None and dtype == np.float64:
        below_pos = np.cumsum(positive, dtype=np.float64)[ends]
        below_neg = (ends + 1.0) - below_pos
    else:
        w = np.ones(len(positive)) if weight is None else weight
        below_pos = np.cumsum(np.where(positive, w, 0.0), dtype=dtype)[ends]
        below_neg = np.cumsum(np.where(positive, 0.0, w), dtype=dtype)[ends]
    P = np.diff(below_pos, prepend=0).astype(np.float64, copy=False)
    N = np.diff(below_neg, prepend=0).astype(np.float64, copy=False)
    return below_pos, below_neg, P, N


@in_help
def tally(guess, label, weight=None, ordered=None) -> Tally:
    """The `Tally` of validated inputs: float guesses, boolean labels and
    float weights or None; `ordered`, their `stable_order` (with the labels
    and weights) when the caller has sorted them already.

    Examples
    --------
    >>> import numpy as np
    >>> t = tally(np.array([0.3, 0.1, 0.3, 0.2]), np.array([True, False, False, True]))
    >>> t.P.tolist(), t.N.tolist()
    ([0.0, 1.0, 1.0], [1.0, 0.0, 1.0])
    """
    if ordered is None:
        ordered = stable_order(guess, label, weight)
    order, sorted_guess, pos, w = ordered
    ends = group_ends(sorted_guess)
    return Tally(order, sorted_guess, pos, w, ends, *class_sums(pos, w, ends))


def half_below(below, own):
    """Per tie group, the weight below it plus half its own (`below`: the
    weight cumulated up to each group's end, `own`: the group's)."""
    return below - own / 2


def half_above(below, own, total):
    """Per tie group, the weight above it plus half its own."""
    return (total - below) + own / 2


def placement_values(below_pos, below_neg, P, N, W1, W0):
    """(V10 of each group's positives, V01 of its negatives): the weight of
    the negatives below a positive's guess plus half the tied ones, over
    W0, and of the positives above a negative's plus half the tied ones,
    over W1 (DeLong's placement values, ties counted one half)."""
    return half_below(below_neg, N) / W0, half_above(below_pos, P, W1) / W1


@in_help
def group_sums(group, values, n_groups):
    """The sum of `values` in each group (`group`: each row's, in
    ``range(n_groups)``), added in the rows' order."""
    return np.bincount(group, weights=values, minlength=n_groups)


@in_help
def mid_rank_sums(group, mass, n_groups):
    """Per tie group (`group`: each row's, by ascending guess), the `mass`
    of lower guesses plus half that of equal ones, and of higher guesses
    plus half that of equal ones: the mid-rank placement sums of rows
    given by group rather than in sorted order (as the time-dependent
    AUC's cases and controls).

    Examples
    --------
    >>> import numpy as np
    >>> below, above = mid_rank_sums(np.array([0, 1, 1, 2]), np.array([1.0, 2.0, 2.0, 1.0]), 3)
    >>> below.tolist(), above.tolist()
    ([0.5, 3.0, 5.5], [5.5, 3.0, 0.5])
    """
    own = group_sums(group, mass, n_groups)
    upto = np.cumsum(own)
    return half_below(upto, own), half_above(upto, own, upto[-1])


def by_row(pos_value, neg_value, positive, sizes):
    """The per group values of `placement_values`, spread over the sorted rows."""
    value = np.repeat(neg_value, sizes)
    np.copyto(value, np.repeat(pos_value, sizes), where=positive)
    return value


def row_placements(t: Tally):
    """Each sorted row's placement value, and the group values' W1, W0."""
    W1, W0 = t.totals
    pos_value, neg_value = placement_values(t.below_pos, t.below_neg, t.P, t.N, W1, W0)
    return by_row(pos_value, neg_value, t.positive, t.sizes), pos_value


@in_help
def replicate_areas(P, N):
    """The AUC of each row of tie group weights P and N (replicates x groups,
    by ascending guess): the sum over groups of N_g (the positive weight
    above g plus half P_g), over W1 W0, clipped to [0, 1] against rounding;
    NaN for a row without a class.

    Examples
    --------
    >>> import numpy as np
    >>> replicate_areas(np.array([[0.0, 1.0, 1.0]]), np.array([[1.0, 0.0, 1.0]])).tolist()
    [0.625]
    """
    at_or_above = np.cumsum(P[:, ::-1], axis=1)[:, ::-1]
    area = (N * (at_or_above - P / 2)).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):  # NaN without a class
        return np.clip(area / (at_or_above[:, 0] * N.sum(axis=1)), 0.0, 1.0)


def area(ordered) -> float:
    """The AUC, with `auc_score`'s bits (R's counts and trapezoids), of
    sorted inputs: a `Tally`, or `stable_order`'s result (order, sorted
    guesses, labels and weights)."""
    _, sorted_guess, positive, weight = ordered[:4]
    return counts_area(cumulate_sorted(sorted_guess, positive, weight))
