"""The measure table: every threshold measure of pROC, ROCR, yardstick and
scikit-learn, weighted, as arithmetic on the one cumulated pass (the
scaled counts of `weightedroc.engine.counts`).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..decisions.criteria import closest_topleft, youden
from ..engine.counts import Counts, counts_of  # noqa: F401 (Counts: for coords_ci)
from ..engine.validation import check_cost
from ..utils.signatures import in_help
from ..utils.types import ArrayLike, Direction, LabelValue, RocInput
from ..utils.warn import warn


def _ratio(best_weights):
    """pROC's r = (1 - prevalence) / (cost * prevalence) of best.weights."""
    try:
        cost, prevalence = (float(v) for v in best_weights)
    except (TypeError, ValueError):
        raise ValueError(
            "'best.weights' must be a numeric vector of length 2: "
            f"best_weights=(cost, prevalence), got {best_weights!r}"
        ) from None
    if not 0 < prevalence < 1:
        raise ValueError(
            f"prevalence ('best.weights[2]') must be in the interval ]0,1[, got {prevalence!r}"
        )
    return (1 - prevalence) / (cost * prevalence)


def _prevalence(value):
    if value is None:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"prevalence must be a number in [0, 1], got {value!r}")
    if not 0 <= value <= 1:
        raise ValueError(f"prevalence must be in [0, 1], got {value!r}")
    return float(value)


# Each measure: a function of (counts c, parameters p) -> array.  R's
# arithmetic: x / 0 is inf, 0 / 0 NaN (ROCR and pROC give those; yardstick
# gives NA with a warning, scikit-learn often 0: see `measures`).
def _tpr(c, p):
    return c.TP / c.P


def _tnr(c, p):
    return c.TN / c.N


def _fpr(c, p):
    return c.FP / c.N


def _fnr(c, p):
    return c.FN / c.P


def _ppv(c, p):
    if p["prevalence"] is None:
        return c.TP / (c.TP + c.FP)
    sens, spec, prev = _tpr(c, p), _tnr(c, p), p["prevalence"]
    return sens * prev / (sens * prev + (1 - spec) * (1 - prev))


def _npv(c, p):
    if p["prevalence"] is None:
        return c.TN / (c.TN + c.FN)
    sens, spec, prev = _tpr(c, p), _tnr(c, p), p["prevalence"]
    return spec * (1 - prev) / (spec * (1 - prev) + (1 - sens) * prev)


def _phi(c, p):  # ROCR's arithmetic
    return (c.TN * c.TP - c.FN * c.FP) / (
        np.sqrt(c.P) * np.sqrt(c.N) * np.sqrt(c.TP + c.FP) * np.sqrt(c.TN + c.FN)
    )


def _mi(c, p):  # ROCR: log2(n) + sum(k log2(k / (row col))) / n, 0 log 0 = 0
    total = c.P + c.N
    pos, neg = c.TP + c.FP, c.TN + c.FN
    result = np.log2(total)
    for k, row, col in ((c.TN, neg, c.N), (c.FN, neg, c.P), (c.FP, pos, c.N), (c.TP, pos, c.P)):
        ratio = k / (row * col)
        term = k * np.log2(ratio)
        result = result + np.where(ratio == 0, 0.0, term) / total
    return result


def _chisq(c, p):  # chisq.test(correct = FALSE): n (ad - bc)^2 / (row and column sums)
    # On the scaled counts, then scaled back: the statistic grows with the
    # weights, and scaling last keeps tiny weights' products out of subnormals.
    scaled = (c.P + c.N) * (c.TP * c.TN - c.FP * c.FN) ** 2
    return np.ldexp(scaled / (c.P * c.N * (c.TP + c.FP) * (c.TN + c.FN)), c.exponent)


def _f_rocr(c, p):
    a = p["alpha"]
    return 1 / (a * (1 / (c.TP / (c.TP + c.FP))) + (1 - a) * (1 / (c.TP / c.P)))


def _f_meas(c, p):
    b2 = p["beta"] ** 2
    prec, rec = c.TP / (c.TP + c.FP), c.TP / c.P
    return (1 + b2) * prec * rec / (b2 * prec + rec)


def _kap(c, p):
    total = c.P + c.N
    observed = (c.TP + c.TN) / total
    chance = ((c.TP + c.FP) * c.P + (c.TN + c.FN) * c.N) / (total * total)
    return (observed - chance) / (1 - chance)


def _youden(c, p):
    return youden(c.TP, c.TN, c.P, c.N, _ratio(p["best_weights"]))


def _topleft(c, p):
    return closest_topleft(c.TP, c.TN, c.P, c.N, _ratio(p["best_weights"]))


def _cost(c, p):  # ROCR's "cost"
    total = c.P + c.N
    return (c.P / total) * (c.FN / c.P) * p["cost_fn"] + (c.N / total) * (c.FP / c.N) * p["cost_fp"]


def _raw(name):
    return lambda c, p: np.ldexp(getattr(c, name), c.exponent)


MEASURES = {
    # pROC's coords(ret = "all"), in its order
    "threshold": lambda c, p: c.threshold,
    "specificity": _tnr,
    "sensitivity": _tpr,
    "accuracy": lambda c, p: (c.TP + c.TN) / (c.P + c.N),
    "tn": _raw("TN"),
    "tp": _raw("TP"),
    "fn": _raw("FN"),
    "fp": _raw("FP"),
    "npv": _npv,
    "ppv": _ppv,
    "tpr": _tpr,
    "tnr": _tnr,
    "fpr": _fpr,
    "fnr": _fnr,
    "fdr": lambda c, p: c.FP / (c.TP + c.FP),
    "1-specificity": _fpr,
    "1-sensitivity": _fnr,
    "1-accuracy": lambda c, p: (c.FP + c.FN) / (c.P + c.N),
    "1-npv": lambda c, p: 1 - _npv(c, p),
    "1-ppv": lambda c, p: 1 - _ppv(c, p),
    "precision": _ppv,
    "recall": _tpr,
    "lr_pos": lambda c, p: _tpr(c, p) / _fpr(c, p),
    "lr_neg": lambda c, p: _fnr(c, p) / _tnr(c, p),
    "youden": _youden,
    "closest.topleft": _topleft,
    # ROCR's performance() measures not above
    "acc": lambda c, p: (c.TP + c.TN) / (c.P + c.N),
    "err": lambda c, p: (c.FP + c.FN) / (c.P + c.N),
    "fall": _fpr,
    "rec": _tpr,
    "sens": _tpr,
    "miss": _fnr,
    "spec": _tnr,
    "prec": _ppv,
    "pcfall": lambda c, p: c.FP / (c.TP + c.FP),
    "pcmiss": lambda c, p: c.FN / (c.TN + c.FN),
    "rpp": lambda c, p: (c.TP + c.FP) / (c.P + c.N),
    "rnp": lambda c, p: (c.TN + c.FN) / (c.P + c.N),
    "phi": _phi,
    "mat": _phi,
    "mi": _mi,
    "chisq": _chisq,
    "odds": lambda c, p: c.TP * c.TN / (c.FN * c.FP),
    "lift": lambda c, p: (c.TP / c.P) / ((c.TP + c.FP) / (c.P + c.N)),
    "f": _f_rocr,
    "cost": _cost,
    # yardstick's
    "j_index": lambda c, p: _tpr(c, p) + _tnr(c, p) - 1,
    "mcc": _phi,
    "f_meas": _f_meas,
    "bal_accuracy": lambda c, p: (_tpr(c, p) + _tnr(c, p)) / 2,
    "kap": _kap,
    "detection_prevalence": lambda c, p: (c.TP + c.FP) / (c.P + c.N),
}
#: pROC's ret = "all", in pROC's column order.
PROC_ALL = [
    "threshold",
    "specificity",
    "sensitivity",
    "accuracy",
    "tn",
    "tp",
    "fn",
    "fp",
    "npv",
    "ppv",
    "fdr",
    "fpr",
    "tpr",
    "tnr",
    "fnr",
    "1-specificity",
    "1-sensitivity",
    "1-accuracy",
    "1-npv",
    "1-ppv",
    "precision",
    "recall",
    "youden",
    "closest.topleft",
]
_ALIASES = {"t": "threshold", "topleft": "closest.topleft", "npe": "1-npv", "ppe": "1-ppv"}
#: What pROC's coords() returns (its match.arg() choices for ret).
PROC_NAMES = [*PROC_ALL, "lr_pos", "lr_neg"]
_PROC_NAMES = frozenset(PROC_NAMES)  # (membership without a scan of the list)
_CURVES = {
    "auc": "WeightedAUC",
    "roc_auc": "WeightedAUC",
    "prbe": "prbe",
    "rch": "roc_convex_hull",
    "ecost": "cost_curve",
    "pr_auc": "pr_auc",
    "gain_curve": "gain_curve",
    "lift_curve": "lift_curve",
    "det": "det_curve",
    "eer": "equal_error_rate",
}


def shortened(name, choices, what):
    """`name`, or the one of `choices` it begins, as R's match.arg() reads
    a shortened argument ("sens", "se" and "1-np" for pROC's coordinates);
    None when it begins none of them."""
    found = [choice for choice in choices if choice.startswith(name)] if name else []
    if len(found) > 1:
        raise ValueError(f"{what} {name!r} is short for more than one of {found}: write more of it")
    return found[0] if found else None


def check_names(names, proc_first=False):
    """A list of known measure names, pROC's abbreviations resolved and any
    other start of one of pROC's coordinates read as pROC's match.arg()
    does ("se", "thr", "1-np").  ``proc_first`` (pROC's own functions):
    a start of one of them before another package's name ("sens" is
    pROC's sensitivity, not ROCR's "sens" column)."""
    if isinstance(names, str):
        names = [names]
    out = []
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"measure names must be strings, got {name!r}")
        name = _ALIASES.get(name, name)
        other = name in MEASURES or name in _CURVES
        if name not in _PROC_NAMES and (proc_first or not other):
            try:
                name = shortened(name, PROC_NAMES, "measure") or name
            except ValueError:
                if not other:  # (else another package's name: ROCR's "f")
                    raise
        if name in _CURVES:
            raise ValueError(
                f"{name!r} is a measure of the whole curve, not of each "
                f"threshold: call weightedroc.{_CURVES[name]}()"
            )
        if name not in MEASURES:
            raise ValueError(f"unknown measure {name!r}: expected one of {sorted(MEASURES)}")
        out.append(name)
    return out


def parameters(
    beta=1.0, alpha=0.5, cost_fp=1.0, cost_fn=1.0, prevalence=None, best_weights=(1, 0.5)
):
    """The checked parameters of the measures."""
    _ratio(best_weights)
    if not (type(alpha) is float or isinstance(alpha, numbers.Real)) or (
        isinstance(alpha, (bool, np.bool_)) or not 0 <= alpha <= 1
    ):
        raise ValueError(f"alpha must be a number in [0, 1] (ROCR's f), got {alpha!r}")
    return {
        "beta": check_cost(beta, "beta"),
        "alpha": float(alpha),
        "cost_fp": check_cost(cost_fp, "cost_fp", allow_zero=True),
        "cost_fn": check_cost(cost_fn, "cost_fn", allow_zero=True),
        "prevalence": _prevalence(prevalence),
        "best_weights": tuple(best_weights),
    }


def compute(counts, names, params):
    """{name: array} of the measures `names` (checked) at every row of `counts`."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return {name: np.asarray(MEASURES[name](counts, params), dtype=float) for name in names}


def rows_at(counts, x):
    """Rows of the thresholds `x`: the first row whose threshold is at or
    past x (pROC's roc_utils_thr_idx; classified positive: guess >= x, or
    guess <= x with direction ">")."""
    x = np.asarray(x, dtype=float)
    if np.isnan(x).any():
        raise ValueError("threshold values must not be NaN")
    if counts.direction == ">":
        return np.searchsorted(-counts.threshold, -x, side="left")
    return np.searchsorted(counts.threshold, x, side="left")


@in_help
def measures(
    roc: RocInput,
    names: str | Sequence[str],
    at: ArrayLike | None = None,
    *,
    positive: LabelValue = None,
    direction: Direction = "<",
    beta: float = 1.0,
    alpha: float = 0.5,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    prevalence: float | None = None,
    best_weights: tuple[float, float] = (1, 0.5),
) -> pd.DataFrame:
    """Any set of threshold measures, at every threshold or at given ones, as a DataFrame.

    Parameters
    ----------
    roc : pandas.DataFrame or tuple
        A complete `WeightedROC` frame, or raw inputs ``(guess, label)`` or
        ``(guess, label, weight)``.  Or a `smooth_roc` curve: the measures
        at each of its points (threshold NaN), the counts its rates times
        its data's class totals (W1 and W-1, the numbers of cases and
        controls without weights), as pROC's coords of a ``smooth.roc``;
        `at` is then an error (no thresholds).
    names : str or list of str
        Measures as R users write them.  pROC's ``coords`` names
        (threshold, specificity, sensitivity, accuracy, tn, tp, fn, fp,
        npv, ppv, fdr, fpr, tpr, tnr, fnr, 1-specificity, 1-sensitivity,
        1-accuracy, 1-npv, 1-ppv, precision, recall, lr_pos, lr_neg,
        youden, closest.topleft); ROCR's ``performance`` names (acc, err,
        fall, rec, sens, miss, spec, prec, pcfall, pcmiss, rpp, rnp, phi,
        mat, mi, chisq, odds, lift, f, cost); yardstick's (j_index, mcc,
        f_meas, bal_accuracy, kap, detection_prevalence).  Counts (tp ...)
        are weights.
    at : float or array of float, optional
        Thresholds to evaluate at (a guess is positive when >= the
        threshold, <= with direction ">"); by default every row of the curve.
    positive, direction
        As for `WeightedROC`, for raw inputs.
    beta : float, default 1
        yardstick's ``f_meas(beta = )``.
    alpha : float, default 0.5
        ROCR's ``f`` weight: ``1 / (alpha / prec + (1 - alpha) / rec)``.
    cost_fp, cost_fn : float, default 1
        ROCR's ``cost.fp``, ``cost.fn`` for ``"cost"``: ROCR's expected cost
        ``(cost_fp FP + cost_fn FN) / (W1 + W-1)``, i.e. the ``cost`` of
        `threshold_cost` divided by the total weight.
    prevalence : float, optional
        yardstick's ``ppv``/``npv`` with a given prevalence (Bayes' rule
        from sensitivity and specificity); by default the data's.
    best_weights : (float, float), default (1, 0.5)
        pROC's ``best.weights`` (cost of a false negative relative to a
        false positive, prevalence) for ``youden`` (pROC's ``se + r sp``)
        and ``closest.topleft`` (``(1 - se)^2 + r (1 - sp)^2``), with
        ``r = (1 - prevalence) / (cost prevalence)``.

    Returns
    -------
    pandas.DataFrame
        One column per name (threshold first, always), one row per
        threshold in `WeightedROC`'s order (one per `at`).  Undefined
        ratios follow R: ``x / 0`` is inf and ``0 / 0`` NaN (scikit-learn
        returns 0 for some, e.g. MCC and precision with nothing predicted
        positive).

        Deprecated: with `names` one string and `at` a scalar, 1.x still
        returns the float alone, with a FutureWarning; 2.0 returns the
        one-row frame.  Read one value as ``measures(roc, [name],
        at=[x])[name].iloc[0]``.

    Examples
    --------
    >>> from weightedroc import measures
    >>> data = ([1, 2, 3, 4], [0, 1, 0, 1], [1, 1, 2, 2])
    >>> measures(data, ["tp", "fp", "prec", "rec", "mcc"]).round(6)
       threshold   tp   fp  prec       rec       mcc
    0        1.0  3.0  3.0   0.5  1.000000       NaN
    1        2.0  3.0  2.0   0.6  1.000000  0.447214
    2        3.0  2.0  2.0   0.5  0.666667  0.000000
    3        4.0  2.0  0.0   1.0  0.666667  0.707107
    4        inf  0.0  0.0   NaN  0.000000       NaN
    >>> measures(data, ["f_meas"], at=[2.5]).round(6)
       threshold    f_meas
    0        2.5  0.571429
    """
    counts = counts_of(roc, positive, direction, "measures")
    if at is not None and isinstance(roc, pd.DataFrame) and roc.attrs.get("smooth") is not None:
        raise ValueError(
            "measures(): a smoothed curve has no thresholds, so at= has nothing to read; "
            "read its points with at=None, or values of a rate with "
            "coords(curve, x, input='specificity', ret=[...])"
        )
    checked = check_names(names)
    params = parameters(beta, alpha, cost_fp, cost_fn, prevalence, best_weights)
    if at is not None:
        counts = counts.take(rows_at(counts, np.atleast_1d(at)))
    values = compute(counts, checked, params)
    if isinstance(names, str) and at is not None and np.ndim(at) == 0:
        warn(
            f"measures(roc, {names!r}, at=<a number>) returns a float in 1.x and a "
            f"one-row DataFrame in 2.0: call measures(roc, [{names!r}], at=[...]) and "
            f"read [{checked[0]!r}].iloc[0]",
            FutureWarning,
        )
        return float(values[checked[0]][0])  # type: ignore[return-value]
    columns = {
        "threshold": counts.threshold if at is None else np.atleast_1d(np.asarray(at, dtype=float))
    }
    columns.update((name, values[name]) for name in checked if name != "threshold")
    return pd.DataFrame(columns)
