"""DeLong's variance and covariance of weighted AUCs, from placement values.

The weighted AUC is a ratio of double sums over positives i and negatives j,

    A = sum_ij w_i w_j psi_ij / (W1 W0),   psi_ij = 1, 1/2, 0 as x_i >, =, < y_j,

with W1, W0 the total weight of the positives and of the negatives, and
V_k the placement value of observation k (`weightedroc.inference.placements`):
A = sum_i w_i V_i / W1 = sum_j w_j V_j / W0.

Importance weights (costs or inverse sampling probabilities, hardhat's
importance_weights).  Leaving positive i out changes the AUC by exactly

    d_i = A(-i) - A = w_i (A - V_i) / (W1 - w_i),

(the negatives' placements do not move), and negative j by
d_j = w_j (A - V_j) / (W0 - w_j).  The variance is the two-sample jackknife
of these exact leave-one-out changes, one sum per class (the classes are
independent samples),

    var(A) = (m-1)/m sum_i (d_i - mean d)^2 + (n-1)/n sum_j (d_j - mean d)^2,

m and n the numbers of positives and negatives.  To first order d_i is
-w_i (V_i - A) / W1, the influence of observation i on A, so this is the
influence-function (linearised) variance with a finite-sample factor
W1 / (W1 - w_i) that grows with an observation's share of its class; the
coverage study (benchmarks/inference_coverage.py) measured it closer to
nominal than the linearised variance with skewed weights.  With unit
weights d_i = (A - V_i) / (m - 1) and the sum is DeLong's S10/m + S01/n,
exactly as pROC computes it; multiplying every weight by a constant
changes nothing.  The covariance of two scores of the same observations
replaces (d - mean d)^2 by (d - mean d)(d' - mean d').

The variance is a sum of one term per observation; its Satterthwaite
degrees of freedom (sum of terms)^2 / (sum of squared terms) measure how
many observations it effectively rests on.  Intervals and paired tests
with uneven importance weights use Student's t with these degrees of
freedom (`variance_and_df`).

Frequency weights (hardhat's frequency_weights: whole numbers counting
identical rows): DeLong's on the data with each row repeated, so m, n
become W1, W0 and each row counts w times,

    var(A) = sum_i w_i (V_i - A)^2 / (W1 (W1-1)) + sum_j w_j (V_j - A)^2 / (W0 (W0-1)).
"""

import numpy as np

from ..engine.validation import one_label_warning
from ..utils.types import ArrayLike, Direction, LabelValue
from .checks import check_choice, check_partial, prepared, warn_skewed_weights
from .obuchowski import obuchowski_cov, obuchowski_var
from .placements import Placements, paired_placements, placements, uneven

METHODS = ("delong", "obuchowski", "bootstrap")


def check_no_partial(partial_auc):
    """DeLong's variance is of the full AUC only (pROC's words)."""
    if check_partial(partial_auc) is not None:
        raise ValueError(
            'DeLong method is not supported for partial AUC. Use method="bootstrap" '
            'or method="obuchowski" instead.'
        )


def leave_one_out(p: Placements) -> np.ndarray:
    """A(-k) - A for each sorted observation k of importance-weighted (or
    unit) `Placements`: the exact change of the AUC when k is left out."""
    pos = p.positive
    if p.weight is None:
        rest = np.where(pos, p.sizes[0] - 1.0, p.sizes[1] - 1.0)
        return (p.auc - p.value) / rest
    w = p.weight
    # The rest of the class weighs at least the class's lightest weight; the
    # floor only matters when one weight holds all its class but rounding.
    rest = np.where(pos, p.total[0], p.total[1]) - w
    lightest = np.array([w[~pos].min(), w[pos].min()])
    np.maximum(rest, lightest[pos.view(np.int8)], out=rest)
    return w * (p.auc - p.value) / rest


def terms(first: Placements, second: Placements, weights_are: str):
    """One term per sorted observation and how many rows it stands for:
    sum(count * term) is DeLong's covariance of the two AUCs (the variance
    when `second` is `first`)."""
    pos = first.positive
    cls = pos.view(np.int8)
    if weights_are == "frequency" and first.weight is not None:
        scale = np.array([t * (t - 1) for t in first.total])[1 - cls]
        product = (first.value - first.auc) * (second.value - second.auc)
        return product / scale, first.weight
    sizes = np.array([first.sizes[1], first.sizes[0]], dtype=np.float64)  # by cls
    factor = ((sizes - 1) / sizes)[cls]

    def centred(d):
        return d - (np.bincount(cls, weights=d, minlength=2) / sizes)[cls]

    d1 = centred(leave_one_out(first))
    d2 = d1 if second is first else centred(leave_one_out(second))
    return factor * d1 * d2, None


def spread(first: Placements, second: Placements, weights_are: str) -> float:
    """DeLong's covariance of the AUCs of two `Placements` of the same
    observations (in the same sorted order), or the variance when they are
    the same."""
    return variance_and_df(first, second, weights_are)[0]


def variance_and_df(first: Placements, second: Placements, weights_are: str):
    """`spread` and its Satterthwaite degrees of freedom,
    (sum of terms)^2 / (sum of squared terms); inf when the spread is 0."""
    term, count = terms(first, second, weights_are)
    if count is None:
        total, squares = float(np.sum(term)), float(np.dot(term, term))
    else:
        total, squares = float(np.dot(count, term)), float(np.dot(count, term * term))
    return total, (total * total / squares if squares > 0 else np.inf)


def auc_var(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "delong",
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    partial_auc: dict | None = None,
) -> float:
    """DeLong's variance of the (weighted) AUC, as pROC's ``var(roc)``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    method : {"delong", "obuchowski", "bootstrap"}
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
    partial_auc : dict, optional
        Keywords of `weightedroc.partial_auc` for the variance of a partial
        area, e.g. ``dict(fpr_range=(0, 0.2))`` (pROC's ``partial.auc =
        c(1, 0.8)``).  Bootstrap: any range, ``correct`` as `partial_auc`.
        Obuchowski: only over an FPR range, as in pROC; with
        ``correct=True`` the result is the variance of the standardised
        area (pROC returns the unstandardised one's).  DeLong's method has
        none (pROC's error).

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
        weights equal within a class never warn).  Intervals and tests
        built on the variance then under-covered in simulation (the
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
    check_choice(method, "method", METHODS)
    if method == "obuchowski":
        return obuchowski_var(
            guess,
            label,
            weight,
            weights_are=weights_are,
            positive=positive,
            direction=direction,
            partial_auc=partial_auc,
        )
    if method == "bootstrap":
        from .bootstrap import bootstrap_var

        return bootstrap_var(
            guess,
            label,
            weight,
            n_boot=n_boot,
            seed=seed,
            stratified=stratified,
            positive=positive,
            direction=direction,
            weights_are=weights_are,
            **(check_partial(partial_auc) or {}),
        )
    check_no_partial(partial_auc)
    guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
    first = placements(guess, label, weight, weights_are)
    if weights_are == "importance" and uneven(weight):
        warn_skewed_weights(first)
    return spread(first, first, weights_are)


def auc_cov(
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "delong",
    weights_are: str = "importance",
    positive: LabelValue = None,
    direction: Direction = "<",
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    partial_auc: dict | None = None,
) -> float:
    """DeLong's covariance of the AUCs of two scores of the same observations.

    As pROC's ``cov(roc1, roc2)`` for paired curves; the weights are those
    of `auc_var`.

    Parameters
    ----------
    guess1, guess2 : array-like
        Two scores of the same observations (equal lengths).
    label, weight, method, weights_are, positive, direction, partial_auc
        As for `auc_var`.  Obuchowski's covariance also uses the scores'
        (weighted) Pearson correlations among the positives and among the
        negatives, as pROC's ``cov(roc1, roc2, method = "obuchowski")``.
    n_boot, seed, stratified
        As for `auc_var` (bootstrap only): with ``method="bootstrap"`` the
        covariance of the replicates' two areas, each replicate drawing
        the same observations for both scores (pROC's ``cov(method =
        "bootstrap")``, `weightedroc.inference.bootstrap.bootstrap_cov`).

    Returns
    -------
    float
        ``auc_cov(g, g, ...)`` equals ``auc_var(g, ...)``.

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
    """
    check_choice(method, "method", METHODS)
    if method == "obuchowski":
        return obuchowski_cov(
            guess1,
            guess2,
            label,
            weight,
            weights_are=weights_are,
            positive=positive,
            direction=direction,
            partial_auc=partial_auc,
        )
    if method == "bootstrap":
        from .bootstrap import bootstrap_cov

        with one_label_warning():
            return bootstrap_cov(
                guess1,
                guess2,
                label,
                weight,
                n_boot=n_boot,
                seed=seed,
                stratified=stratified,
                positive=positive,
                direction=direction,
                weights_are=weights_are,
                **(check_partial(partial_auc) or {}),
            )
    check_no_partial(partial_auc)
    with one_label_warning():  # each score's preparation reads the labels
        first, second, weight = paired_placements(
            guess1, guess2, label, weight, positive, direction, weights_are
        )
    if weights_are == "importance" and uneven(weight):
        warn_skewed_weights(first)
    return spread(first, second, weights_are)
