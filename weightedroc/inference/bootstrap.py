"""Bootstrap confidence interval of the weighted AUC or partial AUC.

Replicates are drawn by `weightedroc.inference.replicates`: positives and
negatives apart (stratified, as pROC's default) or all observations
together (``stratified=False``), from the one sorted, grouped pass.
`bootstrap_var` and `bootstrap_cov` are pROC's ``var`` and ``cov`` with
``method = "bootstrap"``: the variance (covariance) of the replicates'
areas.
"""

from __future__ import annotations

import math

import numpy as np

from ..engine.tally import replicate_areas as auc_rows
from ..utils.deprecation import renamed
from ..utils.types import ArrayLike, Direction, LabelValue
from ..utils.warn import warn
from .checks import check_conf_level, check_n_boot, curve_partials, partial_area
from .replicates import (  # noqa: F401
    CELLS,
    batches,
    class_weights,
    draw,
    partial_rows,
    prepare,
    replicate_values,
    samples,
    without_na,
)
from .request import read
from .results import AUCInterval


def _replicate_aucs(pos_group, pos_weight, neg_group, neg_weight, n_groups, pos_draws, neg_draws):
    """AUC of each replicate: rows of draws are indices into each class."""
    from .replicates import group_weights

    return auc_rows(
        group_weights(pos_group, pos_weight, pos_draws, n_groups),
        group_weights(neg_group, neg_weight, neg_draws, n_groups),
    )


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


def areas(sample, n_boot, seed, partial):
    """The replicates' (partial) areas, NaN ones dropped with pROC's warning."""
    rng = np.random.default_rng(seed)
    values = replicate_values(
        rng, [sample], n_boot, lambda w: replicate_areas(sample, w[0], w[1], partial)
    )
    return without_na(values)


def bootstrap_var(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
) -> float:
    """Bootstrap variance of the weighted AUC or partial AUC: the engine of
    ``weightedroc.auc_var(method="bootstrap")``, as pROC's
    ``var(roc, method = "bootstrap")``.

    The sample variance (n - 1) of the replicates' areas, the replicates
    drawn as for `bootstrap_interval`.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    n_boot, seed, stratified, weights_are
        As for `bootstrap_interval`.
    fpr_range, tpr_range, correct
        A partial area, as `weightedroc.partial_auc`: pROC's
        ``partial.auc = c(1, .8)`` is ``fpr_range=(0, 0.2)`` (specificity
        focus), with ``partial.auc.focus = "se"`` ``tpr_range=(0.8, 1)``;
        ``correct`` is ``partial.auc.correct``.

    Returns
    -------
    float

    Examples
    --------
    >>> from weightedroc.inference.bootstrap import bootstrap_var
    >>> v = bootstrap_var([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1], n_boot=500, seed=1)
    >>> bool(0 < v < 0.05)
    True
    """
    check_n_boot(n_boot)
    partial = partial_area("bootstrap_var", fpr_range, tpr_range, correct)
    request = read(
        [guess], label, weight, function="auc_var", method="bootstrap", n_boot=n_boot,
        seed=seed, stratified=stratified, positive=positive, direction=direction,
        weights_are=weights_are, partial=partial,
    )  # fmt: skip
    return var_of(request)


def var_of(r) -> float:
    """The bootstrap variance of a `weightedroc.inference.request.Request`'s curve."""
    (sample,) = samples(r)
    return float(np.var(areas(sample, r.n_boot, r.seed, r.partial), ddof=1))


def bootstrap_cov(
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    fpr_range: tuple | None = None,
    tpr_range: tuple | None = None,
    correct: bool | tuple[bool, bool] = False,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
) -> float:
    """Bootstrap covariance of the (partial) AUCs of two scores of the same
    observations: ``weightedroc.auc_cov(method="bootstrap")``, as pROC's
    ``cov(roc1, roc2, method = "bootstrap")``.

    Each replicate draws the same observations for both scores; the
    result is the sample covariance (n - 1) of the two areas over the
    replicates.

    Parameters
    ----------
    guess1, guess2 : array-like
        Two scores of the same observations.
    label, weight, positive, direction, n_boot, seed, stratified, weights_are
        As for `bootstrap_var`.
    fpr_range, tpr_range, correct
        The partial area of both curves, as for `bootstrap_var`; or of each
        curve, a pair such as ``fpr_range=((0, 0.1), (0, 0.2))`` (None for
        a curve's full area), with pROC's warning when they differ.

    Returns
    -------
    float
        ``bootstrap_cov(g, g, ...)`` equals ``bootstrap_var(g, ...)`` with
        the same seed (to rounding).

    Examples
    --------
    >>> from weightedroc.inference.bootstrap import bootstrap_cov, bootstrap_var
    >>> g, label = [1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1]
    >>> c = bootstrap_cov(g, g, label, n_boot=300, seed=2)
    >>> bool(abs(c - bootstrap_var(g, label, n_boot=300, seed=2)) < 1e-15)
    True
    """
    check_n_boot(n_boot)
    partials = curve_partials("bootstrap_cov", fpr_range, tpr_range, correct)
    if np.size(guess1) != np.size(guess2):
        raise ValueError(
            f"guess1 and guess2 must have one value per observation: got "
            f"{np.size(guess1)} and {np.size(guess2)}"
        )
    request = read(
        [guess1, guess2], label, weight, function="auc_cov", method="bootstrap",
        n_boot=n_boot, seed=seed, stratified=stratified, positive=positive,
        direction=direction, weights_are=weights_are, partial=partials,
    )  # fmt: skip
    return cov_of(request)


def cov_of(r) -> float:
    """The bootstrap covariance of the two paired curves of a
    `weightedroc.inference.request.Request` (``r.partial``: one area for
    both, or a pair, one per curve)."""
    p1, p2 = r.partial if isinstance(r.partial, tuple) else (r.partial, r.partial)
    first, second = samples(r)
    rng = np.random.default_rng(r.seed)
    values = replicate_values(
        rng,
        [first, second],
        r.n_boot,
        lambda w1, w2: np.stack(
            (
                replicate_areas(first, w1[0], w1[1], p1),
                replicate_areas(second, w2[0], w2[1], p2),
            ),
            1,
        ),
    )
    values = without_na(values)
    return float(np.cov(values[:, 0], values[:, 1], ddof=1)[0, 1])


def bootstrap_interval(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
    weights_are: str = "importance",
    stratified: bool = True,
    partial_auc: dict | None = None,
) -> AUCInterval:
    """Stratified bootstrap interval of the weighted AUC or partial AUC:
    the engine of ``weightedroc.auc_ci(method="bootstrap")``.

    Each replicate draws, with replacement, as many positives as there are
    from the positives and as many negatives from the negatives (stratified
    resampling, as pROC's ``ci.auc(method = "bootstrap")``).  The interval
    is the percentile interval of the replicates (quantiles as R's default
    type 7).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    conf_level : float, default 0.95
        Confidence level, in (0, 1).
    n_boot : int, default 2000
        Number of bootstrap replicates.
    seed : None, int or numpy.random.Generator
        Seed of ``numpy.random.default_rng``: the same seed gives the same
        interval.
    fpr_range, tpr_range, correct
        A partial area, as `weightedroc.partial_auc`: the interval of that
        area, as pROC's ``ci.auc`` of a curve with ``partial.auc``.  A
        corrected replicate below the diagonal is kept (below 0.5), as
        pROC's bootstrap does.
    weights_are : {"importance", "frequency"}, default "importance"
        ``"importance"``: an observation is drawn with its weight.
        ``"frequency"``: integer weights count identical rows, and the
        replicates resample the expanded rows (the same interval, in
        distribution, as the data given one row per unit).
    stratified : bool, default True
        pROC's ``boot.stratified``: False draws each replicate from all
        observations together, the classes' sizes varying; replicates
        without a class are dropped with pROC's warning.
    partial_auc : dict, optional
        Deprecated (1.2): the keywords as a dict, with a FutureWarning.

    Returns
    -------
    AUCInterval
        ``estimate`` (the area of the data, equal to `auc_score` or
        `partial_auc`), ``conf_low``, ``conf_high``, ``conf_level``,
        ``n_boot`` and the ``replicates``.

    Examples
    --------
    >>> from weightedroc.inference.bootstrap import bootstrap_interval
    >>> ci = bootstrap_interval([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1], [1, 2, 1, 1, 2, 1],
    ...                         n_boot=500, seed=1)
    >>> round(ci.estimate, 6)
    0.9375
    >>> bool(ci.conf_low <= ci.estimate <= ci.conf_high <= 1)
    True
    >>> part = bootstrap_interval([1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1], n_boot=200, seed=1,
    ...                           fpr_range=(0, 0.5))
    >>> round(part.estimate, 6)  # TPR 2/3 until FPR 1/3, then 1: 2/9 + 1/6
    0.388889
    """
    conf_level = check_conf_level(conf_level)
    check_n_boot(n_boot)
    partial = partial_area("bootstrap_interval", fpr_range, tpr_range, correct, partial_auc)
    request = read(
        [guess], label, weight, function="auc_ci", method="bootstrap", conf_level=conf_level,
        n_boot=n_boot, seed=seed, stratified=stratified, positive=positive,
        direction=direction, weights_are=weights_are, partial=partial,
    )  # fmt: skip
    return interval_of(request)


def interval_of(r) -> AUCInterval:
    """The percentile bootstrap interval of a `weightedroc.inference.request.Request`'s curve."""
    (sample,) = samples(r)
    estimate = area_of(sample, r.partial)
    replicates = areas(sample, r.n_boot, r.seed, r.partial)
    low, high = np.quantile(replicates, [(1 - r.conf_level) / 2, (1 + r.conf_level) / 2])
    return AUCInterval(
        float(estimate),
        float(low),
        float(high),
        r.conf_level,
        int(r.n_boot),
        replicates,
        std_error=float(np.std(replicates, ddof=1)) if len(replicates) > 1 else math.nan,
        method=f"bootstrap ({int(r.n_boot)}, {'' if r.stratified else 'not '}stratified)",
    )


def __getattr__(name):
    if name == "auc_ci":  # before 1.0 this module had its own auc_ci
        warn(
            "weightedroc.inference.bootstrap.auc_ci is deprecated and will be removed "
            'in 2.0: call weightedroc.auc_ci(..., method="bootstrap")',
            FutureWarning,
        )
        return renamed(level="conf_level")(bootstrap_interval)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
