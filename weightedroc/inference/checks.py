"""Argument checks shared by the inference functions (DeLong, intervals,
bootstrap, tests), and the one path that validates their data (`prepared`)."""

import numbers

import numpy as np

from ..curves.areas import check_range
from ..engine.validation import (  # noqa: F401 (moved to the engine; imported from here too)
    WEIGHTS_ARE,
    check_choice,
    check_direction,
    check_frequency,
    check_inputs,
    prepared,
)
from ..utils.warn import warn

ALTERNATIVES = ("two.sided", "less", "greater")
QUANTILES = ("auto", "normal", "t")
# The weight warning's rule, from benchmarks/inference_coverage.py ("warning"
# study; the numbers there and in the Inference vignette).  What breaks the
# interval is not uneven weights as such but a few heavy rows carrying much
# of the AUC's influence: row k moves the AUC in proportion to
# w_k |V_k - A| (its weight times its placement value's distance from the
# AUC), so heavy rows whose placement values are near the AUC move it
# little, and weights constant within a class (plain case-control sampling)
# change nothing.  So for each class:
# * the influence's effective size: 1 / (1/K(w |V - A|) - 1/K(|V - A|)),
#   K(x) = (sum x)^2 / sum x^2 Kish's effective size; the second term takes
#   out what unit weights give, so equal weights give infinity;
# * the squared weights' effective size, 1 / (1/K(w^2) - 1/n): how many rows
#   the variance estimate rests on beyond the class's n.
# The warning fires when either falls below INFLUENCE_WARN or SQUARES_WARN
# in a class.  Over 41 designs (2000 samples each) it fired on 0.977 of the
# samples of the tuning designs whose 95% intervals covered below 0.93 and
# on 0.284 of those covering 0.945 or more (the rule before 1.0, Kish sizes
# of the weights below 50 or of their squares below 15: 0.976 and 0.263);
# on the held-out designs, 0.922 and 0.120 (before: 0.726 and 0.625).
# Tuned on log-normal importance weights and on survey samples of controls
# drawn with a probability rising with the score; held out: case-control
# and stratified case-control samples, unequal classes, a higher AUC, other
# survey slopes and surveys of both classes.  A sample shows only the
# weights it drew, so a silent sample from a heavy-tailed design can still
# under-cover (the vignette's "coverage when silent").  Thirteen other rules
# (benchmarks/warning_candidates.py), the sample's own bootstrap estimate of
# its coverage among them, did no better: what separates the designs is the
# share of the AUC's variance in rows rarer than 1 in n, which lies beyond
# what one sample drew.
# Unit weights: pROC's normal interval covered 0.909 with 10 observations
# of each class and 0.931 with 20 positives against 1000 negatives,
# 0.947-0.956 from 30; Student's t with Satterthwaite's degrees of freedom
# 0.953-0.965 from 10.
INFLUENCE_WARN = 50
SQUARES_WARN = 11
SMALL_CLASS = 30


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


def partial_area(function, fpr_range=None, tpr_range=None, correct=False, partial_auc=None):
    """The partial area a `function` is asked for, checked: a dict of
    ``fpr_range``, ``tpr_range`` and ``correct`` (as `weightedroc.partial_auc`),
    or None for the whole area.

    The keywords are the spelling; the dict of 1.x (``partial_auc=dict(...)``)
    still works, with a FutureWarning naming the keywords, through 1.x.

    Examples
    --------
    >>> partial_area("auc_var", fpr_range=(0, 0.2))
    {'fpr_range': (0.0, 0.2), 'tpr_range': None, 'correct': False}
    >>> partial_area("auc_var") is None
    True
    """
    if partial_auc is not None:
        if fpr_range is not None or tpr_range is not None or correct:
            raise TypeError(
                f"{function}() got partial_auc= and fpr_range=, tpr_range= or correct=: "
                "give the keywords only"
            )
        keywords = check_partial(partial_auc)
        shown = ", ".join(f"{k}={v!r}" for k, v in partial_auc.items())
        warn(
            f"{function}(partial_auc=dict(...)) is deprecated and will be removed in 2.0: "
            f"call {function}(..., {shown})",
            FutureWarning,
        )
        return keywords
    if fpr_range is None and tpr_range is None:
        if correct:
            raise ValueError(
                f"{function}(): correct=True needs fpr_range or tpr_range (a partial area)"
            )
        return None
    return check_partial(dict(fpr_range=fpr_range, tpr_range=tpr_range, correct=correct))


def no_delong_partial(partial, supported):
    """The one error for a partial area under DeLong's method, from every
    entry point: pROC's words, and the `supported` methods that have it."""
    if partial is not None:
        methods = " or ".join(f"method={m!r}" for m in supported)
        raise ValueError(
            "DeLong method is not supported for partial AUC (fpr_range= or "
            f"tpr_range=). Use {methods} instead."
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


def check_quantile(quantile):
    """The quantile of a DeLong interval or test: 'auto', 'normal' or 't'."""
    return check_choice(quantile, "quantile", QUANTILES)


def excess_size(concentrated, baseline):
    """The effective size 1 / (1/concentrated - 1/baseline): what the weights
    alone leave of a class (inf when they concentrate nothing, to rounding)."""
    excess = 1 / concentrated - 1 / baseline
    return float(1 / excess) if excess > 1e-9 / concentrated else np.inf


def kish(x):
    """Kish's effective size (sum x)^2 / sum x^2 of nonnegative `x` (inf if all 0)."""
    total = x.sum()
    return float(total * total / np.dot(x, x)) if total > 0 else np.inf


def weight_effective_sizes(p):
    """The (positives, negatives) effective sizes of the warning's rule for
    `p`, the `Placements` of importance weights: of the AUC's influence
    ``w |V - A|`` net of unit weights', and of the squared weights net of the
    class's count (see the comment at INFLUENCE_WARN).

    Examples
    --------
    Equal weights in each class concentrate nothing; one heavy control
    among 20 holds most of the negatives' influence:

    >>> import numpy as np
    >>> from weightedroc.inference.placements import placements
    >>> guess = np.arange(40.0)
    >>> positive = np.arange(40) % 3 == 0
    >>> weight = np.where(positive, 1.0, 3.0)
    >>> weight_effective_sizes(placements(guess, positive, weight))
    ((inf, inf), (inf, inf))
    >>> weight[1] = 30.0
    >>> influence, squares = weight_effective_sizes(placements(guess, positive, weight))
    >>> [round(x, 1) for x in influence + squares]
    [inf, 11.2, inf, 1.7]
    """
    influence, squares = [], []
    for rows, count in ((p.positive, p.sizes[0]), (~p.positive, p.sizes[1])):
        w = p.weight[rows]
        distance = np.abs(p.value[rows] - p.auc)
        influence.append(excess_size(kish(w * distance), kish(distance)))
        squares.append(excess_size(kish(w * w), count))
    return tuple(influence), tuple(squares)


def size_text(size):
    """An effective size as the warning prints it ("unlimited" for inf)."""
    return "unlimited" if np.isinf(size) else f"{size:.3g}"


def heaviest_share(w):
    """(rows, share): the heaviest 1% of `w` (at least one row) and the
    share of the total weight they hold."""
    rows = max(1, len(w) // 100)
    return rows, float(np.partition(w, len(w) - rows)[len(w) - rows :].sum() / w.sum())


def warn_skewed_weights(p):
    """Warn, with facts about the weights, when a few heavy importance
    weights carry the AUC (`p`: the `Placements` of uneven importance
    weights; when: `weight_effective_sizes`).  The text claims nothing
    about coverage, which one sample cannot tell (the record:
    benchmarks/warning_candidates.py); it points to ``design=`` for
    weights that come from a sampling design."""
    influence, squares = weight_effective_sizes(p)
    if min(influence) < INFLUENCE_WARN or min(squares) < SQUARES_WARN:
        facts = []
        for name, rows, kish_size, count in (
            ("positives", p.positive, p.kish[0], p.sizes[0]),
            ("negatives", ~p.positive, p.kish[1], p.sizes[1]),
        ):
            heavy, share = heaviest_share(p.weight[rows])
            facts.append(
                f"{name}: Kish's effective size {kish_size:.3g} of {count} rows, "
                f"the heaviest {heavy} row{'s hold' if heavy > 1 else ' holds'} "
                f"{100 * share:.3g}% of the weight"
            )
        influence, squares = map(size_text, influence), map(size_text, squares)
        warn(
            "importance weights concentrated on a few rows ({}; {}). Effective sizes "
            "the weights leave (positives, negatives): {} and {} for the AUC's influence "
            "w|V - A|, {} and {} for the squared weights. DeLong's variance treats the "
            "rows as independent draws: if the weights come from a sampling design "
            "(strata, clusters, inclusion probabilities), give it as "
            "design=SurveyDesign(...) for a design-based variance".format(
                *facts, *influence, *squares
            ),
            UserWarning,
        )


def warn_small_classes(sizes):
    """Warn when pROC's normal interval rests on few observations of a class."""
    if min(sizes) < SMALL_CLASS:
        warn(
            f"DeLong's normal interval with {sizes[0]:g} positive and {sizes[1]:g} "
            f"negative observations: below {SMALL_CLASS} in a class it under-covers "
            f"(0.91-0.93 measured for 95%); quantile='t' covered 0.95-0.97",
            UserWarning,
        )


DIFFERENT_AREAS = (
    "Different AUC specifications in the ROC curves. Enforcing the inconsistency, but "
    "unexpected results may be produced."
)


def _per_curve(value):
    """Whether a range (or `correct`) is given per curve: a pair of ranges
    (None for the full area), or a pair of booleans."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return False
    if all(isinstance(v, (bool, np.bool_)) for v in value):
        return True
    return all(v is None or isinstance(v, (tuple, list, np.ndarray)) for v in value)


def curve_partials(function, fpr_range=None, tpr_range=None, correct=False, warn_differ=True):
    """The checked partial area of each of two curves, ``(partial1,
    partial2)`` (as `partial_area`): `fpr_range`, `tpr_range` and `correct`
    are each given once for both curves or per curve, e.g. ``fpr_range=((0,
    0.1), (0, 0.2))``.  Different areas warn in pROC's words.

    Examples
    --------
    >>> curve_partials("roc_test", fpr_range=(0, 0.2))[1]
    {'fpr_range': (0.0, 0.2), 'tpr_range': None, 'correct': False}
    >>> curve_partials("roc_test", fpr_range=((0, 0.1), None), tpr_range=(None, (0.9, 1)),
    ...                warn_differ=False)[1]
    {'fpr_range': None, 'tpr_range': (0.9, 1.0), 'correct': False}
    """
    given = {"fpr_range": fpr_range, "tpr_range": tpr_range, "correct": correct}
    pairs = {k: (v if _per_curve(v) else (v, v)) for k, v in given.items()}
    partials = tuple(
        partial_area(
            function, pairs["fpr_range"][k], pairs["tpr_range"][k], bool(pairs["correct"][k])
        )
        for k in (0, 1)
    )
    if warn_differ and partials[0] != partials[1]:
        warn(DIFFERENT_AREAS, UserWarning)
    return partials


def one_or_two(partials):
    """One partial area when both curves have the same, else the pair."""
    return partials[0] if partials[0] == partials[1] else partials
