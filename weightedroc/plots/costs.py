"""Plots of costs, risk and precision-recall (cost-sensitive evaluation).

Each helper takes one curve, a tidy frame stacking several (with `by`
naming the column(s) that tell them apart) or a dict mapping a model's name
to its curve, as `roc_plot` does, and returns a plotnine ggplot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..curves.areas import cost_auc, cost_region
from ..decisions import best_threshold, min_risk, roc_convex_hull, threshold_cost
from ..engine.deprecation import keyword_only, renamed
from ..engine.types import Columns, Curves
from ._plotnine import NEUTRAL, OKABE_ITO, TEXT_SIZE, plotnine, theme
from .curves import curve_label, few_breaks, styled_paths, tidy_curves

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["cost_plot", "hull_plot", "cost_auc_plot", "pr_plot"]

ROC_COLUMNS = ["TPR", "FPR", "threshold", "FN", "FP"]
BLACK, BLUE, VERMILLION = OKABE_ITO[0], OKABE_ITO[4], OKABE_ITO[5]
UNIT_BREAKS, UNIT_LABELS = [0, 0.25, 0.5, 0.75, 1], ["0", "0.25", "0.5", "0.75", "1"]
ROC_LABELS = {"x": "False positive rate (FPR)", "y": "True positive rate (TPR)"}


def _curves(curve, by, columns):
    """(legend title or None, [(name or None, frame)]) of what the user passed."""
    frame, keys = tidy_curves(curve, by, columns)
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


def _facets(plot, title, scales="fixed"):
    """One facet per curve, titled "<title>: <name>", when there are groups."""
    p9 = plotnine()
    plot += theme()
    if title is None:
        return plot
    if scales == "free_x":
        plot += few_breaks(p9)
    else:  # unit axes: short labels, which side-by-side facets do not run together
        plot += p9.scale_x_continuous(breaks=UNIT_BREAKS, labels=UNIT_LABELS)
    label = p9.labeller(**{title: lambda value: f"{title}: {value}"})
    return plot + p9.facet_wrap(title, scales=scales, labeller=label)


def _step_x(threshold):
    """Finite x positions for thresholds: inf just right of the largest."""
    finite = threshold[np.isfinite(threshold)]
    lo, hi = finite.min(), finite.max()
    pad = (hi - lo) * 0.05 if hi > lo else max(abs(hi) * 0.05, 1.0)
    return np.where(np.isinf(threshold), hi + pad, threshold), lo - pad


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
        calling every one negative.  A vermillion point and label mark
        `best_threshold` (method "cost").

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import cost_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(cost_plot(roc, cost_fp=1, cost_fn=5)).__name__
    'ggplot'
    """
    p9 = plotnine()
    title, curves = _curves(roc, by, ROC_COLUMNS)
    names = [name for name, _ in curves]
    steps, marks = [], []
    for name, frame in curves:
        table = threshold_cost(frame, cost_fp=cost_fp, cost_fn=cost_fn)
        best = best_threshold(frame, "cost", cost_fp=cost_fp, cost_fn=cost_fn)
        x, left = _step_x(table["threshold"].to_numpy(float))
        cost = table["cost"].to_numpy(float)
        steps.append(
            _named(
                pd.DataFrame({"threshold": np.r_[left, x], "cost": np.r_[cost[0], cost]}),
                title,
                name,
                names,
            )
        )
        shown = x[best.name] if np.isfinite(best["threshold"]) else x[-1]
        text = (
            f"best: threshold {best['threshold']:.4g}\n"
            f"cost {best['cost']:.4g} (TPR {best['TPR']:.2f}, FPR {best['FPR']:.2f})"
        )
        marks.append(
            _named(
                pd.DataFrame({"threshold": [shown], "cost": [best["cost"]], "label": [text]}),
                title,
                name,
                names,
            )
        )
    steps, marks = pd.concat(steps, ignore_index=True), pd.concat(marks, ignore_index=True)
    plot = (
        p9.ggplot(steps, p9.aes("threshold", "cost"))
        + p9.geom_vline(
            p9.aes(xintercept="threshold"), data=marks, color=VERMILLION, linetype="dotted"
        )
        + p9.geom_step(direction="vh", size=0.8)
        + p9.geom_point(data=marks, color=VERMILLION, size=3)
        + p9.geom_label(
            p9.aes(label="label"),
            data=marks,
            x=-np.inf,
            y=np.inf,
            ha="left",
            va="top",
            size=TEXT_SIZE,
            label_size=0,
            alpha=0.8,
            inherit_aes=False,
        )
        + p9.scale_y_continuous(expand=(0.05, 0, 0.3, 0))
        + p9.labs(
            x="threshold (smallest guess classified positive)",
            y=f"cost = {cost_fp:g} FP + {cost_fn:g} FN (weighted)",
        )
    )
    return _facets(plot, title, scales="free_x")


ELEMENTS = ["ROC curve", "convex hull", "iso-cost line", "majority line"]
ELEMENT_COLOURS = dict(zip(ELEMENTS, [BLACK, BLUE, VERMILLION, NEUTRAL]))
ELEMENT_LINETYPES = dict(zip(ELEMENTS, ["solid", "dashed", "solid", "dotted"]))


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
        operating points above it beat the better trivial rule.  Equal axes.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import hull_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(hull_plot(roc, prevalence=0.5, cost_fn=5)).__name__
    'ggplot'
    """
    p9 = plotnine()
    title, curves = _curves(roc, by, ROC_COLUMNS)
    names = [name for name, _ in curves]
    paths, hulls, points = [], [], []
    for name, frame in curves:
        risk = min_risk(frame, prevalence=prevalence, cost_fp=cost_fp, cost_fn=cost_fn)
        hull = roc_convex_hull(frame)
        lines = risk.isocost_lines()
        lines["element"] = lines["line"].map(
            {"iso-cost": "iso-cost line", "majority": "majority line"}
        )
        pieces = [
            frame[["FPR", "TPR"]].assign(element="ROC curve"),
            hull[["FPR", "TPR"]].assign(element="convex hull"),
            lines[["FPR", "TPR", "element"]],
        ]
        for piece in pieces:
            paths.append(_named(piece.reset_index(drop=True), title, name, names))
        hulls.append(_named(hull[["FPR", "TPR"]].reset_index(drop=True), title, name, names))
        text = (
            f"least risk {risk.risk:.4g} at threshold {risk.threshold:.4g}\n"
            f"{risk.trivial_rule}: {risk.trivial_risk:.4g}"
        )
        points.append(
            _named(
                pd.DataFrame({"FPR": [risk.FPR], "TPR": [risk.TPR], "label": [text]}),
                title,
                name,
                names,
            )
        )
    paths = pd.concat(paths, ignore_index=True)
    paths["element"] = pd.Categorical(paths["element"], categories=ELEMENTS)
    paths["piece"] = paths["element"].astype(str)
    if title is not None:
        paths["piece"] = paths["piece"] + paths[title].astype(str)
    hulls, points = pd.concat(hulls, ignore_index=True), pd.concat(points, ignore_index=True)
    plot = (
        p9.ggplot(paths, p9.aes("FPR", "TPR"))
        + p9.geom_path(p9.aes(color="element", linetype="element", group="piece"), size=0.8)
        + p9.geom_point(data=hulls, color=ELEMENT_COLOURS["convex hull"], size=1.5)
        + p9.geom_point(data=points, color=ELEMENT_COLOURS["iso-cost line"], size=3)
        + p9.geom_label(
            p9.aes(label="label"),
            data=points,
            x=0.98,
            y=0.03,
            ha="right",
            va="bottom",
            size=TEXT_SIZE,
            label_size=0,
            alpha=0.8,
        )
        + p9.scale_color_manual(values=ELEMENT_COLOURS, breaks=ELEMENTS)
        + p9.scale_linetype_manual(values=ELEMENT_LINETYPES, breaks=ELEMENTS)
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1))
        + p9.labs(color="", linetype="", **ROC_LABELS)
    )
    return _facets(plot, title) + p9.theme(legend_position="bottom")


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
        random classifier's line (dashed, clipped to the unit square), whose
        area is ``max_pauc``; sky blue, the part of it under the curve, whose
        area is ``pauc``.  The label gives pauc, max_pauc and their ratio.
        Equal axes.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import cost_auc_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(cost_auc_plot(roc, cost_fp=3, cost_fn=1)).__name__
    'ggplot'
    """
    p9 = plotnine()
    title, curves = _curves(roc, by, ROC_COLUMNS)
    names = [name for name, _ in curves]
    regions, ceilings, rocs, lines, labels = [], [], [], [], []
    for name, frame in curves:
        result = cost_auc(frame, cost_fp=cost_fp, cost_fn=cost_fn)
        region = cost_region(frame, cost_fp=cost_fp, cost_fn=cost_fn)
        regions.append(_named(region, title, name, names))
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
        ceilings.append(
            _named(pd.DataFrame({"FPR": x, "lower": line, "upper": 1.0}), title, name, names)
        )
        lines.append(_named(pd.DataFrame({"FPR": x, "TPR": line}), title, name, names))
        rocs.append(_named(frame[["FPR", "TPR"]].reset_index(drop=True), title, name, names))
        text = (
            f"pAUC {result.pauc:.3f} of {result.max_pauc:.3f}: ratio {result.ratio:.3f}\n"
            f"(rho = {result.rho:.3g}, prevalence {result.prevalence:.3g})"
        )
        labels.append(_named(pd.DataFrame({"label": [text]}), title, name, names))
    concat = lambda parts: pd.concat(parts, ignore_index=True)  # noqa: E731
    ceilings = concat(ceilings).assign(region=SHADES[0])
    regions = concat(regions).assign(region=SHADES[1])
    plot = (
        p9.ggplot(concat(rocs), p9.aes("FPR", "TPR"))
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
        + p9.geom_path(data=concat(lines), color=VERMILLION, linetype="dashed")
        + p9.geom_path(size=0.8)
        + p9.geom_label(
            p9.aes(label="label"),
            data=concat(labels),
            x=0.98,
            y=0.03,
            ha="right",
            va="bottom",
            size=TEXT_SIZE,
            label_size=0,
            alpha=0.8,
            inherit_aes=False,
        )
        + p9.scale_fill_manual(values=dict(zip(SHADES, SHADE_COLOURS)), breaks=SHADES)
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1))
        + p9.labs(fill="", **ROC_LABELS)
    )
    return _facets(plot, title) + p9.theme(legend_position="bottom", legend_direction="vertical")


SHADES = ["above the random classifier (dashed): max_pauc", "and under the curve: pauc"]
SHADE_COLOURS = ["#F5DDA9", OKABE_ITO[2]]  # light Okabe-Ito orange, sky blue


@renamed(curve="pr", group="by")
@keyword_only
def pr_plot(pr: Curves, *, by: Columns | None = None) -> ggplot:
    """Precision-recall curve(s), with the prevalence of a no-skill model.

    Parameters
    ----------
    pr : pandas.DataFrame or dict of DataFrames
        A frame from `weighted_pr` (columns precision, recall, TP, FP); or
        several stacked in a tidy frame (see `by`) or a dict ``{name:
        frame}``, drawn in one panel with a colour and line type each.
    by : str or list of str, keyword-only, optional
        As in `roc_plot` (formerly ``group``).

    Returns
    -------
    plotnine.ggplot
        Precision against recall as the step function whose area is
        `average_precision`: at each recall, the precision of the highest
        threshold reaching it, held down to the next smaller recall (rows
        that only add negatives are not drawn).  A dotted horizontal line
        in a neutral grey, labelled, marks the weighted prevalence
        W1 / (W1 + W-1), the precision of calling everything positive (one
        line per curve when their prevalences differ).
        Equal axes.

    Examples
    --------
    >>> from weightedroc import weighted_pr
    >>> from weightedroc.plots import pr_plot
    >>> pr = weighted_pr([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> type(pr_plot(pr)).__name__
    'ggplot'
    """
    p9 = plotnine()
    frame, keys = tidy_curves(pr, by, ["precision", "recall", "TP", "FP"])
    title, curves = _curves(frame, keys or None, ["precision", "recall", "TP", "FP"])
    names = [name for name, _ in curves]
    steps, baselines = [], []
    for name, frame in curves:
        ascending = frame[[*keys, "recall", "precision"]].iloc[::-1]  # recall 0 first
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
        text = f"prevalence {baselines['precision'].iloc[0]:.3g}"
    else:  # one label for all lines, so that close lines keep readable labels
        text = "dotted: prevalence of\n" + "\n".join(
            f"{name}: {value:.3g}" for name, value in zip(baselines[title], baselines["precision"])
        )
    label = pd.DataFrame(
        {"recall": [1.0], "precision": [baselines["precision"].iloc[0]], "text": [text]}
    )
    if len(baselines) == 1:  # the label sits on its line, at the right
        words = p9.geom_text(
            p9.aes("recall", "precision", label="text"),
            data=label,
            color=NEUTRAL,
            size=TEXT_SIZE,
            ha="right",
            va="bottom",
            nudge_y=0.01,
            inherit_aes=False,
        )
    else:  # one box for all lines, which may lie too close to label each
        words = p9.geom_label(
            p9.aes(label="text"),
            data=label,
            x=0.98,
            y=0.03,
            ha="right",
            va="bottom",
            color=NEUTRAL,
            size=TEXT_SIZE,
            label_size=0,
            alpha=0.85,
            inherit_aes=False,
        )
    plot = (
        p9.ggplot(steps, p9.aes("recall", "precision"))
        + p9.geom_hline(
            p9.aes(yintercept="precision"),
            data=baselines,
            color=NEUTRAL,
            linetype="dotted",
            size=0.8,
        )
        + words
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1))
        + p9.labs(x="Recall (TPR)", y="Precision")
        + theme()
    )
    if title is None:
        return plot + p9.geom_step(direction="vh", size=0.8)
    return plot + styled_paths(p9, steps, keys, "recall", "precision", geom="step")
