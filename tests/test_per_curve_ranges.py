"""Per-curve partial areas in roc_test, auc_cov and power_roc_test (issue
32): pROC's curves each with its own ``partial.auc``, its warning when they
differ, checked by brute force (the two bootstrap areas of each replicate
computed with each curve's range) and live against pROC."""

import math
import warnings

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.datasets import load_asah

ASAH = load_asah()
G, G2 = ASAH["s100b"].to_numpy(), ASAH["ndka"].to_numpy()
Y = (ASAH["outcome"] == "Poor").to_numpy().astype(int)
WORDS = "Different AUC specifications in the ROC curves. Enforcing the inconsistency"


def test_same_range_twice_is_one_range_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pair = wr.roc_test(G, G2, Y, method="bootstrap", n_boot=50, seed=1,
                           fpr_range=((0, 0.2), (0, 0.2)))  # fmt: skip
    one = wr.roc_test(G, G2, Y, method="bootstrap", n_boot=50, seed=1, fpr_range=(0, 0.2))
    assert pair.statistic == one.statistic


def test_different_ranges_warn_and_use_each_curves_area():
    with pytest.warns(UserWarning, match=WORDS):
        test = wr.roc_test(G, G2, Y, method="bootstrap", n_boot=200, seed=1,
                           fpr_range=((0, 0.1), (0, 0.2)))  # fmt: skip
    a1 = wr.partial_auc((G, Y), fpr_range=(0, 0.1))
    a2 = wr.partial_auc((G2, Y), fpr_range=(0, 0.2))
    assert test.estimate == {
        "pAUC (1-0.9 specificity) of roc1": pytest.approx(a1, abs=1e-15),
        "pAUC (1-0.8 specificity) of roc2": pytest.approx(a2, abs=1e-15),
    }
    # the same replicates by hand: each curve's own range on the shared rows
    from weightedroc.inference.bootstrap import bootstrap_cov, bootstrap_var

    with pytest.warns(UserWarning, match=WORDS):
        cov = bootstrap_cov(G, G2, Y, n_boot=200, seed=1, fpr_range=((0, 0.1), (0, 0.2)))
    v1 = bootstrap_var(G, Y, n_boot=200, seed=1, fpr_range=(0, 0.1))
    v2 = bootstrap_var(G2, Y, n_boot=200, seed=1, fpr_range=(0, 0.2))
    sd = math.sqrt(v1 + v2 - 2 * cov)
    assert test.statistic == pytest.approx((a1 - a2) / sd, rel=1e-9)


def test_mixed_focus_and_correction_per_curve():
    with pytest.warns(UserWarning, match=WORDS):
        test = wr.roc_test(G, G2, Y, method="bootstrap", n_boot=50, seed=1,
                           fpr_range=((0, 0.1), None), tpr_range=(None, (0.8, 1)),
                           correct=(True, False))  # fmt: skip
    assert list(test.estimate) == [
        "Corrected pAUC (1-0.9 specificity) of roc1",
        "pAUC (1-0.8 sensitivity) of roc2",
    ]
    assert test.estimate["pAUC (1-0.8 sensitivity) of roc2"] == pytest.approx(
        wr.partial_auc((G2, Y), tpr_range=(0.8, 1)), abs=1e-15
    )


def test_per_curve_ranges_need_the_bootstrap():
    with pytest.raises(ValueError, match="DeLong"), pytest.warns(UserWarning, match=WORDS):
        wr.roc_test(G, G2, Y, fpr_range=((0, 0.1), (0, 0.2)))
    with pytest.raises(ValueError, match="needs method='bootstrap'"):
        wr.auc_cov(G, G2, Y, fpr_range=((0, 0.1), (0, 0.2)))
    with pytest.raises(ValueError, match="^Different AUC specifications in the ROC curves.$"):
        wr.power_roc_test(roc1=(G, Y), roc2=(G2, Y), fpr_range=((0, 0.1), (0, 0.2)),
                          method="obuchowski")  # fmt: skip


B = 2000


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
def test_per_curve_ranges_are_procs(r):
    """Live: the estimates exactly; D and the covariance within Monte Carlo
    error (4 sds of the difference of two runs: D's relative sd about
    1/sqrt(2(B-1)) per run; the covariance's sd sqrt((v1 v2 + c^2)/B))."""
    r.globalenv["g"], r.globalenv["g2"] = r.FloatVector(G), r.FloatVector(G2)
    r.globalenv["l"] = r.IntVector(Y)
    r.r(
        "r1 <- roc(l, g, partial.auc=c(1, .9), quiet=TRUE); "
        "r2 <- roc(l, g2, partial.auc=c(1, .8), quiet=TRUE)"
    )
    with pytest.warns(UserWarning, match=WORDS):
        test = wr.roc_test(G, G2, Y, method="bootstrap", n_boot=B, seed=5,
                           fpr_range=((0, 0.1), (0, 0.2)))  # fmt: skip
    theirs = r.r(f'set.seed(1); roc.test(r1, r2, method="bootstrap", boot.n={B}, progress="none")')
    np.testing.assert_allclose(
        list(test.estimate.values()), list(theirs.rx2("estimate")), atol=1e-12
    )
    d = theirs.rx2("statistic")[0]
    assert abs(test.statistic / d - 1) < 4 * math.sqrt(2) / math.sqrt(2 * (B - 1))
    with pytest.warns(UserWarning, match=WORDS):
        cov = wr.auc_cov(G, G2, Y, method="bootstrap", n_boot=B, seed=6,
                         fpr_range=((0, 0.1), (0, 0.2)))  # fmt: skip
    theirs = r.r(f'set.seed(2); cov(r1, r2, method="bootstrap", boot.n={B}, progress="none")')[0]
    from weightedroc.inference.bootstrap import bootstrap_var

    v1 = bootstrap_var(G, Y, n_boot=B, seed=7, fpr_range=(0, 0.1))
    v2 = bootstrap_var(G2, Y, n_boot=B, seed=7, fpr_range=(0, 0.2))
    assert abs(cov - theirs) < 4 * math.sqrt(2) * math.sqrt((v1 * v2 + cov**2) / B)
    warned = r.r(
        "withCallingHandlers(tryCatch({set.seed(1); roc.test(r1, r2, method='bootstrap', "
        "boot.n=10, progress='none'); ''}, error=function(e) ''), "
        "warning=function(w) {assign('msg', conditionMessage(w), globalenv()); "
        "invokeRestart('muffleWarning')}); msg"
    )[0]
    assert warned.startswith(WORDS)


def test_smoothed_curves_with_ranges_per_curve():
    c1, c2 = wr.smooth_roc(G, Y), wr.smooth_roc(G2, Y)
    with pytest.warns(UserWarning, match=WORDS):
        test = wr.roc_test(c1, c2, method="bootstrap", n_boot=20, seed=1,
                           fpr_range=((0, 0.1), (0, 0.2)))  # fmt: skip
    assert test.estimate["Smoothed pAUC (1-0.8 specificity) of roc2"] == pytest.approx(
        wr.partial_auc(c2, fpr_range=(0, 0.2)), abs=1e-15
    )
    with pytest.warns(UserWarning, match="Different smoothing parameters"):
        wr.roc_test(c1, wr.smooth_roc(G2, Y, n=100), method="bootstrap", n_boot=5, seed=1)
