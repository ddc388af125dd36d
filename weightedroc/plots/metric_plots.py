"""Plots of threshold measures: ROCR's plot(performance(...)), gain and lift
charts, the cost curve with its lower envelope, and the DET curve.

Each takes a `WeightedROC` frame or raw inputs ``(guess, label[, weight])``
and returns a plotnine ggplot to extend with ``+``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..curves.detection import det_curve, normal_deviate
from ..curves.gain import gain_curve, lift_curve
from ..decisions.cost_curves import cost_curve
from ..engine.curve_input import read_curve
from ..metrics.threshold_measures import measures
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue
from ._plotnine import NEUTRAL, TEXT_SIZE, plotnine, theme

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["measure_plot", "gain_plot", "lift_plot", "cost_curve_plot", "det_plot"]

#: Axis titles of the measures `weightedroc.measures` knows, in words
#: (ROCR's, pROC's and yardstick's short names read as what they are).
MEASURE_WORDS = {
    "threshold": "Threshold",
    "specificity": "Specificity (TNR)",
    "sensitivity": "Sensitivity (TPR)",
    "accuracy": "Accuracy",
    "tn": "True negatives (weighted)",
    "tp": "True positives (weighted)",
    "fn": "False negatives (weighted)",
    "fp": "False positives (weighted)",
    "npv": "Negative predictive value",
    "ppv": "Positive predictive value (precision)",
    "tpr": "True positive rate (TPR)",
    "tnr": "True negative rate (TNR)",
    "fpr": "False positive rate (FPR)",
    "fnr": "False negative rate (FNR)",
    "fdr": "False discovery rate",
    "1-specificity": "1 - specificity (FPR)",
    "1-sensitivity": "1 - sensitivity (FNR)",
    "1-accuracy": "Error rate (1 - accuracy)",
    "1-npv": "1 - negative predictive value",
    "1-ppv": "1 - positive predictive value",
    "precision": "Precision",
    "recall": "Recall (TPR)",
    "lr_pos": "Positive likelihood ratio",
    "lr_neg": "Negative likelihood ratio",
    "youden": "Youden index (weighted)",
    "closest.topleft": "Distance to the top-left corner",
    "acc": "Accuracy",
    "err": "Error rate",
    "fall": "Fallout (FPR)",
    "rec": "Recall (TPR)",
    "sens": "Sensitivity (TPR)",
    "miss": "Miss rate (FNR)",
    "spec": "Specificity (TNR)",
    "prec": "Precision",
    "pcfall": "Prediction-conditioned fallout",
    "pcmiss": "Prediction-conditioned miss",
    "rpp": "Rate of positive predictions",
    "rnp": "Rate of negative predictions",
    "phi": "Phi correlation coefficient",
    "mat": "Matthews correlation coefficient",
    "mi": "Mutual information",
    "chisq": "Chi-squared statistic",
    "odds": "Odds ratio",
    "lift": "Lift",
    "f": "F measure",
    "cost": "Expected cost",
    "j_index": "Youden's J",
    "mcc": "Matthews correlation coefficient",
    "f_meas": "F measure",
    "bal_accuracy": "Balanced accuracy",
    "kap": "Cohen's kappa",
    "detection_prevalence": "Detection prevalence",
}


def measure_words(name: str) -> str:
    """The axis title of measure `name`: its words, else the name itself.

    Examples
    --------
    >>> from weightedroc.plots.metric_plots import measure_words
    >>> measure_words("prec"), measure_words("rec")
    ('Precision', 'Recall (TPR)')
    """
    return MEASURE_WORDS.get(name, name)


@in_help
def measure_plot(
    roc: pd.DataFrame | tuple,
    y: str,
    x: str = "threshold",
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    beta: float = 1.0,
    alpha: float = 0.5,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    prevalence: float | None = None,
    best_weights: tuple[float, float] = (1, 0.5),
) -> ggplot:
    """One measure against the threshold or against another measure.

    ROCR's ``plot(performance(pred, y, x))``: e.g. ``measure_plot(roc,
    "prec", "rec")`` is the precision-recall curve, ``measure_plot(roc,
    "acc")`` the accuracy at each threshold.  Rows where either value is
    not finite (e.g. precision with nothing called positive, the threshold
    inf) are left out.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    y, x : str
        Names `weightedroc.measures` knows; x defaults to the threshold.
    positive, direction
        As for `WeightedROC`, for raw inputs.
    beta, alpha, cost_fp, cost_fn, prevalence, best_weights
        The options of the measures, as `weightedroc.measures` takes them
        (e.g. ``beta=2`` for ``"f_meas"``).

    Returns
    -------
    plotnine.ggplot
        A line through the points (x, y) in threshold order; x and y are
        the columns of its data.  The axes are titled in words ("prec" is
        "Precision"), see `MEASURE_WORDS`.

    Examples
    --------
    >>> from weightedroc.plots import measure_plot
    >>> p = measure_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]), "prec", "rec")
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    names = [y] if x == "threshold" else [x, y]
    frame = read_curve(roc, "measure_plot", positive=positive, direction=direction).frame
    table = measures(
        frame,
        names,
        beta=beta,
        alpha=alpha,
        cost_fp=cost_fp,
        cost_fn=cost_fn,
        prevalence=prevalence,
        best_weights=best_weights,
    )
    assert isinstance(table, pd.DataFrame)  # names is a list: a frame, never a float
    data = pd.DataFrame(
        {
            "x": table[x].to_numpy(),
            "y": table[y].to_numpy(),
            "threshold": table["threshold"].to_numpy(),
        }
    )
    data = data[np.isfinite(data["x"]) & np.isfinite(data["y"])].reset_index(drop=True)
    if len(data) == 0:
        raise ValueError(f"no threshold has finite {x} and {y}: nothing to plot")
    return (
        p9.ggplot(data, p9.aes("x", "y"))
        + p9.geom_path()
        + p9.geom_point(size=0.8)
        + p9.labs(x=measure_words(x), y=measure_words(y))
        + theme()
    )


@in_help
def gain_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """Cumulative gain chart (yardstick's ``autoplot(gain_curve(...))``):
    percent of the positive weight found against percent of the weight
    tested, with the perfect model's line dashed and the random order's dotted.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    plotnine.ggplot
        Extend it with ``+``; its data is `gain_curve`'s frame.  The
        perfect model's line is grey dashes, the random order's grey dots,
        each labelled.

    Examples
    --------
    >>> from weightedroc.plots import gain_plot
    >>> p = gain_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]))
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame = read_curve(roc, "gain_plot", positive=positive, direction=direction).frame
    gain = gain_curve(frame)
    share = gain["n_events"].iloc[-1] / gain["n"].iloc[-1]
    reference = pd.DataFrame(
        {
            "percent_tested": [0, 100 * share, 100, 0, 100],
            "percent_found": [0, 100, 100, 0, 100],
            "line": ["perfect model"] * 3 + ["random order"] * 2,
        }
    )
    # No curve lies left of the perfect model's line: its label goes there.
    words = pd.DataFrame(
        {
            "percent_tested": [60 * share - 2, 62],
            "percent_found": [60, 58],
            "text": ["perfect model", "random order"],
            "angle": [0, 45],
            "ha": ["right", "center"],
        }
    )
    return (
        p9.ggplot(gain, p9.aes("percent_tested", "percent_found"))
        + p9.geom_path(
            p9.aes(group="line", linetype="line"), data=reference, colour=NEUTRAL, size=0.6
        )
        + p9.geom_text(
            p9.aes(label="text", angle="angle", ha="ha"),
            data=words,
            colour=NEUTRAL,
            size=TEXT_SIZE,
            va="top",
        )
        + p9.geom_path(size=0.8)
        + p9.scale_linetype_manual(
            values={"perfect model": "dashed", "random order": "dotted"}, guide=None
        )
        + p9.labs(x="% of the weight tested", y="% of the positive weight found")
        + p9.coord_equal()
        + theme()
    )


@in_help
def lift_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """Lift chart (yardstick's ``autoplot(lift_curve(...))``): lift against
    percent tested, the random ordering's lift 1 dotted and labelled.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    plotnine.ggplot
        Extend it with ``+``; its data is `lift_curve`'s frame without its
        first row (nothing tested).

    Examples
    --------
    >>> from weightedroc.plots import lift_plot
    >>> p = lift_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]))
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame = read_curve(roc, "lift_plot", positive=positive, direction=direction).frame
    lift = lift_curve(frame).iloc[1:]
    return (
        p9.ggplot(lift.reset_index(drop=True), p9.aes("percent_tested", "lift"))
        + p9.geom_hline(yintercept=1, linetype="dotted", colour=NEUTRAL, size=0.6)
        + p9.annotate(
            "text",
            x=0,
            y=1,
            label="random order",
            colour=NEUTRAL,
            size=TEXT_SIZE,
            ha="left",
            va="top",
        )
        + p9.geom_path(size=0.8)
        + p9.expand_limits(y=0)
        + p9.labs(x="% of the weight tested", y="Lift")
        + theme()
    )


@in_help
def cost_curve_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """Drummond and Holte's cost curve: each threshold's line (grey) and the
    lower envelope (black, ROCR's ``plot(performance(pred, "ecost"))``).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    plotnine.ggplot
        Extend it with ``+``; its data is `cost_curve`'s lines.

    Examples
    --------
    >>> from weightedroc.plots import cost_curve_plot
    >>> p = cost_curve_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]))
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame = read_curve(roc, "cost_curve_plot", positive=positive, direction=direction).frame
    curve = cost_curve(frame)
    return (
        p9.ggplot(curve.lines, p9.aes("probability_cost", "cost"))
        + p9.geom_line(p9.aes(group="threshold"), colour=NEUTRAL, alpha=0.5, size=0.3)
        + p9.geom_path(data=curve.envelope, size=1)
        + p9.labs(x="Probability cost function PC(+)", y="Normalised expected cost")
        + p9.coord_equal()
        + theme()
    )


_TICKS = np.array(
    [
        0.001,
        0.002,
        0.005,
        0.01,
        0.02,
        0.05,
        0.1,
        0.2,
        0.4,
        0.6,
        0.8,
        0.9,
        0.95,
        0.98,
        0.99,
        0.995,
        0.998,
        0.999,
    ]
)


def _tick_range(deviates):
    """The ticks' deviates from the last one below the data to the first above."""
    ticks = normal_deviate(_TICKS)
    lo = np.searchsorted(ticks, np.min(deviates), side="right") - 1
    hi = np.searchsorted(ticks, np.max(deviates), side="left")
    return float(ticks[max(lo, 0)]), float(ticks[min(hi, len(ticks) - 1)])


@in_help
def det_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """The DET curve on normal-deviate axes (probit of FPR and FNR), ticks
    labelled as rates (0.1%, 0.2%, 0.5%, 1%, 2%, 5%, 10%, 20%, 40%, ...),
    each axis running from the tick below the data to the tick above;
    points with a rate of 0 or 1 (infinite deviates) are left out.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    plotnine.ggplot
        Extend it with ``+``; x and y of its data are the normal deviates
        of fpr and fnr.

    Examples
    --------
    >>> from weightedroc.plots import det_plot
    >>> p = det_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]))
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame = read_curve(roc, "det_plot", positive=positive, direction=direction).frame
    det = det_curve(frame)
    data = det.assign(x=normal_deviate(det["fpr"]), y=normal_deviate(det["fnr"]))
    data = data[np.isfinite(data["x"]) & np.isfinite(data["y"])].reset_index(drop=True)
    if len(data) == 0:
        raise ValueError("every point of the DET curve has a rate of 0 or 1: nothing to plot")
    breaks, labels = normal_deviate(_TICKS), [f"{100 * t:g}%" for t in _TICKS]
    return (
        p9.ggplot(data, p9.aes("x", "y"))
        + p9.geom_path(size=0.8)
        + p9.scale_x_continuous(breaks=breaks, labels=labels)
        + p9.scale_y_continuous(breaks=breaks, labels=labels)
        + p9.expand_limits(x=_tick_range(data["x"]), y=_tick_range(data["y"]))
        + p9.labs(x="False positive rate", y="False negative rate")
        + p9.coord_equal()
        + theme()
    )
