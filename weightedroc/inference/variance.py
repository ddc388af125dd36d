"""auc_var and auc_cov: the variance and covariance of weighted AUCs, by
DeLong's method (`.delong`), Obuchowski's (`.obuchowski`) or the bootstrap
(`.bootstrap`): a dispatcher that imports its methods."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from ..utils.warn import warn
from .bootstrap import cov_of, var_of
from .checks import (
    DIFFERENT_AREAS,
    check_choice,
    curve_partials,
    partial_area,
    warn_skewed_weights,
)
from .delong import spread
from .design_based import design_method, design_request, design_var
from .k_curves import K_METHODS, curves_of, k_auc_cov
from .obuchowski import obuchowski_cov, obuchowski_var
from .placements import curve_placements, in_order_of, uneven
from .request import read
from .smoothed import need_label, smooth_cov, smooth_var, smoothing_of

__all__ = ["auc_var", "auc_cov"]

METHODS = ("delong", "obuchowski", "bootstrap")


@in_help
def auc_var(
    guess: ArrayLike,
    label: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    *,
    method: str | None = None,
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    partial_auc: dict | None = None,
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> float:
    """DeLong's variance of the (weighted) AUC, as pROC's ``var(roc)``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.  Or `guess` is a `smooth_roc` curve, alone
        (it carries its data), as pROC's ``var(smooth(roc), method = "bootstrap")``:
        bootstrap only (DeLong is an error, as pROC), each replicate
        smoothed again (`weightedroc.inference.smoothed`).
    method : {"delong", "obuchowski", "bootstrap"}, or with `design` {"linearization", "replicate"}
        ``"delong"``: DeLong's placement-value (structural components)
        estimate.  ``"obuchowski"``: Obuchowski's estimate from a binormal
        fit of the curve, as pROC's ``var(roc, method = "obuchowski")``
        (see `weightedroc.inference.obuchowski`; with importance weights
        the class counts are Kish's effective sizes).  A planning formula
        more than an estimate: on binormal samples it was 0.64 to 2.0
        times the AUC's observed variance, DeLong's within 4% (the
        Inference vignette).  ``"bootstrap"``: the variance of `n_boot`
        bootstrap replicates' areas, as pROC's ``var(method =
        "bootstrap")`` (`weightedroc.inference.bootstrap.bootstrap_var`).
    weights_are : {"importance", "frequency"}
        ``"importance"`` (default): weights are costs or inverse sampling
        probabilities (hardhat's importance_weights); the variance is the
        two-sample jackknife of the exact leave-one-out AUCs (to first order
        the influence function's variance; see the module's notes), equal
        to pROC's for unit weights and unchanged when all weights are
        multiplied by a constant.  ``"frequency"``: whole-number weights
        count identical observations (hardhat's frequency_weights); the
        result equals DeLong's on the rows repeated.
    n_boot, seed, stratified
        Bootstrap only: replicates, seed, and pROC's ``boot.stratified``
        (False: draw from all observations together).
    fpr_range, tpr_range, correct
        A partial area, as `weightedroc.partial_auc`: the variance of the
        area over ``fpr_range`` (e.g. ``(0, 0.2)``, pROC's ``partial.auc =
        c(1, 0.8)``) or ``tpr_range``; ``correct=True`` standardises it
        (McClish).  Bootstrap: any range.
        Obuchowski: only over an FPR range, as in pROC; with
        ``correct=True`` the result is the variance of the standardised
        area (pROC returns the unstandardised one's).  DeLong's method has
        none (pROC's error).
        ``partial_auc=dict(...)`` (deprecated in 1.2, not shown by help())
        still gives the partial area, with a FutureWarning.
    design : SurveyDesign or ReplicateWeights, optional
        The sampling design; `weight` holds the sampling weights (and
        `weights_are` stays "importance").  The variance is then
        design-based (`weightedroc.inference.design_based`):
        ``method="linearization"`` (the default with a `SurveyDesign`): the
        AUC's influence values totalled within PSUs and varied between
        PSUs within strata, with the fpc, as ``survey::svyrecvar``;
        ``method="replicate"`` (the default with `ReplicateWeights` or
        `replicates`): the replicate AUCs combined as ``survey::svrVar``
        (JKn: svyROC's ``ci.wauc``).  Partial areas (`fpr_range`,
        `tpr_range`, `correct`) need replicates.
    replicates : str or ReplicateWeights, optional
        With a `SurveyDesign`: a replicate type of
        `SurveyDesign.replicates` ("JKn", "JK1", "BRR", "Fay", "bootstrap",
        "subbootstrap"; the bootstraps draw `n_boot` replicates with
        `seed`), or the replicate weights themselves.

    Returns
    -------
    float
        The variance of the AUC.

    Raises
    ------
    ValueError
        With fewer than 2 observations of a class (pROC returns NA),
        non-integer frequency weights, a partial area with DeLong's method,
        or (Obuchowski) a curve with fewer than two points strictly inside
        the unit square (pROC: "ROC curve not smoothable").

    Warns
    -----
    UserWarning
        When a few heavy importance weights carry the AUC: in a class,
        fewer than 50 effective rows for the AUC's influence ``w |V - A|``, or
        fewer than 11 for the squared weights, each net of what unit
        weights give (`weightedroc.inference.checks.weight_effective_sizes`;
        weights equal within a class never warn).  The warning states
        facts about the weights (Kish's effective sizes, the heaviest rows'
        share) and points to ``design=`` for weights from a sampling design;
        whether an interval covers is not something one sample can tell (the
        Inference vignette).

    Examples
    --------
    >>> from weightedroc import auc_var
    >>> guess = [0.1, 0.4, 0.35, 0.8, 0.5, 0.2]
    >>> label = [0, 0, 1, 1, 1, 0]
    >>> round(auc_var(guess, label), 10)  # pROC: var(roc(label, guess)) = 2/81
    0.024691358
    >>> round(auc_var(guess, label, [1, 1, 2, 1, 1, 1], weights_are="frequency"), 10)
    0.037037037
    >>> from weightedroc import load_asah
    >>> asah = load_asah()  # pROC: var(roc(outcome, s100b), method = "obuchowski")
    >>> round(auc_var(asah["s100b"], asah["outcome"], method="obuchowski"), 10)
    0.002734778
    """
    method = design_method(method, design, replicates)
    partial = partial_area("auc_var", fpr_range, tpr_range, correct, partial_auc)
    smoothing = smoothing_of(guess)
    if smoothing is not None:
        return smooth_var(smoothing, method, n_boot, seed, stratified, partial)
    label = need_label(label, "auc_var")
    request = design_request(design, replicates, method, weights_are)
    if request is None:
        check_choice(method, "method", METHODS)
    r = read(
        [guess], label, weight, function="auc_var", method=method, weights_are=weights_are,
        positive=positive, direction=direction, partial=partial, design=request,
        n_boot=n_boot, seed=seed, stratified=stratified,
    )  # fmt: skip
    return (design_var if request is not None else VAR[method])(r)


def _delong_var(r) -> float:
    """DeLong's variance of a request's one curve."""
    first = curve_placements(r.curves[0], r.weights_are)
    if r.weights_are == "importance" and uneven(r.weight):
        warn_skewed_weights(first)
    return spread(first, first, r.weights_are)


def _delong_cov(r) -> float:
    """DeLong's covariance of a request's two paired curves."""
    first = curve_placements(r.curves[0], r.weights_are)
    second = in_order_of(first, curve_placements(r.curves[1], r.weights_are))
    if r.weights_are == "importance" and uneven(r.weight):
        warn_skewed_weights(first)
    return spread(first, second, r.weights_are)


VAR = {"delong": _delong_var, "obuchowski": obuchowski_var, "bootstrap": var_of}
COV = {"delong": _delong_cov, "obuchowski": obuchowski_cov, "bootstrap": cov_of}


@in_help
def auc_cov(
    guess1: ArrayLike,
    guess2: ArrayLike | None = None,
    label: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    *,
    method: str | None = None,
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    fpr_range: tuple | None = None,
    tpr_range: tuple | None = None,
    correct: bool | tuple[bool, bool] = False,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    partial_auc: dict | None = None,
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> float | pd.DataFrame:
    """DeLong's covariance of the AUCs of two scores of the same observations.

    As pROC's ``cov(roc1, roc2)`` for paired curves; the weights are those
    of `auc_var`.  Given K >= 2 scores at once (a DataFrame, a 2-D array, a
    dict or a list of arrays as `guess1`, `label` as ``label=``), the K x K
    covariance matrix as a DataFrame named by curve (methods "delong",
    "bootstrap": the K areas of the same replicates, or a design's), each
    entry equal to the pair's `auc_cov` and the diagonal to `auc_var`.

    Parameters
    ----------
    guess1, guess2 : array-like
        Two scores of the same observations (equal lengths).  Or two
        `smooth_roc` curves of the same rows, without `label`, as pROC's
        ``cov(smooth(roc1), smooth(roc2), method = "bootstrap")``: the
        bootstrap redoes each smoothing on each replicate's shared rows.
        Or one `smooth_roc` curve and raw scores of the same rows, in
        either order, `label` (and `weight`) those of the raw scores, equal
        to the smoothed curve's labels row for row (pROC's
        ``cov(roc1, smooth(roc2))``): each replicate's rows smoothed again
        on one side and read as their empirical curve on the other.
    label, weight, method, weights_are, positive, direction
        As for `auc_var`.  Obuchowski's covariance also uses the scores'
        (weighted) Pearson correlations among the positives and among the
        negatives, as pROC's ``cov(roc1, roc2, method = "obuchowski")``.
    fpr_range, tpr_range, correct
        The partial area of both curves, as for `auc_var` (and its
        deprecated ``partial_auc=dict(...)``); or of each
        curve, a pair such as ``fpr_range=((0, 0.1), (0, 0.2))`` (None: a
        curve's full area; pROC's curves each with its ``partial.auc``),
        bootstrap only, with pROC's warning "Different AUC specifications
        in the ROC curves..." when they differ.
    n_boot, seed, stratified
        As for `auc_var` (bootstrap only): with ``method="bootstrap"`` the
        covariance of the replicates' two areas, each replicate drawing
        the same observations for both scores (pROC's ``cov(method =
        "bootstrap")``, `weightedroc.inference.bootstrap.bootstrap_cov`).
    design, replicates
        A sampling design, as for `auc_var`: the design-based covariance,
        ``method="linearization"`` (``svyrecvar`` of the two (K) columns of
        influence values) or ``"replicate"`` (``svrVar`` of the replicate
        AUCs of every score, read from the same replicates).

    Returns
    -------
    float or pandas.DataFrame
        ``auc_cov(g, g, ...)`` equals ``auc_var(g, ...)``; K scores give
        the K x K matrix.

    Examples
    --------
    >>> from weightedroc import auc_cov
    >>> label = [0, 0, 1, 1, 1, 0]
    >>> round(auc_cov([0.1, 0.4, 0.35, 0.8, 0.5, 0.2],
    ...               [0.2, 0.1, 0.3, 0.9, 0.4, 0.5], label), 10)
    -0.0061728395
    >>> from weightedroc import load_asah
    >>> asah = load_asah()  # pROC: cov(r.s100b, r.wfns, method = "obuchowski")
    >>> round(auc_cov(asah["s100b"], asah["wfns"], asah["outcome"], method="obuchowski"), 10)
    0.0008560803

    Three scores at once:

    >>> auc_cov(asah[["s100b", "wfns", "ndka"]], label=asah["outcome"]).round(6)
              s100b      wfns      ndka
    s100b  0.002669  0.001196 -0.000756
    wfns   0.001196  0.001470 -0.000533
    ndka  -0.000756 -0.000533  0.003191
    """
    method = design_method(method, design, replicates)
    curves = curves_of(guess1) if smoothing_of(guess1) is None else None
    if curves is not None or design is not None or replicates is not None:
        return _cov_of_curves(curves, locals())
    if guess2 is None:
        raise TypeError("auc_cov() needs guess2 (or K scores as the first argument)")
    check_choice(method, "method", METHODS)
    if partial_auc is None:
        partials = curve_partials("auc_cov", fpr_range, tpr_range, correct, warn_differ=False)
        if partials[0] != partials[1]:
            return _cov_per_curve(guess1, guess2, label, weight, method, partials, locals())
        partial = partials[0]
    else:
        partial = partial_area("auc_cov", fpr_range, tpr_range, correct, partial_auc)
    if smoothing_of(guess1) is not None or smoothing_of(guess2) is not None:
        raw = dict(label=label, weight=weight, weights_are=weights_are, positive=positive,
                   direction=direction)  # fmt: skip
        return smooth_cov(guess1, guess2, method, n_boot, seed, stratified, partial, raw)
    label = need_label(label, "auc_cov")
    _check_paired_lengths(method, guess1, guess2)
    r = read(
        [guess1, guess2], label, weight, function="auc_cov", method=method,
        weights_are=weights_are, positive=positive, direction=direction, partial=partial,
        n_boot=n_boot, seed=seed, stratified=stratified,
    )  # fmt: skip
    return COV[method](r)


def _check_paired_lengths(method, guess1, guess2):
    """Two scores of the same observations: equal lengths (each method's words)."""
    if np.size(guess1) == np.size(guess2):
        return
    if method == "bootstrap":
        raise ValueError(
            f"guess1 and guess2 must have one value per observation: got "
            f"{np.size(guess1)} and {np.size(guess2)}"
        )
    raise ValueError(
        f"paired scores must have equal lengths (one guess of each score "
        f"per observation): guess1 has {np.size(guess1)}, guess2 "
        f"{np.size(guess2)}"
    )


def _cov_of_curves(curves, given):
    """auc_cov of K scores, or of two under a design (`.k_curves`)."""
    guesses, names = curves if curves is not None else ([given["guess1"], given["guess2"]], None)
    label = given["label"]
    if curves is not None:
        if given["guess2"] is not None and label is not None:
            raise ValueError(
                "auc_cov of K scores takes the labels once: auc_cov(guesses, label=...)"
            )
        label = given["guess2"] if label is None else label
    label = need_label(label, "auc_cov")
    request = design_request(
        given["design"], given["replicates"], given["method"], given["weights_are"]
    )
    if request is None:
        check_choice(given["method"], "method", K_METHODS)
    if given["partial_auc"] is None:
        partial = curve_partials(
            "auc_cov", given["fpr_range"], given["tpr_range"], given["correct"]
        )
        if partial[0] != partial[1]:
            raise ValueError("auc_cov of K scores (or under a design) reads one area for all")
        partial = partial[0]
    else:
        partial = partial_area("auc_cov", None, None, False, given["partial_auc"])
    asked = {k: given[k] for k in ("weights_are", "positive", "direction", "n_boot", "seed")}
    r = read(
        guesses, label, given["weight"], function="k_auc_cov", method=given["method"],
        names=names or ["roc1", "roc2"], partial=partial, design=request,
        stratified=given["stratified"], **asked,
    )  # fmt: skip
    matrix = k_auc_cov(r)
    return matrix if curves is not None else float(matrix.iloc[0, 1])


def _cov_per_curve(guess1, guess2, label, weight, method, partials, given):
    """auc_cov of two curves with different partial areas: pROC's bootstrap
    (with its warning); other methods have one area for both curves."""
    if method != "bootstrap":
        raise ValueError(
            f"auc_cov(): a partial area per curve needs method='bootstrap' (got {method!r}); "
            "DeLong's and Obuchowski's covariances read one area for both curves"
        )
    if smoothing_of(guess1) is not None or smoothing_of(guess2) is not None:
        warn(DIFFERENT_AREAS, UserWarning)
        raw = {k: given[k] for k in ("label", "weight", "weights_are", "positive", "direction")}
        return smooth_cov(
            guess1, guess2, method, given["n_boot"], given["seed"], given["stratified"], partials,
            raw,
        )  # fmt: skip
    label = need_label(label, "auc_cov")
    warn(DIFFERENT_AREAS, UserWarning)
    _check_paired_lengths(method, guess1, guess2)
    asked = {k: given[k] for k in ("weights_are", "positive", "direction", "n_boot", "seed")}
    r = read(
        [guess1, guess2], label, weight, function="auc_cov", method=method, partial=partials,
        stratified=given["stratified"], **asked,
    )  # fmt: skip
    return cov_of(r)
