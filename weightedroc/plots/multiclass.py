"""The ROC curves of more than two classes, as `multiclass_roc` stacks them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from ..engine.frames import as_pandas
from ..utils.signatures import in_help
from ._plotnine import NEUTRAL, plotnine, theme
from .palette import group_styles

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["multiclass_roc_plot"]

#: What names each curve of `multiclass_roc`'s frame.
KEYS = ["positive", "negative"]


def _pair_names(frame):
    """Each row's pair of classes, "a vs b" in the levels' order (a Categorical)."""
    levels = list(frame["positive"].cat.categories)
    where = {level: i for i, level in enumerate(levels)}
    first = [min(p, n, key=where.get) for p, n in zip(frame["positive"], frame["negative"])]
    second = [max(p, n, key=where.get) for p, n in zip(frame["positive"], frame["negative"])]
    names = [f"{a} vs {b}" for a, b in zip(first, second)]
    order = [f"{a} vs {b}" for i, a in enumerate(levels) for b in levels[i + 1 :]]
    return pd.Categorical(names, categories=[o for o in order if o in set(names)])


@in_help
def multiclass_roc_plot(roc: pd.DataFrame) -> ggplot:
    """The curves of `multiclass_roc`: one panel per pair of classes, or one
    panel of one-vs-rest curves.

    Parameters
    ----------
    roc : DataFrame
        As `multiclass_roc` returns it (pandas, polars or PyArrow): columns
        ``positive``, ``negative``, ``TPR`` and ``FPR``.

    Returns
    -------
    plotnine.ggplot
        Hand and Till's curves: a panel per pair (i, j) with A(i|j) (column
        i, class i positive) and A(j|i), coloured by the positive class.
        One-vs-rest: one panel, a curve per class.  Each class keeps its
        colour and line type in every panel; the diagonal is chance.

    Raises
    ------
    TypeError
        If `roc` is not a frame.
    ValueError
        If a column is missing or the frame is empty.

    Examples
    --------
    >>> from weightedroc import multiclass_roc
    >>> from weightedroc.plots import multiclass_roc_plot
    >>> scores = [[.6, .3, .1], [.2, .6, .2], [.3, .3, .4],
    ...           [.5, .3, .2], [.1, .5, .4], [.4, .4, .2]]
    >>> label = ["a", "b", "c", "b", "c", "a"]
    >>> p = multiclass_roc_plot(multiclass_roc(scores, label))
    >>> p = multiclass_roc_plot(multiclass_roc(scores, label, method="ovr"))
    """
    p9 = plotnine()
    frame = as_pandas(roc)
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(
            f"roc must be a DataFrame such as multiclass_roc returns, got {type(roc).__name__}"
        )
    missing = [c for c in [*KEYS, "TPR", "FPR"] if c not in frame.columns]
    if missing:
        raise ValueError(
            f"roc has no column {missing[0]!r}: expected multiclass_roc's columns "
            f"positive, negative, TPR, FPR; got {list(frame.columns)}"
        )
    if len(frame) == 0:
        raise ValueError("roc has no rows: nothing to plot")
    frame = frame.copy()
    for key in KEYS:
        if not isinstance(frame[key].dtype, pd.CategoricalDtype):
            frame[key] = pd.Categorical(frame[key])
    one_vs_rest = frame["negative"].nunique() == 1 and frame["negative"].iat[0] == "rest"
    classes = [str(c) for c in frame["positive"].cat.categories]
    frame["class"] = pd.Categorical(frame["positive"].astype(str), classes)
    frame["curve"] = frame["positive"].astype(str) + " | " + frame["negative"].astype(str)
    title = "class vs rest" if one_vs_rest else "positive class (its column)"
    diagonal = pd.DataFrame({"FPR": [0.0, 1.0], "TPR": [0.0, 1.0]})
    styles = group_styles(classes)
    plot = (
        p9.ggplot(frame, p9.aes("FPR", "TPR"))
        + p9.geom_path(data=diagonal, color=NEUTRAL, linetype="dotted")
        + p9.geom_path(p9.aes(color="class", linetype="class", group="curve"), size=1)
        + p9.scale_color_manual(values=[s.colour for s in styles])
        + p9.scale_linetype_manual(values=[s.linetype for s in styles])
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1), expand=True)
        + p9.labs(
            x="False positive rate (FPR)",
            y="True positive rate (TPR)",
            color=title,
            linetype=title,
        )
        + theme()
    )
    if one_vs_rest:
        return plot
    frame["pair"] = _pair_names(frame)
    panels = len(frame["pair"].cat.categories)
    columns = min(panels, 3)
    rows = -(-panels // columns)
    return (
        plot
        + p9.facet_wrap("pair", ncol=columns)
        + p9.scale_x_continuous(breaks=[0, 0.5, 1], labels=["0", "0.5", "1"])
        + p9.scale_y_continuous(breaks=[0, 0.5, 1], labels=["0", "0.5", "1"])
        + p9.theme(
            legend_position="bottom",
            figure_size=(2.6 * columns + 1.2, 2.6 * rows + 1.6),
        )
    )
