"""The weighted average precision (AP) and the interpolated PR area
(PRROC's ``auc.integral``) as functions of the rows' weights, from one
sort: their values under any weights (the sample's, a bootstrap's counts,
a design's replicates) and their derivative in each row's weight.

Both depend on the weights only through P_g and N_g, the weight of the
positives and of the negatives among the rows tied at the g-th highest
guess, so a row's derivative is that of its group's P (a positive) or N
(a negative), and reweighting never needs a new sort.  Both are
homogeneous of degree 0 in the weights: the influence values
u_k = w_k dtheta/dw_k sum to 0.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..curves.pr_interpolated import interpolated_area, segment_areas
from ..engine.core import stable_order

ESTIMATORS = ("ap", "interpolated")
CHUNK = 64  # weight columns reweighted at a time (memory: rows x CHUNK)


class SortedRows(NamedTuple):
    """Rows sorted by decreasing guess (stable): the permutation, each
    sorted row's tie group, the groups' first rows, the sorted labels."""

    order: np.ndarray
    group: np.ndarray
    starts: np.ndarray
    positive: np.ndarray


def sort_rows(guess, positive) -> SortedRows:
    """The one sort of a guess (higher: more positive): the engine's
    stable order of the negated guesses, ``argsort(-guess, kind="stable")``,
    with the labels carried through the sort."""
    ordered = stable_order(-np.asarray(guess, dtype=np.float64), tag=np.asarray(positive, bool))
    s = ordered.guess
    new = np.r_[True, s[1:] != s[:-1]]
    return SortedRows(ordered.order, np.cumsum(new) - 1, np.flatnonzero(new), ordered.tag)


def group_weights(rows: SortedRows, weight):
    """(P, N): the positives' and negatives' weight in each tie group, from
    the highest guess down; `weight` in the rows' order, one column per
    weighting if 2-D (groups x columns out)."""
    w = weight[rows.order]
    y = rows.positive if w.ndim == 1 else rows.positive[:, None]
    # in long double, as the curves' own cumulative sums: weights that span
    # many orders of magnitude keep the bits `average_precision` keeps
    P = np.add.reduceat(np.where(y, w, 0.0), rows.starts, axis=0, dtype=np.longdouble)
    N = np.add.reduceat(np.where(y, 0.0, w), rows.starts, axis=0, dtype=np.longdouble)
    return P, N


def ap_of(P, N):
    """AP = sum_g P_g TP_g / C_g / W1 (TP, C cumulated from the top), for
    each column of 2-D P, N; NaN without positive weight."""
    TP = np.cumsum(P, axis=0, dtype=np.longdouble)
    C = TP + np.cumsum(N, axis=0, dtype=np.longdouble)
    precision = np.divide(TP, C, out=np.zeros_like(TP), where=C > 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        ap = np.sum(P * precision, axis=0) / TP[-1]
    return ap.astype(np.float64) if P.ndim == 2 else float(ap)


def interpolated_of(P, N):
    """PRROC's ``auc.integral`` through the groups' vertices (from (0, 0)),
    in long double; one value per column of 2-D P, N; NaN without
    positive weight."""
    zero = np.zeros((1,) + P.shape[1:], dtype=np.longdouble)
    TP = np.concatenate((zero, np.cumsum(P, axis=0, dtype=np.longdouble)))
    FP = np.concatenate((zero, np.cumsum(N, axis=0, dtype=np.longdouble)))
    with np.errstate(invalid="ignore", divide="ignore"):
        if P.ndim == 1:  # one curve: pr_auc's own area (its rising segments only)
            return interpolated_area(TP, FP)
        return (np.sum(segment_areas(TP, FP), axis=0) / TP[-1]).astype(np.float64)


def estimates(rows: SortedRows, estimator, weights):
    """The estimate under each column of `weights` (rows x columns, in the
    rows' order), `CHUNK` columns at a time."""
    of = ap_of if estimator == "ap" else interpolated_of
    out = np.empty(weights.shape[1])
    for j in range(0, weights.shape[1], CHUNK):
        out[j : j + CHUNK] = of(*group_weights(rows, weights[:, j : j + CHUNK]))
    return out


def _ap_gradient(P, N):
    """(AP, dAP/dP_g, dAP/dN_g): with precision p_g = TP_g / C_g,
    dAP/dP_m = (p_m - AP + sum_{g >= m} P_g (1 - p_g) / C_g) / W1 and
    dAP/dN_m = -sum_{g >= m} P_g p_g / C_g / W1."""
    TP = np.cumsum(P)
    C = TP + np.cumsum(N)
    p = TP / C
    W1 = TP[-1]
    ap = float(np.sum(P * p) / W1)
    below_a = np.cumsum((P / C)[::-1])[::-1]
    below_b = np.cumsum((P * p / C)[::-1])[::-1]
    return ap, (p - ap + below_a - below_b) / W1, -below_b / W1


def _interpolated_gradient(P, N):
    """(area, d area/dP_g, d area/dN_g).  The segment of group g runs from
    (t0, f0) (the weights above it) by (dt, df) = (P_g, N_g); its area
    times W1 is g = dt^2/s - dt c L / s^2 with s = dt + df,
    c = f0 dt - t0 df, L = log((a0 + s) / a0), a0 = t0 + f0 (the first
    segment, a0 = 0: dt^2 / s).  A group's P and N move its own segment's
    dt, df and every later segment's t0, f0, and W1:
    d area/dP_m = (dg_m/d dt + sum_{g > m} dg_g/d t0) / W1 - area / W1."""
    area = interpolated_of(P, N)
    t0 = np.r_[0.0, np.cumsum(P)[:-1]]
    f0 = np.r_[0.0, np.cumsum(N)[:-1]]
    dt, df = P, N
    s = dt + df
    a0 = t0 + f0
    inner = (a0 > 0) & (s > 0)
    first = (a0 == 0) & (s > 0)
    ss = np.where(s > 0, s, 1.0)
    a = np.where(inner, a0, 1.0)
    L = np.where(inner, np.log1p(s / a), 0.0)
    c = np.where(inner, f0 * dt - t0 * df, 0.0)
    end = 1 / (a + s) - 1 / a
    Q = dt / ss**2
    d_t0 = np.where(inner, -Q * (-df * L + c * end), 0.0)
    d_f0 = np.where(inner, -Q * (dt * L + c * end), 0.0)
    d_dt = 2 * dt / ss - dt**2 / ss**2
    d_df = -(dt**2) / ss**2
    d_dt = d_dt - np.where(
        inner, (1 / ss**2 - 2 * dt / ss**3) * c * L + Q * (f0 * L + c / (a + s)), 0
    )
    d_df = d_df + np.where(inner, 2 * dt * c * L / ss**3 - Q * (-t0 * L + c / (a + s)), 0.0)
    d_dt = np.where(inner | first, d_dt, 0.0)
    d_df = np.where(inner | first, d_df, 0.0)
    later_t = np.r_[np.cumsum(d_t0[::-1])[::-1][1:], 0.0]
    later_f = np.r_[np.cumsum(d_f0[::-1])[::-1][1:], 0.0]
    W1 = float(np.sum(P))
    return area, (d_dt + later_t - area) / W1, (d_df + later_f) / W1


def influence(rows: SortedRows, estimator, weight):
    """(estimate, gradient): the estimate and its derivative in each row's
    weight (in the rows' order), in one pass over the sorted groups."""
    P, N = group_weights(rows, weight)
    estimate = (ap_of if estimator == "ap" else interpolated_of)(P, N)
    gradient = _ap_gradient if estimator == "ap" else _interpolated_gradient
    _, dP, dN = gradient(P.astype(np.float64), N.astype(np.float64))
    out = np.empty(len(weight))
    out[rows.order] = np.where(rows.positive, dP[rows.group], dN[rows.group])
    return float(estimate), out


def pr_sample(guess, label, weight, positive, direction, design=None):
    """The one validation of a PR interval or test: (guess, is_positive,
    weight) as float arrays, guesses negated for direction ">", the
    weights the design's own when it carries them."""
    from ..engine.validation import check_direction, check_inputs
    from ..survey.design import weights_of

    check_direction(direction)
    if design is not None:
        weight = weights_of(design, weight)
    guess, is_positive, weight = check_inputs(guess, label, weight, positive)
    guess = np.asarray(guess, dtype=np.float64)
    guess = -guess if direction == ">" else guess
    w = np.ones(len(guess)) if weight is None else np.asarray(weight, dtype=np.float64)
    if not (is_positive.any() and (~is_positive).any()):
        raise ValueError("precision-recall inference needs positives and negatives")
    return guess, np.asarray(is_positive, dtype=bool), w


def bootstrap_counts(rng, positive, n_boot):
    """Each stratified bootstrap replicate's count of every row (rows x
    n_boot): the rows drawn with replacement within each class, as
    ``rng.choice(rows, len(rows))`` for the positives, then the negatives."""
    classes = [np.flatnonzero(positive), np.flatnonzero(~positive)]
    counts = np.empty((len(positive), n_boot))
    for b in range(n_boot):
        pick = np.concatenate([rng.choice(r, len(r)) for r in classes])
        counts[:, b] = np.bincount(pick, minlength=len(positive))
    return counts


def replicate_estimates(rows, estimator, weight, reps):
    """The estimate under each replicate of `reps` (`ReplicateWeights`):
    the replicate's weights, or its factors times `weight`."""
    factors = reps.matrix if reps.index is None else reps.matrix[reps.index]
    base = np.ones(len(weight)) if reps.combined else weight
    return estimates(rows, estimator, base[:, None] * factors)
