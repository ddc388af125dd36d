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

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..curves.auc import counts_area
from ..engine.tally import mid_rank_sums
from ..inference.checks import check_choice, check_conf_level
from ..survey.variance import svyrecvar
from ..utils.normal import pnorm, qnorm
from ..utils.signatures import in_help
from ..utils.warn import warn
from .censoring import kaplan_meier
from .curves import (
    IPCW,
    Code,
    Col,
    Cov,
    Frame,
    Times,
    build_designs,
    survival_designs,
    time_counts,
    time_points,
)
from .inputs import Checked, check_times, warn_missing


class KaplanMeierIID(NamedTuple):
    """timeROC's ``Compute.iid.KM`` in closed form (rows sorted by time,
    stably): M[j, k] = jump[k] 1(j >= first[k]) - A[min(j, k)], where jump
    is 0 but on the censored rows (`censored`, ascending)."""

    jump: np.ndarray
    first: np.ndarray
    A: np.ndarray
    censored: np.ndarray

    def project(self, a):
        """sum_j a_j M[j, k] for every k, of each vector `a` over the first
        p rows sorted by time (those before some time; the later ones are
        0).  One-dimensional cumulative sums: numpy's along an axis of a
        2-D array are several times slower."""
        p, n = len(a[0]), len(self.A)
        A = self.A[:p]
        k = self.censored[: np.searchsorted(self.censored, p)]
        jump, first = self.jump[k], self.first[k]
        out = np.empty((len(a), n))
        for vector, into in zip(a, out):
            tail = np.cumsum(vector[::-1])[::-1]  # sum over j' >= j
            partial = np.cumsum(vector * A)
            into[p:] = -partial[-1]  # every later row's first[k] >= p
            after = np.subtract(tail, vector, out=into[:p])  # sum over j' > j
            after *= A
            after += partial
            np.negative(after, out=after)
            into[k] += jump * tail[first]
        return out

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
    return KaplanMeierIID(jump, first, A, np.flatnonzero(censored))


class TimeIID(NamedTuple):
    """One time's influence functions (rows sorted by time), or None."""

    auc_1: np.ndarray | None
    auc_2: np.ndarray | None


def _iid_1(n, n1, p, q, F, FS, sum_h1, h_star, sum_d, R, d, row_1, Q_R, Q_d):
    """The influence function of AUC_1 (None without controls)."""
    if n1 == 0:
        return None
    v = n / n1  # V = 1(T > t) / (n1 / n)
    # timeROC's three sums (over k; over j; over i).  Every row gets the
    # first; in the other two, the -n h* of the sum over j and the n h* of
    # the sum over i cancel, leaving the controls' and the cases' own terms
    # (rows with T == t get neither).
    iid_1 = ((sum_h1 + Q_R) / n - h_star * (n1 * v + (sum_d + Q_d) / F - n)) / FS
    iid_1[q:] += (row_1 - n * h_star * v) / FS
    iid_1[:p] += (R - n * h_star * d / F) / FS
    iid_1 /= n
    return iid_1


def time_iid(s, km, t, cause):
    """timeROC's ``compute_iid_decomposition`` at `t` for the design's rows
    sorted by time (`s`: dict of sorted arrays).

    Cases and definition-2 controls are among the first p rows (T < t),
    definition-1 controls are the rows from q on (T > t).
    """
    T, delta, w, group, n_groups = s["time"], s["event"], s["w"], s["group"], s["n_groups"]
    n = float(len(T))
    p = np.searchsorted(T, t, side="left")
    q = np.searchsorted(T, t, side="right")
    n1 = len(T) - q
    head, head_group = delta[:p], group[:p]
    case = head == cause
    control_2 = (head != cause) & (head != 0)
    competing = control_2.any()
    if not case.any() or (n1 == 0 and not competing):
        return TimeIID(None, None)
    c = s["control"](t) if n1 else 0.0  # G(t) may be 0 when no row is left
    case_w = np.where(case, w[:p], 0.0)
    F = case_w.sum()
    St = c * n1
    FS = F * St
    K1 = mid_rank_sums(group[q:], np.ones(n1), n_groups)[0][head_group]
    L = mid_rank_sums(head_group, case_w, n_groups)[1]
    R = case_w * (c * n * n) * K1  # the cases' pair sums (0 elsewhere)
    row_1 = (c * n * n) * L[group[q:]]  # the controls' pair sums
    sum_h1 = R.sum()
    h_star = sum_h1 / (n * n)
    d = case_w * n  # timeROC writes 1(T <= t), but its weights are 0 off the cases
    sum_d = d.sum()
    if competing:
        K2 = mid_rank_sums(head_group, np.where(control_2, w[:p], 0.0), n_groups)[0][head_group]
        col_2 = case_w * (n * n) * K2
        row_2 = np.where(control_2, w[:p] * (n * n), 0.0) * L[head_group]
        col = R + col_2
        sum_h2 = col_2.sum()
        n2ht = sum_h1 + sum_h2  # n^2 ht
        D = F * (1 - F)
        coef = (n2ht / (n * n)) * (1 - 2 * F) / D
        Q_R, Q_d, Q_col, Q_row_2 = km.project((R, d, col, row_2))
    else:
        Q_R, Q_d = km.project((R, d))
    iid_1 = _iid_1(n, n1, p, q, F, FS, sum_h1, h_star, sum_d, R, d, row_1, Q_R, Q_d)
    if not competing:
        return TimeIID(iid_1, None)
    # timeROC's four sums (over l; over k; over i; over j): every row gets
    # the first two and the constant parts of the others, the cases and
    # the definition-2 controls (the first p rows) and the definition-1
    # controls (from q on) their own terms.
    jt = q - 1  # the last row with T <= t
    iid_2 = sum_h1 * (1 + km.row(jt)) + sum_h2 + Q_row_2 - n2ht
    iid_2 += Q_col - n * coef * (sum_d + Q_d - n * F)
    iid_2 += coef * n * n * F - 2 * n2ht
    iid_2[:p] += (col + row_2) * n - coef * n * n * d
    iid_2[q:] += row_1 * n
    iid_2 /= D
    return TimeIID(iid_1, iid_2 / (n * n))


def _sorted_design(design):
    """The design's rows in its one order of the times (timeROC's stable sort)."""
    order = design.time_order
    return {
        "time": design.time[order],
        "event": design.event[order],
        "w": design.case_weight[order],
        "group": design.group[order],
        "n_groups": int(design.group.max()) + 1,
        "control": lambda t: float(design.control_weight(t)),
    }


def weight_derivative(design, point):
    """d AUC / d w_k for every row k (the caller's order): the AUC's
    linearization in the case weights, through the pairs and through the
    weighted reverse Kaplan-Meier of censoring (marginal weighting).

    Each row in the curve weighs v_i = w_i / G(s_i) (s_i = T_i- for the
    rows before t, t after it).  With P and Q the rows' mid-rank placement
    masses among the other class, A and B the classes' masses and
    AUC = sum v P / (A B), the direct part is (v_k / w_k)(P_k / (A B) -
    AUC / A) for a case ((Q_k / (A B) - AUC / B) for a control), and the
    censoring part is
    sum_i c_i d log G(s_i) / d w_k with c_i = -w_i times the direct part,
    where d log G(s) / d w_k sums 1/Y'(u) - 1/Y(u) over the censoring times
    u <= s before T_k (Y: at risk once the failures left; Y': after u),
    less 1/Y(T_k) for a censored k with T_k <= s.  Unweighted, n times it
    is timeROC's influence function (ties in time aside)."""
    rows, groups, censoring = design.by_guess, point.groups, design.censoring
    w = np.ones(len(rows.time)) if rows.weight is None else rows.weight
    case, control = groups.case, point.controls
    v = np.where(case | control, groups.weight, 0.0)
    n_groups = int(rows.group[-1]) + 1
    P = mid_rank_sums(rows.group, np.where(control, v, 0.0), n_groups)[0][rows.group]
    Q = mid_rank_sums(rows.group, np.where(case, v, 0.0), n_groups)[1][rows.group]
    A, B = v[case].sum(), v[control].sum()
    auc = (v * P)[case].sum() / (A * B)
    direct = np.where(case, P / (A * B) - auc / A, 0.0)
    direct += np.where(control, Q / (A * B) - auc / B, 0.0)
    direct *= v / w
    c = -w * direct
    # the censoring part, in the order of the times
    by_time = np.empty_like(design.time_order)
    by_time[design.order] = np.arange(len(by_time))  # guess position of each row
    at = by_time[design.time_order]
    T, c_t = design.time[design.time_order], c[at]
    after_t = T > point.time  # the controls of definition 1: s = t
    tail = np.append(np.cumsum(np.where(after_t, 0.0, c_t)[::-1])[::-1], 0.0)
    late = c_t[after_t].sum()
    u = censoring.time
    some = censoring.censored > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        h = np.where(some & (censoring.later > 0), 1 / censoring.later - 1 / censoring.remaining, 0)
        g = np.where(some, 1 / censoring.remaining, 0.0)
    inside = tail[np.searchsorted(T, u, side="right")] + np.where(u <= point.time, late, 0.0)
    cumulative = np.append(0.0, np.cumsum(h * inside))
    k = np.searchsorted(u, T, side="left")  # the distinct time of each row
    part = cumulative[k] - np.where(design.event[design.time_order] == 0, g[k] * inside[k], 0.0)
    out = np.empty(len(T))
    out[design.time_order] = part
    out[design.order] += direct
    return out


class _Fit(NamedTuple):
    designs: list
    table: pd.DataFrame
    iid: list  # per row of `table`: the rows' influence values per marker, or None
    missing: list  # (time, why) of each time without an AUC


def _fit(designs, times, *, inference, weights_are="importance", design=None):
    """AUCs (and influence values) of every marker at every time, one
    loop; warns once for the times without an answer."""
    times = check_times(times)
    first = designs[0]
    weighted = first.weight is not None or design is not None
    if inference and first.cox is not None:
        warn(
            'standard errors are NaN: timeROC\'s iid representation needs weighting="marginal"',
            UserWarning,
        )
        inference = False
    if inference and weights_are == "frequency" and first.weight is not None and design is None:
        designs_iid = _repeated(designs)
        weighted = False
    else:
        designs_iid = designs
    if inference and not weighted:
        s = [_sorted_design(d) for d in designs_iid]
        km = km_iid(s[0]["time"], s[0]["event"])
    rows, influence, missing = [], [], []
    for k, d in enumerate(designs):
        at = None
        rows.append([])
        influence.append([])
        for point in time_points(d, times):
            if point.missing is not None:
                if k == 0:
                    missing.append((point.time, point.missing))
                rows[k].append((point.time, point.definition, np.nan))
                influence[k].append(None)
                continue
            auc = counts_area(time_counts(d, point))
            f = None
            if inference and weighted:
                f = weight_derivative(d, point)
            elif inference:
                if point.time != at:
                    each, at = time_iid(s[k], km, point.time, d.cause), point.time
                f = each.auc_1 if point.definition == 1 else each.auc_2
            rows[k].append((point.time, point.definition, auc))
            influence[k].append(f)
    tables = []
    for k in range(len(designs)):
        table = pd.DataFrame(rows[k], columns=["time", "definition", "auc"])
        if not first.competing:
            table = table.drop(columns="definition")
        tables.append(table)
    return _Fit(designs, tables, influence, missing)


def _repeated(designs):
    """The designs of the rows repeated `weight` times (whole numbers), whose
    timeROC influence functions give frequency weights' standard errors."""
    d = designs[0]
    copies = np.rint(d.weight)
    if (copies != d.weight).any():
        raise ValueError(
            'weights_are="frequency" counts repeated rows: the weights must be whole '
            f'numbers, got {d.weight[copies != d.weight][0]!r} (use weights_are="importance")'
        )
    copies = copies.astype(np.int64)
    # the copies of a row are adjacent and tied in time: the stable order of
    # the repeated times is the rows' order, each row's copies in a run
    starts = np.cumsum(copies) - copies
    runs = copies[d.time_order]
    within = np.arange(runs.sum()) - np.repeat(np.cumsum(runs) - runs, runs)
    by_time = np.repeat(starts[d.time_order], runs) + within
    inputs = Checked(
        np.repeat(d.time, copies),
        np.repeat(d.event, copies),
        [np.repeat(one.guess, copies) for one in designs],
        None,
        d.cause,
    )
    return build_designs(inputs, "marginal", by_time=by_time)


def _std_error(f, d, weights_are, design):
    """The standard error from influence values `f` of one row each."""
    if f is None:
        return np.nan
    if (d.weight is None or weights_are == "frequency") and design is None:
        return float(np.std(f, ddof=1) / np.sqrt(len(f)))  # timeROC's sd(IF) / sqrt(n)
    w = np.ones(len(f)) if d.weight is None else d.weight
    if design is not None:
        return float(np.sqrt(svyrecvar(w * f, design.coded(len(f)))[0, 0]))
    z = w * f
    m = len(z)
    return float(np.sqrt(m / (m - 1) * ((z - z.mean()) ** 2).sum()))


def _method(d, weights_are, design):
    """The standard error's method, in words (the table's ``attrs["method"]``)."""
    if d.cox is not None:
        return 'none (weighting="cox")'
    if design is not None:
        return "linearization (svyrecvar)"
    if d.weight is None:
        return "timeROC iid"
    if weights_are == "frequency":
        return "timeROC iid of the rows repeated"
    return "linearization (importance weights)"


def _designs(time, event, guesses, names, weight, cause, weighting, covariates, data, design=None):
    return survival_designs(
        time,
        event,
        guesses,
        weight=weight,
        cause=cause,
        weighting=weighting,
        covariates=covariates,
        data=data,
        names=names,
        design=design,
    )


def _check_weights_are(weights_are, design):
    check_choice(weights_are, "weights_are", ("importance", "frequency"))
    if design is not None and weights_are != "importance":
        raise ValueError(
            'with design= the weights are sampling weights: weights_are="importance", '
            f"got {weights_are!r}"
        )
    if design is not None and not hasattr(design, "coded"):
        raise TypeError(
            f"design must be a SurveyDesign (linearization), got {type(design).__name__}"
        )


@in_help
def time_auc(
    time: Col,
    event: Col = None,
    guess: Col = None,
    *,
    times: Times,
    weight: Col = None,
    cause: Code = None,
    weighting: IPCW = "marginal",
    covariates: Cov = None,
    data: Any = None,
    conf_level: float = 0.95,
    weights_are: str = "importance",
    design: Any = None,
) -> Frame:
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
    weights_are : {"importance", "frequency"}, default "importance"
        How `weight` enters the standard error: as counts of repeated rows
        ("frequency": timeROC's of the rows repeated), or as sampling or
        importance weights (a with-replacement linearization).
    design : SurveyDesign, optional
        The survey design of the rows: the design-based variance of the
        linearization, as ``auc_ci(design=)`` (survey's ``svyrecvar``).
        The weights are the design's sampling weights
        (``SurveyDesign(weight=)``), as `auc_ci` takes them: a `weight`
        given too must equal them (an error names the first row that
        differs); without them in the design, `weight` is the sampling
        weights.

    Returns
    -------
    pandas.DataFrame
        Columns ``time`` (sorted), ``definition`` under competing risks (1
        and 2, as `time_roc`), ``auc``, ``std_error``, ``conf_low``,
        ``conf_high``; ``attrs["method"]`` names the standard error's
        method.  The AUC is NaN, with one warning naming the times,
        at a time without cases or controls (at 0, before the first event,
        beyond follow-up), as timeROC's NA.

    Notes
    -----
    The standard error is sd(IF)/sqrt(n) (sd with n - 1) of timeROC's
    influence function IF; definition 2 divides by F(t)(1 - F(t)), and,
    as timeROC, is NaN at a time with no subject of another cause before
    t.  timeROC gives the censoring hazard per row within tied times after
    a stable sort by time, so its standard error (and this one, which
    follows it) depends on the input order of rows tied in time, by up to
    about 4e-5 relative.  With `weight` or `design`, the influence values
    are the AUC's derivatives in the case weights, through the pairs and
    the weighted censoring estimate (its ties per distinct time): integer
    frequency weights give timeROC's standard error of the rows repeated
    to about 1e-4 (the within-tie hazard aside), and importance weights'
    interval covers as benchmarks/results/time_auc_weighted_coverage.md
    shows.  Standard errors are NaN, with a warning, for
    ``weighting="cox"``: timeROC's iid representation does not cover it.
    Coverage of the unweighted 95% interval, simulated with two causes and
    a third censored (benchmarks/results/time_auc_coverage.md): 0.91-0.93
    at n = 100 (some 10-20 cases per time), 0.93-0.95 at 300, 0.94-0.96
    at 1,000.

    Examples
    --------
    >>> from weightedroc import time_auc
    >>> time_auc([1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 1, 1, 0, 1, 0, 0],
    ...          [0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5], times=[4.5]).round(4)
       time     auc  std_error  conf_low  conf_high
    0   4.5  0.7375     0.2375     0.272      1.203
    """
    z = qnorm(1 - (1 - check_conf_level(conf_level)) / 2)
    _check_weights_are(weights_are, design)
    designs = _designs(
        time, event, [guess], ("guess",), weight, cause, weighting, covariates, data, design
    )
    fit = _fit(designs, times, inference=True, weights_are=weights_are, design=design)
    warn_missing(fit.missing)
    table = fit.table[0]
    table["std_error"] = [_std_error(f, designs[0], weights_are, design) for f in fit.iid[0]]
    table["conf_low"] = table["auc"] - z * table["std_error"]
    table["conf_high"] = table["auc"] + z * table["std_error"]
    table.attrs["conf_level"] = conf_level
    table.attrs["method"] = _method(designs[0], weights_are, design)
    return table


@in_help
def time_auc_test(
    time: Col,
    event: Col = None,
    guess1: Col = None,
    guess2: Col = None,
    *,
    times: Times,
    weight: Col = None,
    cause: Code = None,
    weighting: IPCW = "marginal",
    covariates: Cov = None,
    data: Any = None,
    weights_are: str = "importance",
    design: Any = None,
) -> Frame:
    """Paired test of two markers' time-dependent AUCs (timeROC's ``compare``).

    At each time, the difference of the two AUCs over the standard error of
    the difference of their iid representations: p = 2 Phi(-abs(z)), with no
    adjustment for the number of times (timeROC's ``adjusted=FALSE``).

    Parameters
    ----------
    time, event, times, weight, cause, weighting, covariates, data
        As `time_roc`.
    guess1, guess2 : array-like of float, or column names
        The two markers, measured on the same subjects.
    weights_are, design
        As `time_auc`.

    Returns
    -------
    pandas.DataFrame
        Columns ``time``, ``definition`` under competing risks, ``auc1``,
        ``auc2``, ``estimate`` (auc1 - auc2), ``std_error``, ``statistic``
        (estimate / std_error) and ``p_value``.  Under competing risks both
        definitions are tested, as timeROC's ``p_values_AUC_1`` and
        ``p_values_AUC_2``.  ``attrs["method"]`` names the standard
        error's method.

    Examples
    --------
    >>> from weightedroc import time_auc_test
    >>> time_auc_test([1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 1, 1, 0, 1, 0, 0],
    ...               [0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5],
    ...               [0.5, 0.2, 0.9, 0.1, 0.6, 0.3, 0.4, 0.8], times=[4.5]).round(4)
       time    auc1  auc2  estimate  std_error  statistic  p_value
    0   4.5  0.7375   0.5    0.2375     0.1426     1.6656   0.0958
    """
    _check_weights_are(weights_are, design)
    names = ("guess1", "guess2")
    designs = _designs(
        time, event, [guess1, guess2], names, weight, cause, weighting, covariates, data, design
    )
    fit = _fit(designs, times, inference=True, weights_are=weights_are, design=design)
    warn_missing(fit.missing)
    first, second = fit.table
    table = first.drop(columns=["auc"])
    table["auc1"], table["auc2"] = first["auc"], second["auc"]
    table["estimate"] = first["auc"] - second["auc"]
    table["std_error"] = [
        np.nan if f1 is None or f2 is None else _std_error(f1 - f2, designs[0], weights_are, design)
        for f1, f2 in zip(*fit.iid)
    ]
    table["statistic"] = table["estimate"] / table["std_error"]
    table["p_value"] = 2 * pnorm(-np.abs(table["statistic"].to_numpy()))
    table.attrs["method"] = _method(designs[0], weights_are, design)
    return table


@in_help
def time_auc_mean(
    time: Col,
    event: Col = None,
    guess: Col = None,
    *,
    times: Times,
    weight: Col = None,
    cause: Code = None,
    weighting: IPCW = "marginal",
    covariates: Cov = None,
    data: Any = None,
    definition: int = 1,
) -> float:
    """The AUC integrated over `times` against the survival function, as
    scikit-survival's ``mean_auc``.

    sum_k AUC(t_k) (S(t_{k-1}) - S(t_k)) / (1 - S(t_K)), with S(t_0) = 1
    and S the Kaplan-Meier estimate of event-free survival (any cause an
    event, `weight` as case weights) of these data: the mean of the AUC
    over the event times in the range, each time weighted by the share of
    the events that happen there.  One time gives its AUC.

    Parameters
    ----------
    time, event, guess, times, weight, cause, weighting, covariates, data
        As `time_auc`.
    definition : {1, 2}, default 1
        Under competing risks, which definition of controls (see
        `time_roc`).

    Returns
    -------
    float
        The integrated AUC.

    Raises
    ------
    ValueError
        A time without an AUC (no cases or no controls there).

    Examples
    --------
    >>> from weightedroc import time_auc_mean
    >>> round(time_auc_mean([1, 2, 3, 4, 5, 6, 7, 8], [1, 0, 1, 1, 0, 1, 0, 0],
    ...                     [0.9, 0.1, 0.8, 0.3, 0.4, 0.7, 0.2, 0.5], times=[2.5, 4.5, 6.5]), 4)
    0.8368
    """
    designs = _designs(
        time, event, [guess], ("guess",), weight, cause, weighting, covariates, data, None
    )
    fit = _fit(designs, times, inference=False)
    table = fit.table[0]
    if "definition" in table:
        table = table[table.definition == definition]
    elif definition != 1:
        raise ValueError("definition 2 needs competing risks (event codes other than 0 and cause)")
    auc = table.auc.to_numpy()
    if np.isnan(auc).any():
        raise ValueError(
            f"no AUC at time {table.time.to_numpy()[np.isnan(auc)][0]:g} (no cases or no "
            "controls there): choose times inside the follow-up"
        )
    if len(auc) == 1:
        return float(auc[0])
    d = designs[0]
    S = kaplan_meier(d.time, d.event != 0, d.weight, d.time_order).at(table.time.to_numpy())
    share = -np.diff(np.r_[1.0, S])
    return float((auc * share).sum() / (1.0 - S[-1]))


__all__ = ["time_auc", "time_auc_test", "time_auc_mean"]
