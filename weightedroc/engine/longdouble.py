"""R's sums, bit for bit.

R's cumsum() and sum() add doubles one after another into an 80-bit long
double accumulator and round to double only at the end.  numpy's cumsum on
np.longdouble adds one after another too (np.sum would not: it is pairwise),
so these helpers reproduce R exactly on x86-64.  They work in chunks so that
the 16-byte long double copies stay small and in cache, carrying the long
double running sum from one chunk to the next.
"""

import numpy as np

from ..utils.signatures import in_help

# Small enough that no temporary is above glibc's mmap threshold (128 KiB):
# those are mapped and unmapped, so their pages fault in on every chunk.
CHUNK = 1 << 16


def chunks(size):
    """The slices of CHUNK positions that cover range(size)."""
    return [slice(first, first + CHUNK) for first in range(0, size, CHUNK)]


def _after(carry, selected, buffer):
    """[carry, selected[0], selected[1], ...] in long double, in `buffer`."""
    run = buffer[: len(selected) + 1]
    run[0] = carry
    run[1:] = selected
    return run


def _running(selected, carry, buffer):
    """[carry, carry + selected[0], ...] in long double, in `buffer`."""
    run = _after(carry, selected, buffer)
    return np.cumsum(run, out=run)


def cumsum_where(values, at, mask=None, invert=False, start=0, out=None):
    """R's cumsum(ifelse(mask, values, 0))[at], in one chunked pass.

    `at` is a boolean array as long as `values`: the running sum is read
    where it is True, rounded to double exactly as R's cumsum returns it.
    `mask` (boolean, optional) selects the values added; ``invert=True``
    selects where it is False.  Adding a zero changes no long double sum,
    so unselected values are added as zeros.  ``values=None`` means a
    weight of 1 for every observation (the running counts are then exact
    integers).  `start` (a long double) is where the sum begins, as if
    earlier values had been added first.  `out`, if given, receives the
    ``at.sum()`` results.
    """
    size = len(at)
    if out is None:
        out = np.empty(np.count_nonzero(at))
    if values is None:
        if np.longdouble(start) % 1 == 0:
            return _counts_where(at, mask, invert, start, out)
        values = np.ones(size)
    buffer = np.empty(min(CHUNK, size) + 1, dtype=np.longdouble)
    doubles = np.empty(min(CHUNK, size))
    flags = np.empty(min(CHUNK, size), dtype=bool)
    carry, done = np.longdouble(start), 0
    for rows in chunks(size):
        count = len(at[rows])
        selected = values[rows]
        if mask is not None:
            chosen = np.logical_not(mask[rows], out=flags[:count]) if invert else mask[rows]
            selected = np.multiply(selected, chosen, out=doubles[:count])
        run = _running(selected, carry, buffer)
        carry = run[-1]
        done = _read(run[1:], at[rows], out, done, doubles)
    return out


def long_cumsum_where(values, at, mask=None, invert=False):
    """`cumsum_where` from 0, read as long doubles: not rounded to double.

    For arithmetic that needs the running sums' extra bits (a quotient
    of two of them, rounded once), not for R's bits.  Same arguments
    as `cumsum_where`; views with negative strides (``values[::-1]``, to
    sum from the other end) are fine.
    """
    size = len(at)
    out = np.empty(np.count_nonzero(at), dtype=np.longdouble)
    if values is None:
        values = np.ones(size)
    buffer = np.empty(min(CHUNK, size) + 1, dtype=np.longdouble)
    carry, done = np.longdouble(0), 0
    for rows in chunks(size):
        selected = values[rows]
        if mask is not None:
            selected = selected * (~mask[rows] if invert else mask[rows])
        run = _running(selected, carry, buffer)
        carry = run[-1]
        taken = np.compress(at[rows], run[1:])
        out[done : done + len(taken)] = taken
        done += len(taken)
    return out


def _counts_where(at, mask, invert, start, out):
    """`cumsum_where` for unit weights: R's long double running sums of ones
    are exact integers, so integer running counts give the same doubles."""
    counts = np.empty(min(CHUNK, len(at)), dtype=np.int64)
    doubles = np.empty(len(counts))
    carry, done = int(start), 0
    for rows in chunks(len(at)):
        run = counts[: len(at[rows])]
        run[:] = True if mask is None else ~mask[rows] if invert else mask[rows]
        np.cumsum(run, out=run)
        run += carry
        carry = int(run[-1])
        done = _read(run, at[rows], out, done, doubles)
    return out


def _read(run, at, out, done, scratch):
    """out[done:] = run[at] as doubles, using the double `scratch`; returns
    the new `done`."""
    taken = np.count_nonzero(at)
    target = out[done : done + taken]
    with np.errstate(over="ignore"):  # an overflow to inf is checked by callers
        if taken == len(at):  # untied guesses: every running sum is read
            np.copyto(target, run, casting="unsafe")
        else:  # round first: gathering doubles is faster than long doubles
            rounded = scratch[: len(run)]
            np.copyto(rounded, run, casting="unsafe")
            np.take(rounded, np.flatnonzero(at), out=target)
    return done + taken


@in_help
def running_sum(values, start=0):
    """The long double sum of `start` and then `values`, one after another.

    numpy's dot product of long doubles is a plain loop that adds each
    product to one long double, in order; a product by 1 is exact, so a
    dot with ones is R's sum, about three times faster than a cumsum.
    """
    buffer = np.empty(min(CHUNK, len(values)) + 1, dtype=np.longdouble)
    ones = np.ones(len(buffer), dtype=np.longdouble)
    carry = np.longdouble(start)
    for rows in chunks(len(values)):
        run = _after(carry, values[rows], buffer)
        carry = np.dot(run, ones[: len(run)])
    return carry


def rsum(values):
    """R's sum(values): sequential long double sum rounded to double."""
    return float(running_sum(np.asarray(values, dtype=np.float64)))
