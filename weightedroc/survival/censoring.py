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

    def at(self, t):
        """G(t): the probability of remaining uncensored beyond `t`."""
        index = np.searchsorted(self.time, t, side="right") - 1
        return np.where(index < 0, 1.0, self.survival[np.maximum(index, 0)])

    def before(self, t):
        """G(t-): the probability of remaining uncensored until just before `t`."""
        index = np.searchsorted(self.time, t, side="left") - 1
        return np.where(index < 0, 1.0, self.survival[np.maximum(index, 0)])


def reverse_km(time, failed, weight=None):
    """The reverse Kaplan-Meier censoring survival of (`time`, `failed`).

    Parameters
    ----------
    time : ndarray of float
        Observed times.
    failed : ndarray of bool
        True for an event of any cause, False for a censoring.
    weight : ndarray of float, optional
        Case weights (frequency weights); 1 for everyone by default.

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
    order = np.argsort(time, kind="stable")
    t = time[order]
    w = np.ones(len(t)) if weight is None else weight[order]
    distinct, first = np.unique(t, return_index=True)
    total = np.add.reduceat(w, first)
    censored = np.add.reduceat(np.where(failed[order], 0.0, w), first)
    at_risk = w.sum() - np.concatenate(([0.0], np.cumsum(total)[:-1]))
    if weight is None:  # exact counts, as prodlim's integers
        at_risk = len(t) - np.concatenate(([0], np.cumsum(total)[:-1]))
    remaining = at_risk - (total - censored)
    factor = np.ones(len(distinct))
    some = censored > 0
    factor[some] = 1 - censored[some] / remaining[some]
    return Censoring(distinct, np.cumprod(factor))


def cox_censoring(time, failed, guess, covariates, data, weight):
    raise NotImplementedError("cox weighting")
