"""The one sorted, cumulated pass that every curve and metric reads.

`cumulate` orders the observations by guess exactly as R's order() does
(ascending, ties kept in input order), finds the last observation of each
run of equal guesses, and reads the weighted positive and negative counts
accumulated there, with R's long double arithmetic.  Everything else in
the package (the ROC frame, AUC, precision-recall, costs) is arithmetic
on the `Cumulated` it returns.
"""

from typing import NamedTuple

import numpy as np

from .longdouble import masked_cumsum_at
from .threads import run_both
from .validation import check_inputs

# Below this size a plain stable argsort is as fast as the packed-key sort.
SMALL = 1 << 8


class Cumulated(NamedTuple):
    """Weighted counts at each threshold, in R's row order.

    Row i holds the threshold (the i-th smallest distinct guess; the last
    row is +inf) and FN, TN: the weight of positives and of negatives whose
    guess is below that threshold.  Row 0 has FN = TN = 0; the last row has
    FN = total_pos and TN = total_neg.
    """

    threshold: np.ndarray
    FN: np.ndarray
    TN: np.ndarray
    total_pos: float
    total_neg: float

    @property
    def TP(self):
        return self.total_pos - self.FN

    @property
    def FP(self):
        return self.total_neg - self.TN


def _sortable_keys(guess):
    """A new uint64 array ordered as the guesses, with -0.0 equal to 0.0."""
    keys = (guess + 0.0).view(np.uint64)  # + 0.0 turns -0.0 into 0.0
    if guess.min() < 0:
        flip = keys.view(np.int64) >> 63  # -1 for negatives, 0 otherwise
        flip |= np.int64(-1 << 63)
        keys ^= flip.view(np.uint64)
    else:  # non-negative doubles already sort as their bits
        keys |= np.uint64(1 << 63)
    return keys


class Ordered(NamedTuple):
    """`stable_order`'s result: the order and the arrays it was applied to."""

    order: np.ndarray
    guess: np.ndarray
    tag: np.ndarray | None
    weight: np.ndarray | None


def stable_order(guess, tag=None, weight=None):
    """R's order(guess) (ascending, ties in input order), applied.

    Returns the order, and the guesses, the boolean `tag` and the `weight`
    (each when given) in that order.  A stable argsort is slow for large
    float arrays, so the index (and the tag bit below it) is packed into
    the low bits of a sortable key and the keys sorted as plain integers:
    the tag then comes out sorted with no random-access gather.  Guesses
    that differ only in those low bits may come out of order; those few
    runs are sorted again exactly.
    """
    n = len(guess)
    if n < SMALL:
        return _argsort_applied(guess, tag, weight)
    tag_bits = 0 if tag is None else 1
    shift = np.uint64(int(n - 1).bit_length() + tag_bits)
    keys = _sortable_keys(guess)
    keys &= ~((np.uint64(1) << shift) - np.uint64(1))
    order = np.arange(n, dtype=np.uint64)  # the index, then (same memory) the order
    if tag is not None:
        order <<= np.uint64(1)
        order |= tag
    keys |= order
    keys.sort()
    sorted_tag = None if tag is None else (keys.view(np.uint8)[::8] & 1).view(bool)
    np.left_shift(keys, np.uint64(64 - shift), out=order)  # drop the guess bits ...
    order >>= np.uint64(64 - shift + tag_bits)  # ... and the tag bit
    order = order.view(np.int64)
    sorted_guess, sorted_weight = run_both(
        lambda: guess[order], lambda: None if weight is None else weight[order], n)
    wrong = np.flatnonzero(sorted_guess[1:] < sorted_guess[:-1])
    if len(wrong):
        moved = _resort_buckets(order, sorted_guess, keys, shift, wrong)
        if moved is None:
            return _argsort_applied(guess, tag, weight)
        for sorted_array in (order, sorted_guess, sorted_tag, sorted_weight):
            if sorted_array is not None:
                sorted_array[moved[0]] = sorted_array[moved[1]]
    return Ordered(order, sorted_guess, sorted_tag, sorted_weight)


def _argsort_applied(guess, tag, weight):
    order = np.argsort(guess, kind="stable")
    return Ordered(order, *(None if x is None else x[order] for x in (guess, tag, weight)))


def _resort_buckets(order, sorted_guess, keys, shift, wrong):
    """The moves that sort by (guess, index) the runs of equal bucket (the
    guess bits of the sorted `keys`) holding `wrong`: positions `to` get the
    elements at positions `from`.

    None when those runs are so long that a full stable sort is cheaper.
    """
    bucket = np.unique(keys[wrong] >> shift)
    start = np.searchsorted(keys, bucket << shift)
    lengths = np.searchsorted(keys, (bucket + np.uint64(1)) << shift) - start
    if lengths.sum() > len(order) // 4:
        return None
    inside = np.repeat(start - np.cumsum(lengths) + lengths, lengths)
    inside += np.arange(lengths.sum())
    run_of = np.repeat(np.arange(len(bucket)), lengths)
    return inside, inside[np.lexsort((order[inside], sorted_guess[inside], run_of))]


def _class_cumsums(positive, weight, ends, start, FN, TN):
    """Weights of positives (into FN) and of negatives (into TN) up to each
    end, as R's cumsum, each beginning at its `start`."""
    if weight is None:
        before = np.cumsum(positive)[ends]  # positives up to each end
        np.add(before, start[0], out=FN)
        np.add(ends + 1 - before, start[1], out=TN)
        return
    run_both(lambda: masked_cumsum_at(weight, positive, ends, start=start[0], out=FN),
             lambda: masked_cumsum_at(weight, positive, ends, True, start[1], out=TN),
             len(weight))


def cumulate(guess, label, weight=None, checked=False, start=(0, 0)):
    """Validate the inputs and return their `Cumulated` counts.

    The one pass every curve and metric reads: `stable_order`, then the
    weighted positive and negative counts at the end of each run of tied
    guesses.  ``checked=True`` skips validation for arrays that
    `check_inputs` already returned.  `start` = (positive, negative) weight
    of observations that come before all of these (a long double each, for
    exact continuation of R's sums, as the Dask backend needs): every count
    begins there, row 0 included.
    """
    if not checked:
        guess, label, weight = check_inputs(guess, label, weight)
    _, sorted_guess, positive, sorted_weight = stable_order(guess, label, weight)
    is_end = np.empty(len(sorted_guess), dtype=bool)
    np.not_equal(sorted_guess[1:], sorted_guess[:-1], out=is_end[:-1])
    is_end[-1] = True
    ends = np.flatnonzero(is_end)
    FN = np.empty(len(ends) + 1)
    TN = np.empty(len(ends) + 1)
    FN[0], TN[0] = start
    _class_cumsums(positive, sorted_weight, ends, start, FN[1:], TN[1:])
    total_pos, total_neg = FN[-1], TN[-1]
    if not (np.isfinite(total_pos) and np.isfinite(total_neg)):
        raise ValueError("the total positive or negative weight overflows to inf: "
                         "rescale the weights (R would return NaN rates)")
    threshold = np.empty(len(ends) + 1)
    np.take(sorted_guess, ends, out=threshold[:-1])
    threshold[-1] = np.inf
    return Cumulated(threshold, FN, TN, float(total_pos), float(total_neg))
