"""Design-based AUC inference (the public auc_ci, auc_var and roc_test
with design=) against svyROC 1.1.0 (ci.wauc, ht.paired, ht.indep with
JKn), live through rpy2.

svyROC is not on Debian: these tests source its R files from the folder
named by the environment variable WEIGHTEDROC_SVYROC (an unpacked copy of
github:cran/svyROC, never committed here) and skip with the reason when it
is absent.  Its example data are loaded from that folder, not copied.
"""

import os

import numpy as np
import pytest
from test_live_r import need_r

import weightedroc as wr
from weightedroc import rbridge
from weightedroc.survey.design import SurveyDesign

SOURCE = os.environ.get("WEIGHTEDROC_SVYROC")

R_SETUP = """function(src) {
  suppressMessages(library(survey))
  for (f in c("wauc.R", "ci.wauc.R", "ht.paired.R", "ht.indep.R"))
    source(file.path(src, "R", f))
  for (f in c("example_variables_wroc.rda", "example_variables_wroc_2.rda"))
    load(file.path(src, "data", f), envir = globalenv())
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                 data = example_variables_wroc, nest = TRUE)
  m1 <- svyglm(y ~ x1 + x2 + x3 + x4 + x5 + x6, design = d, family = quasibinomial())
  m2 <- svyglm(y ~ x1 + x2 + x3, design = d, family = quasibinomial())
  m3 <- svyglm(y ~ x4 + x5 + x6, design = d, family = quasibinomial())
  example_variables_wroc$phat <<- predict(m1, newdata = example_variables_wroc, type = "response")
  example_variables_wroc$phat.1 <<- predict(m2, newdata = example_variables_wroc, type = "response")
  example_variables_wroc$phat.2 <<- predict(m3, newdata = example_variables_wroc, type = "response")
  d2 <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                  data = example_variables_wroc_2, nest = TRUE)
  m4 <- svyglm(y ~ x1 + x2 + x3, design = d2, family = quasibinomial())
  example_variables_wroc_2$phat.2 <<- predict(m4, newdata = example_variables_wroc_2,
                                              type = "response")
  TRUE
}"""

R_CI = """function(data_name, phat) {
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                 data = get(data_name), nest = TRUE)
  d$call$data <- as.name(data_name)
  ci.wauc(design = d, response.var = "y", phat.var = phat, tag.event = 1,
          tag.nonevent = 0, method = "JKn")
}"""

R_PAIRED = """function(alt) {
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                 data = example_variables_wroc, nest = TRUE)
  h <- ht.paired(design = d, response.var = "y", phat.var.1 = "phat.1", phat.var.2 = "phat.2",
                 tag.event = 1, tag.nonevent = 0, method = "JKn", alternative = alt)
  c(h$wauc.1, h$wauc.2, h$z, h$pvalue)
}"""

R_INDEP = """function(alt) {
  d1 <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                  data = example_variables_wroc, nest = TRUE)
  d2 <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                  data = example_variables_wroc_2, nest = TRUE)
  h <- ht.indep(design.1 = d1, response.var.1 = "y", phat.var.1 = "phat.1",
                design.2 = d2, response.var.2 = "y", phat.var.2 = "phat.2",
                tag.event = 1, tag.nonevent = 0, method = "JKn", alternative = alt)
  c(h$wauc.1, h$wauc.2, h$z, h$pvalue)
}"""


@pytest.fixture(scope="module")
def svyroc():
    need_r("survey")
    if not SOURCE or not os.path.isfile(os.path.join(SOURCE, "R", "ci.wauc.R")):
        pytest.skip(
            "set WEIGHTEDROC_SVYROC to an unpacked copy of github:cran/svyROC "
            "(svyROC is not on Debian; CI cannot fetch it)"
        )
    ro = rbridge.robjects()
    ro.r(R_SETUP)(SOURCE)
    return ro


def frame(ro, name):
    from rpy2.robjects import conversion, pandas2ri

    with conversion.localconverter(ro.default_converter + pandas2ri.converter):
        return ro.conversion.get_conversion().rpy2py(ro.globalenv[name])


def test_ci_wauc_jkn_on_svyroc_example(svyroc):
    data = frame(svyroc, "example_variables_wroc")
    r = svyroc.r(R_CI)("example_variables_wroc", "phat")
    r_auc, (r_low, r_high) = r[0][0], np.asarray(r[1])
    design = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    ours = wr.auc_ci(data["phat"], data["y"], data["weights"], design=design, replicates="JKn")
    np.testing.assert_allclose(ours.estimate, r_auc, rtol=1e-12)
    np.testing.assert_allclose([ours.conf_low, ours.conf_high], [r_low, r_high], rtol=1e-12)
    assert round(ours.conf_low, 4) == 0.6657 and round(ours.conf_high, 4) == 0.7988  # the issue
    np.testing.assert_allclose(
        ours.estimate, wr.auc_score(data["phat"], data["y"], data["weights"]), rtol=1e-14
    )


@pytest.mark.parametrize("alternative", ["two.sided", "less", "greater"])
def test_ht_paired_and_indep_jkn(svyroc, alternative):
    data = frame(svyroc, "example_variables_wroc")
    data2 = frame(svyroc, "example_variables_wroc_2")
    design = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    design2 = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data2)
    r = np.asarray(svyroc.r(R_PAIRED)(alternative))
    ours = wr.roc_test(
        data["phat.1"],
        data["phat.2"],
        data["y"],
        data["weights"],
        design=design,
        replicates="JKn",
        alternative=alternative,
    )
    np.testing.assert_allclose(list(ours.estimate.values()), r[:2], rtol=1e-12)
    np.testing.assert_allclose([ours.statistic, ours.p_value], r[2:], rtol=1e-10)
    r = np.asarray(svyroc.r(R_INDEP)(alternative))
    ours = wr.roc_test(
        data["phat.1"],
        (data2["phat.2"], data2["y"], data2["weights"]),
        data["y"],
        data["weights"],
        design=(design.replicates("JKn"), design2.replicates("JKn")),
        alternative=alternative,
    )
    np.testing.assert_allclose([ours.statistic, ours.p_value], r[2:], rtol=1e-10)


def random_survey(seed, equal_sizes=False):
    """A stratified cluster sample with uneven weights, tied scores and PSU
    labels repeated across strata (nest=True)."""
    rng = np.random.default_rng(seed)
    rows = []
    for h in range(int(rng.integers(2, 6))):
        for k in range(3 if equal_sizes else int(rng.integers(2, 6))):
            m = 4 if equal_sizes else int(rng.integers(1, 12))
            rows += [(h + 1, k + 1, rng.uniform(1, 50))] * m
    strata, cluster, weights = map(np.array, zip(*rows))
    n = len(strata)
    y = (rng.random(n) < 0.35).astype(float)
    y[:2] = [0, 1]
    phat = np.round(rng.normal(size=n) + y + 0.1 * strata, 1)
    import pandas as pd

    return pd.DataFrame(
        dict(y=y, phat=phat, strata=strata, cluster=cluster, weights=weights * (1 + y))
    )


@pytest.mark.parametrize("seed", range(8))
def test_ci_wauc_jkn_on_random_designs(svyroc, seed):
    from rpy2.robjects import conversion, pandas2ri

    data = random_survey(seed)
    with conversion.localconverter(svyroc.default_converter + pandas2ri.converter):
        svyroc.globalenv["random_survey"] = data
    r = svyroc.r(R_CI)("random_survey", "phat")
    design = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    ours = wr.auc_ci(data["phat"], data["y"], data["weights"], design=design, replicates="JKn")
    np.testing.assert_allclose([ours.conf_low, ours.conf_high], np.asarray(r[1]), rtol=1e-12)


def test_svyroc_equal_psu_sizes_trap(svyroc):
    """With every PSU of m rows (and as many PSUs in every stratum) svyROC's
    variance is m times survey's, the JKn variance this package gives: its
    apply(JKn.w == 0, 2, which) returns a matrix, and the sum recycles the
    replicates' squared deviations over its m x R entries."""
    from rpy2.robjects import conversion, pandas2ri

    data = random_survey(3, equal_sizes=True)
    with conversion.localconverter(svyroc.default_converter + pandas2ri.converter):
        svyroc.globalenv["equal_survey"] = data
    r = svyroc.r(R_CI)("equal_survey", "phat")
    r_half = (np.asarray(r[1])[1] - np.asarray(r[1])[0]) / 2
    design = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    variance = wr.auc_var(data["phat"], data["y"], data["weights"], design=design, replicates="JKn")
    from weightedroc.utils.normal import qnorm

    np.testing.assert_allclose(r_half, qnorm(0.975) * np.sqrt(4 * variance), rtol=1e-12)


R_SUBBOOT = """function(B) {
  set.seed(123)
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~weights,
                 data = example_variables_wroc, nest = TRUE)
  ci.wauc(design = d, response.var = "y", phat.var = "phat", tag.event = 1,
          tag.nonevent = 0, method = "subbootstrap", boot.B = B)$ci
}"""


def test_subbootstrap_agrees_within_monte_carlo_error(svyroc):
    """400 replicates each: the half-widths' ratio has a Monte Carlo sd of
    about 5% (each variance sqrt(2/399)); 15% is three of them."""
    data = frame(svyroc, "example_variables_wroc")
    r_low, r_high = np.asarray(svyroc.r(R_SUBBOOT)(400))
    design = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    ours = wr.auc_ci(
        data["phat"],
        data["y"],
        data["weights"],
        design=design,
        replicates="subbootstrap",
        n_boot=400,
        seed=1,
    )
    ratio = (ours.conf_high - ours.conf_low) / (r_high - r_low)
    assert abs(ratio - 1) < 0.15
