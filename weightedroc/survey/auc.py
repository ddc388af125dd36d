"""The weighted AUC's influence values and replicate AUCs, from one sort.

Inputs are validated: float guesses (higher: more positive), boolean
labels, positive float sampling weights.  With V_k the placement value of
row k (the weight of the other class below a positive, or above a
negative, half the ties, over that class's total), the AUC is
A = sum_i w_i V_i / W1, and its linearization (the influence value, as a
total) is

    z_i = w_i (V_i - A) / W1 (positives),   z_j = w_j (V_j - A) / W0 (negatives),

whose design-based variance (`weightedroc.survey.variance.svyrecvar`) is
the linearization variance of A.  Replicate AUCs reuse the one sorted
order: each chunk of replicate weight columns is summed within groups of
tied guesses and cumulated, so a replicate costs O(n), never a resort; a
zero replicate weight removes its row.

Replicates that multiply the sampling weights by one factor per PSU (all
that `SurveyDesign.replicates` makes) need less: with T_ab the weighted
count of (positive in PSU a, negative in PSU b) pairs ordered correctly
(ties half), a replicate with factors c has the AUC
c'Tc / ((c'W1)(c'W0)), W1 and W0 the PSUs' class weights.  T costs one
sorted pass of O(n x PSUs); each replicate then costs O(PSUs^2), whatever
the number of rows.
"""

import numpy as np

from ..curves.areas import mcclish, range_areas
from ..engine.core import stable_order, unit_scaled
from ..engine.tally import area, group_ends, replicate_areas, row_placements, tally
from .weights import ReplicateWeights

CHUNK = 16  # replicate columns cumulated at a time (memory: rows x CHUNK)
TOLERANCE = 1e-12  # the fast replicate AUCs' relative error bound
U = 2.0**-53  # unit roundoff of double
BLOCK = 256  # terms summed in double before long double takes over
U_LONG = float(np.finfo(np.longdouble).eps) / 2  # of long double (2**-64 on x86-64)


def sorted_groups(guess, label, weight, ordered=None):
    """Order, sorted labels and weights, and the start of each run of tied guesses."""
    if ordered is None:
        ordered = stable_order(guess, label, weight)
    order, sorted_guess, pos, w = ordered
    return order, pos, w, np.r_[0, group_ends(sorted_guess)[:-1] + 1]


def influence(guess, label, weight, ordered=None):
    """(AUC, z): the AUC (`auc_score`'s bits) and each row's influence value
    (in the rows' order); `ordered`, the inputs' `stable_order` if at hand."""
    t = tally(guess, label, weight, ordered)
    W1, W0 = t.totals
    value, _ = row_placements(t)
    auc = area(t)
    w = np.ones(len(value)) if t.weight is None else t.weight
    z_sorted = w * (value - auc) / np.where(t.positive, W1, W0)
    z = np.empty_like(z_sorted)
    z[t.order] = z_sorted
    return auc, z


def _rows_curve(P, N):
    """(fpr, tpr) of each replicate's curve (rows), from (0, 0) to (1, 1)."""
    zero = np.zeros((len(P), 1))
    tp = np.concatenate((zero, np.cumsum(P[:, ::-1], axis=1)), axis=1)
    fp = np.concatenate((zero, np.cumsum(N[:, ::-1], axis=1)), axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return fp / fp[:, -1:], tp / tp[:, -1:]


def areas_of(P, N, partial):
    """The (partial) AUC of each row of group weights P, N (replicates x groups)."""
    if partial is None:
        return replicate_areas(P, N)
    fpr, tpr = _rows_curve(P, N)
    fpr_range, tpr_range = partial.get("fpr_range"), partial.get("tpr_range")
    area, diagonal = range_areas(fpr, tpr, fpr_range, tpr_range)
    if partial.get("correct"):
        lo, hi = fpr_range if tpr_range is None else tpr_range
        return mcclish(area, diagonal, lo, hi)
    return area


def replicate_rows(guess, label, weight, reps: ReplicateWeights, read, ordered=None):
    """Stack ``read(P, N)`` over the replicates: P and N hold each
    replicate's weight of positives and negatives in each group of tied
    guesses (replicates x groups, by ascending guess); `ordered`, the
    inputs' `stable_order` if at hand."""
    reps.check_rows(len(guess))
    order, pos, w, starts = sorted_groups(guess, label, weight, ordered)
    rows = order if reps.index is None else reps.index[order]
    base = np.ones_like(w) if reps.combined else w
    out = []
    for first in range(0, reps.n_replicates, CHUNK):
        wr = reps.matrix[rows, first : first + CHUNK] * base[:, None]
        P = np.add.reduceat(wr * pos[:, None], starts, axis=0).T
        N = np.add.reduceat(wr * ~pos[:, None], starts, axis=0).T
        out.append(read(P, N))
    return np.concatenate(out)


def replicate_aucs(guess, label, weight, reps: ReplicateWeights, partial=None, ordered=None):
    """The (partial) AUC under each replicate's weights (NaN where a class
    has no weight); `ordered`, the inputs' `stable_order` if at hand."""
    if ordered is None:
        ordered = stable_order(guess, label, weight)
    if partial is None and reps.index is not None and not reps.combined:
        reps.check_rows(len(guess))
        return _factor_aucs(guess, label, weight, reps, ordered)
    read = lambda P, N: areas_of(P, N, partial)  # noqa: E731
    return replicate_rows(guess, label, weight, reps, read, ordered)


def _gamma(k, unit):
    """Higham's gamma_k: the relative rounding bound of k operations."""
    return k * unit / (1 - k * unit)


def _cumulated(x, carry):
    """The cumulative sums down the rows of x (2-D, float) after `carry`
    (long double, one per column), and the new carry: sums of at most
    BLOCK rows in double, the blocks' totals in long double, so that each
    value's relative rounding is at most gamma_BLOCK + gamma_rows (long
    double) + 2u."""
    n, m = x.shape
    n_blocks = -(-n // BLOCK)
    padded = np.zeros((n_blocks * BLOCK, m))
    padded[:n] = x
    within = np.cumsum(padded.reshape(n_blocks, BLOCK, m), axis=1)
    before = np.empty((n_blocks + 1, m), dtype=np.longdouble)
    before[0] = carry
    np.cumsum(within[:, -1], axis=0, dtype=np.longdouble, out=before[1:])
    before[1:] += carry
    out = within + before[:-1, None, :].astype(float)
    return out.reshape(-1, m)[:n], before[-1]


def _half_counted(values, starts, above=False):
    """Per group of tied rows (`starts`), the sum of `values` in the groups
    below it (above it, when `above`) plus half its own, with its relative
    rounding bound: the mean of two partial sums of nonnegative terms
    (`_cumulated`), so nothing is subtracted (R's TP = W1 - FN would lose
    all digits of a small sum above a large one)."""
    n = len(values)
    ends = np.r_[starts[1:], n]
    total = np.zeros(n + 1)
    zero = np.zeros(1, dtype=np.longdouble)
    if above:  # total[i]: the sum of values[i:]
        total[n - 1 :: -1] = _cumulated(values[::-1, None], zero)[0][:, 0]
    else:  # total[i]: the sum of values[:i]
        total[1:] = _cumulated(values[:, None], zero)[0][:, 0]
    half = (total[starts] + total[ends]) / 2
    return half, _gamma(BLOCK, U) + _gamma(n + 1, U_LONG) + 3 * U


def _sums_by(index, values, n_bins):
    """``np.bincount(index, values, n_bins)`` of nonnegative values, with its
    relative rounding bound: sums of at most `chunk` terms in double, then
    of the chunks' sums in long double."""
    n = len(index)
    chunk = max(256, -(-n * n_bins // (1 << 22)))  # at most ~4M partial sums
    n_chunks = -(-n // chunk)
    key = np.repeat(np.arange(n_chunks) * n_bins, chunk)[:n] + index
    partial = np.bincount(key, weights=values, minlength=n_chunks * n_bins)
    sums = partial.reshape(n_chunks, n_bins).sum(axis=0, dtype=np.longdouble).astype(float)
    return sums, _gamma(chunk, U) + _gamma(n_chunks, U_LONG) + U


def pair_totals(sorted_guess, pos, w, a, n_psu):
    """T (PSUs x PSUs) of rows sorted by guess: T_ab = sum of w_i w_j psi_ij
    over positives i of PSU a and negatives j of PSU b (psi 1, 1/2, 0 as
    x_i >, =, < y_j); `a` holds each sorted row's PSU.  Each entry is a sum
    of nonnegative terms, with relative rounding at most `pair_rounding`."""
    n = len(sorted_guess)
    starts = np.flatnonzero(np.r_[True, sorted_guess[1:] != sorted_guess[:-1]])
    group = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, n]))
    T = np.zeros((n_psu, n_psu), dtype=np.longdouble)
    below = np.zeros(n_psu, dtype=np.longdouble)  # negative weight of each PSU in earlier chunks
    step = max(1, (1 << 22) // n_psu)  # groups per chunk: chunk x PSUs floats
    bounds = np.r_[starts[::step], n]
    for r0, r1 in zip(bounds[:-1], bounds[1:]):
        g = group[r0:r1] - group[r0]
        n_groups = int(g[-1]) + 1
        neg = ~pos[r0:r1]
        tied = np.bincount(
            g[neg] * n_psu + a[r0:r1][neg], weights=w[r0:r1][neg], minlength=n_groups * n_psu
        ).reshape(n_groups, n_psu)
        tied = tied.astype(float, copy=False)  # int zeros without negatives
        level, below = _cumulated(tied, below)
        level -= tied / 2  # negatives below each group, half its own (at least half the sum)
        p = np.flatnonzero(pos[r0:r1])
        if len(p):
            p = p[np.argsort(a[r0:r1][p], kind="stable")]
            psus = a[r0:r1][p]
            firsts = np.flatnonzero(np.r_[True, psus[1:] != psus[:-1]])
            cuts = np.union1d(firsts, np.arange(0, len(p), BLOCK))  # sums of <= BLOCK rows
            partial = np.add.reduceat(level[g[p]] * w[r0:r1][p, None], cuts, axis=0)
            at = np.searchsorted(cuts, firsts)
            T[psus[firsts]] += np.add.reduceat(partial.astype(np.longdouble), at, axis=0)
    return T.astype(float)


def pair_rounding(sorted_guess):
    """The relative rounding bound of `pair_totals`' entries: the sums of
    tied negatives (as many terms as the largest group), the cumulated
    levels (twice their bound, as half the tied is taken off), the
    products, the sums over a PSU's positives, and the rounding to double."""
    n = len(sorted_guess)
    starts = np.flatnonzero(np.r_[True, sorted_guess[1:] != sorted_guess[:-1]])
    largest = int(np.diff(np.r_[starts, n]).max()) if n else 0
    level = _gamma(BLOCK, U) + _gamma(n + 1, U_LONG) + 2 * U
    positives = _gamma(BLOCK, U) + _gamma(n + 1, U_LONG) + U
    return 2 * (_gamma(largest, U) + level) + 2 * U + positives + U


def _one_stratum_each(reps):
    """The stratum each replicate rescales, or None unless every replicate
    changes the factors (from 1) of one stratum's PSUs only (the jackknife)."""
    if reps.psu_stratum is None:
        return None
    touched = reps.matrix != 1
    strata = reps.psu_stratum
    lowest = np.where(touched, strata[:, None], strata.max() + 1).min(axis=0)
    highest = np.where(touched, strata[:, None], -1).max(axis=0)
    if (lowest != highest).any():
        return None
    return lowest


def _factor_aucs(guess, label, weight, reps, ordered):
    """Replicate AUCs c'Tc / ((c'W1)(c'W0)) of per-PSU factors c, each
    within TOLERANCE (relative) of the exact AUC of its weights, or summed
    plainly (`replicate_rows`).

    Without a jackknife every term of c'Tc is nonnegative, so its rounding
    is relative, as the plain path's.  For a jackknife, c = 1 + d with d
    nonzero in one stratum h only, so c'Tc = 1'T1 + d'(T1) + (1'T)d +
    d_h' T_hh d_h: the PSUs' row and column sums of T and its blocks within
    strata suffice, but these terms cancel where a replicate removes most
    of the pairs' weight.  Each term is a sum of nonnegative terms with a
    bounded relative rounding (long double where the sums are long), so
    the numerator's error is at most that bound times the sum of the
    terms' sizes; replicates where that (with the denominator's) could
    exceed TOLERANCE are summed plainly.
    """
    order, sorted_guess, pos, w = ordered
    w = unit_scaled(w, total=w.sum())  # exact: products neither overflow nor underflow
    a = reps.index[order]
    n, n_psu = len(w), reps.matrix.shape[0]
    F = reps.matrix
    wp, wn = np.where(pos, w, 0.0), np.where(pos, 0.0, w)
    W1, w_error = _sums_by(a, wp, n_psu)
    W0, _ = _sums_by(a, wn, n_psu)
    stratum_of = _one_stratum_each(reps)
    # The denominators (sums of nonnegative terms) and the division; the
    # plain path's rounding of each replicate weight w c (4u).
    other = 2 * (w_error + _gamma(n_psu + 1, U)) + 8 * U
    if stratum_of is None:  # nonnegative terms: a relative bound for all
        numerator = np.einsum("ar,ar->r", F, pair_totals(sorted_guess, pos, w, a, n_psu) @ F)
        rounding = pair_rounding(sorted_guess) + _gamma(2 * n_psu + 4, U) + other
        plain = np.arange(F.shape[1] if rounding > TOLERANCE else 0)  # huge ties
    else:
        starts = np.flatnonzero(np.r_[True, sorted_guess[1:] != sorted_guess[:-1]])
        sizes = np.diff(np.r_[starts, n])
        neg_below, e_below = _half_counted(wn, starts)
        pos_above, e_above = _half_counted(wp, starts, above=True)
        rows, e_rows = _sums_by(a, wp * np.repeat(neg_below, sizes), n_psu)
        cols, e_cols = _sums_by(a, wn * np.repeat(pos_above, sizes), n_psu)
        D = F - 1
        total = rows.sum()
        numerator = total + D.T @ rows + D.T @ cols
        size = total + np.abs(D).T @ (rows + cols)  # of the terms, for rounding
        # The rows of each stratum, still in sorted order: one stable sort by stratum.
        row_stratum = reps.psu_stratum[a]
        small = np.int16 if reps.psu_stratum.max() < 2**15 else row_stratum.dtype
        by_stratum = np.argsort(row_stratum.astype(small), kind="stable")  # radix sort
        in_stratum = row_stratum[by_stratum]
        g_h, pos_h, w_h, a_h = (x[by_stratum] for x in (sorted_guess, pos, w, a))
        for h in np.unique(stratum_of):
            members = np.flatnonzero(reps.psu_stratum == h)
            local = np.full(n_psu, -1)
            local[members] = np.arange(len(members))
            keep = slice(*np.searchsorted(in_stratum, [h, h + 1]))
            T_hh = pair_totals(g_h[keep], pos_h[keep], w_h[keep], local[a_h[keep]], len(members))
            r = np.flatnonzero(stratum_of == h)
            d = D[np.ix_(members, r)]
            numerator[r] += np.einsum("ar,ar->r", d, T_hh @ d)
            size[r] += np.einsum("ar,ar->r", np.abs(d), T_hh @ np.abs(d))
        term_error = max(
            max(e_below, e_above) + U + max(e_rows, e_cols),
            pair_rounding(sorted_guess),
        )
        # The terms' rounding, then the sums over PSUs (and D = F - 1, the
        # size itself), at most 2 n_psu + 8 roundings of each term.
        bound = (term_error + _gamma(2 * n_psu + 8, U)) * size * (1 + 1e-6)
        bound += 4 * n * (1 + np.abs(D).max()) ** 2 * 2.0**-1074  # products that underflow
        with np.errstate(invalid="ignore", divide="ignore"):
            plain = np.flatnonzero(~(bound <= (TOLERANCE - other) * np.abs(numerator)))
    with np.errstate(invalid="ignore", divide="ignore"):  # NaN without a class
        aucs = numerator / ((W1 @ F) * (W0 @ F))
    if len(plain):
        some = ReplicateWeights(F[:, plain], combined=False, index=reps.index, df=0)
        read = lambda P, N: areas_of(P, N, None)  # noqa: E731
        aucs[plain] = replicate_rows(guess, label, weight, some, read, ordered)
    return aucs


def full_rows(guess, label, weight, read, ordered=None):
    """``read(P, N)`` of the sampling weights' groups (one row)."""
    _, pos, w, starts = sorted_groups(guess, label, weight, ordered)
    P = np.add.reduceat(np.where(pos, w, 0.0), starts)[None]
    N = np.add.reduceat(np.where(pos, 0.0, w), starts)[None]
    return read(P, N)[0]


def full_area(guess, label, weight, partial=None, ordered=None):
    """The (partial) AUC under the sampling weights, by the replicates' formula."""
    read = lambda P, N: areas_of(P, N, partial)  # noqa: E731
    return float(full_rows(guess, label, weight, read, ordered))
