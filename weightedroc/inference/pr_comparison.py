"""The paired test of two models' average precision or interpolated PR
area on the same rows (issue 41): DeLong-style, the variance of the
difference from the two influence vectors (one sort per guess), or the
paired stratified bootstrap (the same resampled rows for both), or with
``design=`` survey's linearization or replicates of the difference."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from ..engine.validation import check_choice, check_guess
from ..survey.design import ReplicateWeights, SurveyDesign
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from .checks import check_conf_level
from .distributions import p_value
from .pr_influence import (
    CHUNK,
    ESTIMATORS,
    bootstrap_counts,
    estimates,
    influence,
    pr_sample,
    replicate_estimates,
    sort_rows,
)
from .pr_interval import NAMES, design_variance, pr_design
from .results import HTest

PR_TEST_METHODS = ("influence", "bootstrap", "linearization", "replicate")
SHORT = {"ap": "AP", "interpolated": "PR area"}


def _boot_differences(rows, estimator, w, positive, n_boot, seed):
    rng = np.random.default_rng(seed)
    out = np.empty(n_boot)
    for j in range(0, n_boot, CHUNK):
        weights = w[:, None] * bootstrap_counts(rng, positive, min(CHUNK, n_boot - j))
        out[j : j + CHUNK] = estimates(rows[0], estimator, weights) - estimates(
            rows[1], estimator, weights
        )
    return out


@in_help
def pr_test(
    guess1: ArrayLike,
    guess2: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    estimator: str = "ap",
    method: str | None = None,
    alternative: str = "two.sided",
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
    design: SurveyDesign | ReplicateWeights | None = None,
    replicates: str | ReplicateWeights | None = None,
) -> HTest:
    """Paired test of equal average precision (or PR area) of two guesses.

    Z = (est1 - est2) / se.  ``method="influence"`` (the default without
    a design): se^2 = n/(n-1) sum_k (u1_k - u2_k)^2, u_k = w_k
    d est / dw_k each guess's influence values (as `pr_ci`), over all
    rows: DeLong's test with AP's (or the PR area's) influence function.
    ``"bootstrap"``: se the standard deviation of the difference over
    `n_boot` paired replicates (the same rows, resampled within each
    class, for both guesses), as pROC's bootstrap test.  With `design`:
    ``"linearization"``, survey's ``svyrecvar`` of u1 - u2, or
    ``"replicate"``, ``svrVar`` of the replicates' differences.  The
    p-value and the interval of the difference (+- z se) are normal.

    Parameters
    ----------
    guess1, guess2 : array-like
        The two models' scores of the same rows.
    label, weight, positive, direction
        As for `average_precision` (one direction for both guesses).
    estimator : {"ap", "interpolated"}
        As for `pr_ci`.
    method : {"influence", "bootstrap", "linearization", "replicate"}
        See above.
    alternative : {"two.sided", "less", "greater"}
        Of est1 - est2 against 0.
    conf_level : float
        Level of the interval of the difference.
    n_boot, seed
        Replicates and seed of the bootstrap.
    design, replicates
        As for `pr_ci`.

    Returns
    -------
    HTest
        Statistic Z, p-value, both estimates, the method in words, the
        interval and standard error of the difference.

    Examples
    --------
    >>> from weightedroc import pr_test
    >>> label = [0, 1, 0, 1, 1, 0, 1, 0]
    >>> test = pr_test([1, 2, 3, 4, 5, 6, 7, 8], [2, 1, 4, 3, 6, 5, 8, 7], label)
    >>> round(test.statistic, 4), round(test.p_value, 4)
    (-1.078, 0.2811)
    """
    check_choice(estimator, "estimator", ESTIMATORS)
    if method is not None:
        check_choice(method, "method", PR_TEST_METHODS)
    check_choice(alternative, "alternative", ("two.sided", "less", "greater"))
    conf_level = check_conf_level(conf_level)
    designed = design is not None or replicates is not None
    if not designed and method in ("linearization", "replicate"):
        raise ValueError(f'method="{method}" needs design= (a SurveyDesign or ReplicateWeights)')
    guess1, is_positive, w = pr_sample(guess1, label, weight, positive, direction, design)
    guess2 = np.asarray(check_guess(guess2, len(w)), dtype=np.float64)
    guess2 = -guess2 if direction == ">" else guess2
    rows = sort_rows(guess1, is_positive), sort_rows(guess2, is_positive)
    (est1, g1), (est2, g2) = (influence(r, estimator, w) for r in rows)
    difference = est1 - est2
    n = len(w)
    parameter: dict = {}
    if designed:
        from .design_based import plan_words

        plan = pr_design(design, replicates, method, n, n_boot, seed)

        def differences(reps):
            return replicate_estimates(rows[0], estimator, w, reps) - replicate_estimates(
                rows[1], estimator, w, reps
            )

        variance = design_variance(plan, None, differences, w, g1 - g2, difference)
        words = f"Design-based test ({plan_words(plan)})"
    elif method in (None, "influence"):
        variance = n / (n - 1) * float(np.sum((w * (g1 - g2)) ** 2))
        words = "Influence-function (DeLong-style) test, all rows, n/(n-1)"
    else:
        boots = _boot_differences(rows, estimator, w, is_positive, n_boot, seed)
        variance = float(np.var(boots, ddof=1))
        words = f"Paired stratified bootstrap test ({n_boot} replicates)"
        parameter = {"boot.n": n_boot, "boot.stratified": 1}
    se = math.sqrt(variance)
    if se > 0:
        statistic = difference / se
    else:
        statistic = math.copysign(math.inf, difference) if difference else 0.0
    z = NormalDist().inv_cdf(0.5 + conf_level / 2)
    short = SHORT[estimator]
    return HTest(
        float(statistic),
        float(p_value(statistic, alternative)),
        {f"{short} of guess1": est1, f"{short} of guess2": est2},
        f"{words} for two correlated {NAMES[estimator]}s",
        alternative,
        conf_low=difference - z * se,
        conf_high=difference + z * se,
        conf_level=conf_level,
        parameter=parameter,
        data_name="guess1 and guess2",
        statistic_name="Z",
        null_name=f"difference in {short}",
        std_error=se,
    )
