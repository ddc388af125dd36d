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
- ``"weibull"``, ``"gamma"``, ``"cauchy"`` and ``"logistic"``: MASS's
  starting values, then R's ``optim(method = "BFGS")`` as MASS calls it
  (`_optim_bfgs`: R's vmmin step for step, with optim's central
  differences of step 1e-3, relative tolerance 1e-8, and the gamma's
  ``parscale``), on MASS's objective ``-sum(d<name>(x, ..., log = TRUE))``
  in R's arithmetic (nmath's formulas; scipy's for the gamma) summed in
  long double as R's ``sum``.  optim stops well short of the exact maximum
  (up to 3e-4 away in the gamma's parameters), so reproducing its path,
  not maximising better, is what equals pROC: within 1e-9 relative of
  MASS's estimates (measured: mostly 1e-14, at worst 6e-10, where rounding
  in the objective moves a line search).

Weights: the objective is ``-sum(w * log f(x))``.  Frequency weights are the
counts of repeated rows, so the fit is that of the rows repeated (to the
order of the sum's rounding).  Importance weights are first scaled to sum to
the class's number of rows (optim's steps and stopping rule read the
objective's scale), so that equal weights give the unweighted fit and the
fit does not depend on the weights' scale.  The closed forms are the
weighted maximum-likelihood estimates (the weighted mean, and the weighted
standard deviation with divisor ``sum(w)``).
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
    """R's ``d<name>(x, p[0], p[1], log = TRUE)`` in R's arithmetic (nmath)."""
    a, b = p
    with np.errstate(all="ignore"):
        if name == "gamma":  # shape, rate (R's dgamma: scipy's, equal to rounding)
            from scipy import stats

            if a <= 0 or b <= 0:
                return np.full(len(x), np.nan)
            return stats.gamma.logpdf(x, a, scale=1 / b)
        if b <= 0 or (name == "weibull" and a <= 0):
            return np.full(len(x), np.nan)  # R: NaN, with a warning
        if name == "weibull":  # shape, scale
            tmp1 = (x / b) ** (a - 1)
            return -(tmp1 * (x / b)) + np.log(a * tmp1 / b)
        y = (x - a) / b
        if name == "cauchy":  # location, scale
            return -np.log(np.pi * b * (1.0 + y * y))
        y = np.abs(y)  # logistic: location, scale
        f = 1.0 + np.exp(-y)
        return -(y + np.log(b * f * f))


def _minus_loglik(name, x, w, p):
    """MASS's ``mylogfn``: ``-sum(d<name>(x, p, log = TRUE))``, summed in long
    double one term after another as R's sum (`w`: counts, or None)."""
    terms = _log_density(name, x, p)
    if w is not None:
        terms = w * terms
    return -float(np.cumsum(terms, dtype=np.longdouble)[-1])


STEPREDN, ACCTOL, RELTEST = 0.2, 0.0001, 10.0
RELTOL = float(np.sqrt(np.finfo(float).eps))  # optim's default reltol
NDEPS = 1e-3  # optim's default step of the finite differences
MAXIT = 100  # optim's default for BFGS


def _optim_bfgs(fn, par, parscale):
    """R's ``optim(par, fn, method = "BFGS", control = list(parscale))``
    without a gradient: vmmin (R's src/appl/optim.c, Nash's variable-metric
    method) with optim's central differences, step for step."""
    n = len(par)

    def f(b):
        value = fn(b * parscale)
        return value if np.isfinite(value) else np.inf

    def grad(b):
        g = np.empty(n)
        for i in range(n):
            x = b.copy()
            x[i] = b[i] + NDEPS
            up = fn(x * parscale)
            x[i] = b[i] - NDEPS
            g[i] = (up - fn(x * parscale)) / (2 * NDEPS)
            if not np.isfinite(g[i]):
                raise ValueError(f"non-finite finite-difference value [{i + 1}] (R's optim)")
        return g

    b = np.asarray(par, dtype=float) / parscale
    fmin = value = f(b)
    if not np.isfinite(value):
        raise ValueError("initial value in 'vmmin' is not finite (R's optim)")
    g = grad(b)
    iterations, gradcount = 1, 1
    ilast = gradcount
    B = np.eye(n)
    while True:
        if ilast == gradcount:
            B = np.eye(n)
        X, c = b.copy(), g.copy()
        t = -(B @ g)
        gradproj = float(t @ g)
        if gradproj < 0.0:
            steplength, accepted = 1.0, False
            while True:
                b = X + steplength * t
                count = int(np.sum(RELTEST + X == RELTEST + b))
                if count < n:
                    value = f(b)
                    accepted = bool(np.isfinite(value)) and (
                        value <= fmin + gradproj * steplength * ACCTOL
                    )
                    if not accepted:
                        steplength *= STEPREDN
                if count == n or accepted:
                    break
            if not abs(value - fmin) > RELTOL * (abs(fmin) + RELTOL):
                count = n
                fmin = value
            if count < n:
                fmin = value
                g = grad(b)
                gradcount += 1
                iterations += 1
                t = steplength * t
                c = g - c
                d1 = float(t @ c)
                if d1 > 0:
                    X = B @ c
                    d2 = 1.0 + float(X @ c) / d1
                    # vmmin's (D2 t_i t_j - X_i t_j - t_i X_j) / D1, in its order
                    B = B + ((d2 * t)[:, None] * t - np.outer(X, t) - np.outer(t, X)) / d1
                else:
                    ilast = gradcount
            elif ilast < gradcount:
                count = 0
                ilast = gradcount
        else:
            count = 0
            if ilast == gradcount:
                count = n
            else:
                ilast = gradcount
        if iterations >= MAXIT:
            raise ValueError("optimization failed (MASS's fitdistr: optim did not converge)")
        if gradcount - ilast > 2 * n:
            ilast = gradcount
        if count == n and ilast == gradcount:
            return b * parscale


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
    start = _start(name, x, w)
    parscale = np.array([1.0, start[1]]) if name == "gamma" else np.ones(2)
    counts = None if np.all(w == 1) else w
    return _optim_bfgs(lambda p: _minus_loglik(name, x, counts, p), start, parscale)


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
