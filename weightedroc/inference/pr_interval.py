"""Confidence intervals for the weighted average precision (AP) and the
interpolated PR area (issue 41): the influence-function (delta-method)
interval, Boyd, Eng and Page's (2013) logit and binomial intervals, the
stratified bootstrap, and with ``design=`` survey's linearization and
replicate variances."""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from ..engine.validation import check_choice
from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from ..utils.warn import warn
from .checks import check_conf_level
from .pr_influence import (
    CHUNK,
    ESTIMATORS,
    bootstrap_counts,
    estimates,
    influence,
    pr_sample,
    replicate_estimates,
    sort_rows,
)

PR_CI_METHODS = ("influence", "logit", "binomial", "bootstrap", "linearization", "replicate")
NAMES = {"ap": "average precision", "interpolated": "interpolated PR area"}


@dataclass(frozen=True)
class PRInterval:
    """Result of `pr_ci`: the estimate (the average precision or the
    interpolated PR area, as `estimator` says), its standard error and
    interval, the confidence level, the method in words and the n the
    method used (Boyd's intervals: the effective number of positives; the
    others: the rows)."""

    estimate: float
    std_error: float
    conf_low: float
    conf_high: float
    conf_level: float
    method: str
    n: float
    estimator: str = "ap"


def ap_influence(guess, positive, weight):
    """The average precision and its derivative in each row's weight
    (`weightedroc.inference.pr_influence.influence`)."""
    return influence(sort_rows(guess, positive), "ap", weight)


def logistic(x):
    """1 / (1 + exp(-x)) without overflow for any x."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def pr_design(design, replicates, method, n, n_boot, seed):
    """The design-based plan (method, coded design, replicate weights) of
    a PR interval or test; "influence" reads as "linearization"."""
    from .design_based import _plan, design_request

    if method in ("logit", "binomial", "bootstrap"):
        raise ValueError(
            f'method="{method}" has no design-based form: with design= give '
            'method="linearization" (a SurveyDesign) or "replicate" (replicate weights), '
            "or leave method out for the design's own"
        )
    method = "linearization" if method == "influence" else method
    design, replicates, method = design_request(design, replicates, method)
    return _plan(design, replicates, method, n, n_boot, seed)


def design_variance(plan, rows, estimator, weight, gradients, estimate):
    """The design-based variance of an estimate (or of a difference, with
    `gradients` and `estimate` differences and `estimator` a function of
    the weights giving the replicate estimates)."""
    from ..survey.variance import svr_var, svyrecvar

    method, coded, reps = plan
    if method == "linearization":
        return float(svyrecvar(weight * gradients, coded)[0, 0])
    thetas = (
        estimator(reps)
        if callable(estimator)
        else replicate_estimates(rows, estimator, weight, reps)
    )
    return float(svr_var(thetas, reps, estimate)[0, 0])


def boot_estimates(rows, estimator, weight, positive, n_boot, seed):
    """The stratified bootstrap's estimates, reweighting the one sort."""
    rng = np.random.default_rng(seed)
    out = np.empty(n_boot)
    for j in range(0, n_boot, CHUNK):
        counts = bootstrap_counts(rng, positive, min(CHUNK, n_boot - j))
        out[j : j + CHUNK] = estimates(rows, estimator, weight[:, None] * counts)
    return out


@in_help
def pr_ci(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    estimator: str = "ap",
    method: str | None = None,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> PRInterval:
    """Confidence interval of the weighted average precision or PR area.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `average_precision`.
    estimator : {"ap", "interpolated"}
        The average precision (`average_precision`), or the area under
        the interpolated curve (``pr_auc(method="interpolated")``,
        PRROC's ``auc.integral``).
    method : {"influence", "logit", "binomial", "bootstrap", "linearization", "replicate"}
        ``"influence"`` (the default without a design): estimate +- z se,
        se from the linearization of the estimate in the rows' weights
        (u_k = w_k d estimate / dw_k, whose sum is 0), over all rows (both
        classes), with n / (n - 1): ``n/(n-1) sum u_k^2``, the rows taken
        as drawn with replacement (as the jackknife).  ``"logit"`` and
        ``"binomial"``: Boyd, Eng and Page's (2013) intervals,
        ``expit(logit est +- z / sqrt(n est (1 - est)))`` and ``est +- z
        sqrt(est (1 - est) / n)``, with n the number of positives as in
        their R code; with weights, Kish's effective number of positives
        (sum w)^2 / sum w^2, which ignores the negatives' weights: with
        uneven weights they under-covered (0.71-0.88) and warn.
        ``"bootstrap"``: percentiles of `n_boot`
        replicates resampled within each class (stratified).  With
        `design`: ``"linearization"`` (a `SurveyDesign`'s default; also
        read from "influence"), survey's ``svyrecvar`` of the influence
        values u_k, or ``"replicate"`` (the default with replicate
        weights), the estimate under each replicate's weights combined as
        ``svrVar``; the interval is estimate +- z se.
    conf_level : float
        Confidence level.
    n_boot, seed
        Replicates and seed of the bootstrap (and of bootstrap replicate
        weights made from a design).
    design : SurveyDesign or ReplicateWeights, optional
        The sample's design; `weight` are then sampling weights (or the
        design's own, ``SurveyDesign(weight=)``).
    replicates : str or ReplicateWeights, optional
        With a `SurveyDesign`: the replicate type ("JKn", "JK1",
        "bootstrap", "BRR", ...) or weights for ``method="replicate"``.

    Returns
    -------
    PRInterval
        The estimate, its standard error (the replicates' standard
        deviation for the bootstrap; for Boyd's intervals that of the
        binomial), bounds, level, method in words and `estimator`.

    Examples
    --------
    >>> from weightedroc import pr_ci
    >>> ci = pr_ci([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 1, 0], method="logit")
    >>> round(ci.estimate, 4), round(ci.conf_low, 4), round(ci.conf_high, 4)
    (0.5889, 0.1256, 0.9346)
    >>> ci = pr_ci([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 1, 0], estimator="interpolated")
    >>> round(ci.estimate, 4), round(ci.std_error, 4)
    (0.485, 0.2569)
    """
    check_choice(estimator, "estimator", ESTIMATORS)
    if method is not None:
        check_choice(method, "method", PR_CI_METHODS)
    conf_level = check_conf_level(conf_level)
    designed = design is not None or replicates is not None
    if not designed and method in ("linearization", "replicate"):
        raise ValueError(f'method="{method}" needs design= (a SurveyDesign or ReplicateWeights)')
    guess, is_positive, w = pr_sample(guess, label, weight, positive, direction, design)
    z = NormalDist().inv_cdf(0.5 + conf_level / 2)
    rows = sort_rows(guess, is_positive)
    estimate, gradient = influence(rows, estimator, w)
    name = NAMES[estimator]

    def interval(se, low, high, words, n):
        return PRInterval(
            estimate, float(se), float(low), float(high), conf_level, f"{words}, of the {name}",
            float(n), estimator,
        )  # fmt: skip

    if designed:
        from .design_based import plan_words

        plan = pr_design(design, replicates, method, len(w), n_boot, seed)
        se = math.sqrt(design_variance(plan, rows, estimator, w, gradient, estimate))
        words = f"design-based Wald interval, {plan_words(plan)}"
        return interval(se, estimate - z * se, estimate + z * se, words, len(w))
    method = "influence" if method is None else method
    if method == "influence":
        n = len(w)
        se = math.sqrt(n / (n - 1) * np.sum((w * gradient) ** 2))
        words = "influence-function (delta-method) interval, all rows, n/(n-1)"
        return interval(se, estimate - z * se, estimate + z * se, words, n)
    if method in ("logit", "binomial"):
        if np.ptp(w) > 0:
            warn(
                f"Boyd et al.'s {method} interval reads the weights only through the "
                "effective number of positives: with uneven weights it covered 0.71-0.88 "
                "of 95% in the coverage study (benchmarks/results/pr_coverage.md); "
                "method='influence' reads every row's weight (design= for a sampling design)",
                UserWarning,
            )
        wp = w[is_positive]
        n_pos = float(wp.sum() ** 2 / np.sum(wp**2))
        se = math.sqrt(estimate * (1 - estimate) / n_pos)
        if method == "binomial":
            low, high = estimate - z * se, estimate + z * se
        elif 0 < estimate < 1:
            eta = math.log(estimate / (1 - estimate))
            tau = 1 / math.sqrt(n_pos * estimate * (1 - estimate))
            low, high = (logistic(eta + sign * z * tau) for sign in (-1, 1))
        else:
            warn(
                f"Boyd et al.'s logit interval is undefined at an estimate of {estimate:g} "
                "(its logit is infinite): the interval is NaN, as Boyd's R code gives; "
                "method='influence' or 'bootstrap' give one",
                UserWarning,
            )
            low = high = math.nan
        words = f"Boyd et al.'s {method} interval, n = effective number of positives"
        return interval(se, low, high, words, n_pos)
    replicates_ = boot_estimates(rows, estimator, w, is_positive, n_boot, seed)
    low, high = np.quantile(replicates_, [(1 - conf_level) / 2, (1 + conf_level) / 2])
    words = f"stratified bootstrap percentile interval, {n_boot} replicates"
    return interval(np.std(replicates_, ddof=1), low, high, words, len(w))
