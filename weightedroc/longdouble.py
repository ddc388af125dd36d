"""R's sums, bit for bit.

R's cumsum() and sum() add doubles one after another into an 80-bit long
double accumulator and round to double only at the end.  numpy's cumsum on
np.longdouble adds one after another too (np.sum would not: it is pairwise),
so these helpers reproduce R exactly on x86-64.  They work in chunks so that
the 16-byte long double copies stay small and in cache.
"""

import numpy as np

CHUNK = 1 << 16


def _chunk_bounds(positions, size):
    """For each chunk of CHUNK values, where its positions end."""
    return np.searchsorted(positions, np.arange(CHUNK, size + CHUNK, CHUNK))


def cumsum_at(values, positions):
    """R's cumsum(values)[positions + 1] as float64, without the full cumsum.

    `positions` are 0-based and ascending (-1 gives 0).  Each output is the
    long double running sum rounded to double, exactly as R's cumsum
    returns it.
    """
    return masked_cumsum_at(values, None, positions)


def masked_cumsum_at(values, mask, positions, invert=False, start=0, out=None):
    """R's cumsum(ifelse(mask, values, 0))[positions + 1], in one pass.

    The same as ``cumsum_at(np.where(mask, values, 0), positions)`` (adding
    a zero changes no long double sum) but adds only the selected values
    and needs no array as large as `values`.  ``mask=None`` selects every
    value; ``invert=True`` selects where `mask` is False.  `start` (a long
    double) is where the running sum begins, as if earlier values had been
    added first.  `out`, if given, receives the result.
    """
    if out is None:
        out = np.empty(len(positions), dtype=np.float64)
    buffer = np.empty(min(CHUNK, len(values)) + 1, dtype=np.longdouble)
    carry = np.longdouble(start)
    done = 0
    for first, stop in zip(range(0, len(values), CHUNK), _chunk_bounds(positions, len(values))):
        chunk = values[first:first + CHUNK]
        here = positions[done:stop] - first  # positions within the chunk
        if mask is None:
            selected, taken = chunk, here + 1
        else:
            chunk_mask = ~mask[first:first + CHUNK] if invert else mask[first:first + CHUNK]
            selected = chunk[chunk_mask]
            taken = np.cumsum(chunk_mask)[here]  # selected so far
        run = buffer[:len(selected) + 1]
        run[0] = carry
        run[1:] = selected
        np.cumsum(run, out=run)
        carry = run[-1]
        with np.errstate(over="ignore"):  # an overflow to inf is checked by callers
            out[done:stop] = run[taken]
        done = stop
    return out


def rsum(values):
    """R's sum(values): sequential long double sum rounded to double."""
    if len(values) == 0:
        return 0.0
    return float(cumsum_at(values, np.array([len(values) - 1]))[0])
