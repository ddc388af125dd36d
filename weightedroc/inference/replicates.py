"""Stratified bootstrap replicates of a weighted ROC curve.

The observations are sorted and grouped by guess once, by the one cumulated
pass (`weightedroc.engine.core.cumulate`).  A replicate only changes how many
times each observation counts, so its curve is read from the weight that
falls in each group of tied guesses, with no new sort: ``P[b, g]`` and
``N[b, g]`` are the positive and negative weight of replicate ``b`` in
group ``g`` (groups by ascending guess).

Positives and negatives are drawn apart by default (pROC's
``boot.stratified = TRUE``): each replicate draws as many positives as there
are from the positives, and as many negatives from the negatives.  With
``stratified=False`` (pROC's ``boot.stratified = FALSE``) each replicate
draws as many observations as there are from all of them, so the classes'
sizes vary; a replicate that draws no positive or no negative has no curve:
its values are NaN, and the functions drop them with pROC's warning
("N NA value(s) produced during bootstrap were ignored.").  What is drawn
depends on what the weights mean (``weights_are``):

``"importance"`` (default)
    An observation is drawn with its weight (a sampling weight, a cost):
    replicates resample the rows.
``"frequency"``
    Integer weights count identical rows: the replicates resample the
    expanded rows (as many draws as the weights' total per class), exactly
    as if the data had been given one row per unit.
"""

from dataclasses import dataclass

import numpy as np

from ..curves.areas import mcclish, range_areas
from ..engine.core import cumulate_sorted, stable_order, unit_scaled
from ..engine.tally import replicate_areas
from ..utils.warn import warn
from .checks import check_frequency, prepared

# Replicates are computed in batches of about this many (replicate, row) cells.
CELLS = 1 << 21


@dataclass
class Sample:
    """One curve's data, grouped once, and the pools replicates draw from."""

    guess: np.ndarray  # checked; negated for direction ">"
    positive: np.ndarray  # boolean
    weight: np.ndarray | None
    counts: object  # the `Cumulated` of the data
    group: np.ndarray  # group (index of the distinct guess) of each row
    pools: tuple  # ((group, weight) of positives, same of negatives)
    stratified: bool = True  # draw the classes apart (else all rows together)
    scale: float = 1.0  # the pools' weights times this are the given weights
    ordered: object = None  # the one `stable_order` of (guess, positive, weight)

    @property
    def n_groups(self):
        return len(self.counts.threshold) - 1

    @property
    def distinct(self):
        """The distinct (checked) guesses, ascending."""
        return self.counts.threshold[:-1]


def prepare(
    guess,
    label,
    weight=None,
    positive=None,
    direction="<",
    weights_are="importance",
    stratified=True,
):
    """Check the inputs and group them: a `Sample` (drawn by class when
    `stratified`, else from all rows together)."""
    check_stratified(stratified)
    guess, label, weight = prepared(guess, label, weight, positive, direction, weights_are)
    return sample_of(guess, label, weight, weights_are, stratified)


def sample_of(guess, label, weight, weights_are="importance", stratified=True, ordered=None):
    """The `Sample` of prepared data (`prepared`): `prepare` without its
    checks; `ordered`, their `stable_order` when the caller has it."""
    frequency = check_frequency(weight, weights_are)
    if ordered is None:
        ordered = stable_order(guess, label, weight)  # the one sort: counts and design readings
    counts = cumulate_sorted(ordered.guess, ordered.tag, ordered.weight)
    group = np.searchsorted(counts.threshold[:-1], guess)
    pools = []
    for rows in (np.flatnonzero(label), np.flatnonzero(~label)):
        if frequency is not None:
            expanded = np.repeat(group[rows], frequency[rows])
            pools.append((expanded, np.ones(len(expanded))))
        else:
            # A power-of-two scale keeps the replicate sums in range, exactly,
            # so the results are the same for weights times 2**k.
            scaled = (
                np.ones(len(rows))
                if weight is None
                else unit_scaled(weight[rows], total=counts.total_pos + counts.total_neg)
            )
            pools.append((group[rows], scaled))
    scale = 1.0
    if frequency is None and weight is not None:
        scale = float(np.ldexp(1.0, np.frexp(counts.total_pos + counts.total_neg)[1]))
    return Sample(
        guess, label, weight, counts, group, tuple(pools), bool(stratified), scale, ordered
    )


def samples(request):
    """The `Sample` of each curve of a `weightedroc.inference.request.Request`,
    from its one sort."""
    return [
        sample_of(*c.data, request.weights_are, request.stratified, c.ordered)
        for c in request.curves
    ]


def check_stratified(stratified):
    """pROC's ``boot.stratified``: True or False."""
    if not isinstance(stratified, (bool, np.bool_)):
        raise TypeError(f"stratified must be True or False, got {stratified!r}")
    return bool(stratified)


def pool_size(sample):
    """Rows (or expanded rows) a replicate draws."""
    return sum(len(g) for g, _ in sample.pools)


def draw(rng, sample, size):
    """Stratified: indices into the positive pool, then into the negative
    pool, (size, n) each.  Unstratified: one (size, n) array of indices into
    both pools end to end (positives first)."""
    if not sample.stratified:
        n = pool_size(sample)
        return [rng.integers(0, n, (size, n))]
    return [rng.integers(0, len(g), (size, len(g))) for g, _ in sample.pools]


def batches(n_boot, n_rows):
    """(start, size) of the batches of replicates."""
    batch = max(1, CELLS // max(1, n_rows))
    return [(start, min(batch, n_boot - start)) for start in range(0, n_boot, batch)]


def group_weights(group, weight, draws, n_groups):
    """(replicates, groups) sums of the weights drawn in each group."""
    rows = np.arange(len(draws))[:, None] * n_groups
    flat = (group[draws] + rows).ravel()
    sums = np.bincount(flat, weights=weight[draws].ravel(), minlength=len(draws) * n_groups)
    return sums.reshape(len(draws), n_groups)


def class_weights(sample, draws):
    """(P, N): the replicates' positive and negative weight per group."""
    if len(draws) == 1:  # unstratified: negatives' groups after the positives'
        (gp, wp), (gn, wn) = sample.pools
        group = np.concatenate((gp, gn + sample.n_groups))
        both = group_weights(group, np.concatenate((wp, wn)), draws[0], 2 * sample.n_groups)
        return both[:, : sample.n_groups], both[:, sample.n_groups :]
    return tuple(group_weights(g, w, d, sample.n_groups) for (g, w), d in zip(sample.pools, draws))


def warn_na(count):
    """pROC's warning for `count` replicates dropped (none: no warning)."""
    if count:
        warn(f"{int(count)} NA value(s) produced during bootstrap were ignored.", UserWarning)


def without_na(replicates):
    """The replicates (values, or rows of values) with no NaN, warning as pROC
    how many were dropped: an unstratified replicate without a class."""
    bad = np.isnan(replicates)
    if replicates.ndim > 1:
        bad = bad.reshape(len(replicates), -1).any(axis=1)
    warn_na(bad.sum())
    return replicates[~bad]


def se_sp_rows(P, N):
    """pROC's (sensitivities, specificities) of each replicate, by ascending
    threshold: column k classifies groups k.. as positive (k = 0: all, the
    last column: none), so sensitivity falls from 1 to 0 and specificity
    rises from 0 to 1.  Both are counts over totals (TP / W1, TN / W-1), as
    pROC computes them, so integer counts give R's very numbers."""
    zero = np.zeros((len(P), 1))
    TP = np.concatenate((np.cumsum(P[:, ::-1], axis=1)[:, ::-1], zero), axis=1)
    TN = np.concatenate((zero, np.cumsum(N, axis=1)), axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):  # NaN without a class
        return TP / TP[:, :1], TN / TN[:, -1:]


def partial_rows(P, N, fpr_range=None, tpr_range=None, correct=False):
    """`weightedroc.partial_auc` of each replicate's curve (no NA for an
    invalid McClish correction: pROC's bootstrap allows it too)."""
    if fpr_range is None and tpr_range is None:
        area, lo, hi, diagonal = replicate_areas(P, N), 0.0, 1.0, 0.5
    else:
        se, sp = se_sp_rows(P, N)
        tpr, fpr = se[:, ::-1], 1 - sp[:, ::-1]  # from (0, 0) to (1, 1)
        area, diagonal = range_areas(fpr, tpr, fpr_range, tpr_range)
        lo, hi = fpr_range if tpr_range is None else tpr_range
    return mcclish(area, diagonal, lo, hi) if correct else area


def se_at_sp(se, sp, value):
    """pROC's coords(input = "specificity", ret = "sensitivity") per row:
    the first point with exactly that specificity (the highest sensitivity
    of a vertical step), else linear interpolation between the points
    around it."""
    first = (sp < value).sum(axis=1)[:, None]
    sp_k, se_k = np.take_along_axis(sp, first, 1)[:, 0], np.take_along_axis(se, first, 1)[:, 0]
    before = np.maximum(first - 1, 0)
    sp_b, se_b = np.take_along_axis(sp, before, 1)[:, 0], np.take_along_axis(se, before, 1)[:, 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        proportion = (value - sp_k) / (sp_b - sp_k)
        return np.where(sp_k == value, se_k, se_k + proportion * (se_b - se_k))


def sp_at_se(se, sp, value):
    """pROC's coords(input = "sensitivity", ret = "specificity") per row:
    the last point with exactly that sensitivity (the highest specificity
    of a horizontal step), else linear interpolation."""
    last = ((se >= value).sum(axis=1) - 1)[:, None]
    se_k, sp_k = np.take_along_axis(se, last, 1)[:, 0], np.take_along_axis(sp, last, 1)[:, 0]
    nxt = np.minimum(last + 1, se.shape[1] - 1)
    se_n, sp_n = np.take_along_axis(se, nxt, 1)[:, 0], np.take_along_axis(sp, nxt, 1)[:, 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        proportion = (value - se_n) / (se_k - se_n)
        return np.where(se_k == value, sp_k, sp_n + proportion * (sp_k - sp_n))


def curve_rows(sample) -> tuple[np.ndarray, np.ndarray]:
    """(se, sp) rows of the data's own curve (one replicate: every row once)."""
    (gp, wp), (gn, wn) = sample.pools
    P = np.bincount(gp, weights=wp, minlength=sample.n_groups)[None]
    N = np.bincount(gn, weights=wn, minlength=sample.n_groups)[None]
    return se_sp_rows(P, N)


def replicate_values(rng, samples, n_boot, read, paired=True):
    """``read((P, N) of each sample)`` stacked over `n_boot` replicates,
    drawn in batches; `paired` samples (the same observations) share each
    replicate's draws, others are drawn each on its own."""
    rows = sum(pool_size(s) for s in samples)
    out = []
    for _, size in batches(n_boot, rows):
        draws, weights = None, []
        for sample in samples:
            if draws is None or not paired:
                draws = draw(rng, sample, size)
            weights.append(class_weights(sample, draws))
        out.append(read(*weights))
    return np.concatenate(out)
