"""The interpolated precision-recall curve and its areas (issue 41), against
a numerical integral of the curve, a loop over Davis and Goadrich's steps,
repeated rows, and live against PRROC 1.4 (fetched: WEIGHTEDROC_R_LIB)."""

import os
import warnings

import numpy as np
import pytest
from scipy import integrate

import weightedroc as wr


def _data(seed, n=None, ties=None, weights=True):
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(3, 30))
    ties = seed % 2 == 1 if ties is None else ties
    guess = rng.integers(0, 5, n).astype(float) if ties else rng.normal(size=n)
    label = rng.integers(0, 2, n)
    label[:2] = [0, 1]
    weight = rng.exponential(size=n) + 0.05 if weights else None
    return guess, label, weight


def _vertices(guess, label, weight):
    """(TP, FP) from the highest guess down, by a plain loop."""
    w = np.ones(len(guess)) if weight is None else np.asarray(weight, dtype=float)
    TP, FP = [0.0], [0.0]
    for t in sorted(set(guess), reverse=True):
        called = guess >= t
        TP.append(float(np.sum(w[called & (label == 1)])))
        FP.append(float(np.sum(w[called & (label == 0)])))
    return np.array(TP), np.array(FP)


def _quad_area(guess, label, weight):
    """The area under the interpolated curve by numerical integration:
    on each segment precision at TP = x is x / (x + FP(x)), FP linear in x."""
    TP, FP = _vertices(guess, label, weight)
    total = 0.0
    for t0, t1, f0, f1 in zip(TP[:-1], TP[1:], FP[:-1], FP[1:]):
        if t1 == t0:
            continue

        def precision(x, t0=t0, t1=t1, f0=f0, f1=f1):
            fp = f0 + (f1 - f0) * (x - t0) / (t1 - t0)
            return x / (x + fp) if x + fp > 0 else t1 / (t1 + f1)

        total += integrate.quad(precision, t0, t1, epsabs=1e-14, epsrel=1e-13)[0]
    return total / TP[-1]


def _dg_loop(guess, label):
    """Davis and Goadrich's area by a loop over whole positives."""
    TP, FP = _vertices(guess, label, None)
    area = 0.0
    for t0, t1, f0, f1 in zip(TP[:-1], TP[1:], FP[:-1], FP[1:]):
        steps = int(round(t1 - t0))
        for k in range(steps):
            points = []
            for x in (k, k + 1):
                tp, fp = t0 + x, f0 + (f1 - f0) * x / (t1 - t0)
                points.append(tp / (tp + fp) if tp + fp > 0 else t1 / (t1 + f1))
            area += (points[0] + points[1]) / 2
    return area / TP[-1]


@pytest.mark.parametrize("seed", range(40))
def test_interpolated_area_is_the_numerical_integral_of_the_curve(seed):
    guess, label, weight = _data(seed)
    found = wr.pr_auc((guess, label, weight), method="interpolated")
    assert found == pytest.approx(_quad_area(guess, label, weight), abs=1e-11)


@pytest.mark.parametrize("seed", range(40))
def test_davis_goadrich_area_is_the_loop_over_whole_positives(seed):
    guess, label, _ = _data(seed, weights=False)
    found = wr.pr_auc((guess, label), method="davis_goadrich")
    assert found == pytest.approx(_dg_loop(guess, label), abs=1e-13)


@pytest.mark.parametrize("seed", range(10))
def test_frequency_weights_are_repeated_rows(seed):
    guess, label, _ = _data(seed)
    counts = np.random.default_rng(seed).integers(1, 4, len(guess))
    repeated = (np.repeat(guess, counts), np.repeat(label, counts))
    for method in ("interpolated", "davis_goadrich"):
        assert wr.pr_auc((guess, label, counts), method=method) == pytest.approx(
            wr.pr_auc(repeated, method=method), abs=1e-13
        )


def test_worked_example():
    # vertices (TP, FP): (0, 0), (2, 0), (2, 2), (3, 2), (3, 3); precision 1
    # up to TP = 2, then x / (x + 2) up to TP = 3: 2 + (1 - 2 log(5/4)), over W1 = 3
    data = ([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    expected = (2 + 1 - 2 * np.log(5 / 4)) / 3
    assert wr.pr_auc(data, method="interpolated") == pytest.approx(expected, abs=1e-15)
    assert wr.pr_auc(data, method="trapezoid") == pytest.approx(0.85, abs=1e-15)


def test_davis_goadrich_refuses_fractional_weights():
    with pytest.raises(ValueError, match="whole-number weights of the positives"):
        wr.pr_auc(([1, 2, 3], [0, 1, 1], [1, 0.5, 1]), method="davis_goadrich")


def test_unknown_method():
    with pytest.raises(ValueError, match="method must be one of"):
        wr.pr_auc(([1, 2, 3], [0, 1, 1]), method="spline")


def test_default_warns_of_the_change_in_2_0_and_is_the_trapezoid():
    data = ([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    with pytest.warns(FutureWarning, match='default method becomes "interpolated"'):
        found = wr.pr_auc(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert found == wr.pr_auc(data, method="trapezoid")


def test_direction_and_positive_as_everywhere():
    guess, label, weight = _data(3)
    text = np.where(label == 1, "case", "control")
    expected = wr.pr_auc((guess, label, weight), method="interpolated")
    assert wr.pr_auc((-guess, label, weight), method="interpolated", direction=">") == (
        pytest.approx(expected, abs=1e-15)
    )
    assert wr.pr_auc((guess, text, weight), method="interpolated", positive="case") == expected


@pytest.mark.parametrize("seed", range(10))
def test_interpolated_points_lie_on_the_curve(seed):
    guess, label, weight = _data(seed)
    plain = wr.weighted_pr(guess, label, weight)
    curve = wr.weighted_pr(guess, label, weight, interpolate=True)
    assert np.all(np.diff(curve.recall.to_numpy()) <= 0)
    TP, FP = curve.TP.to_numpy(), curve.FP.to_numpy()
    # the thresholds' rows are all there
    merged = plain.merge(curve, on=["threshold", "TP"], suffixes=("", "_i"))
    assert len(merged) == len(plain)
    # each point is on the straight line (in counts) between its segment's ends
    for threshold, rows in curve.groupby("threshold"):
        end = plain[plain.threshold == threshold].iloc[0]
        above = plain[plain.threshold > threshold]
        t0, f0 = (above.TP.iloc[0], above.FP.iloc[0]) if len(above) else (0.0, 0.0)
        inner = rows[rows.TP < end.TP]
        if end.TP > t0:
            line = f0 + (end.FP - f0) * (inner.TP - t0) / (end.TP - t0)
            np.testing.assert_allclose(inner.FP, line, rtol=1e-12, atol=1e-12)
    called = TP + FP > 0
    np.testing.assert_allclose(curve.precision[called], TP[called] / (TP + FP)[called])
    # and the straight lines through them come near the exact area
    recall, precision = curve.recall.to_numpy()[::-1], curve.precision.to_numpy()[::-1]
    trapezoid = np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2)
    exact = wr.pr_auc((guess, label, weight), method="interpolated")
    assert abs(trapezoid - exact) < 1e-4


# --- live: PRROC 1.4 (fetched from cran/PRROC into WEIGHTEDROC_R_LIB) --------


@pytest.fixture(scope="module")
def prroc():
    from weightedroc import rbridge

    lib = os.environ.get("WEIGHTEDROC_R_LIB")
    if not lib or not os.path.isdir(os.path.join(lib, "PRROC")):
        pytest.skip("WEIGHTEDROC_R_LIB does not name an R library holding PRROC")
    ok, reason = rbridge.r_available("rlang")
    if not ok:
        pytest.skip(reason)
    ro = rbridge.robjects()
    ro.r(f'suppressMessages(library(PRROC, lib.loc="{lib}"))')
    return ro


def r_pr_curve(ro, guess, label, weight=None, **options):
    """PRROC's pr.curve of hard labels with weights: a row of weight w is
    weights.class0 = w y, weights.class1 = w (1 - y) (class0: positives)."""
    from rpy2.robjects import FloatVector

    w = np.ones(len(guess)) if weight is None else np.asarray(weight, dtype=float)
    label = np.asarray(label, dtype=float)
    ro.globalenv["s"] = FloatVector(np.asarray(guess, dtype=float))
    ro.globalenv["w0"] = FloatVector(w * label)
    ro.globalenv["w1"] = FloatVector(w * (1 - label))
    extra = "".join(f", {k}={v}" for k, v in options.items())
    return ro.r(
        f"pr.curve(scores.class0=s, scores.class1=s, weights.class0=w0, weights.class1=w1{extra})"
    )


@pytest.mark.parametrize("seed", range(30))
def test_interpolated_area_equals_prroc_auc_integral(prroc, seed):
    guess, label, weight = _data(seed, n=int(5 + 7 * seed))
    r = r_pr_curve(prroc, guess, label, weight)
    found = wr.pr_auc((guess, label, weight), method="interpolated")
    assert abs(found - r.rx2("auc.integral")[0]) < 1e-12


@pytest.mark.parametrize("seed", range(30))
def test_davis_goadrich_equals_prroc(prroc, seed):
    guess, label, _ = _data(seed, n=int(5 + 7 * seed), weights=False)
    r = r_pr_curve(prroc, guess, label)
    for method, name in (
        ("interpolated", "auc.integral"),
        ("davis_goadrich", "auc.davis.goadrich"),
    ):
        assert abs(wr.pr_auc((guess, label), method=method) - r.rx2(name)[0]) < 1e-12


@pytest.mark.parametrize("seed", range(8))
def test_interpolated_points_are_prrocs_curve(prroc, seed):
    guess, label, weight = _data(seed, n=25)
    weight = None if seed % 2 else weight
    r = np.array(r_pr_curve(prroc, guess, label, weight, curve="TRUE").rx2("curve"))
    # PRROC adds (1, first precision) and (0, last precision) as ends
    theirs = np.unique(np.round(r[1:-1, :2], 12), axis=0)
    curve = wr.weighted_pr(guess, label, weight, interpolate=True).iloc[:-1]
    ours = np.unique(np.round(curve[["recall", "precision"]].to_numpy(), 12), axis=0)
    np.testing.assert_allclose(ours, theirs, atol=2e-12)


@pytest.mark.parametrize("seed", range(4))
def test_pr_plot_draws_the_interpolated_curve(seed):
    pytest.importorskip("plotnine")
    from weightedroc.plots import pr_plot

    guess, label, weight = _data(seed, n=60)
    plot = pr_plot(wr.weighted_pr(guess, label, weight), interpolate=True)
    assert [type(layer.geom).__name__ for layer in plot.layers] == ["geom_hline", "geom_path"]
    points = wr.weighted_pr(guess, label, weight, interpolate=True).iloc[::-1]
    np.testing.assert_allclose(plot.data["recall"], points["recall"], rtol=1e-13)
    np.testing.assert_allclose(plot.data["precision"], points["precision"], rtol=1e-13)
    recall, precision = plot.data["recall"].to_numpy(), plot.data["precision"].to_numpy()
    drawn = np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2)
    exact = wr.pr_auc((guess, label, weight), method="interpolated")
    assert abs(drawn - exact) < 1e-4
    # two curves: one path each, by name
    other = wr.weighted_pr(-guess, label, weight)
    both = pr_plot({"a": wr.weighted_pr(guess, label, weight), "b": other}, interpolate=True)
    assert set(both.data["curve"]) == {"a", "b"}


def _soft(seed, n=40):
    rng = np.random.default_rng(100 + seed)
    guess = rng.integers(0, 8, n).astype(float) if seed % 2 else rng.normal(size=n)
    p = rng.uniform(size=n)
    p[:4] = [0.0, 1.0, 1.0, 0.0]
    return guess, p


def _unique_points(recall, precision):
    return np.unique(np.round(np.column_stack((recall, precision)), 12), axis=0)


@pytest.mark.parametrize("seed", range(10))
def test_soft_labels_and_their_bounds_equal_prroc(prroc, seed):
    from rpy2.robjects import FloatVector

    guess, p = _soft(seed)
    prroc.globalenv["s"] = FloatVector(guess)
    prroc.globalenv["p"] = FloatVector(p)
    r = prroc.r(
        "pr.curve(scores.class0=s, weights.class0=p, curve=TRUE,"
        " max.compute=TRUE, min.compute=TRUE, rand.compute=TRUE)"
    )
    assert (
        abs(wr.pr_auc((guess, p), method="interpolated", soft=True) - r.rx2("auc.integral")[0])
        < 1e-12
    )
    bounds = wr.pr_bounds(p, soft=True)
    for area, name in ((bounds.max_area, "max"), (bounds.min_area, "min")):
        assert abs(area - r.rx2(name).rx2("auc.integral")[0]) < 1e-12
    assert abs(bounds.random_area - r.rx2("rand").rx2("auc.integral")[0]) < 1e-15
    for curve, name in ((bounds.max_curve, "max"), (bounds.min_curve, "min")):
        theirs = np.array(r.rx2(name).rx2("curve"))[1:-1, :2]
        ours = curve.iloc[:-1]
        np.testing.assert_allclose(
            _unique_points(ours.recall, ours.precision),
            _unique_points(theirs[:, 0], theirs[:, 1]),
            atol=2e-12,
        )
    theirs = np.array(r.rx2("curve"))[1:-1, :2]
    ours = wr.weighted_pr(guess, p, soft=True, interpolate=True).iloc[:-1]
    np.testing.assert_allclose(
        _unique_points(ours.recall, ours.precision),
        _unique_points(theirs[:, 0], theirs[:, 1]),
        atol=2e-12,
    )


@pytest.mark.parametrize("seed", range(6))
def test_soft_labels_with_weights_equal_prroc(prroc, seed):
    from rpy2.robjects import FloatVector

    guess, p = _soft(seed)
    w = np.random.default_rng(seed).exponential(size=len(p)) + 0.1
    prroc.globalenv["s"] = FloatVector(guess)
    prroc.globalenv["w0"] = FloatVector(w * p)
    prroc.globalenv["w1"] = FloatVector(w * (1 - p))
    r = prroc.r("pr.curve(scores.class0=s, scores.class1=s, weights.class0=w0, weights.class1=w1)")
    found = wr.pr_auc((guess, p, w), method="interpolated", soft=True)
    assert abs(found - r.rx2("auc.integral")[0]) < 1e-12


def test_soft_labels_are_the_documented_two_rows():
    guess, p = _soft(1)
    w = np.linspace(0.5, 2, len(p))
    rows = wr.soft_label_rows(guess, p, w)
    assert len(rows[0]) == 2 * len(p) - 4  # the four rows of p = 0 or 1 add one row each
    for method in ("interpolated", "trapezoid"):
        assert wr.pr_auc((guess, p, w), method=method, soft=True) == wr.pr_auc(rows, method=method)
    assert wr.average_precision(guess, p, w, soft=True) == wr.average_precision(*rows)
    pd_frame = wr.weighted_pr(guess, p, w, soft=True)
    assert pd_frame.equals(wr.weighted_pr(*rows))


@pytest.mark.parametrize(
    "label, error, match",
    [
        ([0.2, 1.5], ValueError, r"probabilities in \[0, 1\]"),
        (["a", "b"], TypeError, "numeric labels"),
        ([0.2, np.nan], ValueError, r"probabilities in \[0, 1\]"),
    ],
)
def test_soft_labels_refuse_what_is_not_a_probability(label, error, match):
    with pytest.raises(error, match=match):
        wr.pr_auc(([1.0, 2.0], label), method="interpolated", soft=True)


def test_soft_labels_refuse_positive_and_a_curve():
    with pytest.raises(TypeError, match="drop positive="):
        wr.weighted_pr([1, 2], [0.2, 0.7], soft=True, positive=1)
    with pytest.raises(TypeError, match="raw inputs"):
        wr.pr_auc(wr.WeightedROC([1, 2], [0, 1]), method="interpolated", soft=True)
    with pytest.raises(ValueError, match="whole-number weights"):
        wr.pr_auc(([1.0, 2.0, 3.0], [0.2, 0.7, 1.0]), method="davis_goadrich", soft=True)


def test_bounds_of_hard_labels_with_weights():
    label = np.array([0, 1, 0, 1, 1])
    w = np.array([1.0, 2.0, 3.0, 0.5, 1.5])
    b = wr.pr_bounds(label, w)
    assert b.max_area == 1.0
    assert b.random_area == pytest.approx(4 / 8, abs=1e-15)
    # worst: every negative first (FP = 4), then the positives (W1 = 4):
    # precision x / (x + 4), area (4 - 4 log 2) / 4
    assert b.min_area == pytest.approx(1 - np.log(2), abs=1e-15)
    assert b.method == "interpolated"
    assert repr(b).startswith("PRBounds(max_area=1.0")


def test_interpolated_points_are_bounded_whatever_the_weights_scale():
    guess, label, weight = _data(5, n=200)
    small = wr.weighted_pr(guess, label, weight, interpolate=True)
    large = wr.weighted_pr(guess, label, weight * 1e6, interpolate=True)
    # steps of min(1, W1 / 100) weight, but at least W1 / 10,000
    assert len(large) <= 10_000 + 2 * len(np.unique(guess)) + 2
    exact = wr.pr_auc((guess, label, weight), method="interpolated")
    for curve in (small, large):
        recall, precision = curve.recall.to_numpy()[::-1], curve.precision.to_numpy()[::-1]
        assert abs(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2) - exact) < 1e-4


@pytest.mark.parametrize("seed", range(4))
def test_a_weightedroc_frame_gives_the_areas_of_its_data(seed):
    guess, label, weight = _data(seed)
    counts = np.random.default_rng(seed).integers(1, 4, len(guess)).astype(float)
    for w, methods in ((weight, ("interpolated", "trapezoid")), (counts, ("davis_goadrich",))):
        frame = wr.WeightedROC(guess, label, w)
        for method in methods:
            assert wr.pr_auc(frame, method=method) == pytest.approx(
                wr.pr_auc((guess, label, w), method=method), abs=1e-14
            )
