"""Bootstrap inference on smoothed curves: pROC's ``ci.auc``, ``var``,
``cov`` and ``roc.test`` of ``smooth()`` objects.

A smoothed curve (`weightedroc.smooth_roc`'s frame) carries its data and
its smoothing (``attrs["smooth"]``, a `weightedroc.curves.smooth.Smoothing`).
Each replicate draws rows as pROC's bootstrap does (cases from the cases and
controls from the controls, or all rows together with
``stratified=False``; paired curves share their draws) and redoes the
smoothing on them; a replicate that cannot be smoothed is NA, dropped with
pROC's warning.  Importance weights travel with their rows; frequency
weights are rows repeated, so the replicates resample the repeated rows.
"""

from __future__ import annotations

import dataclasses
import math
import warnings

import numpy as np
import pandas as pd

from ..curves.areas import mcclish, range_areas
from ..curves.smooth import smooth_area
from .replicates import without_na

DELONG = (
    "DeLong method is not supported with smoothed ROC curves: use "
    'method="bootstrap" (pROC: "DeLong\'s test is not supported for smoothed ROC curves")'
)


def smoothing_of(curve):
    """The `Smoothing` of a `smooth_roc` frame, or None for anything else."""
    if isinstance(curve, pd.DataFrame):
        return curve.attrs.get("smooth")
    return None


def no_delong(method, function):
    """pROC's error for DeLong (and other non-bootstrap methods) on a
    smoothed curve."""
    if method != "bootstrap":
        raise ValueError(f"{function}(): {DELONG}; got method={method!r}")


def repeated(smoothing):
    """Frequency weights as the rows repeated (the replicates draw rows)."""
    if smoothing.weights_are != "frequency" or smoothing.weight is None:
        return smoothing
    times = smoothing.weight.astype(np.int64)
    return dataclasses.replace(
        smoothing,
        guess=np.repeat(smoothing.guess, times),
        label=np.repeat(smoothing.label, times),
        weight=None,
        weights_are="importance",
    )


def area(tpr, fpr, attrs, partial):
    """pROC's ``auc()`` of a smoothed curve's points (partial, corrected:
    below the diagonal the corrected value is kept, as pROC's bootstrap)."""
    if partial is None:
        return smooth_area(tpr, fpr, attrs)
    name = "fpr_range" if partial["fpr_range"] is not None else "tpr_range"
    lo, hi = partial[name]
    areas, diagonal = range_areas(fpr[None, ::-1], tpr[None, ::-1], **{name: (lo, hi)})
    value = float(areas[0])
    return mcclish(value, diagonal, lo, hi) if partial["correct"] else value


def draw(rng, label, stratified):
    """The rows of one replicate: stratified by class, or all together."""
    if not stratified:
        return rng.integers(0, len(label), len(label))
    pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
    return np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))


def statistic_of(smoothing, rows, partial):
    """The area of a replicate's smoothed curve, NaN when not smoothable
    (a class missing, or too few points), as pROC."""
    if rows is not None:
        label = smoothing.label[rows]
        if label.all() or not label.any():
            return math.nan
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return area(*smoothing.redo(rows), partial)
    except ValueError:
        return math.nan


def replicate_areas(smoothings, n_boot, seed, stratified, partials, paired=True):
    """An (n_boot, k) array of the k curves' replicate areas, NaN rows
    dropped with pROC's warning.  Paired curves share each replicate's rows."""
    rng = np.random.default_rng(seed)
    smoothings = [repeated(s) for s in smoothings]
    values = np.empty((n_boot, len(smoothings)))
    for b in range(n_boot):
        rows = draw(rng, smoothings[0].label, stratified) if paired else None
        for k, (s, partial) in enumerate(zip(smoothings, partials)):
            these = rows if paired else draw(rng, s.label, stratified)
            values[b, k] = statistic_of(s, these, partial)
    return without_na(values)


def estimate(smoothing, partial):
    """The area of the smoothed curve itself."""
    return statistic_of(smoothing, None, partial)


def check_paired(first, second, function):
    """Two smoothed curves of the same rows (pROC's are.paired on their
    roc objects): same labels."""
    same = len(first.label) == len(second.label) and (first.label == second.label).all()
    if not same:
        raise ValueError(
            f"{function}(): the two smoothed curves are not paired (their data do not have "
            "the same response, row for row)"
        )


def smooth_interval(smoothing, method, conf_level, n_boot, seed, stratified, partial):
    """pROC's ``ci.auc(smooth(roc))``: the percentile interval of the
    replicates' smoothed areas."""
    from .checks import check_n_boot
    from .results import AUCInterval

    no_delong(method, "auc_ci")
    check_n_boot(n_boot)
    values = replicate_areas([smoothing], n_boot, seed, stratified, [partial])[:, 0]
    low, high = np.quantile(values, [(1 - conf_level) / 2, (1 + conf_level) / 2])
    sd = float(np.std(values, ddof=1)) if len(values) > 1 else math.nan
    return AUCInterval(
        estimate(smoothing, partial), float(low), float(high), conf_level, int(n_boot), values,
        std_error=sd,
    )  # fmt: skip


def smooth_var(smoothing, method, n_boot, seed, stratified, partial):
    """pROC's ``var(smooth(roc))``: the replicates' sample variance."""
    from .checks import check_n_boot

    no_delong(method, "auc_var")
    check_n_boot(n_boot)
    values = replicate_areas([smoothing], n_boot, seed, stratified, [partial])[:, 0]
    return float(np.var(values, ddof=1))


def two_smoothings(first, second, function):
    """The `Smoothing` of two curves given to `function`: both smoothed
    curves (pROC smooths each of its two roc objects)."""
    pair = smoothing_of(first), smoothing_of(second)
    if None in pair:
        raise TypeError(
            f"{function}(): give two smooth_roc curves (each carries its data), not a "
            "smoothed curve and raw guesses"
        )
    return pair


def smooth_cov(first, second, method, n_boot, seed, stratified, partial):
    """pROC's ``cov(smooth(roc1), smooth(roc2))`` of paired curves."""
    from .checks import check_n_boot

    no_delong(method, "auc_cov")
    check_n_boot(n_boot)
    pair = two_smoothings(first, second, "auc_cov")
    check_paired(*pair, "auc_cov")
    values = replicate_areas(list(pair), n_boot, seed, stratified, [partial, partial])
    return float(np.cov(values[:, 0], values[:, 1], ddof=1)[0, 1])


def need_label(label, function):
    """The labels of raw inputs: optional only with a smoothed curve
    (which carries its own)."""
    if label is None:
        raise TypeError(
            f"{function}() needs label with raw guesses (only a smooth_roc curve carries its own)"
        )
    return label
