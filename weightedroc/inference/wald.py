"""The Wald test of contrasts of K AUCs, (L A)' (L V L')^-1 (L A): the
contrast's checks and the quadratic form.  A leaf: `k_curves` tests with it,
and `KCurveTest.wald_test` retests a result for another contrast."""

from __future__ import annotations

import numpy as np

ROUNDING = 64 * np.finfo(float).eps


def check_contrast(contrast, k):
    """The contrast matrix: K - 1 rows comparing the first curve with each
    other one by default; a user's must have K columns, rows summing to 0,
    and full row rank."""
    if contrast is None:
        L = np.zeros((k - 1, k))
        L[:, 0] = 1.0
        L[np.arange(k - 1), np.arange(1, k)] = -1.0
        return L
    L = np.array(contrast, dtype=float, ndmin=2)
    if L.ndim != 2 or L.shape[1] != k or not np.isfinite(L).all():
        raise ValueError(
            f"contrast must be a finite matrix with one column per curve ({k}), "
            f"got shape {np.shape(contrast)}"
        )
    sums = L.sum(axis=1)
    if np.any(np.abs(sums) > 1e-12 * np.abs(L).sum(axis=1)):
        raise ValueError(
            f"each row of contrast must sum to 0 (a contrast of the AUCs), got row sums {sums}"
        )
    rank = np.linalg.matrix_rank(L)
    if rank < L.shape[0]:
        raise ValueError(
            f"contrast has {L.shape[0]} rows but rank {rank}: give linearly independent rows"
        )
    return L


def wald(difference, covariance):
    """(statistic, rank) of (L A)' V^-1 (L A): by Cholesky when V is
    positive definite (so a single contrast gives (d / sd)^2 exactly),
    else on V's eigenvectors above rounding (Daim's rank)."""
    d = np.asarray(difference, dtype=float)
    V = np.asarray(covariance, dtype=float)
    scale = max(float(np.abs(V).max()), 0.0)
    values, vectors = np.linalg.eigh(V)
    tol = max(ROUNDING**2, scale * len(d) * np.finfo(float).eps)
    keep = values > tol
    if keep.all():
        z = np.linalg.solve(np.linalg.cholesky(V), d)
        return float(z @ z), len(d)
    projected = vectors[:, keep].T @ d
    return float(np.sum(projected**2 / values[keep])), int(keep.sum())
