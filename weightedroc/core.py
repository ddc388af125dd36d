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

from .longdouble import cumsum_at
from .validation import check_inputs

# Below this size a plain stable argsort is as fast as the packed-key sort.
SMALL = 1 << 15


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
    """uint64 keys ordered as the guesses, with -0.0 equal to 0.0."""
    bits = (guess + 0.0).view(np.uint64)  # + 0.0 turns -0.0 into 0.0
    flip = np.uint64(0) - (bits >> np.uint64(63))  # all ones for negatives
    flip |= np.uint64(1 << 63)
    bits ^= flip
    return bits


def stable_order(guess):
    """Indices that sort `guess` ascending, ties in input order (R's order()).

    A stable argsort is slow for large float arrays, so the index is packed
    into the low bits of a sortable key and the keys sorted as plain values.
    Guesses that differ only in those low bits may come out of order; those
    few runs are sorted again exactly.
    """
    n = len(guess)
    if n < SMALL:
        return np.argsort(guess, kind="stable")
    shift = np.uint64(int(n - 1).bit_length())
    keys = _sortable_keys(guess)
    keys >>= shift
    keys <<= shift
    keys |= np.arange(n, dtype=np.uint64)
    keys.sort()
    buckets = keys >> shift
    keys &= (np.uint64(1) << shift) - np.uint64(1)
    order = keys.view(np.int64)
    sorted_guess = guess[order]
    wrong = np.flatnonzero(sorted_guess[1:] < sorted_guess[:-1])
    if len(wrong) and not _resort_buckets(order, sorted_guess, buckets, wrong):
        return np.argsort(guess, kind="stable")
    return order


def _resort_buckets(order, sorted_guess, buckets, wrong):
    """Sort by (guess, index) the runs of equal bucket that hold `wrong`.

    Returns False, leaving `order` as it was, when those runs are so long
    that a full stable sort is cheaper.
    """
    starts = np.flatnonzero(buckets[1:] != buckets[:-1]) + 1
    starts = np.concatenate(([0], starts, [len(order)]))
    run = np.unique(np.searchsorted(starts, wrong, side="right") - 1)
    lengths = starts[run + 1] - starts[run]
    if lengths.sum() > len(order) // 4:
        return False
    inside = np.repeat(starts[run] - np.cumsum(lengths) + lengths, lengths)
    inside += np.arange(lengths.sum())
    run_of = np.repeat(np.arange(len(run)), lengths)
    resorted = inside[np.lexsort((order[inside], sorted_guess[inside], run_of))]
    order[inside] = order[resorted]
    return True


def cumulate(guess, label, weight=None, checked=False):
    """Validate the inputs and return their `Cumulated` counts."""
    if not checked:
        guess, label, weight = check_inputs(guess, label, weight)
    order = stable_order(guess)
    sorted_guess = guess[order]
    is_end = np.empty(len(order), dtype=bool)
    np.not_equal(sorted_guess[1:], sorted_guess[:-1], out=is_end[:-1])
    is_end[-1] = True
    ends = np.flatnonzero(is_end)
    positive = label[order]
    FN = np.zeros(len(ends) + 1)
    TN = np.zeros(len(ends) + 1)
    if weight is None:
        FN[1:] = np.cumsum(positive)[ends]
        TN[1:] = ends + 1 - FN[1:]
    else:
        sorted_weight = weight[order]
        for counts, mask in ((FN, positive), (TN, ~positive)):
            counts[1:] = cumsum_at(np.where(mask, sorted_weight, 0.0), ends)
    total_pos, total_neg = FN[-1], TN[-1]
    if not (np.isfinite(total_pos) and np.isfinite(total_neg)):
        raise ValueError("the total positive or negative weight overflows to inf: "
                         "rescale the weights (R would return NaN rates)")
    threshold = np.append(sorted_guess[ends], np.inf)
    return Cumulated(threshold, FN, TN, float(total_pos), float(total_neg))
