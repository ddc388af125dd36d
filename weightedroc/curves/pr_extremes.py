"""The best, worst and random precision-recall curves of the labels
(PRROC's ``max.compute``, ``min.compute``, ``rand.compute``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..engine.validation import check_label, check_weight
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, LabelValue
from .pr import PR_AUC_METHODS, pr_auc, weighted_pr
from .pr_soft import soft_probabilities


@dataclass(frozen=True)
class PRBounds:
    """The areas and curves of the best, worst and random rankings of the
    rows (`pr_bounds`); the curves are `weighted_pr` frames with
    ``interpolate=True``, the random one two rows at the prevalence."""

    max_area: float
    min_area: float
    random_area: float
    max_curve: pd.DataFrame
    min_curve: pd.DataFrame
    random_curve: pd.DataFrame
    method: str

    def __repr__(self):
        return (
            f"PRBounds(max_area={self.max_area!r}, min_area={self.min_area!r}, "
            f"random_area={self.random_area!r}, curves: {len(self.max_curve)}, "
            f"{len(self.min_curve)} and 2 rows, method={self.method!r})"
        )


@in_help
def pr_bounds(
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    soft: bool = False,
    positive: LabelValue = None,
    method: str = "interpolated",
) -> PRBounds:
    """The best, worst and random precision-recall curves of the labels,
    and their areas (PRROC's ``max.compute``, ``min.compute`` and
    ``rand.compute``), beside which a model's curve can be read.

    Parameters
    ----------
    label, weight, positive
        As for `weighted_pr`.
    soft : bool
        `label` holds probabilities of being positive, as for `weighted_pr`.
    method : {"interpolated", "davis_goadrich", "trapezoid"}
        The area, as in `pr_auc`.

    Returns
    -------
    PRBounds
        ``max``: the rows ranked by their probability of being positive
        (hard labels: every positive above every negative, area 1);
        ``min``: ranked the other way; ``random``: precision the weighted
        prevalence W1 / (W1 + W-1) at every recall, its area.  PRROC ranks
        by its ``weights.class0``, which with row weights w is w p: here
        the ranking is by p, the same without row weights.

    Examples
    --------
    >>> from weightedroc import pr_bounds
    >>> b = pr_bounds([0, 1, 0, 1])
    >>> b.max_area, round(b.min_area, 6), b.random_area
    (1.0, 0.306853, 0.5)
    """
    if method not in PR_AUC_METHODS:
        raise ValueError(f"method must be one of {PR_AUC_METHODS}, found {method!r}")
    if soft:
        p = soft_probabilities(label, positive)
    else:
        p = check_label(label, positive=positive).astype(np.float64)
    w = np.ones(len(p)) if weight is None else check_weight(weight, len(p))
    ends = {}
    for name, guess in (("max", p), ("min", -p)):
        ends[name] = (
            pr_auc((guess, p, w), method=method, soft=True),
            weighted_pr(guess, p, w, soft=True, interpolate=True),
        )
    prevalence = float(np.sum(w * p) / np.sum(w))
    random_curve = pd.DataFrame({"precision": [prevalence] * 2, "recall": [1.0, 0.0]})
    return PRBounds(
        max_area=ends["max"][0],
        min_area=ends["min"][0],
        random_area=prevalence,
        max_curve=ends["max"][1],
        min_curve=ends["min"][1],
        random_curve=random_curve,
        method=method,
    )
