"""The standard normal distribution as R computes it: `pnorm` and `qnorm`.

One implementation for the whole package (the binormal smoothing, the
DET axes, Obuchowski's variance, power and the DeLong intervals), on
floats and on arrays alike:

- `pnorm` is ``0.5 * erfc(-x / sqrt(2))``, accurate in both tails
  (``NormalDist.cdf`` loses the upper one to ``1 + erf``);
- `qnorm` is Wichura's AS241, R's algorithm, evaluated in R's order of
  operations, so that it equals R's ``qnorm`` and Python's
  ``statistics.NormalDist().inv_cdf`` bit for bit: vectorised with numpy
  for arrays, ``inv_cdf`` itself for one float (tests/test_normal.py checks
  that the two agree).
  As R, ``qnorm(0) = -inf``, ``qnorm(1) = inf`` and a probability outside
  [0, 1] (or NaN) gives NaN.
"""

import math
from statistics import NormalDist

import numpy as np

__all__ = ["pnorm", "qnorm"]

# Wichura's AS241 (R's qnorm.c, CPython's _normal_dist_inv_cdf): numerators
# and denominators, highest power first, of the central region |p - 0.5| <=
# 0.425, then of the tails with r = sqrt(-log(min(p, 1 - p))) <= 5 and > 5.
CENTRAL = (
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
        5226.495278852854561,
        28729.085735721942674,
        39307.89580009271061,
        21213.794301586595867,
        5394.1960214247511077,
        687.1870074920579083,
        42.313330701600911252,
        1.0,
    ),
)
NEAR_TAIL = (
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
FAR_TAIL = (
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


def _pnorm(x):
    return 0.5 * math.erfc(-x / math.sqrt(2))


_PNORM = np.frompyfunc(_pnorm, 1, 1)


def _log(x):
    """The C library's log, as R and CPython call it: numpy's own (SIMD) log
    of numpy < 2 is off by one ulp at some points (p = 2.614275878493351e-07
    gave a quantile one ulp away from R's and CPython's)."""
    return np.array([math.log(v) if v > 0 else -np.inf if v == 0 else np.nan for v in x.tolist()])


# The same AS241 in C, the same bits: for one probability, some 200 times faster
# than numpy's vectorised evaluation (Obuchowski's derivatives, power).
_INV_CDF = NormalDist().inv_cdf


def pnorm(x):
    """R's ``pnorm``: the standard normal distribution function.

    Parameters
    ----------
    x : float or array-like of float
        Quantiles.

    Returns
    -------
    float or numpy.ndarray
        ``P(Z <= x)``: a float for a scalar `x`, else an array of the shape
        of `x`; ``0.5 * erfc(-x / sqrt(2))``, accurate in both tails.

    Examples
    --------
    >>> from weightedroc.utils.normal import pnorm
    >>> pnorm(1.959963984540054)
    0.975
    >>> pnorm([-10.0, 0.0, 10.0]).tolist()  # R: 7.619853e-24 0.5 1
    [7.619853024160593e-24, 0.5, 1.0]
    """
    if np.ndim(x) == 0:
        return _pnorm(float(x))
    return np.asarray(_PNORM(np.asarray(x, dtype=float)), dtype=float)


def qnorm(p):
    """R's ``qnorm``: the standard normal quantile function.

    Wichura's AS241 as R and ``statistics.NormalDist().inv_cdf`` evaluate
    it (the same bits), vectorised.

    Parameters
    ----------
    p : float or array-like of float
        Probabilities.

    Returns
    -------
    float or numpy.ndarray
        The quantiles: a float for a scalar `p`, else an array of the shape
        of `p`.  As R: -inf at 0, inf at 1, NaN for NaN or a probability
        outside [0, 1].

    Examples
    --------
    >>> from weightedroc.utils.normal import qnorm
    >>> qnorm(0.975)
    1.9599639845400536
    >>> qnorm([0.0, 0.5, 1e-300, 1.0, 1.5]).tolist()  # R: -Inf 0 -37.0471 Inf NaN
    [-inf, 0.0, -37.0470962993612, inf, nan]
    """
    array = np.asarray(p, dtype=float)
    if array.ndim == 0:
        value = float(array)
        return _INV_CDF(value) if 0 < value < 1 else float(_as241(array.reshape(1))[0])
    return _as241(array.ravel()).reshape(array.shape)


def _as241(p):
    """AS241 of a 1-d float array, in the operations of R's qnorm.c."""
    q = p - 0.5
    out = np.empty_like(p)
    central = np.abs(q) <= 0.425
    r = 0.180625 - q[central] ** 2
    numerator, denominator = CENTRAL
    out[central] = q[central] * np.polyval(numerator, r) / np.polyval(denominator, r)
    tail = ~central  # NaN too
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.sqrt(-_log(np.where(q[tail] <= 0, p[tail], 1.0 - p[tail])))
        value = np.full_like(r, np.nan)
        for where, shift, (numerator, denominator) in (
            (r <= 5.0, 1.6, NEAR_TAIL),
            ((r > 5.0) & (r < np.inf), 5.0, FAR_TAIL),
        ):
            x = r[where] - shift
            value[where] = np.polyval(numerator, x) / np.polyval(denominator, x)
    value[r == np.inf] = np.inf  # p = 0 or 1
    out[tail] = np.where(q[tail] < 0, -value, value)
    return out
