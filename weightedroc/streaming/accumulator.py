"""RocAccumulator: a mergeable ROC state, exact within a budget of scores."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..curves.auc import counts_area
from ..curves.pr import _precision_recall
from ..curves.roc import curve_frame
from ..engine.core import OVERFLOW, Cumulated, FromTop
from ..engine.validation import check_direction, check_guess, check_weight, to_array
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from ..utils.warn import warn
from . import bins as _bins
from .classes import batch_classes, positive_class, union
from .serial import dumps, loads

ROUNDING = 2.0**-50  # per bin: the rounding of auc()'s sums, with room


def check_budget(max_scores):
    """None (unlimited) or an int >= 2."""
    if max_scores is None:
        return None
    if isinstance(max_scores, (bool, np.bool_)) or not isinstance(max_scores, (int, np.integer)):
        raise TypeError(f"max_scores must be an int or None (unlimited), got {max_scores!r}")
    if max_scores < 2:
        raise ValueError(f"max_scores must be at least 2, or None (unlimited), got {max_scores}")
    return int(max_scores)


def _reindexed(bins, old, new):
    """`bins` of classes `old` with their rows in the order of classes `new`."""
    if old is None or new.values.index(old.values[0]) == 0:
        return bins  # the same order (a second value can only come after)
    return bins._replace(weight=bins.weight[::-1].copy(), known=bins.known[::-1].copy())


def _check_totals(bins):
    with np.errstate(over="ignore"):
        if not np.isfinite(bins.weight.sum(axis=1)).all():
            raise ValueError(OVERFLOW)


EMPTY = "the state is empty: update() it with data (both classes) before asking for a curve"


class _Bound(float):
    """`error_bound` / `bin_bound` read the old way, as a property: the
    number, with a FutureWarning when it is used; calling it (the new
    spelling) gives the plain float."""

    def __new__(cls, value, name):
        bound = super().__new__(cls, value)
        bound._name = name
        return bound

    __hash__ = float.__hash__

    def __call__(self):
        return float.__float__(self)


def _warned(name):
    method = getattr(float, name)

    def call(self, *args):
        warn(
            f"RocAccumulator.{self._name} is a method since 1.3: call "
            f"state.{self._name}() (the property spelling is deprecated and "
            "will be removed in 2.0)",
            FutureWarning,
        )
        return method(self, *args)

    call.__name__ = name
    return call


for _name in (
    "__repr__", "__str__", "__float__", "__int__", "__bool__",
    "__abs__", "__neg__", "__round__", "__format__",
    "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__",
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
    "__truediv__", "__rtruediv__", "__pow__", "__rpow__",
):  # fmt: skip
    setattr(_Bound, _name, _warned(_name))


class _BoundAccessor:
    """A method that, read without a call, still gives the number (with a
    FutureWarning when used)."""

    def __init__(self, function):
        self.function = function
        self.__doc__ = function.__doc__
        self.__name__ = function.__name__

    def __get__(self, state, owner=None):
        if state is None:
            return self.function
        return _Bound(self.function(state), self.__name__)


def _same_plan(a, b):
    return (a is None and b is None) or (a is not None and b is not None and np.array_equal(a, b))


def _smaller(a, b):
    return b if a is None else a if b is None else min(a, b)


@in_help
class RocAccumulator:
    """A ROC state updated batch by batch and merged in any order.

    It holds each distinct score with the total weight of each class.
    While there are at most `max_scores` distinct scores, `roc` is the
    curve `WeightedROC` gives on all the data seen (bit for bit with
    integer weights, whose sums are exact below 2**53; otherwise each
    count differs from R's by the rounding of the per-score sums, at most
    n * 2**-53 times the class total for n observations) and
    `error_bound` is 0.  Beyond it, adjacent scores share bins of an
    aligned dyadic grid (`weightedroc.streaming.bins`), fine where the
    pair weight is, and `error_bound` certifies the AUC.

    Parameters
    ----------
    max_scores : int, optional
        The budget: at most this many distinct scores (or bins) are kept.
        None (the default) keeps every distinct score: exact, with memory
        growing with the distinct scores.
    positive, direction : keyword-only
        As for `WeightedROC`: the label value that is the event, and
        whether lower guesses mean positive.
    cuts : array of float, keyword-only, optional
        A shared cut plan (`cut_plan` of a first pass; strictly increasing
        scores): the state keeps one bin per interval between cuts (bin
        ``j`` holds the scores with ``j`` cuts at or below them), instead
        of a budget (give one or the other).  States merge only with states
        of the same plan.

    Notes
    -----
    The interface is torcheval's (update, merge, compute) with this
    package's names: `update` per batch, `merge` (or ``+``) across
    workers (``sum(states)`` too), then the methods `roc`, `auc`, `pr`,
    `error_bound` and `bin_bound` (which compute from the state; `n`,
    `n_scores` and `exact` are attributes that describe it); `reset` to
    start again.  A batch may hold
    one class only; the label encoding is decided on all the values seen
    (numbers {1} fit {0, 1} and {1, 2} alike) when a curve is asked for.
    A rejected batch (any error `WeightedROC` would give) leaves the
    state unchanged.  States pickle, and `to_bytes` / `from_bytes` carry
    them between processes (plain numpy bytes, or Arrow IPC).

    What merging guarantees (sums bit for bit with integer weights, to
    their rounding otherwise):

    - Within the budget (every score kept): the merged state is that of
      all the data, whatever the order and grouping of the merges.
    - Beyond it: commutative (``a + b`` is ``b + a``).  Associative while
      the states' bins fit the merged budget together (their `n_scores`
      sum to at most `max_scores`): no merge cuts, and every grouping
      gives the union of the bins at the coarser resolution, so the same
      `roc`, `pr` and `bin_bound`; `auc` and `error_bound` may differ,
      since which pairs' order is known depends on the grouping.
      Otherwise a merge cuts, and groupings that cut different unions can
      give different bins.  Every grouping keeps the number of rows and
      each class's total, at most `max_scores` bins of the one grid, exact
      curve rows and a certified `error_bound`, so the AUCs of two
      groupings differ by at most the sum of their bounds.

    The budget cut reads each node's pair weight from its ancestor a few
    levels up (`weightedroc.streaming.bins.pair_weight`), so states of one
    distribution cut alike: 64 partitions of a random split, merged, keep
    a `bin_bound` within 2x that of one state over all the data at the
    same budget from about 8 rows per bin per partition (1.24-1.34x at
    15; at 3, 1.34-1.8x with a budget of 1000 but up to 4.4x with 100:
    ``benchmarks/results/streaming_accuracy.md``).

    Each partition cutting its own bins, merges in a random tree lose
    resolution where partitions cut differently: with heavy-tailed weights,
    1.6-2.0x on uniform and log-odds scores and 3.3-4.9x on rare-event
    scores (beta(0.5, 50)).  A shared cut plan keeps the bins aligned:
    ``cuts=`` (from `cut_plan` of a first pass over a sample of about 50
    rows per bin) bins every state's scores on the same cuts, so merging
    only adds (associative: any tree gives the bins of all the data), at
    1.02-1.23x of one budgeted state over all the data
    (``benchmarks/results/streaming_merge.md``).

    Examples
    --------
    >>> from weightedroc import RocAccumulator, auc_score
    >>> state = RocAccumulator()
    >>> state = state.update([1, 2, 3], [-1, -1, 1], [1, 1, 1])
    >>> other = RocAccumulator().update([1, 1], [1, 1], [4, 5])  # one class: fine
    >>> both = state + other
    >>> both.auc() == auc_score([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    True
    >>> both.error_bound()
    0.0
    >>> sum([state, other]).auc() == both.auc()  # states add, from 0
    True
    """

    _cuts = None  # states pickled before cut plans

    def __init__(
        self,
        max_scores: int | None = None,
        *,
        positive: LabelValue = None,
        direction: Direction = "<",
        cuts: ArrayLike | None = None,
    ):
        self.positive = positive
        self.direction = check_direction(direction)
        self._cuts = _bins.check_cuts(cuts, self.direction)
        if self._cuts is not None:
            if max_scores is not None:
                raise ValueError(
                    "give max_scores or cuts, not both: a cut plan of k cuts keeps k + 1 bins"
                )
            max_scores = len(self._cuts) + 1
        self.max_scores = check_budget(max_scores)
        self.n = 0
        self._classes = None
        self._bins = _bins.empty()

    def update(
        self, guess: ArrayLike, label: ArrayLike, weight: ArrayLike | None = None
    ) -> RocAccumulator:
        """Add a batch of observations; returns the state itself.

        Takes `WeightedROC`'s inputs (lists, numpy, pandas, polars, Arrow)
        and raises its errors, except that a batch may hold one class (or
        be empty).  On an error the state is unchanged.
        """
        guess_array = to_array(guess, "guess")
        if len(guess_array) == 0 and len(to_array(label, "label")) == 0:
            if weight is None or len(to_array(weight, "weight")) == 0:
                return self
        batch = batch_classes(label, len(guess_array))
        values = check_guess(guess_array, len(guess_array))
        weights = check_weight(weight, len(values))
        classes, where = union(self._classes, batch.classes, self.positive)
        if self.direction == ">":
            values = np.negative(values)
        new = _bins.from_batch(values, where[batch.rows], weights)
        if self._cuts is not None:
            new = _bins.on_plan(new, self._cuts)
        joined = _bins.join(_reindexed(self._bins, self._classes, classes), new)
        _check_totals(joined)
        self._bins = _bins.compress(joined, self.max_scores)
        self._classes = classes
        self.n += len(values)
        return self

    def reset(self) -> RocAccumulator:
        """Forget the data seen (the settings stay); returns the state."""
        self.n, self._classes, self._bins = 0, None, _bins.empty()
        return self

    def merge(self, *others: RocAccumulator) -> RocAccumulator:
        """A new state holding this one's data and the `others`' (none of
        them changes): the union of their bins at the coarser resolution,
        cut again if it exceeds the smallest budget.  Commutative;
        associative within the budget and while the states' bins fit it
        together, not beyond (see the class's notes).

        States that each cut their own `max_scores` bins merge at the
        coarser of their overlapping bins, and a merge cannot split a bin
        again (its rows are gone): across many partitions the merged
        `bin_bound` grows to about 2x one state's over all the data (more
        on rare-event scores).  To merge budgeted states, build them with
        one shared cut plan (``cuts=``, from `cut_plan` of a first pass
        over a sample): their bins align and merging only adds."""
        classes, budget, parts = self._classes, self.max_scores, [self]
        for other in others:
            if not isinstance(other, RocAccumulator):
                raise TypeError(f"can only merge RocAccumulator states, got {type(other).__name__}")
            for name in ("positive", "direction"):
                if getattr(other, name) != getattr(self, name):
                    raise ValueError(
                        f"cannot merge states with different {name}: "
                        f"{getattr(self, name)!r} and {getattr(other, name)!r}"
                    )
            if not _same_plan(self._cuts, other._cuts):
                raise ValueError(
                    "cannot merge states with different cut plans: give every "
                    "partition's state the same cuts= (or none)"
                )
            if other._classes is not None:
                classes = union(classes, other._classes, self.positive)[0]
            budget = _smaller(budget, other.max_scores)
            parts.append(other)
        joined = _bins.join(*(_reindexed(part._bins, part._classes, classes) for part in parts))
        _check_totals(joined)
        merged = RocAccumulator(budget, positive=self.positive, direction=self.direction)
        merged._cuts = self._cuts
        merged._bins = _bins.compress(joined, budget)
        merged._classes, merged.n = classes, sum(part.n for part in parts)
        return merged

    def __add__(self, other: RocAccumulator) -> RocAccumulator:
        if not isinstance(other, RocAccumulator):
            return NotImplemented
        return self.merge(other)

    def __radd__(self, other: object) -> RocAccumulator:
        """``0 + state``: a copy of the state, so ``sum(states)`` merges them."""
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self.merge()
        return NotImplemented

    def _class_weights(self):
        """(positive, negative) weight of each bin."""
        if self.n == 0:
            raise ValueError(EMPTY)
        first = positive_class(self._classes, self.positive)
        return self._bins.weight[first], self._bins.weight[1 - first]

    def _counts(self):
        positive, negative = self._class_weights()
        sums = []
        for weights in (positive, negative):
            running = np.zeros(len(weights) + 1, dtype=np.longdouble)
            np.cumsum(weights.astype(np.longdouble), out=running[1:])
            sums.append(running.astype(np.float64))
        if not (np.isfinite(sums[0][-1]) and np.isfinite(sums[1][-1])):
            raise ValueError(OVERFLOW)
        threshold = np.append(self._bins.lo, np.inf)
        if self.direction == ">":
            threshold = np.negative(threshold)
        return Cumulated(threshold, sums[0], sums[1], float(sums[0][-1]), float(sums[1][-1]))

    def roc(self) -> pd.DataFrame:
        """The `WeightedROC` frame of the data seen (bins: one row at the
        smallest score of each; those rows are exact)."""
        return curve_frame(self._counts())

    def auc(self) -> float:
        """The AUC: `auc_score` of the data seen, bit for bit within the
        budget (integer weights).  Beyond it, the pairs across bins and the
        pairs of known order inside them are counted, and the unknown ones
        as half: within `error_bound` of the exact AUC (and closer than the
        trapezoids of `roc`'s rows)."""
        if self.exact:
            return counts_area(self._counts())
        first = positive_class(self._classes, self.positive)
        positive, negative = self._class_weights()
        total_pos, total_neg = positive.sum(), negative.sum()
        below = np.cumsum(negative.astype(np.longdouble)) - negative  # negatives in lower bins
        across = np.dot(positive / total_pos, below / total_neg)
        known = self._bins.known[1 - first] / total_pos / total_neg
        inside = known + _bins.unknown_pairs(self._bins) / total_pos / total_neg / 2
        return float(across + inside.astype(np.longdouble).sum())

    def pr(self) -> pd.DataFrame:
        """The `weighted_pr` frame (threshold, precision, recall, TP, FP)."""
        counts = self._counts()
        positive, negative = self._class_weights()
        TP, FP = (
            np.append(np.cumsum(w[::-1].astype(np.longdouble))[::-1], np.longdouble(0))
            for w in (positive, negative)
        )
        precision, recall = _precision_recall(FromTop(counts, TP, FP))
        return pd.DataFrame(
            {
                "threshold": counts.threshold,
                "precision": precision.astype(np.float64),
                "recall": recall.astype(np.float64),
                "TP": TP.astype(np.float64),
                "FP": counts.FP,
            }
        )

    @_BoundAccessor
    def error_bound(self) -> float:
        """Certified bound on |auc() - the exact AUC|: half the weight of
        the pairs in one bin whose order is unknown, over W+ W- (0 while
        every score is kept).  Beyond the budget it adds 2**-50 per bin for
        the rounding of `auc`'s sums; it is at most `bin_bound` plus that."""
        if self.exact:
            return 0.0
        unknown = _bins.unknown_pairs(self._bins)
        positive, negative = self._class_weights()
        rounding = ROUNDING * len(unknown)  # of auc()'s sums, beyond the budget
        return float(unknown.sum() / positive.sum() / negative.sum() / 2 + rounding)

    @_BoundAccessor
    def bin_bound(self) -> float:
        """Half the pair weight of the bins of several scores, over W+ W-:
        the bound of the bins alone (``1/2 sum_b W+_b W-_b / (W+ W-)``),
        which certifies the trapezoid area of `roc`'s rows as well."""
        several = self._bins.hi > self._bins.lo
        if not several.any():
            return 0.0
        positive, negative = self._class_weights()
        pairs = np.dot(positive[several] / positive.sum(), negative[several] / negative.sum())
        return float(pairs / 2)

    def cut_plan(self) -> np.ndarray:
        """The scores where this state's bins begin (but the first): a cut
        plan for ``RocAccumulator(cuts=...)``, whose bins then align across
        partitions (see the class's notes).

        Examples
        --------
        >>> first = RocAccumulator(2).update([0.1, 0.2, 0.7, 0.8], [0, 1, 0, 1])
        >>> plan = first.cut_plan()
        >>> plan
        array([0.2])
        >>> a = RocAccumulator(cuts=plan).update([0.1, 0.9], [0, 1])
        >>> b = RocAccumulator(cuts=plan).update([0.3, 0.75], [1, 0])
        >>> (a + b).n_scores, (a + b).cut_plan()
        (2, array([0.2]))
        """
        if self._cuts is not None:
            cuts = self._cuts
        else:
            cuts = self._bins.lo[1:]
        return np.sort(-cuts) if self.direction == ">" else cuts.copy()

    @property
    def n_scores(self) -> int:
        """The number of distinct scores (or bins) held."""
        return len(self._bins.start)

    @property
    def exact(self) -> bool:
        """Whether every distinct score is kept (so `error_bound` is 0)."""
        return bool((self._bins.hi == self._bins.lo).all())

    def __repr__(self):
        return (
            f"RocAccumulator(n={self.n}, scores={self.n_scores}, max_scores={self.max_scores}, "
            f"exact={self.exact})"
        )

    def to_bytes(self, format: str = "numpy") -> bytes:
        """The state as bytes: ``"numpy"`` (numpy's npz, no extra
        dependency) or ``"arrow"`` (an Arrow IPC stream, needs pyarrow).
        `from_bytes` reads either."""
        return dumps(self, format)

    @classmethod
    def from_bytes(cls, data: bytes) -> RocAccumulator:
        """The state `to_bytes` wrote."""
        return loads(cls, data)
