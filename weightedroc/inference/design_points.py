"""Design-based intervals of the curve read at points: `ci_se`, `ci_sp`,
`ci_thresholds` and `ci_coords` with ``design=``.

Every reading comes from the one validated, sorted `Sample`
(`weightedroc.inference.replicates.prepare`): a replicate only changes the
weight of each row, so its positive and negative weight in each group of
tied guesses (``P``, ``N``) are summed over the sample's one sorted order
(`weightedroc.survey.auc.replicate_rows`), with no new sort, and read as
the full sample's are; their variance is ``svrVar``'s.

`ci_thresholds` has a linearization too.  At a threshold the sensitivity
is a ratio of weighted sums, TP / P = sum w_i y_i c_i / sum w_i y_i (y_i 1
for a positive, c_i 1 where the row is called positive), the specificity
likewise over the negatives; its influence value (as a total) is

    z_i = w_i y_i (c_i - sensitivity) / P,

zero on the other class's rows: ``survey::svyratio``'s, and so ``svymean``
of ``c`` on the class's subset (a domain).  `svyrecvar` totals it within
PSUs and varies the totals between PSUs within strata.
"""

import math

import numpy as np
import pandas as pd

from ..survey.auc import full_rows, replicate_rows
from ..survey.design import ReplicateWeights, SurveyDesign
from ..survey.variance import svr_var, svyrecvar
from .design_based import column_errors, plan_words, replicate_band
from .distributions import t_quantile
from .replicates import curve_rows, se_at_sp, se_sp_rows, sp_at_se

COLUMNS = 64  # thresholds' influence values totalled at a time (memory: rows x 2 x COLUMNS)
BOOTSTRAPS = ("bootstrap", "subbootstrap")


def replicate_weights(design, replicates, n, n_boot, seed):
    """The `ReplicateWeights` of a design-based reading at points: the
    design itself, the given ones, or the design's of a type (a
    `SurveyDesign` alone: survey's ``as.svrepdesign`` default, JKn with
    strata, JK1 without; the bootstraps draw `n_boot`)."""
    if isinstance(design, ReplicateWeights):
        if replicates is not None:
            raise ValueError("design is already ReplicateWeights: give no replicates=")
        replicates = design
    elif not isinstance(design, SurveyDesign):
        raise TypeError(
            f"design must be a SurveyDesign or ReplicateWeights, got {type(design).__name__}"
        )
    if replicates is None:
        replicates = "JKn" if design.strata is not None else "JK1"
    if isinstance(replicates, str):
        replicates = design.replicates(
            replicates, n=n, n_rep=n_boot if replicates in BOOTSTRAPS else None, seed=seed
        )
    if not isinstance(replicates, ReplicateWeights):
        raise TypeError(f"replicates must be a type name or ReplicateWeights, got {replicates!r}")
    replicates.check_rows(n)
    return replicates


def _weight(sample):
    return np.ones(len(sample.guess)) if sample.weight is None else sample.weight


def readings(sample, read, design, replicates, n_boot, seed):
    """(own, values, replicate weights): ``read(P, N)`` under the sampling
    weights (one row) and under each replicate's, P and N the weight of
    positives and negatives in each group of tied guesses (by ascending
    guess), summed over the sample's one sorted order."""
    reps = replicate_weights(design, replicates, len(sample.guess), n_boot, seed)
    ordered = sample.ordered
    if ordered.weight is None:
        ordered = ordered._replace(weight=np.ones(len(sample.guess)))
    arrays = sample.guess, sample.positive, ordered.weight
    own = full_rows(*arrays, read, ordered)[None]
    return own, replicate_rows(*arrays, reps, read, ordered), reps


def design_band(given, points, sample, design, replicates, conf_level, n_boot, seed):
    """`ci_se` (`given` "specificity") or `ci_sp` (`given` "sensitivity")
    with ``design=``: the Wald interval of the rate read at each point (as
    `ci_se` reads it), its variance from the replicates (`svr_var`),
    clipped to [0, 1]."""
    at = se_at_sp if given == "specificity" else sp_at_se

    def read(P, N):
        se, sp = se_sp_rows(P, N)
        return np.stack([at(se, sp, x) for x in points], 1)

    own, values, reps = readings(sample, read, design, replicates, n_boot, seed)
    own = own[0]
    variance = np.diag(svr_var(values, reps, own))
    return replicate_band(given, points, own, variance, math.inf, conf_level, reps)


def rates_at(se, sp, columns):
    """(specificity, sensitivity) at each column, side by side, per row."""
    return np.stack((sp[:, columns], se[:, columns]), 2).reshape(len(se), -1)


def influence_errors(sample, columns, own, coded):
    """The linearization standard errors of `own` (specificity, sensitivity
    at each column, side by side): each rate's influence values
    ``w (c - rate) / total`` on its class's rows, their variance by
    `svyrecvar` (`coded`, the design resolved on the sample's rows)."""
    positive, w = sample.positive, _weight(sample)
    totals = np.array([w[~positive].sum(), w[positive].sum()])
    variances = np.empty(len(own))
    for first in range(0, len(columns), COLUMNS):
        part = columns[first : first + COLUMNS]
        called = sample.group[:, None] >= part[None, :]  # rows x thresholds
        rates = own[2 * first : 2 * (first + len(part))].reshape(-1, 2)
        sp = np.where(positive[:, None], 0.0, w[:, None] * (~called - rates[:, 0]) / totals[0])
        se = np.where(positive[:, None], w[:, None] * (called - rates[:, 1]) / totals[1], 0.0)
        z = np.stack((sp, se), 2).reshape(len(w), -1)
        variances[2 * first : 2 * (first + len(part))] = np.diag(svyrecvar(z, coded))
    return np.sqrt(variances)


def design_thresholds(sample, columns, plan, conf_level, n_boot, seed):
    """The long frame of `ci_thresholds` with ``design=`` (without its
    ``threshold`` column): ``measure``, ``estimate`` (the bootstrap path's
    own bits), ``conf_low``, ``conf_high``, ``std_error``.  `sample` is the
    prepared `Sample` (sampling weights), `columns` each threshold's
    column of the curve, `plan` `design_request`'s: a `SurveyDesign` alone
    is linearized, replicates are read."""
    design, replicates = plan[0], plan[1]
    own = rates_at(*curve_rows(sample), columns)[0]
    if isinstance(design, SurveyDesign) and replicates is None:
        error = influence_errors(sample, columns, own, design.coded(len(sample.guess)))
        words, n_replicates = plan_words(("linearization",)), 0
    else:
        read = lambda P, N: rates_at(*se_sp_rows(P, N), columns)  # noqa: E731
        _, values, reps = readings(sample, read, design, replicates, n_boot, seed)
        error = column_errors(own, values, reps)
        words, n_replicates = plan_words(("replicate", None, reps)), reps.n_replicates
    half = t_quantile(math.inf, (1 + conf_level) / 2) * error
    frame = pd.DataFrame(
        {
            "measure": np.tile(["specificity", "sensitivity"], len(columns)),
            "estimate": own,
            "conf_low": np.clip(own - half, 0, 1),
            "conf_high": np.clip(own + half, 0, 1),
            "std_error": error,
        }
    )
    frame.attrs.update(
        conf_level=conf_level, n_replicates=n_replicates, method=f"design-based, {words}"
    )
    return frame
