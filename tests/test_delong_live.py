"""DeLong inference against live pROC 1.18 (through rpy2), to 1e-12 relative.

var, ci.auc, cov and roc.test (DeLong, paired and unpaired, every
alternative) on aSAH, ROCR.simple and seeded random inputs with ties;
integer frequency weights against pROC on the rows repeated.  Skips with
the reason when R, rpy2 or pROC is missing.
"""

import warnings

import numpy as np
import pytest
from test_live_r import need_r

import weightedroc as wr
from weightedroc import rbridge
from weightedroc.datasets import load_asah, load_rocr_simple

ALTERNATIVES = ("two.sided", "less", "greater")
R_DELONG = """function(g1, g2, y, g3, y3, conf) {
  roc <- function(y, g) pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE)
  r1 <- roc(y, g1); r2 <- roc(y, g2); r3 <- roc(y3, g3)
  out <- c(pROC::var(r1), pROC::cov(r1, r2),
           as.numeric(pROC::ci.auc(r1, conf.level = conf, method = "delong")))
  for (alt in c("two.sided", "less", "greater")) {
    p <- pROC::roc.test(r1, r2, method = "delong", alternative = alt, conf.level = conf)
    u <- suppressWarnings(pROC::roc.test(r1, r3, method = "delong", alternative = alt))
    out <- c(out, p$statistic, p$p.value, p$conf.int, p$estimate,
             u$statistic, u$parameter, u$p.value, u$estimate)
  }
  out
}"""


def proc_delong(g1, g2, y, g3, y3, conf=0.95):
    ro = rbridge.robjects()
    vec = ro.FloatVector
    result = ro.r(R_DELONG)(
        vec(g1), vec(g2), vec(np.asarray(y, float)), vec(g3), vec(np.asarray(y3, float)), conf
    )
    return np.asarray(result)


def ours(g1, g2, y, g3, y3, conf=0.95, w=None, w3=None, weights_are="importance"):
    options = {"weights_are": weights_are}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ci = wr.auc_ci(g1, y, w, conf_level=conf, **options)
        out = [
            wr.auc_var(g1, y, w, **options),
            wr.auc_cov(g1, g2, y, w, **options),
            ci.conf_low,
            ci.estimate,
            ci.conf_high,
        ]
        for alt in ALTERNATIVES:
            p = wr.roc_test(g1, g2, y, w, alternative=alt, conf_level=conf, **options)
            u = wr.roc_test(g1, (g3, y3, w3), y, w, alternative=alt, **options)
            assert p.method == "DeLong's test for two correlated ROC curves"
            assert u.method == "DeLong's test for two ROC curves"
            out += [
                p.statistic,
                p.p_value,
                p.conf_low,
                p.conf_high,
                *p.estimate.values(),
                u.statistic,
                u.parameter["df"],
                u.p_value,
                *u.estimate.values(),
            ]
    return np.asarray(out)


def assert_matches(found, expected):
    np.testing.assert_allclose(found, expected, rtol=1e-12, atol=1e-300)


def random_case(seed):
    rng = np.random.default_rng(seed)
    n, n3 = [(20, 31), (200, 150), (2000, 999)][seed % 3]
    digits = [0, 1, 8][seed % 3]
    y = (rng.random(n) < [0.5, 0.2, 0.7][seed % 3]).astype(int)
    y[:2] = [0, 1]
    y[2:4] = [0, 1]
    g1 = np.round(rng.normal(size=n) + y, digits)
    g2 = np.round(rng.normal(size=n) + 0.5 * y, digits)
    y3 = (rng.random(n3) < 0.4).astype(int)
    y3[:4] = [0, 1, 0, 1]
    g3 = np.round(rng.normal(size=n3) + y3, digits)
    return g1, g2, y, g3, y3


def test_asah_matches_proc():
    need_r("pROC")
    asah = load_asah()
    y = (asah["outcome"] == "Poor").to_numpy().astype(int)
    g1, g2 = asah["s100b"].to_numpy(), asah["wfns"].to_numpy().astype(float)
    g3, y3 = asah["ndka"].to_numpy()[:90], y[:90]
    assert_matches(ours(g1, g2, y, g3, y3), proc_delong(g1, g2, y, g3, y3))


def test_rocr_simple_matches_proc_at_90_percent():
    need_r("pROC")
    rocr = load_rocr_simple()
    g, y = rocr["predictions"].to_numpy(), rocr["labels"].to_numpy()
    g2 = np.round(g, 1)  # a tied second score of the same observations
    assert_matches(ours(g, g2, y, g[50:], y[50:], 0.9), proc_delong(g, g2, y, g[50:], y[50:], 0.9))


@pytest.mark.parametrize("seed", range(9))
def test_random_inputs_with_ties_match_proc(seed):
    need_r("pROC")
    case = random_case(seed)
    assert_matches(ours(*case), proc_delong(*case))


@pytest.mark.parametrize("seed", range(3))
def test_constant_importance_weights_match_proc(seed):
    need_r("pROC")
    case = random_case(seed)
    w, w3 = np.full(len(case[0]), 3.7), np.full(len(case[3]), 0.01)
    assert_matches(ours(*case, w=w, w3=w3), proc_delong(*case))


@pytest.mark.parametrize("seed", range(6))
def test_frequency_weights_match_proc_on_repeated_rows(seed):
    need_r("pROC")
    g1, g2, y, g3, y3 = random_case(seed)
    rng = np.random.default_rng(100 + seed)
    w, w3 = rng.integers(1, 5, len(y)).astype(float), rng.integers(1, 4, len(y3)).astype(float)
    rep, rep3 = (
        np.repeat(np.arange(len(y)), w.astype(int)),
        np.repeat(np.arange(len(y3)), w3.astype(int)),
    )
    expected = proc_delong(g1[rep], g2[rep], y[rep], g3[rep3], y3[rep3])
    assert_matches(ours(g1, g2, y, g3, y3, w=w, w3=w3, weights_are="frequency"), expected)
