"""Maximum-likelihood fits of MASS's ``fitdistr``, for `smooth_roc`'s
``method="fitdistr"``.

pROC's ``smooth(method = "fitdistr")`` fits a distribution to each class's
guesses with ``MASS::fitdistr`` and reads the fitted densities on ``n``
equally spaced points from the smallest guess to the largest.  pROC offers
MASS's other names too, but the discrete ones (Poisson, geometric, negative
binomial) have no density between whole numbers, beta, chi-squared and F
need starting values, and "t" fails in pROC (its fit's names ``m``, ``s``
are not arguments of ``dt``).  Here:

- ``"normal"``, ``"lognormal"`` (``"log-normal"``) and ``"exponential"``:
  MASS's closed forms (the mean, and the standard deviation with divisor
  ``n``), which equal MASS's to rounding;
- ``"weibull"``, ``"gamma"``, ``"cauchy"`` and ``"logistic"``:
  MASS starts R's ``optim`` (BFGS with finite-difference gradients, relative
  tolerance 1e-8 on the log-likelihood) from its own starting values; here
  the same likelihood is maximised from the same start by scipy's BFGS
  with exact gradients (on the log scale of the positive parameters) until
  the gradient is below 1e-11, which is the exact maximum to far more
  digits than MASS's answer.  The two agree to what
  ``optim`` resolves: MASS's log-likelihood is below this one by up to
  about 1e-8 relative, and its parameters differ by up to 3e-4 relative
  (the gamma's shape and rate, on a flat ridge of the likelihood), so
  curves from these fits match pROC's to about 1e-4, not 1e-8.

Weights: the fit maximises the weighted log-likelihood ``sum(w *
log f(x))``; whole-number weights so give the fit of the rows repeated
(importance or frequency alike, the maximum does not depend on the
weights' scale), and rows of weight 0 are left out.
"""

import math

import numpy as np

DISTRIBUTIONS = (
    "normal",
    "lognormal",
    "log-normal",
    "exponential",
    "weibull",
    "gamma",
    "cauchy",
    "logistic",
)


def _moments(x, w):
    """Weighted mean and standard deviation with divisor sum(w) (MASS's
    ``sqrt((n - 1) / n) * sd(x)``)."""
    total = w.sum()
    mean = (w @ x) / total
    return mean, math.sqrt((w @ (x - mean) ** 2) / total)


def _r_var(x, w):
    mean = (w @ x) / w.sum()
    return (w @ (x - mean) ** 2) / (w.sum() - 1)


def _r_quantile(x, w, p):
    """R's quantile(type = 7) of `x` repeated `w` times (whole w), else of `x`."""
    if np.all(w == np.round(w)):
        x = np.repeat(x, w.astype(np.int64))
    return float(np.quantile(x, p))


def _start(name, x, w):
    """MASS's starting values."""
    if name == "weibull":
        lx = np.log(x)
        shape = 1.2 / math.sqrt(_r_var(lx, w))
        return np.array([shape, math.exp((w @ lx) / w.sum() + 0.572 / shape)])
    if name == "gamma":
        m, v = (w @ x) / w.sum(), _r_var(x, w)
        return np.array([m * m / v, m / v])
    iqr = _r_quantile(x, w, 0.75) - _r_quantile(x, w, 0.25)
    return np.array([_r_quantile(x, w, 0.5), iqr / 2])  # cauchy, logistic


def _log_density(name, x, p):
    """R's ``d<name>(x, p, log = TRUE)`` of the optimised distributions."""
    from scipy.special import gammaln

    a, b = p
    if name == "weibull":  # shape, scale
        u = x / b
        with np.errstate(divide="ignore"):
            return np.log(a / b) + (a - 1) * np.log(u) - u**a
    if name == "gamma":  # shape, rate
        with np.errstate(divide="ignore", invalid="ignore"):
            return a * np.log(b) - gammaln(a) + (a - 1) * np.log(x) - b * x
    z = (x - a) / b
    if name == "cauchy":  # location, scale
        return -np.log(np.pi * b) - np.log1p(z * z)
    z = np.abs(z)  # logistic: location, scale (symmetric)
    return -np.log(b) - z - 2 * np.log1p(np.exp(-z))


def _score(name, x, p):
    """The log-density's derivatives in the parameters' logarithms (the
    location's own for cauchy and logistic), one row per observation."""
    from scipy.special import digamma, expit

    a, b = p
    if name == "weibull":
        u = x / b
        log_u, power = np.log(u), u**a
        return np.stack((1 + a * log_u * (1 - power), a * (power - 1)), 1)
    if name == "gamma":
        return np.stack((a * (np.log(b) - digamma(a) + np.log(x)), a - b * x), 1)
    z = (x - a) / b
    if name == "cauchy":
        share = 2 * z / (1 + z * z)
        return np.stack((share / b, -1 + z * share), 1)
    slope = 1 - 2 * expit(z)  # logistic: d log f / dz
    return np.stack((-slope / b, -1 - z * slope), 1)


def _maximise(name, x, w, start):
    """The weighted maximum-likelihood estimate from `start`: BFGS with exact
    gradients on the log scale of the positive parameters."""
    from scipy.optimize import minimize

    total = w.sum()
    logged = [1] if name in ("cauchy", "logistic") else [0, 1]

    def natural(q):
        p = np.array(q, dtype=float)
        p[logged] = np.exp(p[logged])
        return p

    def loss(q):
        p = natural(q)
        with np.errstate(all="ignore"):
            value = -(w @ _log_density(name, x, p)) / total
            gradient = -(w @ _score(name, x, p)) / total
        if not (np.isfinite(value) and np.isfinite(gradient).all()):
            return np.inf, np.zeros(2)
        return value, gradient

    q0 = np.array(start, dtype=float)
    q0[logged] = np.log(q0[logged])
    result = minimize(loss, q0, jac=True, method="BFGS", options={"gtol": 1e-11, "maxiter": 500})
    value, gradient = loss(result.x)
    if not np.isfinite(value) or np.abs(gradient).max() > 1e-7:
        raise ValueError(f"optimization failed (MASS's fitdistr) fitting a {name} distribution")
    return natural(result.x)


def fit(name, x, w):
    """MASS's ``fitdistr(x, name)$estimate`` with weights `w` (the rows'
    counts or importance weights; rows of weight 0 already left out)."""
    if name in ("lognormal", "log-normal"):
        if (x <= 0).any():
            raise ValueError("need positive values to fit a log-Normal (MASS's fitdistr)")
        return np.array(_moments(np.log(x), w))
    if name == "normal":
        return np.array(_moments(x, w))
    if name == "exponential":
        if (x < 0).any():
            raise ValueError("Exponential values must be >= 0 (MASS's fitdistr)")
        return np.array([w.sum() / (w @ x)])
    if name in ("weibull", "gamma") and (x <= 0 if name == "weibull" else x < 0).any():
        raise ValueError(
            f"{name.capitalize()} values must be {'>' if name == 'weibull' else '>='} 0 "
            "(MASS's fitdistr)"
        )
    return _maximise(name, x, w, _start(name, x, w))


def density(name, points, p):
    """R's ``d<name>(points, <estimate>)``."""
    from scipy import stats

    if name in ("lognormal", "log-normal"):
        return stats.lognorm.pdf(points, p[1], scale=math.exp(p[0]))
    if name == "normal":
        return stats.norm.pdf(points, p[0], p[1])
    if name == "exponential":
        return stats.expon.pdf(points, scale=1 / p[0])
    with np.errstate(all="ignore"):
        return np.exp(_log_density(name, points, p))
