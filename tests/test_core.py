"""The sorted, cumulated pass: R's order() and R's long double cumsum."""

import sys
import threading
import time

import numpy as np
import pandas as pd
import pytest

from weightedroc import WeightedROC, auc_score
from weightedroc.engine.core import SMALL, cumulate, stable_order
from weightedroc.engine.longdouble import CHUNK, cumsum_where, rsum, running_sum
from weightedroc.engine.threads import LARGE

rng = np.random.default_rng(20201)
N = 3 * SMALL  # large enough for the packed-key sort


@pytest.mark.parametrize(
    "guess",
    [
        rng.random(N),
        rng.normal(size=N) * 1e10,
        rng.integers(0, 7, N).astype(float),
        np.round(rng.normal(size=N), 2),
        # values differing only in the last bits: every bucket collides
        1 + rng.integers(0, 1 << 12, N) * 2.0**-52,
        # many near-equal runs inside otherwise spread values
        np.repeat(rng.random(N // 8), 8) + rng.integers(0, 3, N) * 2.0**-50,
        np.where(rng.random(N) < 0.5, -0.0, 0.0),
        np.concatenate([rng.random(N - 6), [np.inf, -np.inf, np.inf, -np.inf, -0.0, 0.0]]),
        np.array([-np.inf, np.inf] * (N // 2)),
        np.arange(N, 0, -1, dtype=float),
    ],
    ids=[
        "uniform",
        "wide normal",
        "7 ties",
        "rounded",
        "last bits",
        "near runs",
        "signed zeros",
        "infinities",
        "only infinities",
        "descending",
    ],
)
def test_stable_order_is_numpys_stable_argsort(guess):
    _check_stable_order(guess)


def _check_stable_order(guess):
    tag = rng.random(len(guess)) < 0.5
    weight = rng.random(len(guess))
    expected = np.argsort(guess, kind="stable")
    for given_tag, given_weight in ((None, None), (tag, weight)):
        order, sorted_guess, sorted_tag, sorted_weight = stable_order(
            guess, given_tag, given_weight
        )
        np.testing.assert_array_equal(order, expected)
        assert np.array_equal(np.signbit(sorted_guess), np.signbit(guess[expected]))
        np.testing.assert_array_equal(sorted_guess, guess[expected])
        if given_tag is not None:
            np.testing.assert_array_equal(sorted_tag, tag[expected])
            np.testing.assert_array_equal(sorted_weight, weight[expected])


def _at(size, count):
    at = np.zeros(size, dtype=bool)
    at[rng.integers(0, size, count)] = True
    return at


def test_cumsum_where_is_the_sequential_long_double_cumsum():
    values = rng.exponential(size=300_001) * 10.0 ** rng.uniform(-8, 8, 300_001)
    at = _at(len(values), 5000)
    full = np.cumsum(values.astype(np.longdouble)).astype(np.float64)
    np.testing.assert_array_equal(cumsum_where(values, at), full[at])
    assert (np.cumsum(values)[at] != full[at]).any()  # float64 is not R


@pytest.mark.parametrize("invert", [False, True])
def test_cumsum_where_adds_only_the_selected_values(invert):
    values = rng.exponential(size=200_003) * 10.0 ** rng.uniform(-8, 8, 200_003)
    mask = rng.random(len(values)) < 0.3
    at = _at(len(values), 20000)
    selected = np.where(mask != invert, values, 0.0).astype(np.longdouble)
    expected = np.cumsum(selected).astype(np.float64)[at]
    np.testing.assert_array_equal(cumsum_where(values, at, mask, invert), expected)
    # unit weights: the running counts of the selected observations
    np.testing.assert_array_equal(
        cumsum_where(None, at, mask, invert), np.cumsum(mask != invert)[at]
    )


def test_cumsum_where_starts_from_a_long_double_and_fills_out():
    values = np.array([1.0, 2.0**-60, 3.0])
    start = np.longdouble(2.0**62) + np.longdouble(1.0)  # not a double
    out = np.zeros(2)
    result = cumsum_where(values, np.array([True, False, True]), start=start, out=out)
    assert result is out
    expected = np.cumsum(np.array([start, *values], dtype=np.longdouble))[[1, 3]]
    np.testing.assert_array_equal(out, expected.astype(np.float64))


def test_unit_weight_counts_start_from_the_rows_before():
    at = np.array([True, False, True, True])
    mask = np.array([True, True, False, True])
    np.testing.assert_array_equal(cumsum_where(None, at), [1, 3, 4])
    np.testing.assert_array_equal(cumsum_where(None, at, mask, True, np.longdouble(5)), [5, 6, 6])
    np.testing.assert_array_equal(cumsum_where(None, at, mask, start=0.5), [1.5, 2.5, 3.5])


def test_running_sum_carries_across_chunks():
    values = rng.exponential(size=3 * CHUNK + 7) * 10.0 ** rng.uniform(-8, 8, 3 * CHUNK + 7)
    expected = np.cumsum(np.concatenate([[0.5], values]).astype(np.longdouble))[-1]
    assert running_sum(values, 0.5) == expected


def test_running_sum_adds_in_order_within_and_across_chunks():
    values = np.tile([1.0, 2.0**-64, 2.0**-64, 2.0**-64], CHUNK // 2 + 3)
    # In order each 2**-64 is lost against the sum (half an ulp, to even);
    # pairwise or blocked sums would add them up first.
    assert running_sum(values) == len(values) // 4
    assert running_sum(values, 2.0**-64) == len(values) // 4


def test_rsum_adds_in_order_not_pairwise():
    values = np.array([1.0, 2.0**-64, 2.0**-64, 2.0**-64, 2.0**-64] * 3)
    sequential = np.longdouble(0)
    for v in values:
        sequential += np.longdouble(v)
    assert rsum(values) == float(sequential)
    assert rsum(np.array([])) == 0.0


def _some_near_pairs(n):
    """Uniform guesses, a tenth of them a few ulps above another guess."""
    guess = rng.random(n)
    near = rng.choice(n, n // 10, replace=False)
    guess[near] = guess[rng.integers(0, n, len(near))] + rng.integers(-2, 3, len(near)) * 2.0**-52
    return guess


def _a_near_cluster(n):
    """Uniform guesses and 1000 that differ only in their last bits."""
    guess = rng.random(n)
    guess[rng.choice(n, 1000, replace=False)] = 0.75 + rng.integers(0, 64, 1000) * 2.0**-53
    return guess


@pytest.mark.parametrize(
    "kind", ["uniform", "some near pairs", "a near cluster", "near runs", "last bits"]
)
def test_stable_order_across_chunks(kind):
    n = 2 * CHUNK + 1001
    guess = {
        "uniform": rng.random(n),
        "some near pairs": _some_near_pairs(n),
        "a near cluster": _a_near_cluster(n),
        "near runs": np.repeat(rng.random(n // 100 + 1), 100)[:n]
        + rng.integers(0, 3, n) * 2.0**-50,
        "last bits": 1 + rng.integers(0, 1 << 20, n) * 2.0**-52,
    }[kind]
    _check_stable_order(guess)


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
    cum = {
        k: np.cumsum(np.where(label[order] == k, weight[order], 0).astype(np.longdouble))
        for k in (True, False)
    }
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


def _join_prefault_threads():
    for thread in threading.enumerate():
        if thread.name == "weightedroc-prefault":
            thread.join()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="MADV_POPULATE_WRITE is Linux's")
def test_prefault_maps_pages_without_changing_what_is_written():
    from weightedroc.engine import threads

    values = np.empty(3 * LARGE + 7)
    values[: LARGE + 3] = np.arange(LARGE + 3)  # written before: must survive
    threads.prefault(values[5:])
    values[LARGE + 3 :] = -np.arange(2 * LARGE + 4)  # written while it runs
    _join_prefault_threads()
    expected = np.concatenate([np.arange(LARGE + 3), -np.arange(2 * LARGE + 4)])
    np.testing.assert_array_equal(values, expected)


@pytest.mark.parametrize("decimals", [None, 3])
def test_rows_written_while_their_pages_are_mapped_in_the_background_are_exact(
    monkeypatch, decimals
):
    from weightedroc.engine import threads

    madvise = threads._madvise()
    if madvise is None:
        pytest.skip("no madvise here: nothing runs in the background")

    def slow_madvise(*args):
        time.sleep(0.01)  # still mapping pages while the keys sort, gather and sum
        return madvise(*args)

    monkeypatch.setattr(threads, "_madvise", lambda: slow_madvise)
    monkeypatch.setattr(threads, "_STEP", 1 << 16)
    n = LARGE + 4321
    guess = rng.random(n) if decimals is None else np.round(rng.random(n), decimals)
    label = rng.random(n) < 0.4
    weight = rng.exponential(size=n)
    counts = cumulate(guess, label, weight)
    assert decimals or any(t.name == "weightedroc-prefault" for t in threading.enumerate())
    order = np.argsort(guess, kind="stable")
    ends = np.flatnonzero(np.append(np.diff(guess[order]) != 0, True))
    FN = np.cumsum(np.where(label[order], weight[order], 0).astype(np.longdouble))
    TN = np.cumsum(np.where(label[order], 0, weight[order]).astype(np.longdouble))
    np.testing.assert_array_equal(counts.threshold[:-1], guess[order][ends])
    np.testing.assert_array_equal(counts.FN[1:], FN[ends].astype(float))
    np.testing.assert_array_equal(counts.TN[1:], TN[ends].astype(float))
    _join_prefault_threads()


def test_a_start_continues_the_sums_of_the_rows_before_exactly():
    guess = np.round(rng.random(5000), 2)
    label = rng.random(5000) < 0.4
    weight = rng.exponential(size=5000) * 10.0 ** rng.uniform(-6, 6, 5000)
    whole = cumulate(guess, label, weight)
    low = guess < 0.5
    first = cumulate(guess[low], label[low], weight[low])
    # R's running sums where the low rows end, kept in long double
    order = np.argsort(guess[low], kind="stable")
    start = tuple(
        np.cumsum(np.where(label[low][order] == k, weight[low][order], 0).astype(np.longdouble))[-1]
        for k in (True, False)
    )
    second = cumulate(guess[~low], label[~low], weight[~low], start=start)
    rows = len(first.threshold) - 1  # the first part's finite rows
    np.testing.assert_array_equal(second.FN, whole.FN[rows:])
    np.testing.assert_array_equal(second.TN, whole.TN[rows:])
    np.testing.assert_array_equal(second.threshold, whole.threshold[rows:])
