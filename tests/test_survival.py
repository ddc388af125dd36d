"""time_roc, time_auc, time_auc_test: against plain loops, a literal port of
timeROC's matrices, WeightedROC per time (bit for bit), and, live, R's
timeROC and pec and scikit-survival."""

import os

import numpy as np
import pandas as pd
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from survival_plain import plain_auc, plain_censoring, timeroc_iid

from weightedroc import WeightedAUC, WeightedROC, time_auc, time_auc_test, time_roc
from weightedroc.survival.censoring import reverse_km
from weightedroc.survival.inference import _designs, _fit


def survival_data(seed, n=40, causes=2, tie_step=1.0):
    """Times on a grid (ties, events at the evaluation times), 0..causes
    codes, a marker related to the cause-1 time, with ties."""
    rng = np.random.default_rng(seed)
    time = np.round(rng.exponential(6, n) / tie_step) * tie_step + 1
    event = rng.integers(0, causes + 1, n)
    guess = np.round(rng.normal(size=n) + (event == 1) * (12 - time) / 6, 1)
    return time, event, guess


TIMES = [3.0, 4.5, 6.0, 8.0]


@pytest.mark.parametrize("seed", range(4))
def test_censoring_is_the_product_limit_with_failures_first(seed):
    time, event, _ = survival_data(seed)
    G, plain = reverse_km(time, event != 0), plain_censoring(time, event != 0)
    for s in np.r_[0.0, np.unique(time), np.unique(time) + 0.5]:
        assert G.at(s) == pytest.approx(plain(s), rel=1e-14)
        assert G.before(s) == pytest.approx(plain(s, before=True), rel=1e-14)


def test_censoring_with_unit_weights_is_unweighted():
    time, event, _ = survival_data(7)
    a, b = reverse_km(time, event != 0), reverse_km(time, event != 0, np.ones(len(time)))
    # weights take (Y - C)/Y, counts prodlim's 1 - C/Y: the last bit may differ
    np.testing.assert_allclose(a.survival, b.survival, rtol=4e-16)


@pytest.mark.parametrize("seed", range(5))
def test_auc_is_the_pairwise_ipcw_auc(seed):
    time, event, guess = survival_data(seed)
    table = time_auc(time, event, guess, cause=1, times=TIMES)
    for definition in (1, 2):
        got = table[table.definition == definition].auc.to_numpy()
        want = [plain_auc(time, event, guess, t, 1, definition) for t in TIMES]
        np.testing.assert_allclose(got, want, rtol=1e-13)


def fit_of(time, event, guess, times):
    """AUCs and timeROC's influence functions (one list over the rows of the table)."""
    designs = _designs(time, event, [guess], ("guess",), None, 1, "marginal", None, None)
    fit = _fit(designs, times, inference=True)
    return fit._replace(table=fit.table[0], iid=fit.iid[0], designs=designs[0])


@pytest.mark.parametrize("seed", range(5))
def test_std_errors_are_timerocs_matrix_influence(seed):
    time, event, guess = survival_data(seed)
    fit = fit_of(time, event, guess, TIMES)
    order = np.argsort(time, kind="stable")
    T, d, m = time[order], event[order], guess[order]
    for k, t in enumerate(TIMES):
        want_1, want_2 = timeroc_iid(T, d, m, t)
        np.testing.assert_allclose(fit.iid[2 * k], want_1, rtol=1e-9, atol=1e-12)
        if want_2 is None:
            assert fit.iid[2 * k + 1] is None
        else:
            np.testing.assert_allclose(fit.iid[2 * k + 1], want_2, rtol=1e-9, atol=1e-12)
    table = time_auc(time, event, guess, cause=1, times=TIMES)
    se = [np.std(fit.iid[2 * k], ddof=1) / np.sqrt(len(time)) for k in range(len(TIMES))]
    np.testing.assert_allclose(table[table.definition == 1].std_error, se, rtol=1e-14)


@pytest.mark.filterwarnings("ignore:invalid value")
@settings(max_examples=80, deadline=None)
@given(
    st.integers(4, 30).flatmap(
        lambda n: st.tuples(
            st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0, 4.0]), min_size=n, max_size=n),
            st.lists(st.integers(0, 2), min_size=n, max_size=n),
            st.lists(st.sampled_from([-1.0, 0.0, 0.0, 1.0, 2.5]), min_size=n, max_size=n),
        )
    ),
    st.sampled_from([1.0, 1.5, 2.0, 3.5]),
)
def test_fast_influence_equals_timerocs_matrices_on_ties(data, t):
    time, event, guess = (np.array(v, dtype=float) for v in data)
    event = event.astype(int)
    if 1 not in event:
        with pytest.raises(ValueError, match="cause=1 does not occur in event"):
            fit_of(time, event, guess, [t])
        return
    fit = fit_of(time, event, guess, [t])
    order = np.argsort(time, kind="stable")
    T, d, m = time[order], event[order], guess[order]
    case, control_1 = (T < t) & (d == 1), T > t
    control_2 = (T < t) & (d == 2)
    if not case.any() or not (control_1.any() or control_2.any()):
        assert all(f is None for f in fit.iid)
        return
    with np.errstate(all="ignore"):
        want_1, want_2 = timeroc_iid(T, d, m, t)
    if control_1.any():
        np.testing.assert_allclose(fit.iid[0], want_1, rtol=1e-9, atol=1e-9)
    else:
        assert fit.iid[0] is None
    if fit.designs.competing:
        if want_2 is None:
            assert fit.iid[1] is None
        elif np.isfinite(want_2).all():  # F(t) = 1 divides by 0 in both
            np.testing.assert_allclose(fit.iid[1], want_2, rtol=1e-9, atol=1e-9)


def test_survival_without_competing_risks_has_one_definition():
    time, event, guess = survival_data(3, causes=1)
    table = time_auc(time, event, guess, cause=1, times=TIMES)
    assert list(table.columns) == ["time", "auc", "std_error", "conf_low", "conf_high"]
    order = np.argsort(time, kind="stable")
    for t, se in zip(TIMES, table.std_error):
        iid, _ = timeroc_iid(time[order], event[order], guess[order], t)
        assert se == pytest.approx(np.std(iid, ddof=1) / np.sqrt(len(time)), rel=1e-10)
    z = 1.959963984540054
    np.testing.assert_allclose(table.conf_low, table.auc - z * table.std_error, rtol=1e-15)


def test_paired_test_is_the_difference_of_influences():
    time, event, guess = survival_data(11)
    other = np.round(np.random.default_rng(5).normal(size=len(time)), 1)
    test = time_auc_test(time, event, guess, other, cause=1, times=TIMES)
    order = np.argsort(time, kind="stable")
    T, d = time[order], event[order]
    for (t, definition), row in zip([(t, k) for t in TIMES for k in (1, 2)], test.itertuples()):
        a, b = timeroc_iid(T, d, guess[order], t), timeroc_iid(T, d, other[order], t)
        diff = a[definition - 1] - b[definition - 1]
        se = np.std(diff, ddof=1) / np.sqrt(len(T))
        assert row.std_error == pytest.approx(se, rel=1e-9)
        z = (row.auc1 - row.auc2) / se
        assert row.statistic == pytest.approx(z, rel=1e-9)
        from scipy.stats import norm

        assert row.p_value == pytest.approx(2 * norm.sf(abs(z)), rel=1e-8)


def survival_of_recipe(recipe, seed):
    guess, _, weight = build(recipe)
    rng = np.random.default_rng(seed)
    n = len(guess)
    time = rng.integers(1, 8, n).astype(float)
    event = rng.integers(0, 3, n)
    return time, event, guess, weight


@pytest.mark.filterwarnings("ignore:standard errors are NaN")
@pytest.mark.filterwarnings("ignore:overflow encountered in reduce")  # the recipe builder
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes(max_segment=80), st.integers(0, 99))
def test_each_curve_is_weighted_roc_bit_for_bit(recipe, st_seed):
    time, event, guess, weight = survival_of_recipe(recipe, st_seed)
    t = 4.0
    before, after = time < t, time > t
    case = before & (event == 1)
    other = before & (event == 2)
    if not case.any() or not after.any():
        return
    curves = time_roc(time, event, guess, cause=1, times=[t], weight=weight)
    G = reverse_km(time, event != 0, weight)
    n = len(time) if weight is None else weight.sum()
    w = 1 / (G.before(time) * n)
    w = np.where(after, 1 / (G.at(t) * n), w)
    if weight is not None:
        w = w * weight
    competing = (event == 2).any()
    assert ("definition" in curves) == competing
    for definition, controls in ((1, after), (2, after | other))[: 1 + competing]:
        keep = case | controls
        want = WeightedROC(guess[keep], case[keep], w[keep])
        got = curves[curves.definition == definition] if competing else curves
        got = got.drop(columns=["time", "definition"], errors="ignore")
        pd.testing.assert_frame_equal(got.reset_index(drop=True), want, check_exact=True)
    auc = time_auc(time, event, guess, cause=1, times=[t], weight=weight)
    want_auc = WeightedAUC(WeightedROC(guess[case | after], case[case | after], w[case | after]))
    assert auc.auc.iloc[0] == want_auc


def test_case_weights_are_frequency_weights_of_the_auc():
    time, event, guess = survival_data(2, n=30)
    copies = np.random.default_rng(1).integers(1, 4, len(time))
    rows = np.repeat(np.arange(len(time)), copies)
    weighted = time_auc(
        time, event, guess, cause=1, times=TIMES, weight=copies.astype(float),
        weights_are="frequency",
    )  # fmt: skip
    repeated = time_auc(time[rows], event[rows], guess[rows], cause=1, times=TIMES)
    np.testing.assert_allclose(weighted.auc, repeated.auc, rtol=1e-13)
    # timeROC's iid of the rows repeated, whose copies are tied in time
    ok = repeated.std_error.notna()
    assert ok.sum() >= 4 and weighted.std_error.notna().equals(ok)
    np.testing.assert_allclose(weighted.std_error[ok], repeated.std_error[ok], rtol=1e-12)


def test_inputs_as_frames_and_structured_arrays():
    time, event, guess = survival_data(4)
    want = time_auc(time, event, guess, cause=1, times=TIMES)
    frame = pd.DataFrame({"t": time, "e": event, "g": guess})
    pd.testing.assert_frame_equal(time_auc("t", "e", "g", cause=1, times=TIMES, data=frame), want)
    polars = pytest.importorskip("polars")
    pd.testing.assert_frame_equal(
        time_auc("t", "e", "g", cause=1, times=TIMES, data=polars.from_pandas(frame)), want
    )
    y = np.empty(len(time), dtype=[("event", bool), ("time", float)])
    y["event"], y["time"] = event == 1, time
    single = time_auc(time, (event == 1).astype(int), guess, cause=1, times=TIMES)
    pd.testing.assert_frame_equal(time_auc(y, guess=guess, cause=1, times=TIMES), single)
    pd.testing.assert_frame_equal(time_auc(y, None, guess, cause=1, times=TIMES), single)


def test_times_are_sorted_and_auc_is_nan_beyond_follow_up():
    time, event, guess = survival_data(4, causes=1)
    with pytest.warns(UserWarning, match=r"the AUC is NaN at 2 time\(s\).*after the last"):
        table = time_auc(time, event, guess, cause=1, times=[8.0, 3.0, time.max(), time.max() + 1])
    assert table.time.tolist() == [3.0, 8.0, time.max(), time.max() + 1]
    assert table.auc.iloc[2:].isna().all() and table.std_error.iloc[2:].isna().all()
    assert table.auc.iloc[:2].notna().all()


@pytest.mark.parametrize(
    ("change", "error", "match"),
    [
        ({"time": [-1.0, 2, 3, 4]}, ValueError, "time must be >= 0"),
        ({"time": [np.nan, 2, 3, 4]}, ValueError, "finite"),
        ({"event": [0.5, 1, 0, 1]}, ValueError, "event codes must be integers"),
        ({"event": [-1, 1, 0, 1]}, ValueError, ">= 0"),
        ({"event": ["a", "b", "a", "b"]}, TypeError, "integer codes"),
        ({"event": [1, 0, 1]}, ValueError, "length"),
        ({"guess": [1.0, np.nan, 2, 3]}, ValueError, "NA guess"),
        ({"times": []}, ValueError, "at least one time"),
        ({"cause": 0}, ValueError, "cause must be a positive integer"),
        ({"weighting": "aalen"}, ValueError, "weighting must be"),
        ({"times": [10.0]}, ValueError, "no curve at time 10: at or after the last observed time"),
        ({"times": [0.5]}, ValueError, "no curve at time 0.5: no cases"),
    ],
)
def test_bad_input_is_named(change, error, match):
    args = {"time": [1.0, 2, 3, 4], "event": [1, 0, 1, 0], "guess": [0.2, 0.1, 0.9, 0.4]}
    args.update({"times": [2.5], "cause": 1, "weighting": "marginal"} | change)
    with pytest.raises(error, match=match):
        time_roc(args.pop("time"), args.pop("event"), args.pop("guess"), **args)


def test_inputs_are_not_modified():
    time, event, guess = survival_data(1)
    copies = time.copy(), event.copy(), guess.copy()
    time_auc(time, event, guess, cause=1, times=TIMES)
    time_roc(time, event, guess, cause=1, times=TIMES)
    for a, b in zip((time, event, guess), copies):
        np.testing.assert_array_equal(a, b)


# --- live: R's timeROC (fetched; WEIGHTEDROC_R_LIB), pec (Debian) -----------


@pytest.fixture(scope="module")
def timeroc():
    from weightedroc import rbridge

    lib = os.environ.get("WEIGHTEDROC_R_LIB")
    if not lib or not os.path.isdir(os.path.join(lib, "timeROC")):
        pytest.skip("WEIGHTEDROC_R_LIB does not name an R library holding timeROC")
    ok, reason = rbridge.r_available("pec")
    if not ok:
        pytest.skip(reason)
    ro = rbridge.robjects()
    ro.r(f'suppressMessages({{library(survival); library(timeROC, lib.loc="{lib}")}})')
    return ro


def _r_timeroc(ro, time, event, guess, times, name="r"):
    from rpy2.robjects import FloatVector

    for key, value in (("T", time), ("d", event), ("m", guess), ("tt", times)):
        ro.globalenv[key] = FloatVector(np.asarray(value, dtype=float))
    ro.r(f"{name} <- timeROC(T, d, m, cause=1, times=tt, iid=TRUE)")


def _r(ro, code):
    return np.array(ro.r(f"as.numeric({code})"), dtype=float)


@pytest.mark.parametrize("seed", range(6))
def test_auc_and_std_errors_equal_timeroc(timeroc, seed):
    time, event, guess = survival_data(seed, n=80)
    # beyond the follow-up AUC_1 is NA, AUC_2 (cases against other causes) is not
    times = [3.0, 4.5, 6.0, 8.0, 10.0, time.max(), time.max() + 1]
    _r_timeroc(timeroc, time, event, guess, times)
    with pytest.warns(UserWarning, match="at or after the last observed time"):
        table = time_auc(time, event, guess, cause=1, times=times)
    for k in (1, 2):
        part = table[table.definition == k]
        np.testing.assert_allclose(part.auc, _r(timeroc, f"r$AUC_{k}"), rtol=0, atol=1e-10)
        np.testing.assert_allclose(
            part.std_error, _r(timeroc, f"r$inference$vect_sd_{k}"), rtol=0, atol=1e-10
        )


@pytest.mark.parametrize("seed", range(3))
def test_curves_equal_timerocs_tp_and_fp(timeroc, seed):
    # timeROC's TP and FP_k at each distinct marker m, descending (then 1):
    # the weight above m; ours is the step function TPR(threshold > m)
    time, event, guess = survival_data(seed, n=80)
    times = [3.0, 4.5, 6.0, 8.0]
    _r_timeroc(timeroc, time, event, guess, times)
    curves = time_roc(time, event, guess, cause=1, times=times)
    markers = np.unique(guess)[::-1]
    for j, t in enumerate(times):
        for k in (1, 2):
            curve = curves[(curves.time == t) & (curves.definition == k)]
            at = np.searchsorted(curve.threshold.to_numpy(), markers, side="right")
            for ours, theirs in (("TPR", "TP"), ("FPR", f"FP_{k}")):
                want = _r(timeroc, f"r${theirs}[, {j + 1}]")
                got = np.r_[curve[ours].to_numpy()[at], 1.0]
                np.testing.assert_allclose(got, want, rtol=0, atol=1e-14)


@pytest.mark.parametrize("seed", range(3))
def test_survival_auc_and_std_errors_equal_timeroc(timeroc, seed):
    time, event, guess = survival_data(seed, n=70, causes=1)
    times = [2.0, 3.5, 5.0, 7.0]
    _r_timeroc(timeroc, time, event, guess, times)
    table = time_auc(time, event, guess, cause=1, times=times)
    np.testing.assert_allclose(table.auc, _r(timeroc, "r$AUC"), rtol=0, atol=1e-10)
    np.testing.assert_allclose(
        table.std_error, _r(timeroc, "r$inference$vect_sd_1"), rtol=0, atol=1e-10
    )


@pytest.mark.parametrize("causes", [1, 2])
def test_paired_test_equals_timeroc_compare(timeroc, causes):
    time, event, guess = survival_data(21, n=80, causes=causes)
    other = np.round(np.random.default_rng(3).normal(size=len(time)) + guess / 2, 1)
    times = [3.0, 4.5, 6.0, 8.0]
    _r_timeroc(timeroc, time, event, guess, times, "r1")
    _r_timeroc(timeroc, time, event, other, times, "r2")
    timeroc.r("p <- compare(r1, r2)")
    test = time_auc_test(time, event, guess, other, cause=1, times=times)
    if causes == 1:
        np.testing.assert_allclose(test.p_value, _r(timeroc, "p$p_values_AUC"), rtol=1e-9)
    else:
        for k in (1, 2):
            got = test[test.definition == k].p_value
            np.testing.assert_allclose(got, _r(timeroc, f"p$p_values_AUC_{k}"), rtol=1e-9)


def test_censoring_weights_equal_pec():
    # timeROC's weights: pec::ipcw(method="marginal", subjectTimesLag=1), every
    # cause a failure; pec is on Debian (r-cran-pec)
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("pec")
    if not ok:
        pytest.skip(reason)
    ro = rbridge.robjects()
    time, event, _ = survival_data(9, n=60)
    order = np.argsort(time, kind="stable")
    times = [3.0, 4.5, 6.0, 8.0]
    ro.r("suppressMessages({library(survival); library(pec)})")
    ro.globalenv["T"] = ro.FloatVector(time[order])
    ro.globalenv["s"] = ro.FloatVector((event[order] != 0).astype(float))
    ro.globalenv["tt"] = ro.FloatVector(times)
    ro.r(
        "w <- pec::ipcw(Surv(failure_time, status) ~ 1, "
        "data=data.frame(failure_time=T, status=s), method='marginal', times=tt, "
        "subjectTimes=T, subjectTimesLag=1)"
    )
    G = reverse_km(time, event != 0)
    np.testing.assert_allclose(G.before(time[order]), _r(ro, "w$IPCW.subjectTimes"), rtol=1e-15)
    np.testing.assert_allclose(G.at(times), _r(ro, "w$IPCW.times"), rtol=1e-15)


# --- weighting="cox" ----------------------------------------------------------


def cox_data(seed, n=150):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    time = np.round(rng.exponential(5, n) * np.exp(0.3 * x), 1) + 0.1
    event = rng.integers(0, 3, n) * (rng.random(n) < 0.6 + 0.2 * (x > 0))
    guess = np.round(rng.normal(size=n) + (event == 1) * (10 - time) / 5, 2)
    return time, event, guess, x


def test_efron_baseline_is_the_tie_loop():
    from weightedroc.survival.censoring import efron_baseline

    time, event, _, x = cox_data(1, n=60)
    risk = np.exp(0.4 * x)
    censored = event == 0
    distinct, cumulative = efron_baseline(time, censored, risk)
    total, want = 0.0, []
    for u in np.unique(time[censored]):
        S = risk[time >= u].sum()
        tied = risk[(time == u) & censored]
        d = len(tied)
        total += sum(1 / (S - k / d * tied.sum()) for k in range(d))
        want.append(total)
    np.testing.assert_array_equal(distinct, np.unique(time[censored]))
    np.testing.assert_allclose(cumulative, want, rtol=1e-13)


@pytest.fixture(scope="module")
def rsurvival():
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("survival")
    if not ok:
        pytest.skip(reason)
    ro = rbridge.robjects()
    ro.r("suppressMessages(library(survival))")
    return ro


def test_cox_censoring_equals_survival_coxph(rsurvival):
    pytest.importorskip("sksurv")
    from rpy2.robjects import FloatVector

    from weightedroc.survival.censoring import cox_censoring

    time, event, guess, x = cox_data(2)
    cox = cox_censoring(time, event != 0, guess, x, None, None)
    for key, value in (("T", time), ("s", event == 0), ("m", guess), ("x", x)):
        rsurvival.globalenv[key] = FloatVector(value.astype(float))
    # pec's rms::cph stops at eps = 1e-6, as survival's coxph with that eps
    rsurvival.r("f <- coxph(Surv(T, s) ~ m + x, ties='efron', control=coxph.control(eps=1e-6))")
    np.testing.assert_allclose(cox.coef, _r(rsurvival, "coef(f)"), rtol=1e-12)
    # the baseline at our coefficients: survfit of a fit held at them
    rsurvival.globalenv["b"] = FloatVector(cox.coef)
    rsurvival.r(
        "g <- coxph(Surv(T, s) ~ m + x, ties='efron', init=b, "
        "control=coxph.control(iter.max=0)); "
        "sf <- survfit(g, newdata=data.frame(m=m, x=x))"
    )
    for t in (1.0, 3.0, 6.5):
        want = _r(rsurvival, f"summary(sf, times={t})$surv")
        np.testing.assert_allclose(cox.at(t), want, rtol=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_cox_weighting_equals_timeroc(timeroc, seed):
    pytest.importorskip("sksurv")
    from rpy2.robjects import FloatVector

    time, event, guess, x = cox_data(seed)
    times = [2.0, 4.0, 6.0]
    for key, value in (("T", time), ("d", event), ("m", guess), ("x", x), ("tt", times)):
        timeroc.globalenv[key] = FloatVector(np.asarray(value, dtype=float))
    timeroc.r(
        "r <- timeROC(T, d, m, other_markers=as.matrix(x), cause=1, weighting='cox', times=tt)"
    )
    with pytest.warns(UserWarning, match="standard errors are NaN"):
        table = time_auc(time, event, guess, cause=1, times=times, weighting="cox", covariates=x)
    for k in (1, 2):
        got = table[table.definition == k].auc
        np.testing.assert_allclose(got, _r(timeroc, f"r$AUC_{k}"), rtol=0, atol=1e-12)


# --- scikit-survival's cumulative_dynamic_auc ----------------------------------


def tie_free(seed, n=300):
    rng = np.random.default_rng(seed)
    event_time = rng.exponential(5, n)
    censor_time = rng.exponential(7, n)
    time = np.minimum(event_time, censor_time)
    event = (event_time <= censor_time).astype(int)
    guess = -event_time + 2 * rng.normal(size=n)
    times = np.quantile(time, [0.1, 0.3, 0.5, 0.7]) + 1e-7  # not an observed time
    return time, event, guess, times


@pytest.mark.parametrize("seed", range(3))
def test_tie_free_data_equal_scikit_survival(seed):
    pytest.importorskip("sksurv")
    from sksurv.metrics import cumulative_dynamic_auc
    from sksurv.util import Surv

    from weightedroc import time_auc_mean

    time, event, guess, times = tie_free(seed)
    y = Surv.from_arrays(event == 1, time)
    scores, mean = cumulative_dynamic_auc(y, y, guess, times)
    np.testing.assert_allclose(
        time_auc(time, event, guess, cause=1, times=times).auc, scores, rtol=1e-14
    )
    assert time_auc_mean(time, event, guess, cause=1, times=times) == pytest.approx(mean, rel=1e-14)


def test_scikit_survival_counts_an_event_at_t_as_a_case():
    # Its cases are T <= t (timeROC's and ours: T < t): its AUC at an event
    # time t is ours just after t (no censoring ties there, so its 1/G(T_i)
    # and our 1/G(T_i-) agree).
    pytest.importorskip("sksurv")
    from sksurv.metrics import cumulative_dynamic_auc
    from sksurv.util import Surv

    time, event, guess, _ = tie_free(4)
    t = np.sort(time[event == 1])[40]
    y = Surv.from_arrays(event == 1, time)
    scores, _ = cumulative_dynamic_auc(y, y, guess, [t])
    ours = time_auc(time, event, guess, cause=1, times=[t, np.nextafter(t, np.inf)]).auc
    assert ours.iloc[1] == pytest.approx(scores[0], rel=1e-14)
    assert ours.iloc[0] != pytest.approx(scores[0], rel=1e-6)


def test_mean_auc_is_the_survival_weighted_mean():
    from weightedroc import time_auc_mean

    time, event, guess = survival_data(6)
    table = time_auc(time, event, guess, cause=1, times=TIMES)
    auc = table[table.definition == 2].auc.to_numpy()
    # Kaplan-Meier of event-free survival by a loop
    S = []
    for t in TIMES:
        s = 1.0
        for u in np.unique(time[(event != 0) & (time <= t)]):
            s *= 1 - np.sum((time == u) & (event != 0)) / np.sum(time >= u)
        S.append(s)
    share = -np.diff(np.r_[1.0, S])
    want = (auc * share).sum() / (1 - S[-1])
    got = time_auc_mean(time, event, guess, cause=1, times=TIMES, definition=2)
    assert got == pytest.approx(want, rel=1e-13)
    with pytest.raises(ValueError, match="no AUC at time"):
        time_auc_mean(time, event, guess, cause=1, times=[3.0, time.max()])


def test_time_auc_plot_draws_the_table():
    pytest.importorskip("plotnine")
    from weightedroc.plots import time_auc_plot

    time, event, guess = survival_data(5)
    with pytest.warns(UserWarning, match=r"the AUC is NaN at 1 time\(s\)"):
        table = time_auc(time, event, guess, cause=1, times=[*TIMES, time.max()])
    plot = time_auc_plot(table)
    # at max(T) definition 1 has no controls (NaN, left out); definition 2 has
    assert table.auc.isna().sum() == 1 and len(plot.data) == 2 * len(TIMES) + 1
    assert table.std_error.iloc[-1] > 0
    np.testing.assert_array_equal(plot.data.conf_high, table.dropna().conf_high)
    assert set(plot.data.curve) == {
        "controls: event-free at t",
        "controls: event-free at t or another cause before t",
    }
    plot.draw()
    with pytest.raises(ValueError, match="lacks the column"):
        time_auc_plot(table.drop(columns="conf_low"))


def test_weighted_censoring_survives_weights_of_any_scale():
    # at risk: the sums of the later rows, never the total minus a cumulative
    # sum, and 1 - C/Y as (Y - C)/Y: no cancellation with 2**60 beside 2**-60
    time = np.array([1.0, 2.0, 3.0, 4.0])
    failed = np.array([False, True, False, True])
    weight = np.array([2.0**60, 2.0**-60, 2.0**-60, 2.0**-60])
    with np.errstate(all="raise"):
        G = reverse_km(time, failed, weight)
    want = [3 * 2.0**-120, 3 * 2.0**-120, 1.5 * 2.0**-120, 1.5 * 2.0**-120]
    np.testing.assert_allclose(G.survival, want, rtol=1e-15)
