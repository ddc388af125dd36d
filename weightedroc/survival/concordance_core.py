"""The pair counts of survival's ``concordance()`` and their influence, in
O(n log n) time and O(n) memory: survival's C routine ``concordance3``
walks a balanced tree one row at a time; here the same sums come from one
vectorised pass of a merge-sort tree (`less_before`).

Rows are taken in survival's order, ``order(-time, status, guess)``: a
death at time t is compared with every row after it in time and with the
rows censored at t (they come first at t), never with the deaths tied at
t (those are survival's ``tied.y``)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..engine.core import stable_order

TIMEWTS = ("n", "S", "S/G", "n/G2", "I")


#: Position blocks of at most this many rows are counted pair by pair, a
#: (rows x LEAF) comparison: cheaper than the tree's last levels.
LEAF = 16


def less_before(rank, weights, by_rank=None):
    """For every position q: sum of ``weights[j, p]`` over p < q with
    ``rank[p] < rank[q]``, for each row j of `weights` (shape (m, n)).

    A merge-sort tree read top down, over positions padded to a power of
    two: at each level the rows of a block, in rank order, are split
    stably into the block's two halves of positions; a row of the right
    half gains the weight of the left half's rows before it, read from the
    cumulative sums of the new left half.  Ties in rank are ordered by
    descending position, so that equal ranks never count.  Blocks of
    `LEAF` positions are finished pair by pair.  `by_rank`, if given, is
    ``argsort(rank, kind="stable")``."""
    n = len(rank)
    w = [np.asarray(row, dtype=float) for row in weights]
    m = len(w)
    if n < 2:
        return np.zeros((m, n))
    if by_rank is None:
        by_rank = np.argsort(rank, kind="stable")
    levels = (n - 1).bit_length()
    N = 1 << levels
    itype = np.int32 if N < 2**31 else np.int64
    seq = np.empty(N, dtype=itype)
    ranked = rank[by_rank]
    if np.all(ranked[1:] != ranked[:-1]):
        seq[:n] = by_rank
    else:
        start = _runs([ranked])
        seq[:n] = by_rank[start + _run_end(start) - 1 - np.arange(n)]  # ties: descending
    seq[n:] = np.arange(n, N)  # padding: last in rank, after every row
    # two weight rows travel as one complex array (one move instead of two)
    z = [np.zeros(N, dtype=complex) for _ in range((m + 1) // 2)]
    for j, wi in enumerate(w):
        (z[j // 2].imag if j % 2 else z[j // 2].real)[:n] = wi[seq[:n]]
    acc = [np.zeros(N, dtype=complex) for _ in z]
    i = np.arange(N, dtype=itype)
    spare = [np.empty_like(seq)] + [np.empty(N, dtype=complex) for _ in range(2 * len(z))]
    cl_new = np.empty(N, dtype=itype)
    leaf = min(LEAF, N)
    for k in range(levels - 1, leaf.bit_length() - 2, -1):
        half = 1 << k
        nb = N // (2 * half)
        left = (seq & half) == 0
        cl = np.cumsum(left.reshape(nb, 2 * half), axis=1, dtype=itype).reshape(N)
        index = i - cl + half  # a right row: after the half's left rows and its earlier right rows
        np.copyto(index, (i & -2 * half) + cl - 1, where=left)
        arrays = [seq, *z, *acc]
        for array, into in zip(arrays, spare):
            into[index] = array
        spare, (seq, *rest) = arrays, spare
        z, acc = rest[: len(z)], rest[len(z) :]
        cl_new[index] = cl  # a right row: the left rows before it
        taken = (
            cl_new.reshape(nb, 2, half)[:, 1, :] + (half + 1) * np.arange(nb, dtype=itype)[:, None]
        )
        for zi, ai in zip(z, acc):
            sums = np.zeros((nb, half + 1), dtype=complex)
            np.cumsum(zi.reshape(nb, 2, half)[:, 0, :], axis=1, out=sums[:, 1:])
            ai.reshape(nb, 2, half)[:, 1, :] += sums.reshape(-1)[taken]
    blocks = seq.reshape(-1, leaf)
    for a in range(leaf - 1):  # row a of each block, before the later rows in rank order
        earlier = blocks[:, a : a + 1] < blocks[:, a + 1 :]
        for zi, ai in zip(z, acc):
            ai.reshape(-1, leaf)[:, a + 1 :] += zi.reshape(-1, leaf)[:, a : a + 1] * earlier
    out = np.empty((m, n))
    for j, ai in enumerate(acc):
        out[2 * j, seq[:n]] = ai.real[:n]
        if 2 * j + 1 < m:
            out[2 * j + 1, seq[:n]] = ai.imag[:n]
    return out


def _runs(keys):
    """Start index (in the sorted rows) of each row's run of equal `keys`."""
    change = np.ones(len(keys[0]), dtype=bool)
    for key in keys:
        change[1:] &= key[1:] == key[:-1]
    change = ~change
    change[0] = True
    return np.maximum.accumulate(np.where(change, np.arange(len(change)), 0))


def _run_end(start):
    """One past the last index of each row's run (runs given by their starts)."""
    n = len(start)
    pos = np.arange(n)
    nxt = np.where(start[1:] == pos[1:], pos[1:], n)  # the next row, if it starts a run
    return np.append(np.minimum.accumulate(nxt[::-1])[::-1], n)


def _exclusive_cumsum(x):
    return np.concatenate(([0.0], np.cumsum(x)))


def _within_run(values, start):
    """Sum of `values` over the earlier rows of each row's run."""
    cum = _exclusive_cumsum(values)
    return cum[:-1] - cum[start]


def time_weights(time, death, w, timewt):
    """survival's weight of each death time (``fastkm1``): rows sorted
    as survival sorts them; returns the weight of each row's time (0 on
    censored rows)."""
    if timewt == "n" or death.sum() < 2:
        return death.astype(float)
    start = _runs([time])
    first = np.flatnonzero(start == np.arange(len(time)))  # first row of each time
    last = np.append(first[1:], len(time)) - 1
    ncount = np.cumsum(w)  # weight at or after each row, from the latest time on
    dw = np.add.reduceat(np.where(death, w, 0.0), first)
    cw = np.add.reduceat(np.where(death, 0.0, w), first)
    ncens = np.add.reduceat((~death).astype(np.int64), first)
    nrisk = ncount[last]
    at_censor = ncount[first + np.maximum(ncens, 1) - 1]
    sfac = np.where(dw > 0, (nrisk - dw) / nrisk, 1.0)
    gfac = np.where(ncens > 0, (at_censor - cw) / at_censor, 1.0)
    # ascending time: exclusive cumulative products (S(t-), G(t-))
    S = np.cumprod(np.concatenate(([1.0], sfac[::-1][:-1])))[::-1]
    G = np.cumprod(np.concatenate(([1.0], gfac[::-1][:-1])))[::-1]
    total = np.sum(w)
    per_time = {
        "S": total * S / nrisk,
        "S/G": total * S / (G * nrisk),
        "n/G2": 1 / G**2,
        "I": 1 / nrisk,
    }[timewt]
    group = np.cumsum(start == np.arange(len(time))) - 1
    return np.where(death, per_time[group], 0.0)


class Counts(NamedTuple):
    """survival's ``count`` (concordant, discordant, tied.x, tied.y,
    tied.xy) and the influence of each row on the first three (its own
    weight left out), in the caller's row order."""

    totals: np.ndarray  # 5
    influence: np.ndarray  # (3, n)


def stratum_counts(time, death, guess, w, timewt="n", tau=None):
    """`Counts` of one stratum, as survival's ``docount``."""
    n = len(time)
    if not death.any():
        return Counts(np.zeros(5), np.zeros((3, n)))
    # survival's order(-time, status, guess), as stable sorts from the last key
    by_guess = stable_order(np.asarray(guess, dtype=np.float64)).order
    event = death[by_guess].astype(bool)
    order = np.concatenate([by_guess[~event], by_guess[event]])  # a stable sort on status
    order = order[stable_order(-np.asarray(time, dtype=np.float64)[order]).order]
    t, d, x, ws = time[order], death[order], guess[order], w[order]
    where = np.empty(n, dtype=np.int64)
    where[order] = np.arange(n)
    by_rank = where[by_guess]  # sorted rows by guess; tied guesses by original row
    xr = x[by_rank]
    new_guess = np.append(True, xr[1:] != xr[:-1])
    rank = np.empty(n, dtype=np.int64)
    rank[by_rank] = np.cumsum(new_guess) - 1
    if not new_guess.all():  # tied guesses: by sorted row instead
        by_rank = np.argsort(rank * n + np.arange(n), kind="stable")
    tw = time_weights(t, d, ws, timewt)
    if tau is not None:
        tw = np.where(t > tau, 0.0, tw)
    v = ws * tw
    pos = np.arange(n)
    L_w, L_v = less_before(rank, np.vstack([ws, v]), by_rank)
    P_w, P_v = _exclusive_cumsum(ws), _exclusive_cumsum(v)
    rank_start = _runs([rank[by_rank]])
    T_w, T_v = np.empty(n), np.empty(n)
    T_w[by_rank] = _within_run(ws[by_rank], rank_start)
    T_v[by_rank] = _within_run(v[by_rank], rank_start)
    # deaths at one time are contiguous (after that time's censored rows), in guess order
    block = _runs([t, d])
    same = _runs([t, d, rank])
    tied_before = _within_run(ws, same)  # earlier deaths tied in time and guess
    prev_deaths = P_w[:-1] - P_w[block]
    # a death's comparators: the rows before its time's first death
    less = L_w - (prev_deaths - tied_before)
    tied = T_w - tied_before
    greater = P_w[block] - less - tied
    # a row's partners: the deaths after it (after its own time's deaths, for a death)
    cum = _exclusive_cumsum(v[by_rank])
    v_less_all, v_tied_all = np.empty(n), np.empty(n)
    v_less_all[by_rank] = cum[rank_start]
    v_tied_all[by_rank] = cum[_run_end(rank_start)] - cum[rank_start]
    tied_from_here = P_v[_run_end(same)] - P_v[:-1]  # this death and the later ones tied with it
    after = np.where(d, _run_end(block), pos + 1)
    p_less = v_less_all - L_v
    p_tied = v_tied_all - T_v - np.where(d, tied_from_here, 0.0)
    p_greater = P_v[n] - P_v[after] - p_less - p_tied
    dead = d.astype(bool)
    infl = np.vstack(
        [
            np.where(dead, tw * greater, 0.0) + p_less,
            np.where(dead, tw * less, 0.0) + p_greater,
            np.where(dead, tw * tied, 0.0) + p_tied,
        ]
    )
    vd = np.where(dead, v, 0.0)
    tied_y = np.sum(vd * prev_deaths)
    tied_xy = np.sum(vd * tied_before)
    count = np.array(
        [
            np.sum(vd * greater),
            np.sum(vd * less),
            np.sum(vd * tied),
            tied_y - tied_xy,
            tied_xy,
        ]
    )
    influence = np.empty((3, n))
    influence[:, order] = infl
    return Counts(count, influence)
