"""The one sorted, cumulated pass that every curve and metric reads.

`cumulate` orders the observations by guess exactly as R's order() does
(ascending, ties kept in input order), finds the last observation of each
run of equal guesses, and reads the weighted positive and negative counts
accumulated there, with R's long double arithmetic.  Everything else in
the package (the ROC frame, AUC, precision-recall, costs) is arithmetic
on the `Cumulated` it returns.
"""

import math
from typing import NamedTuple

import numpy as np

from ..utils.signatures import in_help
from .longdouble import CHUNK, chunks, cumsum_where, long_cumsum_where
from .threads import prefault, run_both
from .validation import check_direction, check_inputs

# Below this size a plain stable argsort is as fast as the packed-key sort.
SMALL = 1 << 8
OVERFLOW = (
    "the total positive or negative weight overflows to inf: "
    "rescale the weights (R would return NaN rates)"
)


@in_help
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
    block: np.ndarray | None = None  # (5, rows): free, free, threshold, FN, TN

    @property
    def TP(self):
        return self.total_pos - self.FN

    @property
    def FP(self):
        return self.total_neg - self.TN


def _make_sortable(keys, negative, scratch=None):
    """Turn the bits of doubles (`keys`, uint64, in place) into integers
    ordered as the doubles; `negative`: whether any of them is below 0."""
    if negative:  # flip the order of the negatives' bits
        flip = np.right_shift(keys.view(np.int64), 63, out=scratch)  # -1 for negatives
        flip |= np.int64(-1 << 63)  # ... and the sign bit for all
        keys ^= flip.view(np.uint64)
    else:  # non-negative doubles already sort as their bits
        keys |= np.uint64(1 << 63)


def _sortable_keys(guess):
    """A new uint64 array ordered as the guesses, with -0.0 equal to 0.0
    (any length, empty included)."""
    keys = (guess + 0.0).view(np.uint64)  # + 0.0 turns -0.0 into 0.0
    _make_sortable(keys, bool(np.signbit(guess).any()))
    return keys


def unit_scaled(counts, first=False, total=None):
    """Weighted counts times the power of two that puts their total (the
    last value, the first when `first`, or `total`) in [0.5, 1): exact, so
    anything computed from them is the same whatever power of two scaled
    the weights, and products of counts neither underflow nor overflow."""
    if total is None:
        total = counts[0] if first else counts[-1]
    if isinstance(total, (float, np.floating)):  # one total: the scalar frexp, 1 us less
        return np.ldexp(counts, -math.frexp(total)[1])
    return np.ldexp(counts, -np.frexp(total)[1])


class Ordered(NamedTuple):
    """`stable_order`'s result: the order and the arrays it was applied to."""

    order: np.ndarray
    guess: np.ndarray
    tag: np.ndarray | None
    weight: np.ndarray | None


def _packed_keys(guess, tag, shift, out):
    """The sortable keys of the guesses with their low `shift` bits replaced
    by the index (and the tag bit below it), in `out` (float64) as uint64.

    One pass in chunks, so that every step works in cache and no temporary
    is as large as the input.
    """
    keys = out.view(np.uint64)
    negative = guess.min() < 0
    low_bits = (np.uint64(1) << shift) - np.uint64(1)
    index = np.arange(min(CHUNK, len(keys)), dtype=np.uint64)
    step = np.uint64(len(index) << (0 if tag is None else 1))
    if tag is not None:
        index <<= np.uint64(1)
    scratch = np.empty(len(index), dtype=np.int64)
    for rows in chunks(len(keys)):
        part, size = keys[rows], len(keys[rows])
        np.add(guess[rows], 0.0, out=out[rows])  # + 0.0 turns -0.0 into 0.0
        _make_sortable(part, negative, scratch[:size])
        part &= ~low_bits
        part |= index[:size]
        if tag is not None:
            part |= tag[rows]
        index += step
    return keys


def _unpack(keys, shift, tag_bits):
    """The sorted tag (None without one); `keys` become the order (int64)."""
    sorted_tag = None if tag_bits == 0 else np.empty(len(keys), dtype=bool)
    for rows in chunks(len(keys)):
        part = keys[rows]
        if sorted_tag is not None:
            np.bitwise_and(part, np.uint64(1), out=sorted_tag[rows], casting="unsafe")
        part <<= np.uint64(64 - shift)  # drop the guess bits ...
        part >>= np.uint64(64 - shift + tag_bits)  # ... and the tag bit
    return sorted_tag


def stable_order(guess, tag=None, weight=None, out=None):
    """R's order(guess) (ascending, ties in input order), applied.

    Returns the order, and the guesses, the boolean `tag` and the `weight`
    (each when given) in that order.  `out`, three float64 arrays as long
    as `guess` (or the rows of one), receives the order (as int64), the
    sorted guesses and the sorted weights, so that callers can place them
    in memory they use later.

    A stable argsort is slow for large float arrays, so the index (and the
    tag bit below it) is packed into the low bits of a sortable key and the
    keys sorted as plain integers: the tag then comes out sorted with no
    random-access gather, and the order is read back in the same memory.
    Guesses that differ only in those low bits may come out of order; those
    few runs are sorted again exactly.
    """
    n = len(guess)
    if out is None:
        out = np.empty((3, n))
    if n < SMALL:
        return _argsort_applied(guess, tag, weight, out)
    tag_bits = 0 if tag is None else 1
    shift = np.uint64(int(n - 1).bit_length() + tag_bits)
    keys = _packed_keys(guess, tag, shift, out[0])
    keys.sort()
    sorted_tag = _unpack(keys, shift, tag_bits)
    order = keys.view(np.int64)
    sorted_guess, sorted_weight = run_both(
        lambda: np.take(guess, order, out=out[1]),
        lambda: None if weight is None else np.take(weight, order, out=out[2]),
        n,
    )
    wrong = np.flatnonzero(sorted_guess[1:] < sorted_guess[:-1])
    if len(wrong):
        moved = _resort_buckets(order, sorted_guess, shift, wrong)
        if moved is None:
            return _argsort_applied(guess, tag, weight, out)
        for sorted_array in (order, sorted_guess, sorted_tag, sorted_weight):
            if sorted_array is not None:
                sorted_array[moved[0]] = sorted_array[moved[1]]
    return Ordered(order, sorted_guess, sorted_tag, sorted_weight)


def _argsort_applied(guess, tag, weight, out):
    order = out[0].view(np.int64)
    order[:] = np.argsort(guess, kind="stable")
    return Ordered(
        order,
        np.take(guess, order, out=out[1]),
        None if tag is None else tag[order],
        None if weight is None else np.take(weight, order, out=out[2]),
    )


_SIGN = np.uint64(1 << 63)
_KEY_RANGE = (np.uint64(0x000FFFFFFFFFFFFF), np.uint64(0xFFF0000000000000))  # -inf, +inf


def _doubles_of_keys(keys):
    """The doubles whose sortable keys are `keys` (the inverse of
    `_make_sortable`, which gives 0.0, never -0.0)."""
    keys = np.clip(keys, *_KEY_RANGE)  # past the infinities: not numbers
    positive = (keys & _SIGN) != 0
    bits = np.where(positive, keys ^ _SIGN, ~keys)
    doubles = bits.view(np.float64)
    # The largest key below 0.0's is -0.0's bits, equal to 0.0 in comparisons:
    # the top of that bucket is the largest negative double.
    return np.where(doubles == 0, np.where(positive, 0.0, -5e-324), doubles)


# Steps walked from a descent to its bucket's edges before a binary search.
WALK = 8


def _bucket_runs(sorted_guess, shift, wrong):
    """First and stop position of the run of each bucket (the guess bits of
    the key) that holds a descent (`wrong`; the descent's two positions
    share a bucket).

    Runs are short, so each edge is first walked to, WALK steps at most,
    never past the ends of the array.  A run still open after that is
    bounded by binary search: buckets never decrease along `sorted_guess`
    and every guess of a lower bucket is below every guess of a higher one,
    so "guess >= the smallest double of bucket b" is false before b's run
    and true from it on (though guesses within a bucket are out of order);
    likewise "guess > the largest double of b" after it.
    """
    n = len(sorted_guess)
    bucket = _sortable_keys(sorted_guess[wrong]) >> shift
    lowest_bits = (np.uint64(1) << shift) - np.uint64(1)
    edges = []
    for step, edge in ((-1, wrong.copy()), (1, wrong + 1)):
        open_ = np.ones(len(edge), dtype=bool)
        for _ in range(WALK):
            probe = edge + step
            open_ &= (probe >= 0) & (probe < n)
            at = np.flatnonzero(open_)
            if not len(at):
                break
            same = _sortable_keys(sorted_guess[probe[at]]) >> shift == bucket[at]
            edge[at[same]] = probe[at[same]]
            open_[at[~same]] = False
        if open_.any():
            low = bucket[open_] << shift
            edge[open_] = (
                np.searchsorted(sorted_guess, _doubles_of_keys(low), "left")
                if step < 0
                else np.searchsorted(sorted_guess, _doubles_of_keys(low | lowest_bits), "right") - 1
            )
        edges.append(edge)
    start, first = np.unique(edges[0], return_index=True)
    return start, edges[1][first] + 1


def _resort_buckets(order, sorted_guess, shift, wrong):
    """The moves that sort by (guess, index) the runs of equal bucket that
    hold a descent (`wrong`: positions p with guess[p + 1] < guess[p]):
    positions `to` get the elements at positions `from`.

    The integer sort leaves each run of equal bucket in index order, and
    buckets strictly increase from run to run.  A run without a descent
    is therefore already in (guess, index) order; a descent lies inside one
    run (its two guesses share a bucket), and sorting that whole run by
    (guess, index) puts it right.  None when those runs are so long that a
    full stable sort is cheaper.
    """
    start, stop = _bucket_runs(sorted_guess, shift, wrong)
    lengths = stop - start
    if lengths.sum() > len(order) // 4:
        return None
    inside = np.repeat(start - np.cumsum(lengths) + lengths, lengths)
    inside += np.arange(lengths.sum())
    run_of = np.repeat(np.arange(len(start)), lengths)
    return inside, inside[np.lexsort((order[inside], sorted_guess[inside], run_of))]


@in_help
def cumulate(
    guess, label, weight=None, checked=False, start=(0, 0), *, positive=None, direction="<"
):
    """Validate the inputs and return their `Cumulated` counts.

    The one pass every curve and metric reads: `stable_order`, then the
    weighted positive and negative counts at the end of each run of tied
    guesses.  ``checked=True`` skips validation for arrays that
    `check_inputs` already returned.  `start` = (positive, negative) weight
    of observations that come before all of these (a long double each, for
    exact continuation of R's sums, as the Dask backend needs): every count
    begins there, row 0 included.

    `positive` names the label value that is the event (see `check_label`).
    ``direction=">"`` (lower guesses mean positive) counts the negated
    guesses, bit for bit, and reports thresholds on the user's scale:
    descending, ending with -inf; a row's threshold is then the largest
    guess classified positive.
    """
    counts, _ = _cumulate_sorted(guess, label, weight, checked, start, positive, direction)
    return counts


class Sorted(NamedTuple):
    """The observations as `cumulate` sorted them: weights (None for unit
    weights), whether each is positive, and where each run of tied guesses
    ends (True at its last position)."""

    weight: np.ndarray | None
    positive: np.ndarray
    is_end: np.ndarray


def _cumulate_sorted(guess, label, weight, checked, start, positive, direction):
    """`cumulate`, and the `Sorted` observations it read."""
    flip = check_direction(direction) == ">"
    if not checked:
        guess, label, weight = check_inputs(guess, label, weight, positive)
    if flip:
        guess = np.negative(guess)
    n = len(guess)
    # The counts' block, first used for the sort: row 0 gets the order, row
    # 1 the sorted weights and row 2 the sorted guesses, which without ties
    # are the thresholds already.  Fresh memory is slow to touch, so a frame
    # of untied guesses needs no more than its own.
    block = np.empty((5, n + 1))
    stop = prefault(block[2], block[1], block[3:])  # in the order they are written
    _, sorted_guess, positive, sorted_weight = stable_order(
        guess, label, weight, (block[0, :n], block[2, :n], block[1, :n])
    )
    is_end = _run_ends(sorted_guess)
    rows = np.count_nonzero(is_end) + 1
    if rows < n + 1:
        stop()
        block = np.empty((5, rows))
        prefault(block[3:])
        np.compress(is_end, sorted_guess, out=block[2, :-1])
    counts = _tally(sorted_weight, positive, is_end, block, start)
    if flip:
        np.negative(counts.threshold, out=counts.threshold)
    return counts, Sorted(sorted_weight, positive, is_end)


class FromTop(NamedTuple):
    """`cumulate_from_top`'s result: R's `Cumulated` counts, and TP and FP
    (long double, one per row of `counts`) summed from the top."""

    counts: Cumulated
    TP: np.ndarray
    FP: np.ndarray


def cumulate_from_top(guess, label, weight=None, *, positive=None, direction="<"):
    """`cumulate`'s counts, and the weights called positive summed from the top.

    R reads TP as W1 - FN, which cancels where FN is near W1: at the high
    thresholds, where TP is small.  Here the positives' and negatives'
    weights are also summed from the highest guess down, in long double,
    and read (unrounded) at the first observation of each run of tied
    guesses: TP and FP at each of `counts`' rows, accurate in every digit
    (0 on the last row, where nothing is called positive).  One sort
    serves both directions; `counts` keeps R's bits.

    Examples
    --------
    >>> from weightedroc.engine.core import cumulate_from_top
    >>> top = cumulate_from_top([1, 2, 2, 3], [0, 1, 0, 1], [1e20, 1, 2, 3])
    >>> top.TP.astype(float).tolist(), top.counts.TP.tolist()
    ([4.0, 4.0, 3.0, 0.0], [4.0, 4.0, 3.0, 0.0])
    >>> top.FP.astype(float).tolist(), top.counts.FP.tolist()
    ([1e+20, 2.0, 0.0, 0.0], [1e+20, 0.0, 0.0, 0.0])
    """
    counts, seen = _cumulate_sorted(guess, label, weight, False, (0, 0), positive, direction)
    is_start = np.empty_like(seen.is_end)
    is_start[0] = True
    is_start[1:] = seen.is_end[:-1]
    down = slice(None, None, -1)  # from the highest guess
    weights = None if seen.weight is None else seen.weight[down]
    at, tag = is_start[down], seen.positive[down]
    TP, FP = (
        np.append(sums[down], np.longdouble(0))
        for sums in run_both(
            lambda: long_cumsum_where(weights, at, tag),
            lambda: long_cumsum_where(weights, at, tag, invert=True),
            len(at),
        )
    )
    return FromTop(counts, TP, FP)


def cumulate_sorted(sorted_guess, positive, sorted_weight=None):
    """`cumulate`'s counts (direction "<", start 0) of observations already
    in `stable_order`'s order: their guesses, whether each is positive and
    their weights (None for unit weights), all sorted.

    The observations of any subset, picked from sorted arrays by a boolean
    mask, are still in `stable_order`'s order of that subset (ties in input
    order), so their counts are bit for bit `cumulate`'s of the subset:
    one sort serves every subset, as the pairs of classes of a multiclass
    AUC (`weightedroc.curves.multiclass`).

    Examples
    --------
    >>> import numpy as np
    >>> guess, label = np.array([3.0, 1.0, 2.0, 1.0]), np.array([1, 0, 1, 1])
    >>> order = stable_order(guess).order
    >>> counts = cumulate_sorted(guess[order], label[order] == 1)
    >>> counts.FN.tolist() == cumulate(guess, label).FN.tolist()
    True
    """
    is_end = _run_ends(sorted_guess)
    block = np.empty((5, np.count_nonzero(is_end) + 1))
    np.compress(is_end, sorted_guess, out=block[2, :-1])
    return _tally(sorted_weight, positive, is_end, block, (0, 0))


def _run_ends(sorted_guess):
    """Where each run of equal sorted guesses ends (True at its last position)."""
    is_end = np.empty(len(sorted_guess), dtype=bool)
    np.not_equal(sorted_guess[1:], sorted_guess[:-1], out=is_end[:-1])
    is_end[-1:] = True
    return is_end


run_ends = _run_ends  # public: the multiclass AUC reads the runs of each column


def _tally(sorted_weight, positive, is_end, block, start):
    """The `Cumulated` whose `block` (5 rows, one column per threshold) holds
    the thresholds but the last in row 2; rows 3 and 4 get FN and TN."""
    threshold, FN, TN = block[2:]
    threshold[-1] = np.inf
    FN[0], TN[0] = start
    run_both(
        lambda: cumsum_where(sorted_weight, is_end, positive, False, start[0], FN[1:]),
        lambda: cumsum_where(sorted_weight, is_end, positive, True, start[1], TN[1:]),
        len(is_end),
    )
    total_pos, total_neg = FN[-1], TN[-1]
    if not (np.isfinite(total_pos) and np.isfinite(total_neg)):
        raise ValueError(OVERFLOW)
    return Cumulated(threshold, FN, TN, float(total_pos), float(total_neg), block)


def cumulate_into(guess, label, weight, block, scratch, rows=None):
    """`cumulate` of arrays `check_inputs` returned (direction "<", start 0),
    in memory the caller gives: no fresh memory, as for many groups in turn.

    `block` (5 rows of at least ``len(guess) + 1`` float64 columns) gets the
    counts: the returned `Cumulated`'s block is its first columns, one per
    threshold.  `scratch` (3 rows of at least ``len(guess)`` float64
    columns) holds the sort.  Every value is the same bits as `cumulate`'s.

    `rows` (increasing within each label) are the observations' rows when
    they come in another order than their rows': the negatives' rows, then
    the positives', say.  Equal guesses then end up in another order than
    R's, which changes no count (the weights of each label are still added
    in their rows' order, and a run of equal guesses is read at its end)
    and no threshold but the sign of a zero: the run of zeros ends with the
    zero of its last row.
    """
    n = len(guess)
    order, sorted_guess, positive, sorted_weight = stable_order(
        guess, label, weight, (scratch[0, :n], scratch[1, :n], scratch[2, :n])
    )
    if rows is not None:
        _last_row_zero(sorted_guess, order, rows)
    is_end = _run_ends(sorted_guess)
    thresholds = np.count_nonzero(is_end) + 1
    block = block[:, :thresholds]
    if thresholds < n + 1:
        np.compress(is_end, sorted_guess, out=block[2, :-1])
    else:
        block[2, :-1] = sorted_guess
    return _tally(sorted_weight, positive, is_end, block, (0, 0))


def _last_row_zero(sorted_guess, order, rows):
    """End the run of zeros of `sorted_guess` (0.0 and -0.0, sorted from
    observations of `rows` by `order`) with the zero of its last row."""
    first = np.searchsorted(sorted_guess, 0.0, "left")
    stop = np.searchsorted(sorted_guess, 0.0, "right")
    if stop - first > 1:
        last = np.argmax(rows[order[first:stop]])
        sorted_guess[stop - 1] = sorted_guess[first + last]
