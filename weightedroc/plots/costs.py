"""Plots of costs, risk and precision-recall (cost-sensitive evaluation).

Each helper takes one curve, a tidy frame stacking several (with `by`
naming the column(s) that tell them apart) or a dict mapping a model's name
to its curve, as `roc_plot` does, and returns a plotnine ggplot.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..curves.areas import cost_auc, cost_region
from ..curves.pr import interpolated_curve
from ..decisions import best_threshold, min_risk, roc_convex_hull, threshold_cost
from ..utils.deprecation import keyword_only, renamed
from ..utils.signatures import in_help
from ..utils.types import Columns, Curves
from ._plotnine import NEUTRAL, TEXT_GREY, TEXT_SIZE, plotnine, theme
from .curves import curve_label, few_breaks, styled_paths, tidy_curves
from .palette import LIGHT_ORANGE, OKABE_ITO

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["cost_plot", "hull_plot", "cost_auc_plot", "pr_plot"]

ROC_COLUMNS = ["TPR", "FPR", "threshold", "FN", "FP"]
BLACK, BLUE, VERMILLION = OKABE_ITO[0], OKABE_ITO[4], OKABE_ITO[5]
UNIT_BREAKS, UNIT_LABELS = [0, 0.25, 0.5, 0.75, 1], ["0", "0.25", "0.5", "0.75", "1"]
ROC_LABELS = {"x": "False positive rate (FPR)", "y": "True positive rate (TPR)"}


def _curves(curve, by, columns, function):
    """(legend title or None, [(name or None, frame)]) of what the user passed."""
    frame, keys = tidy_curves(curve, by, columns, function=function)
    if not keys:
        return None, [(None, frame)]
    title, label = curve_label(frame, keys)
    return title, [
        (name, frame[np.asarray(label == name)].reset_index(drop=True)) for name in label.categories
    ]


def _named(frame, title, name, categories):
    """`frame` with a Categorical column `title` holding `name` (if grouped)."""
    if title is None:
        return frame
    return frame.assign(**{title: pd.Categorical([name] * len(frame), categories=categories)})


def _panel_of(frame, title, name, summary):
    """`frame` with column "panel": the curve's name (if grouped) and its
    summary, which the panel's strip shows above the panel, where no text
    can cover the data."""
    words = summary if title is None else f"{title}: {name}\n{summary}"
    return frame.assign(panel=words)


def _tag(title, name, names, summary, frame):
    """`frame` named (`_named`) and with its "panel" column (`_panel_of`)."""
    return _panel_of(_named(frame.reset_index(drop=True), title, name, names), title, name, summary)


def _facets(plot, title, panels, scales="fixed"):
    """One facet per curve, its strip naming the curve and its numbers."""
    p9 = plotnine()
    plot += theme()
    if title is not None:
        if scales == "free_x":
            plot += few_breaks(p9)
        else:  # unit axes: short labels, which side-by-side facets do not run together
            plot += p9.scale_x_continuous(breaks=UNIT_BREAKS, labels=UNIT_LABELS)
    return (
        plot
        + p9.facet_wrap("panel", scales=scales)
        + p9.theme(strip_text=p9.element_text(size=9, linespacing=1.3))
    )


def _panel_column(frames, titles):
    """Concatenated `frames`, their "panel" column Categorical in curve order."""
    frame = pd.concat(frames, ignore_index=True)
    frame["panel"] = pd.Categorical(frame["panel"], categories=titles)
    return frame


def _step_x(threshold):
    """Finite x positions for thresholds: inf just right of the largest."""
    finite = threshold[np.isfinite(threshold)]
    lo, hi = finite.min(), finite.max()
    pad = (hi - lo) * 0.05 if hi > lo else max(abs(hi) * 0.05, 1.0)
    return np.where(np.isinf(threshold), hi + pad, threshold), lo - pad


@in_help
@renamed(curve="roc", group="by")
@keyword_only
def cost_plot(roc: Curves, *, cost_fp: float, cost_fn: float, by: Columns | None = None) -> ggplot:
    """Weighted cost against the threshold, with the cheapest threshold marked.

    Parameters
    ----------
    roc : pandas.DataFrame or dict of DataFrames
        A complete curve from `WeightedROC`; several stacked in a tidy frame
        (see `by`) or a dict ``{name: curve}`` are drawn one per facet,
        each with its own threshold axis and a common cost axis.
    cost_fp, cost_fn : float, keyword-only
        Costs per unit weight of a false positive and a false negative, as
        in `threshold_cost`.
    by : str or list of str, keyword-only, optional
        Column(s) naming the curve of each row of a tidy frame (formerly
        ``group``); for a dict, the facet title (default "curve").

    Returns
    -------
    plotnine.ggplot
        The step function ``cost_fp * FP + cost_fn * FN``: the cost at
        threshold tau is that of the smallest threshold >= tau.  The value
        left of the smallest threshold is the cost of calling every
        observation positive; right of the largest (the ``inf`` row), of
        calling every one negative.  A vermillion point marks
        `best_threshold` (method "cost"), whose threshold, cost and rates
        the panel's title gives; grey dashes mark the cost of the cheaper
        trivial rule.  The cost axis starts at 0 and ends at 1.5 times that
        trivial cost (or the largest cost, if lower), so that the costs
        that beat a trivial rule fill most of the panel; larger costs run
        off its top.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import cost_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(cost_plot(roc, cost_fp=1, cost_fn=5)).__name__
    'ggplot'
    """
    p9 = plotnine()
    title, curves = _curves(roc, by, ROC_COLUMNS, function="cost_plot")
    names = [name for name, _ in curves]
    steps, marks, rules, panels = [], [], [], []
    for name, frame in curves:
        table = threshold_cost(frame, cost_fp=cost_fp, cost_fn=cost_fn)
        best = best_threshold(frame, "cost", cost_fp=cost_fp, cost_fn=cost_fn)
        x, left = _step_x(table["threshold"].to_numpy(float))
        cost = table["cost"].to_numpy(float)
        summary = (
            f"least cost {best['cost']:.4g} at threshold {best['threshold']:.4g}\n"
            f"(TPR {best['TPR']:.2f}, FPR {best['FPR']:.2f})"
        )
        panels.append(summary if title is None else f"{title}: {name}\n{summary}")
        step = pd.DataFrame({"threshold": np.r_[left, x], "cost": np.r_[cost[0], cost]})
        steps.append(_panel_of(_named(step, title, name, names), title, name, summary))
        shown = x[best.name] if np.isfinite(best["threshold"]) else x[-1]
        mark = pd.DataFrame({"threshold": [shown], "cost": [best["cost"]]})
        marks.append(_panel_of(_named(mark, title, name, names), title, name, summary))
        # cost[0] calls every observation positive, cost[-1] none
        rule = pd.DataFrame({"cost": [min(cost[0], cost[-1])], "line": [TRIVIAL]})
        rules.append(_panel_of(_named(rule, title, name, names), title, name, summary))
    steps, marks = _panel_column(steps, panels), _panel_column(marks, panels)
    rules = _panel_column(rules, panels)
    top = min(steps["cost"].max(), 1.5 * rules["cost"].max())
    plot = (
        p9.ggplot(steps, p9.aes("threshold", "cost"))
        + p9.geom_hline(
            p9.aes(yintercept="cost", linetype="line"), data=rules, color=NEUTRAL, size=0.6
        )
        + p9.geom_vline(
            p9.aes(xintercept="threshold"), data=marks, color=VERMILLION, linetype="dotted"
        )
        + p9.geom_step(direction="vh", size=0.8)
        + p9.geom_point(data=marks, color=VERMILLION, size=3)
        + p9.scale_linetype_manual(values={TRIVIAL: "dashed"})
        + p9.scale_y_continuous(expand=(0, 0, 0.04, 0))
        + p9.coord_cartesian(ylim=(0, top))
        + p9.labs(
            linetype="",
            x="threshold (smallest guess classified positive)",
            y=f"cost = {cost_fp:g} FP + {cost_fn:g} FN (weighted)",
        )
    )
    return _facets(plot, title, panels, scales="free_x") + p9.theme(legend_position="bottom")


#: The legend's words for the cheaper trivial rule's line.
TRIVIAL = "cost of the cheaper trivial rule (every guess positive, or none)"


ELEMENTS = ["ROC curve", "convex hull", "iso-cost line", "majority line"]
ELEMENT_COLOURS = dict(zip(ELEMENTS, [BLACK, BLUE, VERMILLION, NEUTRAL]))
ELEMENT_LINETYPES = dict(zip(ELEMENTS, ["solid", "dashed", "solid", "dotted"]))


@in_help
@renamed(curve="roc", group="by", p_target="prevalence", c_miss="cost_fn", c_fa="cost_fp")
@keyword_only
def hull_plot(
    roc: Curves,
    *,
    prevalence: float | None = None,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    by: Columns | None = None,
) -> ggplot:
    """ROC curve with its convex hull, the optimal iso-cost line and the majority line.

    Parameters
    ----------
    roc : pandas.DataFrame or dict of DataFrames
        A complete curve from `WeightedROC`, or several (see `cost_plot`),
        drawn one per facet.
    prevalence, cost_fp, cost_fn : keyword-only
        As in `min_risk` (by default the weighted prevalence and unit costs;
        formerly ``p_target``, ``c_fa``, ``c_miss``).
    by : str or list of str, keyword-only, optional
        As in `cost_plot`.

    Returns
    -------
    plotnine.ggplot
        The curve (black), its convex hull (blue, dashed, vertices as
        points), the iso-cost line through the point of least risk
        (vermillion, the point marked) and the majority-isocost line (grey, dotted):
        operating points above it beat the better trivial rule.  The
        panel's title gives the least risk, its threshold and the risk of
        the better trivial rule.  Equal axes.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import hull_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(hull_plot(roc, prevalence=0.5, cost_fn=5)).__name__
    'ggplot'
    """
    p9 = plotnine()
    title, curves = _curves(roc, by, ROC_COLUMNS, function="hull_plot")
    names = [name for name, _ in curves]
    parts: list[pd.DataFrame] = []
    hull_parts, point_parts, panels = [], [], []
    for name, frame in curves:
        risk = min_risk(frame, prevalence=prevalence, cost_fp=cost_fp, cost_fn=cost_fn)
        hull = roc_convex_hull(frame)
        lines = risk.isocost_lines()
        lines["element"] = lines["line"].map(
            {"iso-cost": "iso-cost line", "majority": "majority line"}
        )
        summary = (
            f"least risk {risk.risk:.4g} at threshold {risk.threshold:.4g}\n"
            f"better trivial rule ({risk.trivial_rule}): {risk.trivial_risk:.4g}"
        )
        panels.append(summary if title is None else f"{title}: {name}\n{summary}")
        pieces = [
            frame[["FPR", "TPR"]].assign(element="ROC curve"),
            hull[["FPR", "TPR"]].assign(element="convex hull"),
            lines[["FPR", "TPR", "element"]],
        ]
        tag = (title, name, names, summary)
        parts.extend(_tag(*tag, piece) for piece in pieces)
        hull_parts.append(_tag(*tag, hull[["FPR", "TPR"]]))
        point_parts.append(_tag(*tag, pd.DataFrame({"FPR": [risk.FPR], "TPR": [risk.TPR]})))
    paths = _panel_column(parts, panels)
    paths["element"] = pd.Categorical(paths["element"], categories=ELEMENTS)
    paths["piece"] = paths["element"].astype(str)
    if title is not None:
        paths["piece"] = paths["piece"] + paths[title].astype(str)
    hulls, points = _panel_column(hull_parts, panels), _panel_column(point_parts, panels)
    plot = (
        p9.ggplot(paths, p9.aes("FPR", "TPR"))
        + p9.geom_path(p9.aes(color="element", linetype="element", group="piece"), size=0.8)
        + p9.geom_point(data=hulls, color=ELEMENT_COLOURS["convex hull"], size=1.5)
        + p9.geom_point(data=points, color=ELEMENT_COLOURS["iso-cost line"], size=3)
        + p9.scale_color_manual(values=ELEMENT_COLOURS, breaks=ELEMENTS)
        + p9.scale_linetype_manual(values=ELEMENT_LINETYPES, breaks=ELEMENTS)
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1))
        + p9.labs(color="", linetype="", **ROC_LABELS)
    )
    return _facets(plot, title, panels) + p9.theme(legend_position="bottom")


@in_help
@renamed(curve="roc", group="by")
@keyword_only
def cost_auc_plot(
    roc: Curves,
    *,
    cost_fp: float | None = None,
    cost_fn: float | None = None,
    by: Columns | None = None,
) -> ggplot:
    """ROC curve with the region counted by the cost-based partial AUC shaded.

    Parameters
    ----------
    roc : pandas.DataFrame or dict of DataFrames
        A complete curve from `WeightedROC`, or several (see `cost_plot`),
        drawn one per facet.
    cost_fp, cost_fn : float, keyword-only, optional
        As in `cost_auc`.
    by : str or list of str, keyword-only, optional
        As in `cost_plot`.

    Returns
    -------
    plotnine.ggplot
        Shaded, as the legend says: light orange, the region above the
        dashed line of the points that cost as much as guessing at random
        (positive with probability the prevalence; clipped to the unit
        square), whose area is ``max_pauc``; sky blue, the part of it under
        the curve, whose area is ``pauc``.  The panel's title gives both
        areas, their ratio, rho (the normalised cost of a false negative,
        ``cost_fn / (cost_fn + cost_fp)``) and the weighted prevalence.  Equal axes.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import cost_auc_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(cost_auc_plot(roc, cost_fp=3, cost_fn=1)).__name__
    'ggplot'
    """
    p9 = plotnine()
    title, curves = _curves(roc, by, ROC_COLUMNS, function="cost_auc_plot")
    names = [name for name, _ in curves]
    regions, ceilings, rocs, lines, panels = [], [], [], [], []
    for name, frame in curves:
        result = cost_auc(frame, cost_fp=cost_fp, cost_fn=cost_fn)
        summary = (
            f"partial AUC {result.pauc:.3f} of {result.max_pauc:.3f}: ratio {result.ratio:.3f}\n"
            f"\u03c1 = {result.rho:.3g}, weighted prevalence {result.prevalence:.3g}"
        )
        panels.append(summary if title is None else f"{title}: {name}\n{summary}")
        tag = (title, name, names, summary)
        regions.append(_tag(*tag, cost_region(frame, cost_fp=cost_fp, cost_fn=cost_fn)))
        x = np.unique(
            np.r_[
                0.0,
                1.0,
                np.clip(
                    [-result.intercept / result.slope, (1 - result.intercept) / result.slope], 0, 1
                ),
            ]
        )
        line = np.clip(result.slope * x + result.intercept, 0, 1)
        ceilings.append(_tag(*tag, pd.DataFrame({"FPR": x, "lower": line, "upper": 1.0})))
        lines.append(_tag(*tag, pd.DataFrame({"FPR": x, "TPR": line, "line": COST_LINE})))
        rocs.append(_tag(*tag, frame[["FPR", "TPR"]]))
    ceilings = _panel_column(ceilings, panels).assign(region=SHADES[0])
    regions = _panel_column(regions, panels).assign(region=SHADES[1])
    plot = (
        p9.ggplot(_panel_column(rocs, panels), p9.aes("FPR", "TPR"))
        + p9.geom_ribbon(
            p9.aes("FPR", ymin="lower", ymax="upper", fill="region"),
            data=ceilings,
            inherit_aes=False,
        )
        + p9.geom_ribbon(
            p9.aes("FPR", ymin="lower", ymax="upper", fill="region"),
            data=regions,
            inherit_aes=False,
        )
        + p9.geom_path(
            p9.aes(linetype="line"), data=_panel_column(lines, panels), color=VERMILLION, size=0.8
        )
        + p9.geom_path(size=0.8)
        + p9.scale_fill_manual(values=dict(zip(SHADES, SHADE_COLOURS)), breaks=SHADES)
        + p9.scale_linetype_manual(values={COST_LINE: "dashed"})
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1))
        + p9.labs(fill="", linetype="", **ROC_LABELS)
    )
    return _facets(plot, title, panels) + p9.theme(
        legend_position="bottom",
        legend_direction="vertical",
        legend_box="horizontal",
        legend_text=p9.element_text(ma="left"),
    )


#: The legend's words for the dashed line and the two shades.
COST_LINE = "costs as much as\nrandom guessing"
SHADES = [
    "cheaper than random guessing\n(area: the largest partial AUC)",
    "and under the curve\n(area: the partial AUC)",
]
SHADE_COLOURS = [LIGHT_ORANGE, OKABE_ITO[2]]  # light Okabe-Ito orange, sky blue


@in_help
@renamed(curve="pr", group="by")
@keyword_only
def pr_plot(pr: Curves, *, by: Columns | None = None, interpolate: bool = False) -> ggplot:
    """Precision-recall curve(s), with the prevalence of a no-skill model.

    Parameters
    ----------
    pr : pandas.DataFrame or dict of DataFrames
        A frame from `weighted_pr` (columns precision, recall, TP, FP); or
        several stacked in a tidy frame (see `by`) or a dict ``{name:
        frame}``, drawn in one panel with a colour and line type each.
    by : str or list of str, keyword-only, optional
        As in `roc_plot` (formerly ``group``).
    interpolate : bool, keyword-only
        Draw the interpolated curve (Davis and Goadrich; its area is
        ``pr_auc(..., method="interpolated")``) instead of the steps:
        between the rows, TP and FP grow together linearly, drawn through
        the points of `weighted_pr`'s ``interpolate=True``.

    Returns
    -------
    plotnine.ggplot
        Precision against recall as the step function whose area is
        `average_precision`: at each recall, the precision of the highest
        threshold reaching it, held down to the next smaller recall (rows
        that only add negatives are not drawn); or with ``interpolate=True``
        the interpolated curve.  A dotted horizontal line
        in a neutral grey marks the weighted prevalence W1 / (W1 + W-1),
        the precision of calling everything positive (one line per curve
        when their prevalences differ), which the caption under the plot
        gives.  The precision axis runs from a multiple of 0.05 below the
        lowest precision or prevalence drawn up to 1 (precision is not a
        rate of the same thing as recall: the axes are not equal).

    Examples
    --------
    >>> from weightedroc import weighted_pr
    >>> from weightedroc.plots import pr_plot
    >>> pr = weighted_pr([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(pr_plot(pr)).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame, keys = tidy_curves(pr, by, ["precision", "recall", "TP", "FP"], function="pr_plot")
    title, curves = _curves(
        frame, keys or None, ["precision", "recall", "TP", "FP"], function="pr_plot"
    )
    names = [name for name, _ in curves]
    steps, baselines = [], []
    for name, frame in curves:
        ascending = frame[[*keys, "recall", "precision"]].iloc[::-1]  # recall 0 first
        if interpolate:
            _, _, precision, recall, _ = interpolated_curve(
                frame["TP"].to_numpy()[::-1], frame["FP"].to_numpy()[::-1]
            )
            points = pd.DataFrame(
                {"recall": recall.astype(np.float64), "precision": precision.astype(np.float64)}
            )
            for key in keys:
                points.insert(0, key, frame[key].iloc[0])
            steps.append(_named(points, title, name, names))
        else:
            # Of rows with equal recall, AP uses the first (highest threshold).
            first = np.r_[True, np.diff(ascending["recall"].to_numpy()) != 0]
            steps.append(_named(ascending[first].reset_index(drop=True), title, name, names))
        everything = frame.loc[frame["recall"].idxmax()]
        prevalence = everything["TP"] / (everything["TP"] + everything["FP"])
        baselines.append(_named(pd.DataFrame({"precision": [prevalence]}), title, name, names))
    steps = pd.concat(steps, ignore_index=True)
    baselines = pd.concat(baselines, ignore_index=True)
    same = np.allclose(baselines["precision"], baselines["precision"].iloc[0])
    if same:
        baselines = baselines.iloc[[0]]
    if same or title is None:
        caption = (
            f"grey dots: weighted prevalence {baselines['precision'].iloc[0]:.3g}, "
            "the precision of calling every observation positive"
        )
    else:
        caption = "grey dots: weighted prevalence, the precision of calling all positive, of " + (
            ", ".join(
                f"{name} {value:.3g}"
                for name, value in zip(baselines[title], baselines["precision"])
            )
        )
    caption = "\n".join(textwrap.wrap(caption, 60))
    lowest = min(steps["precision"].min(), baselines["precision"].min())
    bottom = max(0.0, np.floor(20 * (lowest - 0.01)) / 20)  # a multiple of 0.05 below
    plot = (
        p9.ggplot(steps, p9.aes("recall", "precision"))
        + p9.geom_hline(
            p9.aes(yintercept="precision"),
            data=baselines,
            color=NEUTRAL,
            linetype="dotted",
            size=0.8,
        )
        + p9.scale_x_continuous(breaks=UNIT_BREAKS, labels=UNIT_LABELS)
        + p9.coord_cartesian(xlim=(0, 1), ylim=(bottom, 1))
        + p9.labs(x="Recall (TPR)", y="Precision", caption=caption)
        + theme()
        + p9.theme(plot_caption=p9.element_text(size=TEXT_SIZE, color=TEXT_GREY, ha="left"))
    )
    if title is None:
        if interpolate:
            return plot + p9.geom_path(size=0.8)
        return plot + p9.geom_step(direction="vh", size=0.8)
    geom = "path" if interpolate else "step"
    return plot + styled_paths(p9, steps, keys, "recall", "precision", geom=geom)
