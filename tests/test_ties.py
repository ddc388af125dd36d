"""Ties in the decisions go to the lowest threshold: checked against exact
rational arithmetic (fractions), on data built to tie often."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import weightedroc as wr


@st.composite
def tied_data(draw):
    """Few distinct guesses, dyadic weights (exact in doubles): many exact ties."""
    n = draw(st.integers(2, 24))
    guess = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    positive = draw(
        st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < n)
    )
    weight = draw(st.lists(st.sampled_from([0.25, 0.5, 1, 2, 3, 4]), min_size=n, max_size=n))
    return np.array(guess, float), np.array(positive), np.array(weight, float)


def exact_rows(guess, positive, weight):
    """(threshold, FN, FP) as Fractions for each row of WeightedROC."""
    rows = []
    for t in [*sorted(set(guess.tolist())), np.inf]:
        FN = sum(Fraction(w) for g, p, w in zip(guess, positive, weight) if p and g < t)
        FP = sum(Fraction(w) for g, p, w in zip(guess, positive, weight) if not p and g >= t)
        rows.append((t, FN, FP))
    return rows


def first_minimum(values):
    best = min(values)
    return values.index(best)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@settings(max_examples=300, deadline=None)
@given(tied_data())
def test_best_threshold_picks_the_first_exact_optimum(data):
    guess, positive, weight = data
    rows = exact_rows(guess, positive, weight)
    W1 = sum(Fraction(w) for p, w in zip(positive, weight) if p)
    W0 = sum(Fraction(w) for p, w in zip(positive, weight) if not p)
    youden = [-(1 - FN / W1 - FP / W0) for _, FN, FP in rows]
    topleft = [(FN / W1) ** 2 + (FP / W0) ** 2 for _, FN, FP in rows]
    cost = [FP + 3 * FN for _, FN, FP in rows]
    roc = wr.WeightedROC(guess, positive, weight)
    assert wr.best_threshold(roc, "youden").name == first_minimum(youden)
    assert wr.best_threshold(roc, "closest.topleft").name == first_minimum(topleft)
    assert wr.best_threshold(roc, "cost", cost_fp=1, cost_fn=3).name == first_minimum(cost)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@settings(max_examples=300, deadline=None)
@given(
    tied_data(),
    st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)]),
    st.sampled_from([1, 2, 3]),
)
def test_min_risk_picks_the_first_exact_optimum(data, p, cost_fn):
    guess, positive, weight = data
    rows = exact_rows(guess, positive, weight)
    W1, W0 = rows[-1][1], rows[0][2]
    risk = [p * FN / W1 * cost_fn + (1 - p) * FP / W0 for _, FN, FP in rows]
    roc = wr.WeightedROC(guess, positive, weight)
    best = wr.min_risk(roc, prevalence=float(p), cost_fn=cost_fn)
    assert best.threshold == rows[first_minimum(risk)][0]
    assert abs(best.risk - float(min(risk))) <= 1e-15 * float(max(risk))


def test_weighted_youden_tie_goes_to_the_lower_threshold():
    # Rows at thresholds 2 and 3 both have TPR - FPR = 1/2 exactly.
    roc = wr.WeightedROC([1, 2, 3, 4], [False, True, False, True], [1, 1, 1, 1])
    assert wr.best_threshold(roc, "youden")["threshold"] == 2.0


def test_closest_topleft_tie_goes_to_the_lower_threshold():
    # (FPR, 1 - TPR) = (0.5, 0) at threshold 2 and (0, 0.5) at threshold 4.
    roc = wr.WeightedROC([1, 2, 3, 4], [False, True, False, True], [1, 1, 1, 1])
    chosen = wr.best_threshold(roc, "closest.topleft")
    assert (chosen["threshold"], chosen["closest.topleft"]) == (2.0, 0.25)
