"""partial_auc and cost_auc against independent computations.

References: exact areas by clipping the AUC polygon with half-planes
(Sutherland-Hodgman, written here) and a dense midpoint-rule integration;
scikit-learn's roc_auc_score(max_fpr=...); pROC's auc(partial.auc=...)
through rpy2 when R is present.
"""

import dataclasses
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plain import trapezoid
from sklearn.metrics import roc_auc_score

from weightedroc import WeightedAUC, WeightedROC, cost_auc, partial_auc
from weightedroc.curves.areas import cost_region
from weightedroc.datasets import load_asah, load_rocr_simple

# The curve (0,0) (0,2/3) (2/3,2/3) (2/3,1) (1,1): areas are easy by hand.
SMALL = ([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])


def clip(polygon, a, b, c):
    """Sutherland-Hodgman: the part of `polygon` where a x + b y + c >= 0."""
    out = []
    for (px, py), (qx, qy) in zip(polygon, polygon[1:] + polygon[:1]):
        fp, fq = a * px + b * py + c, a * qx + b * qy + c
        if fp >= 0:
            out.append((px, py))
        if (fp >= 0) != (fq >= 0):
            t = fp / (fp - fq)
            out.append((px + t * (qx - px), py + t * (qy - py)))
    return out


def shoelace(polygon):
    if len(polygon) < 3:
        return 0.0
    x, y = np.array(polygon).T
    return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2


def auc_polygon(roc):
    """The region under the curve: (0,0), the curve up to (1,1), then (1,0)."""
    points = list(zip(roc["FPR"][::-1], roc["TPR"][::-1]))
    return points + [(1.0, 0.0)]


def curve_at(roc, x):
    """TPR of the broken line at x strictly between distinct FPR values."""
    return np.interp(x, roc["FPR"].to_numpy()[::-1], roc["TPR"].to_numpy()[::-1])


def random_data(seed, n=40):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.4
    label[:2] = [False, True]
    guess = rng.integers(0, 12, n) + label * rng.integers(0, 4, n)
    weight = rng.exponential(size=n) + 0.1
    return guess.astype(float), label, weight


data_strategy = st.integers(3, 30).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 6), min_size=n, max_size=n),
        st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.floats(0.05, 20), min_size=n, max_size=n),
    )
)


# ---------------------------------------------------------------- partial_auc


def test_full_range_is_weighted_auc_bit_for_bit():
    for seed in range(5):
        roc = WeightedROC(*random_data(seed))
        assert partial_auc(roc) == WeightedAUC(roc)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # some are below 0.5
            assert partial_auc(roc, correct=True) == pytest.approx(WeightedAUC(roc), abs=1e-15)


def test_hand_computed_areas_of_small_curve():
    roc = WeightedROC(*SMALL)
    assert partial_auc(roc, fpr_range=(0, 0.5)) == pytest.approx(1 / 3, abs=1e-15)
    assert partial_auc(roc, fpr_range=(0.5, 0.9)) == pytest.approx(
        (2 / 3 - 0.5) * 2 / 3 + (0.9 - 2 / 3) * 1, abs=1e-15
    )
    # Inside the segment from (2/3, 1) to (1, 1) and from (0, 2/3) to (2/3, 2/3).
    assert partial_auc(roc, fpr_range=(0.7, 0.8)) == pytest.approx(0.1, abs=1e-15)
    assert partial_auc(roc, tpr_range=(0.5, 1)) == pytest.approx(1 / 6 + 1 / 9, abs=1e-15)
    assert partial_auc(roc, tpr_range=(0, 0.25)) == pytest.approx(0.25, abs=1e-15)
    # McClish: (1 + (A - min) / (max - min)) / 2 with min the diagonal's area.
    assert partial_auc(roc, fpr_range=(0, 0.5), correct=True) == pytest.approx(7 / 9)


@pytest.mark.parametrize("seed", range(8))
def test_fpr_and_tpr_bands_equal_clipped_polygon_areas(seed):
    roc = WeightedROC(*random_data(seed))
    polygon = auc_polygon(roc)
    for lo, hi in [(0, 0.1), (0.05, 0.3), (0.2, 0.9), (0.5, 1), (0, 1)]:
        band = clip(clip(polygon, 1, 0, -lo), -1, 0, hi)
        assert partial_auc(roc, fpr_range=(lo, hi)) == pytest.approx(shoelace(band), abs=1e-13)
        band = clip(clip(polygon, 0, 1, -lo), 0, -1, hi)
        assert partial_auc(roc, tpr_range=(lo, hi)) == pytest.approx(shoelace(band), abs=1e-13)


def test_fpr_band_equals_dense_midpoint_integration():
    roc = WeightedROC(*random_data(11, n=200))
    lo, hi = 0.13, 0.61
    edges = np.linspace(lo, hi, 400_001)
    dense = curve_at(roc, (edges[1:] + edges[:-1]) / 2).sum() * (hi - lo) / 400_000
    assert partial_auc(roc, fpr_range=(lo, hi)) == pytest.approx(dense, abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(data_strategy, st.floats(0.01, 1.0))
def test_mcclish_equals_sklearn_max_fpr(data, max_fpr):
    guess, label, weight = (np.array(v) for v in data)
    roc = WeightedROC(guess, label, weight)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # below the diagonal
        ours = partial_auc(roc, fpr_range=(0, max_fpr), correct=True)
    theirs = roc_auc_score(label, guess, sample_weight=weight, max_fpr=max_fpr)
    assert ours == pytest.approx(theirs, abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(data_strategy, st.floats(0, 1), st.floats(0, 1))
def test_bands_add_up_and_stay_in_range(data, a, b):
    lo, hi = sorted((a, b))
    if hi - lo < 1e-9:
        return
    roc = WeightedROC(*data)
    for key in ("fpr_range", "tpr_range"):
        area = partial_auc(roc, **{key: (lo, hi)})
        assert -1e-12 <= area <= hi - lo + 1e-12
        parts = [partial_auc(roc, **{key: r}) for r in ((0, lo), (lo, hi), (hi, 1)) if r[1] > r[0]]
        assert sum(parts) == pytest.approx(WeightedAUC(roc), abs=1e-12)


def test_correction_below_diagonal_warns_and_follows_formula():
    roc = WeightedROC([4, 3, 2, 1], [0, 0, 1, 1])  # the worst curve: area 0
    with pytest.warns(UserWarning, match="below that of the diagonal"):
        value = partial_auc(roc, fpr_range=(0, 0.5), correct=True)
    assert value == pytest.approx((1 + (0 - 0.125) / (0.5 - 0.125)) / 2)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"fpr_range": (0, 0.2), "tpr_range": (0, 0.2)}, ValueError, "not both"),
        ({"fpr_range": (0.3, 0.1)}, ValueError, "0 <= lo < hi <= 1"),
        ({"fpr_range": (0.1, 0.1)}, ValueError, "0 <= lo < hi <= 1"),
        ({"tpr_range": (-0.1, 0.5)}, ValueError, "0 <= lo < hi <= 1"),
        ({"fpr_range": (0, 1.5)}, ValueError, "0 <= lo < hi <= 1"),
        ({"fpr_range": 0.2}, TypeError, "pair"),
        ({"fpr_range": (0, 0.1, 0.2)}, TypeError, "pair"),
        ({"fpr_range": ("0", 0.2)}, TypeError, "real numbers"),
    ],
)
def test_bad_ranges_are_rejected(kwargs, error, match):
    with pytest.raises(error, match=match):
        partial_auc(WeightedROC(*SMALL), **kwargs)


@pytest.mark.parametrize("function", [partial_auc, cost_auc])
def test_bad_frames_are_rejected(function):
    roc = WeightedROC(*SMALL)
    with pytest.raises(TypeError, match="DataFrame returned by WeightedROC"):
        function(roc.to_numpy())
    with pytest.raises(ValueError, match="no column 'FN'"):
        function(roc.drop(columns="FN"))
    with pytest.raises(ValueError, match="reversed"):
        function(roc.iloc[::-1])
    with pytest.raises(ValueError, match="not in WeightedROC's order"):
        function(roc.iloc[[0, 2, 1, 3, 4]])
    with pytest.raises(ValueError, match="complete curve"):
        function(roc.iloc[1:])
    with pytest.raises(ValueError, match="at least 2 rows"):
        function(roc.iloc[:1])


def test_caller_frame_is_not_modified():
    roc = WeightedROC(*random_data(3))
    before = roc.copy()
    partial_auc(roc, tpr_range=(0.2, 0.4), correct=True)
    cost_auc(roc, cost_fp=1, cost_fn=2)
    cost_region(roc, cost_fp=1, cost_fn=2)
    pd.testing.assert_frame_equal(roc, before)


# ------------------------------------------------------------- pROC, live R


def proc_partial_auc(guess, label, partial, focus, correct):
    """pROC's auc(roc(label, guess, direction = "<"), partial.auc = ...)."""
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("pROC")
    if not ok:
        pytest.skip(reason)
    import rpy2.robjects as ro

    function = ro.r("""function(guess, label, partial, focus, correct) {
      r <- pROC::roc(label, guess, levels = c(0, 1), direction = "<", quiet = TRUE)
      as.numeric(pROC::auc(r, partial.auc = partial, partial.auc.focus = focus,
                           partial.auc.correct = correct))
    }""")
    return function(
        ro.FloatVector(np.asarray(guess, dtype=float).tolist()),
        ro.FloatVector(np.asarray(label, dtype=float).tolist()),
        ro.FloatVector(partial),
        focus,
        correct,
    )[0]


def proc_datasets():
    asah = load_asah()
    poor = (asah["outcome"] == "Poor").to_numpy().astype(float)
    simple = load_rocr_simple()
    return [
        (asah["s100b"].to_numpy(), poor),
        (asah["ndka"].to_numpy(), poor),
        (asah["wfns"].to_numpy().astype(float), poor),
        (simple["predictions"].to_numpy(), simple["labels"].to_numpy().astype(float)),
    ]


@pytest.mark.parametrize("data", range(4))
@pytest.mark.parametrize("lo, hi", [(0, 0.2), (0.1, 0.35), (0, 0.05)])
@pytest.mark.parametrize("correct", [False, True])
def test_specificity_focus_equals_proc(data, lo, hi, correct):
    guess, label = proc_datasets()[data]
    theirs = proc_partial_auc(guess, label, [1 - lo, 1 - hi], "specificity", correct)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ours = partial_auc(WeightedROC(guess, label), fpr_range=(lo, hi), correct=correct)
    if np.isnan(theirs):  # pROC: correction undefined below the diagonal
        assert correct and ours < 0.5
    else:
        assert ours == pytest.approx(theirs, abs=1e-12)


@pytest.mark.parametrize("data", range(4))
@pytest.mark.parametrize("lo, hi", [(0.9, 1), (0.6, 0.85), (0, 0.3)])
@pytest.mark.parametrize("correct", [False, True])
def test_sensitivity_focus_equals_proc(data, lo, hi, correct):
    guess, label = proc_datasets()[data]
    theirs = proc_partial_auc(guess, label, [hi, lo], "sensitivity", correct)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ours = partial_auc(WeightedROC(guess, label), tpr_range=(lo, hi), correct=correct)
    if np.isnan(theirs):
        assert correct and ours < 0.5
    else:
        assert ours == pytest.approx(theirs, abs=1e-12)


# ------------------------------------------------------------------ cost_auc


def cost_line(roc, rho):
    W1, W0 = roc["FN"].iloc[-1], roc["FP"].iloc[0]
    pi = W1 / (W1 + W0)
    return (1 - rho) / rho * (1 - pi) / pi, 1 - (1 - pi) / rho


def clipped_cost_areas(roc, rho):
    """pauc and max_pauc by clipping polygons with the half-plane y >= line(x)."""
    slope, intercept = cost_line(roc, rho)
    above = (-slope, 1.0, -intercept)
    square = [(0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0)]
    return shoelace(clip(auc_polygon(roc), *above)), shoelace(clip(square, *above))


def test_cost_auc_hand_computed_small_curve():
    roc = WeightedROC(*SMALL)  # pi = 1/2
    result = cost_auc(roc)  # rho = 1/2: the line is the diagonal
    assert (result.rho, result.prevalence, result.slope, result.intercept) == (0.5, 0.5, 1, 0)
    assert result.pauc == pytest.approx(7 / 9 - 1 / 2, abs=1e-15)
    assert result.max_pauc == pytest.approx(0.5, abs=1e-15)
    # rho = 1/4: y = 3x - 1, zero until x = 1/3, crossing the curve at x = 5/9.
    result = cost_auc(roc, cost_fn=1, cost_fp=3)
    assert float(Fraction(result.pauc).limit_denominator(1000)) == pytest.approx(8 / 27)
    assert result.pauc == pytest.approx(2 / 9 + 2 / 27, abs=1e-15)
    assert result.max_pauc == pytest.approx(1 / 3 + 1 / 6, abs=1e-15)
    assert result.ratio == pytest.approx(16 / 27, abs=1e-15)


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("rho", [0.05, 0.3, 0.5, 0.62, 0.95])
def test_cost_auc_equals_clipped_polygon_areas(seed, rho):
    roc = WeightedROC(*random_data(seed))
    result = cost_auc(roc, cost_fn=rho * 7, cost_fp=(1 - rho) * 7)
    pauc, max_pauc = clipped_cost_areas(roc, rho)
    assert result.rho == pytest.approx(rho, abs=1e-15)
    assert result.pauc == pytest.approx(pauc, abs=1e-13)
    assert result.max_pauc == pytest.approx(max_pauc, abs=1e-13)


def test_cost_auc_equals_fine_grid_integration():
    roc = WeightedROC(*random_data(4, n=300))
    result = cost_auc(roc, cost_fn=2, cost_fp=1)
    slope, intercept = cost_line(roc, 2 / 3)
    edges = np.linspace(0, 1, 1_000_001)
    x = (edges[1:] + edges[:-1]) / 2
    line = np.maximum(0, slope * x + intercept)
    pauc = np.maximum(0, curve_at(roc, x) - line).sum() / 1_000_000
    max_pauc = np.maximum(0, 1 - line).sum() / 1_000_000
    assert result.pauc == pytest.approx(pauc, abs=1e-8)
    assert result.max_pauc == pytest.approx(max_pauc, abs=1e-8)


def test_cost_auc_of_perfect_and_random_models():
    perfect = WeightedROC([1, 2, 3, 4], [0, 0, 1, 1], [1, 3, 2, 2])
    assert cost_auc(perfect, cost_fp=1, cost_fn=3).ratio == pytest.approx(1, abs=1e-15)
    tied = WeightedROC([1, 1, 1, 1], [0, 0, 1, 1], [1, 3, 2, 2])  # the diagonal, pi = 1/2
    # The line goes through (pi, pi); it is the diagonal only when rho = 1 - pi.
    assert cost_auc(tied, cost_fp=0.5, cost_fn=0.5).pauc == pytest.approx(0, abs=1e-15)
    # rho = 0.2: y = 4x - 1.5, the diagonal is above it up to x = 0.5:
    # 0.375^2 / 2 + the triangle (0.375, 0.375) (0.5, 0.5) (0.375, 0) = 3/32.
    assert cost_auc(tied, cost_fp=0.8, cost_fn=0.2).pauc == pytest.approx(3 / 32, abs=1e-15)
    assert cost_auc(tied, cost_fp=0.2, cost_fn=0.8).pauc == pytest.approx(3 / 32, abs=1e-15)


def test_cost_normalisation_forms_agree():
    roc = WeightedROC(*random_data(5))
    pair = dataclasses.astuple(cost_auc(roc, cost_fn=1, cost_fp=3))
    for other in (
        cost_auc(roc, cost_fn=5, cost_fp=15),
        cost_auc(roc, cost_fn=0.25),
        cost_auc(roc, cost_fp=0.75),
    ):
        assert dataclasses.astuple(other) == pytest.approx(pair, abs=1e-15)


@settings(max_examples=150, deadline=None)
@given(data_strategy, st.floats(0.01, 0.99))
def test_cost_auc_ratio_in_unit_interval_and_equals_clipping(data, rho):
    roc = WeightedROC(*data)
    result = cost_auc(roc, cost_fn=rho, cost_fp=1 - rho)
    assert 0 <= result.ratio <= 1 + 1e-12
    assert 0 < result.max_pauc <= 1
    pauc, max_pauc = clipped_cost_areas(roc, result.rho)
    assert result.pauc == pytest.approx(pauc, abs=1e-12)
    assert result.max_pauc == pytest.approx(max_pauc, abs=1e-12)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"cost_fn": 0, "cost_fp": 1}, ValueError, "cost_fn must be a finite positive"),
        ({"cost_fn": 1, "cost_fp": -2}, ValueError, "cost_fp must be a finite positive"),
        ({"cost_fn": np.inf, "cost_fp": 1}, ValueError, "finite"),
        ({"cost_fn": "1", "cost_fp": 1}, TypeError, "real number"),
        ({"cost_fn": 1.5}, ValueError, r"in \(0, 1\)"),
        ({"cost_fp": 1}, ValueError, r"in \(0, 1\)"),
    ],
)
def test_bad_costs_are_rejected(kwargs, error, match):
    with pytest.raises(error, match=match):
        cost_auc(WeightedROC(*SMALL), **kwargs)


def test_cost_region_shades_exactly_pauc():
    for seed in range(6):
        roc = WeightedROC(*random_data(seed))
        region = cost_region(roc, cost_fn=3, cost_fp=2)
        assert region["FPR"].is_monotonic_increasing
        assert (region["upper"] >= region["lower"]).all()
        shaded = trapezoid(region["upper"] - region["lower"], region["FPR"])
        assert shaded == pytest.approx(cost_auc(roc, cost_fp=2, cost_fn=3).pauc, abs=1e-13)


# rows_integral reads several ends at once (one running sum per row, fancy
# indexing); it must equal the plain one-curve, one-end integral bit for bit.
GRID = st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.5, 0.7, 1.0, 5e-324, 1 - 2**-53])


@st.composite
def curves_and_ends(draw):
    rows, points = draw(st.integers(1, 3)), draw(st.integers(2, 8))
    x = np.sort(np.array(draw(st.lists(GRID, min_size=rows * points, max_size=rows * points))))
    x = np.sort(x.reshape(rows, points), axis=1)
    x[:, 0], x[:, -1] = 0.0, 1.0
    y = np.sort(np.array(draw(st.lists(GRID, min_size=rows * points, max_size=rows * points))))
    y = np.sort(y.reshape(rows, points), axis=1)
    ends = draw(st.lists(GRID | st.floats(0, 1), min_size=1, max_size=3))
    return x, y, ends


@settings(max_examples=300, deadline=None)
@given(curves_and_ends())
def test_rows_integral_is_the_plain_integral_bit_for_bit(case):
    from plain import plain_integral, same_bits

    from weightedroc.curves.areas import rows_integral

    x, y, ends = case
    both = rows_integral(x, y, ends)
    for j, t in enumerate(ends):
        expected = [plain_integral(x[r], y[r], t) for r in range(len(x))]
        assert same_bits(both[:, j], expected)
        assert same_bits(rows_integral(x, y, t), expected)
