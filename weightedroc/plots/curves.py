"""Plots of ROC curves and of weighted errors against the threshold."""

import pandas as pd

from ._plotnine import plotnine

__all__ = ["roc_plot"]


def roc_plot(curve, group=None):
    """ROC curve(s): TPR against FPR as a path, with equal axes and the diagonal.

    Parameters
    ----------
    curve : pandas.DataFrame
        A frame with TPR and FPR columns, such as `WeightedROC` returns.
    group : str, optional
        Column naming each curve of a tidy frame holding several; each
        curve gets its own colour and line type.

    Returns
    -------
    plotnine.ggplot
    """
    p9 = plotnine()
    aes = p9.aes("FPR", "TPR") if group is None else p9.aes(
        "FPR", "TPR", color=group, linetype=group)
    diagonal = pd.DataFrame({"FPR": [0.0, 1.0], "TPR": [0.0, 1.0]})
    return (p9.ggplot(curve, aes)
            + p9.geom_path(p9.aes("FPR", "TPR"), data=diagonal, inherit_aes=False,
                           color="grey", linetype="dotted")
            + p9.geom_path(size=1)
            + p9.coord_equal(xlim=(0, 1), ylim=(0, 1))
            + p9.labs(x="False positive rate (FPR)", y="True positive rate (TPR)"))
