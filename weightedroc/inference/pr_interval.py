"""Confidence intervals for the weighted average precision (issue 41):
the influence-function (delta-method) interval, Boyd, Eng and Page's
(2013) logit and binomial intervals, and the stratified bootstrap."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from ..engine.validation import check_choice, check_direction, check_inputs
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue
from .checks import check_conf_level

PR_CI_METHODS = ("influence", "logit", "binomial", "bootstrap")


@dataclass(frozen=True)
class PRInterval:
    """Result of `pr_ci`: the average precision, its standard error and
    interval, the confidence level, the method in words and the n that
    Boyd's intervals use (the effective number of positives)."""

    estimate: float
    std_error: float
    conf_low: float
    conf_high: float
    conf_level: float
    method: str
    n: float


def ap_influence(guess, positive, weight):
    """The average precision and its derivative in each row's weight.

    With TP(t) and C(t) the weights of the positives and of all rows whose
    guess is at least t, and P = TP / C, AP = sum_i w_i y_i P(s_i) / W1, so

    .. math:: \\partial AP / \\partial w_k = \\big(y_k (P(s_k) - AP)
              + \\sum_{i: s_i \\le s_k} w_i y_i (y_k - P(s_i)) / C(s_i)\\big) / W_1.
    """
    order = np.argsort(-guess, kind="stable")
    s = guess[order]
    new = np.r_[True, s[1:] != s[:-1]]
    group = np.cumsum(new) - 1
    w = weight[order]
    y = positive[order].astype(np.float64)
    positive_weight = np.bincount(group, w * y)
    C = np.cumsum(np.bincount(group, w))
    P = np.cumsum(positive_weight) / C
    W1 = positive_weight.sum()
    ap = float(np.sum(positive_weight * P) / W1)
    below_a = np.cumsum((positive_weight / C)[::-1])[::-1]
    below_b = np.cumsum((positive_weight * P / C)[::-1])[::-1]
    g = group
    gradient = np.empty(len(guess))
    gradient[order] = (y * (P[g] - ap) + y * below_a[g] - below_b[g]) / W1
    return ap, gradient


@in_help
def pr_ci(
    guess: ArrayLike,
    label: ArrayLike,
    weight: ArrayLike | None = None,
    *,
    method: str = "influence",
    conf_level: float = 0.95,
    n_boot: int = 2000,
    seed: int | None = None,
    positive: LabelValue = None,
    direction: Direction = "<",
) -> PRInterval:
    """Confidence interval of the weighted average precision.

    Parameters
    ----------
    guess, label, weight, positive, direction
        As for `average_precision`.
    method : {"influence", "logit", "binomial", "bootstrap"}
        ``"influence"``: AP +- z se, se from the linearization of AP in the
        rows' weights (u_k = w_k dAP/dw_k, whose sum is 0), over all rows,
        with n / (n - 1): ``n/(n-1) sum u_k^2``, the rows taken as drawn
        with replacement (as the jackknife).  ``"logit"`` and
        ``"binomial"``: Boyd, Eng and Page's (2013) intervals,
        ``expit(logit AP +- z / sqrt(n AP (1 - AP)))`` and ``AP +- z
        sqrt(AP (1 - AP) / n)``, with n the number of positives as in
        their R code; with weights, Kish's effective number of positives
        (sum w)^2 / sum w^2.  ``"bootstrap"``: percentiles of `n_boot`
        replicates resampled within each class (stratified).
    conf_level : float
        Confidence level.
    n_boot, seed
        Replicates and seed of the bootstrap.

    Returns
    -------
    PRInterval
        The estimate (`average_precision`), its standard error (the
        replicates' standard deviation for the bootstrap; for Boyd's
        intervals that of the binomial), bounds, level and method.

    Examples
    --------
    >>> from weightedroc import pr_ci
    >>> ci = pr_ci([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 1, 0], method="logit")
    >>> round(ci.estimate, 4), round(ci.conf_low, 4), round(ci.conf_high, 4)
    (0.5889, 0.1256, 0.9346)
    """
    check_choice(method, "method", PR_CI_METHODS)
    conf_level = check_conf_level(conf_level)
    check_direction(direction)
    guess, is_positive, weight = check_inputs(guess, label, weight, positive)
    guess = np.asarray(guess, dtype=np.float64)
    guess = -guess if direction == ">" else guess
    w = np.ones(len(guess)) if weight is None else np.asarray(weight, dtype=np.float64)
    if not (is_positive.any() and (~is_positive).any()):
        raise ValueError("pr_ci needs positives and negatives")
    z = NormalDist().inv_cdf(0.5 + conf_level / 2)
    ap, gradient = ap_influence(guess, is_positive, w)
    wp = w[is_positive]
    n_pos = float(wp.sum() ** 2 / np.sum(wp**2))
    if method == "influence":
        n = len(guess)
        se = float(np.sqrt(n / (n - 1) * np.sum((w * gradient) ** 2)))
        return PRInterval(
            ap, se, ap - z * se, ap + z * se, conf_level,
            "influence-function (delta-method) interval, all rows, n/(n-1)", float(n),
        )  # fmt: skip
    if method in ("logit", "binomial"):
        se = float(np.sqrt(ap * (1 - ap) / n_pos))
        if method == "binomial":
            low, high = ap - z * se, ap + z * se
        else:
            eta, tau = np.log(ap / (1 - ap)), 1 / np.sqrt(n_pos * ap * (1 - ap))
            low, high = (1 / (1 + np.exp(-(eta + sign * z * tau))) for sign in (-1, 1))
        words = f"Boyd et al.'s {method} interval, n = effective number of positives"
        return PRInterval(ap, se, float(low), float(high), conf_level, words, n_pos)
    rng = np.random.default_rng(seed)
    rows = [np.flatnonzero(is_positive), np.flatnonzero(~is_positive)]
    replicates = np.empty(n_boot)
    for b in range(n_boot):
        pick = np.concatenate([rng.choice(r, len(r)) for r in rows])
        replicates[b] = ap_influence(guess[pick], is_positive[pick], w[pick])[0]
    low, high = np.quantile(replicates, [(1 - conf_level) / 2, (1 + conf_level) / 2])
    words = f"stratified bootstrap percentile interval, {n_boot} replicates"
    se = float(np.std(replicates, ddof=1))
    return PRInterval(ap, se, float(low), float(high), conf_level, words, float(len(guess)))
