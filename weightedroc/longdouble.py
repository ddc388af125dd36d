"""R's sums, bit for bit.

R's cumsum() and sum() add doubles one after another into an 80-bit long
double accumulator and round to double only at the end.  numpy's cumsum on
np.longdouble adds one after another too (np.sum would not: it is pairwise),
so these helpers reproduce R exactly on x86-64.  They work in chunks so that
the 16-byte long double copies stay small and in cache, carrying the long
double running sum from one chunk to the next.
"""

import numpy as np

# Small enough that no temporary is above glibc's mmap threshold (128 KiB):
# those are mapped and unmapped, so their pages fault in on every chunk.
CHUNK = 1 << 16


def chunks(size):
    """The slices of CHUNK positions that cover range(size)."""
    return [slice(first, first + CHUNK) for first in range(0, size, CHUNK)]


def _running(selected, carry, buffer):
    """[carry, carry + selected[0], ...] in long double, in `buffer`."""
    run = buffer[:len(selected) + 1]
    run[0] = carry
    run[1:] = selected
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
    buffer = np.empty(min(CHUNK, size) + 1, dtype=np.longdouble)
    doubles = np.empty(min(CHUNK, size))
    flags = np.empty(min(CHUNK, size), dtype=bool)
    carry, done = np.longdouble(start), 0
    for rows in chunks(size):
        count = len(at[rows])
        selected = None if mask is None else mask[rows]
        if invert:
            selected = np.logical_not(selected, out=flags[:count])
        if values is None:
            selected = np.ones(count, dtype=bool) if selected is None else selected
        elif selected is None:
            selected = values[rows]
        else:
            selected = np.multiply(values[rows], selected, out=doubles[:count])
        run = _running(selected, carry, buffer)
        carry = run[-1]
        taken = np.count_nonzero(at[rows])
        with np.errstate(over="ignore"):  # an overflow to inf is checked by callers
            if taken == count:  # untied guesses: every running sum is read
                np.copyto(out[done:done + taken], run[1:])
            else:
                np.copyto(doubles[:count], run[1:])
                np.take(doubles[:count], np.flatnonzero(at[rows]), out=out[done:done + taken])
        done += taken
    return out


def running_sum(values, start=0):
    """The long double sum of `start` and then `values`, one after another."""
    buffer = np.empty(min(CHUNK, len(values)) + 1, dtype=np.longdouble)
    carry = np.longdouble(start)
    for rows in chunks(len(values)):
        carry = _running(values[rows], carry, buffer)[-1]
    return carry


def rsum(values):
    """R's sum(values): sequential long double sum rounded to double."""
    return float(running_sum(np.asarray(values, dtype=np.float64)))
