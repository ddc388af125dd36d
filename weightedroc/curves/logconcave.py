"""The log-concave density estimate of R's logcondens, and its smoothed version.

`smooth_roc`'s ``method="logcondens"`` and ``"logcondens_smooth"`` are
pROC's calls of ``logcondens::logConROC(cases, controls, grid)``: each
class's log-concave maximum-likelihood density (Rufibach and Duembgen's
active-set algorithm, ``activeSetLogCon``), the controls' quantiles at ``1 -
grid`` (``quantilesLogConDens``) and the cases' distribution function there
(``evaluateLogConDens``), either of the estimate itself or of its smoothed
version (the estimate convolved with a normal of variance ``sig^2 -
var(estimate)``, so that it keeps the sample's variance).

The estimate's log-density is piecewise linear between the data's distinct
values, with knots where the slope changes; the algorithm moves one knot
at a time and Newton's method finds the log-density on the knots (``MLE``).
It is an exact algorithm (its stopping rules are at 1e-10 and 1e-7 of the
directional derivative), ported here step by step, so its results equal R's
to rounding.

Weights: the algorithm reads a weight per distinct value (its ``w``).
Frequency weights count repeated rows, so they give the rows repeated
exactly (the spread ``sig`` counts the rows too).  Importance weights,
normalised to sum 1, are the weights of a weighted log-likelihood (the
estimate maximises ``sum(w * phi(x))`` among log-concave densities); the
smoothing's ``sig`` is, as logcondens computes it in either case, the
weighted standard deviation of the distinct values with the factor ``m / (m
- 1)`` of their number ``m``.
"""

import numpy as np

PREC = 1e-10  # activeSetLogCon's
NEWTON_PREC = 1e-7  # MLE's default, which LocalMLE leaves as it is


def _j00(x, y, v=1.0):
    """logcondens' J00: the integral of exp((1 - t) x + t y) over [0, v]."""
    z = np.exp(x)
    d = y - x
    big = np.abs(d) > 0.005
    with np.errstate(divide="ignore", invalid="ignore"):
        wide = z * (np.exp(v * d) - 1) / d
    near = z * (v + d * (v / 2 + d * (v / 6 + d * (v / 24 + d * v / 120))))
    return np.where(big, wide, near)


def _j10(x, y):
    z = np.exp(x)
    d = y - x
    with np.errstate(divide="ignore", invalid="ignore"):
        wide = z * (np.exp(d) - 1 - d) / (d * d)
    near = z * (1 / 2 + d * (1 / 6 + d * (1 / 24 + d * (1 / 120 + d / 720))))
    return np.where(np.abs(d) > 0.01, wide, near)


def _j11(x, y):
    z = np.exp(x)
    d = y - x
    with np.errstate(divide="ignore", invalid="ignore"):
        wide = z * (d * (np.exp(d) + 1) - 2 * (np.exp(d) - 1)) / d**3
    near = z * (1 / 6 + d * (1 / 12 + d * (1 / 40 + d * (1 / 180 + d / 1008))))
    return np.where(np.abs(d) > 0.02, wide, near)


def _j20(x, y):
    z = np.exp(x)
    d = y - x
    with np.errstate(divide="ignore", invalid="ignore"):
        wide = 2 * z * (np.exp(d) - 1 - d - d * d / 2) / d**3
    near = z * (1 / 3 + d * (1 / 12 + d * (1 / 60 + d * (1 / 360 + d / 2520))))
    return np.where(np.abs(d) > 0.02, wide, near)


def _normalize(x, phi):
    return phi - np.log(np.sum(np.diff(x) * _j00(phi[:-1], phi[1:])))


def _cdf_at_points(x, phi):
    out = np.zeros(len(x))
    out[1:] = np.cumsum(np.diff(x) * _j00(phi[:-1], phi[1:]))
    return out


def _convexity(x, phi):
    slope = np.diff(phi) / np.diff(x)
    conv = np.zeros(len(x))
    conv[1:-1] = np.diff(slope)
    return conv


def _loglik(x, w, phi):
    return float(w @ phi - np.sum(np.diff(x) * _j00(phi[:-1], phi[1:])))


def _newton_step(x, w, phi):
    """logcondens' Local_LL_all: (log-likelihood, Newton's point, directional derivative)."""
    dx = np.diff(x)
    ll = _loglik(x, w, phi)
    grad = w.copy()
    grad[:-1] -= dx * _j10(phi[:-1], phi[1:])
    grad[1:] -= dx * _j10(phi[1:], phi[:-1])
    diag = np.concatenate((dx * _j20(phi[:-1], phi[1:]), [0.0]))
    diag[1:] += dx * _j20(phi[1:], phi[:-1])
    diag += diag.mean() * 1e-12
    off = dx * _j11(phi[:-1], phi[1:])
    step = _tridiagonal_solve(off, diag, grad)
    return ll, phi + step, float(grad @ step)


def _tridiagonal_solve(off, diag, rhs):
    """The symmetric tridiagonal system (`diag` on the diagonal, `off` beside it)."""
    from scipy.linalg import solve_banded

    bands = np.zeros((3, len(diag)))
    bands[0, 1:] = off
    bands[1] = diag
    bands[2, :-1] = off
    return solve_banded((1, 1), bands, rhs)


def _mle(x, w, phi_start):
    """logcondens' MLE: the log-density on the knots `x` (Newton, step-halving)."""
    w = w / w.sum()
    phi = _normalize(x, phi_start)
    ll, phi_new, dirderiv = _newton_step(x, w, phi)
    rounds = 0
    while dirderiv >= NEWTON_PREC and rounds < 100:
        rounds += 1
        ll_new = _loglik(x, w, phi_new)
        halvings = 0
        while ll_new < ll and halvings < 20:
            halvings += 1
            phi_new = 0.5 * (phi + phi_new)
            ll_new = _loglik(x, w, phi_new)
            dirderiv *= 0.5
        if ll_new >= ll:
            tstar = (ll_new - ll) / dirderiv
            if tstar >= 0.5:
                phi = _normalize(x, phi_new)
            else:
                tstar = 0.5 / (1 - tstar)
                phi = _normalize(x, (1 - tstar) * phi + tstar * phi_new)
            ll, phi_new, dirderiv = _newton_step(x, w, phi)
        else:
            dirderiv = 0.0
    return phi, ll


def _between(knots):
    """(k, first, last) of each gap between consecutive knots with points inside."""
    return [(k, a + 1, b) for k, (a, b) in enumerate(zip(knots[:-1], knots[1:])) if b > a + 1]


def _local_mle(x, w, is_knot, phi_start):
    """logcondens' LocalMLE: the estimate with the knots `is_knot`, its
    convexity at the knots and the directional derivatives H elsewhere."""
    knots = np.flatnonzero(is_knot)
    x2, w2 = x[knots], w[knots].copy()
    gaps = _between(knots)
    for k, lo, hi in gaps:
        lam = (x[lo:hi] - x2[k]) / (x2[k + 1] - x2[k])
        w2[k] += np.sum(w[lo:hi] * (1 - lam))
        w2[k + 1] += np.sum(w[lo:hi] * lam)
    w2 = w2 / w2.sum()
    phi2, ll = _mle(x2, w2, phi_start[knots])
    phi = np.zeros(len(x))
    phi[knots] = phi2
    for k, lo, hi in gaps:
        lam = (x[lo:hi] - x2[k]) / (x2[k + 1] - x2[k])
        phi[lo:hi] = (1 - lam) * phi2[k] + lam * phi2[k + 1]
    conv = _convexity(x, phi) * is_knot
    h = np.zeros(len(x))
    for k, lo, hi in gaps:
        a, b = knots[k], knots[k + 1]
        width = x[b] - x[a]
        t = (x[lo:hi] - x[a]) / width
        wt = w[lo:hi]
        h[lo:hi] = width * (np.cumsum(wt * t) - t * np.cumsum(wt) + t * np.sum(wt * (1 - t)))
        j1 = t * _j10(phi[lo:hi], np.full(hi - lo, phi[a]))
        j2 = (1 - t) * _j10(phi[lo:hi], np.full(hi - lo, phi[b]))
        h[lo:hi] -= width**2 * (t * (1 - t)) * (j1 + j2)
    return phi, ll, conv, h


class LogConcave:
    """A fitted log-concave density: the distinct values `x`, their weights
    `w`, the log-density `phi` at them, its knots, the distribution
    function `cdf` at them and the spread `sig` the smoothing keeps."""

    def __init__(self, x, w, phi, is_knot, sig):
        self.x, self.w, self.phi, self.is_knot, self.sig = x, w, phi, is_knot, sig
        self.cdf = _cdf_at_points(x, phi)

    def quantiles(self, ps):
        """logcondens' quantilesLogConDens at the probabilities `ps`."""
        x, phi, cdf = self.x, self.phi, self.cdf
        out = np.empty(len(ps))
        for i, p in enumerate(ps):
            if p == 0:
                out[i] = -np.inf
            elif p == 1:
                out[i] = x[-1]
            else:
                j = np.flatnonzero(cdf <= p)[-1]
                width = x[j + 1] - x[j]
                out[i] = x[j] + width * _qloglin(
                    (p - cdf[j]) / (cdf[j + 1] - cdf[j]), width * (phi[j + 1] - phi[j])
                )
        return out

    def distribution(self, points):
        """logcondens' evaluateLogConDens(which = 3): the CDF at `points`."""
        x, phi, cdf = self.x, self.phi, self.cdf
        out = np.where(points > x[-1], 1.0, 0.0)
        inside = (points > x[0]) & (points <= x[-1])
        p = points[inside]
        j = np.searchsorted(x, p, side="left") - 1  # the number of x below, minus 1
        width = x[j + 1] - x[j]
        out[inside] = cdf[j] + width * _j00(phi[j], phi[j + 1], (p - x[j]) / width)
        return out

    def smooth_distribution(self, points):
        """logcondens' evaluateLogConDens(which = 5): the smoothed CDF at `points`."""
        x, phi = self.x, self.phi
        gam = np.sqrt(self.sig**2 - _variance(x, self.w, phi))
        u, v = x[:-1], x[1:]
        a = np.diff(phi) / np.diff(x)
        f = np.exp(phi[:-1])
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            pieces = _q00_cdf(np.asarray(points, float)[:, None], a, u, v, gam)
        return pieces @ f


def _qloglin(u, t):
    if abs(t) > 1e-06:
        return np.log(1 + ((np.exp(t) - 1) * u)) / t
    return u + t * u * (1 - u) / 2


def _variance(x, w, phi):
    """logcondens' LocalVariance: the variance of the estimate."""
    p = w / w.sum()
    m = np.sum(p * x)
    dx = np.diff(x)
    s2a = np.sum(dx * (x[:-1] - m) ** 2 * _j10(phi[:-1], phi[1:]))
    s2b = np.sum(dx * (x[1:] - m) ** 2 * _j10(phi[1:], phi[:-1]))
    s2c = np.sum(dx**3 * _j11(phi[:-1], phi[1:]))
    return s2a + s2b - s2c


def _pnorm_sd(z, sd):
    from scipy.special import ndtr

    return ndtr(np.asarray(z, dtype=float) / sd)


def _q00_cdf(x, a, u, v, gamma):
    """logcondens' Q00(QFhat = TRUE)$Q: each piece's share of the smoothed CDF at `x`."""
    g2 = gamma * gamma
    q = np.exp(a * (x - u) + a * a * g2 / 2) * (
        _pnorm_sd(v - x - a * g2, gamma) - _pnorm_sd(u - x - a * g2, gamma)
    )
    m = (0.5 * (u + v) - x) / gamma - a * gamma
    d = 0.5 * (v - u) / gamma
    mass = _pnorm_sd(d, 1.0) - _pnorm_sd(-d, 1.0)
    q1 = np.exp(a * (x - u) + a * a * g2 / 2 - m * m / 2) * mass
    q2 = (
        np.exp(
            a * (x - u)
            + a * a * g2 / 2
            - m * m / 2
            + np.abs(m * d)
            + np.log(1 + np.exp(-2 * np.abs(m * d)))
            - np.log(2)
        )
        * mass
    )
    q = np.minimum(np.maximum(q, q1), q2)
    steep = np.abs(a) > 1e-06
    big = q / a + (np.exp(a * (v - u)) * _pnorm_sd(x - v, gamma) - _pnorm_sd(x - u, gamma)) / a
    dens_u = np.exp(-0.5 * ((x - u) / gamma) ** 2) / (gamma * np.sqrt(2 * np.pi))
    dens_v = np.exp(-0.5 * ((x - v) / gamma) ** 2) / (gamma * np.sqrt(2 * np.pi))
    flat = (
        (x - u) * _pnorm_sd(x - u, gamma)
        - (x - v) * _pnorm_sd(x - v, gamma)
        + g2 * (dens_u - dens_v)
    )
    return np.where(steep, big, flat)


def log_concave(values, counts=None, weights=None):
    """logcondens' activeSetLogCon of `values` (each repeated `counts` times,
    or weighted by importance `weights`; None: once each, unweighted).

    Returns
    -------
    LogConcave
    """
    x, inverse = np.unique(values, return_inverse=True)
    if len(x) < 2:
        raise ValueError(
            "a log-concave density needs at least 2 distinct values in each class "
            f"(logcondens); found {len(x)}"
        )
    per_row = weights if weights is not None else counts
    w = np.bincount(inverse, None if per_row is None else np.asarray(per_row, float))
    keep = w > 0
    x, w = x[keep], w[keep] / w.sum()
    if len(x) < 2:
        raise ValueError(
            "a log-concave density needs at least 2 distinct values of positive "
            f"weight in each class (logcondens); found {len(x)}"
        )
    # activeSetLogCon's spread: its divisor counts distinct values, not rows
    mean = np.sum(w * x)
    sig = np.sqrt(np.sum(w * (x - mean) ** 2) * len(x) / (len(x) - 1))
    n = len(x)
    is_knot = np.zeros(n)
    is_knot[[0, -1]] = 1
    phi = _normalize(x, np.zeros(n))
    phi, _, conv, h = _local_mle(x, w, is_knot, phi)
    rounds = 1
    while rounds < 500 and h.max() > PREC * np.mean(np.abs(h)):
        before = is_knot.copy()
        rounds += 1
        is_knot[np.flatnonzero(h == h.max())[0]] = 1
        phi_new, _, conv_new, h = _local_mle(x, w, is_knot, phi)
        while conv_new.max() > PREC * np.abs(conv_new).max():
            jj = np.flatnonzero(conv_new > 0)
            share = conv[jj] / (conv[jj] - conv_new[jj])
            lam = share.min()
            is_knot[jj[share == lam]] = 0
            phi = (1 - lam) * phi + lam * phi_new
            conv = _convexity(x, phi)
            phi_new, _, conv_new, h = _local_mle(x, w, is_knot, phi)
        phi, conv = phi_new, conv_new
        if (is_knot == before).all():
            break
    return LogConcave(x, w, phi, is_knot, sig)


def log_concave_roc(cases, controls, fpr, smooth, counts=(None, None), weights=(None, None)):
    """logcondens' logConROC(cases, controls, fpr)$fROC (or $fROC.smooth):
    the TPR at each FPR of `fpr`."""
    fit0 = log_concave(controls, counts[1], weights[1])
    fit1 = log_concave(cases, counts[0], weights[0])
    q = fit0.quantiles(1 - fpr)
    cdf = fit1.smooth_distribution(q) if smooth else fit1.distribution(q)
    tpr = 1 - cdf
    tpr[fpr == 0] = 0
    tpr[fpr == 1] = 1
    return tpr
