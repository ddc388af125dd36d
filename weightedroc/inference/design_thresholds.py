"""`ci_thresholds` with ``design=``: the design-based variance of the
specificity and sensitivity at fixed thresholds.

At a threshold, the sensitivity is a ratio of weighted sums, TP / P =
sum w_i y_i c_i / sum w_i y_i (y_i 1 for a positive, c_i 1 where the row
is called positive), and the specificity likewise over the negatives.  Its
linearization (influence value, as a total) is

    z_i = w_i y_i (c_i - sensitivity) / P,

zero on the other class's rows: ``survey::svyratio``'s, and so
``svymean`` of ``c`` on the class's subset (a domain).  `svyrecvar`
totals it within PSUs and varies the totals between PSUs within strata.
With replicates, each replicate's rates are read from the one sorted
order (`design_readings`) and combined as ``svrVar``.
"""

import math

import numpy as np
import pandas as pd

from ..survey.design import SurveyDesign
from ..survey.variance import svyrecvar
from .design_based import column_errors, design_readings, plan_words
from .distributions import t_quantile
from .replicates import curve_rows, se_sp_rows

COLUMNS = 64  # thresholds' influence values totalled at a time (memory: rows x 2 x COLUMNS)


def rates_at(se, sp, columns):
    """(specificity, sensitivity) at each column, side by side, per row."""
    return np.stack((sp[:, columns], se[:, columns]), 2).reshape(len(se), -1)


def influence_errors(sample, columns, own, coded):
    """The linearization standard errors of `own` (specificity, sensitivity
    at each column, side by side): each rate's influence values
    ``w (c - rate) / total`` on its class's rows, their variance by
    `svyrecvar` (`coded`, the design resolved on the sample's rows)."""
    positive = sample.positive
    w = np.ones(len(positive)) if sample.weight is None else sample.weight
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
    column of the curve, `plan` `design_request`'s."""
    design, replicates = plan[0], plan[1]
    own = rates_at(*curve_rows(sample), columns)[0]
    read = lambda P, N: rates_at(*se_sp_rows(P, N), columns)  # noqa: E731
    if isinstance(design, SurveyDesign) and replicates is None:
        coded = design.coded(len(sample.guess))
        error = influence_errors(sample, columns, own, coded)
        words, n_replicates = plan_words(("linearization",)), 0
    else:
        weight = np.ones(len(sample.guess)) if sample.weight is None else sample.weight
        _, values, reps = design_readings(
            read,
            sample.guess,
            sample.positive,
            weight,
            design=design,
            replicates=replicates,
            n_boot=n_boot,
            seed=seed,
        )
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
    frame.attrs.update(conf_level=conf_level, n_boot=n_replicates, method=f"design-based, {words}")
    return frame
