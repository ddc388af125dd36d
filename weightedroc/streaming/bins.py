"""Aligned bins of scores: a dyadic hierarchy on the scores' sortable bits.

Every double maps to a 64-bit key ordered as the doubles (its bits, with
the negatives' flipped: `weightedroc.engine.core`).  A bin is a dyadic
interval of keys: the keys whose top ``64 - level`` bits are ``start``'s.
Level 0 is one score; the grid is the same for every state, so two bins of
different states are either disjoint or nested, and merging takes, where
they overlap, the coarser one (the union at the common resolution).  On
scores in (0, 1] the high bits are the exponent, so the grid is finest near
0, as DDSketch's logarithmic one, and finer still where a budget cut keeps
it so.

Beyond a budget of ``m`` bins, `compress` cuts the trie of bins: two
adjacent bins stay apart when their lowest common node holds much pair
weight (W0 * W1 of everything under it, read from an ancestor a few
levels up: `pair_weight`) and join otherwise, with one threshold chosen
so that at most ``m`` bins remain: fine where the pair weight is, coarse
elsewhere, and one-class stretches (no pair weight) in one bin.  Each
bin keeps the smallest and largest score it holds: a bin of one score is
exact, and the ROC point at a bin's smallest score is exact,
so only the pairs inside a bin of several scores can have an unknown order.

Each bin also counts the pairs inside it whose order is known (`known`):
scores of one bin are ties (half a pair each way); when disjoint bins join
(a budget cut), every pair across them has a known order; when bins of
two states fold together, so do the pairs across two of them whose score
ranges do not overlap.  The rest, ``W0 * W1 - known.sum()``, is unknown:
the AUC's certified error is half of it (over W+ W-), at most half the
bins' pair weight.
"""

from typing import NamedTuple

import numpy as np

from ..engine.core import _doubles_of_keys, _sortable_keys

MASKS = np.array([(1 << level) - 1 for level in range(65)], dtype=np.uint64)


class Bins(NamedTuple):
    """Disjoint dyadic bins in key order."""

    start: np.ndarray  # uint64: the first key of each bin
    level: np.ndarray  # uint8: the bin holds 2**level keys
    lo: np.ndarray  # float64: its smallest score seen
    hi: np.ndarray  # float64: its largest score seen
    weight: np.ndarray  # float64 (2, n): each class's total weight
    known: np.ndarray  # float64 (2, n): pairs inside with class 1 above class 0
    # (ties count half), and with class 0 above class 1


def empty():
    return Bins(
        np.empty(0, np.uint64),
        np.empty(0, np.uint8),
        np.empty(0),
        np.empty(0),
        np.zeros((2, 0)),
        np.zeros((2, 0)),
    )


def from_batch(guess, index, weight):
    """Level-0 bins of one batch: each distinct score (0.0 and -0.0 are one,
    0.0) with the summed weight of each class index (0 or 1), summed in
    input order."""
    keys, inverse = np.unique(_sortable_keys(guess), return_inverse=True)
    inverse = inverse.reshape(-1)
    sums = np.zeros((2, len(keys)))
    for column in (0, 1):
        rows = index == column
        if weight is None:
            sums[column] = np.bincount(inverse[rows], minlength=len(keys))
        else:
            sums[column] = np.bincount(inverse[rows], weight[rows], minlength=len(keys))
    scores = _doubles_of_keys(keys)
    ties = np.repeat(sums[0] * sums[1] / 2, 2).reshape(-1, 2).T
    return Bins(keys, np.zeros(len(keys), np.uint8), scores, scores.copy(), sums, ties)


def _end(bins):
    return bins.start | MASKS[bins.level]


def join(*parts):
    """The union of bins of several states: nested bins fold into the one
    holding them; equal bins add their weights (in the order given)."""
    start = np.concatenate([part.start for part in parts])
    level = np.concatenate([part.level for part in parts])
    if len(parts) == 2:
        order = _merged_order(*parts)
    else:
        order = np.lexsort((-level.astype(np.int16), start))  # the outer bin first
    bins = Bins(
        start[order],
        level[order],
        np.concatenate([part.lo for part in parts])[order],
        np.concatenate([part.hi for part in parts])[order],
        np.concatenate([part.weight for part in parts], axis=1)[:, order],
        np.concatenate([part.known for part in parts], axis=1)[:, order],
    )
    if len(order) < 2:
        return bins
    inside = np.zeros(len(order), dtype=bool)
    inside[1:] = bins.start[1:] <= np.maximum.accumulate(_end(bins))[:-1]
    first = np.flatnonzero(~inside)
    joined = _fold(bins, first, bins.level, bins.start, _apart_pairs(bins, first))
    tied = joined.lo == joined.hi  # one score: its pairs are ties
    joined.known[:, tied] = joined.weight[0, tied] * joined.weight[1, tied] / 2
    return joined


def _merged_order(a, b):
    """`lexsort` by (start, -level) of two states' bins concatenated, each
    sorted with unique starts, in linear time after a binary search of
    `b`'s starts in `a`'s: where starts are equal the outer bin comes
    first (`a`'s when the levels are equal too)."""
    n = len(a.start)
    at = np.searchsorted(a.start, b.start, "left")
    inside = at < n
    equal = np.zeros(len(at), dtype=bool)
    equal[inside] = a.start[at[inside]] == b.start[inside]
    equal[equal] = a.level[at[equal]] >= b.level[equal]
    place = at + equal + np.arange(len(at))  # b's positions in the merged order
    order = np.empty(n + len(at), dtype=np.intp)
    free = np.ones(len(order), dtype=bool)
    free[place] = False
    order[place] = n + np.arange(len(at))
    order[free] = np.arange(n)
    return order


def _runs(first, n):
    return np.repeat(np.arange(len(first)), np.diff(np.append(first, n)))


def _across(weight, below):
    """Known pairs of each bin with the weights `below` it (2, n)."""
    return np.array([weight[1] * below[0], weight[0] * below[1]])


def _apart_pairs(bins, first):
    """Per fold group (bins nested in the first one, from `first` on): the
    pairs across two of its bins whose score ranges do not overlap.

    Groups hold disjoint ranges of scores in increasing order, so sorted
    by `hi` they stay contiguous: the weight of the bins of a group whose
    `hi` is below a bin's `lo` is a difference of prefix sums.
    """
    n = len(bins.start)
    across = np.zeros((2, len(first)))
    size = np.diff(np.append(first, n))
    # Only the groups of several bins holding several scores (in the exact
    # case there are none: equal scores fold into ties).
    several = np.maximum.reduceat(bins.hi, first) > np.minimum.reduceat(bins.lo, first)
    many = np.flatnonzero((size > 1) & several)
    if not len(many):
        return across
    rows = np.repeat(first[many] - np.cumsum(size[many]) + size[many], size[many])
    rows += np.arange(len(rows))
    part = Bins(*(field[..., rows] for field in bins))
    first_part = np.cumsum(np.append(0, size[many]))[:-1]
    order = np.argsort(part.hi, kind="stable")
    position = np.empty(len(rows), dtype=np.intp)
    position[order] = np.arange(len(rows))
    block = np.minimum.reduceat(position, first_part)[_runs(first_part, len(rows))]
    below = np.searchsorted(part.hi[order], part.lo, "left")
    sums = np.zeros((2, len(rows) + 1))
    np.cumsum(part.weight[:, order], axis=1, out=sums[:, 1:])
    pairs = _across(part.weight, sums[:, below] - sums[:, block])
    across[:, many] = np.add.reduceat(pairs, first_part, axis=1)
    return across


def _run_pairs(bins, first):
    """Per run of adjacent (disjoint) bins from `first` on: the pairs across
    two of its bins, every one of a known order."""
    n = len(bins.start)
    sums = np.zeros((2, n + 1))
    np.cumsum(bins.weight, axis=1, out=sums[:, 1:])
    below = sums[:, :-1] - sums[:, first[_runs(first, n)]]
    return np.add.reduceat(_across(bins.weight, below), first, axis=1)


def _fold(bins, first, level, start, across):
    """One bin per run of `bins` beginning at positions `first`, with the
    `level` and `start` given at those positions and `across` more known
    pairs."""
    return Bins(
        start[first],
        level[first],
        np.minimum.reduceat(bins.lo, first),
        np.maximum.reduceat(bins.hi, first),
        np.add.reduceat(bins.weight, first, axis=1),
        np.add.reduceat(bins.known, first, axis=1) + across,
    )


def bit_length(keys):
    """int.bit_length of each uint64."""
    length = np.zeros(len(keys), dtype=np.uint8)
    keys = keys.copy()
    for step in (32, 16, 8, 4, 2, 1):
        high = (keys >> np.uint64(step)) != 0
        length[high] += step
        keys[high] >>= np.uint64(step)
    return length + (keys != 0)


SMOOTH = 4  # levels up: the estimate of a node's pair weight reads 16 times its rows
MANTISSA = 52  # nodes below this level split one binade linearly


def _under(bins, totals, node, level):
    """The pair weight W0 * W1 of the bins under each node."""
    first = np.searchsorted(bins.start, node, "left")
    stop = np.searchsorted(bins.start, node | MASKS[level], "right")
    under = totals[:, stop] - totals[:, first]
    return under[0] * under[1]


def pair_weight(bins):
    """Level of the lowest common node of each two adjacent bins, and that
    node's smoothed pair weight: the pair weight under its ancestor
    `SMOOTH` levels up (within its binade) over 4 per level: 0 inside a
    stretch of one class (whose ancestor holds one class too).

    A node's own pair weight, read from the few rows of one partition, is
    noisy; states of one distribution cut it differently, and a merge keeps
    the coarser bins of all of them.  Read from an ancestor holding 16
    times the rows, it is 4 times less noisy, so partitions agree on where
    to cut (and, within a binade, where the density is smooth, a quarter
    per level is the pair weight's share).  The estimate never grows down
    the tree, so the nodes kept apart stay a subtree and the bins dyadic.
    """
    level = bit_length(bins.start[1:] ^ bins.start[:-1])
    up = np.where(level < MANTISSA, np.minimum(level + SMOOTH, MANTISSA), level)
    totals = np.zeros((2, len(bins.start) + 1))
    np.cumsum(bins.weight, axis=1, out=totals[:, 1:])
    up = up.astype(np.uint8)
    estimate = _under(bins, totals, bins.start[1:] & ~MASKS[up], up)
    return level, np.ldexp(estimate, -2 * (up.astype(np.int64) - level))


def compress(bins, budget):
    """At most `budget` bins: adjacent bins whose common node's pair weight
    is at most a threshold join, the threshold the smallest that leaves
    `budget` bins or fewer."""
    if budget is None or len(bins.start) <= budget:
        return bins
    level, cost = pair_weight(bins)
    threshold = np.partition(cost, len(cost) - budget)[len(cost) - budget]
    apart = cost > threshold
    first = np.flatnonzero(np.concatenate(([True], apart)))
    # A run's node: the highest of its bins' levels and its pairs' nodes.
    joined = np.where(apart, 0, level)
    run_level = np.maximum(
        np.maximum.reduceat(bins.level, first),
        np.maximum.reduceat(np.concatenate(([0], joined)).astype(np.uint8), first),
    )
    run_start = bins.start[first] & ~MASKS[run_level]
    folded = _fold(
        bins, first, np.zeros(len(bins.start), np.uint8), bins.start, _run_pairs(bins, first)
    )
    return folded._replace(start=run_start, level=run_level)


def unknown_pairs(bins):
    """Per bin, the pairs inside it whose order is unknown (0 for a bin of
    one score)."""
    pairs = bins.weight[0] * bins.weight[1]
    unknown = np.maximum(pairs - bins.known[0] - bins.known[1], 0)
    return np.where(bins.hi > bins.lo, unknown, 0.0)


def check_cuts(cuts, direction):
    """A cut plan as sorted finite doubles on the state's internal scale
    (negated for ``direction=">"``), or None."""
    if cuts is None:
        return None
    array = np.asarray(cuts, dtype=np.float64)
    if array.ndim != 1 or not len(array) or not np.isfinite(array).all():
        raise ValueError(
            "cuts must be a non-empty 1-D array of finite scores (a cut plan: "
            f"state.cut_plan() of a first pass), got {cuts!r}"
        )
    if (np.diff(array) <= 0).any():
        raise ValueError("cuts must be strictly increasing (a cut plan: state.cut_plan())")
    array = array + 0.0  # -0.0 is 0.0, as the scores' keys
    return np.sort(-array) if direction == ">" else array


def plan_starts(cuts):
    """The first key of each bin of a plan: key 0 for the scores below the
    first cut, then each cut's key."""
    return np.concatenate(([np.uint64(0)], _sortable_keys(cuts))).astype(np.uint64)


def on_plan(bins, cuts):
    """Level-0 `bins` (one score each) folded into the bins of the plan
    `cuts` (bin j holds the scores with j cuts at or below them): every pair
    across two scores of a bin has a known order."""
    if not len(bins.start):
        return bins
    where = np.searchsorted(cuts, bins.lo, "right")
    first = np.flatnonzero(np.concatenate(([True], where[1:] != where[:-1])))
    start = plan_starts(cuts)[where]
    zeros = np.zeros(len(bins.start), np.uint8)
    return _fold(bins, first, zeros, start, _run_pairs(bins, first))
