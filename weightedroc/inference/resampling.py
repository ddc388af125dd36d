"""Resampling tests of two weighted ROC curves: bootstrap and Venkatraman.

`bootstrap_test` is pROC's ``roc.test(method = "bootstrap")`` (stratified)
with weights; `venkatraman_test` (module `.venkatraman`) is its
``method = "venkatraman"``.  Both are reached through
``weightedroc.roc_test(..., method=...)`` too.
"""

import numpy as np

from .bootstrap import area_of, replicate_areas
from .comparison import roc_test
from .distributions import p_value
from .htest import HTest
from .pairing import Comparison
from .replicates import batches, class_weights, draw, prepare
from .venkatraman import venkatraman_test  # noqa: F401  (public here too)


def _estimate_names(partial):
    if partial is None:
        return "AUC of roc1", "AUC of roc2"
    if partial["tpr_range"] is not None:
        lo, hi = partial["tpr_range"]
        text = f"{hi:.15g}-{lo:.15g} sensitivity"
    else:
        lo, hi = partial["fpr_range"]
        text = f"{1 - lo:.15g}-{1 - hi:.15g} specificity"
    corrected = "Corrected " if partial["correct"] else ""
    return tuple(f"{corrected}pAUC ({text}) of roc{k}" for k in (1, 2))


def bootstrap_test(
    guess1,
    guess2,
    label,
    weight=None,
    *,
    label2=None,
    weight2=None,
    paired=None,
    alternative="two.sided",
    n_boot=2000,
    seed=None,
    partial_auc=None,
    positive=None,
    direction="<",
    weights_are="importance",
):
    """Bootstrap test of two weighted (partial) AUCs, as pROC's roc.test.

    Each replicate resamples positives and negatives apart (stratified);
    paired curves resample the same observations for both curves, unpaired
    ones each sample on its own.  The statistic is pROC's
    ``D = (A1 - A2) / sd(A1* - A2*)`` over the replicates (``sd`` with
    n - 1), referred to the standard normal.

    Parameters
    ----------
    guess1, guess2 : array-like of real numbers
        The two curves' scores.  Paired: the same observations, so of the
        same length, sharing `label` and `weight`.
    label, weight, positive, direction
        As for `WeightedROC` (of the first curve; of both when paired).
    label2, weight2 : array-like, optional
        Labels and weights of the second curve's observations; without
        them the second curve has `label` and `weight`.
    paired : bool or None
        As for `roc_test`: None (default) pairs the curves when they have
        the same labels and weights (`are_paired`, as pROC).
    alternative : {"two.sided", "less", "greater"}
        "greater": the first AUC is greater than the second.
    n_boot : int, default 2000
    seed : None, int or numpy.random.Generator
    partial_auc : dict, optional
        Keywords of `weightedroc.partial_auc` (``fpr_range``, ``tpr_range``,
        ``correct``): compare those partial areas.
    weights_are : {"importance", "frequency"}, default "importance"
        ``"importance"``: observations are resampled carrying their
        weights; ``"frequency"``: integer weights count identical rows and
        the expanded rows are resampled.

    Returns
    -------
    HTest
        Statistic ``D``; parameters ``boot.n`` and ``boot.stratified``;
        the two areas as estimates; R's method title.

    Examples
    --------
    >>> from weightedroc.inference.resampling import bootstrap_test
    >>> guess1 = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6]
    >>> guess2 = [0.3, 0.2, 0.5, 0.6, 0.4, 0.1, 0.7, 0.8]
    >>> label = [0, 0, 1, 1, 0, 0, 1, 1]
    >>> test = bootstrap_test(guess1, guess2, label, n_boot=500, seed=1)
    >>> test.method, test.estimate
    ('Bootstrap test for two correlated ROC curves', {'AUC of roc1': 0.8125, 'AUC of roc2': 1.0})
    >>> bool(0 < test.p_value <= 1)
    True
    """
    return roc_test(method="bootstrap", **locals())  # the arguments as given


def run_bootstrap(c: Comparison) -> HTest:
    """The bootstrap test of a checked `Comparison`."""
    partial = c.partial_auc
    first = prepare(c.guess1, c.label, c.weight, c.positive, c.direction, c.weights_are)
    second = prepare(c.guess2, c.label2, c.weight2, c.positive, c.direction, c.weights_are)
    estimates = area_of(first, partial), area_of(second, partial)
    rng = np.random.default_rng(c.seed)
    diffs = np.empty(c.n_boot)
    rows = sum(len(g) for g, _ in first.pools + second.pools)
    for start, size in batches(c.n_boot, rows):
        draws = draw(rng, first, size)
        P1, N1 = class_weights(first, draws)
        if not c.paired:
            draws = draw(rng, second, size)
        P2, N2 = class_weights(second, draws)
        diffs[start : start + size] = replicate_areas(first, P1, N1, partial) - replicate_areas(
            second, P2, N2, partial
        )
    with np.errstate(invalid="ignore", divide="ignore"):
        statistic = (estimates[0] - estimates[1]) / np.std(diffs, ddof=1)
    if np.isnan(statistic) and (diffs == 0).all() and estimates[0] == estimates[1]:
        statistic = 0.0  # pROC's special case: no difference at all
    title = "correlated ROC curves" if c.paired else "ROC curves"
    return HTest(
        statistic=float(statistic),
        p_value=p_value(float(statistic), c.alternative),
        estimate=dict(zip(_estimate_names(partial), map(float, estimates))),
        method=f"Bootstrap test for two {title}",
        alternative=c.alternative,
        parameter={"boot.n": int(c.n_boot), "boot.stratified": 1},
        data_name=c.data_name,
        statistic_name="D",
    )
