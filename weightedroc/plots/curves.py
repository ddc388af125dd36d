"""Plots of ROC curves and of weighted errors against the threshold.

Both helpers take what `WeightedROC` returns, one curve or several stacked
in a tidy frame (a column, or several, naming the curve each row belongs
to, as ``roc_table(..., by=[...])`` gives), or a dict of curves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..engine.curve_input import FORMS, read_curve
from ..engine.frames import as_pandas
from ..utils.deprecation import keyword_only, renamed
from ..utils.signatures import in_help
from ..utils.types import Columns, Curves
from ._plotnine import NEUTRAL, TEXT_SIZE, plotnine, theme
from .palette import OKABE_ITO, group_styles

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["roc_plot", "error_plot", "error_frame"]

#: Colours of the error plot (Okabe-Ito: colour-blind safe, dark enough on
#: white); R's ``?WeightedROC`` example draws FP skyblue and FN red.
ERROR_COLOURS = {"FP": OKABE_ITO[4], "FN": OKABE_ITO[5], "errors": OKABE_ITO[0]}
ERROR_LINETYPES = {"FP": "dashed", "FN": "dashdot", "errors": "solid"}

#: Columns a curve's rows hold; any other column of a frame names a curve.
CURVE_COLUMNS = {"TPR", "FPR", "threshold", "FN", "FP", "TP", "TN", "precision", "recall"}


def _stack(curves, by):
    """One tidy frame from a dict of curves; its keys fill column `by`."""
    if by is not None and not isinstance(by, str):
        raise TypeError(
            "with a dict of curves, by must be one column name "
            f"(the key column to create), got {by!r}"
        )
    name = "curve" if by is None else by
    frames = []
    for key, frame in curves.items():
        frame = as_pandas(frame)
        if not isinstance(frame, pd.DataFrame):
            raise TypeError(f"curve {key!r} must be a DataFrame, got {type(frame).__name__}")
        frames.append(frame.assign(**{name: str(key)}))
    if not frames:
        raise ValueError("the dict of curves is empty: give at least one curve")
    stacked = pd.concat(frames, ignore_index=True)
    stacked[name] = pd.Categorical(stacked[name], categories=[str(k) for k in curves])
    return stacked, [name]


def tidy_curves(curve, by, columns, function="a plot"):
    """Validated (frame, list of group columns) of what the user passed to
    `function`: a curve (a frame, or a tuple ``(guess, label[, weight])``
    read by the one input rule), a tidy frame of curves, or a dict of them.

    A frame holding several curves is never drawn as one path (that would join
    them with lines that look like parts of a curve): without `by`, every
    column that is not a curve column names the curves; with `by`, another
    column that still tells curves apart is an error naming it.
    """
    if isinstance(curve, tuple) and "precision" not in columns:
        curve = read_curve(curve, function).frame
    curve = as_pandas(curve)  # polars and PyArrow frames are drawn as pandas ones
    if isinstance(curve, Mapping):
        curve, keys = _stack(curve, by)
    elif not isinstance(curve, pd.DataFrame):
        raise TypeError(
            f"{function}() draws ROC curves: roc must be {FORMS}, a tidy frame of "
            f"curves or a dict of frames; got {type(curve).__name__}"
        )
    elif by is None:
        keys = [
            c
            for c in curve.columns
            if c not in CURVE_COLUMNS and isinstance(c, str) and curve[c].nunique(dropna=False) > 1
        ]
    else:
        keys = [by] if isinstance(by, str) else list(by)
        if not all(isinstance(k, str) for k in keys):
            raise TypeError(f"by must be a column name or a list of column names, got {by!r}")
    missing = [c for c in [*columns, *keys] if c not in curve.columns]
    if missing:
        raise ValueError(
            f"the curve frame has no column {missing[0]!r}: expected "
            f"columns {[*columns, *keys]}, got {list(curve.columns)}"
        )
    if len(curve) == 0:
        raise ValueError("the curve frame has no rows: nothing to plot")
    others = [c for c in curve.columns if c not in CURVE_COLUMNS and c not in keys]
    if keys and others:
        per_curve = curve.groupby(keys, sort=False, dropna=False, observed=True)
        varying = [c for c in others if (per_curve[c].nunique(dropna=False) > 1).any()]
        if varying:
            raise ValueError(
                f"the rows of one {' / '.join(keys)} hold several curves: column(s) "
                f"{varying} also tell them apart; pass by={[*keys, *varying]!r}, "
                "or filter the frame"
            )
    return curve, keys


def curve_label(frame, keys):
    """(legend title, Categorical naming each row's curve) for group columns `keys`.

    A lone Categorical column keeps its order; otherwise curves are named
    "value / value" in the order they first appear.
    """
    title = " / ".join(keys)
    if len(keys) == 1 and isinstance(frame[keys[0]].dtype, pd.CategoricalDtype):
        values = _as_text(frame[keys[0]])
        order = dict.fromkeys([str(c) for c in frame[keys[0]].cat.categories] + ["NA"])
        return title, pd.Categorical(values, categories=[c for c in order if c in set(values)])
    values = _as_text(frame[keys[0]])
    for key in keys[1:]:
        values = values + " / " + _as_text(frame[key])
    return title, pd.Categorical(values, categories=pd.unique(values))


def _as_text(column):
    """The values as strings, missing ones as "NA" (as R prints them)."""
    return column.astype(object).where(column.notna(), "NA").map(str)


@in_help
@renamed(curve="roc", group="by")
@keyword_only
def roc_plot(roc: Curves, *, by: Columns | None = None, panels: bool = False) -> ggplot:
    """ROC curve(s): TPR against FPR as a path, with equal axes and the diagonal.

    Parameters
    ----------
    roc : DataFrame or dict of DataFrames
        A frame (pandas, polars or PyArrow) with TPR and FPR columns, such as
        `WeightedROC` returns; or a
        tidy frame stacking several curves (such as ``roc_table(...,
        by=[...])`` returns); or a dict mapping a curve's name to its frame
        (say ``{"weightedroc": roc, "pROC": proc_curve(...)}``).
    by : str or list of str, keyword-only, optional
        For a tidy frame, the column(s) naming the curve of each row (as
        ``roc_table``'s ``by``; formerly ``group``); several
        columns are combined into one name, "a / b".  For a dict, the legend
        title (default "curve").  Each curve gets its own colour and line type,
        so curves drawn on top of each other stay visible: when every curve
        is named after an implementation ("weightedroc", "R WeightedROC",
        "pROC", "ROCR", "scikit-learn"), the style `palette.PACKAGES` gives
        it on every page; otherwise up to 12 colours that do not repeat.
    panels : bool, keyword-only, default False
        Draw each curve in a panel of its own, side by side, instead of all
        in one: for curves that coincide by design (the same curve from
        several implementations), where one panel would show only the top
        one.  See also `agreement_plot`, which draws their differences.

    Returns
    -------
    plotnine.ggplot
        Extend it with ``+`` (titles, themes, facets).

    Raises
    ------
    TypeError
        If `roc` is neither a DataFrame nor a dict of them, or `by` is not
        a column name (or list of them).
    ValueError
        If a needed column is missing or the frame is empty.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import roc_plot
    >>> roc = WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    >>> unweighted = WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1])
    >>> p = roc_plot({"weighted": roc, "unweighted": unweighted}, by="weights")
    >>> type(p).__name__
    'ggplot'

    One curve per group of a tidy frame, such as `roc_table` makes:

    >>> import pandas as pd
    >>> from weightedroc import roc_table
    >>> df = pd.DataFrame({"model": ["a"] * 4 + ["b"] * 4,
    ...                    "score": [1, 2, 3, 4, 4, 3, 2, 1], "y": [0, 1, 0, 1] * 2})
    >>> p = roc_plot(roc_table(df, guess="score", label="y", by="model"), by="model")

    Draw it with ``p.save("roc.png")``, ``p.show()``, or as the last
    expression of a notebook cell.
    """
    p9 = plotnine()
    frame, keys = tidy_curves(roc, by, ["FPR", "TPR"], function="roc_plot")
    diagonal = pd.DataFrame({"FPR": [0.0, 1.0], "TPR": [0.0, 1.0]})
    plot = p9.ggplot() + p9.geom_path(
        p9.aes("FPR", "TPR"), data=diagonal, color=NEUTRAL, linetype="dotted"
    )
    if not keys:
        plot += p9.geom_path(p9.aes("FPR", "TPR"), data=frame, size=1)
    else:
        plot += styled_paths(p9, frame, keys, "FPR", "TPR")
    plot = (
        plot
        + p9.annotate(
            "text", x=0.64, y=0.6, label="chance", angle=45, color=NEUTRAL, size=TEXT_SIZE
        )
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1), expand=True)
        + p9.labs(x="False positive rate (FPR)", y="True positive rate (TPR)")
        + theme()
    )
    if panels and keys:
        title, names = curve_label(frame, keys)
        plot += unit_breaks(p9)
        plot += p9.facet_wrap(title, nrow=1 if len(names.categories) <= 5 else None)
        plot += p9.theme(legend_position="none")
    return plot


def unit_breaks(p9):
    """x ticks 0, 0.5, 1 with short labels, which narrow panels fit."""
    return p9.scale_x_continuous(breaks=[0, 0.5, 1], labels=["0", "0.5", "1"])


def styled_paths(p9, frame, keys, x, y, geom="path"):
    """Layers drawing one path per curve: with one group column, a colour and a
    line type per curve; with several, colour by the first and line type by
    the others (a readable legend for, say, 5 models x 3 folds)."""
    title, label = curve_label(frame, keys)
    data = pd.DataFrame({x: frame[x].to_numpy(), y: frame[y].to_numpy(), title: label})
    colour = linetype = title
    if len(keys) > 1:
        colour, rest = keys[0], keys[1:]
        _, data[colour] = curve_label(frame, [colour])
        linetype, data[" / ".join(rest)] = curve_label(frame, rest)
    colours = [s.colour for s in group_styles(data[colour].cat.categories)]
    linetypes = [s.linetype for s in group_styles(data[linetype].cat.categories)]
    make = (
        p9.geom_path if geom == "path" else (lambda *a, **k: p9.geom_step(*a, direction="vh", **k))
    )
    return [
        make(p9.aes(x, y, color=colour, linetype=linetype), data=data, size=1),
        p9.scale_color_manual(values=colours),
        p9.scale_linetype_manual(values=linetypes),
        p9.labs(color=colour, linetype=linetype),
    ]


@in_help
@renamed(curve="roc", group="by")
@keyword_only
def error_frame(roc: Curves, *, by: Columns | None = None) -> pd.DataFrame:
    """The weighted errors of a curve in long form: FP, FN and their sum.

    Parameters
    ----------
    roc : pandas.DataFrame
        A frame with threshold, FN and FP columns, as `WeightedROC` returns,
        possibly several curves stacked (see `roc_plot`).
    by : str or list of str, keyword-only, optional
        Column(s) naming the curve of each row (formerly ``group``); they
        are kept in the result.

    Returns
    -------
    pandas.DataFrame
        The group columns, then ``threshold``, ``error`` (Categorical FP, FN,
        errors) and ``weighted_error``: three rows per row of `roc`, the FP
        rows first.  ``errors`` is FP + FN, the weighted zero-one loss of
        classifying as positive every guess at or above the threshold.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import error_frame
    >>> roc = WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    >>> error_frame(roc).query("error == 'errors'")
        threshold   error  weighted_error
    8         1.0  errors             2.0
    9         2.0  errors            10.0
    10        3.0  errors             9.0
    11        inf  errors            10.0
    """
    frame, keys = tidy_curves(roc, by, ["threshold", "FN", "FP"], function="error_frame")
    FP, FN = frame["FP"].to_numpy(float), frame["FN"].to_numpy(float)
    n = len(frame)
    long = frame[keys].iloc[np.tile(np.arange(n), 3)].reset_index(drop=True)
    long["threshold"] = np.tile(frame["threshold"].to_numpy(float), 3)
    long["error"] = pd.Categorical(
        np.repeat(list(ERROR_COLOURS), n), categories=list(ERROR_COLOURS)
    )
    long["weighted_error"] = np.concatenate([FP, FN, FP + FN])
    return long


def _drawable_steps(one):
    """Rows of one curve's error frame with finite x, ready for a step path.

    Thresholds are sorted; +inf and -inf move just outside the finite ones,
    and a first point to the left of the smallest threshold shows the errors
    of classifying everything positive.
    """
    one = one.sort_values("threshold", kind="stable")
    t = one["threshold"].to_numpy()
    finite = t[np.isfinite(t)]
    lo, hi = (finite.min(), finite.max()) if len(finite) else (0.0, 0.0)
    pad = (hi - lo) * 0.05 if hi > lo else max(abs(hi) * 0.05, 1.0)
    x = np.where(t == np.inf, hi + pad, np.where(t == -np.inf, lo - pad, t))
    first = one.iloc[[0]].assign(threshold=lo - pad)
    one = one.assign(threshold=x)
    return one if t[0] == -np.inf else pd.concat([first, one], ignore_index=True)


@in_help
@renamed(curve="roc", group="by")
@keyword_only
def error_plot(roc: Curves, *, by: Columns | None = None, step: bool = True) -> ggplot:
    """Weighted false positives, false negatives and errors against the threshold.

    Draws the plot of R's ``?WeightedROC`` example, in colour-blind safe
    colours and line types: FP blue dashed, FN vermillion dash-dotted,
    errors = FP + FN black solid.

    Parameters
    ----------
    roc : pandas.DataFrame or dict of DataFrames
        A frame with threshold, FN and FP columns, as `WeightedROC` returns;
        several curves stacked or a dict of them (see `roc_plot`) are drawn
        in facets, one per curve, each with its own threshold axis.
    by : str or list of str, keyword-only, optional
        As in `roc_plot` (formerly ``group``).
    step : bool, default True
        Draw the exact step function: the errors at threshold tau are those
        of the row with the smallest threshold >= tau, constant between
        consecutive thresholds.  ``False`` joins the points with straight
        lines, as R's example does.

    Returns
    -------
    plotnine.ggplot
        The plot, to extend with ``+``.

    Notes
    -----
    The last row's threshold, +inf (nothing classified positive), is drawn
    just right of the largest finite threshold, and the errors of
    classifying everything positive are drawn left of the smallest.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import error_plot
    >>> roc = WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    >>> p = error_plot(roc)
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame, keys = tidy_curves(roc, by, ["threshold", "FN", "FP"], function="error_plot")
    long = error_frame(frame, by=keys)
    title = None
    if keys:
        title, long["curve"] = curve_label(long, keys)
        parts = [
            _drawable_steps(one)
            for _, one in long.groupby(["curve", "error"], sort=False, observed=True)
        ]
    else:
        parts = [
            _drawable_steps(one) for _, one in long.groupby("error", sort=False, observed=True)
        ]
    data = pd.concat(parts, ignore_index=True)
    geom = p9.geom_step(direction="vh", size=0.8) if step else p9.geom_line(size=0.8)
    plot = (
        p9.ggplot(data, p9.aes("threshold", "weighted_error", color="error", linetype="error"))
        + geom
        + p9.scale_color_manual(values=ERROR_COLOURS, breaks=list(ERROR_COLOURS))
        + p9.scale_linetype_manual(values=ERROR_LINETYPES, breaks=list(ERROR_COLOURS))
        + p9.labs(
            x="threshold (smallest guess classified positive)",
            y="weighted error",
            color="error",
            linetype="error",
        )
        + theme()
    )
    if keys:
        plot += few_breaks(p9)
        plot += p9.facet_wrap(
            "curve", scales="free_x", labeller=p9.labeller(curve=lambda v: f"{title}: {v}")
        )
    return plot


def few_breaks(p9):
    """An x scale with at most 4 short tick labels, which narrow facets fit."""
    from mizani.breaks import breaks_extended

    return p9.scale_x_continuous(
        breaks=breaks_extended(n=4), labels=lambda values: [f"{v:.3g}" for v in values]
    )
