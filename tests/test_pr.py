"""weighted_pr and average_precision against scikit-learn and loops."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score, precision_recall_curve

from weightedroc import average_precision, weighted_pr
from weightedroc.datasets import load_asah

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
    # TP = W1 - FN (the cumulated pass) loses about eps * W1 to cancellation.
    np.testing.assert_allclose(pr["precision"], precision, rtol=1e-9, atol=1e-10)
    np.testing.assert_allclose(pr["recall"], recall, rtol=1e-12, atol=1e-14)


@settings(max_examples=100, deadline=None)
@given(data_strategy)
def test_average_precision_equals_sklearn(data):
    guess, label, weight = (np.array(v) for v in data)
    ours = average_precision(guess, label, weight)
    assert ours == pytest.approx(
        average_precision_score(label, guess, sample_weight=weight), rel=1e-10, abs=1e-12
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
