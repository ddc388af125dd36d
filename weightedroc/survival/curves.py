"""`time_roc`: cumulative/dynamic ROC curves of censored survival data.

Each time's curve is WeightedROC's of that time's cases (an event of the
cause before t) and controls (event-free at t), weighted by the inverse
probability of remaining uncensored (IPCW), as R's timeROC estimates them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

import numpy as np
import pandas as pd

from ..curves.roc import COLUMNS, curve_frame
from ..engine.core import cumulate_sorted, run_ends, stable_order
from ..utils.signatures import in_help
from ..utils.types import ArrayLike
from .censoring import Censoring, cox_censoring, reverse_km
from .inputs import check_survival, check_times, time_order

Weighting = Literal["marginal", "cox"]
#: An array, or the name of a column of `data`.
Column = ArrayLike | str
# Short names, for help()'s signatures.
#: A column, or None.
Col = ArrayLike | str | None
#: An event code, or None (1 for 0/1 events).
Code = int | None
#: The evaluation times.
Times = ArrayLike
#: The model of censoring of the inverse-probability-of-censoring weights.
IPCW = Weighting
#: The Cox censoring model's covariates: an (n, p) array or column names.
Covariates = ArrayLike | str | Sequence[str] | None
Cov = Covariates
#: A pandas DataFrame.
Frame = pd.DataFrame


class Design(NamedTuple):
    """What every time reads for one marker: the checked inputs (the
    caller's row order), the censoring model, the case weights
    1/(n G(T_i-)) (times `weight`), the one sort of the times (shared by
    the markers of a call) and the one sort of the guesses."""

    time: np.ndarray
    event: np.ndarray
    guess: np.ndarray
    weight: np.ndarray | None
    n: float  # the total weight: the number of rows without `weight`
    cause: int
    competing: bool  # event codes other than 0 and `cause` occur
    case_weight: np.ndarray  # 1/(n G(T_i-)) (times weight)
    censoring: Censoring | None  # marginal weighting
    cox: object  # the Cox censoring model, or None
    order: np.ndarray  # stable order of the guesses
    group: np.ndarray  # each row's rank among the distinct guesses
    by_guess: ByGuess  # the rows in that order
    time_order: np.ndarray  # stable order of the times

    def control_weight(self, t, weight=None, order=None):
        """1/(n G(t)) (times `weight`): a control's weight at t, one value
        (marginal, no weights) or one per row (in `order` when given)."""
        G = self.censoring.at(t) if self.cox is None else self.cox.at(t)
        if order is not None and np.ndim(G):
            G = G[order]
        with np.errstate(divide="ignore"):  # G(t) = 0 beyond the last time: no controls
            value = 1 / (G * self.n)
        return value if weight is None else value * weight


class ByGuess(NamedTuple):
    """The rows in the stable order of their guesses: the one sort that
    every time's curve reads."""

    guess: np.ndarray
    time: np.ndarray
    event: np.ndarray
    case_weight: np.ndarray
    weight: np.ndarray | None
    group: np.ndarray


def survival_designs(
    time,
    event,
    guesses,
    *,
    weight,
    cause,
    weighting,
    covariates,
    data,
    names=("guess",),
    design=None,
):
    """One `Design` per marker of `guesses`, from one validation of the
    inputs, one sort of the times and (marginal weighting) one censoring
    fit: the inputs of `time_roc`, `time_auc` and `time_auc_test`."""
    if weighting not in ("marginal", "cox"):
        raise ValueError(f'weighting must be "marginal" or "cox"; got {weighting!r}')
    if weighting == "marginal" and covariates is not None:
        raise ValueError('covariates are read only with weighting="cox"')
    inputs = check_survival(
        time, event, guesses, weight, data, cause=cause, names=names, design=design
    )
    return build_designs(inputs, weighting, covariates, data)


def build_designs(inputs, weighting, covariates=None, data=None, by_time=None):
    """The `Design` of each marker of checked inputs (`check_survival`);
    `by_time`, the stable order of the times when the caller has it."""
    time, event, weight, cause = inputs.time, inputs.event, inputs.weight, inputs.cause
    n = float(len(time) if weight is None else weight.sum())
    failed = event != 0
    by_time = time_order(time) if by_time is None else by_time
    censoring = cox = None
    if weighting == "marginal":
        censoring = reverse_km(time, failed, weight, by_time)
        before = censoring.before(time)
    competing = bool(np.isin(event, [0, cause], invert=True).any())
    designs = []
    for guess in inputs.guesses:
        if weighting == "cox":
            cox = cox_censoring(time, failed, guess, covariates, data, weight, by_time)
            before = cox.before_own()
        case_weight = 1 / (before * n)
        if weight is not None:
            case_weight = case_weight * weight
        ordered = stable_order(guess)
        ends = run_ends(ordered.guess)
        ranks = np.concatenate(([0], np.cumsum(ends[:-1])))
        group = np.empty(len(ends), dtype=np.int64)
        order = ordered.order
        group[order] = ranks
        by_guess = ByGuess(
            ordered.guess,
            time[order],
            event[order],
            case_weight[order],
            None if weight is None else weight[order],
            ranks,
        )
        designs.append(
            Design(
                time, event, guess, weight, n, cause, competing, case_weight,
                censoring, cox, order, group, by_guess, by_time,
            )
        )  # fmt: skip
    return designs


class Groups(NamedTuple):
    """Who is what at a time t, rows in the order of the guesses: cases,
    controls of definition 1 (event-free at t) and 2 (an event of another
    cause before t), and every row's IPCW."""

    case: np.ndarray
    control_1: np.ndarray
    control_2: np.ndarray
    weight: np.ndarray


def groups_at(design, t):
    """The `Groups` at time `t` (timeROC's: a row with T == t is neither)."""
    rows = design.by_guess
    before, after = rows.time < t, rows.time > t
    case = before & (rows.event == design.cause)
    control_2 = before & (rows.event != design.cause) & (rows.event != 0)
    control = design.control_weight(t, rows.weight, design.order)
    weight = np.where(after, control, rows.case_weight)
    return Groups(case, after, control_2, weight)


class TimePoint(NamedTuple):
    """One time and one definition of controls: who is what (`groups`),
    the controls, and why there is no curve (None when there is one)."""

    time: float
    definition: int
    groups: Groups
    controls: np.ndarray
    missing: str | None


def time_points(design, times):
    """The one loop over times (and definitions) that curves, AUCs and
    their influence functions read."""
    last = float(design.time.max())
    for t in times:
        groups = groups_at(design, t)
        for definition in definitions(design):
            controls = groups.control_1 | groups.control_2 if definition == 2 else groups.control_1
            missing = None
            if t <= 0:
                missing = "at or before time 0"
            elif not groups.case.any():
                missing = f"no cases (event {design.cause} before it)"
            elif not controls.any():
                missing = (
                    f"at or after the last observed time ({last:g}): no one is event-free after it"
                    if t >= last
                    else "no controls (event-free after it)"
                )
            yield TimePoint(t, definition, groups, controls, missing)


def time_counts(design, point):
    """WeightedROC's `Cumulated` counts of one time's cases and controls,
    read from the design's one sort of the guesses."""
    groups = point.groups
    keep = groups.case | point.controls
    return cumulate_sorted(design.by_guess.guess[keep], groups.case[keep], groups.weight[keep])


def definitions(design):
    """The definitions of controls reported: (1, 2) under competing risks."""
    return (1, 2) if design.competing else (1,)


@in_help
def time_roc(
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
    design: Any = None,
) -> Frame:
    """Cumulative/dynamic ROC curves at `times` with IPCW, as R's timeROC.

    At each time t the cases are the subjects with an event of `cause`
    before t, weighted by 1/(n G(T_i-)), and the controls those still
    event-free after t, weighted by 1/(n G(t)), where G is the censoring
    survival (the reverse Kaplan-Meier, or a Cox model of censoring).  The
    curve is `WeightedROC` of those cases and controls with those weights
    (times `weight`), bit for bit.

    Parameters
    ----------
    time : array-like of float >= 0, column name, or structured array
        Observed times (event or censoring).  A scikit-survival structured
        array (``Surv.from_arrays``) holds time and event: then pass
        ``event=None``.
    event : array-like of int or bool, or column name
        0 (False) for censored, 1 (True) for the event.  Other codes are
        causes of competing risks, read only with an explicit `cause`
        (R's ``Surv`` coding 1 = censored, 2 = event is refused: pass
        ``status - 1``).
    guess : array-like of float, or column name
        The marker (timeROC's ``marker``): higher means an earlier event.
    times : array-like of float
        The times t, sorted ascending in the result as timeROC sorts them.
    weight : array-like of positive float, or column name, optional
        Case weights: they weight the censoring estimator and multiply the
        IPCW (timeROC has none).
    cause : int, optional
        The event code of interest (timeROC's ``cause``): 1 for 0/1 data,
        required when other codes occur; it must occur in `event`.
    weighting : {"marginal", "cox"}, default "marginal"
        The censoring model: the Kaplan-Meier estimator of censoring
        (``prodlim(reverse=TRUE)``), or a Cox model of censoring on the
        guess and `covariates` (``pec::ipcw(method="cox")``).
    covariates : array-like (n, p), list of column names, optional
        With ``weighting="cox"``: the censoring model's covariates besides
        the guess.
    data : pandas or polars DataFrame, optional
        Where column names given for the other arguments are read.

    design : SurveyDesign, optional
        A survey design whose sampling weights (``SurveyDesign(weight=)``)
        are the case weights, as `auc_ci` takes them: a `weight` given too
        must equal them.  The curves have no variance; `time_auc` gives the
        design-based standard errors.

    Returns
    -------
    pandas.DataFrame
        Columns ``time``, then under competing risks (event codes other
        than 0 and `cause`) ``definition`` (1: controls are event-free at
        t; 2: controls also include the subjects with another cause before
        t), then WeightedROC's ``TPR, FPR, threshold, FN, FP``.  FN and FP
        are IPCW-weighted: FN summed over all thresholds is timeROC's
        cumulative incidence estimate.

    Raises
    ------
    ValueError
        Negative or missing times; event codes that are not integers, or
        other than 0 and 1 without `cause` (R's ``Surv`` 1/2 coding named
        with its fix); a `cause` that does not occur; a time with no cases
        or no controls (at 0, before the first event, at or after the
        largest observed time).  The errors of swapped arguments say that
        the order is ``(time, event, guess)``.

    Notes
    -----
    timeROC's conventions: a case has T_i < t (strictly), a control T_i > t;
    a subject with T_i == t (event or censored) is neither.  Censoring ties:
    at a tied time the failures (of any cause) leave the risk set before
    the censorings.  At t >= the largest observed time no subject is
    event-free: definition 1 has no controls (an error here; `time_auc`
    gives NaN, as timeROC's NA), while definition 2 still has the other
    causes as controls.  timeROC's ``TP`` and ``FP`` at each distinct
    marker m are this curve's TPR and FPR at the first threshold above m
    (tests/test_survival.py checks them live to 1e-14).

    Examples
    --------
    >>> from weightedroc import time_roc
    >>> curves = time_roc([1, 2, 3, 4, 5, 6], [1, 0, 1, 1, 0, 0],
    ...                   [0.9, 0.1, 0.8, 0.3, 0.4, 0.2], times=[3.5])
    >>> curves[["time", "TPR", "FPR", "threshold"]].round(4)
       time     TPR     FPR  threshold
    0   3.5  1.0000  1.0000        0.2
    1   3.5  1.0000  0.6667        0.3
    2   3.5  1.0000  0.3333        0.4
    3   3.5  1.0000  0.0000        0.8
    4   3.5  0.4444  0.0000        0.9
    5   3.5  0.0000  0.0000        inf
    """
    (design,) = survival_designs(
        time,
        event,
        [guess],
        weight=weight,
        cause=cause,
        weighting=weighting,
        covariates=covariates,
        data=data,
        design=design,
    )
    frames = []
    for point in time_points(design, check_times(times)):
        if point.missing is not None:
            raise ValueError(
                f"no curve at time {point.time:g}: {point.missing} (cases: an event of the "
                "cause before t; controls: event-free after t): choose times inside the follow-up"
            )
        frame = curve_frame(time_counts(design, point))
        if design.competing:
            frame.insert(0, "definition", point.definition)
        frame.insert(0, "time", point.time)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


__all__ = ["time_roc", "COLUMNS"]
