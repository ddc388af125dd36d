"""`concordance_test`: several risk scores' concordances on the same rows,
their covariance and a test that they are equal (survival's
``concordance(fit1, fit2, ...)``)."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

from ..utils.normal import pnorm
from ..utils.signatures import in_help
from ..utils.warn import warn
from .concordance_fit import (
    METHODS,
    check_strata,
    check_timewt,
    design_covariance,
    fit,
    replicate_weight,
)
from .inputs import check_survival


@dataclasses.dataclass(frozen=True)
class ConcordanceTest:
    """K concordances, their covariance and the test that they are equal."""

    estimate: np.ndarray
    covariance: np.ndarray
    statistic: float
    df: int
    p_value: float
    method: str
    names: tuple

    @property
    def std_error(self) -> np.ndarray:
        """Each concordance's standard error (the covariance's diagonal)."""
        return np.sqrt(np.diag(self.covariance))


def chisq_upper(x, df):
    """P(X > x) for a chi-square with integer `df` degrees of freedom
    (closed forms: no SciPy)."""
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= x / (2 * i)
            total += term
        return math.exp(-x / 2) * total
    p = 2 * pnorm(-math.sqrt(x))
    term = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    for i in range(1, (df + 1) // 2):
        p += term
        term *= x / (2 * i + 1)
    return p


def _guesses(guesses, data):
    """(names, list of K guess columns)."""
    if isinstance(guesses, str):
        raise TypeError("guesses must hold several scores: a 2-D array, a frame or a list")
    if hasattr(guesses, "columns"):
        return tuple(map(str, guesses.columns)), [guesses[c] for c in guesses.columns]
    if isinstance(guesses, (list, tuple)):
        names = tuple(g if isinstance(g, str) else f"guess{i + 1}" for i, g in enumerate(guesses))
        return names, [data[g] if isinstance(g, str) else g for g in guesses]
    array = np.asarray(guesses)
    if array.ndim != 2:
        raise ValueError(f"guesses must be 2-D (rows x scores), got shape {array.shape}")
    return tuple(f"guess{i + 1}" for i in range(array.shape[1])), list(array.T)


@in_help
def concordance_test(
    time: Any,
    event: Any = None,
    guesses: Any = None,
    weight: Any = None,
    *,
    strata: Any = None,
    timewt: str = "n",
    tau: float | None = None,
    reverse: bool = True,
    cause: Any = None,
    design: Any = None,
    data: Any = None,
) -> ConcordanceTest:
    """Concordances of several risk scores on the same rows, compared.

    Each guess is a risk score (higher means an earlier event, R's
    ``reverse = TRUE``), as in `concordance`.  The covariance of the K
    concordances is survival's infinitesimal-jackknife covariance, the
    cross-products of the rows' influence values; the test of equal
    concordance is the Wald chi-square of the K - 1 differences from the
    first (1 df for two scores: survival's contrast ``c(-1, 1)``).

    Parameters
    ----------
    time, event
        As `concordance`.
    guesses : 2-D array, frame or list
        K >= 2 scores on the same rows: columns of an array or a frame, or
        a list of arrays or of column names of `data`.
    weight, strata, timewt, tau, reverse, cause, design, data
        As `concordance`.

    Returns
    -------
    ConcordanceTest
        ``estimate`` (K), ``covariance`` (K x K), ``statistic``, ``df``,
        ``p_value``, ``method`` and the scores' ``names``.

    Notes
    -----
    Without case weights the covariance equals survival's
    ``concordance(fit1, fit2)$var``.  With case weights survival computes
    ``t(wt * dfbeta) %*% dfbeta``, counting the weights once more than
    its own single-score variance does (its diagonal is not its
    ``concordance(fit1)$var``); here the diagonal is each score's
    single-score variance, ``concordance(...).std_error ** 2``.

    Examples
    --------
    >>> from weightedroc import concordance_test
    >>> t = concordance_test([1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 0, 1, 0, 1, 1, 0],
    ...                      [[8, 6, 7, 5, 2, 3, 4, 1], [3, 1, 2, 8, 5, 4, 6, 7]])
    >>> t.estimate.round(4).tolist(), t.df, round(t.statistic, 2), f"{t.p_value:.1e}"
    ([0.9, 0.3], 1, 22.78, '1.8e-06')
    """
    timewt = check_timewt(timewt)
    names, columns = _guesses(guesses, data)
    if len(columns) < 2:
        raise ValueError("concordance_test needs at least two guesses; use concordance for one")
    inputs = check_survival(
        time, event, columns, weight, data, cause=cause, names=names, design=design
    )
    n = len(inputs.time)
    death = inputs.event == inputs.cause  # other codes: censored for this cause
    w = np.ones(n) if inputs.weight is None else inputs.weight
    strata = check_strata(data[strata] if isinstance(strata, str) else strata, n)
    fits = [fit(inputs.time, death, g, w, strata, timewt, tau, reverse) for g in inputs.guesses]
    estimate = np.array([f[0] for f in fits])
    influence = np.column_stack([f[1] for f in fits])
    covariance = influence.T @ influence
    method = f"{METHODS[timewt]}, infinitesimal-jackknife covariance"
    if design is not None and not np.isnan(estimate).any():

        def refit(column):
            weight = w if column is None else replicate_weight(design, w, column)
            keep = weight > 0
            rows = (inputs.time[keep], death[keep])
            return [
                fit(*rows, g[keep], weight[keep], strata[keep], timewt, tau, reverse, True)[0]
                for g in inputs.guesses
            ]

        covariance, how = design_covariance(design, influence, refit, n)
        method = f"{METHODS[timewt]}, design-based covariance by {how}"
    k = len(estimate)
    contrast = np.hstack([-np.ones((k - 1, 1)), np.eye(k - 1)])
    difference = contrast @ estimate
    between = contrast @ covariance @ contrast.T
    df = int(np.linalg.matrix_rank(between))
    if df < k - 1:
        warn(
            f"the {k - 1} differences of the concordances have a singular covariance "
            f"(scores that rank the rows alike): the test has {df} df"
        )
    statistic = float(difference @ np.linalg.pinv(between) @ difference)
    return ConcordanceTest(
        estimate=estimate,
        covariance=covariance,
        statistic=statistic,
        df=df,
        p_value=chisq_upper(statistic, df) if df else 1.0,
        method=f"{method}; Wald chi-square test of equal concordance ({df} df)",
        names=names,
    )
