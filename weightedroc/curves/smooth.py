"""Smoothed ROC curves and their areas: pROC's ``smooth()``, with weights.

Two methods, as pROC's:

``"binormal"``
    A straight line fitted by least squares to the curve's points on the
    normal deviate scale, ``qnorm(1 - FPR) = a + b * qnorm(TPR)`` (R's
    ``lm(sp ~ se)`` over the points where both are finite), read back at
    `n` sensitivities equally spaced in [0, 1].  The points are those of the
    weighted ROC curve (`WeightedROC`), so with whole-number weights the fit
    is that of the rows repeated.
``"density"``
    R's ``density()`` of the negatives' and of the positives' guesses on a
    common grid of `n` points (a Gaussian kernel by default, bandwidth
    ``bw.nrd0`` of all the guesses together), then the curve of the two
    densities as if each grid point were a threshold.  Weights are R's
    ``density(weights=)``: each class's weights, normalised to sum 1, weigh
    its guesses in the kernel estimate.  The bandwidth rules read the
    guesses as pROC does (``bw.nrd0(c(controls, cases))``): with
    ``weights_are="importance"`` the guesses alone, unweighted, as R's
    ``density(weights=)`` selects its bandwidth; with
    ``weights_are="frequency"`` the rows repeated (their spread and their
    number, the weights' total), so whole-number weights give exactly the
    density of the repeated rows.
"""

import math
import numbers
import warnings

import numpy as np
import pandas as pd

from ..engine.types import ArrayLike, Direction, LabelValue
from ..inference.checks import check_choice, check_frequency, prepared
from .areas import check_range, mcclish, range_areas
from .roc import WeightedROC

__all__ = ["smooth_roc", "smooth_auc"]

METHODS = ("binormal", "density")
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
GIVEN = ("density_controls", "density_cases")
DENSITY_DEFAULTS = {"bw": "nrd0", "adjust": 1, "kernel": "gaussian", "cut": 3}
_PNORM = np.frompyfunc(lambda x: 0.5 * math.erfc(-x / math.sqrt(2)), 1, 1)


def _inside(d, a, kernel):
    """A kernel of support (-a, a): `kernel(|d| / a, a)` inside, 0 outside."""
    u = np.abs(d) / a
    return np.where(u < 1, kernel(u, a), 0.0)


def pnorm(x):
    """R's ``pnorm`` of each value (from ``math.erfc``, accurate in the tails)."""
    return np.asarray(_PNORM(np.asarray(x, dtype=float)), dtype=float)


# Wichura's AS241 (R's qnorm): numerator and denominator coefficients,
# highest power first, for |p - 0.5| <= 0.425, then the tails r <= 5 and r > 5.
_CENTRAL = (
    (
        2509.0809287301226727,
        33430.575583588128105,
        67265.770927008700853,
        45921.953931549871457,
        13731.693765509461125,
        1971.5909503065514427,
        133.14166789178437745,
        3.387132872796366608,
    ),
    (
        5226.495278852545925,
        28729.085735721942674,
        39307.89580009271061,
        21213.794301586595867,
        5394.1960214247511077,
        687.1870074920579083,
        42.313330701600911252,
        1.0,
    ),
)
_NEAR = (
    (
        7.7454501427834140764e-4,
        0.0227238449892691845833,
        0.24178072517745061177,
        1.27045825245236838258,
        3.64784832476320460504,
        5.7694972214606914055,
        4.6303378461565452959,
        1.42343711074968357734,
    ),
    (
        1.05075007164441684324e-9,
        5.475938084995344946e-4,
        0.0151986665636164571966,
        0.14810397642748007459,
        0.68976733498510000455,
        1.6763848301838038494,
        2.05319162663775882187,
        1.0,
    ),
)
_FAR = (
    (
        2.01033439929228813265e-7,
        2.71155556874348757815e-5,
        0.0012426609473880784386,
        0.026532189526576123093,
        0.29656057182850489123,
        1.7848265399172913358,
        5.4637849111641143699,
        6.6579046435011037772,
    ),
    (
        2.04426310338993978564e-15,
        1.4215117583164458887e-7,
        1.8463183175100546818e-5,
        7.868691311456132591e-4,
        0.0148753612908506148525,
        0.13692988092273580531,
        0.59983220655588793769,
        1.0,
    ),
)


def _ratio(coefficients, x):
    numerator, denominator = (np.polyval(c, x) for c in coefficients)
    return numerator / denominator


def qnorm(p):
    """R's ``qnorm`` (Wichura's AS241) of each probability, vectorised:
    -inf at 0, inf at 1."""
    p = np.asarray(p, dtype=float)
    q = p - 0.5
    out = np.empty_like(p)
    central = np.abs(q) <= 0.425
    r = 0.180625 - q[central] ** 2
    out[central] = q[central] * _ratio(_CENTRAL, r)
    tail = ~central
    with np.errstate(divide="ignore"):
        r = np.sqrt(-np.log(np.minimum(p[tail], 1 - p[tail])))
    near, far = _ratio(_NEAR, np.minimum(r, 5) - 1.6), _ratio(_FAR, np.clip(r, 5, 27) - 5)
    value = np.where(r <= 5, near, np.where(np.isinf(r), np.inf, far))
    out[tail] = np.where(q[tail] < 0, -value, value)
    return out


# ---------------------------------------------------------------- binormal
def binormal_fit(tpr, fpr):
    """(a, b) of pROC's ``lm(qnorm(sp) ~ qnorm(se))`` over the finite points."""
    se, sp = qnorm(tpr), -qnorm(fpr)  # qnorm(1 - p) = -qnorm(p)
    finite = np.isfinite(se) & np.isfinite(sp)
    se, sp = se[finite], sp[finite]
    centred = se - se.mean() if len(se) > 1 else se
    spread = float(centred @ centred)
    if len(se) <= 1 or spread == 0:
        raise ValueError(
            "ROC curve not smoothable (not enough points): the binormal fit "
            "needs points with TPR and FPR strictly between 0 and 1 at 2 "
            f"different TPRs at least; the curve has such points at {len(np.unique(se))} TPR(s)"
        )
    slope = float(centred @ (sp - sp.mean())) / spread
    return float(sp.mean() - slope * se.mean()), slope


def r_seq_by(n):
    """R's ``seq(0, 1, 1 / (n - 1))``: steps of 1/(n-1), capped at 1."""
    by = 1 / (n - 1)
    count = int(1 / by + 1e-10)
    return np.minimum(np.arange(count + 1) * by, 1.0)


def binormal_points(tpr, fpr, n):
    """pROC's binormal (TPR, FPR) points (before its anchors), and the fit."""
    a, b = binormal_fit(tpr, fpr)
    z_se = qnorm(r_seq_by(n))
    with np.errstate(invalid="ignore"):
        z_sp = a + b * z_se
    return pnorm(z_se), pnorm(-z_sp), (a, b)


# ---------------------------------------------------------------- density
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


def zeroin(f, a, b, fa, fb, tol, maxit=1000):
    """R's ``R_zeroin2`` (Brent): a root of `f` in [a, b], f(a) = fa, f(b) = fb."""
    if fa == 0:
        return a
    if fb == 0:
        return b
    c, fc = a, fa
    for _ in range(maxit + 1):
        prev_step = b - a
        if abs(fc) < abs(fb):
            a, b, c = b, c, b
            fa, fb, fc = fb, fc, fb
        tol_act = 2 * np.finfo(float).eps * abs(b) + tol / 2
        new_step = (c - b) / 2
        if abs(new_step) <= tol_act or fb == 0:
            return b
        if abs(prev_step) >= tol_act and abs(fa) > abs(fb):
            cb = c - b
            if a == c:
                t1 = fb / fa
                p, q = cb * t1, 1.0 - t1
            else:
                q, t1, t2 = fa / fc, fb / fc, fb / fa
                p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1.0))
                q = (q - 1.0) * (t1 - 1.0) * (t2 - 1.0)
            if p > 0:
                q = -q
            else:
                p = -p
            if p < (0.75 * cb * q - abs(tol_act * q) / 2) and p < abs(prev_step * q / 2):
                new_step = p / q
        if abs(new_step) < tol_act:
            new_step = tol_act if new_step > 0 else -tol_act
        a, fa = b, fb
        b += new_step
        fb = f(b)
        if (fb > 0 and fc > 0) or (fb < 0 and fc < 0):
            c, fc = a, fa
    raise ValueError("bw.SJ did not converge (R's uniroot: _NOT_ converged)")


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


def fmin(f, a, b, tol):
    """R's ``Brent_fmin`` (``optimize``): the minimum of `f` on [a, b]."""
    golden = (3.0 - math.sqrt(5.0)) * 0.5
    eps = math.sqrt(np.finfo(float).eps)
    v = w = x = a + golden * (b - a)
    d = e = 0.0
    fv = fw = fx = f(x)
    tol3 = tol / 3.0
    while True:
        xm = (a + b) * 0.5
        tol1 = eps * abs(x) + tol3
        t2 = tol1 * 2.0
        if abs(x - xm) <= t2 - (b - a) * 0.5:
            return x
        p = q = r = 0.0
        if abs(e) > tol1:  # fit a parabola
            r = (x - w) * (fx - fv)
            q = (x - v) * (fx - fw)
            p = (x - v) * q - (x - w) * r
            q = (q - r) * 2.0
            if q > 0.0:
                p = -p
            else:
                q = -q
            r, e = e, d
        if abs(p) >= abs(q * 0.5 * r) or p <= q * (a - x) or p >= q * (b - x):
            e = (b - x) if x < xm else (a - x)  # a golden-section step
            d = golden * e
        else:  # a parabolic step, not too close to the ends
            d = p / q
            u = x + d
            if u - a < t2 or b - u < t2:
                d = tol1 if x < xm else -tol1
        if abs(d) >= tol1:
            u = x + d
        else:
            u = x + tol1 if d > 0.0 else x - tol1
        fu = f(u)
        if fu <= fx:
            if u < x:
                b = x
            else:
                a = x
            v, w, x = w, x, u
            fv, fw, fx = fw, fx, fu
        else:
            if u < x:
                a = u
            else:
                b = u
            if fu <= fw or w == x:
                v, fv, w, fw = w, fw, u, fu
            elif fu <= fv or v == x or v == w:
                v, fv = u, fu


def bw_cv(rule, guess, counts):
    """R's ``bw.ucv(x)`` or ``bw.bcv(x)`` of `guess` repeated `counts` times."""
    total = len(guess) if counts is None else float(counts.sum())
    width, pairs = pair_counts(guess, counts)
    upper = 1.144 * r_sd(guess, counts) * total ** (-1 / 5)
    lower = 0.1 * upper
    tol = 0.1 * lower
    h = fmin(lambda h: cv_criterion(rule, total, width, pairs, h), lower, upper, tol)
    if h < lower + tol or h > upper - tol:
        warnings.warn(
            f"minimum occurred at one end of the range (R's bw.{rule})",
            UserWarning,
            stacklevel=6,  # the caller of smooth_roc or smooth_auc
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
            return zeroin(f, lower, upper, f_lower, f_upper, tol)
        if attempt > 99:
            break
        if attempt % 2:
            upper *= 1.2
        else:
            lower /= 1.2
    raise ValueError("no solution in the specified range of bandwidths (R's bw.SJ)")


def r_density(x, weights, bw, kernel, lo, up, size):
    """R's ``density()$y`` on its internal grid of `size` points from `lo` to
    `up`: `x` binned, convolved with the kernel by FFT."""
    y = binned(x, weights, lo, (up - lo) / (size - 1), size)
    distance = np.linspace(0, 2 * (up - lo), 2 * size)
    distance[size + 1 :] = -distance[size - 1 : 0 : -1]
    k = KERNELS[kernel](distance, bw)
    smooth = np.fft.irfft(np.fft.rfft(y) * np.conj(np.fft.rfft(k)), 2 * size)[:size]
    return np.maximum(smooth, 0)


def class_density(x, weights, bw, kernel, grid):
    """R's ``density(x, weights, bw, kernel, n, from, to)$y`` on `grid`
    (`weights` None for none)."""
    size = max(len(grid), 512)
    if size > 512:
        size = 2 ** math.ceil(math.log2(size))
    lo, up = grid[0] - 4 * bw, grid[-1] + 4 * bw
    if weights is not None:
        weights = weights / weights.sum()
    return np.interp(
        grid, np.linspace(lo, up, size), r_density(x, weights, bw, kernel, lo, up, size)
    )


def check_density_options(bw, adjust, kernel, cut):
    """The density options, checked (`bw` a rule name or a positive number)."""
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


def given_density(values, name, n):
    """Densities given by the caller over the grid: `n` finite values >= 0."""
    array = np.asarray(values, dtype=float)
    if array.ndim != 1 or len(array) != n:
        raise ValueError(
            f"{name} must give n = {n} densities, one per grid point; got shape {array.shape}"
        )
    if not np.isfinite(array).all() or (array < 0).any() or array.sum() <= 0:
        raise ValueError(f"{name} must be finite non-negative densities, not all 0")
    return array


def density_points(guess, label, weight, frequency, n, flip, options):
    """pROC's density (TPR, FPR) points (before its anchors), as direction
    "<" on the checked guesses (negated when `flip`, for direction ">": the
    caller's densities and functions are read on the caller's scale)."""
    bw, adjust, kernel, cut = (options[k] for k in ("bw", "adjust", "kernel", "cut"))
    given = options["density_controls"], options["density_cases"]
    sign = -1.0 if flip else 1.0
    if all(d is not None and not callable(d) for d in given):
        # on the caller's grid, ascending: reversed on the negated scale
        controls, cases = (given_density(d, name, n)[:: int(sign)] for d, name in zip(given, GIVEN))
        return curve_of(controls, cases)
    if not np.isfinite(guess).all():
        raise ValueError("density smoothing needs finite guesses: found an infinite guess")
    classes = [guess[~label], guess[label]]
    if isinstance(bw, str):
        # pROC's predictor is c(controls, cases): the first control's guess
        # is bw.nrd0's last resort.
        bw = bandwidth(bw, guess, frequency, first=classes[0][0])
    bw = bw * adjust
    low, high = min(c.min() for c in classes), max(c.max() for c in classes)
    grid = np.linspace(low - cut * bw, high + cut * bw, n)
    densities = []
    for density, x, rows, name in zip(given, classes, (~label, label), GIVEN):
        w = None if weight is None else weight[rows]
        if density is None:
            densities.append(class_density(x, w, bw, kernel, grid))
        elif callable(density):
            # f(guesses, weights, points): the density of the guesses at the points
            densities.append(given_density(density(sign * x, w, sign * grid), name, n))
        else:
            densities.append(given_density(density, name, n)[:: int(sign)])
    return curve_of(*densities)


def curve_of(controls, cases):
    """pROC's (TPR, FPR) of two densities on a grid, each grid point a
    threshold (a guess at or above it is called positive)."""
    tails = [np.cumsum(density[::-1])[::-1] for density in (cases, controls)]
    return tuple(tail / tail[0] for tail in tails)  # the first exactly 1


# ---------------------------------------------------------------- the API
def check_n(n):
    """pROC's `n`: a whole number of points, at least 2."""
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(f"n must be a whole number of points, got {n!r}")
    if n < 2:
        raise ValueError(f"n must be at least 2 points, got {n!r}")
    return int(n)


def smoothed(guess, label, weight, method, n, positive, direction, weights_are, options):
    """(TPR, FPR, binormal fit or None): pROC's points with its anchors."""
    check_choice(method, "method", METHODS)
    n = check_n(n)
    if method == "binormal":
        changed = [
            k
            for k, v in DENSITY_DEFAULTS.items()
            if not (isinstance(options[k], (str, numbers.Real)) and options[k] == v)
        ]
        changed += [k for k in ("density_controls", "density_cases") if options[k] is not None]
        if changed:
            raise TypeError(f"{', '.join(changed)} apply to method='density' only, not 'binormal'")
        roc = WeightedROC(guess, label, weight, positive=positive, direction=direction)
        check_frequency(None if weight is None else np.asarray(weight, float), weights_are)
        tpr, fpr, fit = binormal_points(roc["TPR"].to_numpy(), roc["FPR"].to_numpy(), n)
    else:
        check_density_options(*(options[k] for k in DENSITY_DEFAULTS))
        guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
        frequency = check_frequency(weight, weights_are)
        flip = direction == ">"
        tpr, fpr = density_points(guess, label, weight, frequency, n, flip, options)
        fit = None
    if (np.diff(fpr) > 0).any():  # pROC's sort_smooth_roc: specificities ascending
        tpr, fpr = tpr[::-1], fpr[::-1]
    return np.concatenate(([1.0], tpr, [0.0])), np.concatenate(([1.0], fpr, [0.0])), fit


def smooth_roc(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "binormal",
    n: int = 512,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    bw: str | float = "nrd0",
    adjust: float = 1,
    kernel: str = "gaussian",
    cut: float = 3,
    density_controls: ArrayLike | None = None,
    density_cases: ArrayLike | None = None,
) -> pd.DataFrame:
    """A smoothed weighted ROC curve: pROC's ``smooth()``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC` (the direction is never guessed).
    method : {"binormal", "density"}, default "binormal"
        ``"binormal"``: the least-squares line through the weighted
        curve's points on the normal deviate scale, ``qnorm(1 - FPR) = a + b
        * qnorm(TPR)`` (pROC's ``lm(sp ~ se)``).  ``"density"``: kernel
        density estimates of each class's guesses (R's ``density()``).
    n : int, default 512
        Number of smoothed points (pROC's ``n``); pROC's two end points are
        added.
    weights_are : {"importance", "frequency"}, default "importance"
        What the weights mean for the density's bandwidth rule (the
        binormal curve and the density estimates themselves are the same
        either way).  ``"importance"``: the rule reads the guesses
        unweighted, as R's ``density(weights=)``; ``"frequency"``:
        whole-number weights count repeated rows, and the rule reads the
        rows repeated (so the result is pROC's on the repeated rows).
    bw : {"nrd0", "nrd", "ucv", "bcv", "SJ"} or float, default "nrd0"
        Density only: R's bandwidth rule ``bw.nrd0``, ``bw.nrd``, ``bw.ucv``,
        ``bw.bcv`` or ``bw.SJ`` (Sheather and Jones, method "ste") applied
        to all the guesses together (pROC's ``bw``), or the bandwidth
        itself (the kernel's standard deviation).  "ucv" and "bcv" warn as R
        when the minimum is at an end of their search range.
    adjust : float, default 1
        Density only: the bandwidth is multiplied by `adjust`.
    kernel : str, default "gaussian"
        Density only: one of R's kernels, "gaussian", "epanechnikov",
        "rectangular", "triangular", "biweight", "cosine", "optcosine".
    cut : float, default 3
        Density only: the grid runs from the smallest guess minus ``cut *
        bw`` to the largest plus ``cut * bw``.
    density_controls, density_cases : array-like of n floats, or callable, optional
        Density only: the negatives' (controls') or positives' (cases')
        density, given instead of estimated (pROC's ``density.controls`` and
        ``density.cases``): its `n` values at the grid points (ascending,
        on the guesses' scale), or a function ``f(guesses, weights,
        points)`` returning the density of the class's `guesses` (with their
        `weights`, None for unit weights) at the `n` grid points `points`
        (from the smallest guess minus ``cut * bw`` to the largest plus ``cut
        * bw``, as pROC passes ``from`` and ``to``).

    Returns
    -------
    pandas.DataFrame
        Columns ``TPR`` and ``FPR``, ``n + 2`` rows from (1, 1) to (0, 0):
        pROC's sensitivities and 1 - specificities, row for row.  The
        binormal fit's intercept and slope are in ``.attrs["binormal"]``.

    Raises
    ------
    ValueError
        "ROC curve not smoothable (not enough points)" (fewer than 2 points
        inside the unit square), an unknown method, bandwidth rule or
        kernel, a non-positive bandwidth, infinite guesses with
        ``method="density"``, and every input error of `WeightedROC`.
    TypeError
        Density options given with ``method="binormal"``, or options of the
        wrong type.

    See Also
    --------
    smooth_auc : the area under the smoothed curve.

    Examples
    --------
    >>> from weightedroc import smooth_roc
    >>> guess = [0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.7, 0.9, 0.6, 0.3]
    >>> label = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]
    >>> curve = smooth_roc(guess, label, n=5)  # pROC: smooth(roc(label, guess), n = 5)
    >>> curve.round(4)
        TPR     FPR
    0  1.00  1.0000
    1  1.00  1.0000
    2  0.75  0.5405
    3  0.50  0.3049
    4  0.25  0.1308
    5  0.00  0.0000
    6  0.00  0.0000
    >>> {k: round(v, 6) for k, v in curve.attrs["binormal"].items()}
    {'intercept': 0.510465, 'slope': -0.907549}
    >>> smooth_roc(guess, label, method="density", n=4).round(4)
          TPR     FPR
    0  1.0000  1.0000
    1  1.0000  1.0000
    2  1.0000  0.9960
    3  0.6297  0.2193
    4  0.0030  0.0000
    5  0.0000  0.0000
    """
    options = dict(
        bw=bw,
        adjust=adjust,
        kernel=kernel,
        cut=cut,
        density_controls=density_controls,
        density_cases=density_cases,
    )
    tpr, fpr, fit = smoothed(
        guess, label, weight, method, n, positive, direction, weights_are, options
    )
    frame = pd.DataFrame({"TPR": tpr, "FPR": fpr})
    if fit is not None:
        frame.attrs["binormal"] = {"intercept": fit[0], "slope": fit[1]}
    return frame


def smooth_auc(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "binormal",
    n: int = 512,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    bw: str | float = "nrd0",
    adjust: float = 1,
    kernel: str = "gaussian",
    cut: float = 3,
    density_controls: ArrayLike | None = None,
    density_cases: ArrayLike | None = None,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
) -> float:
    """The area under a smoothed weighted ROC curve: pROC's ``auc(smooth(...))``.

    The full binormal area is pROC's closed form ``pnorm(a / sqrt(1 +
    b^2))`` of the fit; every other area (the density curve's, partial
    areas) is the trapezoid rule over the points `smooth_roc` returns,
    interpolated linearly at the range ends, as pROC.

    Parameters
    ----------
    guess, label, weight, method, n, positive, direction, weights_are
        As for `smooth_roc`.
    bw, adjust, kernel, cut, density_controls, density_cases
        As for `smooth_roc` (``method="density"`` only).
    fpr_range, tpr_range : (float, float), optional
        A partial area, as for `partial_auc` (pROC's ``partial.auc`` with
        ``partial.auc.focus`` "specificity" or "sensitivity").
    correct : bool, default False
        McClish's standardisation of the partial area (pROC's
        ``partial.auc.correct``).  Below the diagonal it warns and returns
        the value below 0.5, where pROC returns NA (as `partial_auc`).

    Returns
    -------
    float
        The (partial) area.

    Raises
    ------
    ValueError
        As `smooth_roc`; both ranges given, or a range outside
        ``0 <= lo < hi <= 1``.

    See Also
    --------
    smooth_roc : the smoothed curve.
    partial_auc : partial areas of the empirical curve.

    Examples
    --------
    >>> from weightedroc import smooth_auc
    >>> guess = [0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.7, 0.9, 0.6, 0.3]
    >>> label = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1]
    >>> round(smooth_auc(guess, label), 6)  # pROC: auc(smooth(roc(label, guess)))
    0.647286
    >>> round(smooth_auc(guess, label, n=5, fpr_range=(0, 0.2)), 6)  # partial.auc = c(1, .8)
    0.037088
    >>> round(smooth_auc(guess, label, method="density", n=4), 6)
    0.706262
    """
    options = dict(
        bw=bw,
        adjust=adjust,
        kernel=kernel,
        cut=cut,
        density_controls=density_controls,
        density_cases=density_cases,
    )
    if fpr_range is not None and tpr_range is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    ranges = {}
    for name, given in (("fpr_range", fpr_range), ("tpr_range", tpr_range)):
        if given is not None:
            ranges[name] = check_range(given, name)
    tpr, fpr, fit = smoothed(
        guess, label, weight, method, n, positive, direction, weights_are, options
    )
    if not ranges:
        if fit is not None:
            a, b = fit
            return float(pnorm(a / math.sqrt(1 + b * b)))
        return float(np.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2))
    ((name, (lo, hi)),) = ranges.items()
    areas, diagonal = range_areas(fpr[None, ::-1], tpr[None, ::-1], **{name: (lo, hi)})
    area = float(areas[0])
    if not correct:
        return area
    if area < diagonal:
        warnings.warn(
            f"the partial area {area:g} is below that of the diagonal ({diagonal:g}): "
            "McClish's standardisation is then below 0.5 (pROC returns NA)",
            UserWarning,
            stacklevel=2,
        )
    return mcclish(area, diagonal, lo, hi)
