"""Many small groups in one pass: every group's `cumulate`, bit for bit.

`roc_table` and `auc_table` over hundreds of thousands of groups (users,
queries, merchants) cannot afford a Python step per group.  Here the rows
are sorted once by (group, guess, row) -- R's order() within each group --
with the groups arranged by their number of rows, so that the rows of the
groups of one size form a 2-D block (one group a row) of the sorted
columns, with no copy.  Each group's running sums then start from zero in
long double, as R's cumsum() of that group's rows does: they are the rows
of a long double cumsum along the block's second axis, not differences of
one running sum over all rows (which would round differently).  The
Python work is per block of about `CHUNK` values, not per group.

The sort is one integer sort of keys that pack each row's group, a
bucket of its guess and its row number (`_one_sort`); rows whose group
and bucket are equal but whose guesses descend are sorted again.

A group of more than `LARGE` rows is a block of its own and goes through
`cumulate`'s own tally (`core`) on its slice of the sorted columns.
"""

from typing import NamedTuple

import numpy as np

from ..utils.signatures import in_help
from .core import _run_ends, _sortable_keys, _tally, stable_order
from .longdouble import CHUNK, chunks
from .rates import fpr, row_areas, tpr
from .threads import prefault, run_both

# A group of more rows than this is tallied on its own (`large_counts`).
LARGE = CHUNK


class Sorted(NamedTuple):
    """The rows sorted by (group, guess, row), the groups by (size, code).

    `guess` (negated for direction ">"), `positive` and `weight` (None for
    unit weights) are in that order; `is_end` is True at the last row of
    each run of equal guesses within a group.  `groups` holds the group
    codes in their sorted order, `sizes` their numbers of rows and
    `starts` where their rows start.  `first_rows[code]` is the first row
    of each group in the input, and `order` each sorted row's row in the
    input.
    """

    guess: np.ndarray
    positive: np.ndarray
    weight: np.ndarray | None
    is_end: np.ndarray
    groups: np.ndarray
    sizes: np.ndarray
    starts: np.ndarray
    first_rows: np.ndarray
    order: np.ndarray


@in_help
def counting_sort(codes, size):
    """The order of the rows by their codes in range(size), ties in row
    order, and where each code's rows end in it."""
    codes = codes.astype(np.intp, copy=False)
    if 0 < size < len(codes) * np.log(len(codes)):  # (else a sort is cheaper)
        try:  # pandas' counting sort (what its groupby uses), with the counts
            from pandas._libs.algos import groupsort_indexer
        except ImportError:  # (a private name, so a stable sort if it moves)
            pass
        else:
            order, counts = groupsort_indexer(codes, size)
            return order, np.cumsum(counts[1:])  # (counts[0]: of code -1, none)
    return np.argsort(codes, kind="stable"), np.cumsum(np.bincount(codes, minlength=size))


def _by_size(sizes):
    """The groups in order of size, then code (a radix sort for sizes
    below 2**16)."""
    if sizes.max() < 1 << 16:
        return np.argsort(sizes.astype(np.uint16), kind="stable")
    return np.argsort(sizes, kind="stable")


def _by_place(places, size, tag):
    """The stable order of `places` (uint64 in range(size), overwritten)
    and `tag` in that order: each place shifted above its position and
    the tag bit, and the keys sorted as integers (faster than a counting
    sort into a million places), then the positions and tags read back."""
    n = len(places)
    shift = np.uint64(max(n - 1, 1).bit_length() + 1)
    if int(shift) + max(int(size) - 1, 1).bit_length() > 64:  # (no room: sort the places)
        order = np.argsort(places, kind="stable")
        return order, tag[order]
    for rows in chunks(n):
        part = places[rows]
        part <<= shift
        part |= np.arange(2 * rows.start, 2 * rows.start + 2 * len(part), 2, dtype=np.uint64)
        part |= tag[rows]
    places.sort()
    sorted_tag = np.empty(n, dtype=bool)
    for rows in chunks(n):
        part = places[rows]
        np.bitwise_and(part, np.uint64(1), out=sorted_tag[rows], casting="unsafe")
        part &= (np.uint64(1) << shift) - np.uint64(1)
        part >>= np.uint64(1)
    return places.view(np.intp), sorted_tag


# A key keeps at least MIN_BUCKET_BITS bits of the guess (else two sorts),
# at most MAX_BUCKET_BITS (buckets are whole doubles, exact below 2**53).
MIN_BUCKET_BITS, MAX_BUCKET_BITS = 8, 52
# Two sorts are cheaper when more than this share of the rows must be
# sorted again after the one sort.
RESORT_SHARE = 0.25
# Share of the guesses (at each end, of a sample) put in the end buckets,
# so that a few outliers do not squeeze the rest into few buckets.
OUTLIERS = 0.001
# Rows of the sample that chooses the buckets (`_bucketing`).
SAMPLE = 4096


def _value_buckets(lo, hi, top):
    """Buckets of equal width in value between lo and hi: the floor of
    (guess - lo) * (top / (hi - lo)), clipped to [0, top].  Every step
    rounds correctly and never decreases, so a smaller guess never has a
    higher bucket, and equal guesses (0.0 and -0.0 too) share one."""
    with np.errstate(over="ignore"):
        span = float(hi) - float(lo)
    scale = top / span if 0 < span < np.inf else 0.0

    def buckets(guess):
        with np.errstate(over="ignore", invalid="ignore"):
            out = np.subtract(guess, lo)
            out *= scale  # (inf * 0 is NaN: such guesses share bucket 0)
        np.floor(out, out=out)
        np.fmax(out, 0, out=out)  # (NaN to 0)
        np.minimum(out, top, out=out)
        return out.astype(np.uint64)

    return buckets


def _key_buckets(lo, hi, top):
    """Buckets of equal width in the guesses' sortable bits (`_sortable_keys`,
    about equal width in log scale): the keys clipped to those of lo and
    hi, less lo's, shifted right until they fit in [0, top].  Integer
    steps that never decrease, on keys ordered as the guesses."""
    low, high = _sortable_keys(np.array([lo, hi], dtype=float))
    shift = np.uint64(max(0, int(high - low).bit_length() - int(top).bit_length()))

    def buckets(guess):
        keys = _sortable_keys(guess)
        np.clip(keys, low, high, out=keys)
        keys -= low
        keys >>= shift
        return keys

    return buckets


BUCKETINGS = (_value_buckets, _key_buckets)


def _bucketing(guess, bits):
    """The function of the guesses to their buckets in range(2**bits) that
    shares the fewest buckets among the guesses of a sample: equal widths
    in value (`_value_buckets`) or in the guesses' bits, about log scale
    (`_key_buckets`), over the sample's range without its `OUTLIERS`."""
    sample = guess[:: max(1, len(guess) // SAMPLE)]
    sample = sample[np.isfinite(sample)]
    if not len(sample):
        return _value_buckets(0.0, 0.0, 0.0)
    lo, hi = np.quantile(sample, [OUTLIERS, 1 - OUTLIERS], method="inverted_cdf")
    top = float((1 << bits) - 1)
    best = None
    for make in BUCKETINGS:
        buckets = make(lo, hi, top)
        _, counts = np.unique(buckets(sample), return_counts=True)
        shared = int(counts @ (counts - 1))  # (pairs of the sample in one bucket)
        if best is None or shared < best[0]:
            best = shared, buckets
    return best[1]


def _in_halves(job, n):
    """job(rows) for the slices of `CHUNK` rows that cover range(n), the
    second half of them in the worker thread (`run_both`)."""
    parts = [slice(first, first + CHUNK) for first in range(0, n, CHUNK)]
    half = len(parts) // 2
    run_both(
        lambda: [job(rows) for rows in parts[:half]],
        lambda: [job(rows) for rows in parts[half:]],
        n,
    )


def _one_sort(guess, positive, weight, codes, place, bits):
    """The order by (group's place, guess, row), and the guesses, positive
    flags and weights (None: unit weights) in it, from one integer sort;
    None when the guesses share buckets so much that two sorts are cheaper.

    Each row's key is (place, bucket of its guess, row, positive flag),
    `bits` = (bucket bits, row bits), packed into uint64 and sorted as
    integers: the rows in (place, bucket, row) order.  Buckets keep the
    order of the guesses (`_bucketing`), so only a run of rows that share a
    place and a bucket can be out of guess order, and only if it holds a
    descent; those runs are sorted again by (guess, row).
    """
    n = len(guess)
    bucket_bits, row_bits = bits
    buckets = _bucketing(guess, bucket_bits)
    keys, order, sorted_guess = np.empty(n, dtype=np.uint64), np.empty(n, np.intp), np.empty(n)
    tag, sorted_weight = np.empty(n, dtype=bool), None if weight is None else np.empty(n)
    unmapped = prefault(keys, order, sorted_guess, *([] if weight is None else [sorted_weight]))

    def pack(rows):
        part = keys[rows]
        np.take(place, codes[rows], out=part)
        part <<= np.uint64(bucket_bits)
        part |= buckets(guess[rows])
        part <<= np.uint64(row_bits)
        part |= np.arange(rows.start, rows.start + len(part), dtype=np.uint64)
        part <<= np.uint64(1)
        part |= positive[rows]

    row_mask = np.uint64((1 << row_bits) - 1)

    def unpack(rows):
        part, at = keys[rows], order[rows]
        np.bitwise_and(part, np.uint64(1), out=tag[rows], casting="unsafe")
        np.right_shift(part, np.uint64(1), out=at.view(np.uint64))
        np.bitwise_and(at.view(np.uint64), row_mask, out=at.view(np.uint64))
        np.take(guess, at, out=sorted_guess[rows])
        if weight is not None:
            np.take(weight, at, out=sorted_weight[rows])

    try:
        _in_halves(pack, n)
        keys.sort()
        _in_halves(unpack, n)
    finally:
        unmapped()
    descents = np.flatnonzero(sorted_guess[1:] < sorted_guess[:-1])
    run_shift = np.uint64(row_bits + 1)
    run = keys[descents] >> run_shift
    wrong = run == keys[descents + 1] >> run_shift  # (not a step to another group)
    if wrong.any():
        low = np.unique(run[wrong]) << run_shift
        start = np.searchsorted(keys, low, "left")
        stop = np.searchsorted(keys, low | ((np.uint64(1) << run_shift) - np.uint64(1)), "right")
        lengths = stop - start
        if lengths.sum() > RESORT_SHARE * n:
            return None
        inside = np.repeat(start - np.cumsum(lengths) + lengths, lengths)
        inside += np.arange(lengths.sum())
        run_of = np.repeat(np.arange(len(start)), lengths)
        moved = inside[np.lexsort((order[inside], sorted_guess[inside], run_of))]
        for array in (order, sorted_guess, tag, sorted_weight):
            if array is not None:
                array[inside] = array[moved]
    return order, sorted_guess, tag, sorted_weight


def _two_sorts(guess, positive, weight, codes, place):
    """`_one_sort`'s result by two sorts: a stable sort by guess
    (`stable_order`), then a stable sort of the rows' places in that order
    (`_by_place`): together a sort by (place, guess, row)."""
    # (the places ride along as float weights: exact below 2**53)
    by_guess = stable_order(guess, positive, np.take(place, codes).astype(float))
    places = by_guess.weight.astype(np.uint64)
    order, sorted_positive = _by_place(places, len(place), by_guess.tag)
    sorted_order = np.take(by_guess.order, order)
    return (
        sorted_order,
        np.take(by_guess.guess, order),
        sorted_positive,
        None if weight is None else np.take(weight, sorted_order),
    )


def sort_groups(guess, positive, weight, codes, size, direction="<"):
    """`Sorted` rows of checked columns, grouped by `codes` (in range(size),
    every code used).

    The groups are placed in order of size, then code, and the rows sorted
    by (group's place, guess, row), as R's order() sorts each group's
    rows: by one integer sort of packed keys (`_one_sort`) when they have
    room for enough bits of the guess, else by a sort by guess and then a
    sort by place (`_two_sorts`).
    """
    n = len(codes)
    sizes = np.bincount(codes, minlength=size)
    groups = _by_size(sizes)
    if direction == ">":
        guess = np.negative(guess)
    row_bits = max(n - 1, 1).bit_length()
    bucket_bits = min(MAX_BUCKET_BITS, 63 - row_bits - max(int(size) - 1, 1).bit_length())
    place = np.empty(size, dtype=np.uint64)  # (each group's place in the sorted order)
    place[groups] = np.arange(size, dtype=np.uint64)
    found = None
    if bucket_bits >= MIN_BUCKET_BITS:
        found = _one_sort(guess, positive, weight, codes, place, (bucket_bits, row_bits))
    if found is None:
        found = _two_sorts(guess, positive, weight, codes, place)
    order, sorted_guess, sorted_positive, sorted_weight = found
    ends = np.cumsum(sizes[groups])
    starts = np.concatenate(([0], ends[:-1]))
    first_rows = np.empty(size, dtype=np.intp)
    first_rows[groups] = np.minimum.reduceat(order, starts)
    is_end = _run_ends(sorted_guess)
    is_end[ends - 1] = True
    return Sorted(
        sorted_guess,
        sorted_positive,
        sorted_weight,
        is_end,
        groups,
        sizes[groups],
        starts,
        first_rows,
        order,
    )


def group_counts(rows, mask):
    """The number of True values of `mask` (in the order of `rows`, a
    `Sorted`) in each group, in the groups' sorted order."""
    return np.add.reduceat(mask, rows.starts, dtype=np.int64)


def blocks(sizes):
    """(first group, stop group, size, large) of the runs of groups of equal
    size (`sizes` sorted), cut so that a block holds at most `CHUNK` rows
    or one group; `large`: a group of more than `LARGE` rows, alone, for
    `large_counts`."""
    cuts = np.flatnonzero(np.diff(sizes)) + 1
    for first, stop in zip(np.concatenate(([0], cuts)), np.concatenate((cuts, [len(sizes)]))):
        size = int(sizes[first])
        step = max(1, CHUNK // size)
        for at in range(int(first), int(stop), step):
            yield at, min(at + step, int(stop)), size, size > LARGE


class Block(NamedTuple):
    """The running counts of the groups of one block: `FN` and `TN` at every
    row (r groups by s rows, in long double then rounded as R's cumsum()
    stores them), and each group's totals."""

    FN: np.ndarray
    TN: np.ndarray
    total_pos: np.ndarray
    total_neg: np.ndarray


def block_counts(rows, first, stop, size):
    """The `Block` of groups first..stop-1 of `rows`, each of `size` rows."""
    lo = int(rows.starts[first])
    hi = lo + (stop - first) * size
    positive = rows.positive[lo:hi].reshape(-1, size)
    if rows.weight is None:  # running counts of ones: exact integers
        FN = np.cumsum(positive, axis=1, dtype=np.int64)
        TN = np.arange(1, size + 1) - FN
        FN, TN = FN.astype(np.float64), TN.astype(np.float64)
    else:
        weight = rows.weight[lo:hi].reshape(-1, size)
        sums = np.empty((2, stop - first, size), dtype=np.longdouble)
        np.multiply(weight, positive, out=sums[0])  # (a weight or +0 in each row)
        np.multiply(weight, ~positive, out=sums[1])
        np.cumsum(sums, axis=2, out=sums)
        with np.errstate(over="ignore"):  # (an overflow to inf is checked by callers)
            FN, TN = sums.astype(np.float64)
    return Block(FN, TN, FN[:, -1].copy(), TN[:, -1].copy())


def at_run_ends(values, is_end):
    """`values` (2-D, a group a row) with each row's value replaced by that
    at the end of its run of equal guesses (`is_end`, same shape)."""
    flat = is_end.ravel()
    ends = np.flatnonzero(flat)
    if len(ends) == flat.size:
        return values
    before = np.cumsum(flat) - flat  # runs that end before each row
    return values.ravel().take(ends.take(before)).reshape(values.shape)


def large_counts(rows, group):
    """`cumulate`'s `Cumulated` of one group of `rows` (in its sorted place
    `group`), from its slice of the sorted columns."""
    lo = int(rows.starts[group])
    part = slice(lo, lo + int(rows.sizes[group]))
    is_end = rows.is_end[part]
    block = np.empty((5, np.count_nonzero(is_end) + 1))
    np.compress(is_end, rows.guess[part], out=block[2, :-1])
    weight = None if rows.weight is None else rows.weight[part]
    return _tally(weight, rows.positive[part], is_end, block, (0, 0))


def _rates(block, is_end):
    """(TPR, FPR) of each group of a `Block`, r groups by s + 1 points: the
    first (1, 1), then the point after each row, the same as at the end of
    its run (so a run of ties adds points equal to its last)."""
    r, s = block.FN.shape
    TPR, FPR = np.empty((2, r, s + 1))
    total_pos, total_neg = block.total_pos[:, None], block.total_neg[:, None]
    tpr(0.0, total_pos, out=TPR[:, :1])
    tpr(at_run_ends(block.FN, is_end), total_pos, out=TPR[:, 1:])
    FPR[:, :1] = total_neg
    np.subtract(total_neg, at_run_ends(block.TN, is_end), out=FPR[:, 1:])
    fpr(FPR, total_neg, out=FPR)
    return TPR, FPR


def block_areas(block, is_end):
    """`trapezoid_area` of each group of a `Block`.

    The points a run of ties repeats add segments of width +0 and rise +0:
    areas of +0, which change no sum (the sums start at +0 and only add
    areas >= +0), so each group's sums are those over its curve's rows.
    """
    return row_areas(*_rates(block, is_end))
