"""Drummond and Holte's cost curve: the expected cost of each threshold as
a line over the probability cost, and their lower envelope (from the ROC
convex hull)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..engine.core import Cumulated
from ..engine.counts import counts_of
from ..engine.rates import curve_frame
from ..utils.results import TupleLike
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue, RocInput
from .thresholds import roc_convex_hull


@dataclass(frozen=True)
class CostCurve(TupleLike):
    """`cost_curve`'s result: one line per threshold and their lower envelope."""

    lines: pd.DataFrame = field(repr=False)
    envelope: pd.DataFrame = field(repr=False)

    def __repr__(self):
        return (
            f"CostCurve(lines: {len(self.lines)} rows (one line per threshold), "
            f"envelope: {len(self.envelope)} points)"
        )


def _frame(counts):
    """The `WeightedROC` frame of scaled counts (same rates, same vertices)."""
    return curve_frame(Cumulated(counts.threshold, counts.FN, counts.TN, counts.P, counts.N))


@in_help
def cost_curve(
    roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<"
) -> CostCurve:
    """Drummond and Holte's cost curve (ROCR's ``performance(pred, "ecost")``).

    Each threshold is a line from (0, FPR) to (1, FNR): its normalised
    expected cost ``FNR x + FPR (1 - x)`` at probability cost
    ``x = p c_fn / (p c_fn + (1 - p) c_fp)``.  The lower envelope is the
    least cost reachable at each x: it joins the crossings of the lines of
    consecutive vertices of the ROC convex hull, from (0, 0) to (1, 0).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    CostCurve
        ``lines``: columns threshold, probability_cost (0 and 1), cost; two
        rows per threshold.  ``envelope``: columns probability_cost, cost,
        the envelope's corners in increasing probability cost (ROCR's ecost
        x and y values).

    Examples
    --------
    >>> from weightedroc import cost_curve
    >>> cost_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])).envelope.round(6)
       probability_cost      cost
    0          0.000000  0.000000
    1          0.666667  0.222222
    2          1.000000  0.000000
    """
    counts = counts_of(roc, positive, direction, "cost_curve")
    FPR, FNR = counts.FP / counts.N, counts.FN / counts.P
    lines = pd.DataFrame(
        {
            "threshold": np.repeat(counts.threshold, 2),
            "probability_cost": np.tile([0.0, 1.0], len(FPR)),
            "cost": np.column_stack((FPR, FNR)).ravel(),
        }
    )
    hull = roc_convex_hull(_frame(counts)).index.to_numpy()[::-1]  # ascending FPR
    FP, TP = counts.FP[hull], counts.TP[hull]
    dF, dT = np.diff(FP) * counts.P, np.diff(TP) * counts.N
    x = dF / (dF + dT)
    y = FPR[hull][:-1] + x * (FNR[hull][:-1] - FPR[hull][:-1])
    envelope = pd.DataFrame(
        {
            "probability_cost": np.concatenate(([0.0], x, [1.0])),
            "cost": np.concatenate(([0.0], y, [0.0])),
        }
    )
    return CostCurve(lines, envelope.drop_duplicates(ignore_index=True))
