"""DeLong's variance and covariance of weighted AUCs, from placement values.

The weighted AUC is a ratio of double sums over positives i and negatives j,

    A = sum_ij w_i w_j psi_ij / (W1 W0),   psi_ij = 1, 1/2, 0 as x_i >, =, < y_j,

with W1, W0 the total weight of the positives and of the negatives.  The
placement value of a positive is the weight of the negatives below its
guess plus half the tied ones, over W0; that of a negative is the weight of
the positives above it plus half the tied ones, over W1.  Both are read
from one sorted pass (`weightedroc.core.stable_order`) as cumulated sums
over groups of tied guesses, so the cost is O(n log n), not O(mn) pairs.

Variance (``weights_are="importance"``: costs or inverse sampling
probabilities, hardhat's importance_weights).  The influence of positive i
on A (its derivative, negatives held fixed) is w_i (V_i - A) / W1, and of
negative j, w_j (V_j - A) / W0; these sum to zero within each class.  The
two classes are independent samples, so the linearised variance is the sum
of each class's with-replacement variance of a total,

    var(A) = m/(m-1) sum_i w_i^2 (V_i - A)^2 / W1^2
           + n/(n-1) sum_j w_j^2 (V_j - A)^2 / W0^2,

m and n the numbers of positives and negatives.  With unit weights this is
DeLong's S10/m + S01/n, as pROC computes it; multiplying every weight by a
constant changes nothing.  The covariance of two scores of the same
observations replaces (V - A)^2 by (V - A)(V' - A').

With ``weights_are="frequency"`` (hardhat's frequency_weights: whole numbers
counting identical rows) the result is DeLong's on the data with each row
repeated: m, n become W1, W0 and w_i^2 becomes w_i,

    var(A) = sum_i w_i (V_i - A)^2 / (W1 (W1-1)) + sum_j w_j (V_j - A)^2 / (W0 (W0-1)).
"""

from typing import NamedTuple

import numpy as np

from .._typing import ArrayLike, Direction, LabelValue
from ..core import stable_order, unit_scaled
from ..validation import check_direction, check_inputs
from .checks import check_choice, check_class_sizes, check_frequency, warn_small_kish


class Placements(NamedTuple):
    """Placement values of one score, in sorted order, and the class sums."""

    order: np.ndarray      # sorted position -> observation
    positive: np.ndarray   # sorted labels (True: positive)
    weight: np.ndarray     # sorted weights (importance: scaled by a power of two), or None
    value: np.ndarray      # placement value of each sorted observation
    auc: float
    total: tuple           # (W1, W0), scaled
    count: tuple           # (m, n)
    kish: tuple[float, float]  # (W1^2 / sum w_i^2, W0^2 / sum w_j^2)


def prepared(guess, label, weight, positive, direction, weights_are):
    """Validated float guesses (negated for '>'), labels and weights."""
    check_choice(weights_are, "weights_are", ("importance", "frequency"))
    guess, label, weight = check_inputs(guess, label, weight, positive)
    check_frequency(weight, weights_are)
    if check_direction(direction) == ">":
        guess = np.negative(guess)
    return guess, label, weight


def placements(guess, label, weight, weights_are="importance") -> Placements:
    """`Placements` of validated inputs (see `prepared`)."""
    if weights_are == "importance" and not uneven(weight):
        weight = None  # equal importance weights are unit weights, exactly
    order, sorted_guess, pos, w = stable_order(guess, label, weight)
    n = len(order)
    is_end = np.empty(n, dtype=bool)  # last observation of a run of tied guesses
    np.not_equal(sorted_guess[1:], sorted_guess[:-1], out=is_end[:-1])
    is_end[-1] = True
    ends = np.flatnonzero(is_end)
    sizes = np.diff(ends, prepend=-1)
    if w is None:  # counts, exact
        below_pos = np.cumsum(pos, dtype=np.float64)[ends]
        below_neg = (ends + 1.0) - below_pos
    else:
        if weights_are == "importance":  # a power of two: exactly scale-free,
            w = unit_scaled(w, total=w.sum())  # and squares stay in range
        below_pos = np.cumsum(np.where(pos, w, 0.0))[ends]
        below_neg = np.cumsum(np.where(pos, 0.0, w))[ends]
    # Weight of each class in each group, and below / above it.
    P, N = np.diff(below_pos, prepend=0.0), np.diff(below_neg, prepend=0.0)
    W1, W0 = below_pos[-1], below_neg[-1]
    pos_value = (below_neg - N / 2) / W0
    neg_value = ((W1 - below_pos) + P / 2) / W1
    value = np.repeat(neg_value, sizes)
    np.copyto(value, np.repeat(pos_value, sizes), where=pos)
    auc = float(np.dot(P, pos_value) / W1)  # by groups: the same for any order of ties
    m = int(np.count_nonzero(pos))
    check_class_sizes(m, n - m, W1, W0, weights_are)
    if w is None:
        kish = (m, n - m)
    else:
        squares = np.bincount(pos.view(np.int8), weights=w * w, minlength=2)
        kish = (W1 * W1 / squares[1], W0 * W0 / squares[0])
    return Placements(order, pos, w, value, auc, (W1, W0), (m, n - m), kish)


def spread(first, second, weights_are):
    """DeLong's covariance of the AUCs of two `Placements` of the same
    observations (in the same sorted order), or the variance when they are
    the same."""
    pos, w = first.positive, first.weight
    product = (first.value - first.auc) * (second.value - second.auc)
    if weights_are == "frequency":
        factor = w
        scale = [t * (t - 1) for t in first.total]
    else:
        factor = None if w is None else w * w
        scale = [t * t * (c - 1) / c for t, c in zip(first.total, first.count)]
    if factor is not None:
        product *= factor
    terms = np.bincount(pos.view(np.int8), weights=product, minlength=2)
    return float(terms[1] / scale[0] + terms[0] / scale[1])


def auc_var(guess: ArrayLike, label: ArrayLike, weight: ArrayLike | None = None, *,
            method: str = "delong", weights_are: str = "importance",
            positive: LabelValue = None, direction: Direction = "<") -> float:
    """DeLong's variance of the (weighted) AUC, as pROC's ``var(roc)``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    method : {"delong"}
        DeLong's placement-value (structural components) estimate.
    weights_are : {"importance", "frequency"}
        ``"importance"`` (default): weights are costs or inverse sampling
        probabilities (hardhat's importance_weights); the variance is the
        linearised (influence-function) variance of the weighted AUC, equal
        to pROC's for unit weights and unchanged when all weights are
        multiplied by a constant.  ``"frequency"``: whole-number weights
        count identical observations (hardhat's frequency_weights); the
        result equals DeLong's on the rows repeated.

    Returns
    -------
    float
        The variance of the AUC.

    Raises
    ------
    ValueError
        With fewer than 2 observations of a class (pROC returns NA), or
        non-integer frequency weights.

    Warns
    -----
    UserWarning
        When importance weights leave a class with a Kish effective size
        (sum w)^2 / sum w^2 below 30: a normal interval built on this
        variance may then under-cover.

    Examples
    --------
    >>> from weightedroc import auc_var
    >>> guess = [0.1, 0.4, 0.35, 0.8, 0.5, 0.2]
    >>> label = [0, 0, 1, 1, 1, 0]
    >>> round(auc_var(guess, label), 10)  # pROC: var(roc(label, guess)) = 2/81
    0.024691358
    >>> round(auc_var(guess, label, [1, 1, 2, 1, 1, 1], weights_are="frequency"), 10)
    0.037037037
    """
    check_choice(method, "method", ("delong",))
    guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
    first = placements(guess, label, weight, weights_are)
    warn_small_kish(*first.kish, uneven(weight) and weights_are == "importance")
    return spread(first, first, weights_are)


def auc_cov(guess1: ArrayLike, guess2: ArrayLike, label: ArrayLike,
            weight: ArrayLike | None = None, *, method: str = "delong",
            weights_are: str = "importance", positive: LabelValue = None,
            direction: Direction = "<") -> float:
    """DeLong's covariance of the AUCs of two scores of the same observations.

    As pROC's ``cov(roc1, roc2)`` for paired curves; the weights are those
    of `auc_var`.

    Parameters
    ----------
    guess1, guess2 : array-like
        Two scores of the same observations (equal lengths).
    label, weight, method, weights_are, positive, direction
        As for `auc_var`.

    Returns
    -------
    float
        ``auc_cov(g, g, ...)`` equals ``auc_var(g, ...)``.

    Examples
    --------
    >>> from weightedroc import auc_cov
    >>> label = [0, 0, 1, 1, 1, 0]
    >>> round(auc_cov([0.1, 0.4, 0.35, 0.8, 0.5, 0.2],
    ...               [0.2, 0.1, 0.3, 0.9, 0.4, 0.5], label), 10)
    -0.0061728395
    """
    check_choice(method, "method", ("delong",))
    first, second, weight = paired_placements(guess1, guess2, label, weight, positive,
                                              direction, weights_are)
    warn_small_kish(*first.kish, uneven(weight) and weights_are == "importance")
    return spread(first, second, weights_are)


def paired_placements(guess1, guess2, label, weight, positive, direction,
                      weights_are) -> tuple[Placements, Placements, np.ndarray | None]:
    """`Placements` of two scores, the second's rearranged into the first's
    sorted order, and the validated weights."""
    if np.size(guess1) != np.size(guess2):
        raise ValueError(f"paired scores must have equal lengths (one guess of each score "
                         f"per observation): guess1 has {np.size(guess1)}, guess2 "
                         f"{np.size(guess2)}")
    g1, label_, weight_ = prepared(guess1, label, weight, positive, direction, weights_are)
    g2, _, _ = prepared(guess2, label, weight, positive, direction, weights_are)
    first = placements(g1, label_, weight_, weights_are)
    second = placements(g2, label_, weight_, weights_are)
    by_observation = np.empty(len(g1))
    by_observation[second.order] = second.value
    second = second._replace(value=by_observation[first.order], positive=first.positive,
                             weight=first.weight, order=first.order)
    return first, second, weight_


def uneven(weight):
    return weight is not None and weight.min() != weight.max()
