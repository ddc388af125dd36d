"""Properties of the weighted curve and AUC, checked with hypothesis against
brute-force computations straight from the definition."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weightedroc import WeightedAUC, WeightedROC, auc_score

settings.register_profile("weightedroc", max_examples=150, deadline=None)
settings.load_profile("weightedroc")


@st.composite
def problems(draw, max_n=30, unit=False, integer=False):
    """(guess, label, weight): both classes present, ties likely."""
    n = draw(st.integers(2, max_n))
    label = draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < n))
    values = st.sampled_from([-2.5, -1.0, 0.0, 0.5, 1.0, 3.0]) | st.floats(-1e6, 1e6)
    guess = draw(st.lists(values, min_size=n, max_size=n))
    if unit:
        weight = np.ones(n)
    elif integer:
        weight = np.array(draw(st.lists(st.integers(1, 9), min_size=n, max_size=n)), float)
    else:
        weight = np.array(draw(st.lists(st.floats(1e-3, 1e3), min_size=n, max_size=n)))
    return np.array(guess), np.array(label), weight


def brute_force_curve(guess, label, weight):
    """FN(t), FP(t) for t in the distinct guesses and inf, by the definition."""
    thresholds = np.append(np.unique(guess), np.inf)
    FN = [weight[label & (guess < t)].sum() for t in thresholds]
    FP = [weight[~label & (guess >= t)].sum() for t in thresholds]
    return thresholds, np.array(FN), np.array(FP)


def mann_whitney(guess, label, weight):
    """P(positive scores higher), ties counting one half, weighted."""
    pos, neg = guess[label], guess[~label]
    pair = np.outer(weight[label], weight[~label])
    wins = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    return (pair * wins).sum() / pair.sum()


@given(problems())
def test_curve_matches_the_definition(problem):
    guess, label, weight = problem
    thresholds, FN, FP = brute_force_curve(guess, label, weight)
    tp_fp = WeightedROC(guess, label, weight)
    np.testing.assert_array_equal(tp_fp.threshold, thresholds)
    np.testing.assert_allclose(tp_fp.FN, FN, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(tp_fp.FP, FP, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(tp_fp.TPR, 1 - FN / weight[label].sum(), atol=1e-12)
    np.testing.assert_allclose(tp_fp.FPR, FP / weight[~label].sum(), atol=1e-12)


@given(problems(unit=True))
def test_unit_weight_counts_are_exact(problem):
    guess, label, weight = problem
    _, FN, FP = brute_force_curve(guess, label, weight)
    tp_fp = WeightedROC(guess, label)
    np.testing.assert_array_equal(tp_fp.FN, FN)
    np.testing.assert_array_equal(tp_fp.FP, FP)


@given(problems())
def test_auc_is_the_weighted_mann_whitney_statistic(problem):
    auc = WeightedAUC(WeightedROC(*problem))
    assert 0 <= auc <= 1
    assert auc == pytest.approx(mann_whitney(*problem), rel=1e-9, abs=1e-12)
    assert auc_score(*problem) == auc


@given(problems())
def test_rates_go_from_one_one_down_to_zero_zero(problem):
    tp_fp = WeightedROC(*problem)
    assert (np.diff(tp_fp.TPR) <= 0).all() and (np.diff(tp_fp.FPR) <= 0).all()
    assert (tp_fp.TPR.iloc[0], tp_fp.FPR.iloc[0]) == (1, 1)
    assert (tp_fp.TPR.iloc[-1], tp_fp.FPR.iloc[-1]) == (0, 0)


@given(problems(), st.randoms(use_true_random=False))
def test_permuting_observations_changes_nothing(problem, random):
    guess, label, weight = problem
    p = np.array(random.sample(range(len(guess)), len(guess)))
    before, after = WeightedROC(guess, label, weight), WeightedROC(guess[p], label[p], weight[p])
    # Only the order of long double sums within ties can move the last bits.
    np.testing.assert_allclose(after.to_numpy(), before.to_numpy(), rtol=1e-15, atol=1e-15)


@given(problems(unit=True), st.randoms(use_true_random=False))
def test_permuting_unit_weight_observations_is_exact(problem, random):
    guess, label, _ = problem
    p = np.array(random.sample(range(len(guess)), len(guess)))
    np.testing.assert_array_equal(WeightedROC(guess[p], label[p]), WeightedROC(guess, label))


@given(problems(), st.sampled_from([0.25, 2.0, 1024.0]), st.floats(1e-3, 1e3))
def test_scaling_all_weights_keeps_the_rates(problem, power_of_two, factor):
    guess, label, weight = problem
    before = WeightedROC(guess, label, weight)
    exact = WeightedROC(guess, label, weight * power_of_two)  # exact in binary
    np.testing.assert_array_equal(exact[["TPR", "FPR"]], before[["TPR", "FPR"]])
    np.testing.assert_array_equal(exact.FN, before.FN * power_of_two)
    scaled = WeightedROC(guess, label, weight * factor)
    np.testing.assert_allclose(
        scaled[["TPR", "FPR"]], before[["TPR", "FPR"]], rtol=1e-12, atol=1e-12
    )


@given(problems(integer=True), st.data())
def test_a_weight_of_two_equals_two_copies(problem, data):
    guess, label, weight = problem
    i = data.draw(st.integers(0, len(guess) - 1))
    doubled = weight.copy()
    doubled[i] *= 2
    copies = [np.append(x, x[i]) for x in (guess, label, weight)]
    np.testing.assert_array_equal(WeightedROC(guess, label, doubled), WeightedROC(*copies))


@given(problems())
def test_swapping_labels_and_negating_guesses_mirrors_the_curve(problem):
    guess, label, weight = problem
    curve = WeightedROC(guess, label, weight)
    mirror = WeightedROC(-guess, ~label, weight)
    # Row i of the mirror is row (m - i) of the curve reflected through (1/2, 1/2).
    np.testing.assert_allclose(mirror.FPR[::-1], 1 - curve.TPR, atol=1e-12)
    np.testing.assert_allclose(mirror.TPR[::-1], 1 - curve.FPR, atol=1e-12)
    assert WeightedAUC(mirror) == pytest.approx(WeightedAUC(curve), abs=1e-12)
