"""The tally kernel (`weightedroc.engine.tally`) against plain loops, bit for
bit, under hypothesis recipes aimed at the sort's hard cases; and every AUC
a design reports with `auc_score`'s bits."""

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import given, settings
from hypothesis import strategies as st
from plain import plain_auc, plain_placements, plain_roc, plain_tally, same_bits

from weightedroc import auc_ci, auc_score, auc_var
from weightedroc.engine.core import stable_order
from weightedroc.engine.tally import area, mid_rank_sums, replicate_areas, row_placements, tally
from weightedroc.inference.placements import placements
from weightedroc.survey.auc import influence
from weightedroc.survey.design import SurveyDesign


def finite(recipe):
    guess, positive, weight = build(recipe)
    return np.nan_to_num(guess, posinf=1e300, neginf=-1e300), positive, weight


@settings(max_examples=150, deadline=None)
@given(recipes(max_segment=300))
def test_tally_is_the_plain_loop(recipe):
    guess, positive, weight = build(recipe)
    t = tally(guess, positive, weight)
    for got, expected in zip(
        (t.below_pos, t.below_neg, t.P, t.N), plain_tally(guess, positive, weight)
    ):
        assert same_bits(got, expected)
    assert same_bits(t.sorted_guess, np.sort(guess, kind="stable"))
    assert same_bits(t.sizes.sum(), len(guess))


@settings(max_examples=150, deadline=None)
@given(recipes(max_segment=300))
def test_placement_values_are_the_plain_loop(recipe):
    guess, positive, weight = finite(recipe)
    t = tally(guess, positive, weight)
    value, _ = row_placements(t)
    by_observation = np.empty(len(value))
    by_observation[t.order] = value
    assert same_bits(by_observation, plain_placements(guess, positive, weight))


@settings(max_examples=150, deadline=None)
@given(recipes(max_segment=300))
def test_area_has_r_bits(recipe):
    guess, positive, weight = build(recipe)
    TPR, FPR, *_ = plain_roc(guess, positive, weight)
    assert same_bits(area(tally(guess, positive, weight)), plain_auc(TPR, FPR))


def test_placements_read_the_tally_unit_weights_by_hand():
    # negatives 0.1, 0.3 (x2: one tied with a positive); positives 0.2, 0.3
    guess = np.array([0.1, 0.2, 0.3, 0.3, 0.3])
    positive = np.array([False, True, True, False, False])
    found = placements(guess, positive, None)
    by_observation = np.empty(5)
    by_observation[found.order] = found.value
    # V10(0.2) = 1/3; V10(0.3) = (1 + 2/2)/3; V01(0.1) = 2/2; V01(0.3) = (1/2)/2
    assert by_observation.tolist() == [1.0, 1 / 3, 2 / 3, 0.25, 0.25]
    assert found.auc == 0.5


@settings(max_examples=60, deadline=None)
@given(recipes(max_segment=200), st.integers(1, 6))
def test_replicate_areas_match_one_curve_each(recipe, n_rows):
    guess, positive, weight = finite(recipe)
    rng = np.random.default_rng(recipe["seed"])
    t = tally(guess, positive, weight)
    factors = rng.integers(0, 3, (n_rows, len(guess))).astype(float)
    base = np.ones(len(guess)) if weight is None else weight
    starts = np.r_[0, t.ends[:-1] + 1]
    rows = factors[:, t.order] * base[t.order]
    P = np.add.reduceat(rows * t.positive, starts, axis=1)
    N = np.add.reduceat(rows * ~t.positive, starts, axis=1)
    got = replicate_areas(P, N)
    for k in range(n_rows):
        keep = rows[k] > 0  # a zero factor drops the row
        sub_pos = t.positive[keep]
        if sub_pos.all() or not sub_pos.any():
            assert np.isnan(got[k])
            continue
        expected = auc_score(t.sorted_guess[keep], sub_pos, rows[k][keep])
        assert got[k] == pytest.approx(expected, rel=1e-9, abs=1e-12)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@pytest.mark.filterwarnings("ignore:.*replicates gave NA")
@settings(max_examples=80, deadline=None)
@given(recipes(max_segment=300, sizes=[40, 300, 1000]), st.sampled_from([None, "JKn", "bootstrap"]))
def test_design_estimates_have_auc_score_bits(recipe, replicates):
    guess, positive, weight = finite(recipe)
    n = len(guess)
    psu = np.arange(n) % 10
    design = SurveyDesign(cluster=psu, strata=psu // 2)
    expected = auc_score(guess, positive, weight)
    found = auc_ci(guess, positive, weight, design=design, replicates=replicates, seed=1)
    assert same_bits(found.estimate, expected)
    assert same_bits(
        influence(guess, positive, np.ones(n) if weight is None else weight)[0], expected
    )


def test_the_issue_example_keeps_auc_score_bits():
    rng = np.random.default_rng(38)
    n = 5000
    guess, label = rng.normal(size=n), rng.integers(0, 2, n)
    weight = rng.uniform(0.2, 5, n)
    design = SurveyDesign(cluster=np.arange(n) % 100, strata=np.arange(n) % 50)
    for replicates in (None, "JKn"):
        assert same_bits(
            auc_ci(guess, label, weight, design=design, replicates=replicates).estimate,
            auc_score(guess, label, weight),
        )
    # the variance reads the same influence values from the same one sort
    assert auc_var(guess, label, weight, design=design) > 0


def test_influence_reuses_a_given_order():
    guess = np.array([0.3, 0.1, 0.3, 0.2, 0.9])
    positive = np.array([True, False, False, True, True])
    weight = np.array([1.0, 2.0, 0.5, 1.0, 3.0])
    fresh = influence(guess, positive, weight)
    again = influence(guess, positive, weight, ordered=stable_order(guess, positive, weight))
    assert fresh[0] == again[0] and same_bits(fresh[1], again[1])
    # influence totals: z sums to zero within each class's weight
    assert abs(fresh[1].sum()) < 1e-15


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 20), st.floats(0, 1e6)), min_size=1, max_size=200))
def test_mid_rank_sums_are_the_plain_loop(rows):
    group = np.array(sorted(g for g, _ in rows))
    mass = np.array([m for _, m in rows])
    n_groups = int(group.max()) + 1
    own = [0.0] * n_groups
    for g, m in zip(group, mass):
        own[g] += m
    ups, upto = [], 0.0
    for g in range(n_groups):
        upto += own[g]
        ups.append(upto)
    below = [u - o / 2 for u, o in zip(ups, own)]
    above = [(upto - u) + o / 2 for u, o in zip(ups, own)]
    got_below, got_above = mid_rank_sums(group, mass, n_groups)
    assert same_bits(got_below, below) and same_bits(got_above, above)
