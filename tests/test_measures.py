"""measures(), coords() and the curve measures against brute force and scikit-learn."""

import inspect
import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

import weightedroc as wr

PROFILE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def small_data(draw):
    n = draw(st.integers(3, 25))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    guess = rng.integers(0, draw(st.integers(2, 8)), n).astype(float)
    label = (rng.random(n) < 0.5).astype(int)
    label[:2] = [0, 1]
    weight = draw(st.sampled_from([None, "int", "real"]))
    weight = (
        None
        if weight is None
        else rng.integers(1, 5, n).astype(float)
        if weight == "int"
        else rng.uniform(0.1, 3, n)
    )
    return guess, label, weight


def brute(guess, label, weight, t):
    """Weighted confusion counts of the rule guess >= t, summed directly."""
    w = np.ones(len(guess)) if weight is None else weight
    yes, pos = guess >= t, label == 1
    return (w[yes & pos].sum(), w[yes & ~pos].sum(), w[~yes & ~pos].sum(), w[~yes & pos].sum())


def expected(name, tp, fp, tn, fn):
    """Textbook definitions, written independently of the package."""
    P, N, T = tp + fn, fp + tn, tp + fp + tn + fn
    nan = float("nan")

    def div(a, b):
        return a / b if b != 0 else (nan if a == 0 else math.copysign(math.inf, a))

    sens, spec, prec = div(tp, P), div(tn, N), div(tp, tp + fp)
    pe = ((tp + fp) * P + (tn + fn) * N) / T**2
    return {
        "acc": (tp + tn) / T,
        "err": (fp + fn) / T,
        "tpr": sens,
        "tnr": spec,
        "fpr": div(fp, N),
        "fnr": div(fn, P),
        "ppv": prec,
        "npv": div(tn, tn + fn),
        "pcfall": div(fp, tp + fp),
        "pcmiss": div(fn, tn + fn),
        "rpp": (tp + fp) / T,
        "rnp": (tn + fn) / T,
        "phi": div(tp * tn - fp * fn, math.sqrt(P * N * (tp + fp) * (tn + fn))),
        "odds": div(tp * tn, fn * fp),
        "lift": div(sens, (tp + fp) / T),
        "j_index": sens + spec - 1,
        "bal_accuracy": (sens + spec) / 2,
        "kap": div((tp + tn) / T - pe, 1 - pe),
        "detection_prevalence": (tp + fp) / T,
        "f_meas": div(2 * prec * sens, prec + sens),
        "youden": sens + spec,
        "closest.topleft": (1 - sens) ** 2 + (1 - spec) ** 2,
        "tp": tp,
        "fp": fp,
        "tn": tn,
        "fn": fn,
    }[name]


NAMES = [
    "acc",
    "err",
    "tpr",
    "tnr",
    "fpr",
    "fnr",
    "ppv",
    "npv",
    "pcfall",
    "pcmiss",
    "rpp",
    "rnp",
    "phi",
    "odds",
    "lift",
    "j_index",
    "bal_accuracy",
    "kap",
    "detection_prevalence",
    "f_meas",
    "youden",
    "closest.topleft",
    "tp",
    "fp",
    "tn",
    "fn",
]


@PROFILE
@given(small_data())
def test_every_measure_equals_brute_force_counts_at_every_threshold(data):
    guess, label, weight = data
    table = wr.measures(data, NAMES)
    for _, row in table.iterrows():
        counts = brute(guess, label, weight, row["threshold"])
        for name in NAMES:
            want = expected(name, *counts)
            if math.isnan(want):
                assert math.isnan(row[name]), name
            else:
                assert row[name] == pytest.approx(want, rel=1e-12, abs=1e-12), name


@PROFILE
@given(small_data(), st.floats(-1, 9))
def test_single_threshold_scalar_equals_brute_force(data, t):
    guess, label, weight = data
    tp, fp, tn, fn = brute(guess, label, weight, t)
    one = wr.measures(data, ["acc", "tp"], at=[t])
    assert one["acc"].iloc[0] == pytest.approx((tp + tn) / (tp + fp + tn + fn))
    assert one["tp"].iloc[0] == pytest.approx(tp)
    with pytest.warns(FutureWarning, match=r"one-row DataFrame in 2.0") as caught:
        assert wr.measures(data, "acc", at=t) == one["acc"].iloc[0]  # the 1.x float
    assert caught[0].filename == __file__


@PROFILE
@given(small_data())
def test_measures_equal_scikit_learn_with_sample_weight(data):
    guess, label, weight = data
    table = wr.measures(data, ["mcc", "kap", "f_meas", "bal_accuracy"], beta=2.0)
    for _, row in table.iloc[1:-1].iterrows():  # both classes predicted somewhere
        predicted = (guess >= row["threshold"]).astype(int)
        if len(np.unique(predicted)) < 2:
            continue
        kw = {"sample_weight": weight}
        assert row["mcc"] == pytest.approx(skm.matthews_corrcoef(label, predicted, **kw), abs=1e-12)
        assert row["kap"] == pytest.approx(skm.cohen_kappa_score(label, predicted, **kw), abs=1e-12)
        assert row["bal_accuracy"] == pytest.approx(
            skm.balanced_accuracy_score(label, predicted, **kw), abs=1e-12
        )
        if (predicted & label).any():
            assert row["f_meas"] == pytest.approx(
                skm.fbeta_score(label, predicted, beta=2.0, **kw), abs=1e-12
            )


def scikit_learns_det_curve(label, guess, weight, drop):
    """scikit-learn's det_curve as of 1.7, which added drop_intermediate and the
    point at threshold inf. On older scikit-learn (the declared floor is 1.4):
    1.7's det_curve, line for line, on that version's weighted counts."""
    if "drop_intermediate" in inspect.signature(skm.det_curve).parameters:
        return skm.det_curve(label, guess, sample_weight=weight, drop_intermediate=drop)
    from sklearn.metrics._ranking import _binary_clf_curve

    fps, tps, thresholds = _binary_clf_curve(label, guess, sample_weight=weight)
    fps, tps, thresholds = np.r_[0.0, fps], np.r_[0.0, tps], np.r_[np.inf, thresholds]
    if drop and len(fps) > 2:
        keep = np.r_[True, np.logical_or(np.diff(tps[:-1]), np.diff(tps[1:])), True]
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    first = fps.searchsorted(fps[0], side="right") - 1  # the last point with no false positive
    last = tps.searchsorted(tps[-1]) + 1  # the first point with no false negative
    rows = slice(first, last)
    fnr = (tps[-1] - tps[rows]) / tps[-1]
    return fps[rows][::-1] / fps[-1], fnr[::-1], thresholds[rows][::-1]


@PROFILE
@given(small_data(), st.booleans())
def test_det_curve_equals_scikit_learn(data, drop):
    guess, label, weight = data
    fpr, fnr, thresholds = scikit_learns_det_curve(label, guess, weight, drop)
    ours = wr.det_curve(data, drop_intermediate=drop)
    np.testing.assert_array_equal(ours["threshold"], thresholds)
    np.testing.assert_allclose(ours["fpr"], fpr, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(ours["fnr"], fnr, rtol=1e-12, atol=1e-15)


@PROFILE
@given(small_data())
def test_pr_auc_is_the_trapezoid_area_of_scikit_learns_pr_curve(data):
    guess, label, weight = data
    precision, recall, _ = skm.precision_recall_curve(label, guess, sample_weight=weight)
    assert wr.pr_auc(data, method="trapezoid") == pytest.approx(
        skm.auc(recall, precision), rel=1e-12
    )
    assert wr.average_precision(*data) == pytest.approx(
        skm.average_precision_score(label, guess, sample_weight=weight), rel=1e-12
    )


@PROFILE
@given(small_data())
def test_gain_and_lift_equal_brute_force(data):
    guess, label, weight = data
    w = np.ones(len(guess)) if weight is None else weight
    gain = wr.lift_curve(data)
    assert gain["threshold"].iloc[0] == np.inf and gain["n"].iloc[0] == 0
    for _, row in gain.iloc[1:].iterrows():
        tested = guess >= row["threshold"]
        assert row["n"] == pytest.approx(w[tested].sum())
        assert row["percent_tested"] == pytest.approx(100 * w[tested].sum() / w.sum())
        found = w[tested & (label == 1)].sum() / w[label == 1].sum()
        assert row["percent_found"] == pytest.approx(100 * found)
        assert row["lift"] == pytest.approx(found / (w[tested].sum() / w.sum()))


@PROFILE
@given(small_data())
def test_equal_error_rate_is_where_the_straight_segments_cross(data):
    roc = wr.WeightedROC(*data)
    eer = wr.equal_error_rate(roc)
    # bisection on the polyline's arc parameter, independent of the formula
    fpr, fnr = roc["FPR"].to_numpy(), 1 - roc["TPR"].to_numpy()
    s = np.arange(len(fpr), dtype=float)
    lo, hi = 0.0, s[-1]
    for _ in range(200):
        mid = (lo + hi) / 2
        if np.interp(mid, s, fpr) - np.interp(mid, s, fnr) > 0:
            lo = mid
        else:
            hi = mid
    assert eer == pytest.approx(np.interp(lo, s, fpr), abs=1e-9)


@PROFILE
@given(small_data())
def test_cost_curve_envelope_is_the_least_line_everywhere(data):
    curve = wr.cost_curve(data)
    lines = curve.lines.pivot_table(index="threshold", columns="probability_cost", values="cost")
    x = np.linspace(0, 1, 101)
    least = np.min(
        lines[0.0].to_numpy()[:, None] * (1 - x) + lines[1.0].to_numpy()[:, None] * x, axis=0
    )
    env = curve.envelope
    np.testing.assert_allclose(
        np.interp(x, env["probability_cost"], env["cost"]), least, atol=1e-12
    )


@PROFILE
@given(small_data())
def test_prbe_rows_have_equal_precision_and_recall(data):
    if len(np.unique(data[0])) < 2:  # ROCR's error
        with pytest.raises(ValueError, match="Not enough distinct predictions"):
            wr.prbe(data)
        return
    table = wr.measures(data, ["prec", "rec"]).iloc[:-1]
    found = wr.prbe(data)
    for _, row in found.iterrows():
        hit = table[table["threshold"] == row["threshold"]]
        if len(hit):
            assert hit["prec"].iloc[0] == pytest.approx(hit["rec"].iloc[0])
            assert row["prbe"] == pytest.approx(hit["rec"].iloc[0])
        else:  # between rows: the linear interpolations of both cross there
            below = table[table["threshold"] < row["threshold"]].iloc[-1]
            above = table[table["threshold"] > row["threshold"]].iloc[0]
            share = (row["threshold"] - below["threshold"]) / (
                above["threshold"] - below["threshold"]
            )
            diff = [r["rec"] - r["prec"] for r in (below, above)]
            assert diff[0] + share * (diff[1] - diff[0]) == pytest.approx(0, abs=1e-12)


def test_normal_deviate_matches_known_quantiles_and_inverts_the_cdf():
    known = {
        0.975: 1.959963984540054,
        0.001: -3.090232306167813,
        1e-10: -6.361340902404056,
        0.5: 0.0,
    }
    found = wr.normal_deviate(list(known))
    np.testing.assert_allclose(found, list(known.values()), rtol=1e-15, atol=0)
    # round trip through the normal cdf (erfc keeps the far tail exact):
    # the relative error in p is about z**2 times that in z
    p = np.concatenate((np.logspace(-300, -1, 60), np.linspace(0.01, 0.5, 50)))
    z = wr.normal_deviate(p)
    back = np.array([0.5 * math.erfc(-v / math.sqrt(2)) for v in z])
    assert (np.abs(back / p - 1) <= 1e-15 * np.maximum(z**2, 10)).all()
    upper = np.linspace(0.5, 0.99, 50)
    back = np.array([NormalDist().cdf(v) for v in wr.normal_deviate(upper)])
    np.testing.assert_allclose(back, upper, rtol=1e-15)
    assert wr.normal_deviate([0, 1]).tolist() == [-np.inf, np.inf]
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        wr.normal_deviate([1.5])


def test_coords_best_first_tie_is_best_threshold_row():
    data = ([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 0, 1], None)
    roc = wr.WeightedROC(data[0], data[1])
    every = wr.coords(roc, "best", ret=["threshold", "youden"])
    first = wr.coords(roc, "best", ret=["threshold"], ties="first")
    assert len(every) > 1  # several rows tie here
    assert first["threshold"].tolist() == [every["threshold"].iloc[0]]
    assert first["threshold"].iloc[0] == wr.best_threshold(roc)["threshold"]


def test_coords_group_gives_each_groups_block():
    rng = np.random.default_rng(1)
    frame = pd.DataFrame(
        {
            "g": rng.normal(size=60),
            "y": rng.integers(0, 2, 60),
            "w": rng.uniform(1, 2, 60),
            "m": np.repeat(["a", "b"], 30),
        }
    )
    table = wr.roc_table(frame, "g", "y", "w", by="m")
    found = wr.coords(table, "all", ret=["threshold", "tp", "youden"], by="m")
    for key, part in frame.groupby("m"):
        alone = wr.coords(
            (part["g"], part["y"], part["w"]), "all", ret=["threshold", "tp", "youden"]
        )
        block = found[found["m"] == key].drop(columns="m").reset_index(drop=True)
        pd.testing.assert_frame_equal(block, alone)


def test_coords_transpose_and_drop_duplicates():
    roc = wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    found = wr.coords(roc, "all", ret=["specificity", "sensitivity"], transpose=True)
    assert list(found.index) == ["specificity", "sensitivity"]
    sens = wr.coords(roc, "all", ret=["sensitivity"], drop_duplicates=True)
    assert sens["sensitivity"].round(6).tolist() == [1.0, 0.666667, 0.0]


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda r: wr.measures(r, "nope"), ValueError, "unknown measure 'nope'"),
        (lambda r: wr.measures(r, "prbe"), ValueError, r"call weightedroc.prbe\(\)"),
        (lambda r: wr.coords(r, ret=["all", "tp"]), ValueError, "can't be used with other"),
        (lambda r: wr.coords(r, 0.5, input="accuracy"), ValueError, "not monotone"),
        (lambda r: wr.coords(r, 2.0, input="sensitivity"), ValueError, "not in range"),
        (lambda r: wr.coords(r, "nope"), ValueError, "'all', 'best'"),
        (lambda r: wr.coords(r, "best", best_weights=(1, 1)), ValueError, "prevalence"),
        (lambda r: wr.coords(r, "best", best_method="max"), ValueError, "best_method"),
        (lambda r: wr.coords(r, "best", ties="some"), ValueError, "ties"),
        (lambda r: wr.measures("abc", "acc"), TypeError, "tuple"),
        (lambda r: wr.measures(r, "acc", direction=">"), ValueError, "raw inputs"),
    ],
)
def test_bad_arguments_say_what_is_expected(call, error, words):
    roc = wr.WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    with pytest.raises(error, match=words):
        call(roc)


def test_frame_and_raw_inputs_give_the_same_table():
    data = ([0.3, 0.1, 0.3, 0.9, 0.5], ["a", "b", "a", "b", "b"], [1, 2, 3, 1, 2])
    raw = wr.coords(data, "all", ret="all", positive="a", direction=">")
    frame = wr.coords(wr.WeightedROC(*data, positive="a", direction=">"), "all", ret="all")
    pd.testing.assert_frame_equal(raw, frame)
    assert raw["threshold"].iloc[-1] == -np.inf
    # direction ">": a threshold t classifies guesses <= t positive
    at = wr.coords(data, [0.3], ret=["tp", "fp"], positive="a", direction=">")
    assert at[["tp", "fp"]].iloc[0].tolist() == [4.0, 2.0]


def test_coords_reads_shortened_names_as_procs_match_arg():
    # Any start of one of pROC's coordinates that begins no other, as pROC's
    # match.arg(): columns named in full; best.method "y", "c", "t".
    guess = np.array([0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.55])
    label = np.array([0, 0, 1, 1, 0, 0, 1, 1])
    weight = np.array([1.0, 2.0, 1.0, 3.0, 1.0, 2.0, 1.0, 1.0])
    data = (guess, label, weight)
    full = ["threshold", "sensitivity", "specificity", "1-npv", "accuracy", "lr_pos"]
    short = wr.coords(data, "all", ret=["thr", "se", "sp", "1-np", "accu", "lr_p"])
    pd.testing.assert_frame_equal(short, wr.coords(data, "all", ret=full))
    # In coords (pROC's function) ROCR's short names are pROC's too ...
    assert list(wr.coords(data, "all", ret=["sens", "spec", "prec", "rec"]).columns) == [
        "sensitivity",
        "specificity",
        "precision",
        "recall",
    ]
    # ... while measures() keeps ROCR's own columns; "se" is pROC's there too.
    assert list(wr.measures(data, ["sens", "se"]).columns[-2:]) == ["sens", "sensitivity"]
    # ROCR's F, which pROC would call ambiguous, stays ROCR's F.
    assert "f" in wr.coords(data, "all", ret=["f"]).columns
    for best_method, full_name in [
        ("y", "youden"),
        ("c", "closest.topleft"),
        ("t", "closest.topleft"),
    ]:
        best = wr.coords(data, "best", ret=["se", "sp"], best_method=best_method)
        expected = wr.coords(data, "best", ret=["se", "sp"], best_method=full_name)
        pd.testing.assert_frame_equal(best, expected)
    at = wr.coords(data, [0.5, 0.75], input="se", ret=["thr", "sp"])
    pd.testing.assert_frame_equal(
        at, wr.coords(data, [0.5, 0.75], input="sensitivity", ret=["threshold", "specificity"])
    )
    interval = wr.ci_coords(*data, x=0.5, ret=["se", "sp"], n_boot=50, seed=1)
    assert list(interval["measure"]) == ["sensitivity", "specificity"]


@pytest.mark.parametrize(
    "call, match",
    [
        (
            lambda d: wr.coords(d, "all", ret=["1-s"]),
            r"'1-s' is short for more than one of \['1-specificity', '1-sensitivity'\]",
        ),
        (
            lambda d: wr.coords(d, "all", ret=["p"]),
            r"'p' is short for more than one of \['ppv', 'precision'\]",
        ),
        (lambda d: wr.coords(d, [0.5], input="1-s"), r"input '1-s' is short for more than one"),
        (lambda d: wr.coords(d, [0.5], input="acc"), r"Coordinate 'accuracy' is not monotone"),
        (lambda d: wr.coords(d, "best", best_method="x"), r"best_method must be one of"),
        (lambda d: wr.coords(d, "all", ret=["zz"]), r"unknown measure 'zz'"),
    ],
)
def test_shortened_names_that_begin_several_or_none_are_errors(call, match):
    data = (np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1]))
    with pytest.raises(ValueError, match=match):
        call(data)
