"""threshold_cost, best_threshold, roc_convex_hull, min_risk, isocost_line.

References: loops over the thresholds on the raw arrays, Andrew's
monotone-chain hull, the ROC of PAV-calibrated scores (scikit-learn's
IsotonicRegression), and pROC's coords(roc, "best") through rpy2.
"""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.isotonic import IsotonicRegression

from weightedroc import (
    WeightedAUC,
    WeightedROC,
    best_threshold,
    isocost_line,
    min_risk,
    roc_convex_hull,
    threshold_cost,
)
from weightedroc.datasets import load_asah, load_rocr_simple

SMALL = ([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])


def random_data(seed, n=40, levels=12):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.4
    label[:2] = [False, True]
    guess = rng.integers(0, levels, n) + label * rng.integers(0, 4, n)
    weight = rng.exponential(size=n) + 0.1
    return guess.astype(float), label, weight


def brute_counts(guess, label, weight, threshold):
    """Weighted FN and FP when guess >= threshold is called positive."""
    called = guess >= threshold
    return weight[label & ~called].sum(), weight[~label & called].sum()


data_strategy = st.integers(3, 30).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 6), min_size=n, max_size=n),
        st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.integers(1, 5), min_size=n, max_size=n),
    )
)


# ------------------------------------------------------------ threshold_cost


def test_threshold_cost_of_small_curve():
    table = threshold_cost(WeightedROC(*SMALL), cost_fp=1, cost_fn=5)
    assert table["cost"].tolist() == [3, 2, 7, 5, 15]
    assert list(table.columns) == ["TPR", "FPR", "threshold", "FN", "FP", "cost"]


@pytest.mark.parametrize("seed", range(5))
def test_threshold_cost_equals_loop_over_thresholds(seed):
    guess, label, weight = random_data(seed)
    table = threshold_cost(WeightedROC(guess, label, weight), cost_fp=2.5, cost_fn=7)
    for threshold, cost in zip(table["threshold"], table["cost"]):
        FN, FP = brute_counts(guess, label, weight, threshold)
        assert cost == pytest.approx(2.5 * FP + 7 * FN, rel=1e-13)


def test_threshold_cost_keeps_caller_frame_and_extra_columns():
    roc = WeightedROC(*SMALL).assign(model="a")
    before = roc.copy()
    table = threshold_cost(roc, cost_fp=1, cost_fn=1)
    pd.testing.assert_frame_equal(roc, before)
    assert (table["model"] == "a").all()


@pytest.mark.parametrize(
    "costs, error, match",
    [
        ((-1, 1), ValueError, "cost_fp must be a finite number >= 0"),
        ((1, np.nan), ValueError, "cost_fn must be"),
        ((0, 0), ValueError, "both 0"),
        ((None, 1), TypeError, "cost_fp must be a real number"),
        (([1, 2], 1), TypeError, "cost_fp must be a real number"),
    ],
)
def test_threshold_cost_bad_costs(costs, error, match):
    with pytest.raises(error, match=match):
        threshold_cost(WeightedROC(*SMALL), cost_fp=costs[0], cost_fn=costs[1])


# ------------------------------------------------------------ best_threshold


def brute_best(guess, label, weight, criterion):
    """First threshold (ascending) minimising criterion(TPR, FPR, FN, FP)."""
    thresholds = np.append(np.unique(guess), np.inf)
    W1, W0 = weight[label].sum(), weight[~label].sum()
    values = []
    for t in thresholds:
        FN, FP = brute_counts(guess, label, weight, t)
        values.append(criterion(1 - FN / W1, FP / W0, FN, FP))
    values = np.array(values)
    return thresholds[np.flatnonzero(values <= values.min() * (1 + 1e-12) + 1e-12)[0]]


@pytest.mark.parametrize("seed", range(8))
def test_best_threshold_equals_loop(seed):
    guess, label, weight = random_data(seed)
    roc = WeightedROC(guess, label, weight)
    criteria = {
        "youden": lambda tpr, fpr, fn, fp: fpr - tpr,
        "closest.topleft": lambda tpr, fpr, fn, fp: (1 - tpr) ** 2 + fpr**2,
    }
    for method, criterion in criteria.items():
        row = best_threshold(roc, method)
        assert row["threshold"] == brute_best(guess, label, weight, criterion)
    row = best_threshold(roc, "cost", cost_fp=1, cost_fn=3)
    assert row["threshold"] == brute_best(
        guess, label, weight, lambda tpr, fpr, fn, fp: fp + 3 * fn
    )


def test_best_threshold_row_and_criterion_value():
    roc = WeightedROC(*SMALL)
    row = best_threshold(roc)
    assert row.name == 3 and row["threshold"] == 4
    assert row["youden"] == pytest.approx(1 + 2 / 3, abs=1e-15)  # se + sp, as coords
    row = best_threshold(roc, "closest.topleft")  # (2/3, 1): 4/9; (0, 2/3): 1/9
    assert row["threshold"] == 4 and row["closest.topleft"] == pytest.approx(1 / 9)
    row = best_threshold(roc, "cost", cost_fp=1, cost_fn=5)
    assert row["threshold"] == 2 and row["cost"] == 2


def test_best_threshold_ties_go_to_lowest_threshold():
    # Unit weights: (TPR, FPR) = (1, 1), (1, 1/2), (1/2, 1/2), (1/2, 0), (0, 0)
    # at thresholds 1, 2, 3, 4, inf; Youden ties at 1/2 between 2 and 4.
    roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    youden = (roc["TPR"] - roc["FPR"]).tolist()
    assert youden == [0, 0.5, 0, 0.5, 0]
    assert best_threshold(roc)["threshold"] == 2
    # closest.topleft: 1/4 at both 2 and 4.
    assert best_threshold(roc, "closest.topleft")["threshold"] == 2
    tied = WeightedROC([1, 1], [0, 1], [1, 1])  # cost 1 at threshold 1 and at inf
    assert best_threshold(tied, "cost", cost_fp=1, cost_fn=1)["threshold"] == 1
    assert best_threshold(tied, "cost", cost_fp=1, cost_fn=0.5)["threshold"] == np.inf


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"method": "topleft"}, ValueError, "method must be one of"),
        ({"method": "youden", "cost_fp": 1}, ValueError, "only with method='cost'"),
        ({"method": "cost", "cost_fp": 1}, ValueError, "needs both"),
        ({"method": "cost", "cost_fp": 1, "cost_fn": -1}, ValueError, "cost_fn"),
    ],
)
def test_best_threshold_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        best_threshold(WeightedROC(*SMALL), **kwargs)


def proc_best(guess, label, method):
    """(sensitivity, specificity) rows of pROC's coords(roc, "best")."""
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("pROC")
    if not ok:
        pytest.skip(reason)
    import rpy2.robjects as ro

    function = ro.r("""function(guess, label, method) {
      r <- pROC::roc(label, guess, levels = c(0, 1), direction = "<", quiet = TRUE)
      best <- pROC::coords(r, "best", best.method = method, transpose = FALSE)
      c(best$sensitivity, best$specificity)
    }""")
    result = np.array(
        function(
            ro.FloatVector(np.asarray(guess, dtype=float).tolist()),
            ro.FloatVector(np.asarray(label, dtype=float).tolist()),
            method,
        )
    )
    return result.reshape(2, -1).T


def proc_datasets():
    asah = load_asah()
    poor = (asah["outcome"] == "Poor").to_numpy().astype(float)
    simple = load_rocr_simple()
    rng = np.random.default_rng(0)
    ties = rng.integers(0, 8, 300).astype(float)
    return [
        (asah["s100b"].to_numpy(), poor),
        (asah["ndka"].to_numpy(), poor),
        (asah["wfns"].to_numpy().astype(float), poor),
        (asah["age"].to_numpy().astype(float), poor),
        (simple["predictions"].to_numpy(), simple["labels"].to_numpy().astype(float)),
        (ties, (rng.random(300) < 0.2 + ties / 12).astype(float)),
    ]


@pytest.mark.parametrize("data", range(6))
@pytest.mark.parametrize("method", ["youden", "closest.topleft"])
def test_best_threshold_is_one_of_procs_best(data, method):
    guess, label = proc_datasets()[data]
    theirs = proc_best(guess, label, method)
    row = best_threshold(WeightedROC(guess, label), method)
    distance = np.abs(theirs - [row["TPR"], 1 - row["FPR"]]).max(axis=1)
    assert distance.min() < 1e-12, (theirs, row)


# ---------------------------------------------------------- roc_convex_hull


def monotone_chain_upper(points):
    """Andrew's monotone chain: upper hull from the leftmost to the rightmost point."""
    points = sorted(set(points))
    hull = []
    for p in points:
        while (
            len(hull) >= 2
            and (
                (hull[-1][0] - hull[-2][0]) * (p[1] - hull[-2][1])
                - (hull[-1][1] - hull[-2][1]) * (p[0] - hull[-2][0])
            )
            >= 0
        ):
            hull.pop()
        hull.append(p)
    return hull


def hull_points(roc):
    hull = roc_convex_hull(roc)
    return list(zip(hull["FPR"][::-1], hull["TPR"][::-1]))


def count_points(roc):
    """(FP, TP) weighted counts of each row: the hull does not depend on the scale."""
    return list(zip(roc["FP"], roc["FN"].iloc[-1] - roc["FN"]))


@pytest.mark.parametrize("seed", range(10))
def test_hull_equals_monotone_chain(seed):
    guess, label, weight = random_data(seed, n=60)
    weight = np.round(weight * 4) + 1  # integer weights: exact cross products
    roc = WeightedROC(guess, label, weight)
    hull = roc_convex_hull(roc)
    expected = monotone_chain_upper(count_points(roc))
    assert count_points(hull)[::-1] == expected


def test_hull_rows_are_rows_of_the_curve_in_order():
    roc = WeightedROC(*random_data(2, n=200, levels=100))
    hull = roc_convex_hull(roc)
    pd.testing.assert_frame_equal(hull, roc.loc[hull.index])
    assert hull.index.is_monotonic_increasing
    assert (hull.iloc[0][["FPR", "TPR"]] == 1).all()
    assert (hull.iloc[-1][["FPR", "TPR"]] == 0).all()


def test_hull_of_small_curve():
    hull = roc_convex_hull(WeightedROC(*SMALL))
    assert hull.index.tolist() == [0, 1, 3, 4]


def test_hull_of_large_staircase_equals_monotone_chain():
    # Many vectorised passes then the loop: 20000 distinct unit-weight scores.
    rng = np.random.default_rng(7)
    label = rng.random(20000) < 0.3
    guess = rng.normal(size=20000) + label * 0.8
    roc = WeightedROC(guess, label)
    assert count_points(roc_convex_hull(roc))[::-1] == monotone_chain_upper(count_points(roc))


@pytest.mark.parametrize("seed", range(6))
def test_hull_is_roc_of_pav_calibrated_scores(seed):
    guess, label, weight = random_data(seed, n=80, levels=30)
    calibrated = IsotonicRegression().fit(guess, label, sample_weight=weight).predict(guess)
    pav = WeightedROC(calibrated, label, weight)
    # PAV may leave collinear vertices; their hull drops them.
    expected = hull_points(pav)
    assert np.allclose(hull_points(WeightedROC(guess, label, weight)), expected, rtol=0, atol=1e-12)
    assert WeightedAUC(pav) == pytest.approx(WeightedAUC(roc_convex_hull(pav)), abs=1e-12)


@settings(max_examples=150, deadline=None)
@given(data_strategy)
def test_hull_dominates_curve_and_is_concave(data):
    roc = WeightedROC(*data)
    hull = roc_convex_hull(roc)
    x, y = hull["FPR"].to_numpy()[::-1], hull["TPR"].to_numpy()[::-1]
    assert (np.diff(x) >= 0).all()
    top = np.r_[np.diff(x) > 0, True]  # of a vertical edge, its top
    on_hull = np.interp(roc["FPR"], x[top], y[top])
    assert (roc["TPR"] <= on_hull + 1e-12).all()
    with np.errstate(divide="ignore"):  # the first edge may be vertical
        slopes = np.diff(y) / np.diff(x)
    assert (np.diff(slopes) < 0).all()  # strictly concave: no collinear vertices
    assert WeightedAUC(hull) >= WeightedAUC(roc) - 1e-12


def test_hull_rejects_bad_frames():
    with pytest.raises(ValueError, match="reversed"):
        roc_convex_hull(WeightedROC(*SMALL).iloc[::-1])


# ------------------------------------------------------------------ min_risk


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("p, cost_fn, cost_fp", [(0.5, 1, 1), (0.01, 10, 1), (0.3, 1, 4)])
def test_min_risk_equals_loop(seed, p, cost_fn, cost_fp):
    guess, label, weight = random_data(seed)
    W1, W0 = weight[label].sum(), weight[~label].sum()
    best = None
    for t in np.append(np.unique(guess), np.inf):
        FN, FP = brute_counts(guess, label, weight, t)
        risk = p * FN / W1 * cost_fn + (1 - p) * FP / W0 * cost_fp
        if best is None or risk < best[0] * (1 - 1e-13):
            best = (risk, t)
    result = min_risk(
        WeightedROC(guess, label, weight), prevalence=p, cost_fp=cost_fp, cost_fn=cost_fn
    )
    assert result.risk == pytest.approx(best[0], rel=1e-12)
    assert result.threshold == best[1]
    assert result.trivial_risk == min(p * cost_fn, (1 - p) * cost_fp)
    assert result.trivial_rule == (
        "all negative" if p * cost_fn <= (1 - p) * cost_fp else "all positive"
    )


def test_min_risk_default_prior_is_weighted_error_rate():
    guess, label, weight = random_data(3)
    roc = WeightedROC(guess, label, weight)
    result = min_risk(roc)
    assert result.prevalence == pytest.approx(weight[label].sum() / weight.sum(), rel=1e-15)
    cost = threshold_cost(roc, cost_fp=1, cost_fn=1)
    assert result.risk == pytest.approx(cost["cost"].min() / weight.sum(), rel=1e-12)
    assert result.threshold == best_threshold(roc, "cost", cost_fp=1, cost_fn=1)["threshold"]


def test_min_risk_reports_whether_model_beats_doing_nothing():
    useless = WeightedROC([1, 2, 3, 4], [1, 0, 1, 0])  # below the diagonal
    result = min_risk(useless, prevalence=0.2, cost_fp=1, cost_fn=1)
    assert result.risk == result.trivial_risk == 0.2
    assert result.threshold == np.inf and not result.beats_trivial
    assert result.normalized_risk == 1
    good = min_risk(WeightedROC(*SMALL), prevalence=0.5, cost_fp=1, cost_fn=5)
    assert good.beats_trivial and good.normalized_risk == pytest.approx(2 / 3)


@settings(max_examples=150, deadline=None)
@given(data_strategy, st.floats(0.01, 0.99), st.floats(0.1, 10), st.floats(0.1, 10))
def test_min_risk_is_at_most_trivial_and_on_the_hull(data, p, cost_fn, cost_fp):
    roc = WeightedROC(*data)
    result = min_risk(roc, prevalence=p, cost_fp=cost_fp, cost_fn=cost_fn)
    assert result.risk <= result.trivial_risk * (1 + 1e-12)
    hull = roc_convex_hull(roc).reset_index(drop=True)
    on_hull = min_risk(hull, prevalence=p, cost_fp=cost_fp, cost_fn=cost_fn)
    assert on_hull.risk == pytest.approx(result.risk, rel=1e-12, abs=1e-15)
    # No row of the curve lies above the iso-cost line through the optimum.
    slope = (1 - p) * cost_fp / (p * cost_fn)
    assert (roc["TPR"] <= result.TPR + slope * (roc["FPR"] - result.FPR) + 1e-9).all()


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"prevalence": 0}, ValueError, r"prevalence must be in \(0, 1\)"),
        ({"prevalence": 1.2}, ValueError, r"prevalence must be in \(0, 1\)"),
        ({"prevalence": "0.5"}, TypeError, "prevalence must be a real number"),
        ({"cost_fn": 0}, ValueError, "cost_fn must be a finite positive"),
        ({"cost_fp": -1}, ValueError, "cost_fp must be a finite positive"),
    ],
)
def test_min_risk_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        min_risk(WeightedROC(*SMALL), **kwargs)


# -------------------------------------------------------------- isocost_line


def test_isocost_lines_of_small_example():
    lines = isocost_line(0.5, cost_fp=1, cost_fn=5, point=(2 / 3, 1))
    assert lines["line"].tolist() == ["iso-cost"] * 2 + ["majority"] * 2
    np.testing.assert_allclose(lines["FPR"], [0, 2 / 3, 0, 1], atol=1e-15)
    np.testing.assert_allclose(lines["TPR"], [1 - 0.2 * 2 / 3, 1, 0.8, 1], atol=1e-15)
    np.testing.assert_allclose(lines["risk"], [1 / 3, 1 / 3, 0.5, 0.5], atol=1e-15)


@settings(max_examples=100, deadline=None)
@given(
    st.floats(0.01, 0.99), st.floats(0.1, 10), st.floats(0.1, 10), st.floats(0, 1), st.floats(0, 1)
)
def test_isocost_lines_have_constant_risk_and_stay_in_square(p, cost_fn, cost_fp, x0, y0):
    lines = isocost_line(p, cost_fp=cost_fp, cost_fn=cost_fn, point=(x0, y0))
    risk = p * (1 - lines["TPR"]) * cost_fn + (1 - p) * lines["FPR"] * cost_fp
    np.testing.assert_allclose(risk, lines["risk"], rtol=1e-9, atol=1e-12)
    assert lines[["FPR", "TPR"]].stack().between(-1e-12, 1 + 1e-12).all()
    majority = lines[lines["line"] == "majority"]
    corner = 0.0 if p * cost_fn <= (1 - p) * cost_fp else 1.0
    assert corner in majority["FPR"].tolist() and corner in majority["TPR"].tolist()
    assert majority["risk"].iloc[0] == pytest.approx(min(p * cost_fn, (1 - p) * cost_fp))


def test_min_risk_isocost_lines_go_through_the_optimum():
    result = min_risk(WeightedROC(*random_data(1)), prevalence=0.2, cost_fp=1, cost_fn=3)
    lines = result.isocost_lines()
    iso = lines[lines["line"] == "iso-cost"]
    assert iso["risk"].iloc[0] == pytest.approx(result.risk, rel=1e-12)
    assert np.interp(result.FPR, iso["FPR"], iso["TPR"]) == pytest.approx(result.TPR)


def test_isocost_line_without_point_is_majority_only():
    assert isocost_line(0.1)["line"].tolist() == ["majority", "majority"]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"prevalence": None}, TypeError, "prevalence is required"),
        ({"prevalence": 0.5, "point": (0.5, 2)}, ValueError, "inside the unit square"),
        ({"prevalence": 0.5, "point": 0.5}, TypeError, "pair"),
    ],
)
def test_isocost_line_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        isocost_line(**kwargs)


# ------------------------------------------------------------- one engine


@pytest.mark.parametrize("seed", range(6))
def test_best_threshold_coords_and_min_risk_share_one_engine(seed):
    from weightedroc import coords, measures

    guess, label, weight = random_data(seed)
    roc = WeightedROC(guess, label, weight)
    for method in ("youden", "closest.topleft"):
        row = best_threshold(roc, method)
        first = coords(roc, "best", ret=["threshold", method], best_method=method, ties="first")
        every = coords(roc, "best", ret=["threshold"], best_method=method)
        assert row["threshold"] == first["threshold"][0] == every["threshold"][0]
        # One name, one number: the criterion coords and measures report.
        assert row[method] == first[method][0] == measures(roc, method)[method][row.name]
    # min_risk is pROC's weighted Youden: best.weights = (cost_fn / cost_fp, prevalence).
    risk = min_risk(roc, prevalence=0.3, cost_fp=2, cost_fn=5)
    weighted = coords(roc, "best", ret=["threshold"], best_weights=(2.5, 0.3), ties="first")
    assert risk.threshold == weighted["threshold"][0]


def test_youden_reported_is_se_plus_sp_as_proc():
    roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])  # (TPR, FPR) (1/2, 0) at 4
    row = best_threshold(roc)
    assert row["youden"] == row["TPR"] + (1 - row["FPR"]) == 1.5  # J = 0.5, pROC's 1.5
