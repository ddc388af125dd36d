"""R's arithmetic on the cumulated counts, written once.

The rates of a threshold are R's ``TPR = 1 - FN/W1`` and ``FPR = FP/W-1``
(`tpr`, `fpr`); the area under a curve is R's WeightedAUC sum of the
trapezoids between consecutive rows, rectangles first, then triangles,
each sum in long double (`trapezoid_area`).  The ROC frame, the AUC, the
tidy tables, many groups at once, multiclass pairs and Dask partitions all
call these.
"""

import numpy as np
import pandas as pd

from ..utils.signatures import in_help
from .longdouble import chunks, running_sum
from .threads import run_both

COLUMNS = ["TPR", "FPR", "threshold", "FN", "FP"]


def tpr(FN, total_pos, out=None):
    """R's ``1 - FN/W1`` (broadcasting: one total per row of a 2-D `FN`)."""
    TPR = np.divide(FN, total_pos, out=out)
    return np.subtract(1, TPR, out=TPR)


def fpr(FP, total_neg, out=None):
    """R's ``FP/W-1``."""
    return np.divide(FP, total_neg, out=out)


@in_help
def rates(counts, TPR=None, FPR=None, rows=slice(None)):
    """(TPR, FPR) of a `Cumulated` (of its `rows`), with R's arithmetic.
    `TPR` and `FPR` are optional output arrays to fill."""
    FP = np.subtract(counts.total_neg, counts.TN[rows], out=FPR)
    return tpr(counts.FN[rows], counts.total_pos, TPR), fpr(FP, counts.total_neg, FP)


@in_help
def curve_columns(counts):
    """The columns of `curve_frame` (TPR, FPR, threshold, FN, FP) as the
    rows of one (5, thresholds) array: the counts' own block, filled in
    place (TN becomes FP), when they have one of that shape."""
    columns = counts.block
    if columns is None or columns.shape != (5, len(counts.threshold)):
        columns = np.empty((5, len(counts.threshold)))
        columns[2], columns[3], columns[4] = counts.threshold, counts.FN, counts.TN

    def negatives():
        FP = np.subtract(counts.total_neg, columns[4], out=columns[4])
        fpr(FP, counts.total_neg, columns[1])

    run_both(negatives, lambda: tpr(columns[3], counts.total_pos, columns[0]), columns.shape[1])
    return columns


@in_help
def curve_frame(counts):
    """The R-ordered ROC DataFrame of a `Cumulated`.

    Counts straight from `cumulate` become the frame in place (their
    block's free rows get TPR and FPR, and TN becomes FP); others are
    copied.
    """
    return pd.DataFrame(curve_columns(counts).T, columns=COLUMNS, copy=False)


def rectangle_areas(after, width):
    """The rectangles under segments of `width`: the TPR after each times its width."""
    return np.multiply(after, width)


def triangle_areas(before, after, width):
    """The triangles above those rectangles, as R computes them."""
    return (before - after) * width / 2


@in_help
def trapezoids(TPR, FPR):
    """The rectangle and triangle areas under each segment (consecutive
    rows along the last axis), as R computes them."""
    width = FPR[..., :-1] - FPR[..., 1:]
    return rectangle_areas(TPR[..., 1:], width), triangle_areas(TPR[..., :-1], TPR[..., 1:], width)


def _area(rows, size):
    """R's WeightedAUC sum of the trapezoids of `size` rows, where
    ``rows(slice)`` gives the (TPR, FPR) of those rows.

    R adds all rectangles, then all triangles (each sum in long double).
    Both sums run in chunks of rows (overlapping by one, for the segment
    between chunks), on two threads for long curves.
    """

    def total(areas):
        carry = np.longdouble(0)
        for segments in chunks(size - 1):
            TPR, FPR = rows(slice(segments.start, segments.stop + 1))
            carry = running_sum(areas(TPR, FPR[:-1] - FPR[1:]), carry)
        return float(carry)

    rectangle_sum, triangle_sum = run_both(
        lambda: total(lambda TPR, width: rectangle_areas(TPR[1:], width)),
        lambda: total(lambda TPR, width: triangle_areas(TPR[:-1], TPR[1:], width)),
        size,
    )
    return rectangle_sum + triangle_sum


@in_help
def trapezoid_area(TPR, FPR):
    """R's WeightedAUC arithmetic on rows ordered as WeightedROC orders them."""
    return _area(lambda rows: (TPR[rows], FPR[rows]), len(TPR))


def counts_area(counts):
    """The AUC of a `Cumulated` (`weightedroc.engine.core.cumulate`'s counts),
    with `trapezoid_area`'s arithmetic, bit for bit."""
    return _area(lambda rows: rates(counts, rows=rows), len(counts.FN))


def row_sums(values):
    """R's long double sum of each row of `values` (along the last axis),
    rounded to double: numpy's long double dot is a plain loop from 0, as
    R's sum()."""
    ones = np.ones(values.shape[-1], dtype=np.longdouble)
    return np.dot(values.astype(np.longdouble), ones).astype(np.float64)


def row_areas(TPR, FPR):
    """`trapezoid_area` of each row of 2-D `TPR` and `FPR` (one curve a row)."""
    rectangles, triangles = trapezoids(TPR, FPR)
    return row_sums(rectangles) + row_sums(triangles)
