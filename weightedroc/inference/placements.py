"""Placement values of a score, read from one sorted pass.

The placement value of a positive is the weight of the negatives below its
guess plus half the tied ones, over W0; that of a negative is the weight of
the positives above it plus half the tied ones, over W1.  Both are cumulated
sums over groups of tied guesses (`weightedroc.engine.core.stable_order`), so the
cost is O(n log n), not O(mn) pairs, and the values do not depend on the
order of the observations, ties included.  DeLong's variance, its
jackknife with weights and the tests read them (`weightedroc.inference.delong`).
"""

from typing import NamedTuple

import numpy as np

from ..engine.core import stable_order, unit_scaled
from ..engine.tally import by_row, class_sums, group_ends, placement_values
from .checks import check_class_sizes, prepared


class Placements(NamedTuple):
    """Placement values of one score, in sorted order, and the class sums."""

    order: np.ndarray  # sorted position -> observation
    positive: np.ndarray  # sorted labels (True: positive)
    weight: np.ndarray  # sorted weights (importance: scaled by a power of two), or None
    value: np.ndarray  # placement value of each sorted observation
    auc: float
    total: tuple  # (W1, W0), scaled
    sizes: tuple[int, int]  # (m, n)
    kish: tuple[float, float]  # (W1^2 / sum w_i^2, W0^2 / sum w_j^2)
    # The same of the squared weights, (sum w_i^2)^2 / sum w_i^4: how many
    # observations the variance effectively rests on (see checks.py).
    kish_squares: tuple[float, float]


def placements(guess, label, weight, weights_are="importance", ordered=None) -> Placements:
    """`Placements` of validated inputs (see `prepared`); `ordered`, their
    `stable_order` (with the weights) when the caller has sorted them already."""
    if ordered is None:
        ordered = stable_order(guess, label, weight)
    order, sorted_guess, pos, w = ordered
    if weights_are == "importance" and not uneven(weight):
        w = None  # equal importance weights are unit weights, exactly
    n = len(order)
    if w is not None and weights_are == "importance":  # a power of two: exactly
        w = unit_scaled(w, total=w.sum())  # scale-free, and squares stay in range
    ends = group_ends(sorted_guess)
    below_pos, below_neg, P, N = class_sums(pos, w, ends)
    W1, W0 = below_pos[-1], below_neg[-1]
    pos_value, neg_value = placement_values(below_pos, below_neg, P, N, W1, W0)
    value = by_row(pos_value, neg_value, pos, np.diff(ends, prepend=-1))
    auc = float(np.dot(P, pos_value) / W1)  # by groups: the same for any order of ties
    m = int(np.count_nonzero(pos))
    check_class_sizes(m, n - m, W1, W0, weights_are)
    if w is None:
        kish = kish_squares = (m, n - m)
    else:
        squared = w * w
        squares = np.bincount(pos.view(np.int8), weights=squared, minlength=2)
        fourth = np.bincount(pos.view(np.int8), weights=squared * squared, minlength=2)
        kish = (W1 * W1 / squares[1], W0 * W0 / squares[0])
        kish_squares = (squares[1] ** 2 / fourth[1], squares[0] ** 2 / fourth[0])
    return Placements(order, pos, w, value, auc, (W1, W0), (m, n - m), kish, kish_squares)


def paired_placements(
    guess1, guess2, label, weight, positive, direction, weights_are
) -> tuple[Placements, Placements, np.ndarray | None]:
    """`Placements` of two scores, the second's rearranged into the first's
    sorted order, and the validated weights."""
    if np.size(guess1) != np.size(guess2):
        raise ValueError(
            f"paired scores must have equal lengths (one guess of each score "
            f"per observation): guess1 has {np.size(guess1)}, guess2 "
            f"{np.size(guess2)}"
        )
    g1, label_, weight_ = prepared(guess1, label, weight, positive, direction, weights_are)
    g2, _, _ = prepared(guess2, label, weight, positive, direction, weights_are)
    return paired_placements_of(g1, g2, label_, weight_, weights_are)


def paired_placements_of(g1, g2, label_, weight_, weights_are, orders=(None, None)):
    """`paired_placements` of prepared data (`prepared`): two guesses of the
    same observations, their labels and weights (`orders`: their
    `stable_order` when the caller has them)."""
    first = placements(g1, label_, weight_, weights_are, orders[0])
    second = placements(g2, label_, weight_, weights_are, orders[1])
    return first, in_order_of(first, second), weight_


def in_order_of(first, second):
    """`second`'s placements rearranged into `first`'s sorted order (two
    guesses of the same observations)."""
    by_observation = np.empty(len(first.value))
    by_observation[second.order] = second.value
    return second._replace(
        value=by_observation[first.order],
        positive=first.positive,
        weight=first.weight,
        order=first.order,
    )


def curve_placements(curve, weights_are) -> Placements:
    """`Placements` of a `weightedroc.inference.request.Curve`, from its one sort."""
    return placements(curve.guess, curve.label, curve.weight, weights_are, curve.ordered)


def uneven(weight):
    return weight is not None and weight.min() != weight.max()
