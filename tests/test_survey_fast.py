"""The fast replicate AUCs (PSU-pair totals; the jackknife's blocks within
strata) against the plain path (each replicate's weights cumulated over the
sorted groups) and `auc_score` on the rows each replicate keeps, under
hypothesis recipes aimed at the sort's hard cases: ties, signed zeros,
infinities, adjacent doubles, weights from 2**-60 to 2**60."""

import numpy as np
from hardcases import build, recipes
from hypothesis import given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.survey.auc import areas_of, replicate_aucs, replicate_rows
from weightedroc.survey.design import SurveyDesign


def plain(guess, label, weight, reps):
    return replicate_rows(guess, label, weight, reps, lambda P, N: areas_of(P, N, None))


@settings(max_examples=200, deadline=None)
@given(recipes(max_segment=300), st.integers(0, 2**31), st.sampled_from(["JKn", "bootstrap"]))
def test_fast_replicates_equal_plain(recipe, seed, type):
    guess, label, weight = build(recipe)
    n = len(guess)
    weight = np.ones(n) if weight is None else weight
    rng = np.random.default_rng(seed)
    n_strata = int(rng.integers(1, 4))
    strata = np.sort(rng.integers(0, n_strata, n))
    cluster = rng.integers(0, 4, n)
    design = SurveyDesign(cluster=cluster, strata=strata, nest=True)
    coded = design.coded(n)
    if (coded.n_psu < 2).any() or len(coded.n_psu) < 2 and type == "JKn":
        return  # a lonely PSU, or no strata for JKn
    reps = (
        design.replicates("JKn") if type == "JKn" else design.replicates(type, n_rep=10, seed=seed)
    )
    fast, slow = replicate_aucs(guess, label, weight, reps), plain(guess, label, weight, reps)
    np.testing.assert_allclose(fast, slow, rtol=1e-9, atol=1e-13)
    for r in range(0, reps.n_replicates, 4):
        w = weight * reps.matrix[reps.index, r]
        keep = w > 0
        if label[keep].all() or not label[keep].any():
            assert np.isnan(fast[r])
        else:
            np.testing.assert_allclose(
                fast[r], wr.auc_score(guess[keep], label[keep], w[keep]), rtol=1e-9, atol=1e-13
            )
