"""Weighted AUC and ROC curves of more than two classes.

Hand and Till's (2001) M, as pROC's ``multiclass.roc(response, matrix)`` and
scikit-learn's ``roc_auc_score(multi_class="ovo")``: for each pair of
classes (i, j), A(i|j) is the AUC of column i's scores among the
observations of classes i (positive) and j (negative), A(j|i) that of
column j's; the pair's AUC is their mean, and M the mean over pairs.
One-vs-rest, as scikit-learn's ``multi_class="ovr"``: the AUC of column k
with class k positive and every other class negative, averaged over k.
A 1-D score gives pROC's univariate ``multiclass.roc(response, predictor)``:
the mean of the AUCs of the pairs (a, b) of levels, the later level of
each pair positive.

Every pairwise AUC is, bit for bit, `auc_score` of that pair's rows, and
each score column is sorted once over all rows, for every pair that reads
it.  The sorted order restricted to a pair's rows (a boolean mask keeps
the order, ties included) is `stable_order`'s of those rows, so their
curve is `WeightedROC`'s (`multiclass_roc`).  The AUCs need less: each
class's running sums along the column are read once (`class_sums`), and
each pair sums the trapezoids of the runs of ties that hold its negatives
only (`pair_area`): the others are zeros, which change no long double sum.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from itertools import combinations
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..engine.core import cumulate_sorted, run_ends, stable_order
from ..engine.frames import as_pandas, is_frame
from ..engine.longdouble import cumsum_where, running_sum
from ..engine.rates import COLUMNS, curve_columns, fpr, rectangle_areas, tpr, triangle_areas
from ..engine.validation import check_direction, check_weight, to_array
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction
from ..utils.warn import warn
from .areas import check_range, mcclish, range_areas

__all__ = ["multiclass_auc", "multiclass_roc"]

METHODS = ("hand_till", "ovr")
AVERAGES = ("macro", "weighted")
REST = "rest"


class MulticlassData(NamedTuple):
    """Validated multiclass data: scores (one column per class, or 1-D),
    each row's class as its position in `levels`, the weights (None for
    unit weights); rows of classes outside `levels` are left out."""

    scores: np.ndarray  # (n, classes) or (n,); negated for direction ">"
    codes: np.ndarray  # (n,) int: index into levels
    weight: np.ndarray | None
    levels: list
    flipped: bool  # direction ">": scores negated

    @property
    def univariate(self) -> bool:
        return self.scores.ndim == 1

    def class_weights(self) -> np.ndarray:
        """Total weight (count for unit weights) of each class."""
        return np.bincount(self.codes, weights=self.weight, minlength=len(self.levels))


class Curve(NamedTuple):
    """One binary problem of a multiclass AUC: its positive and negative
    class (index into levels; negative None for "every other class") and
    the score column it reads."""

    positive: int
    negative: int | None
    column: int | None  # None for a 1-D score


def _check_choice(value, name, choices):
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
    return value


def _coded(label, levels):
    """(each observation's class as its position in the levels, -1 for a
    class outside them; the levels): by default a Categorical's categories,
    else the sorted distinct labels."""
    array = to_array(label, "label")
    if len(array) == 0:
        raise ValueError("label is empty: a multiclass AUC needs observations of 2 classes")
    if array.dtype.kind in "fO" and pd.isna(array).any():
        raise ValueError("label must not contain NA: every observation needs a class")
    if levels is not None:
        values = np.asarray(array, dtype=object) if isinstance(array, pd.Categorical) else array
        return pd.Index(levels).get_indexer(values), levels
    if array.dtype.kind in "iu" and len(array) and int(array.max()) - int(array.min()) < 1 << 16:
        return _small_integers(array)
    try:
        coded = array if isinstance(array, pd.Categorical) else pd.Categorical(array)
    except TypeError:
        raise TypeError(
            "label must be values of one kind (numbers, strings or booleans) "
            "that sort, or a Categorical"
        ) from None
    return coded.codes, list(coded.categories)


def _small_integers(array):
    """`_coded` of integers spanning a small range: counted, not hashed."""
    low = int(array.min())
    shifted = np.subtract(array, low, dtype=np.int64)
    present = np.flatnonzero(np.bincount(shifted))
    position = np.full(present[-1] + 1, -1, dtype=np.int64)
    position[present] = np.arange(len(present))
    return position[shifted], (present + low).tolist()


def _score_matrix(scores, n, levels, observed, given_levels):
    """float64 scores, one column per observed level (in `levels` order);
    1-D scores stay 1-D."""
    scores = as_pandas(scores) if is_frame(scores) else scores
    if isinstance(scores, pd.DataFrame):
        return _frame_scores(scores, n, levels, observed, given_levels)
    if isinstance(scores, pd.Series):
        scores = scores.to_numpy()
    try:
        array = np.asarray(scores)
    except (TypeError, ValueError) as error:
        raise TypeError(f"scores must be a 2-D array of numbers: {error}") from None
    if array.ndim not in (1, 2):
        raise ValueError(
            "scores must be a 2-D array with one column per class (or a frame "
            "whose columns are named by class, or a 1-D score); got an array "
            f"of shape {array.shape}"
        )
    if array.ndim == 2 and array.shape[1] == len(levels) != len(observed):
        array = array[:, [levels.index(level) for level in observed]]
    elif array.ndim == 2 and array.shape[1] != len(observed):
        raise ValueError(
            f"scores has {array.shape[1]} columns but there are {len(observed)} "
            f"classes ({', '.join(map(str, observed))}): pass levels= naming the "
            "class of each column, in column order (or scores as a frame with "
            "columns named by class)"
        )
    return _numbers(array, n)


def _frame_scores(frame, n, levels, observed, given_levels):
    """The columns of `frame` for the `observed` levels, in their order."""
    names = {str(column): column for column in frame.columns}

    def column(level):
        return level if level in frame.columns else names.get(str(level))

    found = [column(level) for level in observed]
    missing = [level for level, name in zip(observed, found) if name is None]
    if missing:
        raise ValueError(
            f"scores has no column for class(es) {', '.join(map(repr, missing))} of "
            f"label: scores needs one column per class, named by class; its "
            f"columns are {list(frame.columns)}"
        )
    extra = [c for c in frame.columns if c not in {column(level) for level in levels}]
    if extra and not given_levels:
        warn(
            "The following classes were not found in label and their score columns "
            f"are left out: {', '.join(map(str, extra))} (as pROC)",
            UserWarning,
        )
    return _numbers(frame[found].to_numpy(), n)


def _numbers(array, n):
    if array.dtype.kind not in "iuf":
        try:
            array = array.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"scores must be numbers, got dtype {array.dtype}") from None
    array = np.asarray(array, dtype=np.float64)
    if len(array) != n:
        raise ValueError(
            f"Number of rows in scores ({len(array)}) does not agree with label "
            f"({n} elements), as pROC's 'predictor' and 'response': one row of "
            "scores per observation"
        )
    if np.isnan(array).any():
        row = np.flatnonzero(np.isnan(array).reshape(n, -1).any(axis=1))[0]
        raise ValueError(
            f"scores must not contain NaN (found in row {row}): the AUC is undefined for NA scores"
        )
    return array


def multiclass_data(
    scores: Any,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    levels: Sequence | None = None,
    direction: Direction = "<",
) -> MulticlassData:
    """Validate the arguments of `multiclass_auc` (see there)."""
    flip = check_direction(direction) == ">"
    given = levels is not None
    if given:
        if isinstance(levels, (str, bytes)) or not np.iterable(levels):
            raise TypeError(f"levels must be a list of classes, got {levels!r}")
        levels = list(levels)
        if len(set(levels)) != len(levels):
            raise ValueError(f"levels must not repeat a class, got {levels}")
    codes, levels = _coded(label, levels)
    n = len(codes)
    weights = check_weight(weight, n)
    counts = np.bincount(codes[codes >= 0], minlength=len(levels))
    if not counts.all():
        empty = [level for level, count in zip(levels, counts) if count == 0]
        warn(
            f"No observation for response level(s): {', '.join(map(str, empty))} "
            "(left out, as pROC)",
            UserWarning,
        )
    kept = np.flatnonzero(counts)
    observed = [levels[int(k)] for k in kept]
    if len(kept) < 2:
        raise ValueError(
            "label must have at least two classes with observations (pROC: "
            f"'response' must have at least two levels); found {len(kept)}: {observed}"
        )
    scores = _score_matrix(scores, n, levels, observed, given)
    renumber = np.full(len(levels) + 1, -1, dtype=np.int32)  # [-1]: outside levels
    renumber[kept] = np.arange(len(kept))
    codes = renumber[codes]
    rows = codes >= 0
    if not rows.all():  # observations of classes outside `levels`, as pROC
        codes, scores = codes[rows], scores[rows]
        weights = None if weights is None else weights[rows]
    if flip:
        scores = np.negative(scores)
    codes = codes.astype(np.int8 if len(kept) < 128 else np.int32)  # gathered per column
    return MulticlassData(scores, codes, weights, observed, flip)


def problems(data: MulticlassData, method: str) -> list[Curve]:
    """The binary problems of `method`, in pROC's order: pairs as R's
    combn(levels, 2), A(i|j) before A(j|i); one-vs-rest in levels order."""
    k = len(data.levels)
    if data.univariate:
        return [Curve(b, a, None) for a, b in combinations(range(k), 2)]
    if method == "ovr":
        return [Curve(i, None, i) for i in range(k)]
    return [c for i, j in combinations(range(k), 2) for c in (Curve(i, j, i), Curve(j, i, j))]


def _sorted_columns(data: MulticlassData, curves: list[Curve], orders=None) -> Iterator:
    """(curves of a score column, its sorted guesses, classes and weights),
    one sort per column (`orders`: each column's `stable_order` if the
    caller has it)."""
    by_column: dict = {}
    for curve in curves:
        by_column.setdefault(curve.column, []).append(curve)
    for column, group in by_column.items():
        guess = data.scores if column is None else data.scores[:, column]
        if orders is None:
            order, sorted_guess, _, sorted_weight = stable_order(guess, None, data.weight)
        else:
            order = orders[column]
            sorted_guess = guess[order]
            sorted_weight = None if data.weight is None else data.weight[order]
        yield group, sorted_guess, np.take(data.codes, order), sorted_weight


def counts_of(data: MulticlassData, curves: list[Curve]) -> Iterator:
    """(curve, `Cumulated` counts of its rows) of each curve: `cumulate`'s
    of the curve's rows, bit for bit."""
    for group, sorted_guess, sorted_codes, sorted_weight in _sorted_columns(data, curves):
        for curve in group:
            is_positive = sorted_codes == curve.positive
            if curve.negative is None:
                yield curve, cumulate_sorted(sorted_guess, is_positive, sorted_weight)
                continue
            rows = np.flatnonzero(is_positive | (sorted_codes == curve.negative))
            counts = cumulate_sorted(
                sorted_guess[rows],
                is_positive[rows],
                None if sorted_weight is None else sorted_weight[rows],
            )
            yield curve, counts


class ClassSums:
    """The weight of one class (or of every other class) along a sorted
    score: the runs of tied guesses that hold its members (increasing run
    numbers) out of `all_runs`, and its running sum below each of them and
    after the last (`padded`, from 0, as `cumulate` reads it)."""

    def __init__(self, runs, padded, all_runs):
        self.runs, self.padded, self.all_runs = runs, padded, all_runs
        self.total = float(padded[-1])
        if not np.isfinite(self.total):  # as `cumulate`
            raise ValueError(
                "the total weight of a class overflows to inf: rescale the weights "
                "(R would return NaN rates)"
            )

    @cached_property
    def before(self) -> np.ndarray:
        """[r]: how many of the class's runs are below run r, for r up to
        the number of runs (read when the class is positive)."""
        before = np.zeros(self.all_runs + 1, dtype=self.runs.dtype)
        before[self.runs + 1] = 1
        return np.cumsum(before, out=before)

    @cached_property
    def tpr(self) -> np.ndarray:
        """TPR after each of the class's runs, as positives (`rates`' arithmetic)."""
        return tpr(self.padded, self.total)

    @cached_property
    def fpr(self) -> np.ndarray:
        """FPR after each of the class's runs, as negatives (`rates`' arithmetic)."""
        return fpr(self.total - self.padded, self.total)


def class_sums(members: np.ndarray, run: np.ndarray, sorted_weight) -> ClassSums:
    """`ClassSums` of the sorted observations where `members` (boolean) is
    True; `run`: each sorted position's run of tied guesses.

    R's running sum adds zeros for the other observations, and adding a
    zero changes no long double sum: summing the members alone gives the
    same bits.
    """
    runs = np.compress(members, run)
    last = np.empty(len(runs), dtype=bool)
    np.not_equal(runs[1:], runs[:-1], out=last[:-1])
    last[-1:] = True
    weights = None if sorted_weight is None else np.compress(members, sorted_weight)
    runs = np.compress(last, runs)
    padded = np.zeros(len(runs) + 1)
    cumsum_where(weights, last, out=padded[1:])
    return ClassSums(runs, padded, int(run[-1]) + 1)


def pair_area(positive: ClassSums, negative: ClassSums) -> float:
    """`auc_score` of the observations of two classes, bit for bit, from
    their `ClassSums` along one sorted score.

    The curve's segment across a run of ties without negatives has zero
    width, so its rectangle and triangle are zeros, which change no long
    double sum: only the runs that hold negatives are summed, with
    `trapezoids`' arithmetic on the rates before and after each.
    """
    tpr_before = positive.tpr[positive.before[negative.runs]]
    tpr_after = positive.tpr[positive.before[1:][negative.runs]]
    width = negative.fpr[:-1] - negative.fpr[1:]
    rectangles = rectangle_areas(tpr_after, width)
    triangles = triangle_areas(tpr_before, tpr_after, width)
    return float(running_sum(rectangles)) + float(running_sum(triangles))


def binary_aucs(data: MulticlassData, curves: list[Curve], orders=None) -> dict:
    """The AUC of each curve, bit for bit `auc_score` of its rows: each
    class's running sums along a column are computed once (`class_sums`)
    and serve every pair of that column (`pair_area`); `orders`, each
    column's `stable_order` if the caller has sorted them already."""
    aucs = {}
    for group, sorted_guess, sorted_codes, sorted_weight in _sorted_columns(data, curves, orders):
        is_end = run_ends(sorted_guess)
        run = np.cumsum(is_end, dtype=np.int32 if len(is_end) < 2**31 else np.int64)
        run -= is_end  # each sorted position's run of ties, from 0
        sums: dict = {}  # (class, everything but it) -> ClassSums
        for curve in group:
            sides = [(curve.positive, False), (curve.positive, True)]
            if curve.negative is not None:
                sides[1] = (curve.negative, False)
            for c, rest in sides:
                if (c, rest) not in sums:
                    members = (sorted_codes != c) if rest else (sorted_codes == c)
                    sums[c, rest] = class_sums(members, run, sorted_weight)
            aucs[curve] = pair_area(sums[sides[0]], sums[sides[1]])
    return aucs


def partial_aucs(data: MulticlassData, curves: list[Curve], limits, correct: bool) -> dict:
    """The partial area of each curve over `limits` (name, (lo, hi)), as
    `partial_auc` of its rows (McClish-standardised when `correct`)."""
    name, (lo, hi) = limits
    areas = {}
    for curve, counts in counts_of(data, curves):
        tpr = counts.TP / counts.total_pos
        fpr = counts.FP / counts.total_neg
        area, diagonal = range_areas(fpr[None, ::-1], tpr[None, ::-1], **{name: (lo, hi)})
        areas[curve] = float(area[0])
        if correct:
            if areas[curve] < diagonal:
                warn(
                    f"the partial area {areas[curve]:g} of a pair is below that of the "
                    f"diagonal ({diagonal:g}): McClish's standardisation is then below "
                    "0.5 (pROC returns NA)"
                )
            areas[curve] = mcclish(areas[curve], diagonal, lo, hi)
    return areas


def combine(data: MulticlassData, method: str, average: str, aucs: dict) -> float:
    """The multiclass AUC from the binary AUCs (keyed by `Curve`)."""
    k = len(data.levels)
    prevalence = data.class_weights() if average == "weighted" else np.ones(k)
    if method == "ovr" and not data.univariate:
        values = np.array([aucs[Curve(i, None, i)] for i in range(k)])
        share = prevalence
    else:
        pairs = list(combinations(range(k), 2))
        if data.univariate:
            values = np.array([aucs[Curve(j, i, None)] for i, j in pairs])
        else:
            values = np.array([(aucs[Curve(i, j, i)] + aucs[Curve(j, i, j)]) / 2 for i, j in pairs])
        share = np.array([prevalence[i] + prevalence[j] for i, j in pairs])
    if average == "weighted":
        return float(np.average(values, weights=share))
    return float(np.mean(values))


@in_help
def multiclass_auc(
    scores: Any,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "hand_till",
    average: str = "macro",
    levels: Sequence | None = None,
    direction: Direction = "<",
    fpr_range: tuple[float, float] | None = None,
    tpr_range: tuple[float, float] | None = None,
    correct: bool = False,
) -> float:
    """The weighted AUC of more than two classes: Hand and Till's, or one-vs-rest.

    Parameters
    ----------
    scores : 2-D array, DataFrame, or 1-D array
        One column per class: a 2-D array whose columns are in `levels`
        order, or a frame (pandas, polars, PyArrow) whose columns are named
        by class, in any order.  A 1-D score (one number per observation)
        gives pROC's univariate ``multiclass.roc(response, predictor)``.
    label : array-like
        Each observation's class: numbers, strings, booleans or a
        Categorical; NA is an error.
    weight : array-like, optional
        Positive observation weights (unit weights by default), as for
        `WeightedROC`.  Every binary AUC is the weighted AUC of its rows.
    method : {"hand_till", "ovr"}
        ``"hand_till"`` (default): Hand and Till's M, the mean over pairs
        of classes (i, j) of (A(i|j) + A(j|i)) / 2, where A(i|j) is the
        AUC of column i with class i positive against class j (pROC's
        ``multiclass.roc(response, matrix)``, scikit-learn's
        ``multi_class="ovo"``).  ``"ovr"``: the AUC of column k with class
        k positive against all other classes, averaged over k
        (scikit-learn's ``multi_class="ovr"``).  1-D scores take the
        default only.
    average : {"macro", "weighted"}
        ``"macro"``: the plain mean over pairs (or classes).
        ``"weighted"``: weighted by prevalence, as scikit-learn's: a pair
        by the share of observations in its two classes, a class (ovr) by
        its share.  With weights, prevalence is the weighted prevalence:
        the classes' total weights.
    levels : list, optional
        The classes, in the order of the columns of a 2-D array (and of the
        pairs, whose later level is positive for a 1-D score); by default
        a Categorical's categories, else the sorted distinct labels.
        Observations of other classes are left out, and a level without
        observations is left out with a warning (as pROC).
    direction : {"<", ">"}
        ``"<"`` (default): a higher score means more likely the class (the
        later level of a pair, for a 1-D score).  ``">"``: lower scores
        mean the class.  Never guessed from the data (pROC's
        ``direction="auto"`` is not offered).  For a 2-D score, ``"<"`` is
        pROC's default for a matrix, which pROC spells ``">"`` because its
        pairwise curve of column i takes class i as the control level.
    fpr_range, tpr_range : (float, float), optional
        A partial area: each binary AUC is `partial_auc` of its curve over
        this range of FPR or TPR, and they are combined as the full ones
        (pROC's ``multiclass.roc(..., partial.auc =)``).  For a 1-D score,
        pROC's ``partial.auc = c(1 - lo, 1 - hi)`` (focus "specificity") is
        ``fpr_range=(lo, hi)`` and its focus "sensitivity" is `tpr_range`.
        For a score matrix pROC's pairwise curve of column i takes class i
        as its control, so its specificity is this curve's TPR: pROC's
        ``partial.auc = c(1, .9)`` (focus "specificity") is
        ``tpr_range=(0.9, 1)`` here, and its focus "sensitivity" is
        `fpr_range`.
    correct : bool, default False
        McClish's standardisation of each binary partial area (pROC's
        ``partial.auc.correct``); it warns for a pair below the diagonal
        (where pROC gives NA).

    Returns
    -------
    float
        The multiclass AUC, between 0 and 1 (a partial area: between 0
        and the range's width).

    Raises
    ------
    ValueError
        If a class of `label` has no column in a frame of scores, a 2-D
        array's columns do not match the classes, scores are NaN or not
        1-D or 2-D, or fewer than 2 classes have observations.

    See Also
    --------
    multiclass_roc : the curves of the pairs or of one-vs-rest.
    multiclass_auc_ci : its confidence interval and variance.

    Notes
    -----
    Each pairwise AUC A(i|j) equals, bit for bit,
    ``auc_score(scores[rows, i], label[rows] == i, weight[rows])`` of the
    rows of classes i and j: each column is sorted once over all rows.
    With integer weights the result equals the unweighted one (pROC's)
    on the rows repeated.

    Examples
    --------
    >>> from weightedroc import multiclass_auc
    >>> scores = [[.6, .3, .1], [.2, .6, .2], [.3, .3, .4],
    ...           [.5, .3, .2], [.1, .5, .4], [.4, .4, .2]]
    >>> label = ["a", "b", "c", "b", "c", "a"]
    >>> round(multiclass_auc(scores, label), 6)  # scikit-learn's ovo AUC
    0.833333
    >>> weight = [1, 2, 1, 1, 3, 1]  # scikit-learn's ovr with sample_weight
    >>> round(multiclass_auc(scores, label, weight, method="ovr"), 6)
    0.883598
    """
    _check_choice(method, "method", METHODS)
    _check_choice(average, "average", AVERAGES)
    data = multiclass_data(scores, label, weight, levels=levels, direction=direction)
    if data.univariate and method != "hand_till":
        raise ValueError(
            "a 1-D score gives the mean of the pairwise AUCs (pROC's univariate "
            "multiclass.roc); method='ovr' needs one score column per class"
        )
    if fpr_range is not None and tpr_range is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    limits = None
    for name, given in (("fpr_range", fpr_range), ("tpr_range", tpr_range)):
        if given is not None:
            limits = (name, check_range(given, name))
    if correct and limits is None:
        raise ValueError("correct=True standardises a partial area: give fpr_range or tpr_range")
    curves = problems(data, method)
    if limits is None:
        aucs = binary_aucs(data, curves)
    else:
        aucs = partial_aucs(data, curves, limits, correct)
    return combine(data, method, average, aucs)


@in_help
def multiclass_roc(
    scores: Any,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "hand_till",
    levels: Sequence | None = None,
    direction: Direction = "<",
) -> pd.DataFrame:
    """The ROC curves behind `multiclass_auc`, stacked in one tidy frame.

    Parameters
    ----------
    scores, label, weight, method, levels, direction
        As for `multiclass_auc`.

    Returns
    -------
    DataFrame
        Columns ``positive, negative`` naming each curve (Categoricals in
        `levels` order), then ``TPR, FPR, threshold, FN, FP`` as
        `WeightedROC`'s.  ``"hand_till"``: two curves per pair of classes,
        in pROC's order: (positive i, negative j) is `WeightedROC` of
        column i over the rows of classes i and j with class i positive,
        then (j, i) of column j.  ``"ovr"``: one curve per class,
        ``negative == "rest"``.  A 1-D score: one curve per pair (a, b),
        the later level b positive.  Each curve's rows are exactly
        `WeightedROC`'s of its rows.

    See Also
    --------
    weightedroc.plots.multiclass_roc_plot : draws this frame.

    Examples
    --------
    >>> from weightedroc import multiclass_roc
    >>> scores = [[.6, .3, .1], [.2, .6, .2], [.3, .3, .4],
    ...           [.5, .3, .2], [.1, .5, .4], [.4, .4, .2]]
    >>> curves = multiclass_roc(scores, ["a", "b", "c", "b", "c", "a"])
    >>> curves.groupby(["positive", "negative"], observed=True).size().to_dict()
    {('a', 'b'): 5, ('a', 'c'): 5, ('b', 'a'): 4, ('b', 'c'): 4, ('c', 'a'): 4, ('c', 'b'): 3}
    >>> curves.iloc[:5]  # column a among classes a and b: WeightedROC's rows
      positive negative  TPR  FPR  threshold   FN   FP
    0        a        b  1.0  1.0        0.2  0.0  2.0
    1        a        b  1.0  0.5        0.4  0.0  1.0
    2        a        b  0.5  0.5        0.5  1.0  1.0
    3        a        b  0.5  0.0        0.6  1.0  0.0
    4        a        b  0.0  0.0        inf  2.0  0.0
    """
    _check_choice(method, "method", METHODS)
    data = multiclass_data(scores, label, weight, levels=levels, direction=direction)
    if data.univariate and method != "hand_till":
        raise ValueError("method='ovr' needs one score column per class")
    negatives = data.levels + ([REST] if method == "ovr" and not data.univariate else [])
    wanted = problems(data, method)
    blocks = {}
    for curve, counts in counts_of(data, wanted):
        columns = curve_columns(counts)
        if data.flipped:  # thresholds on the user's scale
            np.negative(columns[2], out=columns[2])
        blocks[curve] = columns
    block = np.concatenate([blocks[curve] for curve in wanted], axis=1)
    sizes = [blocks[curve].shape[1] for curve in wanted]
    positive = np.repeat([curve.positive for curve in wanted], sizes)
    negative = np.repeat(
        [len(data.levels) if c.negative is None else c.negative for c in wanted], sizes
    )
    frame = pd.DataFrame(block.T, columns=COLUMNS, copy=False)
    frame.insert(0, "positive", pd.Categorical.from_codes(positive, pd.Index(data.levels)))
    frame.insert(1, "negative", pd.Categorical.from_codes(negative, pd.Index(negatives)))
    return frame
