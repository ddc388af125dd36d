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
from ..utils.types import ArrayLike
from .censoring import Censoring, cox_censoring, reverse_km
from .inputs import check_cause, check_survival, check_times

Weighting = Literal["marginal", "cox"]
#: An array, or the name of a column of `data`.
Column = ArrayLike | str
#: The Cox censoring model's covariates: an (n, p) array or column names.
Covariates = ArrayLike | str | Sequence[str] | None


class Design(NamedTuple):
    """What every time reads: the checked inputs (the caller's row order),
    the censoring model, the case weights 1/(n G(T_i-)) (times `weight`),
    and the one sort of the guesses."""

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


def survival_design(
    time, event, guess, *, weight, cause, weighting, covariates, data, name="guess"
):
    """The `Design` of the inputs of `time_roc`, `time_auc` and their test."""
    inputs = check_survival(time, event, guess, weight, data, name=name)
    cause = check_cause(cause, inputs.event)
    n = float(len(inputs.time) if inputs.weight is None else inputs.weight.sum())
    failed = inputs.event != 0
    if weighting == "marginal":
        if covariates is not None:
            raise ValueError('covariates are read only with weighting="cox"')
        censoring, cox = reverse_km(inputs.time, failed, inputs.weight), None
        before = censoring.before(inputs.time)
    elif weighting == "cox":
        cox = cox_censoring(inputs.time, failed, inputs.guess, covariates, data, inputs.weight)
        censoring, before = None, cox.before_own()
    else:
        raise ValueError(f'weighting must be "marginal" or "cox"; got {weighting!r}')
    case_weight = 1 / (before * n)
    if inputs.weight is not None:
        case_weight = case_weight * inputs.weight
    ordered = stable_order(inputs.guess)
    ends = run_ends(ordered.guess)
    group = np.empty(len(ends), dtype=np.int64)
    group[ordered.order] = np.concatenate(([0], np.cumsum(ends[:-1])))
    competing = bool(np.isin(inputs.event, [0, cause], invert=True).any())
    order = ordered.order
    by_guess = ByGuess(
        ordered.guess,
        inputs.time[order],
        inputs.event[order],
        case_weight[order],
        None if inputs.weight is None else inputs.weight[order],
    )
    return Design(*inputs, n, cause, competing, case_weight, censoring, cox, order, group, by_guess)


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


def time_counts(design, groups, definition):
    """WeightedROC's `Cumulated` counts of one time's cases and controls
    (`definition` 1 or 2), read from the design's one sort of the guesses."""
    controls = groups.control_1 if definition == 1 else groups.control_1 | groups.control_2
    keep = groups.case | controls
    return cumulate_sorted(design.by_guess.guess[keep], groups.case[keep], groups.weight[keep])


def definitions(design):
    """The definitions of controls reported: (1, 2) under competing risks."""
    return (1, 2) if design.competing else (1,)


def time_roc(
    time: Column,
    event: Column | None = None,
    guess: Column | None = None,
    *,
    times: ArrayLike,
    weight: Column | None = None,
    cause: int = 1,
    weighting: Weighting = "marginal",
    covariates: Covariates = None,
    data: Any = None,
) -> pd.DataFrame:
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
    event : array-like of int, or column name
        0 for censored, 1, 2, ... for the causes (booleans: True is 1).
    guess : array-like of float, or column name
        The marker (timeROC's ``marker``): higher means an earlier event.
    times : array-like of float
        The times t, sorted ascending in the result as timeROC sorts them.
    weight : array-like of positive float, or column name, optional
        Case weights: they weight the censoring estimator and multiply the
        IPCW (timeROC has none).
    cause : int, default 1
        The event code of interest.
    weighting : {"marginal", "cox"}, default "marginal"
        The censoring model: the Kaplan-Meier estimator of censoring
        (``prodlim(reverse=TRUE)``), or a Cox model of censoring on the
        guess and `covariates` (``pec::ipcw(method="cox")``).
    covariates : array-like (n, p), list of column names, optional
        With ``weighting="cox"``: the censoring model's covariates besides
        the guess.
    data : pandas or polars DataFrame, optional
        Where column names given for the other arguments are read.

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
        Negative or missing times, non-integer event codes, a time with no
        cases or no controls (any t >= the largest observed time).

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
    design = survival_design(
        time,
        event,
        guess,
        weight=weight,
        cause=cause,
        weighting=weighting,
        covariates=covariates,
        data=data,
    )
    frames = []
    for t in check_times(times):
        groups = groups_at(design, t)
        for definition in definitions(design):
            controls = groups.control_1 | (groups.control_2 if definition == 2 else False)
            if not groups.case.any() or not controls.any():
                raise ValueError(
                    f"no {'cases' if not groups.case.any() else 'controls'} at time {t:g} "
                    "(cases: an event of the cause before t; controls: event-free after t): "
                    "choose times inside the follow-up"
                )
            frame = curve_frame(time_counts(design, groups, definition))
            if design.competing:
                frame.insert(0, "definition", definition)
            frame.insert(0, "time", t)
            frames.append(frame)
    return pd.concat(frames, ignore_index=True)


__all__ = ["time_roc", "COLUMNS"]
