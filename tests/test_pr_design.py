"""pr_ci and pr_test with design= (issue 41): linearization is survey's
svyrecvar of influence values taken by numerical derivatives here, and
the replicate variance is svrVar of estimates recomputed by brute force
under each replicate's weights; live, the same against R's survey 4.1
(svyrecvar, and withReplicates of an AP and a PR area written in R)."""

import numpy as np
import pytest
from test_live_r import need_r
from test_survey_live import random_design

import weightedroc as wr
from weightedroc import rbridge


def _estimate(estimator):
    if estimator == "ap":
        return lambda g, y, w: wr.average_precision(g, y, w)
    return lambda g, y, w: wr.pr_auc((g, y, w), method="interpolated")


def _sample(seed):
    cluster, strata, _ = random_design(seed)
    n = len(cluster)
    rng = np.random.default_rng(50 + seed)
    label = (rng.uniform(size=n) < 0.4).astype(int)
    label[:2] = [0, 1]
    guess = np.round(rng.normal(size=n) + label, 1)
    return cluster, strata, guess, label, rng.uniform(1, 9, n)


def _numerical_influence(f, guess, label, weight, h=1e-6):
    values = np.empty(len(guess))
    for k in range(len(guess)):
        up, down = weight.copy(), weight.copy()
        up[k] *= 1 + h
        down[k] *= 1 - h
        values[k] = (f(guess, label, up) - f(guess, label, down)) / (2 * h)  # w_k d/dw_k
    return values


def _svyrecvar_by_hand(z, cluster, strata):
    """One stage, with replacement: PSU totals centred within strata."""
    total = 0.0
    for h in np.unique(strata):
        psus = np.unique(cluster[strata == h])
        totals = np.array([z[(strata == h) & (cluster == c)].sum() for c in psus])
        total += len(psus) / (len(psus) - 1) * np.sum((totals - totals.mean()) ** 2)
    return total


@pytest.mark.parametrize("estimator", ["ap", "interpolated"])
@pytest.mark.parametrize("seed", range(3))
def test_linearization_is_svyrecvar_of_the_influence_values(estimator, seed):
    cluster, strata, guess, label, weight = _sample(seed)
    design = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)
    ci = wr.pr_ci(guess, label, weight, estimator=estimator, design=design)
    z = _numerical_influence(_estimate(estimator), guess, label, weight)
    assert ci.std_error**2 == pytest.approx(_svyrecvar_by_hand(z, cluster, strata), rel=1e-6)
    assert "linearization (svyrecvar)" in ci.method
    # a design of independent rows is the influence interval (n/(n-1), all rows)
    plain = wr.pr_ci(guess, label, weight, estimator=estimator)
    simple = wr.pr_ci(guess, label, weight, estimator=estimator, design=wr.SurveyDesign())
    assert simple.std_error == pytest.approx(plain.std_error, rel=1e-12)


@pytest.mark.parametrize("estimator", ["ap", "interpolated"])
@pytest.mark.parametrize("type", ["JKn", "bootstrap", "BRR"])
def test_replicates_recompute_the_estimate(estimator, type):
    cluster, strata, guess, label, weight = _sample(4)
    if type == "BRR":  # two PSUs a stratum
        cluster = np.arange(len(guess)) % 8
        strata = cluster // 2
    design = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True, weight=weight)
    reps = design.replicates(
        type, n=len(guess), **({"n_rep": 40, "seed": 3} if type == "bootstrap" else {})
    )
    ci = wr.pr_ci(guess, label, estimator=estimator, design=design, replicates=reps)
    f = _estimate(estimator)
    own = f(guess, label, weight)
    thetas = []
    for r in range(reps.n_replicates):
        w = weight * reps.matrix[reps.index, r]
        keep = w > 0
        thetas.append(f(guess[keep], label[keep], w[keep]))
    variance = reps.scale * np.sum(reps.rscales * (np.array(thetas) - own) ** 2)
    assert ci.estimate == pytest.approx(own, abs=1e-14)
    assert ci.std_error**2 == pytest.approx(variance, rel=1e-10)
    assert type in ci.method
    alone = wr.pr_ci(guess, label, weight, estimator=estimator, design=reps)
    assert alone.std_error == ci.std_error  # replicate weights are a design


def test_pr_test_with_a_design_is_the_variance_of_the_difference():
    cluster, strata, guess, label, weight = _sample(5)
    other = np.round(guess + np.random.default_rng(1).normal(size=len(guess)), 1)
    design = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)
    test = wr.pr_test(guess, other, label, weight, design=design)
    f = _estimate("ap")
    z = _numerical_influence(f, guess, label, weight) - _numerical_influence(
        f, other, label, weight
    )
    assert test.std_error**2 == pytest.approx(_svyrecvar_by_hand(z, cluster, strata), rel=1e-6)
    reps = design.replicates("JKn", n=len(guess))
    by_reps = wr.pr_test(guess, other, label, weight, design=design, replicates=reps)
    thetas = []
    for r in range(reps.n_replicates):
        w = weight * reps.matrix[reps.index, r]
        keep = w > 0
        thetas.append(f(guess[keep], label[keep], w[keep]) - f(other[keep], label[keep], w[keep]))
    own = f(guess, label, weight) - f(other, label, weight)
    variance = reps.scale * np.sum(reps.rscales * (np.array(thetas) - own) ** 2)
    assert by_reps.std_error**2 == pytest.approx(variance, rel=1e-10)
    assert by_reps.statistic == pytest.approx(own / np.sqrt(variance), rel=1e-10)


R_SURVEY = """function(cluster, strata, g, y, w, z, type) {
  suppressMessages(library(survey))
  df <- data.frame(cluster = cluster, strata = strata, g = g, y = y, w = w)
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~w, data = df, nest = TRUE)
  v <- survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)
  groups <- function(w, data) {
    keep <- w > 0
    u <- factor(data$g[keep], levels = sort(unique(data$g[keep]), decreasing = TRUE))
    P <- tapply(w[keep] * data$y[keep], u, sum)
    N <- tapply(w[keep] * (1 - data$y[keep]), u, sum)
    list(P = as.numeric(P), N = as.numeric(N))
  }
  ap <- function(w, data) {
    s <- groups(w, data)
    sum(s$P * cumsum(s$P) / cumsum(s$P + s$N)) / sum(s$P)
  }
  area <- function(w, data) {  # PRROC's auc.integral, segment by segment
    s <- groups(w, data)
    TP <- c(0, cumsum(s$P)); FP <- c(0, cumsum(s$N))
    t0 <- head(TP, -1); t1 <- TP[-1]; f0 <- head(FP, -1); f1 <- FP[-1]
    dt <- t1 - t0; df <- f1 - f0; sz <- dt + df
    part <- ifelse(dt > 0, ifelse(t0 + f0 > 0,
      dt * (dt - (f0 * dt - t0 * df) / sz * log((t1 + f1) / (t0 + f0))) / sz, dt * dt / sz), 0)
    sum(part) / TP[length(TP)]
  }
  r <- as.svrepdesign(d, type = type, mse = TRUE)
  list(v = v, ap = SE(withReplicates(r, ap)), area = SE(withReplicates(r, area)))
}"""


@pytest.mark.parametrize("seed", range(3))
def test_design_variances_equal_survey_live(seed):
    need_r("survey")
    cluster, strata, guess, label, weight = _sample(seed)
    z = _numerical_influence(_estimate("ap"), guess, label, weight)
    ro = rbridge.robjects()
    vec = lambda x: ro.FloatVector(np.asarray(x, dtype=float).tolist())  # noqa: E731
    res = ro.r(R_SURVEY)(*map(vec, (cluster, strata, guess, label, weight, z)), "JKn")
    r = {k: np.asarray(v) for k, v in zip(res.names, res)}
    design = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)
    linear = wr.pr_ci(guess, label, weight, design=design)
    assert linear.std_error**2 == pytest.approx(r["v"][0, 0], rel=1e-6)
    for estimator in ("ap", "interpolated"):
        ci = wr.pr_ci(guess, label, weight, estimator=estimator, design=design, replicates="JKn")
        expected = r["ap" if estimator == "ap" else "area"].ravel()[0]
        assert ci.std_error == pytest.approx(expected, rel=1e-10)
