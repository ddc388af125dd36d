"""Survival data as users bring them (R's event codes, swapped arguments,
times without an answer), the standard errors with case weights and
designs, and the one validation and one sort of the times per call.

Weighted standard errors are checked against independent computations:
the rows repeated (timeROC's iid, which tests/test_survival.py checks
live), finite differences of the weighted AUC in each weight (brute
force), and, live, R's timeROC of the rows repeated and R survey's
svyrecvar of the finite-difference influence values."""

import inspect
import os
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from survival_plain import plain_auc, plain_weight_derivative
from test_survival import TIMES, survival_data

import weightedroc as wr
from weightedroc import SurveyDesign, time_auc, time_auc_test, time_roc
from weightedroc.survival import curves, inputs
from weightedroc.survival.inputs import read_events

T = np.array([1.0, 2, 3, 4, 5, 6, 7, 8])
G = np.array([0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5])


# --- R's event codes ------------------------------------------------------


def test_surv_coding_is_refused_with_the_fix():
    status = np.array([2, 1, 2, 2, 1, 2, 1, 1])  # R's Surv(time, status): 1 censored
    with pytest.raises(ValueError, match=r"Surv\(time, status\).*event = status - 1"):
        time_auc(T, status, G, times=[4.5])
    # the fix gives the 0/1 answer
    np.testing.assert_array_equal(
        time_auc(T, status - 1, G, times=[4.5]).auc,
        time_auc(T, (status == 2).astype(int), G, times=[4.5]).auc,
    )
    # 1 and 2 as two causes without censoring, said so
    table = time_auc(T, status, G, times=[4.5], cause=2)
    assert list(table.definition) == [1, 2]


def test_stray_codes_need_cause():
    event = np.array([1, 0, 1, 1, 0, 2, 0, 0])  # one stray 2 in 0/1 data
    with pytest.raises(ValueError, match=r"2 \(1 rows\).*explicit cause="):
        time_roc(T, event, G, times=[4.5])
    assert "definition" in time_auc(T, event, G, times=[4.5], cause=1)


@pytest.mark.parametrize(
    "event, cause, match",
    [
        (
            [1, 0, 1, 1, 0, 1, 0, 0],
            2,
            r"cause=2 does not occur in event, whose codes are 0 \(4 rows\), 1 \(4 rows\)$",
        ),
        ([1, 0, 1, 1, 0, 1, 0, 0], 0, "positive integer"),
        ([1, 0, 1, 1, 0, 1, 0, 0], True, "positive integer"),
        ([1, 0, 3, 1, 0, 1, 0, 0], 2, "cause=2 does not occur"),
    ],
)
def test_cause_must_occur(event, cause, match):
    with pytest.raises(ValueError, match=match):
        time_auc(T, event, G, times=[4.5], cause=cause)


def test_booleans_and_zero_one_need_no_cause():
    event = np.array([1, 0, 1, 1, 0, 1, 0, 0])
    want = time_auc(T, event, G, times=[4.5])
    for other in (event.astype(bool), event.astype(float), event.tolist()):
        np.testing.assert_array_equal(time_auc(T, other, G, times=[4.5]).auc, want.auc)
    events = read_events(T, event)
    assert events.cause == 1 and events.event.dtype == np.int64


def test_read_events_reads_frames_and_structured_arrays():
    import pandas as pd

    event = np.array([1, 0, 1, 1, 0, 1, 0, 0])
    frame = pd.DataFrame({"t": T, "e": event.astype(bool)})
    a = read_events("t", "e", data=frame)
    y = np.array(list(zip(event.astype(bool), T)), dtype=[("event", "?"), ("time", "<f8")])
    b = read_events(y, None)
    for one in (a, b):
        np.testing.assert_array_equal(one.time, T)
        np.testing.assert_array_equal(one.event, event)
        assert one.cause == 1


# --- swapped arguments ----------------------------------------------------


def test_time_and_event_swapped_get_the_order():
    event = np.array([1, 0, 1, 1, 0, 1, 0, 0])
    with pytest.raises(ValueError, match=r"look swapped; the order is \(time, event, guess\)"):
        time_auc(event, T, G, times=[4.5])
    with pytest.raises(ValueError, match=r"the order is \(time, event, guess\)"):
        time_auc(event, T + 0.5, G, times=[4.5])


def test_times_as_events_get_the_order():
    days = np.arange(100, 1300, 100)  # integer times passed as the event
    with pytest.raises(ValueError, match=r"12 distinct codes .*\(12 codes\)\).*the order is"):
        time_auc(G.tolist() * 1 + [0.5] * 4, days, np.ones(12), times=[0.5])
    with pytest.raises(ValueError, match=r"look swapped"):
        time_auc(np.tile([0, 1], 6), days, np.ones(12), times=[300])


def test_guess_first_gets_the_order():
    event = np.array([1, 0, 1, 1, 0, 1, 0, 0])
    with pytest.raises(ValueError, match=r"integers.*the order is \(time, event, guess\)"):
        time_auc(G, T + 0.5, event, times=[0.5])
    with pytest.raises(ValueError, match=r">= 0.*the order is \(time, event, guess\)"):
        time_auc(G - 0.5, T, event, times=[0.5])


# --- times without an answer: NaN and one warning ---------------------------


def test_times_without_an_answer_warn_once_with_the_reasons():
    event = np.array([0, 0, 1, 1, 0, 1, 0, 0])  # first event at 3
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = time_auc(T, event, G, times=[0, 2.5, 4.5, 8, 20])
    assert len(caught) == 1
    text = str(caught[0].message)
    assert text.startswith("the AUC is NaN at 4 time(s)")
    assert "0: at or before time 0" in text
    assert "2.5: no cases (event 1 before it)" in text
    assert "8, 20: at or after the last observed time (8)" in text
    np.testing.assert_array_equal(table.auc.isna(), [True, True, False, True, True])
    assert table.std_error.isna().tolist() == [True, True, False, True, True]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        test = time_auc_test(T, event, G, -T, times=[0, 2.5, 4.5, 8, 20])
    assert [str(w.message) for w in caught] == [text]  # one warning for both markers
    np.testing.assert_array_equal(test.estimate.isna(), [True, True, False, True, True])


def test_times_with_answers_do_not_warn():
    time, event, guess = survival_data(3, causes=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        time_auc(time, event, guess, times=TIMES)
        time_auc_test(time, event, guess, -time, times=TIMES)


# --- time_auc_test takes what time_auc takes --------------------------------


def test_time_auc_test_takes_time_aucs_keywords():
    ours = inspect.signature(time_auc).parameters
    test = inspect.signature(time_auc_test).parameters
    shared = {k for k, p in ours.items() if p.kind is p.KEYWORD_ONLY} - {"conf_level"}
    assert shared <= set(test)
    for name in shared:
        assert test[name].default == ours[name].default and test[name].kind is p_kw()


def p_kw():
    return inspect.Parameter.KEYWORD_ONLY


def test_weighted_paired_test_is_the_rows_repeated():
    time, event, guess = survival_data(5, n=40)
    other = np.round(-time + np.random.default_rng(2).normal(size=40), 1)
    copies = np.random.default_rng(3).integers(1, 4, 40)
    rows = np.repeat(np.arange(40), copies)
    got = time_auc_test(
        time, event, guess, other, cause=1, times=TIMES, weight=copies, weights_are="frequency"
    )
    want = time_auc_test(time[rows], event[rows], guess[rows], other[rows], cause=1, times=TIMES)
    np.testing.assert_allclose(got.estimate, want.estimate, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(got.std_error, want.std_error, rtol=1e-12)
    assert got.std_error.notna().sum() >= 4
    assert got.attrs["method"] == "timeROC iid of the rows repeated"
    assert want.attrs["method"] == "timeROC iid"


def test_frequency_weights_must_count_rows():
    time, event, guess = survival_data(5, n=40)
    with pytest.raises(ValueError, match="whole numbers"):
        time_auc(time, event, guess, cause=1, times=TIMES, weight=np.full(40, 1.5),
                 weights_are="frequency")  # fmt: skip
    with pytest.raises(ValueError, match="weights_are must be"):
        time_auc(time, event, guess, cause=1, times=TIMES, weights_are="counts")


# --- importance weights and designs: the AUC's derivatives in the weights ---


def finite_differences(time, event, guess, weight, t, definition=1, h=1e-6):
    """d AUC(t) / d w_k by central differences of the weighted AUC."""
    out = []
    for k in range(len(weight)):
        aucs = []
        for step in (h, -h):
            w = weight.copy()
            w[k] += step
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                table = time_auc(time, event, guess, cause=1, times=[t], weight=w)
            aucs.append(table.auc.to_numpy()[definition - 1])
        out.append((aucs[0] - aucs[1]) / (2 * h))
    return np.array(out)


@pytest.mark.parametrize("seed", range(3))
def test_importance_se_is_the_linearization_of_the_weighted_auc(seed):
    time, event, guess = survival_data(seed, n=30)  # tied times, events at t
    weight = np.random.default_rng(seed).uniform(0.5, 3, 30)
    t = 4.5
    table = time_auc(time, event, guess, cause=1, times=[t], weight=weight)
    for definition in (1, 2):
        z = weight * finite_differences(time, event, guess, weight, t, definition)
        want = np.sqrt(30 / 29 * ((z - z.mean()) ** 2).sum())
        got = table.std_error.to_numpy()[definition - 1]
        assert got == pytest.approx(want, rel=1e-6)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(4, 14).flatmap(
        lambda n: st.tuples(
            st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.0, 4.0]), min_size=n, max_size=n),
            st.lists(st.integers(0, 2), min_size=n, max_size=n),
            st.lists(st.sampled_from([-1.0, 0.0, 0.0, 1.0, 2.5]), min_size=n, max_size=n),
            st.lists(st.sampled_from([0.5, 1.0, 1.0, 2.0, 3.25]), min_size=n, max_size=n),
        )
    ),
    st.sampled_from([1.0, 1.5, 2.0, 3.5]),
)
def test_weight_derivative_equals_the_plain_loops(data, t):
    # ties in time, guess and at t; the weighted AUC and its derivatives
    # against the pair loop and the product-limit loop (tests/survival_plain.py)
    from weightedroc.survival.curves import time_points
    from weightedroc.survival.inference import _designs, weight_derivative

    time, event, guess, weight = (np.array(v, dtype=float) for v in data)
    event = event.astype(int)
    if 1 not in event:
        return
    (design,) = _designs(time, event, [guess], ("guess",), weight, 1, "marginal", None, None)
    for point in time_points(design, [t]):
        want_auc = plain_auc(time, event, guess, t, 1, point.definition, weight)
        if point.missing is not None:
            assert np.isnan(want_auc)
            continue
        got = weight_derivative(design, point)
        want = plain_weight_derivative(time, event, guess, t, weight, point.definition)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


def test_weighted_se_of_an_auc_of_zero_or_one():
    time = np.array([1.0, 2, 3, 4, 5, 6])
    event = np.array([1, 1, 0, 1, 0, 0])
    weight = np.array([1.0, 2, 1, 1, 3, 1])
    for guess in ([0.0, 0.1, 1, 2, 3, 4], [9.0, 8, 1, 2, 3, 4]):
        guess = np.array(guess)
        table = time_auc(time, event, guess, times=[2.5], weight=weight)
        assert table.auc[0] in (0.0, 1.0)
        z = weight * plain_weight_derivative(time, event, guess, 2.5, weight)
        assert table.std_error[0] == pytest.approx(
            np.sqrt(6 / 5 * ((z - z.mean()) ** 2).sum()), abs=1e-9
        )


def test_unit_weights_give_timerocs_se_without_ties():
    rng = np.random.default_rng(8)
    time, event = rng.exponential(5, 200), rng.integers(0, 2, 200)
    guess = rng.normal(size=200) + event * (10 - time) / 5
    plain = time_auc(time, event, guess, times=[2.0, 4.0, 6.0])
    ones = time_auc(time, event, guess, times=[2.0, 4.0, 6.0], weight=np.ones(200))
    # timeROC linearizes the censoring Kaplan-Meier by its martingale
    # (increments dN/Y^2); the weights' derivative is the exact dN/(Y(Y - dN))
    np.testing.assert_allclose(ones.std_error, plain.std_error, rtol=1e-6)


def test_design_of_single_rows_is_the_importance_se():
    time, event, guess = survival_data(4, n=60)
    weight = np.random.default_rng(4).uniform(0.5, 3, 60)
    args = dict(cause=1, times=TIMES, weight=weight)
    rows = time_auc(time, event, guess, design=SurveyDesign(), **args)
    imp = time_auc(time, event, guess, **args)
    np.testing.assert_allclose(rows.std_error, imp.std_error, rtol=1e-12)
    np.testing.assert_array_equal(rows.auc, imp.auc)
    assert rows.attrs["method"] == "linearization (svyrecvar)"
    assert imp.attrs["method"] == "linearization (importance weights)"
    with pytest.raises(ValueError, match="sampling weights"):
        time_auc(time, event, guess, design=SurveyDesign(), weights_are="frequency", **args)


@pytest.fixture(scope="module")
def rsurvey():
    from test_live_r import need_r

    from weightedroc import rbridge

    need_r("survey")
    ro = rbridge.robjects()
    ro.r("suppressMessages(library(survey))")
    return ro


def test_design_se_equals_r_svyrecvar_of_brute_force_influence(rsurvey):
    from rpy2.robjects import FloatVector

    time, event, guess = survival_data(6, n=40)
    rng = np.random.default_rng(6)
    weight = rng.uniform(0.5, 3, 40)
    strata = np.repeat([1, 2], 20)
    cluster = np.tile(np.repeat([1, 2, 3, 4, 5], 4), 2)
    t = 4.5
    design = SurveyDesign(cluster=cluster, strata=strata, nest=True)
    table = time_auc(time, event, guess, cause=1, times=[t], weight=weight, design=design)
    for definition in (1, 2):
        z = weight * finite_differences(time, event, guess, weight, t, definition)
        for key, value in (("z", z), ("w", weight), ("s", strata), ("cl", cluster)):
            rsurvey.globalenv[key] = FloatVector(value.astype(float))
        v = rsurvey.r(
            "d <- svydesign(ids=~cl, strata=~s, weights=~w, nest=TRUE, "
            "data=data.frame(cl=cl, s=s, w=w)); "
            "as.numeric(survey:::svyrecvar(cbind(z), d$cluster, d$strata, d$fpc))"
        )[0]
        assert table.std_error.to_numpy()[definition - 1] == pytest.approx(np.sqrt(v), rel=1e-6)


def test_integer_weights_equal_timeroc_of_the_rows_repeated():
    from weightedroc import rbridge

    lib = os.environ.get("WEIGHTEDROC_R_LIB")
    if not lib or not os.path.isdir(os.path.join(lib, "timeROC")):
        pytest.skip("WEIGHTEDROC_R_LIB does not name an R library holding timeROC")
    ok, reason = rbridge.r_available("pec")
    if not ok:
        pytest.skip(reason)
    from rpy2.robjects import FloatVector

    ro = rbridge.robjects()
    ro.r(f'suppressMessages({{library(survival); library(timeROC, lib.loc="{lib}")}})')
    rng = np.random.default_rng(11)
    n = 60
    time = np.round(rng.exponential(6, n), 2) + 0.5
    event = rng.integers(0, 3, n)
    guess = np.round(rng.normal(size=n) + (event == 1) * (12 - time) / 6, 2)
    copies = rng.integers(1, 4, n)
    rows = np.repeat(np.arange(n), copies)
    times = [3.0, 5.0, 8.0]
    ours = time_auc(
        time, event, guess, cause=1, times=times, weight=copies, weights_are="frequency"
    )
    for key, value in (("T", time[rows]), ("d", event[rows]), ("m", guess[rows]), ("tt", times)):
        ro.globalenv[key] = FloatVector(np.asarray(value, dtype=float))
    ro.r("r <- timeROC(T, d, m, cause=1, times=tt, iid=TRUE)")
    se_1 = np.array(ro.r("as.numeric(r$inference$vect_sd_1)"))
    se_2 = np.array(ro.r("as.numeric(r$inference$vect_sd_2)"))
    np.testing.assert_allclose(ours[ours.definition == 1].std_error, se_1, rtol=1e-3)
    np.testing.assert_allclose(ours[ours.definition == 2].std_error, se_2, rtol=1e-3)


# --- one validation, one sort of the times, one censoring fit per call ------


def test_one_validation_and_one_time_sort_per_call(monkeypatch):
    counts = {"check_survival": 0, "time_order": 0, "reverse_km": 0, "stable_order": 0}
    for name in counts:
        original = getattr(curves, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            counts[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(curves, name, counted)
    sorts = []
    argsort = np.argsort

    def counted_argsort(a, *args, **kwargs):
        caller = sys._getframe(1).f_code.co_filename
        if (
            os.sep + "survival" + os.sep in caller
        ):  # sorts in survival/ (the guesses' are the engine's)
            sorts.append(len(a))
        return argsort(a, *args, **kwargs)

    monkeypatch.setattr(inputs.np, "argsort", counted_argsort)
    time, event, guess = survival_data(7, n=50)
    other = -time
    frequency = dict(cause=1, times=TIMES, weight=np.arange(50) % 3 + 1, weights_are="frequency")
    calls = [  # (call, sorts of the guesses, censoring fits)
        (lambda: time_auc_test(time, event, guess, other, cause=1, times=TIMES), 2, 1),
        (lambda: time_auc(time, event, guess, cause=1, times=TIMES), 1, 1),
        (lambda: time_auc(time, event, guess, cause=1, times=TIMES, weight=time), 1, 1),
        (lambda: time_roc(time, event, guess, cause=1, times=TIMES), 1, 1),
        (lambda: wr.time_auc_mean(time, event, guess, cause=1, times=TIMES), 1, 1),
        # frequency weights: timeROC's iid of the rows repeated, whose own
        # censoring fit and guess sorts it reads (their time order is the rows')
        (lambda: time_auc(time, event, guess, **frequency), 2, 2),
        (lambda: time_auc_test(time, event, guess, other, **frequency), 4, 2),
    ]
    for call, guess_sorts, fits in calls:
        for key in counts:
            counts[key] = 0
        sorts.clear()
        call()
        assert counts == {
            "check_survival": 1,
            "time_order": 1,
            "reverse_km": fits,
            "stable_order": guess_sorts,
        }
        assert sorts == [50]  # the one np.argsort of the call: the times'


def test_vignette_case_weight_table_is_timeroc_of_the_rows_repeated():
    # vignettes/survival.py's last table: the recorded timeROC 0.4.1 numbers
    # of the GBSG2 test rows with hormonal therapy written twice
    import importlib.util
    import pathlib

    import pandas as pd

    pytest.importorskip("sksurv")
    from sksurv.linear_model import CoxPHSurvivalAnalysis

    folder = pathlib.Path(__file__).resolve().parent.parent / "reference_outputs" / "survival"
    spec = importlib.util.spec_from_file_location("gbsg2_timeroc", folder / "gbsg2_timeroc.py")
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    X_train, y_train, X_test, y_test = reference.split()
    risk = CoxPHSurvivalAnalysis().fit(X_train, y_train).predict(X_test)
    want = pd.read_csv(folder / "gbsg2_timeroc.csv")
    copies = reference.copies(X_test)
    got = time_auc(y_test, guess=risk, times=want.time, weight=copies, weights_are="frequency")
    np.testing.assert_allclose(got.auc, want.auc_repeated, rtol=1e-12)
    np.testing.assert_allclose(got.std_error, want.std_error_repeated, rtol=1e-10)
    rows = np.repeat(np.arange(len(risk)), copies)
    repeated = time_auc(y_test[rows], guess=risk[rows], times=want.time)
    np.testing.assert_allclose(got.std_error, repeated.std_error, rtol=1e-12)
