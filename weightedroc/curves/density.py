"""R's ``density()`` and its bandwidth rules, with weights and repeated rows.

The kernel density estimate of `smooth_roc`'s ``method="density"``, ported
from R's stats package so that it equals R's to the last bits:

- the seven kernels of ``density(kernel=)`` (`KERNELS`);
- the bandwidth rules ``bw.nrd0``, ``bw.nrd``, ``bw.ucv``, ``bw.bcv`` and
  ``bw.SJ`` (`bandwidth`), of guesses optionally repeated a whole number of
  times each (frequency weights), with R's ``quantile`` and ``sd``;
- ``density()`` itself: the guesses binned linearly on a grid (R's
  ``BinDist``, with weights), convolved with the kernel by FFT
  (`r_density`), read at the caller's grid (`class_density`).

R 4.4.0 changed the kernel's grid in that convolution (``density(old.coords
= FALSE)``, the default since): the kernel is evaluated at multiples of the
binning step ``(up - lo) / (n - 1)``, where R before 4.4 spread ``2 n`` points
over ``[0, 2 (up - lo)]``, a step ``2 (up - lo) / (2 n - 1)`` slightly
shorter than the binning's, so its densities were a factor ``(2 n - 1) / (2 n
- 2)`` too high (0.1% for R's 512 points) and a little too wide.  ``old_coords=False`` gives R
>= 4.4's values, ``old_coords=True`` those of R < 4.4 (and of R >= 4.4 with
``old.coords = TRUE``).
"""

import math
import numbers

import numpy as np

from ..engine.validation import check_choice
from ..utils.roots import fmin, zeroin
from ..utils.warn import warn

BANDWIDTHS = ("nrd0", "nrd", "ucv", "bcv", "SJ")
# R's density() kernels: each one's kernel at distances `d` for bandwidth `bw`
# (the kernel's standard deviation).
KERNELS = {
    "gaussian": lambda d, bw: np.exp(-0.5 * (d / bw) ** 2) / (bw * math.sqrt(2 * math.pi)),
    "rectangular": lambda d, bw: _inside(d, bw * math.sqrt(3), lambda u, a: 0.5 / a + 0 * u),
    "triangular": lambda d, bw: _inside(d, bw * math.sqrt(6), lambda u, a: (1 - u) / a),
    "epanechnikov": lambda d, bw: _inside(
        d, bw * math.sqrt(5), lambda u, a: 3 / 4 * (1 - u**2) / a
    ),
    "biweight": lambda d, bw: _inside(
        d, bw * math.sqrt(7), lambda u, a: 15 / 16 * (1 - u**2) ** 2 / a
    ),
    "cosine": lambda d, bw: _inside(
        d, bw / math.sqrt(1 / 3 - 2 / math.pi**2), lambda u, a: (1 + np.cos(math.pi * u)) / (2 * a)
    ),
    "optcosine": lambda d, bw: _inside(
        d,
        bw / math.sqrt(1 - 8 / math.pi**2),
        lambda u, a: math.pi / 4 * np.cos(math.pi * u / 2) / a,
    ),
}


def _inside(d, a, kernel):
    """A kernel of support (-a, a): `kernel(|d| / a, a)` inside, 0 outside."""
    u = np.abs(d) / a
    return np.where(u < 1, kernel(u, a), 0.0)


def r_quantiles(guess, counts, probs):
    """R's ``quantile(type = 7)`` of `guess` repeated `counts` times (None:
    once each)."""
    total = len(guess) if counts is None else int(counts.sum())
    index = 1 + max(total - 1, 0) * np.asarray(probs)
    lo, hi = np.floor(index).astype(np.int64), np.ceil(index).astype(np.int64)
    if counts is None:  # a selection, no sort
        ranks = np.unique(np.concatenate((lo, hi)) - 1)
        chosen = np.partition(guess, ranks)
        at_lo, at_hi = chosen[lo - 1], chosen[hi - 1]
    else:
        order = np.argsort(guess, kind="stable")
        ends = np.cumsum(counts[order])
        at_lo = guess[order[np.searchsorted(ends, lo - 1, side="right")]]
        at_hi = guess[order[np.searchsorted(ends, hi - 1, side="right")]]
    h = index - lo
    return np.where((index > lo) & (at_hi != at_lo), (1 - h) * at_lo + h * at_hi, at_lo)


def r_sd(guess, counts):
    """R's ``sd`` of `guess` repeated `counts` times (None: once each)."""
    if counts is None:
        return float(np.std(guess, ddof=1))
    total = counts.sum()
    mean = (counts @ guess) / total
    return math.sqrt((counts @ (guess - mean) ** 2) / (total - 1))


def bandwidth(rule, guess, counts, first):
    """R's ``bw.nrd0``, ``bw.nrd`` or ``bw.SJ`` of `guess` repeated `counts`
    times (None: once each); `first` is R's ``x[1]``."""
    total = len(guess) if counts is None else int(counts.sum())
    if total < 2:
        raise ValueError(f"need at least 2 data points to select a bandwidth (R's bw.{rule})")
    if rule == "SJ":
        return bw_sj(guess, counts)
    if rule in ("ucv", "bcv"):
        return bw_cv(rule, guess, counts)
    sd = r_sd(guess, counts)
    q1, q3 = r_quantiles(guess, counts, (0.25, 0.75))
    if rule == "nrd":
        return 1.06 * min(sd, (q3 - q1) / 1.34) * total**-0.2
    lo = min(sd, (q3 - q1) / 1.34)
    if not lo:
        lo = sd or abs(first) or 1.0
    return 0.9 * lo * total**-0.2


def binned(x, weights, lo, step, size):
    """R's ``BinDist``: the weights of `x` split linearly between the two
    nearest of `size` grid points from `lo` by `step` (then `size` zeros).
    `weights` sum to 1; None for 1/len(x) each."""
    position = (x - lo) / step
    left = np.floor(position)
    fraction = position - left
    left = left.astype(np.intp)
    if left.min() >= 0 and left.max() <= size - 2:  # all inside, as pROC's grids
        right = np.bincount(left, fraction if weights is None else weights * fraction, 2 * size)
        y = np.bincount(left, weights, 2 * size) - right
        y[1:] += right[:-1]
        return y if weights is not None else y / len(x)
    if weights is None:
        weights = np.full(len(x), 1 / len(x))
    inside = (left >= 0) & (left <= size - 2)
    y = np.bincount(left[inside], weights[inside] * (1 - fraction[inside]), 2 * size)
    y += np.bincount(left[inside] + 1, weights[inside] * fraction[inside], 2 * size)
    below, above = left == -1, left == size - 1
    y[0] += weights[below] @ fraction[below]
    y[size - 1] += weights[above] @ (1 - fraction[above])
    return y


# R's bw.ucv, bw.bcv and bw.SJ: pairwise distances counted in 1000 bins
# (bandwidths.c, with its value of pi), then Brent's minimiser as R's
# optimize (optimize.c) or Brent's root finder as R's uniroot (zeroin.c).
SJ_BINS = 1000
SJ_PI = 3.14159265
DELMAX = 1000


def pair_counts(guess, counts, nb=SJ_BINS):
    """R's ``bw_pair_cnts``: (bin width, number of pairs at each bin distance)."""
    if counts is None:
        counts = np.ones(len(guess), dtype=np.int64)
    width = (guess.max() - guess.min()) * 1.01 / nb
    bins = np.trunc(guess / width).astype(np.int64)
    tally = np.bincount(bins - bins.min(), counts).astype(float)
    pairs = np.correlate(tally, tally, mode="full")[len(tally) - 1 :]
    pairs[0] = (tally @ (tally - 1)) / 2  # not an observation with itself
    out = np.zeros(nb)
    out[: min(nb, len(pairs))] = pairs[:nb]
    return width, out


def sj_functional(order, total, width, pairs, h):
    """R's ``bw_phi4`` (order 4) or ``bw_phi6`` (order 6)."""
    delta = (np.arange(len(pairs)) * width / h) ** 2
    keep = np.cumprod(delta < DELMAX).astype(bool)
    delta, pairs = delta[keep], pairs[keep]
    if order == 4:
        term = np.exp(-delta / 2) * (delta * delta - 6 * delta + 3)
        total_sum = 2 * (term @ pairs) + total * 3
        return total_sum / (total * (total - 1) * h**5 * math.sqrt(2 * SJ_PI))
    term = np.exp(-delta / 2) * (delta**3 - 15 * delta**2 + 45 * delta - 15)
    total_sum = 2 * (term @ pairs) - 15 * total
    return total_sum / (total * (total - 1) * h**7 * math.sqrt(2 * SJ_PI))


def cv_criterion(rule, total, width, pairs, h):
    """R's ``bw_ucv`` or ``bw_bcv``: the cross-validation criterion at `h`."""
    delta = (np.arange(len(pairs)) * width / h) ** 2
    keep = np.cumprod(delta < DELMAX).astype(bool)
    delta, pairs = delta[keep], pairs[keep]
    if rule == "ucv":
        term = np.exp(-delta / 4) - math.sqrt(8.0) * np.exp(-delta / 2)
        return 1 / (2 * total * h * math.sqrt(SJ_PI)) + (term @ pairs) / (
            total * total * h * math.sqrt(SJ_PI)
        )
    term = np.exp(-delta / 4) * (delta * delta - 12 * delta + 12)
    return 1 / (2 * total * h * math.sqrt(SJ_PI)) + (term @ pairs) / (
        64 * total * total * h * math.sqrt(SJ_PI)
    )


def bw_cv(rule, guess, counts):
    """R's ``bw.ucv(x)`` or ``bw.bcv(x)`` of `guess` repeated `counts` times."""
    total = len(guess) if counts is None else float(counts.sum())
    width, pairs = pair_counts(guess, counts)
    upper = 1.144 * r_sd(guess, counts) * total ** (-1 / 5)
    lower = 0.1 * upper
    tol = 0.1 * lower
    h = fmin(lambda h: cv_criterion(rule, total, width, pairs, h), lower, upper, tol)
    if h < lower + tol or h > upper - tol:
        warn(
            f"minimum occurred at one end of the range (R's bw.{rule})",
            UserWarning,
        )
    return h


def bw_sj(guess, counts):
    """R's ``bw.SJ(x)`` (method "ste") of `guess` repeated `counts` times."""
    total = len(guess) if counts is None else float(counts.sum())
    width, pairs = pair_counts(guess, counts)
    q1, q3 = r_quantiles(guess, counts, (0.25, 0.75))
    scale = min(r_sd(guess, counts), (q3 - q1) / 1.349)
    a, b = 1.24 * scale * total ** (-1 / 7), 1.23 * scale * total ** (-1 / 9)
    c1 = 1 / (2 * math.sqrt(SJ_PI) * total)
    td = -sj_functional(6, total, width, pairs, b)
    if not (math.isfinite(td) and td > 0):
        raise ValueError("sample is too sparse to find TD (R's bw.SJ)")
    alph2 = 1.357 * (sj_functional(4, total, width, pairs, a) / td) ** (1 / 7)
    if not math.isfinite(alph2):
        raise ValueError("sample is too sparse to find alph2 (R's bw.SJ)")

    def f(h):
        return (c1 / sj_functional(4, total, width, pairs, alph2 * h ** (5 / 7))) ** (1 / 5) - h

    upper = 1.144 * scale * total ** (-1 / 5)
    lower = 0.1 * upper
    tol = 0.1 * lower
    for attempt in range(1, 101):
        f_lower, f_upper = f(lower), f(upper)
        if f_lower * f_upper <= 0:
            root, converged = zeroin(f, lower, upper, f_lower, f_upper, tol)
            if not converged:
                raise ValueError("bw.SJ did not converge (R's uniroot: _NOT_ converged)")
            return root
        if attempt > 99:
            break
        if attempt % 2:
            upper *= 1.2
        else:
            lower /= 1.2
    raise ValueError("no solution in the specified range of bandwidths (R's bw.SJ)")


def r_density(x, weights, bw, kernel, lo, up, size, old_coords=False):
    """R's ``density()$y`` on its internal grid of `size` points from `lo` to
    `up`: `x` binned, convolved with the kernel by FFT (the kernel's grid of
    R >= 4.4, or of R < 4.4 when `old_coords`)."""
    y = binned(x, weights, lo, (up - lo) / (size - 1), size)
    span = 2.0 if old_coords else (2 * size - 1) / (size - 1)
    distance = np.linspace(0, span * (up - lo), 2 * size)
    distance[size + 1 :] = -distance[size - 1 : 0 : -1]
    k = KERNELS[kernel](distance, bw)
    smooth = np.fft.irfft(np.fft.rfft(y) * np.conj(np.fft.rfft(k)), 2 * size)[:size]
    return np.maximum(smooth, 0)


def class_density(x, weights, bw, kernel, grid, old_coords=False):
    """R's ``density(x, weights, bw, kernel, n, from, to, old.coords)$y`` on
    `grid` (`weights` None for none)."""
    size = max(len(grid), 512)
    if size > 512:
        size = 2 ** math.ceil(math.log2(size))
    lo, up = grid[0] - 4 * bw, grid[-1] + 4 * bw
    if weights is not None:
        weights = weights / weights.sum()
    return np.interp(
        grid, np.linspace(lo, up, size), r_density(x, weights, bw, kernel, lo, up, size, old_coords)
    )


def check_density_options(bw, adjust, kernel, cut, old_coords):
    """The density options, checked (`bw` a rule name or a positive number)."""
    if not isinstance(old_coords, (bool, np.bool_)):
        raise TypeError(f"old_coords must be True or False, got {old_coords!r}")
    if isinstance(bw, str):
        check_choice(bw, "bw", BANDWIDTHS)
    elif isinstance(bw, (bool, np.bool_)) or not isinstance(bw, numbers.Real):
        raise TypeError(f"bw must be a positive number or one of {BANDWIDTHS}; got {bw!r}")
    elif not (math.isfinite(bw) and bw > 0):
        raise ValueError(f"'bw' is not positive: got {bw!r}")
    for value, name in ((adjust, "adjust"), (cut, "cut")):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must be a real number, got {value!r}")
        if not math.isfinite(value):
            raise ValueError(f"{name} must be finite, got {value!r}")
    if not adjust > 0:
        raise ValueError(f"'bw' is not positive: adjust must be positive, got {adjust!r}")
    check_choice(kernel, "kernel", tuple(KERNELS))
