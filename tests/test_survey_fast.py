"""The fast replicate AUCs (PSU-pair totals; the jackknife's blocks within
strata) against the plain path (each replicate's weights cumulated over the
sorted groups), the exact AUC (integer arithmetic) and `auc_score` on the
rows each replicate keeps, under hypothesis recipes aimed at the sort's
hard cases: ties, signed zeros, infinities, adjacent doubles, weights from
2**-60 to 2**60."""

from fractions import Fraction

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import example, given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.survey.auc import areas_of, replicate_aucs, replicate_rows
from weightedroc.survey.design import SurveyDesign

# Found in CI (numpy 1.26): a jackknife replicate that removes the PSU of a
# 2**60 positive was 5e-6 off (the positives above each negative read as
# W1 minus a cumulated sum).
CANCELLING = {
    "segments": [("ties", 33, 33, -20), ("ties", 41, 33, -20)],
    "edges": [],
    "size": None,
    "arrangement": "shuffled",
    "weights": "log_wide",
    "prevalence": 0.9,
    "seed": 870293,
}


def plain(guess, label, weight, reps):
    return replicate_rows(guess, label, weight, reps, lambda P, N: areas_of(P, N, None))


def exact_auc(guess, label, weight):
    """The AUC of the rows with positive weight, ties half, as a Fraction
    (the doubles' weights as integers: no rounding at all)."""
    keep = weight > 0
    guess, label, weight = guess[keep], label[keep], weight[keep]
    shift = 1100  # 2**shift * any positive double is an integer
    integers = [int(Fraction(float(x)) * 2**shift) for x in weight]
    positives, negatives = {}, {}
    for g, y, x in zip(guess.tolist(), label.tolist(), integers):
        side = positives if y else negatives
        side[g] = side.get(g, 0) + x
    below = numerator = 0
    for g in sorted(set(positives) | set(negatives)):
        tied = negatives.get(g, 0)
        numerator += positives.get(g, 0) * (2 * below + tied)
        below += tied
    W1, W0 = sum(positives.values()), sum(negatives.values())
    return None if W1 == 0 or W0 == 0 else Fraction(numerator, 2 * W1 * W0)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@settings(max_examples=200, deadline=None)
@given(recipes(max_segment=300), st.integers(0, 2**31), st.sampled_from(["JKn", "bootstrap"]))
@example(CANCELLING, 0, "JKn")
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
    # The fast path is within 1e-12 of the exact AUC (its proven bound), and
    # so is the plain path (sums of nonnegative terms: < (3n + 10) 2**-53
    # relative); auc_score (R's arithmetic, TP = W1 - FN) only to an
    # absolute (groups + 4) 2**-50, which a tiny AUC does not meet relatively.
    for r in range(reps.n_replicates):
        w = weight * reps.matrix[reps.index, r]
        exact = exact_auc(guess, label, w)
        if exact is None:
            assert np.isnan(fast[r]) and np.isnan(slow[r])
            continue
        assert abs(Fraction(fast[r]) - exact) <= Fraction(1e-12) * exact, (r, fast[r], exact)
        assert abs(Fraction(slow[r]) - exact) <= Fraction(1e-12) * exact, (r, slow[r], exact)
        keep = w > 0
        groups = len(np.unique(guess[keep]))
        np.testing.assert_allclose(
            fast[r],
            wr.auc_score(guess[keep], label[keep], w[keep]),
            rtol=1e-12,
            atol=(groups + 4) * 2.0**-50,
        )
