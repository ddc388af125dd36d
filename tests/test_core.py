"""The sorted, cumulated pass: R's order() and R's long double cumsum."""

import numpy as np
import pandas as pd
import pytest

from weightedroc import WeightedROC, auc_score
from weightedroc.core import SMALL, cumulate, stable_order
from weightedroc.longdouble import cumsum_at, masked_cumsum_at, rsum
from weightedroc.threads import LARGE

rng = np.random.default_rng(20201)
N = 3 * SMALL  # large enough for the packed-key sort


@pytest.mark.parametrize("guess", [
    rng.random(N),
    rng.normal(size=N) * 1e10,
    rng.integers(0, 7, N).astype(float),
    np.round(rng.normal(size=N), 2),
    # values differing only in the last bits: every bucket collides
    1 + rng.integers(0, 1 << 12, N) * 2.0 ** -52,
    # many near-equal runs inside otherwise spread values
    np.repeat(rng.random(N // 8), 8) + rng.integers(0, 3, N) * 2.0 ** -50,
    np.where(rng.random(N) < 0.5, -0.0, 0.0),
    np.concatenate([rng.random(N - 6), [np.inf, -np.inf, np.inf, -np.inf, -0.0, 0.0]]),
    np.array([-np.inf, np.inf] * (N // 2)),
    np.arange(N, 0, -1, dtype=float),
], ids=["uniform", "wide normal", "7 ties", "rounded", "last bits", "near runs",
        "signed zeros", "infinities", "only infinities", "descending"])
def test_stable_order_is_numpys_stable_argsort(guess):
    tag = rng.random(len(guess)) < 0.5
    weight = rng.random(len(guess))
    expected = np.argsort(guess, kind="stable")
    for given_tag, given_weight in ((None, None), (tag, weight)):
        order, sorted_guess, sorted_tag, sorted_weight = stable_order(
            guess, given_tag, given_weight)
        np.testing.assert_array_equal(order, expected)
        assert np.array_equal(np.signbit(sorted_guess), np.signbit(guess[expected]))
        np.testing.assert_array_equal(sorted_guess, guess[expected])
        if given_tag is not None:
            np.testing.assert_array_equal(sorted_tag, tag[expected])
            np.testing.assert_array_equal(sorted_weight, weight[expected])


def test_cumsum_at_is_the_sequential_long_double_cumsum():
    values = rng.exponential(size=300_001) * 10.0 ** rng.uniform(-8, 8, 300_001)
    positions = np.unique(rng.integers(0, len(values), 5000))
    full = np.cumsum(values.astype(np.longdouble)).astype(np.float64)
    np.testing.assert_array_equal(cumsum_at(values, positions), full[positions])
    assert (np.cumsum(values)[positions] != full[positions]).any()  # float64 is not R


@pytest.mark.parametrize("invert", [False, True])
def test_masked_cumsum_at_adds_only_the_selected_values(invert):
    values = rng.exponential(size=200_003) * 10.0 ** rng.uniform(-8, 8, 200_003)
    mask = rng.random(len(values)) < 0.3
    positions = np.unique(rng.integers(0, len(values), 20000))
    selected = np.where(mask != invert, values, 0.0).astype(np.longdouble)
    expected = np.cumsum(selected).astype(np.float64)[positions]
    np.testing.assert_array_equal(masked_cumsum_at(values, mask, positions, invert), expected)
    np.testing.assert_array_equal(cumsum_at(np.where(mask != invert, values, 0.0), positions),
                                  expected)


def test_cumsum_at_minus_one_means_nothing_summed_yet():
    np.testing.assert_array_equal(cumsum_at(np.array([2.0, 3.0]), np.array([-1, -1, 0, 1])),
                                  [0, 0, 2, 5])


def test_rsum_adds_in_order_not_pairwise():
    values = np.array([1.0, 2.0 ** -64, 2.0 ** -64, 2.0 ** -64, 2.0 ** -64] * 3)
    sequential = np.longdouble(0)
    for v in values:
        sequential += np.longdouble(v)
    assert rsum(values) == float(sequential)
    assert rsum(np.array([])) == 0.0


def test_cumulate_counts_are_r_rows():
    counts = cumulate([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    np.testing.assert_array_equal(counts.threshold, [1, 2, 3, np.inf])
    np.testing.assert_array_equal(counts.FN, [0, 9, 9, 10])
    np.testing.assert_array_equal(counts.TN, [0, 1, 2, 2])
    np.testing.assert_array_equal(counts.TP, [10, 1, 1, 0])
    np.testing.assert_array_equal(counts.FP, [2, 1, 0, 0])
    assert (counts.total_pos, counts.total_neg) == (10, 2)


def test_large_weighted_input_matches_a_plain_long_double_computation():
    guess = np.round(rng.random(N), 3)
    label = rng.random(N) < 0.3
    weight = rng.exponential(size=N)
    order = np.argsort(guess, kind="stable")
    cum = {k: np.cumsum(np.where(label[order] == k, weight[order], 0).astype(np.longdouble))
           for k in (True, False)}
    ends = np.flatnonzero(np.append(np.diff(guess[order]) != 0, True))
    counts = cumulate(guess, label, weight)
    np.testing.assert_array_equal(counts.FN[1:], cum[True][ends].astype(float))
    np.testing.assert_array_equal(counts.TN[1:], cum[False][ends].astype(float))


def test_two_threads_give_the_same_bits_as_one(monkeypatch):
    n = LARGE + 12345
    guess = np.round(rng.normal(size=n), 4)
    label = rng.random(n) < 0.4
    weight = rng.exponential(size=n) * 10.0 ** rng.uniform(-5, 5, n)
    threaded = WeightedROC(guess, label, weight), auc_score(guess, label, weight)
    monkeypatch.setenv("WEIGHTEDROC_THREADS", "1")
    single = WeightedROC(guess, label, weight), auc_score(guess, label, weight)
    pd.testing.assert_frame_equal(threaded[0], single[0], check_exact=True)
    assert threaded[1] == single[1]
    order = np.argsort(guess, kind="stable")
    FN = np.cumsum(np.where(label[order], weight[order], 0).astype(np.longdouble))
    ends = np.flatnonzero(np.append(np.diff(guess[order]) != 0, True))
    np.testing.assert_array_equal(threaded[0].FN[1:], FN[ends].astype(float))


def test_a_start_continues_the_sums_of_the_rows_before_exactly():
    guess = np.round(rng.random(5000), 2)
    label = rng.random(5000) < 0.4
    weight = rng.exponential(size=5000) * 10.0 ** rng.uniform(-6, 6, 5000)
    whole = cumulate(guess, label, weight)
    low = guess < 0.5
    first = cumulate(guess[low], label[low], weight[low])
    # R's running sums where the low rows end, kept in long double
    order = np.argsort(guess[low], kind="stable")
    start = tuple(np.cumsum(np.where(label[low][order] == k, weight[low][order], 0)
                            .astype(np.longdouble))[-1] for k in (True, False))
    second = cumulate(guess[~low], label[~low], weight[~low], start=start)
    rows = len(first.threshold) - 1  # the first part's finite rows
    np.testing.assert_array_equal(second.FN, whole.FN[rows:])
    np.testing.assert_array_equal(second.TN, whole.TN[rows:])
    np.testing.assert_array_equal(second.threshold, whole.threshold[rows:])
