"""Grouped kernels: the curves and AUCs of many groups of one set of rows.

The engine of `weightedroc.tidy`'s tables (and of `group_auc`): few large
groups (models, folds) are grouped once (a counting sort of the group
codes and labels), and each group is sorted in scratch memory that stays in
cache, two groups at a time (`each_group`); many small groups (users,
queries: fewer than `MANY` rows a group on average) are computed all at
once (`weightedroc.engine.many`: `sorted_rows`, `sorted_aucs`,
`sorted_curves`).  Each group's numbers are exactly `WeightedROC`'s of that
group's rows.  Errors name a group through a ``describe(row)`` callable:
the front end knows the frame.
"""

import threading

import numpy as np

from ..utils.signatures import in_help
from .core import OVERFLOW, cumulate, cumulate_into
from .longdouble import CHUNK
from .many import (
    at_run_ends,
    block_areas,
    block_counts,
    blocks,
    counting_sort,
    group_counts,
    large_counts,
    sort_groups,
)
from .rates import fpr, rates, tpr, trapezoid_area
from .threads import prefault, run_shared

# Groups are shared between two threads when they have this many rows on
# average: a smaller group's work is mostly Python's, one thread at a time.
SHARED = 1 << 14
# Groups of fewer rows than this on average are computed all at once
# (`engine.many`); larger ones one after another, each sorted in cache.
MANY = 1 << 10


@in_help
def grouped(arrays, codes):
    """`_checked`'s columns and the rows grouped by group and label: (guess,
    positive, weight, order, ends) as `each_group` reads them.

    Without codes, order is None and ends is [rows].  With them, the order
    is one counting sort of (group code, label): group k's negatives (in
    row order) end at ends[2k], its positives (in row order) at ends[2k + 1].
    """
    g, positive, w = arrays
    if codes is None:
        return g, positive, w, None, np.array([len(g)])
    keys = np.left_shift(codes[0], 1, dtype=np.intp)
    keys += positive
    return (g, positive, w, *counting_sort(keys, 2 * codes[1]))


@in_help
def only_one_label():
    return ValueError(
        "only one label value; a ROC curve needs both positive and negative observations"
    )


@in_help
def first_rows(order, ends):
    """Each group's first row in `data` (`grouped`'s order and ends)."""
    starts, middles, stops = np.concatenate(([0], ends[1:-1:2])), ends[::2], ends[1::2]
    first = order[starts]
    both = (starts < middles) & (middles < stops)  # negatives and positives
    first[both] = np.minimum(first[both], order[middles[both]])
    return first


@in_help
def each_group(describe, direction, grouping, job, block=None):
    """[job(Cumulated) of each group], in group order; an error names the
    group by ``describe(row)`` of its first row.

    The rows are grouped by one stable counting sort of (group code,
    label) (`grouped`); each group's rows are gathered into scratch memory
    and `cumulate_into`d (which sorts them by guess), so together they are
    one sort by (group, guess, label, row), and each group's counts are the
    bits `WeightedROC` computes from that group's rows.  Large groups are
    shared between two threads (`run_shared`), each with its own scratch,
    so `job` must only read its counts or write their block.

    With `block` (5 rows of as many columns as rows plus groups) group k's
    counts are written into it from column ``k`` plus the group's first
    position in the order (its rows and one more at most: see `packed`);
    without it, each group's counts overwrite the thread's last group's.
    """
    g, positive, w, order, ends = grouping
    if order is None:  # one group: all rows as they are
        try:
            if positive.all() or not positive.any():
                raise only_one_label()
            counts = cumulate(g, positive, w, checked=True, direction=direction)
        except ValueError as error:
            raise ValueError(f"group {describe(0)}: {error}") from None
        return [job(counts)]
    bounds = np.concatenate(([0], ends))  # group k: bounds[2k : 2k + 3]
    largest = int((bounds[2::2] - bounds[:-1:2]).max())
    groups = len(ends) // 2
    results = [None] * groups
    errors = {}  # group: its error; no group after the first failed one is started
    taken = iter(range(groups))
    lock = threading.Lock()

    def work():
        # The group's guesses and weights (gathered), labels (known from the
        # order: negatives first) and sort stay in cache, in memory every
        # group of this thread reuses.
        scratch, gathered = np.empty((3, largest)), np.empty((2, largest))
        tags = np.empty(largest, dtype=bool)
        own = np.empty((5, largest + 1)) if block is None else None
        while True:
            with lock:
                k = next(taken, None)
                if k is None or (errors and k > min(errors)):
                    return
            start, middle, stop = (int(at) for at in bounds[2 * k : 2 * k + 3])
            size = stop - start
            rows = order[start:stop]  # the negatives, then the positives
            try:
                if middle in (start, stop):
                    raise only_one_label()
                tags[: middle - start] = False
                tags[middle - start : size] = True
                # (mode="clip": the rows are in range, and numpy copies out= otherwise)
                group_guess = np.take(g, rows, out=gathered[0, :size], mode="clip")
                if direction == ">":
                    np.negative(group_guess, out=group_guess)
                group_weight = (
                    None if w is None else np.take(w, rows, out=gathered[1, :size], mode="clip")
                )
                counts = cumulate_into(
                    group_guess,
                    tags[:size],
                    group_weight,
                    own if block is None else block[:, start + k :],
                    scratch,
                    rows,
                )
                if direction == ">":  # thresholds on the guesses' own scale
                    np.negative(counts.threshold, out=counts.threshold)
                results[k] = job(counts)
            except BaseException as error:
                with lock:
                    errors[k] = error
                return

    run_shared(work, len(order) if len(order) >= SHARED * groups else 0)
    if errors:
        k = min(errors)
        if not isinstance(errors[k], ValueError):
            raise errors[k]
        first = first_rows(order, ends)[k]
        raise ValueError(f"group {describe(first)}: {errors[k]}") from None
    return results


@in_help
def all_at_once(arrays, codes, one_label):
    """Whether the groups are computed all at once (`engine.many`): many
    small groups, or groups with one label to be skipped or kept."""
    n = len(arrays[0])
    if codes is None:
        return one_label != "error"
    return one_label != "error" or n < MANY * codes[1]


@in_help
def sorted_rows(arrays, codes, direction):
    """`engine.many`'s `Sorted` rows and, per group in their sorted order,
    whether it has one label value only."""
    g, positive, w = arrays
    codes = (np.zeros(len(g), dtype=np.intp), 1) if codes is None else codes
    rows = sort_groups(g, positive, w, *codes, direction=direction)
    positives = group_counts(rows, rows.positive)
    return rows, (positives == 0) | (positives == rows.sizes)


@in_help
def sorted_aucs(rows, one):
    """(AUC, positive weight, negative weight) of each group of `rows`, in
    their sorted order: NaN AUC for groups with one label value, infinite
    weights where they overflow."""
    auc, total_pos, total_neg = np.empty((3, len(rows.sizes)))
    with np.errstate(divide="ignore", invalid="ignore"):  # one label: 0 / 0
        for first, stop, size, large in blocks(rows.sizes):
            if large:
                try:
                    counts = large_counts(rows, first)
                except ValueError:  # (its only error: the totals overflow)
                    auc[first] = total_pos[first] = total_neg[first] = np.inf
                    continue
                auc[first] = np.nan if one[first] else trapezoid_area(*rates(counts))
                total_pos[first], total_neg[first] = counts.total_pos, counts.total_neg
            else:
                counts = block_counts(rows, first, stop, size)
                start = int(rows.starts[first])
                is_end = rows.is_end[start : start + (stop - first) * size].reshape(-1, size)
                auc[first:stop] = block_areas(counts, is_end)
                total_pos[first:stop], total_neg[first:stop] = counts.total_pos, counts.total_neg
    auc[one] = np.nan
    return auc, total_pos, total_neg


def _block_curves(rows, first, stop, size, lengths, columns, at):
    """Write the thresholds, FN and TN of the curves of the groups
    first..stop-1 of `rows` (each of `size` rows; `lengths` points each,
    0: left out) into `columns` from their places `at`; returns their
    `Block` counts.

    Each group's s + 1 candidate points (the first, then the point after
    each row) are laid out as a row of a 2-D block; the curve keeps the
    first and those after the last row of each run of tied guesses, and
    each kept point's threshold is the guess of the run that starts there.
    """
    counts = block_counts(rows, first, stop, size)
    part = slice(int(rows.starts[first]), int(rows.starts[first]) + (stop - first) * size)
    is_end = rows.is_end[part].reshape(-1, size)
    block = np.empty((3, stop - first, size + 1))
    threshold, FN, TN = block
    threshold[:, :-1] = at_run_ends(rows.guess[part].reshape(-1, size), is_end)
    threshold[:, -1] = np.inf
    for column, sums in ((FN, counts.FN), (TN, counts.TN)):
        column[:, 0] = 0
        column[:, 1:] = sums
    kept = lengths[first:stop] > 0
    if kept.all() and is_end.all():  # no ties: every point is kept
        places = (at[first:stop, None] + np.arange(size + 1)).ravel()
        for column, values in zip(columns[2:], block):
            column[places] = values.ravel()
        return counts
    points = lengths[first:stop][kept]
    places = np.repeat(at[first:stop][kept] - (np.cumsum(points) - points), points)
    places += np.arange(len(places))
    keep = np.empty((stop - first, size + 1), dtype=bool)
    keep[:, 0] = True
    keep[:, 1:] = is_end
    keep &= kept[:, None]
    keep = keep.ravel()
    for column, values in zip(columns[2:], block):
        column[places] = values.ravel().compress(keep)
    return counts


@in_help
def sorted_curves(rows, one, one_label):
    """The curves of the groups of `rows` (in their sorted order), one after
    another in key order, as one (5, points) block; and each group's
    number of points (0 if skipped) and total weights, in sorted order.

    The blocks write each point's threshold, FN and TN; the rates and FP
    are then computed in one pass over the result, with R's arithmetic."""
    points = group_counts(rows, rows.is_end) + 1
    lengths = np.where(one, 0, points) if one_label == "skip" else points
    in_key_order = np.zeros(len(lengths), dtype=np.int64)
    in_key_order[rows.groups] = lengths
    at = (np.cumsum(in_key_order) - in_key_order)[rows.groups]
    columns = np.empty((5, int(lengths.sum())))
    mapped = prefault(columns)  # (in the background, while the first blocks run)
    total_pos, total_neg = np.zeros((2, len(lengths)))
    try:
        for first, stop, size, large in blocks(rows.sizes):
            if not large:
                counts = _block_curves(rows, first, stop, size, lengths, columns, at)
            elif one[first]:  # (skipped, or an error)
                continue
            else:
                try:
                    counts = large_counts(rows, first)
                except ValueError:  # (its only error: the totals overflow)
                    total_pos[first] = np.inf
                    continue
                curve = slice(at[first], at[first] + lengths[first])
                columns[2:, curve] = counts.threshold, counts.FN, counts.TN
            total_pos[first:stop], total_neg[first:stop] = counts.total_pos, counts.total_neg
    finally:
        mapped()
    curve_rates(columns, lengths, total_pos, total_neg, rows.groups)
    return columns, lengths, total_pos, total_neg


def curve_rates(columns, lengths, total_pos, total_neg, groups):
    """TPR = 1 - FN / W1, FP = W-1 - TN and FPR = FP / W-1 of the curves in
    `columns` (in key order), R's arithmetic, in chunks of about `CHUNK`
    points: each chunk's repeated totals are small and reused memory."""
    kept = lengths > 0
    key_order = np.argsort(groups[kept])
    points = lengths[kept][key_order]
    totals = total_pos[kept][key_order], total_neg[kept][key_order]
    ends = np.cumsum(points)
    cuts = np.searchsorted(ends, np.arange(CHUNK, int(ends[-1]) if len(ends) else 0, CHUNK))
    bounds = np.unique(np.concatenate(([0], cuts + 1, [len(points)])))
    bounds = bounds[bounds <= len(points)]
    starts = np.concatenate(([0], ends))
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        part = columns[:, starts[lo] : starts[hi]]
        W1, W0 = (np.repeat(total[lo:hi], points[lo:hi]) for total in totals)
        with np.errstate(divide="ignore", invalid="ignore"):  # one label: 0 / 0
            tpr(part[3], W1, out=part[0])
            fpr(np.subtract(W0, part[4], out=part[4]), W0, out=part[1])


@in_help
def packed(columns, ends, sizes):
    """Move the groups' curves (group k from column k plus its first position
    in the order, `sizes` columns) together, from column 0; returns their
    number of columns."""
    at = 0
    for k, size in enumerate(sizes):
        source = k if k == 0 else int(ends[2 * k - 1]) + k
        if source != at:  # (overlapping moves are copied through a buffer)
            columns[:, at : at + size] = columns[:, source : source + size]
        at += size
    return at


@in_help
def in_key_order(rows, values):
    """Per-group `values` in the groups' sorted order, put in key order."""
    found = np.empty_like(values)
    found[rows.groups] = values
    return found


def group_aucs(arrays, codes, direction):
    """(AUC, rows, positive weight, negative weight) of each group, in key
    order, and the rows' order by (group, guess, row) of their one sort
    (groups placed by size: `Sorted.order`), for validated `arrays` (guess,
    positive, weight) and group `codes` (code of each row, number of
    groups) where every group has both labels: each AUC is `WeightedAUC` of
    the group's rows, bit for bit."""
    rows, one = sorted_rows(arrays, codes, direction)
    if one.any():
        raise only_one_label()
    auc, total_pos, total_neg = (in_key_order(rows, v) for v in sorted_aucs(rows, one))
    if not (np.isfinite(total_pos).all() and np.isfinite(total_neg).all()):
        raise ValueError(OVERFLOW)
    return auc, in_key_order(rows, rows.sizes), total_pos, total_neg, rows.order
