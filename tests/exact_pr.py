"""Precision-recall in exact rational arithmetic, the reference for its accuracy.

Every double is a fraction, so sums of weights, the ratios of them and the
average precision are computed exactly with `fractions.Fraction`; a result
in doubles is then off by its own rounding only.
"""

from fractions import Fraction
from typing import NamedTuple

import numpy as np


class ExactPR(NamedTuple):
    """One entry per row of `weighted_pr` (thresholds ascending, then inf)."""

    TP: list
    FP: list
    precision: list
    recall: list
    average_precision: Fraction


def exact_pr(guess, positive, weight=None, direction="<"):
    """`weighted_pr`'s TP, FP, precision and recall, and `average_precision`,
    as Fractions; `positive` is a boolean array."""
    guess = np.asarray(guess, dtype=float)
    if direction == ">":
        guess = -guess
    weight = np.ones(len(guess)) if weight is None else np.asarray(weight, dtype=float)
    at = {}  # distinct guess (0.0 and -0.0 as one) -> [positive, negative] weight
    for g, is_positive, w in zip(guess.tolist(), positive.tolist(), weight.tolist()):
        at.setdefault(g, [Fraction(0), Fraction(0)])[0 if is_positive else 1] += Fraction(w)
    TP, FP = [Fraction(0)], [Fraction(0)]  # from the top: the inf row first
    for g in sorted(at, reverse=True):
        TP.append(TP[-1] + at[g][0])
        FP.append(FP[-1] + at[g][1])
    TP.reverse()
    FP.reverse()
    precision = [tp / (tp + fp) if tp + fp else Fraction(1) for tp, fp in zip(TP, FP)]
    recall = [tp / TP[0] for tp in TP]
    steps = zip(TP[:-1], TP[1:], precision[:-1])
    average = sum(((high - low) * p for high, low, p in steps), Fraction(0)) / TP[0]
    return ExactPR(TP, FP, precision, recall, average)


def relative_errors(values, exact):
    """|value - exact| / |exact| for each pair (the absolute error where
    exact is 0), as floats."""
    return np.array(
        [
            float(abs(Fraction(float(v)) - e) / (abs(e) if e else 1))
            for v, e in zip(np.asarray(values).tolist(), exact)
        ]
    )


def heavy_tailed(rng, n=None):
    """(guess, positive, weight): n observations (10 to 300 when None) with
    weights that span many orders of magnitude (lognormal with sd 3 to 5,
    or Pareto with index 0.5 to 1.5), guesses rounded so that some tie."""
    n = int(rng.integers(10, 301)) if n is None else n
    positive = rng.random(n) < rng.uniform(0.1, 0.9)
    positive[:2] = [True, False]
    guess = np.round(rng.normal(size=n) + positive, int(rng.integers(0, 4)))
    if rng.random() < 0.5:
        weight = rng.lognormal(0, rng.uniform(3, 5), n)
    else:
        weight = rng.pareto(rng.uniform(0.5, 1.5), n) + 1e-3
    return guess, positive, weight
