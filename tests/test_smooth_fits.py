"""smooth_roc's ``method="fitdistr"``, ``"logcondens"`` and ``"logcondens_smooth"``
against live R (MASS's fitdistr, logcondens' logConROC and activeSetLogCon,
pROC's smooth), and their weights.

Measured here: logcondens curves equal R's within 1e-14 (the active-set
algorithm ported step by step), importance-weighted ones equal R's
``activeSetLogCon(x, w = w)`` as well; MASS's closed-form fits within 1e-15;
the optimised fits (weibull, gamma, cauchy, logistic), R's optim reproduced
step for step, within 1e-9 relative of MASS's estimates (measured: 6e-10 at
worst) and pROC's curves within 1e-8.  The
live tests skip with the reason when R, rpy2, pROC, MASS or logcondens is
missing.
"""

import numpy as np
import pytest

import weightedroc as wr
from weightedroc import rbridge

pytest.importorskip("scipy")


@pytest.fixture(scope="module")
def rr(r):
    for package in ("MASS", "logcondens"):
        ok, reason = rbridge.r_available(package)
        if not ok:
            pytest.skip(reason)
    r.r("suppressMessages(library(logcondens))")
    return r


def sample(seed, size=120, digits=None, shift=0.8, positive=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(size) < 0.4).astype(int)
    g = rng.normal(size=size) + shift * y
    if positive:
        g = np.exp(g / 2)
    if digits is not None:
        g = np.round(g, digits)
    return g, y


def curve(g, y, w=None, **options):
    frame = wr.smooth_roc(g, y, w, **options)
    return np.concatenate((frame["TPR"], frame["FPR"]))


R_PROC = """function(g, y, dir, method, n, dc, dk) {
  r <- pROC::roc(y, g, direction = dir, levels = c(0, 1), quiet = TRUE)
  s <- if (method == "fitdistr") pROC::smooth(r, method = "fitdistr", n = n,
                                              density.controls = dc, density.cases = dk)
       else pROC::smooth(r, method = method, n = n)
  c(s$sensitivities, 1 - s$specificities)
}"""


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("method", ["logcondens", "logcondens.smooth"])
@pytest.mark.parametrize("seed, digits", [(1, None), (2, 1), (3, 2)])
def test_logcondens_is_procs(rr, method, direction, seed, digits):
    g, y = sample(seed, digits=digits)
    expected = np.asarray(
        rr.r(R_PROC)(rr.FloatVector(g), rr.FloatVector(y), direction, method, 37, "", "")
    )
    mine = curve(g, y, method=method.replace(".", "_"), n=37, direction=direction)
    np.testing.assert_allclose(mine, expected, rtol=0, atol=1e-12)


R_WEIGHTED_LOGCONDENS = """function(cases, controls, wk, wc, grid, smooth) {
  res0 <- activeSetLogCon(controls, w = wc / sum(wc))
  res1 <- activeSetLogCon(cases, w = wk / sum(wk))
  q <- quantilesLogConDens(1 - grid, res0)[, "quantile"]
  F1 <- evaluateLogConDens(q, res1, which = c(3, 5))
  tpr <- 1 - F1[, if (smooth) "smooth.CDF" else "CDF"]
  tpr[grid == 0] <- 0; tpr[grid == 1] <- 1
  tpr
}"""


@pytest.mark.parametrize("smooth", [False, True])
def test_importance_weighted_logcondens_is_r_weighted_active_set(rr, smooth):
    g, y = sample(4, 90)
    w = np.random.default_rng(5).lognormal(size=len(g))
    grid = np.linspace(0, 1, 21)
    expected = np.asarray(
        rr.r(R_WEIGHTED_LOGCONDENS)(
            *(rr.FloatVector(v) for v in (g[y == 1], g[y == 0], w[y == 1], w[y == 0], grid)),
            smooth,
        )
    )
    method = "logcondens_smooth" if smooth else "logcondens"
    frame = wr.smooth_roc(g, y, w, method=method, n=21)
    np.testing.assert_allclose(frame["TPR"][1:-1][::-1], expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize(
    "controls, cases",
    [("normal", "normal"), ("lognormal", "exponential"), ("log-normal", "normal")],
)
def test_closed_form_fitdistr_is_procs(rr, controls, cases, direction):
    g, y = sample(6, positive=True)
    expected = np.asarray(
        rr.r(R_PROC)(
            rr.FloatVector(g), rr.FloatVector(y), direction, "fitdistr", 50, controls, cases
        )
    )
    options = dict(distribution=(controls, cases))
    mine = curve(g, y, method="fitdistr", n=50, direction=direction, **options)
    np.testing.assert_allclose(mine, expected, rtol=0, atol=1e-14)


R_FITDISTR = """function(x, name) {
  f <- suppressWarnings(MASS::fitdistr(x, name))
  c(f$estimate, f$loglik)
}"""


@pytest.mark.parametrize("name", ["weibull", "gamma", "cauchy", "logistic"])
def test_optimised_fitdistr_is_masss_optim(rr, name):
    from weightedroc.curves import fitdistr

    for seed in range(6):
        x = sample(seed, positive=True)[0]
        if seed % 2:
            x = np.round(x, 2)  # ties
        expected = np.asarray(rr.r(R_FITDISTR)(rr.FloatVector(x), name))
        estimate = fitdistr.fit(name, x, np.ones(len(x)))
        np.testing.assert_allclose(estimate, expected[:-1], rtol=1e-9)  # measured: 6e-10


@pytest.mark.parametrize("controls, cases", [("gamma", "weibull"), ("logistic", "cauchy")])
def test_optimised_fitdistr_curve_is_procs(rr, controls, cases):
    g, y = sample(12, positive=True)
    expected = np.asarray(
        rr.r(R_PROC)(rr.FloatVector(g), rr.FloatVector(y), "<", "fitdistr", 40, controls, cases)
    )
    options = dict(distribution=(controls, cases))
    mine = curve(g, y, method="fitdistr", n=40, **options)
    np.testing.assert_allclose(mine, expected, rtol=0, atol=1e-8)


@pytest.mark.parametrize(
    "options",
    [
        dict(method="logcondens"),
        dict(method="logcondens_smooth"),
        dict(method="fitdistr"),
        dict(method="fitdistr", distribution=("gamma", "weibull")),
        dict(method="fitdistr", distribution=("logistic", "cauchy")),
    ],
)
@pytest.mark.parametrize("weights_are", ["frequency", "importance"])
def test_whole_number_weights_are_the_rows_repeated(options, weights_are):
    g, y = sample(7, 80, digits=1, positive=True)
    w = np.random.default_rng(8).integers(1, 4, len(g))
    mine = curve(g, y, w, n=30, weights_are=weights_are, **options)
    repeated = curve(np.repeat(g, w), np.repeat(y, w), n=30, **options)
    tol = 1e-12
    if "distribution" in options:  # optim's path: the same, rounding apart
        # importance weights are rescaled to the rows' number, so optim's
        # steps differ from those on the rows repeated: the same maximum, to
        # what optim resolves
        tol = 1e-8 if weights_are == "frequency" else 1e-4
    np.testing.assert_allclose(mine, repeated, rtol=0, atol=tol)


@pytest.mark.parametrize("method", ["logcondens", "logcondens_smooth", "fitdistr"])
def test_importance_weights_are_scale_free(method):
    g, y = sample(9, 70)
    w = np.random.default_rng(10).lognormal(size=len(g))
    np.testing.assert_allclose(
        curve(g, y, w, method=method, n=25),
        curve(g, y, w * 2**-7 * 3, method=method, n=25),
        rtol=0,
        atol=1e-12,
    )


def test_log_concave_estimate_is_log_concave_and_a_density():
    from weightedroc.curves.logconcave import log_concave

    for seed in range(5):
        x = sample(seed, 60, digits=1)[0]
        fit = log_concave(x)
        slopes = np.diff(fit.phi) / np.diff(fit.x)
        assert (np.diff(slopes) <= 1e-9).all()  # concave
        assert fit.cdf[-1] == pytest.approx(1, abs=1e-12)
        # the maximum: no log-concave perturbation at a knot or a tent raises
        # the normalised log-likelihood (brute force, a few directions)
        w = np.bincount(np.unique(x, return_inverse=True)[1]) / len(x)
        best = loglik(fit.x, w, fit.phi)
        tent = np.minimum(fit.x - np.median(x), 0)  # concave: phi + t * tent stays concave
        for direction, steps in (
            (fit.x, (1e-3, -1e-3)),
            (tent, (1e-3,)),
            (-np.abs(fit.x), (1e-3,)),
        ):
            for step in steps:
                assert loglik(fit.x, w, fit.phi + step * direction) <= best + 1e-12


def loglik(x, w, phi):
    """The normalised log-likelihood of a log-density `phi`, linear between `x`."""
    from weightedroc.curves.logconcave import _loglik, _normalize

    return _loglik(x, w, _normalize(x, phi))


def test_errors_say_what_is_expected():
    g, y = sample(11, positive=True)
    with pytest.raises(ValueError, match="need positive values to fit a log-Normal"):
        wr.smooth_roc(g - 2, y, method="fitdistr", distribution=("normal", "lognormal"))
    with pytest.raises(ValueError, match="at least 2 distinct values"):
        wr.smooth_roc(np.where(y == 1, 1.0, g), y, method="logcondens")


def test_without_scipy_the_error_names_the_extra(monkeypatch):
    import sys

    g, y = sample(13)
    for module in ("scipy", "scipy.optimize", "scipy.special"):
        monkeypatch.setitem(sys.modules, module, None)
    for method in ("fitdistr", "logcondens", "logcondens_smooth"):
        with pytest.raises(ImportError, match=r"needs SciPy: pip install 'weightedroc\[stats\]'"):
            wr.smooth_roc(g, y, method=method)
    wr.smooth_roc(g, y, method="density")  # needs nothing beyond numpy
