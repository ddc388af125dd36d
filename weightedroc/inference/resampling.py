"""Resampling tests of two weighted ROC curves: bootstrap and Venkatraman.

`bootstrap_test` is pROC's ``roc.test(method = "bootstrap")`` (stratified)
with weights; `venkatraman_test` (module `.venkatraman`) is its
``method = "venkatraman"``.  Both are reached through
``weightedroc.roc_test(..., method=...)`` too.
"""

import numpy as np

from .bootstrap import area_of, check_partial, replicate_areas
from .distributions import p_value
from .htest import HTest
from .replicates import batches, check_n_boot, class_weights, draw, prepare
from .venkatraman import venkatraman_test  # noqa: F401  (public here too)

ALTERNATIVES = ("two.sided", "less", "greater")


def check_alternative(alternative):
    if alternative not in ALTERNATIVES:
        raise ValueError(
            f'alternative must be "two.sided", "less" or "greater", got {alternative!r}'
        )
    return alternative


def two_samples(
    guess1, guess2, label, weight, label2, weight2, paired, positive, direction, weights_are
):
    """The two curves' `Sample`s.  Paired curves share label and weight."""
    if paired:
        if label2 is not None or weight2 is not None:
            raise ValueError(
                "paired curves share label and weight (the same observations "
                "scored twice): give label2/weight2 only with paired=False"
            )
        first = prepare(guess1, label, weight, positive, direction, weights_are)
        try:
            second = prepare(guess2, label, weight, positive, direction, weights_are)
        except ValueError as error:
            raise ValueError(f"guess2 of paired curves: {error}") from None
        return first, second
    if label2 is None:
        label2, weight2 = label, (weight if weight2 is None else weight2)
    return (
        prepare(guess1, label, weight, positive, direction, weights_are),
        prepare(guess2, label2, weight2, positive, direction, weights_are),
    )


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
    paired=True,
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
        Labels and weights of the second curve's observations, for
        ``paired=False`` only; without them the second curve has `label`
        and `weight`.
    paired : bool, default True
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
    check_alternative(alternative)
    check_n_boot(n_boot)
    partial = check_partial(partial_auc)
    first, second = two_samples(
        guess1, guess2, label, weight, label2, weight2, paired, positive, direction, weights_are
    )
    estimates = area_of(first, partial), area_of(second, partial)
    rng = np.random.default_rng(seed)
    diffs = np.empty(n_boot)
    rows = sum(len(g) for g, _ in first.pools + second.pools)
    for start, size in batches(n_boot, rows):
        draws = draw(rng, first, size)
        areas = [replicate_areas(first, *class_weights(first, draws), partial)]
        if not paired:
            draws = draw(rng, second, size)
        areas.append(replicate_areas(second, *class_weights(second, draws), partial))
        diffs[start : start + size] = areas[0] - areas[1]
    with np.errstate(invalid="ignore", divide="ignore"):
        statistic = (estimates[0] - estimates[1]) / np.std(diffs, ddof=1)
    if np.isnan(statistic) and (diffs == 0).all() and estimates[0] == estimates[1]:
        statistic = 0.0  # pROC's special case: no difference at all
    title = "correlated ROC curves" if paired else "ROC curves"
    return HTest(
        statistic=float(statistic),
        p_value=p_value(float(statistic), alternative),
        estimate=dict(zip(_estimate_names(partial), map(float, estimates))),
        method=f"Bootstrap test for two {title}",
        alternative=alternative,
        parameter={"boot.n": int(n_boot), "boot.stratified": 1},
        data_name="guess1 and guess2",
        statistic_name="D",
    )
