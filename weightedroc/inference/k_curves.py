"""K >= 2 ROC curves of the same rows: DeLong, DeLong and Clarke-Pearson's
(1988) test of equal AUCs (Stata's ``roccomp``, R Daim's ``deLong.test``),
with weights, partial areas by the bootstrap, and survey designs.

The AUCs' covariance is read once for all K curves: DeLong's from the
placement values of each guess, sorted once (`.placements`); the
bootstrap's from the K areas of the same replicates; a design's from the K
columns of influence values (``svyrecvar``) or of replicate AUCs
(``svrVar``).  A contrast ``L`` (rows summing to 0) gives the Wald
statistic ``(L A)' (L S L')^-1 (L A)``, chi-square with rank(L) degrees of
freedom, or under a design survey's ``regTermTest`` F, the statistic over
its rank, with (rank, design df) degrees of freedom.  The variance of each
contrast is that of its combined placement values (replicate values), so
the K = 2 test is the pairwise one squared, bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import pandas as pd

from ..utils.warn import warn
from .checks import warn_skewed_weights
from .delong import variance_and_df
from .distributions import chisq_sf, f_sf, p_value, t_quantile
from .placements import curve_placements, uneven
from .results import KCurveTest
from .wald import ROUNDING, check_contrast, wald

__all__ = ["curves_of", "k_roc_test", "k_auc_cov", "delong_cov_matrix"]

# Rounding of an AUC (a number in [0, 1]) summed over many terms: a real
# standard deviation of a difference of AUCs is above it with fewer than
# about 1e28 observations.
K_METHODS = ("delong", "bootstrap")


def curves_of(guesses):
    """(list of K guesses, their names) when `guesses` holds K >= 2 curves
    (a DataFrame, a 2-D array, a mapping or a list/tuple of 1-D arrays),
    else None."""
    if isinstance(guesses, pd.DataFrame):
        columns = [guesses[c].to_numpy() for c in guesses.columns]
        names = [str(c) for c in guesses.columns]
    elif isinstance(guesses, Mapping):
        columns, names = list(guesses.values()), [str(k) for k in guesses]
    elif isinstance(guesses, np.ndarray) and guesses.ndim == 2:
        columns = list(guesses.T)
        names = [f"roc{k + 1}" for k in range(len(columns))]
    elif (
        isinstance(guesses, (list, tuple))
        and guesses
        and all(np.ndim(g) == 1 and not isinstance(g, (str, bytes)) for g in guesses)
    ):
        columns = list(guesses)
        names = [_name(g, f"roc{k + 1}") for k, g in enumerate(guesses)]
    else:
        return None
    if len(columns) < 2:
        raise ValueError(f"roc_test needs at least 2 curves, got {len(columns)}")
    if len(set(names)) < len(names):
        raise ValueError(f"the curves need distinct names, got {names}")
    lengths = {np.size(g) for g in columns}
    if len(lengths) > 1:
        raise ValueError(
            f"the K curves are scores of the same rows: one guess of each per row, "
            f"got lengths {[np.size(g) for g in columns]}"
        )
    return columns, names


def _name(x, default):
    name = getattr(x, "name", None)
    return name if isinstance(name, str) else default


def combine(columns, row):
    """sum_k row[k] * columns[k], in the order of k, skipping zeros: the
    pair (1, -1) gives columns[0] - columns[1] exactly."""
    total = None
    for coefficient, column in zip(row, columns):
        if coefficient == 0:
            continue
        if coefficient in (1, -1):
            term = column if coefficient == 1 else -column
        else:
            term = coefficient * column
        total = term if total is None else total + term
    return total


def holm(p):
    """Holm's step-down adjusted p-values, as R's ``p.adjust(p, "holm")``."""
    p = np.asarray(p, dtype=float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    adjusted = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    out = np.empty(m)
    out[order] = adjusted
    return out


# -- DeLong ---------------------------------------------------------------


def k_placements(curves, weights_are):
    """`Placements` of each curve (`weightedroc.inference.request.Curve`,
    each from its one sort), and the values of each in observation order
    (for the covariance in any curve's order)."""
    own = [curve_placements(c, weights_are) for c in curves]
    by_observation = []
    for p in own:
        values = np.empty(len(p.value))
        values[p.order] = p.value
        by_observation.append(values)
    return own, by_observation


def _in_order_of(own, by_observation, i, j):
    """Guess j's placements in guess i's sorted order (`paired_placements_of`)."""
    first = own[i]
    if i == j:
        return first
    return own[j]._replace(
        value=by_observation[j][first.order],
        positive=first.positive,
        weight=first.weight,
        order=first.order,
    )


def delong_cov_matrix(own, by_observation, weights_are):
    """K x K DeLong covariance: entry (i, j) read in guess i's order (i <=
    j), so the diagonal is `auc_var`'s and each entry `auc_cov`'s bits."""
    k = len(own)
    S = np.empty((k, k))
    for i in range(k):
        for j in range(i, k):
            S[i, j] = S[j, i] = variance_and_df(
                own[i], _in_order_of(own, by_observation, i, j), weights_are
            )[0]
    return S


def paired_difference(first, second, weights_are, quantile, conf_level, alternative):
    """DeLong's paired test of AUC1 - AUC2 from placements in one order:
    (difference, sd, df, statistic, p-value, conf_low, conf_high)."""
    difference_placements = first._replace(
        value=first.value - second.value, auc=first.auc - second.auc
    )
    variance, df = variance_and_df(difference_placements, difference_placements, weights_are)
    if quantile != "t":
        df = np.inf
    sd = np.sqrt(max(variance, 0.0))
    difference = first.auc - second.auc
    if sd <= ROUNDING:
        sd, df = 0.0, np.inf
        difference = 0.0 if abs(difference) <= ROUNDING else difference
    statistic = ratio(difference, sd)
    z = t_quantile(df, 1 - (1 - conf_level) / 2)
    p = float(p_value(statistic, alternative, df))
    return difference, float(sd), df, float(statistic), p, difference - z * sd, difference + z * sd


def ratio(difference, sd):
    """difference / sd, 0 when both are 0 (as pROC's paired test), +-inf for sd 0."""
    if sd == 0:
        return 0.0 if difference == 0 else np.copysign(np.inf, difference)
    return difference / sd


def _delong(r, L):
    weights_are = r.weights_are
    own, by_observation = k_placements(r.curves, weights_are)
    if weights_are == "importance" and uneven(r.weight):
        warn_skewed_weights(own[0])
    aucs = np.array([p.auc for p in own])
    S = delong_cov_matrix(own, by_observation, weights_are)
    aligned = [_in_order_of(own, by_observation, 0, j) for j in range(len(own))]
    rows = []
    for i in range(len(own)):
        for j in range(i + 1, len(own)):
            first = own[i]
            second = _in_order_of(own, by_observation, i, j)
            rows.append(
                (i, j)
                + paired_difference(
                    first, second, weights_are, r.quantile, r.conf_level, r.alternative
                )
            )
    # The contrasts' covariance from their combined placement values.
    combined = []
    for row in L:
        value = combine([p.value for p in aligned], row)
        area = combine([p.auc for p in aligned], row)
        combined.append(aligned[0]._replace(value=value, auc=area))
    V = np.empty((len(L), len(L)))
    for a in range(len(L)):
        for b in range(a, len(L)):
            second = combined[a] if a == b else combined[b]
            V[a, b] = V[b, a] = variance_and_df(combined[a], second, weights_are)[0]
    difference = np.array([c.auc for c in combined])
    return aucs, S, rows, difference, V, "DeLong"


# -- the bootstrap and designs: covariance of K columns of replicates ------


def _pair_rows(aucs, pair_variance, r, df=np.inf):
    """Wald tests of each pair, `pair_variance(i, j)` the variance of
    AUC_i - AUC_j (read from the difference of their replicate or
    influence columns, as the two-curve tests read it)."""
    q = t_quantile(df, 1 - (1 - r.conf_level) / 2)
    rows = []
    for i in range(len(aucs)):
        for j in range(i + 1, len(aucs)):
            difference = aucs[i] - aucs[j]
            sd = math.sqrt(max(pair_variance(i, j), 0.0))
            statistic = ratio(difference, sd)
            p = float(p_value(statistic, r.alternative, df))
            rows.append((i, j, difference, sd, df, float(statistic), p,
                         difference - q * sd, difference + q * sd))  # fmt: skip
    return rows


def _unit_row(k, i, j):
    row = np.zeros(k)
    row[i], row[j] = 1.0, -1.0
    return row


def _bootstrap(r, L):
    from .bootstrap import area_of, replicate_areas
    from .replicates import replicate_values, samples, without_na

    partial = r.partial
    sampled = samples(r)
    rng = np.random.default_rng(r.seed)
    values = replicate_values(
        rng,
        sampled,
        r.n_boot,
        lambda *w: np.stack(
            [replicate_areas(s, wk[0], wk[1], partial) for s, wk in zip(sampled, w)], 1
        ),
    )
    values = without_na(values)
    aucs = np.array([area_of(s, partial) for s in sampled])
    S = np.atleast_2d(np.cov(values, rowvar=False, ddof=1))
    columns = list(values.T)
    combined = np.stack([combine(columns, row) for row in L], 1)
    V = np.atleast_2d(np.cov(combined, rowvar=False, ddof=1))
    strata = "stratified" if r.stratified else "not stratified"

    def pair_variance(i, j):
        return float(np.var(combine(columns, _unit_row(len(aucs), i, j)), ddof=1))

    rows = _pair_rows(aucs, pair_variance, r)
    return aucs, S, rows, L @ aucs, V, f"bootstrap ({len(values)}, {strata})"


def _design(r, L):
    from ..survey.auc import influence, replicate_aucs
    from ..survey.variance import svr_var, svyrecvar

    plan = r.plans[0]
    if plan[0] == "linearization":
        if r.partial is not None:
            raise ValueError(
                'partial areas have no linearization here: use method="replicate" '
                '(with replicates="JKn", for example)'
            )
        read = [influence(*c.data, c.ordered) for c in r.curves]
        aucs = np.array([v[0] for v in read])
        columns = [v[1] for v in read]

        def variance(x, _):
            return svyrecvar(np.stack(x, 1), plan[1])

        df, words = float(plan[1].df), "linearization (svyrecvar)"
    else:
        reps = plan[2]
        aucs = np.array([influence(*c.data, c.ordered)[0] for c in r.curves])
        columns = [replicate_aucs(*c.data, reps, ordered=c.ordered) for c in r.curves]

        def variance(x, centre):
            return svr_var(np.stack(x, 1), reps, centre)

        df, words = float(reps.degf()), f"{_kind(reps)} replicates ({reps.n_replicates})"
    S = variance(columns, aucs)
    combined = [combine(columns, row) for row in L]
    V = variance(combined, L @ aucs)
    shown_df = np.inf if r.quantile != "t" else df
    k = len(aucs)

    def pair_variance(i, j):
        row = _unit_row(k, i, j)
        return float(variance([combine(columns, row)], aucs[i] - aucs[j])[0, 0])

    rows = _pair_rows(aucs, pair_variance, r, shown_df)
    return aucs, S, rows, L @ aucs, V, words, df


def _kind(reps):
    return reps.type if reps.type != "other" else "design"


# -- the test ---------------------------------------------------------------


def _read(r, L):
    """The AUCs of a request's K curves (of the same rows), their covariance,
    the pairs and the contrasts' covariance."""
    if r.plans is not None:
        return _design(r, L)
    if r.method == "bootstrap":
        return _bootstrap(r, L) + (None,)
    return _delong(r, L) + (None,)


def k_auc_cov(r) -> pd.DataFrame:
    """`auc_cov` of a request's K curves: the K x K covariance of their AUCs."""
    S = _read(r, check_contrast(None, r.k))[1]
    return pd.DataFrame(S, index=r.names, columns=r.names)


def k_roc_test(r) -> KCurveTest:
    """roc_test of a request's K curves of the same rows (see `roc_test`)."""
    k, names = r.k, r.names
    L = check_contrast(r.contrast, k)
    aucs, S, rows, difference, V, words, design_df = _read(r, L)
    statistic, rank = wald(difference, V)
    z = rows[0][5] if k == 2 and r.contrast is None else np.nan
    if rank == 1 and np.isfinite(z):
        statistic = float(z) ** 2  # one pair: its Z squared, to the last bit
    if design_df is not None and r.quantile == "t":
        f = statistic / rank if rank else 0.0
        p = f_sf(f, rank, design_df) if rank else 1.0
        shown, name = f, "F"
        parameter = {"df1": float(rank), "df2": design_df}
    else:
        p = chisq_sf(statistic, rank) if rank else 1.0
        shown, name = statistic, "X-squared"
        parameter = {"df": float(rank)}
    pairwise = _pairwise_frame(rows, names)
    title = f"{words} test of equal AUCs of {k} correlated ROC curves"
    if r.alternative != "two.sided":
        warn(
            "the omnibus test is two-sided; alternative applies to the pairwise tests only",
            UserWarning,
        )
    return KCurveTest(
        float(shown),
        float(p),
        {f"AUC of {n}": float(a) for n, a in zip(names, aucs)},
        title,
        "two.sided",
        conf_level=r.conf_level,
        parameter=parameter,
        data_name=r.data_name or " and ".join(names),
        statistic_name=name,
        null_name="contrast of AUCs",
        covariance=pd.DataFrame(S, index=names, columns=names),
        contrast=pd.DataFrame(L, columns=names),
        pairwise=pairwise,
    )


def _pairwise_frame(rows, names):
    frame = pd.DataFrame(
        [
            (names[i], names[j], d, sd, s, p, low, high)
            for i, j, d, sd, df, s, p, low, high in rows
        ],
        columns=["curve1", "curve2", "estimate", "std_error", "statistic", "p_value",
                 "conf_low", "conf_high"],
    )  # fmt: skip
    p = frame["p_value"].to_numpy()
    frame["p_holm"] = holm(p)
    frame["p_bonferroni"] = np.minimum(1.0, p * len(p))
    return frame
