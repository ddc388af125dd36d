"""Plots of threshold measures: ROCR's plot(performance(...)), gain and lift
charts, the cost curve with its lower envelope, and the DET curve.

Each takes a `WeightedROC` frame or raw inputs ``(guess, label[, weight])``
and returns a plotnine ggplot to extend with ``+``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from ..curves.curve_measures import cost_curve, det_curve, gain_curve, lift_curve, normal_deviate
from ..engine.types import Direction, LabelValue
from ..metrics.table import measures
from ._plotnine import plotnine

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["measure_plot", "gain_plot", "lift_plot", "cost_curve_plot", "det_plot"]


def measure_plot(
    roc: pd.DataFrame | tuple,
    y: str,
    x: str = "threshold",
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    **params: Any,
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
    positive, direction, **params
        Passed to `weightedroc.measures` (e.g. ``beta=2``).

    Returns
    -------
    plotnine.ggplot
        A line through the points (x, y) in threshold order; x and y are
        the columns of its data.

    Examples
    --------
    >>> from weightedroc.plots import measure_plot
    >>> p = measure_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]), "prec", "rec")
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    names = [y] if x == "threshold" else [x, y]
    table = measures(roc, names, positive=positive, direction=direction, **params)
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
        + p9.labs(x=x, y=y)
        + p9.theme_bw()
    )


def gain_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """Cumulative gain chart (yardstick's ``autoplot(gain_curve(...))``):
    percent of the positive weight found against percent of the weight
    tested, with the perfect model's and random ordering's lines dashed.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    plotnine.ggplot
        Extend it with ``+``; its data is `gain_curve`'s frame.

    Examples
    --------
    >>> from weightedroc.plots import gain_plot
    >>> p = gain_plot(([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]))
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    gain = gain_curve(roc, positive=positive, direction=direction)
    share = gain["n_events"].iloc[-1] / gain["n"].iloc[-1]
    reference = pd.DataFrame(
        {
            "percent_tested": [0, 100 * share, 100, 0, 100],
            "percent_found": [0, 100, 100, 0, 100],
            "line": ["perfect"] * 3 + ["random"] * 2,
        }
    )
    return (
        p9.ggplot(gain, p9.aes("percent_tested", "percent_found"))
        + p9.geom_path(p9.aes(group="line"), data=reference, linetype="dashed", colour="grey")
        + p9.geom_path()
        + p9.labs(x="% tested (weight)", y="% found (weight)")
        + p9.coord_equal()
        + p9.theme_bw()
    )


def lift_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """Lift chart (yardstick's ``autoplot(lift_curve(...))``): lift against
    percent tested, the random ordering's lift 1 dashed.

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
    lift = lift_curve(roc, positive=positive, direction=direction).iloc[1:]
    return (
        p9.ggplot(lift.reset_index(drop=True), p9.aes("percent_tested", "lift"))
        + p9.geom_hline(yintercept=1, linetype="dashed", colour="grey")
        + p9.geom_path()
        + p9.labs(x="% tested (weight)", y="lift")
        + p9.theme_bw()
    )


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
    curve = cost_curve(roc, positive=positive, direction=direction)
    return (
        p9.ggplot(curve.lines, p9.aes("probability_cost", "cost"))
        + p9.geom_line(p9.aes(group="threshold"), colour="grey", alpha=0.5, size=0.3)
        + p9.geom_path(data=curve.envelope, size=1)
        + p9.labs(x="Probability cost function PC(+)", y="Normalised expected cost")
        + p9.coord_equal()
        + p9.theme_bw()
    )


_TICKS = np.array([0.001, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99, 0.999])


def det_plot(
    roc: pd.DataFrame | tuple, *, positive: LabelValue = None, direction: Direction = "<"
) -> ggplot:
    """The DET curve on normal-deviate axes (probit of FPR and FNR), ticks
    labelled as rates; points with a rate of 0 or 1 (infinite deviates)
    are left out.

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
    det = det_curve(roc, positive=positive, direction=direction)
    data = det.assign(x=normal_deviate(det["fpr"]), y=normal_deviate(det["fnr"]))
    data = data[np.isfinite(data["x"]) & np.isfinite(data["y"])].reset_index(drop=True)
    if len(data) == 0:
        raise ValueError("every point of the DET curve has a rate of 0 or 1: nothing to plot")
    breaks, labels = normal_deviate(_TICKS), [f"{100 * t:g}%" for t in _TICKS]
    return (
        p9.ggplot(data, p9.aes("x", "y"))
        + p9.geom_path()
        + p9.scale_x_continuous(breaks=breaks, labels=labels)
        + p9.scale_y_continuous(breaks=breaks, labels=labels)
        + p9.labs(x="False positive rate", y="False negative rate")
        + p9.coord_equal()
        + p9.theme_bw()
    )
