"""DeLong's variance and covariance of weighted AUCs, from placement values:
the mathematics only (`weightedroc.auc_var` and `auc_cov`, in `.variance`,
dispatch to it and to the other methods).

The weighted AUC is a ratio of double sums over positives i and negatives j,

    A = sum_ij w_i w_j psi_ij / (W1 W0),   psi_ij = 1, 1/2, 0 as x_i >, =, < y_j,

with W1, W0 the total weight of the positives and of the negatives, and
V_k the placement value of observation k (`weightedroc.inference.placements`):
A = sum_i w_i V_i / W1 = sum_j w_j V_j / W0.

Importance weights (costs or inverse sampling probabilities, hardhat's
importance_weights).  Leaving positive i out changes the AUC by exactly

    d_i = A(-i) - A = w_i (A - V_i) / (W1 - w_i),

(the negatives' placements do not move), and negative j by
d_j = w_j (A - V_j) / (W0 - w_j).  The variance is the two-sample jackknife
of these exact leave-one-out changes, one sum per class (the classes are
independent samples),

    var(A) = (m-1)/m sum_i (d_i - mean d)^2 + (n-1)/n sum_j (d_j - mean d)^2,

m and n the numbers of positives and negatives.  To first order d_i is
-w_i (V_i - A) / W1, the influence of observation i on A, so this is the
influence-function (linearised) variance with a finite-sample factor
W1 / (W1 - w_i) that grows with an observation's share of its class; the
coverage study (benchmarks/inference_coverage.py) measured it closer to
nominal than the linearised variance with skewed weights.  With unit
weights d_i = (A - V_i) / (m - 1) and the sum is DeLong's S10/m + S01/n,
exactly as pROC computes it; multiplying every weight by a constant
changes nothing.  The covariance of two scores of the same observations
replaces (d - mean d)^2 by (d - mean d)(d' - mean d').

The variance is a sum of one term per observation; its Satterthwaite
degrees of freedom (sum of terms)^2 / (sum of squared terms) measure how
many observations it effectively rests on.  Intervals and paired tests
with uneven importance weights use Student's t with these degrees of
freedom (`variance_and_df`).

Frequency weights (hardhat's frequency_weights: whole numbers counting
identical rows): DeLong's on the data with each row repeated, so m, n
become W1, W0 and each row counts w times,

    var(A) = sum_i w_i (V_i - A)^2 / (W1 (W1-1)) + sum_j w_j (V_j - A)^2 / (W0 (W0-1)).
"""

import numpy as np

from .placements import Placements


def leave_one_out(p: Placements) -> np.ndarray:
    """A(-k) - A for each sorted observation k of importance-weighted (or
    unit) `Placements`: the exact change of the AUC when k is left out."""
    pos = p.positive
    if p.weight is None:
        rest = np.where(pos, p.sizes[0] - 1.0, p.sizes[1] - 1.0)
        return (p.auc - p.value) / rest
    w = p.weight
    # The rest of the class weighs at least the class's lightest weight; the
    # floor only matters when one weight holds all its class but rounding.
    rest = np.where(pos, p.total[0], p.total[1]) - w
    lightest = np.array([w[~pos].min(), w[pos].min()])
    np.maximum(rest, lightest[pos.view(np.int8)], out=rest)
    return w * (p.auc - p.value) / rest


def terms(first: Placements, second: Placements, weights_are: str):
    """One term per sorted observation and how many rows it stands for:
    sum(count * term) is DeLong's covariance of the two AUCs (the variance
    when `second` is `first`)."""
    pos = first.positive
    cls = pos.view(np.int8)
    if weights_are == "frequency" and first.weight is not None:
        scale = np.array([t * (t - 1) for t in first.total])[1 - cls]
        product = (first.value - first.auc) * (second.value - second.auc)
        return product / scale, first.weight
    sizes = np.array([first.sizes[1], first.sizes[0]], dtype=np.float64)  # by cls
    factor = ((sizes - 1) / sizes)[cls]

    def centred(d):
        return d - (np.bincount(cls, weights=d, minlength=2) / sizes)[cls]

    d1 = centred(leave_one_out(first))
    d2 = d1 if second is first else centred(leave_one_out(second))
    return factor * d1 * d2, None


def spread(first: Placements, second: Placements, weights_are: str) -> float:
    """DeLong's covariance of the AUCs of two `Placements` of the same
    observations (in the same sorted order), or the variance when they are
    the same."""
    return variance_and_df(first, second, weights_are)[0]


def variance_and_df(first: Placements, second: Placements, weights_are: str):
    """`spread` and its Satterthwaite degrees of freedom,
    (sum of terms)^2 / (sum of squared terms); inf when the spread is 0."""
    term, count = terms(first, second, weights_are)
    if count is None:
        total, squares = float(np.sum(term)), float(np.dot(term, term))
    else:
        total, squares = float(np.dot(count, term)), float(np.dot(count, term * term))
    return total, (total * total / squares if squares > 0 else np.inf)
