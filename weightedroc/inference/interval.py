"""auc_ci: a confidence interval of the weighted AUC, DeLong's or the bootstrap's."""

from statistics import NormalDist
from typing import Any

import numpy as np

from .._typing import ArrayLike, Direction, LabelValue
from . import bootstrap
from .checks import check_choice, check_conf_level
from .delong import auc_var


def auc_ci(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "delong",
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    level: float | None = None,
    **kwargs: Any,
) -> bootstrap.AUCInterval:
    """Confidence interval of the (weighted) AUC, as pROC's ``ci.auc``.

    ``method="delong"`` (the default, as in pROC) is the normal interval
    AUC +- z sqrt(var), with DeLong's variance (`auc_var`), clipped to
    [0, 1].  ``method="bootstrap"`` is the stratified percentile bootstrap
    (`weightedroc.inference.bootstrap.auc_ci`).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    method : {"delong", "bootstrap"}
    conf_level : float, default 0.95
        In (0, 1).
    n_boot, seed
        Bootstrap replicates and seed (bootstrap only).
    weights_are : {"importance", "frequency"}
        As for `auc_var`.  The bootstrap resamples observations keeping
        their weights ("importance") or the rows they count ("frequency").
    level : float, optional
        Same as `conf_level` (the name of earlier versions).
    **kwargs
        Passed to the bootstrap (e.g. ``partial_auc=dict(fpr_range=(0, .1))``).

    Returns
    -------
    AUCInterval
        ``estimate``, ``lower``, ``upper``, ``level``; DeLong intervals have
        ``n_boot == 0`` and no replicates.

    Notes
    -----
    The DeLong interval relies on the AUC being close to normal: with few
    observations of a class, an AUC near 0 or 1, or importance weights
    that leave a class a small Kish effective size (a warning says so
    below 30), it under-covers; prefer the bootstrap there (see the
    "Inference" vignette for measured coverage).

    Examples
    --------
    >>> from weightedroc import auc_ci, load_asah
    >>> asah = load_asah()
    >>> ci = auc_ci(asah["s100b"], asah["outcome"])
    >>> [round(x, 4) for x in (ci.lower, ci.estimate, ci.upper)]
    [0.6301, 0.7314, 0.8326]
    """
    check_choice(method, "method", ("delong", "bootstrap"))
    conf_level = check_conf_level(conf_level if level is None else level)
    if method == "bootstrap":
        return bootstrap.auc_ci(
            guess,
            label,
            weight,
            conf_level,
            n_boot,
            seed,
            positive=positive,
            direction=direction,
            weights_are=weights_are,
            **kwargs,
        )
    if kwargs:
        raise TypeError(f"auc_ci(method='delong') got unexpected arguments {sorted(kwargs)}")
    from ..curves.auc import auc_score

    estimate = auc_score(guess, label, weight, positive=positive, direction=direction)
    sd = np.sqrt(
        auc_var(
            guess, label, weight, weights_are=weights_are, positive=positive, direction=direction
        )
    )
    normal = NormalDist(estimate, sd) if sd > 0 else None
    lower, upper = (
        (estimate, estimate)
        if normal is None
        else (normal.inv_cdf((1 - conf_level) / 2), normal.inv_cdf(1 - (1 - conf_level) / 2))
    )
    return bootstrap.AUCInterval(
        estimate,
        float(min(max(lower, 0.0), 1.0)),
        float(min(max(upper, 0.0), 1.0)),
        conf_level,
        0,
        np.empty(0),
    )


def group_intervals(arrays, groups, direction, conf_level, weights_are):
    """DeLong's (lower, upper) of each group of `auc_table` (NaN where
    undefined); `groups` are the groups' rows (slices or positions)."""
    guess, positive, weight = arrays
    bounds = np.full((2, len(groups)), np.nan)
    for i, at in enumerate(groups):
        w = None if weight is None else weight[at]
        counts = [np.count_nonzero(positive[at]), np.count_nonzero(~positive[at])]
        if weights_are == "frequency" and w is not None:
            counts = [w[positive[at]].sum(), w[~positive[at]].sum()]
        if min(counts) >= 2:
            interval = auc_ci(
                guess[at],
                positive[at],
                w,
                conf_level=conf_level,
                weights_are=weights_are,
                direction=direction,
            )
            bounds[:, i] = interval.lower, interval.upper
    return bounds
