"""auc_ci: a confidence interval of the weighted AUC, DeLong's or the bootstrap's."""

from __future__ import annotations

import numpy as np

from ..curves.auc import counts_area
from ..engine.core import cumulate_sorted
from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.deprecation import renamed
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from .bootstrap import interval_of
from .checks import (
    check_choice,
    check_conf_level,
    check_quantile,
    partial_area,
    warn_skewed_weights,
    warn_small_classes,
)
from .delong import variance_and_df
from .design_based import design_interval, design_method, design_request
from .distributions import t_quantile
from .placements import curve_placements, uneven
from .request import read
from .results import AUCInterval
from .smoothed import need_label, smooth_interval, smoothing_of


@in_help
@renamed(level="conf_level")
def auc_ci(
    guess: ArrayLike,
    label: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    *,
    method: str | None = None,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    weights_are: str = "importance",
    quantile: str = "auto",
    positive: LabelValue = None,
    direction: Direction = "<",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
    stratified: bool = True,
    partial_auc: dict | None = None,
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> AUCInterval:
    """Confidence interval of the (weighted) AUC, as pROC's ``ci.auc``.

    ``method="delong"`` (the default, as in pROC) is the interval
    AUC +- q sqrt(var) with DeLong's variance (`auc_var`), clipped to
    [0, 1]; q is the normal quantile (pROC's) or Student's t with the
    variance's Satterthwaite degrees of freedom (see `quantile`).
    ``method="bootstrap"`` is the stratified percentile bootstrap
    (`weightedroc.inference.bootstrap.bootstrap_interval`).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.  Or `guess` is a `smooth_roc` curve, alone
        (it carries its data), as pROC's ``ci.auc(smooth(roc), method = "bootstrap")``:
        bootstrap only (DeLong is an error, as pROC), each replicate
        smoothed again (`weightedroc.inference.smoothed`).
    method : {"delong", "bootstrap"}, or with `design` {"linearization", "replicate"}
    conf_level : float, default 0.95
        In (0, 1).  (``level=`` before 1.0: deprecated.)
    n_boot, seed
        Bootstrap replicates and seed (bootstrap only).
    weights_are : {"importance", "frequency"}
        As for `auc_var`.  The bootstrap resamples observations keeping
        their weights ("importance") or the rows they count ("frequency").
    quantile : {"auto", "normal", "t"}
        DeLong only.  ``"normal"``: pROC's interval.  ``"t"``: Student's t
        with (sum of terms)^2 / (sum of squared terms) degrees of freedom,
        the variance being a sum of one term per observation
        (Satterthwaite's approximation, as pROC's unpaired test).
        ``"auto"`` (default): pROC's normal interval for unit and frequency
        weights, where it reproduces pROC, and t for uneven importance
        weights, where the normal interval under-covers (measured in the
        "Inference" vignette).
    fpr_range, tpr_range, correct
        Bootstrap only: the interval of a partial area, as
        `weightedroc.partial_auc` (e.g. ``fpr_range=(0, 0.1), correct=True``);
        DeLong's method has none (pROC's error).
    stratified : bool, default True
        Bootstrap only: pROC's ``boot.stratified`` (False: draw each
        replicate from all observations together).
        ``partial_auc=dict(...)`` (deprecated in 1.2, not shown by help())
        still gives the partial area, with a FutureWarning.
    design, replicates
        A sampling design, as for `auc_var`: the Wald interval
        AUC +- q sqrt(var) of the design-based variance, not clipped (as
        svyROC's ``ci.wauc``; JKn replicates reproduce it).  `quantile`
        "auto" and "normal" take the normal quantile (svyROC's); "t" takes
        survey's degrees of freedom, PSUs minus strata (linearization) or
        the replicate weights' rank minus 1 (survey's ``degf``), given in
        ``df``.  Replicates come back in ``replicates`` (their number in
        ``n_boot``); partial areas need replicates.

    Returns
    -------
    AUCInterval
        ``estimate``, ``conf_low``, ``conf_high``, ``conf_level``,
        ``std_error``, and ``df`` (inf for the normal quantile); DeLong intervals have
        ``n_boot == 0`` and no replicates.  (``lower``, ``upper`` and
        ``level`` are deprecated aliases.)

    Warns
    -----
    UserWarning
        Where the measured coverage of 95% intervals fell short: the normal
        quantile with fewer than 30 observations in a class (0.91-0.93),
        and importance weights concentrated on a few observations (see
        `auc_var`).

    Notes
    -----
    Coverage measured by simulation (benchmarks/inference_coverage.py):
    with unit weights pROC's normal interval covered 0.909 with 10
    observations of each class and 0.947-0.956 from 30, and
    ``quantile="t"`` 0.953-0.965 from 10; with log-normal importance
    weights the t interval covered 0.946-0.956 where the positives' Kish
    size was 50 or more, and 0.924 and 0.836 where it was 42 and 12.  An
    AUC near 0 or 1 also needs more observations.  The bootstrap came
    closer to 95% in four unit-weight settings (by at most 0.013) and
    covered less than the default in every weighted one.

    Examples
    --------
    >>> from weightedroc import auc_ci, load_asah
    >>> asah = load_asah()
    >>> ci = auc_ci(asah["s100b"], asah["outcome"])
    >>> [round(x, 4) for x in (ci.conf_low, ci.estimate, ci.conf_high)]
    [0.6301, 0.7314, 0.8326]
    >>> t = auc_ci(asah["s100b"], asah["outcome"], quantile="t")
    >>> round(t.df, 1), [round(x, 4) for x in (t.conf_low, t.conf_high)]
    (24.7, [0.6249, 0.8378])
    """
    method = design_method(method, design, replicates)
    conf_level = check_conf_level(conf_level)
    check_quantile(quantile)
    partial = partial_area("auc_ci", fpr_range, tpr_range, correct, partial_auc)
    smoothing = smoothing_of(guess)
    if smoothing is not None:
        return smooth_interval(smoothing, method, conf_level, n_boot, seed, stratified, partial)
    label = need_label(label, "auc_ci")
    request = design_request(design, replicates, method, weights_are)
    if request is not None:
        quantile = "normal" if quantile == "auto" else quantile
    else:
        check_choice(method, "method", ("delong", "bootstrap"))
    r = read(
        [guess], label, weight, function="auc_ci", method=method, conf_level=conf_level,
        quantile=quantile, n_boot=n_boot, seed=seed, positive=positive, direction=direction,
        weights_are=weights_are, stratified=stratified, partial=partial, design=request,
    )  # fmt: skip
    if request is not None:
        return design_interval(r)
    return (interval_of if method == "bootstrap" else _delong_interval)(r)


def _delong_interval(r) -> AUCInterval:
    """DeLong's interval of a request's one curve: the estimate (auc_score's
    counts, bit for bit) and the placements read from its one sort."""
    (curve,) = r.curves
    weights_are, weight, quantile = r.weights_are, curve.weight, r.quantile
    ordered = curve.ordered
    estimate = counts_area(cumulate_sorted(ordered.guess, ordered.tag, ordered.weight))
    placed = curve_placements(curve, weights_are)
    variance, df = variance_and_df(placed, placed, weights_are)
    importance = weights_are == "importance" and uneven(weight)
    if importance:
        warn_skewed_weights(placed)
    if quantile == "auto":
        quantile = "t" if importance else "normal"
    if quantile == "normal":
        df = np.inf
        if not importance:
            counted = weights_are == "frequency" and weight is not None
            warn_small_classes(placed.total if counted else placed.sizes)
    return wald_interval(estimate, variance, df, r.conf_level)


def wald_interval(estimate, variance, df, conf_level, method="DeLong"):
    """The `AUCInterval` ``estimate +- q sqrt(variance)``, clipped to [0, 1]:
    ``q`` is Student's t quantile with `df` degrees of freedom (the normal
    one for ``df=np.inf``)."""
    half = t_quantile(df, 1 - (1 - conf_level) / 2) * np.sqrt(variance)
    return AUCInterval(
        estimate,
        float(min(max(estimate - half, 0.0), 1.0)),
        float(min(max(estimate + half, 0.0), 1.0)),
        conf_level,
        0,
        np.empty(0),
        float(df),
        float(np.sqrt(variance)),
        method,
    )


@in_help
def group_intervals(arrays, groups, direction, conf_level, weights_are):
    """DeLong's (conf_low, conf_high) of each group of `auc_table` (NaN where
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
            bounds[:, i] = interval.conf_low, interval.conf_high
    return bounds
