"""`time_auc` and `time_auc_test`: time-dependent AUC with timeROC's iid
standard errors, in O(n log n) per time (never an n x n matrix).

timeROC (Blanche, Dartigues & Jacqmin-Gadda 2013) writes the AUC's
influence function with the martingale terms of the censoring
Kaplan-Meier, M[j, k] = int_0^{T_j} dM_C_k(u) / S(u) (``Compute.iid.KM``),
an n x n matrix, and sums products of it with the n x n matrix of
case-control pairs.  Both collapse: M[j, k] = jump_k 1(j >= f(k)) -
A_min(j, k), with f(k) the first row tied with row k in time, so every
sum over j of a_j M[j, k] is a few cumulative sums; the pair sums are each
subject's weighted placement among the other class, read from the one sort
of the guesses.  Every formula below is timeROC's, term for term.
"""

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..curves.auc import counts_area
from ..utils.normal import pnorm, qnorm
from ..utils.warn import warn
from .curves import Weighting, definitions, groups_at, survival_design, time_counts
from .inputs import check_times


class KaplanMeierIID(NamedTuple):
    """timeROC's ``Compute.iid.KM`` in closed form (rows sorted by time,
    stably): M[j, k] = jump[k] 1(j >= first[k]) - A[min(j, k)]."""

    jump: np.ndarray
    first: np.ndarray
    A: np.ndarray

    def project(self, a):
        """sum_j a_j M[j, k] for every k."""
        tail = np.cumsum(a[::-1])[::-1]  # tail[j] = sum_{j' >= j} a_j'
        after = np.append(tail[1:], 0.0)  # sum_{j' > k}
        return self.jump * tail[self.first] - (np.cumsum(a * self.A) + self.A * after)

    def row(self, j):
        """M[j, k] for every k."""
        k = np.arange(len(self.A))
        return self.jump * (j >= self.first) - self.A[np.minimum(j, k)]


def km_iid(sorted_time, sorted_event):
    """The `KaplanMeierIID` of rows sorted by time: the censoring hazard
    is given per row within ties, as timeROC does."""
    n = len(sorted_time)
    at_risk = n - np.arange(n, dtype=float)  # n S(u) at each row
    censored = (sorted_event == 0).astype(float)
    A = np.cumsum(censored / at_risk * (n / at_risk))
    first = np.searchsorted(sorted_time, sorted_time, side="left")
    jump = censored * (n / at_risk[first])
    return KaplanMeierIID(jump, first, A)


def _placements(group, mass, n_groups):
    """Per row: the `mass` of rows with a lower guess plus half that of
    equal guesses (below), and the same from above."""
    per_group = np.bincount(group, weights=mass, minlength=n_groups)
    upto = np.cumsum(per_group)
    half = per_group / 2
    below = upto - per_group + half
    above = upto[-1] - upto + half
    return below[group], above[group]


class TimeIID(NamedTuple):
    """One time's influence functions (rows sorted by time), NaN-free or None."""

    auc_1: np.ndarray | None
    auc_2: np.ndarray | None


def time_iid(s, km, t, cause):
    """timeROC's ``compute_iid_decomposition`` at `t` for the design's rows
    sorted by time (`s`: dict of sorted arrays)."""
    T, delta, w, group, n_groups = s["time"], s["event"], s["w"], s["group"], s["n_groups"]
    n = float(len(T))
    case = (T < t) & (delta == cause)
    control_1 = T > t
    control_2 = (T < t) & (delta != cause) & (delta != 0)
    n1 = np.count_nonzero(control_1)
    if not case.any() or n1 == 0:
        return TimeIID(None, None)
    c = s["control"](t)
    F = w[case].sum()
    St = c * n1
    case_w = np.where(case, w, 0.0)
    K1, _ = _placements(group, control_1.astype(float), n_groups)
    _, L = _placements(group, case_w, n_groups)
    R = np.where(case, w * c * n * n * K1, 0.0)
    row_1 = np.where(control_1, c * n * n * L, 0.0)
    sum_h1 = R.sum()
    h_star = sum_h1 / (n * n)
    # timeROC writes 1(T <= t) but its weights are already 0 off the cases
    d = np.where(case, w * n, 0.0)
    V = control_1 / (n1 / n)
    Q_d = km.project(d)
    sum_d = d.sum()
    FS = F * St
    term_k = ((sum_h1 + km.project(R)) / n - h_star * (V.sum() + (sum_d + Q_d) / F - n)) / FS
    term_j = (row_1 - n * h_star) / FS
    term_i = (R - n * h_star * (V + (d - F) / F)) / FS
    iid_1 = (term_k + term_j + term_i) / n
    if not control_2.any():
        return TimeIID(iid_1, None)
    K2, _ = _placements(group, np.where(control_2, w, 0.0), n_groups)
    col_2 = np.where(case, w * n * n * K2, 0.0)
    row_2 = np.where(control_2, w * n * n * L, 0.0)
    col = R + col_2
    sum_h2 = col_2.sum()
    n2ht = sum_h1 + sum_h2  # n^2 ht
    D = F * (1 - F)
    coef = (n2ht / (n * n)) * (1 - 2 * F) / D
    jt = np.searchsorted(T, t, side="right") - 1
    a = (col * n - n2ht - coef * n * n * (d - F)) / D
    b = ((row_1 + row_2) * n - n2ht) / D
    c_l = (sum_h1 * (1 + km.row(jt)) + sum_h2 + km.project(row_2) - n2ht) / D
    d_k = (n2ht + km.project(col) - n2ht - n * coef * (sum_d + Q_d - n * F)) / D
    return TimeIID(iid_1, (a + b + c_l + d_k) / (n * n))


def _sorted_design(design):
    """The design's rows sorted stably by time, as timeROC sorts them."""
    order = np.argsort(design.time, kind="stable")
    control = design.control_weight
    return {
        "time": design.time[order],
        "event": design.event[order],
        "w": design.case_weight[order],
        "group": design.group[order],
        "n_groups": int(design.group.max()) + 1,
        "control": lambda t: float(control(t)[0]),
    }


class _Fit(NamedTuple):
    design: object
    table: pd.DataFrame
    iid: dict  # (time, definition) -> influence function or None


def _fit(time, event, guess, times, weight, cause, weighting, covariates, data, name, iid):
    design = survival_design(
        time,
        event,
        guess,
        weight=weight,
        cause=cause,
        weighting=weighting,
        covariates=covariates,
        data=data,
        name=name,
    )
    times = check_times(times)
    inference = iid and weight is None and weighting == "marginal"
    if iid and not inference:
        warn(
            "standard errors are NaN: timeROC's iid representation needs "
            'weighting="marginal" and no case weights',
            UserWarning,
        )
    if inference:
        s = _sorted_design(design)
        km = km_iid(s["time"], s["event"])
    rows, influence = [], {}
    for t in times:
        groups = groups_at(design, t)
        each = time_iid(s, km, t, design.cause) if inference else TimeIID(None, None)
        for definition in definitions(design):
            controls = groups.control_1 | (groups.control_2 if definition == 2 else False)
            auc = np.nan
            if groups.case.any() and controls.any():
                auc = counts_area(time_counts(design, groups, definition))
            f = each.auc_1 if definition == 1 else each.auc_2
            f = None if np.isnan(auc) else f
            influence[(t, definition)] = f
            se = np.nan if f is None else float(np.std(f, ddof=1) / np.sqrt(len(f)))
            rows.append((t, definition, auc, se))
    table = pd.DataFrame(rows, columns=["time", "definition", "auc", "std_error"])
    if not design.competing:
        table = table.drop(columns="definition")
    return _Fit(design, table, influence)


def time_auc(
    time,
    event=None,
    guess=None,
    *,
    times,
    weight=None,
    cause: int = 1,
    weighting: Weighting = "marginal",
    covariates=None,
    data=None,
    conf_level: float = 0.95,
) -> pd.DataFrame:
    """Time-dependent AUC with IPCW and timeROC's iid standard errors.

    The area under each of `time_roc`'s curves, with the standard error of
    timeROC's iid representation (``timeROC(..., iid=TRUE)``) and the
    Wald interval ``auc -/+ qnorm(1 - (1 - conf_level)/2) * std_error``
    (timeROC's ``confint``, unclipped).  The standard errors take
    O(n log n) per time.

    Parameters
    ----------
    time, event, guess, times, weight, cause, weighting, covariates, data
        As `time_roc`.
    conf_level : float, default 0.95
        The level of the pointwise intervals.

    Returns
    -------
    pandas.DataFrame
        Columns ``time`` (sorted), ``definition`` under competing risks (1
        and 2, as `time_roc`), ``auc``, ``std_error``, ``conf_low``,
        ``conf_high``.  The AUC is NaN at a time without cases or controls
        (any t >= the largest observed time), as timeROC's NA.

    Notes
    -----
    The standard error is sd(IF)/sqrt(n) (sd with n - 1) of timeROC's
    influence function IF; definition 2 divides by F(t)(1 - F(t)), and,
    as timeROC, is NaN at a time with no subject of another cause before
    t.  timeROC gives the censoring hazard per row within tied times after
    a stable sort by time, so its standard error (and this one, which
    follows it) depends on the input order of rows tied in time, by up to
    about 4e-5 relative.  Standard errors are NaN, with a warning, for
    ``weighting="cox"`` or with case weights: timeROC's iid representation
    covers neither.

    Examples
    --------
    >>> from weightedroc import time_auc
    >>> time_auc([1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 1, 1, 0, 1, 0, 0],
    ...          [0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5], times=[4.5]).round(4)
       time     auc  std_error  conf_low  conf_high
    0   4.5  0.7375     0.2375     0.272      1.203
    """
    fit = _fit(time, event, guess, times, weight, cause, weighting, covariates, data, "guess", True)
    table = fit.table
    z = qnorm(1 - (1 - _check_level(conf_level)) / 2)
    table["conf_low"] = table["auc"] - z * table["std_error"]
    table["conf_high"] = table["auc"] + z * table["std_error"]
    return table


def _check_level(conf_level):
    if not 0 < conf_level < 1:
        raise ValueError(f"conf_level must be in (0, 1); got {conf_level!r}")
    return conf_level


def time_auc_test(
    time,
    event=None,
    guess1=None,
    guess2=None,
    *,
    times,
    cause: int = 1,
    data=None,
) -> pd.DataFrame:
    """Paired test of two markers' time-dependent AUCs (timeROC's ``compare``).

    At each time, the difference of the two AUCs over the standard error of
    the difference of their iid representations: p = 2 Phi(-|z|), with no
    adjustment for the number of times (timeROC's ``adjusted=FALSE``).

    Parameters
    ----------
    time, event, times, cause, data
        As `time_roc` (marginal weighting, no case weights: timeROC's iid
        representation needs both).
    guess1, guess2 : array-like of float, or column names
        The two markers, measured on the same subjects.

    Returns
    -------
    pandas.DataFrame
        Columns ``time``, ``definition`` under competing risks, ``auc1``,
        ``auc2``, ``estimate`` (auc1 - auc2), ``std_error``, ``statistic``
        (estimate / std_error) and ``p_value``.  Under competing risks both
        definitions are tested, as timeROC's ``p_values_AUC_1`` and
        ``p_values_AUC_2``.

    Examples
    --------
    >>> from weightedroc import time_auc_test
    >>> time_auc_test([1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 1, 1, 0, 1, 0, 0],
    ...               [0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5],
    ...               [0.5, 0.2, 0.9, 0.1, 0.6, 0.3, 0.4, 0.8], times=[4.5]).round(4)
       time    auc1  auc2  estimate  std_error  statistic  p_value
    0   4.5  0.7375   0.5    0.2375     0.1426     1.6656   0.0958
    """
    fits = [
        _fit(time, event, g, times, None, cause, "marginal", None, data, name, True)
        for g, name in ((guess1, "guess1"), (guess2, "guess2"))
    ]
    first, second = (fit.table for fit in fits)
    table = first.drop(columns=["auc", "std_error"])
    table["auc1"], table["auc2"] = first["auc"], second["auc"]
    table["estimate"] = first["auc"] - second["auc"]
    keys = list(fits[0].iid)
    se = []
    for key in keys:
        f1, f2 = fits[0].iid[key], fits[1].iid[key]
        diff = None if f1 is None or f2 is None else f1 - f2
        se.append(np.nan if diff is None else float(np.std(diff, ddof=1) / np.sqrt(len(diff))))
    table["std_error"] = se
    table["statistic"] = table["estimate"] / table["std_error"]
    table["p_value"] = 2 * pnorm(-np.abs(table["statistic"].to_numpy()))
    return table


__all__ = ["time_auc", "time_auc_test"]
