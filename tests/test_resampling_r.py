"""Resampling inference against pROC 1.18, live through rpy2.

Venkatraman's observed statistic E is deterministic and must equal pROC's;
everything else is random on both sides (R's generator there, numpy's
here), so it must agree within Monte Carlo error: the tolerances below are
about 4 standard errors of the difference for the replicate counts used.
Each test skips, with the reason, when R, rpy2 or pROC is missing.
"""

import warnings

import numpy as np
import pytest
from rlive import vec

import weightedroc as wr
from weightedroc.datasets import load_asah
from weightedroc.inference.resampling import bootstrap_test, venkatraman_test


@pytest.fixture(scope="module")
def asah():
    frame = load_asah()
    return frame, (frame["outcome"] == "Poor").to_numpy()


ROC = 'roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE)'


def r_test(ro, g1, g2, y, method, boot_n, y2=None, paired=True, extra=""):
    code = f"""function(g1, g2, y, y2, seed) {{ set.seed(seed)
        r1 <- roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE {extra})
        r2 <- roc(y2, g2, levels = c(0, 1), direction = "<", quiet = TRUE {extra})
        t <- suppressWarnings(roc.test(r1, r2, method = "{method}", boot.n = {boot_n},
                                       paired = {"TRUE" if paired else "FALSE"}))
        c(t$statistic, t$p.value) }}"""
    out = ro.r(code)(vec(ro, g1), vec(ro, g2), vec(ro, y), vec(ro, y if y2 is None else y2), 1)
    return float(out[0]), float(out[1])


def test_venkatraman_paired_e_equals_procs_and_p_within_monte_carlo(r, asah):
    frame, y = asah
    for other in ("wfns", "ndka"):  # wfns: heavy ties
        e, p = r_test(r, frame["s100b"], frame[other], y, "venkatraman", 500)
        ours = venkatraman_test(frame["s100b"], frame[other], y, n_boot=2000, seed=1)
        assert ours.statistic == e
        assert ours.p_value == pytest.approx(p, abs=0.1)


def test_venkatraman_unpaired_e_equals_procs(r, asah):
    frame, y = asah
    rng = np.random.default_rng(3)
    n = 60
    g2, y2 = np.round(rng.normal(size=n), 1), rng.random(n) < 0.4
    e, p = r_test(r, frame["s100b"], g2, y, "venkatraman", 300, y2=y2, paired=False)
    ours = venkatraman_test(frame["s100b"], g2, y, label2=y2, paired=False, n_boot=1000, seed=2)
    assert ours.statistic == pytest.approx(e, rel=1e-15, abs=0)
    assert ours.p_value == pytest.approx(p, abs=0.12)


@pytest.mark.parametrize("paired", [True, False])
def test_bootstrap_test_within_monte_carlo(r, asah, paired):
    frame, y = asah
    d, p = r_test(r, frame["s100b"], frame["ndka"], y, "bootstrap", 1000, paired=paired)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # paired=False: "seem to be paired", as R
        ours = bootstrap_test(frame["s100b"], frame["ndka"], y, paired=paired, n_boot=4000, seed=3)
    assert ours.statistic == pytest.approx(d, rel=0.1, abs=0.03)
    assert ours.p_value == pytest.approx(p, abs=0.03)


def test_bootstrap_test_of_partial_aucs_within_monte_carlo(r, asah):
    frame, y = asah
    extra = ", partial.auc = c(1, 0.8), partial.auc.correct = TRUE"
    d, _ = r_test(r, frame["s100b"], frame["wfns"], y, "bootstrap", 1000, extra=extra)
    ours = bootstrap_test(
        frame["s100b"],
        frame["wfns"],
        y,
        n_boot=4000,
        seed=4,
        fpr_range=(0, 0.2),
        correct=True,
    )
    assert ours.statistic == pytest.approx(d, rel=0.1, abs=0.03)


def test_ci_auc_of_partial_auc(r, asah):
    frame, y = asah
    out = r.r("""function(g, y) { set.seed(1)
        r <- roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE,
                 partial.auc = c(1, 0.9), partial.auc.correct = TRUE)
        c(as.numeric(r$auc),
          as.numeric(ci.auc(r, method = "bootstrap", boot.n = 2000, progress = "none"))) }""")(
        vec(r, frame["ndka"]), vec(r, y)
    )
    estimate, lower, median, upper = map(float, out)  # pROC's middle is the median
    ci = wr.auc_ci(
        frame["ndka"],
        y,
        method="bootstrap",
        n_boot=4000,
        seed=5,
        fpr_range=(0, 0.1),
        correct=True,
    )
    assert ci.estimate == pytest.approx(estimate, abs=1e-12)
    assert np.median(ci.replicates) == pytest.approx(median, abs=0.02)
    assert ci.conf_low == pytest.approx(lower, abs=0.03)
    assert ci.conf_high == pytest.approx(upper, abs=0.03)


@pytest.mark.parametrize("which", ["se", "sp"])
def test_ci_se_and_ci_sp_within_monte_carlo(r, asah, which):
    frame, y = asah
    points = [0.1, 0.5, 0.8, 0.9]
    argument = "specificities" if which == "se" else "sensitivities"
    out = r.r(f"""function(g, y, x) {{ set.seed(2)
        r <- {ROC}
        as.numeric(ci.{which}(r, {argument} = x, boot.n = 1000)) }}""")(
        vec(r, frame["s100b"]), vec(r, y), vec(r, points)
    )
    theirs = np.asarray(out).reshape(3, len(points))  # lower, median, upper columns
    function = wr.ci_se if which == "se" else wr.ci_sp
    band = function(frame["s100b"], y, None, points, n_boot=4000, seed=6)
    for k, column in enumerate(["conf_low", "median", "conf_high"]):
        np.testing.assert_allclose(band[column], theirs[k], atol=0.07)


def test_ci_thresholds_within_monte_carlo(r, asah):
    frame, y = asah
    cuts = [0.1, 0.2, 0.35]
    out = r.r(f"""function(g, y, t) {{ set.seed(3)
        r <- {ROC}
        ci <- ci.thresholds(r, thresholds = t, boot.n = 1000)
        c(as.numeric(ci$specificity), as.numeric(ci$sensitivity)) }}""")(
        vec(r, frame["s100b"]), vec(r, y), vec(r, cuts)
    )
    out = np.asarray(out)
    sp, se = out[: 3 * len(cuts)].reshape(3, -1), out[3 * len(cuts) :].reshape(3, -1)
    ci = wr.ci_thresholds(frame["s100b"], y, None, cuts, n_boot=4000, seed=7)
    for measure, theirs in (("specificity", sp), ("sensitivity", se)):
        rows = ci[ci["measure"] == measure]
        for k, column in enumerate(["conf_low", "median", "conf_high"]):
            np.testing.assert_allclose(rows[column], theirs[k], atol=0.07)
