"""The weighted AUC's influence values and replicate AUCs, from one sort.

Inputs are validated: float guesses (higher: more positive), boolean
labels, positive float sampling weights.  With V_k the placement value of
row k (the weight of the other class below a positive, or above a
negative, half the ties, over that class's total), the AUC is
A = sum_i w_i V_i / W1, and its linearization (the influence value, as a
total) is

    z_i = w_i (V_i - A) / W1 (positives),   z_j = w_j (V_j - A) / W0 (negatives),

whose design-based variance (`weightedroc.survey.variance.svyrecvar`) is
the linearization variance of A.  Replicate AUCs reuse the one sorted
order: each chunk of replicate weight columns is summed within groups of
tied guesses and cumulated, so a replicate costs O(n), never a resort; a
zero replicate weight removes its row.
"""

import numpy as np

from ..curves.areas import mcclish, range_areas
from ..engine.core import stable_order
from .design import ReplicateWeights

CHUNK = 16  # replicate columns cumulated at a time (memory: rows x CHUNK)


def sorted_groups(guess, label, weight):
    """Order, sorted labels and weights, and the start of each run of tied guesses."""
    order, sorted_guess, pos, w = stable_order(guess, label, weight)
    starts = np.flatnonzero(np.r_[True, sorted_guess[1:] != sorted_guess[:-1]])
    return order, pos, w, starts


def influence(guess, label, weight):
    """(AUC, z): the AUC and each row's influence value (in the rows' order)."""
    order, pos, w, starts = sorted_groups(guess, label, weight)
    P = np.add.reduceat(np.where(pos, w, 0.0), starts)
    N = np.add.reduceat(np.where(pos, 0.0, w), starts)
    W1, W0 = P.sum(), N.sum()
    neg_below = np.cumsum(N) - N / 2  # negatives below a group, half its own
    pos_above = W1 - np.cumsum(P) + P / 2
    auc = float(np.dot(P, neg_below) / (W1 * W0))
    sizes = np.diff(np.r_[starts, len(order)])
    value = np.where(pos, np.repeat(neg_below / W0, sizes), np.repeat(pos_above / W1, sizes))
    z_sorted = w * (value - auc) / np.where(pos, W1, W0)
    z = np.empty_like(z_sorted)
    z[order] = z_sorted
    return auc, z


def _rows_curve(P, N):
    """(fpr, tpr) of each replicate's curve (rows), from (0, 0) to (1, 1)."""
    zero = np.zeros((len(P), 1))
    tp = np.concatenate((zero, np.cumsum(P[:, ::-1], axis=1)), axis=1)
    fp = np.concatenate((zero, np.cumsum(N[:, ::-1], axis=1)), axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return fp / fp[:, -1:], tp / tp[:, -1:]


def areas_of(P, N, partial):
    """The (partial) AUC of each row of group weights P, N (replicates x groups)."""
    if partial is None:
        below = np.cumsum(N, axis=1) - N / 2
        with np.errstate(invalid="ignore", divide="ignore"):  # NaN without a class
            return (P * below).sum(axis=1) / (P.sum(axis=1) * N.sum(axis=1))
    fpr, tpr = _rows_curve(P, N)
    fpr_range, tpr_range = partial.get("fpr_range"), partial.get("tpr_range")
    area, diagonal = range_areas(fpr, tpr, fpr_range, tpr_range)
    if partial.get("correct"):
        lo, hi = fpr_range if tpr_range is None else tpr_range
        return mcclish(area, diagonal, lo, hi)
    return area


def replicate_rows(guess, label, weight, reps: ReplicateWeights, read):
    """Stack ``read(P, N)`` over the replicates: P and N hold each
    replicate's weight of positives and negatives in each group of tied
    guesses (replicates x groups, by ascending guess)."""
    reps.check_rows(len(guess))
    order, pos, w, starts = sorted_groups(guess, label, weight)
    rows = order if reps.index is None else reps.index[order]
    base = np.ones_like(w) if reps.combined else w
    out = []
    for first in range(0, reps.n_replicates, CHUNK):
        wr = reps.matrix[rows, first : first + CHUNK] * base[:, None]
        P = np.add.reduceat(wr * pos[:, None], starts, axis=0).T
        N = np.add.reduceat(wr * ~pos[:, None], starts, axis=0).T
        out.append(read(P, N))
    return np.concatenate(out)


def replicate_aucs(guess, label, weight, reps: ReplicateWeights, partial=None):
    """The (partial) AUC under each replicate's weights (NaN where a class
    has no weight)."""
    return replicate_rows(guess, label, weight, reps, lambda P, N: areas_of(P, N, partial))


def full_rows(guess, label, weight, read):
    """``read(P, N)`` of the sampling weights' groups (one row)."""
    _, pos, w, starts = sorted_groups(guess, label, weight)
    P = np.add.reduceat(np.where(pos, w, 0.0), starts)[None]
    N = np.add.reduceat(np.where(pos, 0.0, w), starts)[None]
    return read(P, N)[0]


def full_area(guess, label, weight, partial=None):
    """The (partial) AUC under the sampling weights, by the replicates' formula."""
    return float(full_rows(guess, label, weight, lambda P, N: areas_of(P, N, partial)))
