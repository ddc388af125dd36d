"""Bootstrap bands on the ROC plot: pROC's ``plot(ci.se(...), type = "shape")``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from ..utils.deprecation import renamed
from ..utils.signatures import in_help
from ._plotnine import NEUTRAL, TEXT_SIZE, plotnine, theme
from .curves import tidy_curves
from .palette import OKABE_ITO

#: The band's fill: Okabe-Ito sky blue, light enough for the curve to show.
BAND_FILL = OKABE_ITO[2]

if TYPE_CHECKING:
    from plotnine import ggplot

__all__ = ["se_band_plot"]


@in_help
@renamed(ci_se_frame="band")
def se_band_plot(
    band: pd.DataFrame, roc: pd.DataFrame | None = None, *, conf_level: float | None = None
) -> ggplot:
    """The sensitivity band of `ci_se` as a shaded shape on the ROC plot.

    The band joins, at each specificity of `band`, the ``conf_low`` and
    ``conf_high`` sensitivity, drawn at FPR = 1 - specificity (this package's
    plots put FPR on the x axis, where pROC reverses the specificity axis:
    the same picture).  Between the specificities asked for it is linear,
    as pROC's shape; ask for more specificities for a smoother band.

    Parameters
    ----------
    band : pandas.DataFrame
        What `ci_se` returns (columns ``specificity``, ``conf_low``,
        ``conf_high``; the argument was formerly named ``ci_se_frame``).
    roc : pandas.DataFrame, optional
        A curve (`WeightedROC`'s frame) to draw over the band, as
        `weightedroc.plots.roc_plot` draws it.
    conf_level : float, keyword-only, optional
        The band's level, for its legend; by default the one `ci_se`
        recorded in ``band.attrs`` (with the number of replicates).

    Returns
    -------
    plotnine.ggplot
        The band (sky blue), its legend stating its level and method ("95%
        band, stratified bootstrap, 2000 replicates"), the curve (black) and
        the labelled chance diagonal, in the look of the other helpers.
        Extend it with ``+``.
        A band built by hand, whose level neither `conf_level` nor
        ``band.attrs`` gives, is labelled "level not given".

    Examples
    --------
    >>> import numpy as np
    >>> from weightedroc import WeightedROC, ci_se
    >>> from weightedroc.plots import se_band_plot
    >>> guess, label = [1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]
    >>> band = ci_se(guess, label, specificities=np.linspace(0, 1, 21), n_boot=200, seed=1)
    >>> p = se_band_plot(band, WeightedROC(guess, label))
    >>> type(p).__name__
    'ggplot'
    """
    p9 = plotnine()
    if not isinstance(band, pd.DataFrame):
        raise TypeError(f"band must be the DataFrame that ci_se returns, got {type(band).__name__}")
    missing = [c for c in ("specificity", "conf_low", "conf_high") if c not in band.columns]
    if missing:
        raise ValueError(f"band lacks the column(s) {missing}: pass what ci_se returns")
    if len(band) < 2:
        raise ValueError("a band needs at least 2 specificities")
    description = _describe(band.attrs, conf_level)
    band = pd.DataFrame(
        {
            "FPR": 1 - band["specificity"].to_numpy(dtype=float),
            "conf_low": band["conf_low"].to_numpy(dtype=float),
            "conf_high": band["conf_high"].to_numpy(dtype=float),
            "band": description,
        }
    ).sort_values("FPR", kind="stable", ignore_index=True)
    diagonal = pd.DataFrame({"FPR": [0.0, 1.0], "TPR": [0.0, 1.0]})
    plot = (
        p9.ggplot()
        + p9.geom_path(p9.aes("FPR", "TPR"), data=diagonal, color=NEUTRAL, linetype="dotted")
        + p9.annotate(
            "text", x=0.64, y=0.6, label="chance", angle=45, color=NEUTRAL, size=TEXT_SIZE
        )
        + p9.geom_ribbon(
            p9.aes("FPR", ymin="conf_low", ymax="conf_high", fill="band"), data=band, alpha=0.5
        )
        + p9.scale_fill_manual(values={description: BAND_FILL})
        + p9.coord_equal(xlim=(0, 1), ylim=(0, 1), expand=True)
        + p9.labs(x="False positive rate (FPR)", y="True positive rate (TPR)", fill="")
        + theme()
        + p9.theme(legend_position="bottom")
    )
    if roc is None:
        return plot
    frame, keys = tidy_curves(roc, None, ["FPR", "TPR"], function="se_band_plot")
    return plot + p9.geom_path(p9.aes("FPR", "TPR"), data=frame, size=1)


def _describe(attrs, conf_level):
    """The legend's words for the band: level, method and replicates."""
    level = attrs.get("conf_level") if conf_level is None else conf_level
    if level is None:
        return "band of the sensitivity (level not given: pass conf_level=)"
    words = f"{100 * float(level):g}% band of the sensitivity"
    if "method" in attrs:
        words += f"\n{attrs['method']}"
        if "n_boot" in attrs:  # (a design's replicates are counted in its method's words)
            words += f", {attrs['n_boot']} replicates"
    return words
