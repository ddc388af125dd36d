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
  the same likelihood is maximised from the same start by scipy's
  Nelder-Mead polished by BFGS to a relative 1e-12, which is the exact
  maximum to far more digits than MASS's answer.  The two agree to what
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
    from scipy import stats

    if name == "weibull":
        return stats.weibull_min.logpdf(x, p[0], scale=p[1])
    if name == "gamma":
        return stats.gamma.logpdf(x, p[0], scale=1 / p[1])
    if name == "cauchy":
        return stats.cauchy.logpdf(x, p[0], p[1])
    return stats.logistic.logpdf(x, p[0], p[1])


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
    from scipy.optimize import minimize

    total = w.sum()

    def loss(p):
        if (p[1:] <= 0).any() or (name in ("weibull", "gamma") and p[0] <= 0):
            return np.inf
        with np.errstate(all="ignore"):
            value = -(w @ _log_density(name, x, p)) / total
        return value if np.isfinite(value) else np.inf

    start = _start(name, x, w)
    rough = minimize(
        loss,
        start,
        method="Nelder-Mead",
        options={"xatol": 1e-12, "fatol": 1e-15, "maxiter": 20000},
    )
    scale = np.abs(rough.x)
    polished = minimize(
        lambda q: loss(q * scale), np.ones(len(scale)), method="BFGS", options={"gtol": 1e-12}
    )
    best = polished.x * scale if polished.fun <= rough.fun else rough.x
    if not np.isfinite(loss(best)):
        raise ValueError(f"optimization failed (MASS's fitdistr) fitting a {name} distribution")
    return best


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
