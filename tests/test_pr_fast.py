"""The precision-recall fast paths against their plain references, bit for
bit, on hard cases: the one sort of the PR intervals (the engine's packed-key
stable order) and the interpolated area computed on rising segments only."""

import numpy as np
from hardcases import build, recipes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plain import plain_interpolated_area, plain_pr_sort

from weightedroc.curves.pr_interpolated import from_zero, interpolated_area
from weightedroc.engine.counts import counts_of
from weightedroc.inference.pr_influence import sort_rows

HARD = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def usable(recipe):
    guess, positive, weight = build(recipe)
    return guess, positive, (np.ones(len(guess)) if weight is None else weight)


@HARD
@given(recipes(max_segment=3000))
def test_the_one_sort_is_the_stable_argsort_of_the_negated_guesses(recipe):
    guess, positive, _ = usable(recipe)
    rows = sort_rows(guess, positive)
    expected = plain_pr_sort(guess, positive)
    for got, want in zip(rows, expected):
        np.testing.assert_array_equal(got, want)


@HARD
@given(recipes(max_segment=3000), st.sampled_from(["<", ">"]))
def test_the_interpolated_area_is_every_segments_sum(recipe, direction):
    guess, positive, weight = usable(recipe)
    if positive.all() or not positive.any():
        return
    TP, FP = from_zero(counts_of((guess, positive, weight), None, direction, "pr_auc"))
    fast, plain = interpolated_area(TP, FP), plain_interpolated_area(TP, FP)
    assert fast == plain or (np.isnan(fast) and np.isnan(plain))
