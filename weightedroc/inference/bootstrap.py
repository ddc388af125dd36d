"""Bootstrap confidence interval of the weighted AUC or partial AUC.

Replicates are drawn by `weightedroc.inference.replicates`: positives and
negatives apart (stratified, as pROC), from the one sorted, grouped pass.
"""

import math
from dataclasses import dataclass, field

import numpy as np

from ..engine.types import ArrayLike, Direction, LabelValue
from .replicates import (  # noqa: F401
    CELLS,
    auc_rows,
    batches,
    check_level,
    class_weights,
    draw,
    partial_rows,
    prepare,
)


@dataclass(frozen=True)
class AUCInterval:
    """Result of `auc_ci`.

    Attributes
    ----------
    estimate : float
        The AUC of the data (`auc_score`).
    lower, upper : float
        The percentile interval's bounds.
    level : float
        Its confidence level.
    n_boot : int
        Number of replicates.
    replicates : numpy.ndarray
        The replicates' AUCs.
    df : float
        Degrees of freedom of a DeLong interval's Student t quantile; inf
        for the normal quantile and for the bootstrap.
    """

    estimate: float
    lower: float
    upper: float
    level: float
    n_boot: int
    replicates: np.ndarray = field(repr=False)
    df: float = math.inf


def _replicate_aucs(pos_group, pos_weight, neg_group, neg_weight, n_groups, pos_draws, neg_draws):
    """AUC of each replicate: rows of draws are indices into each class."""
    from .replicates import group_weights

    return auc_rows(
        group_weights(pos_group, pos_weight, pos_draws, n_groups),
        group_weights(neg_group, neg_weight, neg_draws, n_groups),
    )


def check_partial(partial_auc):
    """The keywords of `weightedroc.partial_auc` as a dict (checked), or None."""
    if partial_auc is None:
        return None
    if not isinstance(partial_auc, dict):
        raise TypeError(
            "partial_auc must be a dict of weightedroc.partial_auc's keywords, "
            f"e.g. dict(fpr_range=(0, 0.2), correct=True), got {partial_auc!r}"
        )
    unknown = set(partial_auc) - {"fpr_range", "tpr_range", "correct"}
    if unknown:
        raise TypeError(
            f"partial_auc has unknown keys {sorted(unknown)}: expected "
            "fpr_range, tpr_range and correct"
        )
    from ..curves.areas import check_range

    found = {"fpr_range": None, "tpr_range": None, "correct": bool(partial_auc.get("correct"))}
    for name in ("fpr_range", "tpr_range"):
        if partial_auc.get(name) is not None:
            found[name] = check_range(partial_auc[name], name)
    if found["fpr_range"] is not None and found["tpr_range"] is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    return found


def area_of(sample, partial):
    """The (partial) AUC of a sample's own curve, as `weightedroc.partial_auc`."""
    from ..curves.areas import partial_auc as area
    from ..curves.roc import curve_frame

    if partial is None:
        from ..curves.auc import trapezoid_area
        from ..curves.roc import rates

        return trapezoid_area(*rates(sample.counts))
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a corrected area below the diagonal
        return area(curve_frame(sample.counts), **partial)


def replicate_areas(sample, P, N, partial):
    """Each replicate's (partial) AUC from its group weights."""
    return auc_rows(P, N) if partial is None else partial_rows(P, N, **partial)


def bootstrap_ci(
    guess,
    label,
    weight=None,
    level=0.95,
    n_boot=2000,
    seed=None,
    *,
    positive=None,
    direction="<",
    partial_auc=None,
    weights_are="importance",
):
    """Stratified bootstrap interval of the (partial) AUC: `auc_ci`'s engine."""
    check_level(level, n_boot)
    partial = check_partial(partial_auc)
    sample = prepare(guess, label, weight, positive, direction, weights_are)
    estimate = area_of(sample, partial)
    rng = np.random.default_rng(seed)
    replicates = np.empty(n_boot)
    for start, size in batches(n_boot, sum(len(g) for g, _ in sample.pools)):
        P, N = class_weights(sample, draw(rng, sample, size))
        replicates[start : start + size] = replicate_areas(sample, P, N, partial)
    lower, upper = np.quantile(replicates, [(1 - level) / 2, (1 + level) / 2])
    return AUCInterval(
        float(estimate), float(lower), float(upper), float(level), int(n_boot), replicates
    )


def auc_ci(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    partial_auc: dict | None = None,
    weights_are: str = "importance",
) -> AUCInterval:
    """Bootstrap confidence interval for the weighted AUC or partial AUC.

    Each replicate draws, with replacement, as many positives as there are
    from the positives and as many negatives from the negatives (stratified
    resampling, as pROC's ``ci.auc(method = "bootstrap")``).  The interval
    is the percentile interval of the replicates (quantiles as R's default
    type 7).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    level : float, default 0.95
        Confidence level, in (0, 1).
    n_boot : int, default 2000
        Number of bootstrap replicates.
    seed : None, int or numpy.random.Generator
        Seed of ``numpy.random.default_rng``: the same seed gives the same
        interval.
    partial_auc : dict, optional
        Keywords of `weightedroc.partial_auc` (``fpr_range``, ``tpr_range``,
        ``correct``): the interval of that partial area, as pROC's
        ``ci.auc`` of a curve with ``partial.auc``.  A corrected replicate
        below the diagonal is kept (below 0.5), as pROC's bootstrap does.
    weights_are : {"importance", "frequency"}, default "importance"
        ``"importance"``: an observation is drawn with its weight.
        ``"frequency"``: integer weights count identical rows, and the
        replicates resample the expanded rows (the same interval, in
        distribution, as the data given one row per unit).

    Returns
    -------
    AUCInterval
        ``estimate`` (the area of the data, equal to `auc_score` or
        `partial_auc`), ``lower``, ``upper``, ``level``, ``n_boot`` and the
        ``replicates``.

    Examples
    --------
    >>> from weightedroc.inference.bootstrap import auc_ci
    >>> ci = auc_ci([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1], [1, 2, 1, 1, 2, 1],
    ...             n_boot=500, seed=1)
    >>> round(ci.estimate, 6)
    0.9375
    >>> bool(ci.lower <= ci.estimate <= ci.upper <= 1)
    True
    >>> part = auc_ci([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1], n_boot=200, seed=1,
    ...               partial_auc=dict(fpr_range=(0, 0.5)))
    >>> round(part.estimate, 6)  # TPR 2/3 until FPR 1/3, then 1: 2/9 + 1/6
    0.388889
    """
    return bootstrap_ci(
        guess,
        label,
        weight,
        level,
        n_boot,
        seed,
        positive=positive,
        direction=direction,
        partial_auc=partial_auc,
        weights_are=weights_are,
    )
