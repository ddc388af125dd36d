"""Resampling tests of two weighted ROC curves: bootstrap and Venkatraman.

`bootstrap_test` is pROC's ``roc.test(method = "bootstrap")`` (stratified)
with weights; `venkatraman_test` (module `.venkatraman`) is its
``method = "venkatraman"``.  Both are reached through
``weightedroc.roc_test(..., method=...)`` too.
"""

from __future__ import annotations

import numpy as np

from ..utils.types import ArrayLike, Direction, LabelValue
from .bootstrap import area_of, replicate_areas
from .checks import partial_area
from .distributions import p_value
from .replicates import (
    curve_rows,
    replicate_values,
    samples,
    se_at_sp,
    se_sp_rows,
    sp_at_se,
    without_na,
)
from .request import Request, read
from .results import HTest
from .venkatraman import venkatraman_test  # noqa: F401  (public here too)


def _pair(partial):
    """Each curve's partial area: a pair given per curve, or one for both."""
    return partial if isinstance(partial, tuple) else (partial, partial)


def _estimate_names(partial):
    if isinstance(partial, tuple):  # per curve: each curve's own name
        return tuple(_estimate_names(p)[k] for k, p in enumerate(partial))
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
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    label2: ArrayLike | None = None,
    weight2: ArrayLike | None = None,
    paired: bool | None = None,
    alternative: str = "two.sided",
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    stratified: bool = True,
    partial_auc: dict | None = None,
) -> HTest:
    """Bootstrap test of two weighted (partial) AUCs, as pROC's roc.test.

    Each replicate resamples positives and negatives apart (stratified,
    unless ``stratified=False``: pROC's ``boot.stratified``);
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
    fpr_range, tpr_range, correct
        Compare those partial areas, as `weightedroc.partial_auc`.
    weights_are : {"importance", "frequency"}, default "importance"
        ``"importance"``: observations are resampled carrying their
        weights; ``"frequency"``: integer weights count identical rows and
        the expanded rows are resampled.
    stratified : bool, default True
        False: each replicate draws from all observations together (pROC's
        ``boot.stratified = FALSE``); replicates without a class are
        dropped with pROC's warning.
    partial_auc : dict, optional
        Deprecated (1.2): the partial area as a dict, with a FutureWarning.

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
    partial = partial_area("bootstrap_test", fpr_range, tpr_range, correct, partial_auc)
    request = read(
        [guess1, guess2], label, weight, function="roc_test", method="bootstrap",
        label2=label2, weight2=weight2, paired=paired, alternative=alternative,
        weights_are=weights_are, positive=positive, direction=direction, n_boot=n_boot,
        seed=seed, partial=partial, stratified=stratified, second_named=True,
    )  # fmt: skip
    return run_bootstrap(request)


def _statistic_reader(c: Request, first, second, areas):
    """(read, compared): `read((P1, N1), (P2, N2))` gives each replicate's two
    values of the compared statistic, `compared` are the data's (`areas`
    for the AUC test)."""
    p1, p2 = _pair(c.partial)
    if c.method == "bootstrap":
        return (
            lambda w1, w2: np.stack(
                (
                    replicate_areas(first, w1[0], w1[1], p1),
                    replicate_areas(second, w2[0], w2[1], p2),
                ),
                1,
            ),
            areas,
        )
    # pROC: "specificity" reads the sensitivity at that specificity, and back
    at = se_at_sp if c.method == "specificity" else sp_at_se
    value = c.specificity if c.method == "specificity" else c.sensitivity

    def read(*weights):
        return np.stack([at(*se_sp_rows(*w), value) for w in weights], 1)

    return read, tuple(at(*curve_rows(s), value)[0] for s in (first, second))


def _title(c: Request):
    kind = {"bootstrap": "Bootstrap", "sensitivity": "Sensitivity", "specificity": "Specificity"}
    return f"{kind[c.method]} test for two {'correlated ' if c.paired else ''}ROC curves"


def _null_name(c: Request):
    if c.method == "specificity":
        return f"difference in sensitivity at {c.specificity:.15g} specificity"
    if c.method == "sensitivity":
        return f"difference in specificity at {c.sensitivity:.15g} sensitivity"
    return "difference in AUC"


def run_bootstrap(c: Request) -> HTest:
    """The bootstrap test of a `Request`'s two curves: of the (partial) AUCs
    (method "bootstrap"), or of the sensitivities at a specificity, or the
    specificities at a sensitivity."""
    partial = c.partial
    first, second = samples(c)
    # area_of reads each sample's cumulated block once (it is reused in place)
    estimates = (area_of(first, _pair(partial)[0]), area_of(second, _pair(partial)[1]))
    read, compared = _statistic_reader(c, first, second, estimates)
    rng = np.random.default_rng(c.seed)
    values = without_na(replicate_values(rng, [first, second], c.n_boot, read, c.paired))
    diffs = values[:, 0] - values[:, 1]
    std_error = float(np.std(diffs, ddof=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        statistic = (compared[0] - compared[1]) / np.float64(std_error)
    if np.isnan(statistic) and (diffs == 0).all() and compared[0] == compared[1]:
        statistic = 0.0  # pROC's special case: no difference at all
    return HTest(
        statistic=float(statistic),
        p_value=p_value(float(statistic), c.alternative),
        estimate=dict(zip(_estimate_names(partial), map(float, estimates))),
        method=_title(c),
        alternative=c.alternative,
        parameter={"boot.n": int(c.n_boot), "boot.stratified": int(c.stratified)},
        data_name=c.data_name,
        statistic_name="D",
        null_name=_null_name(c),
        std_error=std_error,
    )
