"""weighted_pr and average_precision against scikit-learn and loops."""

import numpy as np
import pandas as pd
import pytest
from exact_pr import exact_pr, heavy_tailed, relative_errors
from hardcases import build, recipes
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, precision_recall_curve

from weightedroc import WeightedROC, average_precision, weighted_pr
from weightedroc.datasets import load_asah
from weightedroc.engine.core import cumulate_from_top
from weightedroc.engine.longdouble import CHUNK

# A double's rounding is at most 2**-53 relative: 1.1e-16.  Each of
# precision, recall and AP is a long double quotient rounded once.
ULPS = 4e-16

data_strategy = st.integers(2, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(-5, 5), min_size=n, max_size=n),
        st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
        st.lists(st.floats(0.01, 100), min_size=n, max_size=n),
    )
)


def random_data(seed, n=50):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.3
    label[:2] = [False, True]
    guess = np.round(rng.normal(size=n) + label, 1)
    return guess, label, rng.exponential(size=n) + 0.05


def test_small_curve_by_hand():
    pr = weighted_pr([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    assert list(pr.columns) == ["threshold", "precision", "recall", "TP", "FP"]
    assert pr["threshold"].tolist() == [1, 2, 3, 4, np.inf]
    assert pr["TP"].tolist() == [3, 3, 2, 2, 0]
    assert pr["FP"].tolist() == [3, 2, 2, 0, 0]
    np.testing.assert_allclose(pr["precision"], [1 / 2, 3 / 5, 1 / 2, 1, 1])
    np.testing.assert_allclose(pr["recall"], [1, 1, 2 / 3, 2 / 3, 0])
    # AP = 1/3 * 3/5 + 2/3 * 1
    ap = average_precision([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    assert ap == pytest.approx(13 / 15)


@pytest.mark.parametrize("seed", range(5))
def test_counts_equal_loop_over_thresholds(seed):
    guess, label, weight = random_data(seed)
    pr = weighted_pr(guess, label, weight)
    for row in pr.itertuples():
        called = guess >= row.threshold
        assert row.TP == pytest.approx(weight[label & called].sum(), rel=1e-12, abs=1e-12)
        assert row.FP == pytest.approx(weight[~label & called].sum(), rel=1e-12, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(data_strategy)
def test_curve_equals_sklearn_precision_recall_curve(data):
    guess, label, weight = (np.array(v) for v in data)
    pr = weighted_pr(guess, label, weight)
    precision, recall, thresholds = precision_recall_curve(
        label, guess, sample_weight=weight, drop_intermediate=False
    )
    np.testing.assert_array_equal(pr["threshold"].to_numpy()[:-1], thresholds)
    # scikit-learn's double cumsum is off by at most n rounding errors.
    np.testing.assert_allclose(pr["precision"], precision, rtol=1e-14, atol=0)
    np.testing.assert_allclose(pr["recall"], recall, rtol=1e-14, atol=0)


@settings(max_examples=100, deadline=None)
@given(data_strategy)
def test_average_precision_equals_sklearn(data):
    guess, label, weight = (np.array(v) for v in data)
    ours = average_precision(guess, label, weight)
    assert ours == pytest.approx(
        average_precision_score(label, guess, sample_weight=weight), rel=1e-14, abs=0
    )
    assert 0 < ours <= 1


def test_average_precision_unweighted_and_real_data_equal_sklearn():
    asah = load_asah()
    poor = asah["outcome"] == "Poor"
    for column in ["s100b", "ndka", "wfns", "age"]:
        assert average_precision(asah[column], asah["outcome"]) == pytest.approx(
            average_precision_score(poor, asah[column]), rel=1e-13
        )
    rng = np.random.default_rng(0)
    guess = rng.normal(size=5000)
    label = rng.random(5000) < 0.1 + 0.1 * (guess > 0)
    weight = rng.gamma(2, size=5000)
    assert average_precision(guess, label, weight) == pytest.approx(
        average_precision_score(label, guess, sample_weight=weight), rel=1e-12
    )


def test_integer_weights_equal_repeated_observations():
    guess, label, _ = random_data(3, n=30)
    weight = np.random.default_rng(3).integers(1, 4, 30)
    repeated = weighted_pr(np.repeat(guess, weight), np.repeat(label, weight))
    pd.testing.assert_frame_equal(weighted_pr(guess, label, weight.astype(float)), repeated)


def test_perfect_and_inputs_unchanged():
    guess = np.array([0.1, 0.4, 0.35, 0.8])
    label = pd.Series([0, 0, 1, 1], index=[10, 11, 12, 13])
    before = (guess.copy(), label.copy())
    assert average_precision(guess, label) == pytest.approx(average_precision_score(label, guess))
    np.testing.assert_array_equal(guess, before[0])
    pd.testing.assert_series_equal(label, before[1])
    assert average_precision([1, 2, 3], [0, 1, 1]) == 1


@pytest.mark.parametrize("function", [weighted_pr, average_precision])
@pytest.mark.parametrize(
    "args, error, match",
    [
        (([1, 2], [1, 1]), ValueError, "only one label value"),
        (([1, np.nan], [0, 1]), ValueError, "NA guess"),
        (([1, 2], [0, 1], [1, -1]), ValueError, "weights must be positive"),
        (([1, 2, 3], [0, 1]), ValueError, "length"),
        ((["a", "b"], [0, 1]), TypeError, "numbers"),
    ],
)
def test_bad_inputs(function, args, error, match):
    with pytest.raises(error, match=match):
        function(*args)


def test_heavy_weight_at_the_bottom_loses_no_digits():
    # W1 - FN would give TP = (1e20 + 1) - 1e20 = 0 at the thresholds above
    # the heavy positive; R's FP = W0 - TN is 0 on the second row likewise.
    guess, label, weight = [1, 2, 3, 4], [1, 1, 0, 1], [1e20, 1, 1, 2]
    pr = weighted_pr(guess, label, weight)
    assert pr["TP"].tolist() == [1e20 + 3, 3, 2, 2, 0]
    assert pr["precision"].tolist() == [(1e20 + 3) / (1e20 + 4), 3 / 4, 2 / 3, 1, 1]
    assert pr["recall"].tolist() == [1, 3 / (1e20 + 3), 2 / (1e20 + 3), 2 / (1e20 + 3), 0]
    exact = exact_pr(np.array(guess), np.array(label) == 1, weight)
    assert average_precision(guess, label, weight) == float(exact.average_precision)


def check_against_exact(guess, positive, weight, direction):
    """weighted_pr's precision, recall, TP and average_precision against exact
    fractions, within a few ulps and no worse than scikit-learn's."""
    pr = weighted_pr(guess, positive, weight, direction=direction)
    exact = exact_pr(guess, positive, weight, direction)
    errors = {
        name: relative_errors(pr[name], getattr(exact, name))
        for name in ("precision", "recall", "TP")
    }
    ap = average_precision(guess, positive, weight, direction=direction)
    errors["AP"] = relative_errors([ap], [exact.average_precision])
    bound = dict.fromkeys(errors, ULPS)
    if np.isfinite(guess).all():  # scikit-learn takes finite scores only
        score = -guess if direction == ">" else guess
        # scikit-learn finds its thresholds with np.diff of the scores, which
        # overflows (harmlessly: inf is still nonzero) when they span +-1e308,
        # and its reductions then meet inf - inf
        with np.errstate(over="ignore", invalid="ignore"):
            precision, recall, _ = precision_recall_curve(
                positive, score, sample_weight=weight, drop_intermediate=False
            )
            theirs = average_precision_score(positive, score, sample_weight=weight)
        for name, values, reference in [
            ("precision", precision, exact.precision),
            ("recall", recall, exact.recall),
            ("AP", [theirs], [exact.average_precision]),
        ]:
            bound[name] = max(ULPS, relative_errors(values, reference).max())
        # ~1e-15 apart, unless scikit-learn's own error (its recall steps
        # are differences of rounded ratios) is larger on this case.
        assert ap == pytest.approx(theirs, rel=max(2e-15, bound["AP"] + ULPS), abs=0)
    for name, error in errors.items():
        assert error.max() <= bound[name], (name, error.max(), bound[name])
    return errors


@pytest.mark.parametrize("direction", ["<", ">"])
def test_heavy_tailed_weights_exact_within_ulps(direction):
    rng = np.random.default_rng(20 if direction == "<" else 21)
    for _ in range(150):
        check_against_exact(*heavy_tailed(rng), direction)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 80).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(-4, 4), min_size=n, max_size=n),
            st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < len(y)),
            st.lists(st.floats(-40, 40), min_size=n, max_size=n),
        )
    ),
    st.sampled_from(["<", ">"]),
)
def test_tied_guesses_weights_over_80_orders_exact_within_ulps(data, direction):
    guess, positive, log_weight = (np.array(v) for v in data)
    check_against_exact(guess.astype(float), positive, 10.0**log_weight, direction)


@settings(max_examples=40, deadline=None)
@given(recipes(max_segment=150), st.sampled_from(["<", ">"]))
def test_hard_cases_exact_and_r_columns_keep_r_bits(recipe, direction):
    guess, positive, weight = build(recipe)
    check_against_exact(guess, positive, weight, direction)
    pr = weighted_pr(guess, positive, weight, direction=direction)
    roc = WeightedROC(guess, positive, weight, direction=direction)
    np.testing.assert_array_equal(pr["threshold"], roc["threshold"])
    np.testing.assert_array_equal(pr["FP"], roc["FP"])


@pytest.mark.parametrize("weighted", [True, False])
@pytest.mark.parametrize("direction", ["<", ">"])
def test_from_top_sums_in_chunks_equal_one_long_double_cumsum(weighted, direction):
    # Several chunks, two threads: the same bits as one plain cumsum down
    # the stably sorted observations, read at each run's first (top) one.
    rng = np.random.default_rng(7)
    n = 3 * CHUNK + 5
    guess = np.round(rng.normal(size=n), 3)
    positive = rng.random(n) < 0.4
    weight = rng.lognormal(0, 4, n) if weighted else None
    top = cumulate_from_top(guess, positive, weight, direction=direction)
    score = -guess if direction == ">" else guess
    order = np.argsort(score, kind="stable")
    down = order[::-1]
    w = np.ones(n) if weight is None else weight
    sorted_score = score[down]
    last_of_run = np.flatnonzero(np.r_[sorted_score[1:] != sorted_score[:-1], True])
    for tag, sums in ((positive, top.TP), (~positive, top.FP)):
        running = np.cumsum((w * tag)[down].astype(np.longdouble))
        expected = np.r_[running[last_of_run][::-1], np.longdouble(0)]
        np.testing.assert_array_equal(sums, expected)
