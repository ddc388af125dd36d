"""The censoring survival G that weights the subjects (IPCW).

`reverse_km` is the reverse Kaplan-Meier of ``prodlim(reverse=TRUE)`` as
timeROC reads it through ``pec::ipcw``: every cause counts as a failure,
and at a tied time the failures leave the risk set before the censorings.
`cox_censoring` is the Cox model of censoring of ``pec::ipcw(method="cox")``
(``rms::cph``: Efron ties and the Efron-corrected baseline hazard).
"""

from typing import NamedTuple

import numpy as np


class Censoring(NamedTuple):
    """A censoring survival step function: distinct observed times
    (ascending) and G just after each of them."""

    time: np.ndarray
    survival: np.ndarray
    # the reverse Kaplan-Meier's terms at each distinct time, for its
    # derivative in the case weights: weight of the censorings, at risk
    # after the time, and at risk once the failures left
    censored: np.ndarray | None = None
    later: np.ndarray | None = None
    remaining: np.ndarray | None = None

    def at(self, t):
        """G(t): the probability of remaining uncensored beyond `t`."""
        index = np.searchsorted(self.time, t, side="right") - 1
        return np.where(index < 0, 1.0, self.survival[np.maximum(index, 0)])

    def before(self, t):
        """G(t-): the probability of remaining uncensored until just before `t`."""
        index = np.searchsorted(self.time, t, side="left") - 1
        return np.where(index < 0, 1.0, self.survival[np.maximum(index, 0)])


def runs(sorted_time):
    """(distinct values, index of the first of each run) of sorted times:
    np.unique without its sort."""
    first = np.flatnonzero(np.r_[True, sorted_time[1:] != sorted_time[:-1]])
    return sorted_time[first], first


def reverse_km(time, failed, weight=None, order=None):
    """The reverse Kaplan-Meier censoring survival of (`time`, `failed`).

    Parameters
    ----------
    time : ndarray of float
        Observed times.
    failed : ndarray of bool
        True for an event of any cause, False for a censoring.
    weight : ndarray of float, optional
        Case weights (frequency weights); 1 for everyone by default.
    order : ndarray of int, optional
        The stable order of `time`, when the caller has it.

    Returns
    -------
    Censoring
        G at each distinct time: the product over censoring times u <= t of
        1 - C(u) / (Y(u) - D(u)), with Y the weight at risk, D that of the
        failures and C that of the censorings at u (failures leave first).

    Examples
    --------
    >>> import numpy as np
    >>> G = reverse_km(np.array([1.0, 2, 2, 3, 4]), np.array([True, True, False, False, True]))
    >>> G.survival.tolist()
    [1.0, 0.6666666666666667, 0.33333333333333337, 0.33333333333333337]
    """
    order = np.argsort(time, kind="stable") if order is None else order
    t = time[order]
    w = np.ones(len(t)) if weight is None else weight[order]
    distinct, first = runs(t)
    total = np.add.reduceat(w, first)
    censored = np.add.reduceat(np.where(failed[order], 0.0, w), first)
    later = np.append(np.cumsum(total[::-1])[::-1][1:], 0.0)  # weight at risk after u
    remaining = censored + later  # at risk at u once the failures left (no cancellation)
    factor = np.ones(len(distinct))
    some = censored > 0
    if weight is None:  # prodlim's 1 - C/Y on counts
        factor[some] = 1 - censored[some] / remaining[some]
    else:  # (Y - C)/Y: no cancellation whatever the weights' scale
        factor[some] = later[some] / remaining[some]
    return Censoring(distinct, np.cumprod(factor), censored, later, remaining)


def kaplan_meier(time, failed, weight=None, order=None):
    """The Kaplan-Meier survival of (`time`, `failed`): a `Censoring`-shaped
    step function (distinct times, S just after each), as scikit-survival's
    ``SurvivalFunctionEstimator``: at risk at u are the rows with T >= u."""
    order = np.argsort(time, kind="stable") if order is None else order
    t = time[order]
    w = np.ones(len(t)) if weight is None else weight[order]
    distinct, first = runs(t)
    at_risk = np.cumsum(w[::-1])[::-1][first]
    deaths = np.add.reduceat(np.where(failed[order], w, 0.0), first)
    return Censoring(distinct, np.cumprod(1 - deaths / at_risk))


class CoxCensoring(NamedTuple):
    """A Cox model of censoring: G(t | x) = exp(-Lambda_0(t) exp(eta(x)))."""

    time: np.ndarray  # distinct censoring times, ascending
    cumulative_hazard: np.ndarray  # Lambda_0 just after each of them
    risk: np.ndarray  # exp(eta) per row, eta centred at the covariates' means
    subject_time: np.ndarray
    coef: np.ndarray

    def _hazard(self, t, side):
        index = np.searchsorted(self.time, t, side=side) - 1
        return np.where(index < 0, 0.0, self.cumulative_hazard[np.maximum(index, 0)])

    def at(self, t):
        """G(t | x_j) for every row j."""
        return np.exp(-self._hazard(t, "right") * self.risk)

    def before_own(self):
        """G(T_j- | x_j) for every row j (pec's subjectTimesLag=1)."""
        return np.exp(-self._hazard(self.subject_time, "left") * self.risk)


def efron_baseline(time, censored, risk, order=None):
    """The Efron-corrected baseline cumulative hazard of censoring (as
    ``survival::survfit.coxph`` for a fit with Efron ties, which
    ``rms::cph`` uses): at a time with d censorings, risk-set weight S and
    tied weight S_d, the hazard grows by sum_{k<d} 1 / (S - k/d S_d)."""
    order = np.argsort(time, kind="stable") if order is None else order
    t, c, r = time[order], censored[order], risk[order]
    distinct, first = runs(t)
    at_risk = np.cumsum(r[::-1])[::-1][first]  # exp(eta) summed over T >= u
    d = np.add.reduceat(c.astype(float), first)
    tied = np.add.reduceat(np.where(c, r, 0.0), first)
    some = d > 0
    counts = d[some].astype(np.int64)
    k = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    steps = 1 / (
        np.repeat(at_risk[some], counts)
        - k / np.repeat(d[some], counts) * np.repeat(tied[some], counts)
    )
    increments = np.add.reduceat(steps, np.cumsum(counts) - counts) if len(steps) else steps
    return distinct[some], np.cumsum(increments)


def _covariates(covariates, data, n):
    if covariates is None:
        return np.empty((n, 0))
    if isinstance(covariates, str):
        covariates = [covariates]
    if isinstance(covariates, (list, tuple)) and all(isinstance(c, str) for c in covariates):
        if data is None:
            raise TypeError("covariates given as column names: pass the frame as data=")
        covariates = np.column_stack([np.asarray(data[c], dtype=float) for c in covariates])
    array = np.asarray(covariates, dtype=float)
    array = array.reshape(n, -1) if array.ndim == 1 else array
    if array.ndim != 2 or array.shape[0] != n:
        raise ValueError(f"covariates must have one row per subject ({n}); got shape {array.shape}")
    if not np.isfinite(array).all():
        raise ValueError("covariates must be finite numbers (no NA)")
    return array


def cox_censoring(time, failed, guess, covariates, data, weight, order=None):
    """The Cox model of censoring of ``pec::ipcw(method="cox")``, as timeROC
    fits it: the guess always among the covariates, Efron ties, the
    Efron-corrected baseline hazard.  scikit-survival fits it with
    ``tol=1e-6``: its Newton steps from 0 and its test on the relative
    change of the log-likelihood are survival's, so it stops at the
    iterate where ``rms::cph(eps=1e-6)`` (pec's call) stops, not at the
    maximum (AUCs then equal timeROC's to 1e-16, where the maximum
    misses by up to 5e-8)."""
    if weight is not None:
        raise ValueError('weighting="cox" takes no case weights (timeROC has none)')
    try:
        from sksurv.linear_model import CoxPHSurvivalAnalysis
        from sksurv.util import Surv
    except ImportError as error:
        raise ImportError(
            'weighting="cox" needs scikit-survival: pip install "weightedroc[survival]"'
        ) from error
    X = np.column_stack([guess, _covariates(covariates, data, len(time))])
    if not np.isfinite(X).all():
        raise ValueError('weighting="cox" needs finite guesses')
    censored = ~failed
    model = CoxPHSurvivalAnalysis(ties="efron", n_iter=200, tol=1e-6)
    model.fit(X, Surv.from_arrays(event=censored, time=time))
    eta = (X - X.mean(axis=0)) @ model.coef_
    risk = np.exp(eta)
    distinct, cumulative = efron_baseline(time, censored, risk, order)
    return CoxCensoring(distinct, cumulative, risk, time, model.coef_)
