"""How far curves that coincide by design lie from each other, in ulps.

Drawn on top of each other, curves that agree show only the one drawn last;
side by side (``roc_plot(..., panels=True)``) they look alike but a reader
cannot see how alike.  `agreement_plot` draws the difference itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..utils.deprecation import keyword_only
from ..utils.signatures import in_help
from ..utils.types import Columns, Curves
from ._plotnine import NEUTRAL, plotnine, theme
from .curves import curve_label, tidy_curves
from .palette import group_styles

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["agreement_plot", "agreement_frame"]


def _vertices(frame):
    """Distinct (FPR, TPR) vertices, along the curve from (0, 0)."""
    points = frame[["FPR", "TPR"]].to_numpy(dtype=float)
    points = points[np.lexsort((points[:, 1], points[:, 0]))]
    keep = np.r_[True, (np.diff(points, axis=0) != 0).any(axis=1)]
    return points[keep]


def ulps(value, reference):
    """Signed distance from `reference` to `value` in units in the last place
    of the smaller magnitude (0 where they are equal).

    Examples
    --------
    >>> from weightedroc.plots.agreement import ulps
    >>> ulps(np.nextafter(0.3, 1), 0.3).tolist()
    1.0
    >>> ulps(0.5 - 2**-54, 0.5).tolist()  # one ulp below 0.5, where ulps are half as wide
    -1.0
    """
    value, reference = np.asarray(value, float), np.asarray(reference, float)
    step = np.spacing(np.minimum(np.abs(value), np.abs(reference)))
    return np.where(value == reference, 0.0, (value - reference) / step)


def _nearest(points, reference):
    """For each point, the index of the reference vertex nearest to it.

    Along a curve both rates never decrease, so FPR + TPR increases from
    vertex to vertex: the nearest vertex is one of the two around the
    point's FPR + TPR.
    """
    along = reference.sum(axis=1)
    right = np.clip(np.searchsorted(along, points.sum(axis=1)), 0, len(reference) - 1)
    left = np.clip(right - 1, 0, len(reference) - 1)
    gap = lambda i: np.abs(points - reference[i]).max(axis=1)  # noqa: E731
    return np.where(gap(left) < gap(right), left, right)


def _ulps_scale(p9, reach):
    """A linear y axis up to 10 ulps; beyond, a symmetric log one (0, 1, 10,
    100, ... either side) so that both a few ulps and many can be read."""
    if reach <= 10:
        return p9.scale_y_continuous(limits=(-reach * 1.1, reach * 1.1))
    from mizani.transforms import symlog_trans

    powers = 10.0 ** np.arange(0, np.ceil(np.log10(reach)) + 1)
    breaks = np.r_[-powers[::-1], 0, powers]
    return p9.scale_y_continuous(
        trans=symlog_trans(),
        limits=(-powers[-1], powers[-1]),
        breaks=breaks,
        labels=[f"{b:g}" for b in breaks],
    )


@in_help
@keyword_only
def agreement_frame(
    roc: Curves, *, by: Columns | None = None, reference: str | None = None
) -> pd.DataFrame:
    """Each vertex of each curve against the nearest vertex of a reference curve.

    Parameters
    ----------
    roc : DataFrame or dict of DataFrames
        Several curves with FPR and TPR columns, as `roc_plot` takes them
        (say ``{"weightedroc": roc, "pROC": proc_curve(...)}``).
    by : str or list of str, keyword-only, optional
        As in `roc_plot`.
    reference : str, keyword-only, optional
        The curve the others are compared with (default: the first).

    Returns
    -------
    pandas.DataFrame
        One row per distinct vertex of each other curve and rate: ``curve``
        (its name), ``FPR``, ``TPR`` (the vertex), ``rate`` ("FPR" or
        "TPR") and ``ulps``, the signed difference from the nearest vertex
        of the reference in units in the last place; 0 everywhere means the
        vertices are bit for bit the same.  ``attrs["vertices"]`` holds the
        number of distinct vertices of every curve, by name.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import agreement_frame
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    >>> import numpy as np
    >>> moved = roc.assign(TPR=roc["TPR"].replace(0.5, np.nextafter(0.5, 1)))  # 1 ulp up
    >>> frame = agreement_frame({"ours": roc, "moved": moved})
    >>> frame.query("rate == 'TPR'")[["FPR", "TPR", "ulps"]]
       FPR  TPR  ulps
    5  0.0  0.0   0.0
    6  0.0  0.5   1.0
    7  0.5  0.5   1.0
    8  0.5  1.0   0.0
    9  1.0  1.0   0.0
    """
    frame, keys = tidy_curves(roc, by, ["FPR", "TPR"], function="agreement_frame")
    if not keys:
        raise ValueError("agreement_frame needs several curves: a dict or a tidy frame with by")
    _, label = curve_label(frame, keys)
    names = [str(n) for n in label.categories]
    reference = names[0] if reference is None else str(reference)
    if reference not in names:
        raise ValueError(f"reference {reference!r} is not one of the curves {names}")
    vertices = {n: _vertices(frame[np.asarray(label == n)]) for n in names}
    base, parts = vertices[reference], []
    for name in (n for n in names if n != reference):
        points = vertices[name]
        near = base[_nearest(points, base)]
        for column, rate in enumerate(("FPR", "TPR")):
            parts.append(
                pd.DataFrame(
                    {
                        "curve": name,
                        "FPR": points[:, 0],
                        "TPR": points[:, 1],
                        "rate": rate,
                        "ulps": ulps(points[:, column], near[:, column]),
                    }
                )
            )
    others = [n for n in names if n != reference]
    result = pd.concat(parts, ignore_index=True)
    result["curve"] = pd.Categorical(result["curve"], categories=others)
    result["rate"] = pd.Categorical(result["rate"], categories=["FPR", "TPR"])
    result.attrs["vertices"] = {n: len(v) for n, v in vertices.items()}
    result.attrs["reference"] = reference
    return result


@in_help
@keyword_only
def agreement_plot(
    roc: Curves, *, by: Columns | None = None, reference: str | None = None
) -> ggplot:
    """How far each curve's vertices lie from a reference curve's, in ulps.

    One panel per curve compared with the reference, in the curve's colour
    (`palette.group_styles`): at each of its
    vertices (x: its FPR + TPR, the position along the curve from 0 at
    (0, 0) to 2 at (1, 1)), the signed difference of its FPR and of its
    TPR from the nearest vertex of the reference, in units in the last
    place.  Points on the zero line mean the same doubles, bit for bit; the
    panel's title gives the largest difference and the vertex counts.

    Parameters
    ----------
    roc, by, reference
        As in `agreement_frame`.

    Returns
    -------
    plotnine.ggplot
        Its data is `agreement_frame`'s; the y axis spans at least -4 to 4
        ulps, so that agreement reads as a flat line, not as magnified
        noise, and turns logarithmic either side of +-1 (0, 1, 10, 100, ...)
        when a difference exceeds 10 ulps.

    Examples
    --------
    >>> from weightedroc import WeightedROC
    >>> from weightedroc.plots import agreement_plot
    >>> roc = WeightedROC([1, 2, 3, 4], [0, 1, 0, 1])
    >>> type(agreement_plot({"ours": roc, "copy": roc.copy()})).__name__
    'ggplot'
    """
    p9 = plotnine()
    data = agreement_frame(roc, by=by, reference=reference)
    counts, reference = data.attrs["vertices"], data.attrs["reference"]
    data = data.assign(along=data["FPR"] + data["TPR"])
    titles = {}
    for name in data["curve"].cat.categories:
        worst = np.abs(data.loc[data["curve"] == name, "ulps"]).max()
        count = "as many as" if counts[name] == counts[reference] else f"{counts[reference]} in"
        titles[name] = (
            f"{name} minus {reference}\nlargest |difference|: {worst:.3g} ulps\n"
            f"{counts[name]} vertices, {count} {reference}"
        )
    data["panel"] = pd.Categorical(
        data["curve"].map(titles).astype(str), categories=list(titles.values())
    )
    reach = max(4.0, float(np.abs(data["ulps"]).max()))
    y_scale = _ulps_scale(p9, reach)
    names = [reference, *data["curve"].cat.categories]
    colours = {name: style.colour for name, style in zip(names, group_styles(names))}
    return (
        p9.ggplot(data, p9.aes("along", "ulps", color="curve", shape="rate"))
        + p9.geom_hline(yintercept=0, color=NEUTRAL)
        + p9.geom_point(size=1.6, alpha=0.8, fill="none")
        + p9.facet_wrap("panel", ncol=1 if len(titles) <= 1 else 2)
        + p9.scale_x_continuous(
            breaks=[0, 0.5, 1, 1.5, 2], labels=["0 (0, 0)", "0.5", "1", "1.5", "2 (1, 1)"]
        )
        + y_scale
        + p9.scale_color_manual(values=colours, guide=None)
        + p9.scale_shape_manual(values={"FPR": "o", "TPR": "x"})
        + p9.labs(
            x="position along the curve: FPR + TPR of the vertex",
            y=f"difference from {reference} (ulps)",
            shape="rate",
        )
        + theme()
    )
