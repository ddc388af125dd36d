"""Survival plots: the time-dependent AUC over time with its pointwise band (`time_auc`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from ..utils.signatures import in_help
from ._plotnine import NEUTRAL, TEXT_SIZE, palette, plotnine, theme
from .palette import OKABE_ITO

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["time_auc_plot"]

DEFINITIONS = {
    1: "controls: event-free at t",
    2: "controls: event-free at t or another cause before t",
}
#: The single band's fill: Okabe-Ito sky blue, as the other bands.
BAND_FILL = OKABE_ITO[2]


@in_help
def time_auc_plot(table: pd.DataFrame, *, by: str | None = None) -> ggplot:
    """The AUC at each time, joined by lines, with its confidence band.

    Parameters
    ----------
    table : pandas.DataFrame
        What `weightedroc.time_auc` returns (columns ``time``, ``auc``,
        ``conf_low``, ``conf_high``; ``definition`` under competing risks),
        or several of them stacked with a column naming each (`by`).
    by : str, optional
        The column naming the curves (a marker, a model); by default the
        ``definition`` column when there is one.

    Returns
    -------
    plotnine.ggplot
        AUC (y, from 0 to 1) against time: a line and points per curve, the
        pointwise band shaded in the curve's colour, the chance level 0.5
        dotted.  Times without an AUC are left out.  Extend it with ``+``.

    Examples
    --------
    >>> from weightedroc import time_auc
    >>> from weightedroc.plots import time_auc_plot
    >>> table = time_auc([1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 1, 1, 0, 1, 0, 0],
    ...                  [0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5], times=[2.5, 4.5, 6.5])
    >>> type(time_auc_plot(table)).__name__
    'ggplot'
    """
    p9 = plotnine()
    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"table must be the DataFrame time_auc returns, got {type(table).__name__}")
    missing = [c for c in ("time", "auc", "conf_low", "conf_high") if c not in table.columns]
    if missing:
        raise ValueError(f"table lacks the column(s) {missing}: pass what time_auc returns")
    if by is not None and by not in table.columns:
        raise ValueError(f"table has no column {by!r} (by)")
    frame = table.dropna(subset=["auc"]).copy()
    if by is None and "definition" in frame.columns:
        frame["curve"] = pd.Categorical(frame["definition"].map(DEFINITIONS))
        by = "curve"
    level = table.attrs.get("conf_level", 0.95)
    plot = (
        p9.ggplot(frame, p9.aes("time", "auc"))
        + p9.geom_hline(yintercept=0.5, color=NEUTRAL, linetype="dotted")
        + p9.annotate(
            "text",
            x=frame["time"].max(),
            y=0.47,
            label="chance",
            ha="right",
            color=NEUTRAL,
            size=TEXT_SIZE,
        )
        + p9.scale_y_continuous(limits=(0, 1))
        + p9.labs(x="Time t", y="AUC(t)", caption=f"band: pointwise {100 * level:g}% interval")
        + theme()
    )
    if by is None:
        return (
            plot
            + p9.geom_ribbon(p9.aes(ymin="conf_low", ymax="conf_high"), fill=BAND_FILL, alpha=0.5)
            + p9.geom_line(color=palette(1)[0], size=1)
            + p9.geom_point(color=palette(1)[0], size=1.5)
        )
    n = frame[by].nunique()
    return (
        plot
        + p9.geom_ribbon(p9.aes(ymin="conf_low", ymax="conf_high", fill=by, group=by), alpha=0.25)
        + p9.geom_line(p9.aes(color=by, group=by), size=1)
        + p9.geom_point(p9.aes(color=by), size=1.5)
        + p9.scale_color_manual(values=palette(n))
        + p9.scale_fill_manual(values=palette(n))
        + p9.labs(color="", fill="")
        + p9.theme(legend_position="bottom")
    )
