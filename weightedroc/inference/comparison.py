"""roc_test: compare the AUCs of two ROC curves, as pROC's ``roc.test``."""

import warnings

import numpy as np

from ..engine.types import ArrayLike, Direction, LabelValue
from ..engine.validation import check_inputs, one_label_warning
from .checks import (
    ALTERNATIVES,
    WEIGHTS_ARE,
    check_choice,
    check_conf_level,
    check_quantile,
    warn_skewed_weights,
)
from .delong import variance_and_df
from .distributions import p_value, t_quantile
from .htest import HTest
from .placements import paired_placements, placements, prepared, uneven

METHODS = ("delong", "bootstrap", "venkatraman")


def _name(x, default):
    name = getattr(x, "name", None)
    return name if isinstance(name, str) else default


def _second_curve(label, weight, label2, weight2):
    """Labels and weights of the second curve: its own, else the first's."""
    if label2 is None:
        return label, weight if weight2 is None else weight2
    return label2, weight2


def _same_observations(guess1, guess2, label, weight, label2, weight2, positive):
    """pROC's are.paired: the same labels (and weights), one guess of each score per row."""
    if np.size(guess1) != np.size(guess2):
        return False
    if label2 is label and weight2 is weight:
        return True
    _, first_label, first_weight = check_inputs(guess1, label, weight, positive)
    _, second_label, second_weight = check_inputs(guess2, label2, weight2, positive)
    if (first_weight is None) != (second_weight is None):
        return False
    return np.array_equal(first_label, second_label) and (
        first_weight is None or np.array_equal(first_weight, second_weight)
    )


def _ratio(difference, sd):
    """difference / sd, 0 when both are 0 (as pROC's paired test), +-inf for sd 0."""
    if sd == 0:
        return 0.0 if difference == 0 else np.copysign(np.inf, difference)
    return difference / sd


def roc_test(
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    label2: ArrayLike | None = None,
    weight2: ArrayLike | None = None,
    paired: bool | None = None,
    method: str = "delong",
    alternative: str = "two.sided",
    conf_level: float = 0.95,
    weights_are: str = "importance",
    quantile: str = "auto",
    positive: LabelValue = None,
    direction: Direction = "<",
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    partial_auc: dict | None = None,
    data_name: str | None = None,
) -> HTest:
    """Test whether two ROC curves have equal (weighted) AUCs, as pROC's ``roc.test``.

    Parameters
    ----------
    guess1, guess2 : array-like
        The scores of the two curves.
    label, weight : array-like
        Labels (and weights) of `guess1`'s observations; also of `guess2`'s
        unless `label2` (`weight2`) are given.
    label2, weight2 : array-like, optional
        Labels and weights of `guess2`'s observations, for curves of
        different observations.
    paired : bool or None
        None infers it as pROC's ``are.paired``: paired when both curves
        have the same labels (and weights) and as many observations.
        True on unpaired curves is an error; False on paired ones warns.
    method : {"delong", "bootstrap", "venkatraman"}
        DeLong: paired, Z = (A1 - A2) / sd of the difference (from the
        covariance, `auc_cov`) with its normal interval;
        unpaired, pROC's Student statistic D with Welch-Satterthwaite
        degrees of freedom (from the numbers of observations, as pROC, for
        unit and frequency weights; from each variance's Satterthwaite
        degrees of freedom for importance weights, see `auc_ci`).  The bootstrap and
        Venkatraman's test resample (`weightedroc.inference.resampling`).
    alternative : {"two.sided", "less", "greater"}
        The alternative on AUC1 - AUC2.
    conf_level : float, default 0.95
        Level of the paired DeLong interval of the difference.
    weights_are : {"importance", "frequency"}
        As for `auc_var`.
    quantile : {"auto", "normal", "t"}
        Paired DeLong only.  ``"auto"`` and ``"normal"``: pROC's Z test,
        with any weights: with importance weights it held the 5% level in
        the coverage study (0.046 and 0.047), where Student's t was
        conservative (0.035 and 0.025).  ``"t"``: a t test (statistic
        ``t``, parameter ``df``) with the difference's Satterthwaite
        degrees of freedom, as `auc_ci`.
    positive, direction
        As for `WeightedROC`; both curves use them.
    n_boot, seed, partial_auc
        For the resampling methods.
    data_name : str, optional
        Shown in the printed result; by default from the inputs' names.

    Returns
    -------
    HTest
        ``statistic`` (Z or t paired, D unpaired), ``p_value``, ``estimate``
        (``"AUC of roc1"``, ``"AUC of roc2"``), ``conf_int`` (paired DeLong),
        ``parameter`` (``df`` of a t or D), ``method`` and ``alternative`` in
        R's words; it prints as R's htest.

    Examples
    --------
    >>> from weightedroc import load_asah, roc_test
    >>> asah = load_asah()
    >>> test = roc_test(asah["s100b"], asah["wfns"], asah["outcome"])
    >>> test.method
    "DeLong's test for two correlated ROC curves"
    >>> round(test.statistic, 4), round(test.p_value, 5)
    (-2.209, 0.02718)
    """
    check_choice(method, "method", METHODS)
    check_choice(alternative, "alternative", ALTERNATIVES)
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    conf_level = check_conf_level(conf_level)
    check_quantile(quantile)
    if paired not in (None, True, False):
        raise TypeError(f"paired must be None, True or False, got {paired!r}")
    with one_label_warning():  # the curves' preparations and the pairing read the labels
        if method != "delong":
            from . import resampling

            run = getattr(resampling, f"{method}_test")
            return run(
                guess1,
                guess2,
                label,
                weight,
                label2=label2,
                weight2=weight2,
                paired=paired,
                alternative=alternative,
                n_boot=n_boot,
                seed=seed,
                partial_auc=partial_auc,
                positive=positive,
                direction=direction,
                weights_are=weights_are,
            )
        if partial_auc is not None:
            raise ValueError(
                'DeLong\'s test is not supported for partial AUC. Use method="bootstrap" instead.'
            )
        if label2 is None and np.size(guess2) != np.size(label):
            raise ValueError(
                f"guess2 has {np.size(guess2)} values and label {np.size(label)}: "
                f"paired scores need one guess each per observation; give "
                f"label2 (and weight2) for curves of different observations"
            )
        label2, weight2 = _second_curve(label, weight, label2, weight2)
        same = _same_observations(guess1, guess2, label, weight, label2, weight2, positive)
        if paired is None:
            paired = same
        elif paired and not same:
            raise ValueError(
                "The paired ROC test cannot be applied to unpaired curves: "
                "paired needs the same labels (and weights) for both scores"
            )
        elif not paired and same:
            warnings.warn(
                "The ROC curves seem to be paired. Consider performing a paired roc.test.",
                UserWarning,
                stacklevel=2,
            )
        if data_name is None:
            data_name = f"{_name(guess1, 'guess1')} and {_name(guess2, 'guess2')}"
        if paired:
            return _paired(
                guess1,
                guess2,
                label,
                weight,
                alternative,
                conf_level,
                weights_are,
                quantile,
                positive,
                direction,
                data_name,
            )
        return _unpaired(
            guess1,
            guess2,
            label,
            weight,
            label2,
            weight2,
            alternative,
            weights_are,
            positive,
            direction,
            data_name,
        )


def _paired(
    guess1,
    guess2,
    label,
    weight,
    alternative,
    conf_level,
    weights_are,
    quantile,
    positive,
    direction,
    data_name,
):
    first, second, weight = paired_placements(
        guess1, guess2, label, weight, positive, direction, weights_are
    )
    importance = weights_are == "importance" and uneven(weight)
    if importance:
        warn_skewed_weights(first)
    # var(A1 - A2) from the placement values' differences: the same as
    # var1 + var2 - 2 cov (pROC's), without its cancellation for close scores.
    difference_placements = first._replace(
        value=first.value - second.value, auc=first.auc - second.auc
    )
    variance, df = variance_and_df(difference_placements, difference_placements, weights_are)
    if quantile != "t":
        # pROC's Z.  With importance weights too: it held the 5% level in the
        # coverage study (0.046, 0.047) where t was conservative (0.035, 0.025).
        df = np.inf
    sd = np.sqrt(max(variance, 0.0))
    difference = first.auc - second.auc
    statistic = _ratio(difference, sd)
    z = t_quantile(df, 1 - (1 - conf_level) / 2)
    return HTest(
        float(statistic),
        float(p_value(statistic, alternative, df)),
        {"AUC of roc1": first.auc, "AUC of roc2": second.auc},
        "DeLong's test for two correlated ROC curves",
        alternative,
        (difference - z * sd, difference + z * sd),
        conf_level,
        parameter={} if np.isinf(df) else {"df": float(df)},
        data_name=data_name,
        statistic_name="Z" if np.isinf(df) else "t",
    )


def _unpaired(
    guess1,
    guess2,
    label1,
    weight1,
    label2,
    weight2,
    alternative,
    weights_are,
    positive,
    direction,
    data_name,
):
    curves, variances, squares = [], [], []
    for guess, label, weight in ((guess1, label1, weight1), (guess2, label2, weight2)):
        guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
        curve = placements(guess, label, weight, weights_are)
        skewed = uneven(weight) and weights_are == "importance"
        if skewed:
            warn_skewed_weights(curve)
        variance, df = variance_and_df(curve, curve, weights_are)
        curves.append(curve)
        variances.append(variance)
        # Welch-Satterthwaite: var^2 / (N - 1) as pROC for unit and frequency
        # weights; for importance weights var^2 / df, the sum of squared terms.
        counted = weights_are == "frequency" and weight is not None
        observations = sum(curve.total) if counted else len(label)
        squares.append(variance**2 / (df if skewed else observations - 1))
    total = variances[0] + variances[1]
    difference = curves[0].auc - curves[1].auc
    statistic = _ratio(difference, np.sqrt(total))
    spread_df = squares[0] + squares[1]
    df = total**2 / spread_df if spread_df > 0 else np.inf  # pROC: NaN
    return HTest(
        float(statistic),
        float(p_value(statistic, alternative, df)),
        {"AUC of roc1": curves[0].auc, "AUC of roc2": curves[1].auc},
        "DeLong's test for two ROC curves",
        alternative,
        parameter={"df": float(df)},
        data_name=data_name,
        statistic_name="D",
    )
