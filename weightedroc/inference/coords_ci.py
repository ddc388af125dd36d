"""Bootstrap bands of a weighted ROC curve: pROC's ci.se, ci.sp, ci.thresholds.

Stratified replicates (`weightedroc.inference.replicates`); each returns a
tidy frame, one row per point asked for, with the data's own value and the
replicates' ``conf_low``, ``median`` and ``conf_high`` quantiles (R's type
7), as pROC's matrices hold them (columns ``lower`` and ``upper`` before
1.0).
"""

import numbers

import numpy as np
import pandas as pd

from ..engine.types import ArrayLike, Direction, LabelValue
from .checks import check_conf_level, check_n_boot
from .replicates import (
    batches,
    class_weights,
    curve_rows,
    draw,
    prepare,
    se_at_sp,
    se_sp_rows,
    sp_at_se,
)


def _check_points(values, name, default=None) -> np.ndarray:
    """A 1-D float array of finite values (rates in [0, 1] unless default is None)."""
    if values is None:
        if default is None:
            raise TypeError(f"{name} are required (numbers)")
        return default
    array = np.atleast_1d(np.asarray(values))
    if (
        array.ndim != 1
        or len(array) == 0
        or not all(
            isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))
            for v in array.tolist()
        )
    ):
        raise TypeError(f"{name} must be a non-empty 1-D array of numbers, got {values!r}")
    array = array.astype(float)
    if np.isnan(array).any():
        raise ValueError(f"{name} must not hold NaN")
    if default is not None:
        bad = array[(array < 0) | (array > 1)]
        if len(bad):
            raise ValueError(f"Input {name[:-3]}y ({bad[0]:g}) not in range (0-1)")
    return array


def _bootstrap(sample, n_boot, seed, read):
    """Stack `read(se, sp)` (one row per replicate) over the replicates."""
    rng = np.random.default_rng(seed)
    rows = []
    for _, size in batches(n_boot, sum(len(g) for g, _ in sample.pools)):
        rows.append(read(*se_sp_rows(*class_weights(sample, draw(rng, sample, size)))))
    return np.concatenate(rows)


def _frame(x_name, x, own_name, own, replicates, conf_level):
    low, median, high = np.quantile(
        replicates, [(1 - conf_level) / 2, 0.5, (1 + conf_level) / 2], axis=0
    )
    return pd.DataFrame(
        {x_name: x, own_name: own, "conf_low": low, "median": median, "conf_high": high}
    )


def _band(given, points, sample, conf_level, n_boot, seed):
    """`ci_se` (`given` "specificity") or `ci_sp` (`given` "sensitivity")."""
    read = se_at_sp if given == "specificity" else sp_at_se
    other = "sensitivity" if given == "specificity" else "specificity"
    own = np.array([read(*curve_rows(sample), x)[0] for x in points])
    reps = _bootstrap(
        sample, n_boot, seed, lambda se, sp: np.stack([read(se, sp, x) for x in points], 1)
    )
    band = _frame(given, points, other, own, reps, conf_level)
    band.attrs.update(
        conf_level=conf_level, n_boot=n_boot, method="stratified bootstrap percentile"
    )
    return band


def ci_se(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    specificities: ArrayLike | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
) -> pd.DataFrame:
    """Bootstrap interval of the sensitivity at given specificities (pROC's ci.se).

    Each stratified replicate's sensitivity at a specificity is read as
    pROC's ``coords(input = "specificity")`` reads it: at a specificity the
    curve reaches, the highest sensitivity there (the top of a vertical
    step); between two points, linear interpolation.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    specificities : array-like of numbers in [0, 1], optional
        Where to read the sensitivity; pROC's default 0, 0.1, ..., 1.
    conf_level : float, default 0.95
    n_boot : int, default 2000
    seed : None, int or numpy.random.Generator
    weights_are : {"importance", "frequency"}, default "importance"
        See `weightedroc.inference.replicates`.

    Returns
    -------
    pandas.DataFrame
        ``specificity``, ``sensitivity`` (the data's curve), ``conf_low``,
        ``median``, ``conf_high`` (quantiles of the replicates);
        ``attrs`` holds ``conf_level``, ``n_boot`` and ``method``, which
        `weightedroc.plots.se_band_plot` writes in its legend.

    Examples
    --------
    >>> from weightedroc import ci_se
    >>> band = ci_se([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1],
    ...              specificities=[0.5, 0.75], n_boot=200, seed=1)
    >>> band[["specificity", "sensitivity"]]
       specificity  sensitivity
    0         0.50         1.00
    1         0.75         0.75
    >>> bool((band["conf_low"] <= band["median"]).all())
    True
    >>> bool((band["median"] <= band["conf_high"]).all())
    True
    """
    conf_level, n_boot = check_conf_level(conf_level), check_n_boot(n_boot)
    specificities = _check_points(specificities, "specificities", np.linspace(0, 1, 11))
    sample = prepare(guess, label, weight, positive, direction, weights_are)
    return _band("specificity", specificities, sample, conf_level, n_boot, seed)


def ci_sp(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    sensitivities: ArrayLike | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
) -> pd.DataFrame:
    """Bootstrap interval of the specificity at given sensitivities (pROC's ci.sp).

    As `ci_se` with the axes exchanged: at a sensitivity the curve
    reaches, the highest specificity there; between points, linear
    interpolation (pROC's ``coords(input = "sensitivity")``).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    sensitivities : array-like of numbers in [0, 1], optional
        Where to read the specificity; default 0, 0.1, ..., 1.
    conf_level, n_boot, seed, weights_are
        As for `ci_se`.

    Returns
    -------
    pandas.DataFrame
        ``sensitivity``, ``specificity`` (the data's curve), ``conf_low``,
        ``median``, ``conf_high``.

    Examples
    --------
    >>> from weightedroc import ci_sp
    >>> band = ci_sp([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1],
    ...              sensitivities=[0.5, 1], n_boot=200, seed=1)
    >>> band[["sensitivity", "specificity"]]  # the highest specificity at TPR 0.5
       sensitivity  specificity
    0          0.5          1.0
    1          1.0          0.5
    """
    conf_level, n_boot = check_conf_level(conf_level), check_n_boot(n_boot)
    sensitivities = _check_points(sensitivities, "sensitivities", np.linspace(0, 1, 11))
    sample = prepare(guess, label, weight, positive, direction, weights_are)
    return _band("sensitivity", sensitivities, sample, conf_level, n_boot, seed)


def ci_thresholds(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    thresholds: ArrayLike | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
) -> pd.DataFrame:
    """Bootstrap intervals of specificity and sensitivity at given thresholds
    (pROC's ci.thresholds with numeric thresholds).

    A guess at or above a threshold is called positive (at or below it
    with ``direction=">"``), as pROC's ``roc_utils_perfs``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    thresholds : array-like of numbers
        Where to read specificity and sensitivity (required).
    conf_level, n_boot, seed, weights_are
        As for `ci_se`.

    Returns
    -------
    pandas.DataFrame
        Long: ``threshold``, ``measure`` ("specificity" then
        "sensitivity" for each threshold), ``estimate`` (the data's),
        ``conf_low``, ``median``, ``conf_high``.

    Examples
    --------
    >>> from weightedroc import ci_thresholds
    >>> ci = ci_thresholds([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1],
    ...                    thresholds=[4.5], n_boot=200, seed=1)
    >>> ci[["threshold", "measure", "estimate"]]
       threshold      measure  estimate
    0        4.5  specificity      0.75
    1        4.5  sensitivity      0.75
    """
    conf_level, n_boot = check_conf_level(conf_level), check_n_boot(n_boot)
    thresholds = _check_points(thresholds, "thresholds")
    sample = prepare(guess, label, weight, positive, direction, weights_are)
    scale = -thresholds if direction == ">" else thresholds
    column = np.searchsorted(sample.distinct, scale, side="left")

    def read(se, sp):  # (replicates, 2 * thresholds): sp, se of each threshold
        return np.stack((sp[:, column], se[:, column]), 2).reshape(len(se), -1)

    own = read(*curve_rows(sample))[0]
    frame = _frame(
        "threshold",
        np.repeat(thresholds, 2),
        "estimate",
        own,
        _bootstrap(sample, n_boot, seed, read),
        conf_level,
    )
    frame.insert(1, "measure", np.tile(["specificity", "sensitivity"], len(thresholds)))
    return frame
