"""`concordance`: Harrell's, Uno's and survival's other time-weighted
concordance of censored data, with case weights, strata, a truncation time
and survival's infinitesimal-jackknife standard error."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ..inference.checks import check_conf_level
from ..survey.design import ReplicateWeights, SurveyDesign
from ..survey.variance import svr_var, svyrecvar
from ..utils.normal import qnorm
from ..utils.signatures import in_help
from ..utils.warn import warn
from .concordance_core import TIMEWTS, stratum_counts
from .inputs import check_survival

METHODS = {
    "n": "Harrell's C",
    "S": "concordance weighted by S(t) (Peto-Wilcoxon)",
    "S/G": "concordance weighted by S(t)/G(t) (Schemper)",
    "n/G2": "Uno's C (weights 1/G(t)^2)",
    "I": "concordance weighted by 1/n(t)",
}


@dataclasses.dataclass(frozen=True)
class Concordance:
    """The concordance of a risk score with censored times (`concordance`).

    ``concordant``, ``discordant``, ``tied_guess``, ``tied_time`` and
    ``tied_both`` are survival's ``count`` (weighted, time-weighted pair
    sums); ``influence`` is each row's influence on the estimate
    (survival's ``dfbeta``, ``influence = 1``), whose sum of squares is
    ``std_error ** 2``."""

    estimate: float
    std_error: float
    conf_low: float
    conf_high: float
    conf_level: float
    method: str
    concordant: float
    discordant: float
    tied_guess: float
    tied_time: float
    tied_both: float
    n: int
    influence: np.ndarray = dataclasses.field(repr=False, compare=False)

    @property
    def count(self) -> dict:
        """survival's ``count``, with its names."""
        names = ("concordant", "discordant", "tied.x", "tied.y", "tied.xy")
        values = (self.concordant, self.discordant, self.tied_guess, self.tied_time, self.tied_both)
        return dict(zip(names, values))


def check_timewt(timewt):
    if timewt == "n/G":
        raise ValueError(
            'timewt="n/G" is not one of survival\'s weightings; use "n/G2" (Uno\'s C) or "S/G"'
        )
    if timewt not in TIMEWTS:
        raise ValueError(f"timewt must be one of {', '.join(map(repr, TIMEWTS))}; got {timewt!r}")
    return timewt


def check_strata(strata, n):
    if strata is None:
        return np.zeros(n, dtype=np.int64)
    values = strata.to_numpy() if hasattr(strata, "to_numpy") else np.asarray(strata)
    if values.ndim != 1 or len(values) != n:
        raise ValueError(f"strata must have one value per row ({n} rows), got shape {values.shape}")
    return np.unique(values, return_inverse=True)[1].ravel()


def counts_by_stratum(time, death, guess, w, strata, timewt, tau):
    """Pooled survival counts and (3, n) influence over the strata; the
    strata without comparable pairs, by their index."""
    count = np.zeros(5)
    influence = np.zeros((3, len(time)))
    empty = []
    for s in range(strata.max() + 1):
        if strata.max() == 0:
            rows = slice(None)
            c = stratum_counts(time, death, guess, w, timewt, tau)
        else:
            rows = np.flatnonzero(strata == s)
            c = stratum_counts(time[rows], death[rows], guess[rows], w[rows], timewt, tau)
        if c.totals[:3].sum() == 0:
            empty.append(s)
        count += c.totals
        influence[:, rows] = c.influence
    return count, influence, empty


def concordance_influence(count, influence, w):
    """Concordance and each row's influence on it (survival's dfbeta / 2)."""
    npair = count[:3].sum()
    somer = (count[0] - count[1]) / npair
    dfbeta = w * ((influence[0] - influence[1]) / npair - somer / npair * influence.sum(axis=0))
    return (somer + 1) / 2, dfbeta / 2


def fit(time, death, guess, w, strata, timewt, tau, reverse, quiet=False):
    """(estimate, influence of each row, survival's count) of one guess."""
    count, influence, empty = counts_by_stratum(time, death, guess, w, strata, timewt, tau)
    if count[:3].sum() == 0:
        if not quiet:
            warn("no comparable pair (no event before another row's time): the concordance is NaN")
        return np.nan, np.full(len(time), np.nan), count
    if empty and strata.max() > 0 and not quiet:
        warn(
            f"{len(empty)} of {strata.max() + 1} strata have no comparable pair "
            "and add nothing to the concordance"
        )
    estimate, infl = concordance_influence(count, influence, w)
    if reverse:
        return 1 - estimate, -infl, count[[1, 0, 2, 3, 4]]
    return estimate, infl, count


def design_covariance(design, influence, refit, n):
    """(covariance of the estimates, method) under a survey design:
    `influence` (n x K) totalled by ``svyrecvar``, or `refit` (weights ->
    K estimates) under each replicate's weights, combined by ``svrVar``."""
    if isinstance(design, SurveyDesign):
        return svyrecvar(influence, design.coded(n)), "linearization (survey's svyrecvar)"
    if isinstance(design, ReplicateWeights):
        design.check_rows(n)
        rows = np.arange(n) if design.index is None else np.asarray(design.index)
        base = refit(None)
        thetas = [refit(design.matrix[rows, r]) for r in range(design.n_replicates)]
        return svr_var(
            np.array(thetas), design, base
        ), f"{design.type} replicates (survey's svrVar)"
    raise TypeError(
        f"design must be a SurveyDesign or ReplicateWeights, got {type(design).__name__}"
    )


def replicate_weight(design, w, column):
    """A replicate's weight of each row (combined, or a factor of `w`)."""
    return column if design.combined else column * w


@in_help
def concordance(
    time: Any,
    event: Any = None,
    guess: Any = None,
    weight: Any = None,
    *,
    strata: Any = None,
    timewt: str = "n",
    tau: float | None = None,
    reverse: bool = True,
    cause: Any = None,
    conf_level: float = 0.95,
    design: Any = None,
    data: Any = None,
) -> Concordance:
    """Concordance of a risk score with censored times, as survival's ``concordance()``.

    `guess` is a risk score: a higher guess means an earlier event, as in
    `time_auc`, scikit-survival and survival's ``concordance(coxph_fit)``;
    this is R's ``reverse = TRUE``.  ``reverse=False`` is R's default for
    ``concordance(Surv(time, status) ~ x)``, where a higher x means a
    longer survival (a predicted survival time, as lifelines'
    ``concordance_index`` takes).  A pair is comparable when the shorter
    time is an event; a row censored at an event's time counts as longer.

    Parameters
    ----------
    time, event, guess
        Observed times, event codes (0 censored, 1 event) and the score;
        arrays, or column names with ``data=``, or a scikit-survival
        structured array as `time` (then ``event=None``).
    weight : array-like, optional
        Positive case weights (survival's ``weights``).
    strata : array-like, optional
        Pairs are formed within strata; the counts are pooled (survival's
        ``strata()``).
    timewt : {"n", "S", "S/G", "n/G2", "I"}, default "n"
        survival's time weights: "n" Harrell's C, "n/G2" Uno's C, "S",
        "S/G", "I" (1/n(t)).
    tau : float, optional
        survival's ``ymax``: pairs whose event time is after `tau` are
        dropped.  An event exactly at `tau` counts, as in survival;
        scikit-survival's ``tau`` drops it.
    reverse : bool, default True
        True: higher guesses mean earlier events (see above).
    cause : int, optional
        With codes other than 0/1, the event of interest (others censored).
    conf_level : float, default 0.95
        Level of the Wald interval.
    design : SurveyDesign or ReplicateWeights, optional
        The weights are sampling weights (a SurveyDesign's own,
        ``SurveyDesign(weight=)``, as `auc_ci` takes them; a `weight` given
        too must equal them): the standard error is the design's, by
        linearization (the influence values totalled by PSU, as survey's
        ``svyrecvar``) or by replicates (the concordance recomputed under
        each replicate's weights, as ``svrVar``).
    data : frame, optional
        Where column names are looked up.

    Returns
    -------
    Concordance
        ``estimate``, its infinitesimal-jackknife ``std_error`` (survival's
        ``sqrt(var)``), the Wald interval ``conf_low``/``conf_high``
        (unclipped), ``method`` and survival's pair counts.

    Notes
    -----
    O(n log n) time and O(n) memory.  survival rounds near-equal times
    (``timefix``, ``aeqSurv``); here times are compared exactly.  Harrell's
    C equals scikit-survival's ``concordance_index_censored`` and
    lifelines' ``concordance_index`` (ties included); Uno's C equals
    scikit-survival's ``concordance_index_ipcw`` without tied times (with
    them the two read the censoring weight at a tie differently), where
    its ``tau`` drops an event at ``tau`` and this one keeps it.  With
    sampling weights and clusters, pass ``design=``: the default standard
    error treats rows as independent.

    Examples
    --------
    >>> from weightedroc import concordance
    >>> c = concordance([1, 2, 3, 4, 5, 6], [1, 1, 0, 1, 0, 1], [6, 4, 5, 3, 1, 2])
    >>> round(c.estimate, 4), c.concordant, c.discordant
    (0.9091, 10.0, 1.0)
    """
    inputs = check_survival(time, event, [guess], weight, data, cause=cause, design=design)
    (guess,) = inputs.guesses
    timewt = check_timewt(timewt)
    conf_level = check_conf_level(conf_level)
    if tau is not None and not np.isfinite(tau):
        raise ValueError(f"tau must be a finite number (survival's ymax); got {tau!r}")
    n = len(inputs.time)
    death = inputs.event == inputs.cause  # other codes: censored for this cause
    w = np.ones(n) if inputs.weight is None else inputs.weight
    strata = check_strata(data[strata] if isinstance(strata, str) else strata, n)
    estimate, infl, count = fit(inputs.time, death, guess, w, strata, timewt, tau, reverse)
    std_error = float(np.sqrt(np.sum(infl**2)))
    method = f"{METHODS[timewt]}, infinitesimal-jackknife standard error, Wald interval"
    if design is not None and not np.isnan(estimate):

        def refit(column):
            weight = w if column is None else replicate_weight(design, w, column)
            keep = weight > 0
            rows = (inputs.time[keep], death[keep], guess[keep], weight[keep], strata[keep])
            return [fit(*rows, timewt, tau, reverse, quiet=True)[0]]

        covariance, how = design_covariance(design, infl[:, None], refit, n)
        std_error = float(np.sqrt(covariance[0, 0]))
        method = f"{METHODS[timewt]}, design-based standard error by {how}, Wald interval"
    z = qnorm(1 - (1 - conf_level) / 2)
    return Concordance(
        estimate=float(estimate),
        std_error=std_error,
        conf_low=float(estimate - z * std_error),
        conf_high=float(estimate + z * std_error),
        conf_level=conf_level,
        method=method,
        concordant=float(count[0]),
        discordant=float(count[1]),
        tied_guess=float(count[2]),
        tied_time=float(count[3]),
        tied_both=float(count[4]),
        n=n,
        influence=infl,
    )
