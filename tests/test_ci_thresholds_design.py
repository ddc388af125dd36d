"""`ci_thresholds(design=, replicates=)`: the design-based variance of the
specificity and sensitivity at thresholds, against brute force (the
ratio's influence values totalled by hand, each replicate's rates read
plainly from the rows it keeps) and live against R's survey 4.1
(``svyrecvar`` of influence values computed here, ``svymean`` of the
class's subset and ``svyratio``, linearized and with JKn and bootstrap
replicates).  Also: `ci_se`, `ci_sp`, `ci_coords` and `ci_thresholds` take
the design's own weights (``SurveyDesign(weight=)``), and a ``weight=``
that disagrees with them is an error."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from test_live_r import need_r

import weightedroc as wr
from weightedroc import rbridge

THRESHOLDS = [-0.5, 0.0, 0.3, 1.0, 1.7]


def data(seed=11, n=120):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.4
    guess = np.round(rng.normal(size=n) + label, 1)
    cluster, strata = np.arange(n) // 6, np.arange(n) * 3 // n
    return guess, label, rng.uniform(1, 30, n), cluster, strata


def design(**kw):
    *_, cluster, strata = data()
    return wr.SurveyDesign(cluster=cluster, strata=strata, nest=True, **kw)


def rates(guess, label, weight, t, direction="<"):
    """(specificity, sensitivity) at threshold t, summed plainly."""
    called = guess >= t if direction == "<" else guess <= t
    sp = weight[~label & ~called].sum() / weight[~label].sum()
    se = weight[label & called].sum() / weight[label].sum()
    return sp, se


def svyrecvar_by_hand(z, cluster, strata):
    """Stratified cluster sampling with replacement: PSU totals centred
    within strata, times n_h / (n_h - 1)."""
    total = 0.0
    for h in np.unique(strata):
        psus = np.unique(cluster[strata == h])
        t = np.array([z[(strata == h) & (cluster == c)].sum() for c in psus])
        total += len(t) / (len(t) - 1) * np.sum((t - t.mean()) ** 2)
    return total


@pytest.mark.parametrize("direction", ["<", ">"])
def test_linearization_is_the_ratios_influence_values_totalled_by_hand(direction):
    guess, label, weight, cluster, strata = data()
    table = wr.ci_thresholds(guess, label, weight, THRESHOLDS, design=design(), direction=direction)
    assert list(table.columns) == [
        "threshold",
        "measure",
        "estimate",
        "conf_low",
        "conf_high",
        "std_error",
    ]
    assert table.attrs["method"] == "design-based, linearization (svyrecvar)"
    for k, t in enumerate(THRESHOLDS):
        called = guess >= t if direction == "<" else guess <= t
        sp, se = rates(guess, label, weight, t, direction)
        z_sp = np.where(~label, weight * ((~called) - sp), 0) / weight[~label].sum()
        z_se = np.where(label, weight * (called - se), 0) / weight[label].sum()
        rows = table.iloc[2 * k : 2 * k + 2]
        assert rows["measure"].tolist() == ["specificity", "sensitivity"]
        np.testing.assert_allclose(rows["estimate"], [sp, se], rtol=1e-14)
        errors = [math.sqrt(svyrecvar_by_hand(z, cluster, strata)) for z in (z_sp, z_se)]
        np.testing.assert_allclose(rows["std_error"], errors, rtol=1e-12)
        half = 1.959963984540054 * np.array(errors)
        np.testing.assert_allclose(
            rows["conf_low"], np.clip([sp, se] - half, 0, 1), rtol=1e-12, atol=1e-15
        )
        np.testing.assert_allclose(
            rows["conf_high"], np.clip([sp, se] + half, 0, 1), rtol=1e-12, atol=1e-15
        )


def test_estimates_are_the_bootstrap_paths_bits():
    guess, label, weight, *_ = data()
    for thresholds in (THRESHOLDS, "best", "local_maxima"):
        boot = wr.ci_thresholds(guess, label, weight, thresholds, n_boot=5, seed=1)
        for replicates in (None, "JKn"):
            got = wr.ci_thresholds(
                guess, label, weight, thresholds, design=design(), replicates=replicates
            )
            np.testing.assert_array_equal(got["estimate"], boot["estimate"])
            np.testing.assert_array_equal(got["threshold"], boot["threshold"])
            assert got.attrs.get("thresholds") == boot.attrs.get("thresholds")


@pytest.mark.parametrize("kind", ["JKn", "bootstrap", "weights"])
def test_replicates_are_the_rates_of_the_rows_each_keeps(kind):
    guess, label, weight, *_ = data()
    d = design()
    reps = d.replicates("bootstrap" if kind == "bootstrap" else "JKn", n=len(guess), seed=3)
    given = "JKn" if kind == "JKn" else reps  # bootstraps: the draws of the brute force
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # replicates without a class (none here)
        table = wr.ci_thresholds(guess, label, weight, THRESHOLDS, design=d, replicates=given)
    factors = reps.matrix[reps.index]
    for k, t in enumerate(THRESHOLDS):
        own = np.array(rates(guess, label, weight, t))
        values = np.array(
            [rates(guess, label, weight * factors[:, r], t) for r in range(reps.n_replicates)]
        )
        variance = reps.scale * np.sum(reps.rscales[:, None] * (values - own) ** 2, axis=0)
        np.testing.assert_allclose(
            table["std_error"].iloc[2 * k : 2 * k + 2], np.sqrt(variance), rtol=1e-12
        )
    words = f"design-based, {reps.type} replicates ({reps.n_replicates})"
    assert table.attrs["method"] == words
    assert table.attrs["n_replicates"] == reps.n_replicates and "n_boot" not in table.attrs
    # ReplicateWeights given as the design itself
    alone = wr.ci_thresholds(guess, label, weight, THRESHOLDS, design=reps)
    pd.testing.assert_frame_equal(alone, table)


def test_brr_and_fay_replicates_brute_force():
    rng = np.random.default_rng(4)
    n = 80
    label = rng.random(n) < 0.5
    guess = np.round(rng.normal(size=n) + label, 1)
    weight = rng.uniform(1, 5, n)
    strata, cluster = np.arange(n) // 20, np.arange(n) // 10 % 2  # two PSUs per stratum
    d = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)
    for reps in (d.replicates("BRR", n=n), d.replicates("Fay", n=n, rho=0.5)):
        table = wr.ci_thresholds(guess, label, weight, [0.0, 0.8], design=d, replicates=reps)
        factors = reps.matrix[reps.index]
        for k, t in enumerate([0.0, 0.8]):
            own = np.array(rates(guess, label, weight, t))
            values = np.array(
                [rates(guess, label, weight * factors[:, r], t) for r in range(reps.n_replicates)]
            )
            variance = reps.scale * np.sum(reps.rscales[:, None] * (values - own) ** 2, axis=0)
            np.testing.assert_allclose(
                table["std_error"].iloc[2 * k : 2 * k + 2], np.sqrt(variance), rtol=1e-12
            )


def test_design_errors_and_weights():
    guess, label, weight, *_ = data()
    with pytest.raises(ValueError, match="sampling weights"):
        wr.ci_thresholds(
            guess, label, np.round(weight), [0.0], design=design(), weights_are="frequency"
        )
    with pytest.raises(ValueError, match="needs the design"):
        wr.ci_thresholds(guess, label, weight, [0.0], replicates="JKn")


CI_CALLS = {
    "ci_se": lambda g, y, w, **kw: wr.ci_se(g, y, w, [0.5, 0.8], **kw),
    "ci_sp": lambda g, y, w, **kw: wr.ci_sp(g, y, w, [0.5, 0.8], **kw),
    "ci_coords": lambda g, y, w, **kw: wr.ci_coords(
        g, y, w, x=[0.0, 0.5], ret=["specificity", "sensitivity", "precision"], **kw
    ),
    "ci_thresholds": lambda g, y, w, **kw: wr.ci_thresholds(g, y, w, [0.0, 0.5], **kw),
}


@pytest.mark.parametrize("name", list(CI_CALLS))
@pytest.mark.parametrize("replicates", [None, "JKn"])
def test_the_design_carries_its_weights(name, replicates):
    """``SurveyDesign(weight=)`` alone gives what ``weight=`` with the bare
    design gives; both given and equal, the same; disagreeing, an error."""
    call = CI_CALLS[name]
    guess, label, weight, *_ = data()
    kw = {"replicates": replicates}
    expected = call(guess, label, weight, design=design(), **kw)
    carried = design(weight=weight)
    pd.testing.assert_frame_equal(call(guess, label, None, design=carried, **kw), expected)
    pd.testing.assert_frame_equal(call(guess, label, weight, design=carried, **kw), expected)
    wrong = weight.copy()
    wrong[7] *= 1.5
    with pytest.raises(ValueError, match="differs from the design's weights .* at row 7"):
        call(guess, label, wrong, design=carried, **kw)
    # the weights matter: ignoring them would give the unweighted answer
    unweighted = call(guess, label, None, design=design(), **kw)
    assert not np.allclose(unweighted["std_error"], expected["std_error"])


R_THRESHOLD = """function(guess, pos, w, cluster, strata, fpc, t, z_sp, z_se) {
  suppressMessages(library(survey))
  df <- data.frame(pos = pos, w = w, cluster = cluster, strata = strata,
                   called = as.numeric(guess >= t), uncalled = as.numeric(guess < t))
  if (!is.null(fpc)) df$fpc <- fpc
  d <- svydesign(ids = ~cluster, strata = ~strata, weights = ~w, data = df, nest = TRUE,
                 fpc = if (is.null(fpc)) NULL else ~fpc)
  sp <- svymean(~uncalled, subset(d, pos == 0))
  se <- svymean(~called, subset(d, pos == 1))
  df$called_pos <- df$called * df$pos
  df$uncalled_neg <- df$uncalled * (1 - df$pos)
  df$neg <- 1 - df$pos
  d2 <- update(d, called_pos = df$called_pos, uncalled_neg = df$uncalled_neg, neg = df$neg)
  ratio_se <- svyratio(~called_pos, ~pos, d2)
  ratio_sp <- svyratio(~uncalled_neg, ~neg, d2)
  v <- function(z) survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)[1, 1]
  r <- as.svrepdesign(d, type = "JKn", mse = TRUE)
  rsp <- svymean(~uncalled, subset(r, pos == 0))
  rse <- svymean(~called, subset(r, pos == 1))
  c(coef(sp), coef(se), SE(sp), SE(se), SE(ratio_sp), SE(ratio_se), sqrt(v(z_sp)),
    sqrt(v(z_se)), SE(rsp), SE(rse))
}"""


def r_threshold(guess, label, weight, cluster, strata, fpc, t, z_sp, z_se):
    ro = rbridge.robjects()
    fv = lambda x: ro.FloatVector(np.asarray(x, dtype=float).tolist())  # noqa: E731
    out = ro.r(R_THRESHOLD)(
        fv(guess),
        fv(label),
        fv(weight),
        fv(cluster),
        fv(strata),
        ro.NULL if fpc is None else fv(fpc),
        float(t),
        fv(z_sp),
        fv(z_se),
    )
    return np.asarray(out)


@pytest.mark.parametrize("with_fpc", [False, True])
def test_live_survey_svymean_svyratio_svyrecvar_and_jkn(with_fpc):
    need_r("survey")
    guess, label, weight, cluster, strata = data()
    fpc = np.where(strata == 0, 30, np.where(strata == 1, 12, 100)) if with_fpc else None
    d = design(fpc=fpc)
    lin = wr.ci_thresholds(guess, label, weight, THRESHOLDS, design=d)
    jkn = wr.ci_thresholds(guess, label, weight, THRESHOLDS, design=d, replicates="JKn")
    worst = 0.0
    for k, t in enumerate(THRESHOLDS):
        sp, se = rates(guess, label, weight, t)
        called = guess >= t
        z_sp = np.where(~label, weight * ((~called) - sp), 0) / weight[~label].sum()
        z_se = np.where(label, weight * (called - se), 0) / weight[label].sum()
        r = r_threshold(guess, label, weight, cluster, strata, fpc, t, z_sp, z_se)
        ours = lin["std_error"].iloc[2 * k : 2 * k + 2].to_numpy()
        np.testing.assert_allclose(lin["estimate"].iloc[2 * k : 2 * k + 2], r[:2], rtol=1e-13)
        for theirs in (r[2:4], r[4:6], r[6:8]):  # svymean, svyratio, svyrecvar
            np.testing.assert_allclose(ours, theirs, rtol=1e-12)
            worst = max(worst, np.max(np.abs(ours / theirs - 1)))
        np.testing.assert_allclose(jkn["std_error"].iloc[2 * k : 2 * k + 2], r[8:10], rtol=1e-12)
    assert worst < 1e-12


R_REPLICATES = """function(guess, pos, w, repweights, scale, rscales, t) {
  suppressMessages(library(survey))
  df <- data.frame(pos = pos, w = w, called = as.numeric(guess >= t),
                   uncalled = as.numeric(guess < t))
  r <- svrepdesign(data = df, repweights = repweights, weights = ~w, type = "other",
                   scale = scale, rscales = rscales, combined.weights = FALSE, mse = TRUE)
  c(SE(svymean(~uncalled, subset(r, pos == 0))), SE(svymean(~called, subset(r, pos == 1))))
}"""


def test_live_survey_bootstrap_replicates():
    """survey's own draws differ (numpy's generator): R is given ours."""
    need_r("survey")
    guess, label, weight, *_ = data()
    d = design()
    reps = d.replicates("bootstrap", n=len(guess), n_rep=40, seed=2)
    table = wr.ci_thresholds(guess, label, weight, THRESHOLDS, design=d, replicates=reps)
    ro = rbridge.robjects()
    fv = lambda x: ro.FloatVector(np.asarray(x, dtype=float).tolist())  # noqa: E731
    factors = reps.matrix[reps.index]
    matrix = ro.r.matrix(fv(factors.ravel(order="F")), nrow=len(guess))
    for k, t in enumerate(THRESHOLDS):
        theirs = np.asarray(
            ro.r(R_REPLICATES)(
                fv(guess), fv(label), fv(weight), matrix, reps.scale, fv(reps.rscales), t
            )
        )
        np.testing.assert_allclose(table["std_error"].iloc[2 * k : 2 * k + 2], theirs, rtol=1e-12)
