"""Argument checks shared by the inference functions (DeLong, intervals,
bootstrap, tests), and the one path that validates their data (`prepared`)."""

import numbers
import warnings

import numpy as np

from ..curves.areas import check_range
from ..engine.validation import check_direction, check_inputs

WEIGHTS_ARE = ("importance", "frequency")
ALTERNATIVES = ("two.sided", "less", "greater")
QUANTILES = ("auto", "normal", "t")
# Thresholds from benchmarks/inference_coverage.py.  Importance weights
# (log-normal, sd 0.5 to 2): the 95% interval (jackknife variance, Student t)
# covered 0.943-0.967 in every setting where at most about half of the
# samples warned with these thresholds (a class's Kish effective size
# (sum w)^2 / sum w^2 below 50, or its squared weights' (sum w^2)^2 / sum w^4
# below 15), and 0.84-0.93 where most did; the normal quantile and the
# bootstrap covered less.  A sample shows only the weights it drew, so a
# silent sample from a heavy-tailed source is no guarantee (the vignette's
# "coverage when silent").  Unit weights: pROC's normal interval covered
# 0.91 with 10 observations of each class and 0.93 with 20 positives against
# 1000 negatives, 0.946-0.956 from 30; Student's t with Satterthwaite's
# degrees of freedom 0.953-0.965 from 10.
KISH_WARN = 50
SQUARES_WARN = 15
SMALL_CLASS = 30


def check_choice(value, name, choices):
    """`value` if it is one of `choices`, else a ValueError naming them."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")
    return value


def check_conf_level(conf_level):
    """A float in (0, 1), as R's ``conf.level``."""
    if isinstance(conf_level, (bool, np.bool_)) or not isinstance(conf_level, numbers.Real):
        raise TypeError(f"conf_level must be a number between 0 and 1, got {conf_level!r}")
    if not 0 < conf_level < 1:
        raise ValueError(
            f"conf_level must be between 0 and 1 (exclusive), e.g. 0.95; got {conf_level!r}"
        )
    return float(conf_level)


def check_n_boot(n_boot):
    """A positive whole number of replicates."""
    if isinstance(n_boot, (bool, np.bool_)) or not isinstance(n_boot, numbers.Integral):
        raise TypeError(f"n_boot must be an integer, got {n_boot!r}")
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1, got {n_boot!r}")
    return int(n_boot)


def check_frequency(weight, weights_are):
    """The integer counts of frequency weights (None for importance or no
    weights); frequency weights must be whole numbers."""
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    if weights_are == "importance" or weight is None:
        return None
    bad = np.flatnonzero(weight != np.floor(weight))
    if len(bad):
        raise ValueError(
            'weights_are="frequency" needs integer weights (whole numbers counting '
            f"identical rows), got {float(weight[bad[0]])!r} at position {bad[0]} "
            '(use weights_are="importance" for costs or sampling weights)'
        )
    return weight.astype(np.int64)


def prepared(guess, label, weight, positive, direction, weights_are):
    """The data of one curve, validated: float guesses (negated for
    direction ">"), boolean labels and float weights (or None)."""
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    guess, label, weight = check_inputs(guess, label, weight, positive)
    check_frequency(weight, weights_are)
    if check_direction(direction) == ">":
        guess = np.negative(guess)
    return guess, label, weight


def check_partial(partial_auc):
    """The keywords of `weightedroc.partial_auc` as a dict (checked), or None."""
    if partial_auc is None:
        return None
    if not isinstance(partial_auc, dict):
        raise TypeError(
            "partial_auc must be a dict of weightedroc.partial_auc's keywords, "
            f"e.g. dict(fpr_range=(0, 0.2), correct=True), got {partial_auc!r}"
        )
    unknown = set(partial_auc) - {"fpr_range", "tpr_range", "correct"}
    if unknown:
        raise TypeError(
            f"partial_auc has unknown keys {sorted(unknown)}: expected "
            "fpr_range, tpr_range and correct"
        )
    found = {"fpr_range": None, "tpr_range": None, "correct": bool(partial_auc.get("correct"))}
    for name in ("fpr_range", "tpr_range"):
        if partial_auc.get(name) is not None:
            found[name] = check_range(partial_auc[name], name)
    if found["fpr_range"] is not None and found["tpr_range"] is not None:
        raise ValueError("give fpr_range or tpr_range, not both")
    return found


def check_class_sizes(n_pos, n_neg, total_pos, total_neg, weights_are):
    """DeLong's variance needs at least two observations of each class."""
    if weights_are == "frequency":
        n_pos, n_neg = total_pos, total_neg
    for count, name in ((n_pos, "positive"), (n_neg, "negative")):
        if count < 2:
            raise ValueError(
                f"DeLong's variance needs at least 2 {name} observations, got "
                f"{count:g} (pROC returns NA); use more data or "
                f"method='bootstrap'"
            )


def check_quantile(quantile):
    """The quantile of a DeLong interval or test: 'auto', 'normal' or 't'."""
    return check_choice(quantile, "quantile", QUANTILES)


def warn_skewed_weights(p, stacklevel=3):
    """Warn when importance weights are too skewed for DeLong's variance to
    be reliable (`p`: the `Placements` of uneven importance weights)."""
    if min(p.kish) < KISH_WARN or min(p.kish_squares) < SQUARES_WARN:
        warnings.warn(
            f"importance weights too concentrated for DeLong's variance: Kish "
            f"effective sizes (sum w)^2 / sum w^2 of {p.kish[0]:.3g} (positives) and "
            f"{p.kish[1]:.3g} (negatives), and of the squared weights "
            f"(sum w^2)^2 / sum w^4 {p.kish_squares[0]:.3g} and "
            f"{p.kish_squares[1]:.3g}; below {KISH_WARN} and {SQUARES_WARN}, 95% "
            f"intervals covered 0.84-0.93 in simulation (the bootstrap less). "
            f"Use more data or less extreme weights",
            UserWarning,
            stacklevel=stacklevel,
        )


def warn_small_classes(sizes, stacklevel=3):
    """Warn when pROC's normal interval rests on few observations of a class."""
    if min(sizes) < SMALL_CLASS:
        warnings.warn(
            f"DeLong's normal interval with {sizes[0]:g} positive and {sizes[1]:g} "
            f"negative observations: below {SMALL_CLASS} in a class it under-covers "
            f"(0.91-0.93 measured for 95%); quantile='t' covered 0.95-0.97",
            UserWarning,
            stacklevel=stacklevel,
        )
