"""multiclass_auc_var and multiclass_auc_ci with design= (issue 38 item 3):
the influence values against finite differences of M, two classes against
auc_var's design variance, and the linearization against R survey's
svyrecvar on the same influence values (live, skipped without R)."""

import warnings

import numpy as np
import pytest
from test_live_r import need_r

import weightedroc as wr
from weightedroc.curves.multiclass import multiclass_data
from weightedroc.inference.multiclass import multiclass_influence
from weightedroc.survey.design import SurveyDesign

rng = np.random.default_rng(11)
N = 150
Y = rng.integers(0, 3, N)
Y[:3] = [0, 1, 2]
RAW = rng.normal(size=(N, 3))
RAW[np.arange(N), Y] += 1
SCORES = np.exp(RAW) / np.exp(RAW).sum(1, keepdims=True)
W = rng.uniform(1, 3, N)
CLUSTER, STRATA = np.arange(N) // 5 % 2, np.arange(N) // 10
DESIGN = SurveyDesign(cluster=CLUSTER, strata=STRATA, nest=True)


@pytest.mark.parametrize("average", ["macro", "weighted"])
@pytest.mark.parametrize("method", ["hand_till", "ovr"])
def test_influence_is_w_times_the_derivative(average, method):
    data = multiclass_data(SCORES, Y, W)
    z = multiclass_influence(data, method, average)
    h = 1e-6
    for k in rng.choice(N, 8, replace=False):
        up, down = W.copy(), W.copy()
        up[k] *= 1 + h
        down[k] *= 1 - h
        m_up = wr.multiclass_auc(SCORES, Y, up, method=method, average=average)
        m_down = wr.multiclass_auc(SCORES, Y, down, method=method, average=average)
        np.testing.assert_allclose(z[k], (m_up - m_down) / (2 * h), rtol=1e-5, atol=1e-12)


@pytest.mark.parametrize("replicates", [None, "JKn"])
def test_two_classes_are_auc_var_under_the_design(replicates):
    g, y = SCORES[:, 1], (Y == 1).astype(int)
    two = np.c_[1 - g, g]
    expected = wr.auc_var(g, y, W, design=DESIGN, replicates=replicates)
    got = wr.multiclass_auc_var(two, y, W, design=DESIGN, replicates=replicates)
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_interval_under_a_design_says_its_method():
    ci = wr.multiclass_auc_ci(SCORES, Y, W, design=DESIGN, replicates="JKn")
    var = wr.multiclass_auc_var(SCORES, Y, W, design=DESIGN, replicates="JKn")
    assert ci.method == "JKn replicates (30)" and ci.n_replicates == 30
    np.testing.assert_allclose(ci.std_error, np.sqrt(var), rtol=1e-15)
    ci = wr.multiclass_auc_ci(SCORES, Y, W, design=DESIGN, quantile="t")
    assert ci.method == "linearization (svyrecvar)" and ci.df == 15.0
    half = (ci.conf_high - ci.conf_low) / 2
    from scipy.stats import t

    np.testing.assert_allclose(half, t.ppf(0.975, 15) * ci.std_error, rtol=1e-12)
    with pytest.raises(ValueError, match="sampling weights"):
        wr.multiclass_auc_var(SCORES, Y, W, design=DESIGN, weights_are="frequency")


R_RECVAR = """function(cluster, strata, z) {
  suppressMessages(library(survey))
  df <- data.frame(cluster = cluster, strata = strata, w = 1)
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~w, data = df, nest = TRUE)
  survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)
}"""


@pytest.mark.parametrize("average", ["macro", "weighted"])
@pytest.mark.parametrize("method", ["hand_till", "ovr"])
def test_linearization_equals_svyrecvar(average, method):
    need_r("survey")
    from weightedroc import rbridge

    ro = rbridge.robjects()
    z = multiclass_influence(multiclass_data(SCORES, Y, W), method, average)
    expected = np.asarray(
        ro.r(R_RECVAR)(
            ro.FloatVector(CLUSTER.astype(float)),
            ro.FloatVector(STRATA.astype(float)),
            ro.FloatVector(z),
        )
    )[0, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no jackknife weight warning under a design
        got = wr.multiclass_auc_var(SCORES, Y, W, method=method, average=average, design=DESIGN)
    np.testing.assert_allclose(got, expected, rtol=1e-12)


@pytest.mark.parametrize("replicates", [None, "JKn"])
def test_the_design_carrying_its_weights_weights_the_estimate(replicates):
    """``SurveyDesign(weight=)`` alone gives the interval of ``weight=`` with
    the bare design, its estimate `multiclass_auc`'s weighted one (before,
    the estimate was the unweighted AUC: 0.58 against 0.557 here)."""
    carried = SurveyDesign(cluster=CLUSTER, strata=STRATA, nest=True, weight=W)
    got = wr.multiclass_auc_ci(SCORES, Y, design=carried, replicates=replicates)
    given = wr.multiclass_auc_ci(SCORES, Y, W, design=DESIGN, replicates=replicates)
    assert got.estimate == wr.multiclass_auc(SCORES, Y, W) == given.estimate
    assert (got.conf_low, got.conf_high, got.std_error) == (
        given.conf_low,
        given.conf_high,
        given.std_error,
    )
    assert got.estimate != wr.multiclass_auc(SCORES, Y)
    with pytest.raises(ValueError, match="differs from the design's weights"):
        wr.multiclass_auc_ci(SCORES, Y, W * 1.5, design=carried, replicates=replicates)
