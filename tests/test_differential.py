"""Every fast path against the plain algorithm (tests/plain.py), bit for bit,
on adversarial recipes (tests/hardcases.py) that hypothesis searches."""

import numpy as np
import pandas as pd
import pytest
from hardcases import THRESHOLD_SIZES, build, chain, recipes
from hypothesis import HealthCheck, given, settings
from plain import first_difference, plain_auc, plain_roc, same_bits

from weightedroc import WeightedROC, auc_score, auc_table, roc_table
from weightedroc.curves.roc import curve_frame
from weightedroc.engine.core import cumulate, stable_order

SLOW = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def check_against_plain(guess, positive, weight, **options):
    """WeightedROC, auc_score and direction='>' equal the plain algorithm;
    the caller's arrays are left as they were."""
    copies = [None if a is None else a.copy() for a in (guess, positive, weight)]
    labels = np.where(positive, 1, -1)
    expected = plain_roc(guess, positive, weight)
    frame = WeightedROC(guess, labels, weight, **options)
    assert first_difference(frame, expected) is None, first_difference(frame, expected)
    area = auc_score(guess, labels, weight, **options)
    assert same_bits(area, plain_auc(expected[0], expected[1])), (area, plain_auc(*expected[:2]))
    flipped = curve_frame(cumulate(guess, labels, weight, direction=">", **options))
    negated = plain_roc(-guess, positive, weight)
    assert first_difference(flipped.assign(threshold=-flipped.threshold), negated) is None
    for given_array, copy in zip((guess, positive, weight), copies):
        assert copy is None or same_bits(given_array, copy) or np.array_equal(given_array, copy)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes())
def test_every_path_equals_the_plain_algorithm(recipe):
    check_against_plain(*build(recipe))


@SLOW
@given(recipes(max_segment=3000, sizes=THRESHOLD_SIZES))
def test_sizes_at_internal_thresholds_equal_the_plain_algorithm(recipe):
    check_against_plain(*build(recipe))


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(recipes(max_segment=3000, sizes=[(1 << 16) + 1, 3 << 16]))
def test_one_thread_gives_the_bits_of_two(recipe):
    guess, positive, weight = build(recipe)
    labels = np.where(positive, 1, -1)
    two = WeightedROC(guess, labels, weight)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WEIGHTEDROC_THREADS", "1")
        one = WeightedROC(guess, labels, weight)
        one_auc = auc_score(guess, labels, weight)
    assert first_difference(two, [one[c].to_numpy() for c in two.columns]) is None
    assert same_bits(one_auc, auc_score(guess, labels, weight))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes(max_segment=800))
def test_stable_order_is_a_stable_argsort(recipe):
    guess, positive, weight = build(recipe)
    weight = np.ones(len(guess)) if weight is None else weight
    expected = np.argsort(guess, kind="stable")
    order, sorted_guess, sorted_tag, sorted_weight = stable_order(guess, positive, weight)
    np.testing.assert_array_equal(order, expected)
    assert same_bits(sorted_guess, guess[expected])
    np.testing.assert_array_equal(sorted_tag, positive[expected])
    assert same_bits(sorted_weight, weight[expected])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes(max_segment=400))
def test_roc_table_groups_equal_the_plain_algorithm_per_group(recipe):
    guess, positive, weight = build(recipe)
    rng = np.random.default_rng(recipe["seed"])
    group = rng.integers(0, 3, len(guess))
    data = pd.DataFrame({"g": guess, "y": np.where(positive, 1, -1), "m": group})
    if weight is not None:
        data["w"] = weight
    usable = [
        k
        for k in range(3)
        if (group == k).any() and 0 < positive[group == k].sum() < (group == k).sum()
    ]
    data = data[np.isin(group, usable)]
    if data.empty:
        return
    wname = None if weight is None else "w"
    table = roc_table(data, "g", "y", wname, by="m")
    areas = auc_table(data, "g", "y", wname, by="m").set_index("m")["auc"]
    for k in usable:
        rows = data[data.m == k]
        expected = plain_roc(
            rows.g.to_numpy(), rows.y.to_numpy() == 1, None if weight is None else rows.w.to_numpy()
        )
        assert first_difference(table[table.m == k], expected) is None
        assert same_bits(areas[k], plain_auc(expected[0], expected[1]))


# Regressions: the bucket repair of the packed-key sort once probed outside
# the array when adjacent doubles came in descending order at either end.
LABELS = np.random.default_rng(0).choice([True, False], 302)


@pytest.mark.parametrize(
    "guess",
    [
        np.r_[np.random.default_rng(0).random(300) * 0.9, 1 - 2**-53, 1 - 2**-52],
        np.r_[
            np.nextafter(-1.7976931348623157e308, 0),
            -1.7976931348623157e308,
            np.random.default_rng(0).normal(size=300),
        ],
    ],
    ids=["near 1 at the top", "near -max at the bottom"],
)
def test_adjacent_doubles_at_the_ends_regression(guess):
    check_against_plain(guess, LABELS[: len(guess)], None)
    check_against_plain(guess, LABELS[: len(guess)], np.linspace(1, 2, len(guess)))


@pytest.mark.parametrize("seed", range(40))
def test_saturated_sigmoid_scores(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(256, 5000))
    guess = 1 / (1 + np.exp(-rng.normal(size=n) * 40))  # many at or next to 0 and 1
    check_against_plain(guess, rng.random(n) < 0.3, rng.random(n) + 0.5)


@pytest.mark.parametrize("n", [256, 1024, 65539])
def test_signed_zeros_among_negative_guesses(n):
    rng = np.random.default_rng(n)
    guess = rng.choice(np.r_[0.0, -0.0, -rng.random(5), -chain(1e-300, 5)], n)
    check_against_plain(guess, rng.random(n) < 0.5, None)
    check_against_plain(guess, rng.random(n) < 0.5, rng.integers(1, 4, n).astype(float))


@pytest.mark.parametrize("walk", [0, 1, 8, 10_000])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipe=recipes(max_segment=300))
def test_bucket_runs_are_the_whole_runs_however_far_walked(recipe, walk):
    """The repair's run bounds (walked, then binary-searched) against a scan
    of every position's bucket."""
    import weightedroc.engine.core as core

    guess, positive, _ = build(recipe)
    if len(guess) < 2:
        return
    shift = np.uint64(int(len(guess) - 1).bit_length() + 1)
    keys = core._packed_keys(guess, positive, shift, np.empty(len(guess)))
    keys.sort()
    core._unpack(keys, shift, 1)
    sorted_guess = guess[keys.view(np.int64)]
    wrong = np.flatnonzero(sorted_guess[1:] < sorted_guess[:-1])
    if not len(wrong):
        return
    bucket = core._sortable_keys(sorted_guess) >> shift
    expected = sorted(
        {
            (
                int(np.flatnonzero(bucket == bucket[w])[0]),
                int(np.flatnonzero(bucket == bucket[w])[-1]) + 1,
            )
            for w in wrong
        }
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(core, "WALK", walk)
        start, stop = core._bucket_runs(sorted_guess, shift, wrong)
    assert list(zip(start.tolist(), stop.tolist())) == expected
