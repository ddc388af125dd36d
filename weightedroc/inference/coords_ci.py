"""Bootstrap bands of a weighted ROC curve: pROC's ci.se, ci.sp, ci.thresholds
and ci.coords.

Stratified replicates (`weightedroc.inference.replicates`); each returns a
tidy frame, one row per point asked for, with the data's own value and the
replicates' ``conf_low``, ``median`` and ``conf_high`` quantiles (R's type
7), as pROC's matrices hold them (columns ``lower`` and ``upper`` before
1.0).
"""

from __future__ import annotations

import numbers
import warnings

import numpy as np
import pandas as pd

from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from ..utils.warn import warn
from .checks import check_choice, check_conf_level, check_n_boot
from .design_based import column_errors, design_request, plan_words, sampling_weights
from .design_points import design_band, design_thresholds, rates_at, readings
from .distributions import t_quantile
from .replicates import (
    curve_rows,
    prepare,
    replicate_values,
    se_at_sp,
    se_sp_rows,
    sp_at_se,
    warn_na,
    without_na,
)
from .smoothed import need_label, smooth_band, smooth_coords_replicates, smoothing_of


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
    """Stack `read(se, sp)` (one row per replicate) over the replicates,
    dropping those with a NaN (unstratified, without a class) as pROC."""
    rng = np.random.default_rng(seed)
    rows = replicate_values(rng, [sample], n_boot, lambda w: read(*se_sp_rows(*w)))
    return without_na(rows)


def _frame(x_name, x, own_name, own, replicates, conf_level):
    low, median, high = np.quantile(
        replicates, [(1 - conf_level) / 2, 0.5, (1 + conf_level) / 2], axis=0
    )
    return pd.DataFrame(
        {x_name: x, own_name: own, "conf_low": low, "median": median, "conf_high": high}
    )


def _band(given, points, sample, conf_level, n_boot, seed, stratified):
    """`ci_se` (`given` "specificity") or `ci_sp` (`given` "sensitivity")."""
    read = se_at_sp if given == "specificity" else sp_at_se
    other = "sensitivity" if given == "specificity" else "specificity"
    own = np.array([read(*curve_rows(sample), x)[0] for x in points])
    reps = _bootstrap(
        sample, n_boot, seed, lambda se, sp: np.stack([read(se, sp, x) for x in points], 1)
    )
    band = _frame(given, points, other, own, reps, conf_level)
    method = "stratified bootstrap percentile" if stratified else "bootstrap percentile"
    band.attrs.update(conf_level=conf_level, n_boot=n_boot, method=method)
    return band


def _route(function, guess, label, weight, design, replicates, weights_are):
    """The one place that decides which leaf computes a band of `function`
    (smoothing, then design, then the bootstrap): ("smoothed", its
    `Smoothing`), ("design", `design_request`'s plan) or ("bootstrap", None)."""
    smoothing = smoothing_of(guess)
    if smoothing is not None:
        if label is not None or weight is not None:
            given = "label" if label is not None else "weight"
            raise TypeError(
                f"{function}(): a smooth_roc curve carries its own labels and weights: "
                f"{given}= cannot be read with it; give the points by name "
                "(e.g. specificities=[...] or x=[...])"
            )
        if design is not None or replicates is not None:
            raise ValueError(
                f"{function}(): design= and replicates= do not apply to a smooth_roc curve "
                "(its bootstrap redoes the smoothing on drawn rows): give the raw guesses"
            )
        return "smoothed", smoothing
    need_label(label, function)
    plan = design_request(design, replicates, None, weights_are)
    return ("bootstrap", None) if plan is None else ("design", plan)


def _band_of(
    function, given, points_name, points, guess, label, weight, conf_level, n_boot, seed,
    stratified, weights_are, positive, direction, design, replicates,
):  # fmt: skip
    """`ci_se` (`given` "specificity") or `ci_sp`: the band of a smoothed
    curve, of a survey design, or of the data's bootstrap (`_route`)."""
    conf_level, n_boot = check_conf_level(conf_level), check_n_boot(n_boot)
    points = _check_points(points, points_name, np.linspace(0, 1, 11))
    route, plan = _route(function, guess, label, weight, design, replicates, weights_are)
    if route == "smoothed":
        return smooth_band(plan, given, points, conf_level, n_boot, seed, stratified)
    if route == "design":
        weight = sampling_weights(weight, plan[0])
    sample = prepare(guess, label, weight, positive, direction, weights_are, stratified)
    if route == "design":
        return design_band(given, points, sample, plan[0], plan[1], conf_level, n_boot, seed)
    return _band(given, points, sample, conf_level, n_boot, seed, stratified)


@in_help
def ci_se(
    guess: ArrayLike,
    label: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    specificities: ArrayLike | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    stratified: bool = True,
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> pd.DataFrame:
    """Bootstrap interval of the sensitivity at given specificities (pROC's ci.se).

    Each stratified replicate's sensitivity at a specificity is read as
    pROC's ``coords(input = "specificity")`` reads it: at a specificity the
    curve reaches, the highest sensitivity there (the top of a vertical
    step); between two points, linear interpolation.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.  Or `guess` is a `smooth_roc` curve, alone,
        as pROC's ``ci.se(smooth(roc))``: each replicate is smoothed again
        and read between its points linearly
        (`weightedroc.inference.smoothed`).
    specificities : array-like of numbers in [0, 1], optional
        Where to read the sensitivity; pROC's default 0, 0.1, ..., 1.
    conf_level : float, default 0.95
    n_boot : int, default 2000
    seed : None, int or numpy.random.Generator
    weights_are : {"importance", "frequency"}, default "importance"
        See `weightedroc.inference.replicates`.
    stratified : bool, default True
        pROC's ``boot.stratified``: False draws each replicate from all
        observations together (replicates without a class are dropped,
        with pROC's warning).
    design, replicates
        A sampling design (`weight` the sampling weights), as for
        `auc_var`: the sensitivity read under each replicate's weights
        (`replicates`; a `SurveyDesign` alone gets survey's
        ``as.svrepdesign`` default, JKn with strata and JK1 without, and
        the bootstraps draw `n_boot`), its variance as ``survey::svrVar``,
        and the normal Wald interval clipped to [0, 1]: the columns are
        then ``conf_low``, ``conf_high`` and ``std_error``.  Not with a
        `smooth_roc` curve (an error: give the raw guesses).

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
    return _band_of(
        "ci_se", "specificity", "specificities", specificities, guess, label, weight, conf_level,
        n_boot, seed, stratified, weights_are, positive, direction, design, replicates,
    )  # fmt: skip


@in_help
def ci_sp(
    guess: ArrayLike,
    label: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    sensitivities: ArrayLike | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    stratified: bool = True,
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> pd.DataFrame:
    """Bootstrap interval of the specificity at given sensitivities (pROC's ci.sp).

    As `ci_se` with the axes exchanged: at a sensitivity the curve
    reaches, the highest specificity there; between points, linear
    interpolation (pROC's ``coords(input = "sensitivity")``).

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`, or a `smooth_roc` curve alone (as `ci_se`).
    sensitivities : array-like of numbers in [0, 1], optional
        Where to read the specificity; default 0, 0.1, ..., 1.
    conf_level, n_boot, seed, weights_are, stratified, design, replicates
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
    return _band_of(
        "ci_sp", "sensitivity", "sensitivities", sensitivities, guess, label, weight, conf_level,
        n_boot, seed, stratified, weights_are, positive, direction, design, replicates,
    )  # fmt: skip


@in_help
def ci_thresholds(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    thresholds: ArrayLike | str | None = None,
    *,
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    stratified: bool = True,
    best_method: str = "youden",
    best_weights: tuple[float, float] = (1, 0.5),
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> pd.DataFrame:
    """Bootstrap intervals of specificity and sensitivity at thresholds
    (pROC's ci.thresholds).

    A guess at or above a threshold is called positive (at or below it
    with ``direction=">"``), as pROC's ``roc_utils_perfs``.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.
    thresholds : array-like of numbers, or {"best", "local_maxima", "all"}
        Where to read specificity and sensitivity (required): numbers, or
        the data's curve's best thresholds (`coords` ``x="best"``, by
        `best_method` and `best_weights`), its local maxima (`coords` ``x=
        "local maximas"``, pROC's default) or all its thresholds, chosen
        once on the data and held in every replicate, as pROC.  The
        thresholds are the package's (the smallest guess called positive),
        which classify as pROC's half-way ones.
    conf_level, n_boot, seed, weights_are, stratified
        As for `ci_se`.
    best_method, best_weights
        As for `coords`, with ``thresholds="best"``.
    design, replicates
        A sampling design (`weight` the sampling weights, or the design's
        own): each rate is a ratio of weighted sums (TP / P, TN / N), its
        variance by linearization (a `SurveyDesign` alone: the ratio's
        influence values ``w (called - rate) / total`` of the class's rows,
        totalled by ``survey::svyrecvar``, as ``svyratio`` and ``svymean``
        of the class's subset) or from the replicates' rates
        (``replicates=`` a type, "JK1", "JKn", "BRR", "bootstrap", ...,
        or `ReplicateWeights`; ``survey::svrVar``, replicates without the
        class left out with survey's warning).  The normal Wald interval,
        clipped to [0, 1]: the columns are then ``conf_low``,
        ``conf_high`` and ``std_error`` (no ``median``).

    Returns
    -------
    pandas.DataFrame
        Long: ``threshold``, ``measure`` ("specificity" then
        "sensitivity" for each threshold), ``estimate`` (the data's),
        ``conf_low``, ``median``, ``conf_high``; ``attrs`` holds
        ``conf_level``, ``n_boot``, ``stratified``, ``method`` (in words)
        and, for named thresholds, ``thresholds`` (the name, pROC's
        ``coords`` attribute).

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
    named = thresholds if isinstance(thresholds, str) else None
    plan = design_request(design, replicates, None, weights_are)
    if plan is not None:
        weight = sampling_weights(weight, plan[0])
    sample = prepare(guess, label, weight, positive, direction, weights_are, stratified)
    if named is not None:
        thresholds = _named_thresholds(named, sample, direction, best_method, best_weights)
    thresholds = _check_points(thresholds, "thresholds")
    scale = -thresholds if direction == ">" else thresholds
    column = np.searchsorted(sample.distinct, scale, side="left")
    if plan is not None:
        frame = design_thresholds(sample, column, plan, conf_level, n_boot, seed)
        frame.insert(0, "threshold", np.repeat(thresholds, 2))
        if named is not None:
            frame.attrs["thresholds"] = named
        return frame

    def read(se, sp):  # (replicates, 2 * thresholds): sp, se of each threshold
        return rates_at(se, sp, column)

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
    method = "stratified bootstrap percentile" if stratified else "bootstrap percentile"
    frame.attrs.update(conf_level=conf_level, n_boot=n_boot, stratified=stratified, method=method)
    if named is not None:
        frame.attrs["thresholds"] = named
    return frame


NAMED_THRESHOLDS = {"best": "best", "local_maxima": "local maximas", "all": "all"}


def _named_thresholds(name, sample, direction, best_method, best_weights):
    """pROC's ci.thresholds(thresholds = "best" | "local maximas" | "all"):
    the data's curve's thresholds, read by `coords`' own reader from the
    sample's counts (no second validation or sort)."""
    from ..engine.counts import from_columns
    from ..metrics.coordinates import coords_of
    from ..metrics.threshold_measures import parameters

    check_choice(name, "thresholds", tuple(NAMED_THRESHOLDS))
    counted = sample.counts  # of the guesses negated for ">": as `cumulate`, negate back
    threshold = -counted.threshold if direction == ">" else counted.threshold
    counts = from_columns(threshold, counted.FN, counted.FP, direction)
    params = parameters(best_weights=best_weights)
    table = coords_of(
        counts, NAMED_THRESHOLDS[name], "threshold", ["threshold"], params, best_method
    )
    return table["threshold"].to_numpy()


BEST_POLICIES = ("stop", "omit", "random")


def _check_coords_request(x, input, ret, best_policy):
    """pROC's checks of ci.coords: (x, input, ret) checked, ret's default
    by input (no threshold unless the input is one)."""
    from ..metrics.coordinates import check_input
    from ..metrics.threshold_measures import check_names

    check_choice(best_policy, "best_policy", BEST_POLICIES)
    input = check_input(input)
    if ret is None:
        ret = ["specificity", "sensitivity"]
        if input == "threshold":
            ret.insert(0, "threshold")
    elif isinstance(ret, str):
        ret = [ret]
    if len(ret) == 0 or "all" in ret:
        raise ValueError("ret must name one or more coordinates ('all' is not available here)")
    ret = check_names(list(ret), proc_first=True)
    if isinstance(x, str):
        if x in ("all", "local maximas"):
            raise ValueError(
                "'all' and 'local maximas' are not available for confidence intervals."
            )
        if x != "best":
            raise ValueError(f"x must be 'best' or numbers (values of input), got {x!r}")
    else:
        x = _check_points(x, "x")
    if "threshold" in ret and not (isinstance(x, str) or input == "threshold"):
        raise ValueError(
            "'threshold' output is only supported for best ROC point ('x = \"best\"') "
            'or if "threshold" was given as input.'
        )
    return x, input, ret


def _curves(sample, P, N):
    """The replicates' counts at every column (threshold between groups, in
    `WeightedROC`'s order), in the given weights: (TP, FP, TN, FN) of shape
    (replicates, groups + 1), and whether each column is a point of the
    replicate's own curve (its group was drawn; the last column always)."""
    P, N = P * sample.scale, N * sample.scale
    zero = np.zeros((len(P), 1))
    TP = np.concatenate((np.cumsum(P[:, ::-1], axis=1)[:, ::-1], zero), axis=1)
    FP = np.concatenate((np.cumsum(N[:, ::-1], axis=1)[:, ::-1], zero), axis=1)
    TN, FN = FP[:, :1] - FP, TP[:, :1] - TP
    drawn = np.concatenate((P + N > 0, np.ones((len(P), 1), dtype=bool)), axis=1)
    return (TP, FP, TN, FN), drawn


def _pick(arrays, columns):
    return [np.take_along_axis(a, columns, 1) for a in arrays]


def _at_input(counts, input, x):
    """pROC's coords at values `x` of a monotone `input`, each replicate (as
    `coords`): the exact point (the last one if the input falls down the
    columns, else the first) or the linear interpolation between the two
    points around x.  Columns of groups a replicate did not draw repeat the
    next column's counts, so they change neither rule."""
    from ..metrics.coordinates import INPUTS, input_values

    TP, FP, TN, FN = counts
    P, N = TP[:, :1], FP[:, :1]
    values = input_values(TP, TN, P, N, input)
    falling = INPUTS[input]
    low, high = np.nanmin(values, axis=1), np.nanmax(values, axis=1)
    out = [np.empty((len(TP), len(x))) for _ in range(2)]
    for i, value in enumerate(x):
        outside = ~np.isnan(low) & ((value < low) | (value > high))
        if outside.any():
            k = int(np.argmax(outside))
            raise ValueError(
                f"Input {input} ({value:g}) not in range ({low[k]:g}-{high[k]:g}) "
                "in a bootstrap replicate"
            )
        exact = values == value
        last = values.shape[1] - 1 - np.argmax(exact[:, ::-1], axis=1)
        row = np.where(exact.any(axis=1), last if falling else np.argmax(exact, axis=1), -1)
        nxt = np.argmax(values < value if falling else values > value, axis=1)
        nxt = np.maximum(nxt, 1)[:, None]
        v1, v0 = _pick([values], nxt)[0], _pick([values], nxt - 1)[0]
        with np.errstate(divide="ignore", invalid="ignore"):
            share = (value - v1) / (v0 - v1)
        for j, column in enumerate((TP, TN)):
            a, b = _pick([column], nxt)[0], _pick([column], nxt - 1)[0]
            interpolated = (a + share * (b - a))[:, 0]
            at_row = np.take_along_axis(column, np.maximum(row, 0)[:, None], 1)[:, 0]
            out[j][:, i] = np.where(row >= 0, at_row, interpolated)
    TPx, TNx = out
    return TPx, N - TNx, TNx, P - TPx


def _best_columns(counts, drawn, best_method, params, policy, rng):
    """Each replicate's best column (a (replicates, 1) array; -1 where a tie
    is omitted), by the engine of `coords` (`criterion_loss`, ties within
    `TIE`), among the replicate's own points; pROC's best.policy for ties."""
    from ..decisions.criteria import TIE, criterion_loss

    TP, FP, TN, FN = counts
    cost, prevalence = params["best_weights"]
    method = "closest.topleft" if best_method == "topleft" else best_method
    r = (1 - prevalence) / (cost * prevalence)
    with np.errstate(divide="ignore", invalid="ignore"):
        loss = criterion_loss(FN.T, FP.T, method, weight_fp=r).T
    scale = np.maximum(abs(loss[:, :1]), abs(loss[:, -1:]))
    loss = np.where(drawn, loss, np.inf)
    tied = drawn & (loss <= loss.min(axis=1, keepdims=True) + TIE * scale)
    count = tied.sum(axis=1)
    choice = np.zeros(len(loss), dtype=int)  # the k-th tied column
    if (count > 1).any():
        if policy == "stop":
            raise ValueError(
                'More than one "best" threshold was found, aborting. Change '
                "'best_policy' to alter this behavior."
            )
        if policy == "random":
            choice = (rng.random(len(loss)) * count).astype(int)
    columns = np.argmax(np.cumsum(tied, axis=1) > choice[:, None], axis=1)
    if policy == "omit":
        columns = np.where(count > 1, -1, columns)
    return columns[:, None]


def _replicate_coords(sample, P, N, request, rng):
    """(replicates, len(x), len(ret)) coordinates of the replicates' curves,
    NaN for a replicate without a class (or an omitted tie)."""
    from ..metrics.threshold_measures import Counts, compute

    x, input, ret, params, best_method, direction, policy = request
    counts, drawn = _curves(sample, P, N)
    values = -sample.distinct if direction == ">" else sample.distinct
    edge = -np.inf if direction == ">" else np.inf
    thresholds = np.append(values, edge)
    missing = np.zeros((len(P), 1), dtype=bool)
    if isinstance(x, str):
        columns = _best_columns(counts, drawn, best_method, params, policy, rng)
        missing = columns < 0
        columns = np.maximum(columns, 0)
        picked, at = _pick(counts, columns), thresholds[columns]
    elif input == "threshold":
        scaled = -x if direction == ">" else x
        columns = np.broadcast_to(np.searchsorted(sample.distinct, scaled), (len(P), len(x)))
        picked, at = _pick(counts, columns), np.broadcast_to(x, (len(P), len(x)))
    else:
        picked, at = _at_input(counts, input, x), np.full((len(P), len(x)), np.nan)
    TP, FP, TN, FN = picked
    table = Counts(at, TP, FP, TN, FN, TP + FN, FP + TN, 0, direction)
    out = np.stack([compute(table, [name], params)[name] for name in ret], axis=2)
    no_class = (counts[0][:, 0] == 0) | (counts[1][:, 0] == 0)
    out[no_class | missing[:, 0]] = np.nan
    return out


def _design_coords(sample, request, plan, conf_level, n_boot, rng):
    """`ci_coords` with ``design=``: Wald intervals of the replicates'
    coordinates (`weightedroc.inference.design_points`)."""
    x, ret = request[0], request[2]

    def read(P, N):  # the replicates' weights, in the pools' scale
        coordinates = _replicate_coords(sample, P / sample.scale, N / sample.scale, request, rng)
        return coordinates.reshape(len(P), -1)

    own, values, reps = readings(sample, read, plan[0], plan[1], n_boot, rng)
    own = own[0]
    error = column_errors(own, values, reps)
    half = t_quantile(np.inf, (1 + conf_level) / 2) * error
    points: list = ["best"] if isinstance(x, str) else np.asarray(x).tolist()
    table = pd.DataFrame(
        {
            "x": np.repeat(np.array(points, dtype=object), len(ret)),
            "measure": np.tile(ret, len(points)),
            "estimate": own,
            "conf_low": own - half,
            "conf_high": own + half,
            "std_error": error,
        }
    )
    words = plan_words(("replicate", None, reps))
    table.attrs.update(
        conf_level=conf_level, n_replicates=reps.n_replicates, method=f"design-based, {words}"
    )
    return table


@in_help
def ci_coords(
    guess: ArrayLike,
    label: ArrayLike | None = None,
    weight: ArrayLike | None = None,
    *,
    x: str | float | ArrayLike,
    input: str = "threshold",
    ret: str | list[str] | None = None,
    best_method: str = "youden",
    best_weights: tuple[float, float] = (1, 0.5),
    best_policy: str = "stop",
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | np.random.Generator | None = None,
    stratified: bool = True,
    positive: LabelValue = None,
    direction: Direction = "<",
    weights_are: str = "importance",
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> pd.DataFrame:
    """Bootstrap intervals of any coordinates of a weighted ROC curve, as
    pROC's ``ci.coords``.

    Each bootstrap replicate's curve (drawn as for `ci_se`) is read by
    `coords` at `x`, and each coordinate's replicates give its quantiles.
    With ``x="best"`` each replicate's own best point (Youden's or the
    closest to the top left) is read, so the interval includes the
    uncertainty of the choice of threshold.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `WeightedROC`.  Or `guess` is a `smooth_roc` curve, alone,
        as pROC's ``ci.coords(smooth(roc), ...)``: `x` "best" or values of
        any monotone `input` but the threshold, `ret` any coordinate but
        the threshold (default specificity and sensitivity), pROC's
        abbreviations allowed; each replicate is smoothed again and read
        by `coords` of a smoothed curve (counts: rates times the
        replicate's class totals).
    x : "best" or numbers
        Where to read the coordinates: values of `input`, or each
        replicate's best point (pROC's "all" and "local maximas" are not
        available for intervals: an error, as pROC's).
    input : str, default "threshold"
        As for `coords`: a threshold, or a monotone coordinate
        (sensitivity, specificity, ...) read by linear interpolation
        between the curve's points.
    ret : str or list of str, optional
        The coordinates (any name `coords` knows); by default threshold,
        specificity, sensitivity (specificity and sensitivity when `input`
        is not "threshold").  A threshold is returned only for
        ``x="best"`` or threshold inputs (pROC's error otherwise).
    best_method, best_weights
        As for `coords`.
    best_policy : {"stop", "omit", "random"}, default "stop"
        pROC's ``best.policy``, for a replicate with more than one best
        point: an error, a replicate left out (NaN), or one of them at
        random.
    conf_level : float, default 0.95
    n_boot : int, default 2000
    seed : None, int or numpy.random.Generator
    stratified : bool, default True
        pROC's ``boot.stratified``: False draws from all observations
        together.
    weights_are : {"importance", "frequency"}, default "importance"
        See `weightedroc.inference.replicates`.
    design, replicates
        A sampling design (`weight` the sampling weights), as for `ci_se`:
        each coordinate read under each replicate's weights (by the same
        rules, ``x="best"`` each replicate's own best point), its variance
        as ``survey::svrVar`` (replicates where it is NaN left out, with
        survey's warning), and the normal Wald interval, not clipped (a
        threshold or a count has no bounds): the columns are then ``x``,
        ``measure``, ``estimate`` (the data's coordinate), ``conf_low``,
        ``conf_high`` and ``std_error``.  With ``x="best"`` prefer
        bootstrap replicates: the best point is a maximiser, not a smooth
        function of the weights, and the jackknife's variance of such a
        statistic (as of a median) is not consistent (on 22 JKn
        replicates of 120 rows the best threshold jumped between five
        values and its standard error exceeded the score's spread).

    Returns
    -------
    pandas.DataFrame
        Long, one row per point and coordinate: ``x`` (the value of
        `input`, or "best"), ``measure`` (in `ret`'s order for each point),
        ``conf_low``, ``median``, ``conf_high``: the replicates' quantiles
        (R's type 7), replicate values that are NaN (undefined, e.g. a
        precision where nothing is called positive) left out as pROC's
        ``na.rm = TRUE``; ``attrs`` holds ``conf_level``, ``n_boot`` and
        ``method`` (and ``smoothed`` for a smoothed curve).

    Warns
    -----
    UserWarning
        pROC's "N NA value(s) produced during bootstrap were ignored." for
        replicates with no value at all (unstratified replicates without a
        class, or tied best points with ``best_policy="omit"``).

    Notes
    -----
    Thresholds are the package's (`coords`): a row's threshold is the
    smallest guess it calls positive, where pROC reports the midpoint
    between two guesses, so the interval of the best threshold differs
    from pROC's by that convention; every other coordinate is pROC's.

    Examples
    --------
    >>> from weightedroc import ci_coords
    >>> guess = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> label = [0, 0, 1, 0, 0, 1, 0, 1, 1, 1]
    >>> ci = ci_coords(guess, label, x=[5.5], ret=["specificity", "sensitivity"],
    ...                n_boot=200, seed=1)
    >>> ci[["x", "measure"]]
         x      measure
    0  5.5  specificity
    1  5.5  sensitivity
    >>> bool((ci["conf_low"] <= ci["median"]).all() and (ci["median"] <= ci["conf_high"]).all())
    True
    >>> best = ci_coords(guess, label, x="best", ret="sensitivity", best_policy="random",
    ...                  n_boot=200, seed=1)
    >>> best[["x", "measure"]]
          x      measure
    0  best  sensitivity
    """
    from ..metrics.threshold_measures import parameters

    conf_level, n_boot = check_conf_level(conf_level), check_n_boot(n_boot)
    route, plan = _route("ci_coords", guess, label, weight, design, replicates, weights_are)
    check = _check_smooth_request if route == "smoothed" else _check_coords_request
    x, input, ret = check(x, input, ret, best_policy)
    params = parameters(best_weights=best_weights)
    if best_method not in ("youden", "closest.topleft", "topleft"):
        raise ValueError(
            f"best_method must be one of ('youden', 'closest.topleft'), got {best_method!r}"
        )
    rng = np.random.default_rng(seed)
    if route == "smoothed":
        asked = (x, input, ret, params, best_method, best_policy)
        values = smooth_coords_replicates(plan, asked, n_boot, rng, stratified)
        table = _percentiles(values, x, ret, conf_level, n_boot, stratified)
        table.attrs["smoothed"] = True
        return table
    if route == "design":
        weight = sampling_weights(weight, plan[0])
    sample = prepare(guess, label, weight, positive, direction, weights_are, stratified)
    request = (x, input, ret, params, best_method, direction, best_policy)
    if route == "design":
        return _design_coords(sample, request, plan, conf_level, n_boot, rng)
    return _bootstrap_coords(sample, request, conf_level, n_boot, stratified, rng)


def _bootstrap_coords(sample, request, conf_level, n_boot, stratified, rng):
    """`ci_coords` by the bootstrap: each replicate's curve read as `coords`
    reads it (`_replicate_coords`), the replicates' quantiles."""

    def read(weights):
        return _replicate_coords(sample, *weights, request, rng)

    reps = replicate_values(rng, [sample], n_boot, read)
    x, ret = request[0], request[2]
    return _percentiles(reps.reshape(len(reps), -1), x, ret, conf_level, n_boot, stratified)


def _check_smooth_request(x, input, ret, best_policy):
    """pROC's checks of ci.coords of a smoothed curve, as `coords` of one
    takes them: `input` a monotone coordinate (no thresholds), `ret` any
    coordinate but the threshold (default specificity and sensitivity)."""
    if ret is None:
        ret = ["specificity", "sensitivity"]
    x, input, ret = _check_coords_request(x, input, ret, best_policy)
    if not isinstance(x, str) and input == "threshold":
        raise ValueError(
            "ci_coords(): a smoothed curve has no thresholds: give input= a monotone "
            "coordinate ('specificity', 'sensitivity', 'tp', 'fpr', ...) with numeric x"
        )
    if "threshold" in ret:
        raise ValueError(
            "ci_coords(): a smoothed curve has no thresholds: ret may be any coordinate "
            "but 'threshold'"
        )
    return x, input, ret


def _percentiles(values, x, ret, conf_level, n_boot, stratified):
    """The long frame of `ci_coords`: for each point and coordinate, the
    replicates' quantiles (R's type 7), NaN values left out as pROC's
    ``na.rm = TRUE``, replicates with no value at all counted in pROC's
    warning; ``attrs`` as `ci_se`'s."""
    empty = np.isnan(values).all(axis=1)
    points: list = ["best"] if isinstance(x, str) else np.asarray(x).tolist()
    if empty.all():  # pROC: NA intervals
        warn("All bootstrap iterations produced NA values only.", UserWarning)
        low = median = high = np.full(values.shape[1], np.nan)
    else:
        warn_na(empty.sum())  # pROC counts the replicates with no value at all
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a coordinate NaN in every replicate
            low, median, high = np.nanquantile(
                values[~empty], [(1 - conf_level) / 2, 0.5, (1 + conf_level) / 2], axis=0
            )
    table = pd.DataFrame(
        {
            "x": np.repeat(np.array(points, dtype=object), len(ret)),
            "measure": np.tile(ret, len(points)),
            "conf_low": low,
            "median": median,
            "conf_high": high,
        }
    )
    method = "stratified bootstrap percentile" if stratified else "bootstrap percentile"
    table.attrs.update(conf_level=conf_level, n_boot=n_boot, method=method)
    return table
