"""Cumulative gain and lift charts, as yardstick's, weighted: the scaled
counts of the one cumulated pass, read from the most confident threshold."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..engine.counts import counts_of
from ..utils.signatures import in_help
from ..utils.types import Direction, LabelValue, RocInput


@in_help
def gain_curve(
    roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<"
) -> pd.DataFrame:
    """Cumulative gain chart, as yardstick's ``gain_curve``, weighted.

    Rows from the most confident threshold down: the first tests nothing
    (threshold inf), the last everything.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    pandas.DataFrame
        Columns threshold, n (weight tested: TP + FP), n_events (TP),
        percent_tested (100 n / total weight) and percent_found
        (100 TP / positive weight).

    Examples
    --------
    >>> from weightedroc import gain_curve
    >>> gain_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2]))
       threshold    n  n_events  percent_tested  percent_found
    0        inf  0.0       0.0        0.000000       0.000000
    1        4.0  2.0       2.0       33.333333      66.666667
    2        3.0  4.0       2.0       66.666667      66.666667
    3        2.0  5.0       3.0       83.333333     100.000000
    4        1.0  6.0       3.0      100.000000     100.000000
    """
    return _gain(counts_of(roc, positive, direction, "gain_curve"))


def _gain(counts):
    c = counts.take(slice(None, None, -1))
    tested = c.TP + c.FP
    return pd.DataFrame(
        {
            "threshold": c.threshold,
            "n": np.ldexp(tested, c.exponent),
            "n_events": np.ldexp(c.TP, c.exponent),
            "percent_tested": 100 * tested / (c.P + c.N),
            "percent_found": 100 * c.TP / c.P,
        }
    )


@in_help
def lift_curve(
    roc: RocInput, *, positive: LabelValue = None, direction: Direction = "<"
) -> pd.DataFrame:
    """Lift chart, as yardstick's ``lift_curve``, weighted: `gain_curve`
    with ``lift = percent_found / percent_tested`` (NaN on the first row,
    where nothing is tested).

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A `WeightedROC` frame or raw inputs ``(guess, label[, weight])``.
    positive, direction
        As for `WeightedROC`, for raw inputs.

    Returns
    -------
    pandas.DataFrame
        The columns of `gain_curve` and lift.

    Examples
    --------
    >>> from weightedroc import lift_curve
    >>> lift_curve(([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2]))["lift"].round(6).tolist()
    [nan, 2.0, 1.0, 1.2, 1.0]
    """
    gain = _gain(counts_of(roc, positive, direction, "lift_curve"))
    with np.errstate(divide="ignore", invalid="ignore"):
        lift = gain["percent_found"].to_numpy() / gain["percent_tested"].to_numpy()
    lift[0] = np.nan
    return gain.assign(lift=lift)
