"""Replicate weights of a `SurveyDesign`, as ``survey::as.svrepdesign``.

Each type returns a `ReplicateWeights` with one row per PSU (survey's
compressed weights: factors multiplying the sampling weights) in survey's
order: PSUs and strata as they first appear, jackknife replicates stratum
by stratum.  JK1 and JKn give survey 4.1's matrices, ``scale`` and
``rscales`` exactly; the bootstraps draw as survey does (with numpy's
generator, so the draws differ from R's).
"""

import numpy as np

from ..utils.warn import warn
from .weights import Coded, ReplicateWeights

TYPES = ("JK1", "JKn", "BRR", "Fay", "bootstrap", "subbootstrap")


def lonely(coded: Coded, stratum: int):
    """survey's error for a stratum with one PSU (``survey.lonely.psu = "fail"``)."""
    return ValueError(
        f"Stratum ({coded.strata_names[stratum]}) has only one PSU at stage {coded.stage} "
        '(survey\'s default survey.lonely.psu = "fail"): merge it with another stratum, '
        'or give SurveyDesign(lonely_psu="certainty", "remove", "adjust" or "average")'
    )


def _fraction_left(coded: Coded):
    """(N_h - n_h) / N_h of each stratum (1 without fpc)."""
    if coded.popsize is None:
        return np.ones(len(coded.n_psu))
    popsize = np.zeros(len(coded.n_psu))
    popsize[coded.psu_stratum] = coded.popsize
    return np.where(np.isinf(popsize), 1.0, (popsize - coded.n_psu) / popsize)


def jk1(coded: Coded):
    if coded.has_strata:
        raise ValueError("Can't use JK1 for a stratified design")
    n = len(coded.psu_stratum)
    if coded.popsize is not None and len(np.unique(coded.popsize)) > 1:
        raise ValueError("More than one fpc value given")
    matrix = np.full((n, n), n / (n - 1))
    np.fill_diagonal(matrix, 0.0)
    scale = _fraction_left(coded)[0] * (n - 1) / n
    return matrix, scale, np.ones(n)


def jkn(coded: Coded):
    if not coded.has_strata:
        raise ValueError("Must use JK1 or bootstrap for an unstratified design")
    n_psus = len(coded.psu_stratum)
    left = _fraction_left(coded)
    columns, rscales, skipped = [], [], 0
    for h, n_h in enumerate(coded.n_psu):
        if left[h] == 0:  # a census stratum: no replicates (survey.drop.replicates)
            continue
        members = np.flatnonzero(coded.psu_stratum == h)
        if n_h == 1:  # survey's jknweights: by survey.lonely.psu
            if coded.lonely_psu == "fail":
                raise lonely(coded, h)
            if coded.lonely_psu == "adjust":
                n_strata = len(coded.n_psu)
                block = np.full((n_psus, 1), n_strata / (n_strata - 1))
                block[members] = 0.0
                columns.append(block)
                rscales.append(np.array([(n_strata - 1) / n_strata]))
            else:
                skipped += 1
            continue
        block = np.ones((n_psus, n_h))
        block[members, :] = n_h / (n_h - 1)
        block[members, np.arange(n_h)] = 0.0
        columns.append(block)
        rscales.append(np.full(n_h, left[h] * (n_h - 1) / n_h))
    if not columns:
        raise ValueError("All strata were exhaustively sampled: you have the whole population")
    matrix = np.hstack(columns)
    scale = 1.0
    if coded.lonely_psu == "average" and skipped:
        scale = n_psus / (n_psus - skipped)
    return matrix, scale, np.concatenate(rscales)


def _r_string(value):
    """R's as.character of a stratum label (integral doubles without ".0")."""
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return str(int(value))
    return str(value)


def brr(coded: Coded, rho):
    """``survey:::brrweights`` (small = "fail", large = "split"): PSUs paired
    within strata, each replicate keeping one of each pair at 2 - rho and
    the other at rho, the half chosen by survey's Hadamard matrix."""
    from .hadamard import hadamard

    names = [_r_string(coded.strata_names[h]) for h in coded.psu_stratum]
    sizes = coded.n_psu[coded.psu_stratum]
    if (sizes < 2).any():
        raise ValueError("Some strata have fewer than 2 PSUs")
    if ((sizes > 2) & (sizes % 2 == 1)).any():
        raise ValueError("Can't split with odd numbers of PSUs in a stratum")
    order = sorted(range(len(names)), key=lambda k: (names[k], k))  # R: order(sunq, match)
    first = np.zeros(len(names))  # each PSU's weight in the first half-sample
    pair = np.zeros(len(names), dtype=np.int64)
    upto = 0
    large = sorted({names[k] for k in range(len(names)) if sizes[k] > 2})
    two = sorted({names[k] for k in range(len(names)) if sizes[k] == 2})
    for group in [[s] for s in large] + [two]:
        members = [k for k in order if names[k] in group]
        first[members] = np.resize([0.0, 1.0], len(members))
        pair[members] = upto + np.arange(len(members)) // 2
        upto += len(members) // 2
    H = hadamard(upto)
    chosen = H[1 + pair, :]  # 1: the PSU's half-sample column is the second
    in_first = np.where(chosen == 1, 1 - first[:, None], first[:, None])
    matrix = in_first * (2 - rho) + (1 - in_first) * rho
    return matrix, 1 / (H.shape[1] * (1 - rho) ** 2), np.ones(H.shape[1])


def _counts(rng, members, draws, n_rep, replace=True, pool=None):
    """How often each member PSU is drawn in each replicate (members x n_rep)."""
    k = len(members)
    counts = np.zeros((k, n_rep))
    for r in range(n_rep):
        if pool is None:
            picked = rng.integers(0, k, size=draws)
        else:
            picked = pool[rng.choice(len(pool), size=draws, replace=False)]
        counts[:, r] = np.bincount(picked, minlength=k)
    return counts


def bootstrap(coded: Coded, n_rep, rng):
    matrix = np.empty((len(coded.psu_stratum), n_rep))
    for h, n_h in enumerate(coded.n_psu):
        members = np.flatnonzero(coded.psu_stratum == h)
        pool = None
        if coded.popsize is not None:
            popsize = int(coded.popsize[members[0]])
            pool = np.resize(rng.permutation(n_h), popsize)  # rep(upsu, length = N_h)
        matrix[members] = _counts(rng, members, n_h, n_rep, pool=pool)
    per_stratum = 1 / np.mean(1 / coded.n_psu)
    return matrix, per_stratum / ((per_stratum - 1) * (n_rep - 1)), np.ones(n_rep)


def subbootstrap(coded: Coded, n_rep, rng):
    matrix = np.empty((len(coded.psu_stratum), n_rep))
    for h, n_h in enumerate(coded.n_psu):
        if n_h == 1:  # n_h - 1 = 0 draws: no lonely-PSU rule applies
            raise lonely(coded, h)
        members = np.flatnonzero(coded.psu_stratum == h)
        matrix[members] = _counts(rng, members, n_h - 1, n_rep) * n_h / (n_h - 1)
    return matrix, 1 / (n_rep - 1), np.ones(n_rep)


def replicate_weights(coded: Coded, type, *, n_rep=None, seed=None, rho=None, mse=True):
    """The `ReplicateWeights` of a coded design (see `SurveyDesign.replicates`)."""
    if type not in TYPES:
        close = [t for t in TYPES if isinstance(type, str) and t.lower() == type.lower()]
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(
            f"replicates={type!r} (the replicate type) must be one of "
            f"{', '.join(map(repr, TYPES))}, spelled as survey's as.svrepdesign types{hint}"
        )
    if rho is not None and type != "Fay":
        raise ValueError("rho is Fay's rho: only for type='Fay'")
    if type in ("BRR", "Fay"):
        if not coded.has_strata:
            raise ValueError("Must use JK1 or bootstrap for an unstratified design")
        if coded.popsize is not None:
            warn("Finite population correction dropped in conversion")
        if type == "Fay" and rho is None:
            raise ValueError(
                "replicates='Fay' needs Fay's rho (survey's fay.rho, e.g. 0.5): build them with "
                "design.replicates('Fay', rho=0.5) and give those as replicates= ('BRR' is "
                "rho = 0)"
            )
        rho = 0.0 if type == "BRR" else float(rho)
        if not 0 <= rho < 1:
            raise ValueError(f"rho must be in [0, 1), got {rho}")
        matrix, scale, rscales = brr(coded, rho)
    elif type in ("JK1", "JKn"):
        if n_rep is not None:
            raise ValueError(f"n_rep is for the bootstraps; {type} has one replicate per PSU")
        matrix, scale, rscales = (jk1 if type == "JK1" else jkn)(coded)
    else:
        n_rep = 50 if n_rep is None else int(n_rep)
        if n_rep < 2:
            raise ValueError(f"n_rep must be at least 2, got {n_rep}")
        rng = np.random.default_rng(seed)
        if type == "subbootstrap" and coded.popsize is not None:
            warn("the subbootstrap ignores the design's fpc, as survey's does")
        matrix, scale, rscales = (bootstrap if type == "bootstrap" else subbootstrap)(
            coded, n_rep, rng
        )
    return ReplicateWeights(
        matrix,
        scale=scale,
        rscales=rscales,
        mse=mse,
        combined=False,
        index=coded.psu,
        type=type,
        psu_stratum=coded.psu_stratum,
    )
