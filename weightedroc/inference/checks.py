"""Argument checks shared by the inference functions (DeLong, intervals, tests)."""

import numbers
import warnings

import numpy as np

WEIGHTS_ARE = ("importance", "frequency")
ALTERNATIVES = ("two.sided", "less", "greater")
# Below this Kish effective size of a class, DeLong intervals of importance
# weighted AUCs under-cover noticeably (benchmarks/inference_coverage.py).
KISH_WARN = 30


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


def check_frequency(weight, weights_are):
    """Frequency weights must count observations: whole numbers."""
    check_choice(weights_are, "weights_are", WEIGHTS_ARE)
    if weights_are == "frequency" and weight is not None:
        bad = np.flatnonzero(weight != np.floor(weight))
        if len(bad):
            raise ValueError(
                f"frequency weights count identical observations and must be "
                f"whole numbers; weight[{bad[0]}] = {weight[bad[0]]!r} (use "
                f"weights_are='importance' for costs or sampling weights)"
            )


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


def warn_small_kish(kish_pos, kish_neg, weighted):
    """Warn when weights leave a class with a small effective size."""
    if weighted and min(kish_pos, kish_neg) < KISH_WARN:
        warnings.warn(
            f"Kish effective size of the positives {kish_pos:.3g} and of the "
            f"negatives {kish_neg:.3g}: below {KISH_WARN} the DeLong interval of "
            f"an importance-weighted AUC may under-cover (consider "
            f"method='bootstrap')",
            UserWarning,
            stacklevel=3,
        )
