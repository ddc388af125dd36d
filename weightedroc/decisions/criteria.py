"""The one best-threshold engine: a criterion per row from the weighted
counts, and one tie rule, shared by `best_threshold`, `coords(x="best")`
and `min_risk`.

Every criterion is a loss to minimise, computed in weighted counts (not in
rates), each class's counts scaled by a power of two to a total in
[0.5, 1) (exact): so on unweighted data mathematically equal criteria are
exactly equal, and rescaling every weight by a power of two changes no
decision.

- ``"youden"``: ``weight_fn * FNR + weight_fp * FPR``, i.e. maximise
  ``weight_fn * TPR + weight_fp * TNR`` (pROC's ``se + r sp`` with
  weights ``(1, r)``; the Bayes risk of `min_risk` with weights
  ``(p cost_fn, (1 - p) cost_fp)``), compared as ``FN W-1`` and ``FP W1``.
- ``"closest.topleft"``: ``weight_fn * FNR^2 + weight_fp * FPR^2`` (pROC's
  ``(1 - se)^2 + r (1 - sp)^2``), compared as ``(FN W-1)^2``, ``(FP W1)^2``.
- ``"cost"``: ``weight_fn * FN + weight_fp * FP``, the counts on one scale.

The tie rule: rows whose loss is within `TIE` (relative to the larger
loss of the two trivial rules, the first and last rows) of the least are
tied; `best_rows` returns the first of them (the lowest threshold) or all.
"""

import numpy as np

from ..engine.core import unit_scaled

__all__ = ["TIE", "METHODS", "criterion_loss", "best_rows", "youden", "closest_topleft"]

METHODS = ("youden", "closest.topleft", "cost")

#: Losses this close (relative to a trivial rule's) are ties: rounding in
#: the counts, not the data, tells such rows apart, and a decision must not
#: change when the weights are rescaled.
TIE = 1e-12


def criterion_loss(FN, FP, method, *, weight_fn=1.0, weight_fp=1.0):
    """The loss of each row of a complete curve, to minimise.

    Parameters
    ----------
    FN, FP : numpy.ndarray
        Weighted counts of a complete curve in `WeightedROC`'s order (FP[0]
        is the total negative weight, FN[-1] the total positive weight), on
        any scale.
    method : {"youden", "closest.topleft", "cost"}
    weight_fn, weight_fp : float
        Weights of the false negative and false positive terms.

    Examples
    --------
    >>> import numpy as np
    >>> FN, FP = np.array([0.0, 0, 1, 1, 3]), np.array([3.0, 2, 2, 0, 0])
    >>> criterion_loss(FN, FP, "cost", weight_fn=5).tolist()
    [0.75, 0.5, 1.75, 1.25, 3.75]
    """
    if method == "cost":  # one scale for both counts keeps their sum's proportions
        total = max(FP[0], FN[-1])
        return weight_fn * unit_scaled(FN, total=total) + weight_fp * unit_scaled(FP, total=total)
    FN, FP = unit_scaled(FN), unit_scaled(FP, first=True)
    miss, false_alarm = FN * FP[0], FP * FN[-1]  # FNR and FPR, times W1 W-1
    if method == "closest.topleft":
        miss, false_alarm = miss**2, false_alarm**2
    elif method != "youden":
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    # (a weight of 1 multiplies nothing: the same bits, two passes fewer)
    return (miss if weight_fn == 1 else weight_fn * miss) + (
        false_alarm if weight_fp == 1 else weight_fp * false_alarm
    )


def best_rows(loss, ties="first"):
    """Positions of the rows whose loss ties with the least: the first
    (lowest threshold) with ``ties="first"``, every one with ``"all"``.

    Examples
    --------
    >>> best_rows([4.0, 1.0, 3.0, 1.0, 4.0], ties="all").tolist()
    [1, 3]
    >>> best_rows([4.0, 1.0, 3.0, 1.0, 4.0]).tolist()
    [1]
    """
    loss = np.asarray(loss, dtype=float)
    scale = max(abs(loss[0]), abs(loss[-1]))
    rows = np.flatnonzero(loss <= loss.min() + TIE * scale)
    return rows[:1] if ties == "first" else rows


def youden(TP, TN, P, N, r=1.0):
    """pROC's Youden criterion ``se + r sp`` (so 1 + Youden's J when r = 1),
    the value `coords`, `measures` and `best_threshold` report."""
    return TP / P + r * (TN / N)


def closest_topleft(TP, TN, P, N, r=1.0):
    """pROC's closest.topleft criterion ``(1 - se)^2 + r (1 - sp)^2``."""
    return (1 - TP / P) ** 2 + r * (1 - TN / N) ** 2
