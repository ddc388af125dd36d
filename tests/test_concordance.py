"""`concordance` and `concordance_test` against survival's concordance()
live (every timewt, case weights, strata, ymax; the IJ standard error; the
covariance of several fits), a double loop over pairs (tests/concordance_plain.py),
scikit-survival and lifelines, and survey's svyrecvar on influence values
computed here by the double loop."""

import dataclasses
import warnings

import numpy as np
import pytest
from concordance_plain import plain_concordance, plain_counts
from hypothesis import given, settings
from hypothesis import strategies as st
from rlive import vec

import weightedroc as wr
from weightedroc.survey.design import SurveyDesign
from weightedroc.survey.weights import ReplicateWeights
from weightedroc.survival.concordance_compare import chisq_upper
from weightedroc.survival.concordance_core import less_before, stratum_counts

TIMEWTS = ["n", "S", "S/G", "n/G2", "I"]


def cohort(seed, n=80, tied=True):
    rng = np.random.default_rng(seed)
    time = rng.integers(1, 12, n).astype(float) if tied else rng.exponential(size=n)
    event = (rng.random(n) < 0.65).astype(int)
    event[np.argmax(time)] = 1
    guess = np.round(rng.normal(size=n) - 0.5 * time, 1)
    return time, event, guess, rng.uniform(0.2, 3, n), rng.integers(0, 3, n)


rows = st.lists(
    st.tuples(
        st.integers(1, 5),  # time: heavy ties
        st.booleans(),  # event
        st.integers(0, 3),  # guess: heavy ties
        st.sampled_from([1.0, 0.5, 3.0, 1e-3, 7.25]),
        st.integers(0, 1),  # stratum
    ),
    min_size=2,
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(rows, st.sampled_from(TIMEWTS), st.sampled_from([None, 2.0, 3.0]))
def test_equals_the_double_loop_over_pairs(data, timewt, tau):
    time, event, guess, weight, strata = (np.array(c) for c in zip(*data))
    time, guess = time.astype(float), guess.astype(float)
    want, se, count = plain_concordance(time, event, guess, weight, strata, timewt, tau)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = wr.concordance(
            time, event.astype(int), guess, weight, strata=strata, timewt=timewt, tau=tau
        )
    if np.isnan(want):
        assert np.isnan(got.estimate) and np.isnan(got.std_error)
        return
    # Pair sums here, as in survival's tree, are differences of running
    # totals: their error is eps times the total weight, so 1e-12 relative
    # to a pair total of 1e-3 beside weights of 7 (R live: 1e-12).  The
    # variance, not its square root (a zero variance is 1e-27 after rounding).
    assert got.estimate == pytest.approx(want, rel=1e-12, abs=1e-12)
    # With weights from 1e-3 to 7.25 that cancellation reaches eps times the
    # weights' ratio squared (about 5e-9) in the variance: a found case was 3e-10;
    # a zero variance comes out as (eps times that ratio)^2 (a found case: 1.6e-24).
    assert got.std_error**2 == pytest.approx(se**2, rel=1e-7, abs=1e-20)
    got_count = [got.concordant, got.discordant, got.tied_guess, got.tied_time, got.tied_both]
    np.testing.assert_allclose(got_count, count, rtol=1e-12, atol=1e-9)


@settings(max_examples=100, deadline=None)
@given(rows)
def test_stratum_influence_equals_the_pair_loop(data):
    time, event, guess, weight, _ = (np.array(c) for c in zip(*data))
    time, guess = time.astype(float), guess.astype(float)
    got = stratum_counts(time, event, guess, weight)
    count, influence = plain_counts(time, event, guess, weight)
    np.testing.assert_allclose(got.totals, count, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(got.influence, influence, rtol=1e-12, atol=1e-9)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.floats(0.01, 5)), min_size=0, max_size=70))
def test_less_before_is_the_prefix_dominance_sum(data):
    rank = np.array([r for r, _ in data], dtype=np.int64)
    w = np.array([x for _, x in data])
    want = np.array([w[:q][rank[:q] < rank[q]].sum() for q in range(len(rank))])
    np.testing.assert_allclose(less_before(rank, w[None, :])[0], want, rtol=1e-12, atol=1e-12)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 700),
    st.sampled_from([2, 4, 16, 64]),
    st.integers(1, 10**6),
    st.sampled_from([3, 50, 10**9]),
)
def test_less_before_tree_and_leaf_blocks_agree_at_every_split(n, leaf, seed, distinct):
    """The tree's levels and the pair-by-pair leaves share the work at
    `LEAF`: every split gives the prefix dominance sums (ties, padding to a
    power of two, two weight rows)."""
    from weightedroc.survival import concordance_core

    rng = np.random.default_rng(seed)
    rank = rng.integers(0, distinct, n)
    w = rng.uniform(0.01, 5, (2, n))
    want = np.array([[row[:q][rank[:q] < rank[q]].sum() for q in range(n)] for row in w])
    saved = concordance_core.LEAF
    try:
        concordance_core.LEAF = leaf
        got = less_before(rank, w)
    finally:
        concordance_core.LEAF = saved
    np.testing.assert_allclose(got, want.reshape(2, n), rtol=1e-12, atol=1e-12)


def test_no_n_by_n_matrix_at_a_million_rows():
    rng = np.random.default_rng(0)
    n = 1_000_000
    c = wr.concordance(rng.exponential(size=n), rng.integers(0, 2, n), rng.normal(size=n))
    assert abs(c.estimate - 0.5) < 5 * c.std_error
    assert 0 < c.std_error < 1e-3


# ------------------------------------------------------------ R's survival, live
@pytest.fixture(scope="module")
def rsurv():
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("survival")
    if not ok:
        pytest.skip(reason)
    import rpy2.robjects as ro

    ro.r("suppressMessages(library(survival))")
    return ro


def r_concordance(ro, time, event, guess, weight, strata, timewt, ymax, reverse):
    g = ro.globalenv
    g["tt"], g["ee"], g["xx"] = vec(ro, time), vec(ro, event), vec(ro, guess)
    g["ww"] = vec(ro, np.ones(len(time)) if weight is None else weight)
    g["ss"] = vec(ro, np.zeros(len(time)) if strata is None else strata)
    formula = "Surv(tt, ee) ~ xx" + ("" if strata is None else " + strata(ss)")
    ymax = "NULL" if ymax is None else repr(float(ymax))
    fit = ro.r(
        f'cc <- concordance({formula}, weights = ww, timewt = "{timewt}", ymax = {ymax}, '
        f"reverse = {'TRUE' if reverse else 'FALSE'}, keepstrata = FALSE); "
        "c(cc$concordance, sqrt(cc$var), cc$count)"
    )
    return np.array(fit)


@pytest.mark.parametrize("timewt", TIMEWTS)
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("stratified", [False, True], ids=["", "strata"])
@pytest.mark.parametrize("ymax", [None, 6.0], ids=["", "ymax"])
def test_equals_survival_live(rsurv, timewt, weighted, stratified, ymax):
    time, event, guess, weight, strata = cohort(len(timewt) + 2 * weighted + stratified)
    weight = weight if weighted else None
    strata = strata if stratified else None
    for reverse in (True, False):
        want = r_concordance(rsurv, time, event, guess, weight, strata, timewt, ymax, reverse)
        got = wr.concordance(
            time, event, guess, weight, strata=strata, timewt=timewt, tau=ymax, reverse=reverse
        )
        values = [got.estimate, got.std_error, *got.count.values()]
        np.testing.assert_allclose(values, want, rtol=1e-12, atol=1e-12)


def test_a_death_exactly_at_tau_counts_as_in_survival(rsurv):
    time, event, guess, weight, _ = cohort(5)
    assert event[time == 6.0].any()
    at = wr.concordance(time, event, guess, tau=6.0)
    before = wr.concordance(time, event, guess, tau=np.nextafter(6.0, 0))
    want = r_concordance(rsurv, time, event, guess, None, None, "n", 6.0, True)
    assert at.estimate == pytest.approx(want[0], rel=1e-12)
    assert before.concordant < at.concordant


def test_several_fits_equal_survival_live(rsurv):
    time, event, guess, weight, _ = cohort(11, n=120, tied=False)
    rng = np.random.default_rng(1)
    x = np.column_stack([guess, rng.normal(size=len(time)), np.round(guess + rng.normal(size=120))])
    g = rsurv.globalenv
    g["tt"], g["ee"], g["ww"] = vec(rsurv, time), vec(rsurv, event), vec(rsurv, weight)
    for i in range(3):
        g[f"x{i}"] = vec(rsurv, x[:, i])
    for weighted in (False, True):
        ws = ", weights = ww" if weighted else ""
        r = rsurv.r(
            f"f0 <- coxph(Surv(tt, ee) ~ x0{ws}); f1 <- coxph(Surv(tt, ee) ~ x1{ws}); "
            f"f2 <- coxph(Surv(tt, ee) ~ x2{ws}); cc <- concordance(f0, f1, f2); "
            "list(cc$concordance, cc$var, cbind(f0$linear.predictors, "
            "f1$linear.predictors, f2$linear.predictors))"
        )
        lp = np.array(r[2])
        got = wr.concordance_test(time, event, lp, weight if weighted else None)
        np.testing.assert_allclose(got.estimate, np.array(r[0]), rtol=1e-12)
        influence = np.column_stack(
            [wr.concordance(time, event, c, weight if weighted else None).influence for c in lp.T]
        )
        single = np.sum(influence**2, axis=0)
        np.testing.assert_allclose(np.diag(got.covariance), single, rtol=1e-12)
        want = np.array(r[1])
        if weighted:  # survival's t(wt * dfbeta) %*% dfbeta: the weights once more
            np.testing.assert_allclose((influence.T * weight) @ influence, want, rtol=1e-10)
            assert (np.diag(want) / single > 1.2).all()
        else:
            np.testing.assert_allclose(got.covariance, want, rtol=1e-10, atol=1e-15)
    r = rsurv.r(
        "f0 <- coxph(Surv(tt, ee) ~ x0); f1 <- coxph(Surv(tt, ee) ~ x1); "
        "cc <- concordance(f0, f1); "
        "contr <- c(-1, 1); c(contr %*% coef(cc), contr %*% vcov(cc) %*% contr)"
    )
    two = wr.concordance_test(time, event, lp[:, :2])
    assert two.estimate[1] - two.estimate[0] == pytest.approx(r[0], rel=1e-12)
    assert two.statistic == pytest.approx(r[0] ** 2 / r[1], rel=1e-10)
    assert two.df == 1 and two.p_value == pytest.approx(
        2 * wr.utils.normal.pnorm(-abs(r[0]) / np.sqrt(r[1])), rel=1e-10
    )


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7])
def test_chisq_upper_equals_scipy(df):
    chi2 = pytest.importorskip("scipy.stats").chi2
    for x in (0.01, 0.7, 3.0, 12.5, 40.0):
        assert chisq_upper(x, df) == pytest.approx(chi2.sf(x, df), rel=1e-12)


def test_equal_scores_are_not_rejected_and_three_scores_have_two_df():
    time, event, guess, _, _ = cohort(3, n=200)
    rng = np.random.default_rng(2)
    t = wr.concordance_test(time, event, [guess, guess + 1e-9 * rng.normal(size=200), -guess])
    assert t.df == 2 and t.p_value < 1e-10
    with pytest.warns(UserWarning, match="singular covariance"):
        same = wr.concordance_test(time, event, np.column_stack([guess, 2 * guess]))
    assert same.estimate[0] == same.estimate[1]
    assert (same.statistic, same.df, same.p_value) == (0.0, 0, 1.0)


# ------------------------------------------------------------ Python libraries
def test_harrell_equals_scikit_survival_and_lifelines_with_ties():
    metrics = pytest.importorskip("sksurv.metrics")
    lifelines = pytest.importorskip("lifelines.utils")
    for seed in range(4):
        time, event, guess, _, _ = cohort(seed, n=300, tied=seed % 2 == 0)
        got = wr.concordance(time, event, guess).estimate
        want = metrics.concordance_index_censored(event == 1, time, guess)[0]
        assert got == pytest.approx(want, abs=1e-14)
        # lifelines takes a predicted survival time: higher means later
        assert got == pytest.approx(lifelines.concordance_index(time, -guess, event), abs=1e-14)
        assert wr.concordance(time, event, -guess, reverse=False).estimate == pytest.approx(got)


def test_uno_equals_scikit_survival_without_tied_times():
    metrics = pytest.importorskip("sksurv.metrics")
    util = pytest.importorskip("sksurv.util")
    for seed in range(4):
        time, event, guess, _, _ = cohort(seed, n=300, tied=False)
        y = util.Surv.from_arrays(event == 1, time)
        got = wr.concordance(time, event, guess, timewt="n/G2").estimate
        assert got == pytest.approx(metrics.concordance_index_ipcw(y, y, guess)[0], abs=1e-14)
        tau = float(np.sort(time[event == 1])[100])  # an event time
        sk = metrics.concordance_index_ipcw(y, y, guess, tau=tau)[0]
        # scikit-survival's tau drops the event at tau, survival's ymax keeps it
        below = wr.concordance(time, event, guess, timewt="n/G2", tau=np.nextafter(tau, 0))
        assert below.estimate == pytest.approx(sk, abs=1e-14)
        assert wr.concordance(time, event, guess, timewt="n/G2", tau=tau).estimate != sk


# ------------------------------------------------------------ survey designs
def test_linearization_equals_svyrecvar_on_the_pair_loop_influence(rsurv):
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("survey")
    if not ok:
        pytest.skip(reason)
    time, event, guess, weight, _ = cohort(8, n=90)
    rng = np.random.default_rng(8)
    stratum = np.repeat([0, 1, 2], 30)
    cluster = stratum * 10 + rng.integers(0, 6, 90)
    count, influence = plain_counts(time, event == 1, -guess, weight)
    npair = count[:3].sum()
    c = (count[0] + count[2] / 2) / npair
    z = weight * (influence[0] + influence[2] / 2 - c * influence.sum(axis=0)) / npair
    rsurv.r("suppressMessages(library(survey))")
    g = rsurv.globalenv
    g["cl"], g["st"], g["z"] = vec(rsurv, cluster), vec(rsurv, stratum), vec(rsurv, z)
    want = rsurv.r(
        "d <- svydesign(ids = ~cl, strata = ~st, data = data.frame(cl = cl, st = st), "
        "nest = TRUE); survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc)"
    )[0]
    design = SurveyDesign(cluster=cluster, strata=stratum)
    got = wr.concordance(time, event, guess, weight, design=design)
    assert got.std_error == pytest.approx(np.sqrt(want), rel=1e-12)
    assert "linearization" in got.method
    two = wr.concordance_test(time, event, [guess, -time], weight, design=design)
    assert two.covariance[0, 0] == pytest.approx(want, rel=1e-12)


def test_replicate_variance_recomputes_each_replicate():
    time, event, guess, weight, _ = cohort(4, n=60)
    rng = np.random.default_rng(4)
    matrix = weight[:, None] * rng.choice([0.0, 1.0, 2.0], size=(60, 12))
    reps = ReplicateWeights(matrix, scale=1 / 12, mse=True)
    got = wr.concordance(time, event, guess, weight, design=reps)
    full = plain_concordance(time, event == 1, guess, weight, np.zeros(60))[0]
    thetas = []
    for r in range(12):
        keep = matrix[:, r] > 0
        thetas.append(
            plain_concordance(
                time[keep], event[keep] == 1, guess[keep], matrix[keep, r], np.zeros(keep.sum())
            )[0]
        )
    want = np.sum((np.array(thetas) - full) ** 2) / 12
    assert got.std_error == pytest.approx(np.sqrt(want), rel=1e-12)
    assert "replicates" in got.method


# ------------------------------------------------------------ input and results
def test_r_surv_coding_is_refused_with_its_fix():
    with pytest.raises(ValueError, match=r"status - 1"):
        wr.concordance([1.0, 2, 3], [1, 2, 2], [0.1, 0.2, 0.3])


def test_a_cause_not_in_the_data_is_an_error_and_other_causes_are_censored():
    time, event = np.array([1.0, 2, 3, 4, 5]), np.array([1, 2, 0, 2, 1])
    guess = np.array([5.0, 4, 3, 2, 1])
    codes = r"whose codes are 0 \(1 rows\), 1 \(2 rows\), 2 \(2 rows\)"
    with pytest.raises(ValueError, match="cause=3 does not occur in event, " + codes):
        wr.concordance(time, event, guess, cause=3)
    with pytest.raises(ValueError, match="cause="):
        wr.concordance(time, event, guess)
    got = wr.concordance(time, event, guess, cause=2)
    assert got.estimate == wr.concordance(time, (event == 2).astype(int), guess).estimate


def test_bad_weights_timewt_and_level():
    args = ([1.0, 2, 3], [1, 0, 1], [0.3, 0.2, 0.1])
    with pytest.raises(ValueError, match="weights must be positive"):
        wr.concordance(*args, [1.0, 0.0, 1.0])
    with pytest.raises(ValueError, match="n/G2"):
        wr.concordance(*args, timewt="n/G")
    with pytest.raises(ValueError, match="timewt must be one of"):
        wr.concordance(*args, timewt="harrell")
    with pytest.raises(ValueError, match="conf_level"):
        wr.concordance(*args, conf_level=95)


def test_no_comparable_pair_is_nan_with_a_warning():
    with pytest.warns(UserWarning, match="no comparable pair"):
        got = wr.concordance([1.0, 2, 3], [0, 0, 0], [0.3, 0.2, 0.1])
    assert np.isnan(got.estimate) and np.isnan(got.std_error)


def test_a_stratum_without_pairs_adds_nothing():
    time, event, guess = [1.0, 2, 3, 1, 2], [1, 0, 1, 0, 0], [0.3, 0.2, 0.1, 0.5, 0.4]
    with pytest.warns(UserWarning, match="1 of 2 strata"):
        got = wr.concordance(time, event, guess, strata=[1, 1, 1, 2, 2])
    alone = wr.concordance(time[:3], event[:3], guess[:3])
    assert got.estimate == alone.estimate and got.std_error == alone.std_error


def test_result_is_a_frozen_dataclass_with_a_method_and_counts():
    got = wr.concordance([1, 2, 3, 4, 5, 6], [1, 1, 0, 1, 0, 1], [6, 4, 5, 3, 1, 2])
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.estimate = 0  # type: ignore[misc]
    assert got.method.startswith("Harrell's C")
    assert repr(got).startswith("Concordance(estimate=")
    assert got.conf_low < got.estimate < got.conf_high
    assert got.count == {
        "concordant": 10.0,
        "discordant": 1.0,
        "tied.x": 0.0,
        "tied.y": 0.0,
        "tied.xy": 0.0,
    }


def test_caller_data_is_not_modified():
    time, event, guess, weight, strata = cohort(1, n=40)
    copies = [a.copy() for a in (time, event, guess, weight, strata)]
    wr.concordance(time, event, guess, weight, strata=strata, timewt="S/G")
    for a, b in zip((time, event, guess, weight, strata), copies):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("function", [wr.concordance, wr.concordance_test])
def test_help_signature_is_short(function):
    import inspect

    assert len(function.__name__ + str(inspect.signature(function))) <= 300
