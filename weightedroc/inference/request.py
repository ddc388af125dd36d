"""The one request of an inference call: the caller's data, read once.

A public call (`auc_var`, `auc_cov`, `auc_ci`, `roc_test`,
`power_roc_test`, and the method
functions `bootstrap_interval`, `bootstrap_var`, `bootstrap_cov`,
`bootstrap_test`, `venkatraman_test`, `design_auc_var`, ...) checks its
options and reads its data here, once, into a frozen `Request`.  Every
method is a leaf that reads only the request, never the raw data and never
a dispatcher: DeLong's placements, the bootstrap's samples, Obuchowski's
binormal fit, Venkatraman's ranks, the tests at a fixed point, and the
design's influence values and replicates all start from each guess's one
sort.

Interface
---------
``read(guesses, label, weight=None, *, function, method, ...) -> Request``
    `guesses` is a list of K >= 1 guesses.  Keywords: ``label2``,
    ``weight2`` (a second sample of its own rows for the second guess),
    ``paired`` (None: decided as pROC's ``roc.test``), ``names``,
    ``positive``, ``direction``, ``weights_are``, ``partial`` (checked by
    `checks.partial_area`, or a pair of them, one per curve), ``design``
    (`design_based.design_request`'s ``(design, replicates, method)``) and
    ``design2`` (the second sample's ``(design, replicates)``), and the
    options ``conf_level``, ``quantile``, ``alternative``, ``n_boot``,
    ``seed``, ``stratified``, ``sensitivity``, ``specificity``,
    ``data_name``, ``contrast``.  In this order: the options of
    `function`'s `method` are checked (`check_options`, the one place), each
    sample's labels and weights validated once and each guess once
    (`engine.validation.prepared`, `prepared_guess`), two curves' pairing
    decided, a design's sampling weights and plan read, and each guess
    sorted once (`engine.core.stable_order`).
``Curve``
    One guess: ``guess`` (float64, negated for direction ">"), ``label``
    (bool, True for positive), ``weight`` (float64 or None; under a design
    the sampling weights, ones when there are none), ``ordered`` (the one
    `stable_order` of (guess, label, weight)) and ``name``; ``data`` is
    ``(guess, label, weight)``.
``Request``
    ``curves`` (K `Curve`), ``paired`` (the curves are of one sample and
    share label and weight: always so for one or K curves), ``method``,
    ``weights_are``, ``partial``, ``plans`` (per sample, the design's
    ``(method, coded design, ReplicateWeights)`` of `plan`,
    or None without a design), and the checked options.  Properties:
    ``k``, ``names``, ``label`` and ``weight`` (the first sample's),
    ``data1`` and ``data2`` (the first two curves' ``data``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.core import Ordered, stable_order
from ..engine.validation import (
    WEIGHTS_ARE,
    check_choice,
    one_label_warning,
    prepared,
    prepared_guess,
)
from ..survey.design import ReplicateWeights, SurveyDesign, weights_of
from .checks import (
    ALTERNATIVES,
    check_conf_level,
    check_n_boot,
    check_quantile,
    no_delong_partial,
)
from .obuchowski import fpr_range_of
from .pairing import (
    check_lengths,
    check_point,
    checked_second,
    decided,
    name_of,
    same_classes,
)
from .replicates import check_stratified
from .wald import check_contrast

__all__ = ["Curve", "Request", "read", "check_options"]

DESIGN_METHODS = ("linearization", "replicate")
RESAMPLING = ("bootstrap", "sensitivity", "specificity")
# pROC's error for a partial area under DeLong names the methods that have one.
WITH_PARTIAL = {
    "auc_var": ("bootstrap", "obuchowski"),
    "auc_cov": ("bootstrap", "obuchowski"),
    "power_roc_test": ("obuchowski", "bootstrap"),
}


@dataclass(frozen=True)
class Curve:
    """One guess of a sample, validated and sorted once."""

    guess: np.ndarray
    label: np.ndarray
    weight: np.ndarray | None
    ordered: Ordered
    name: str

    @property
    def data(self):
        return self.guess, self.label, self.weight


@dataclass(frozen=True)
class Request:
    """What every method reads: the curves and the checked options."""

    curves: tuple[Curve, ...]
    paired: bool = True
    method: str = "delong"
    weights_are: str = "importance"
    partial: Any = None
    plans: tuple | None = None
    conf_level: float = 0.95
    quantile: str = "auto"
    alternative: str = "two.sided"
    n_boot: int = 2000
    seed: Any = None
    stratified: bool = True
    sensitivity: float | None = None
    specificity: float | None = None
    data_name: str = ""  # "": the result's own default
    contrast: Any = None

    @property
    def k(self):
        return len(self.curves)

    @property
    def names(self):
        return [c.name for c in self.curves]

    @property
    def label(self):
        return self.curves[0].label

    @property
    def weight(self):
        return self.curves[0].weight

    @property
    def data1(self):
        return self.curves[0].data

    @property
    def data2(self):
        return self.curves[1].data


def check_options(function, method, o):
    """The one check of a call's options `o` (a dict of `read`'s keywords)
    for `function`'s `method`, in pROC's words: `function` is a public
    function's name, or "k_auc_cov" and "k_roc_test" for K curves.  Returns
    the checked values that change (``conf_level``, ``n_boot``,
    ``stratified``, ``sensitivity``, ``specificity``)."""
    found = {}
    test = function in ("roc_test", "k_roc_test")
    if test:
        check_choice(o["alternative"], "alternative", ALTERNATIVES)
    if test or function == "auc_ci":
        found["conf_level"] = check_conf_level(o["conf_level"])
    if function == "k_roc_test":
        check_contrast(o["contrast"], len(o["guesses"]))
    if o["design"] is not None:
        if function == "roc_test":
            _check_design_test(o)
        return found
    if function == "roc_test":  # every method's, as pROC's roc.test
        check_choice(o["weights_are"], "weights_are", WEIGHTS_ARE)
        check_quantile(o["quantile"])
        found["n_boot"] = check_n_boot(o["n_boot"])
        if method == "venkatraman" and o["partial"] is not None:
            raise ValueError("Partial AUC is not supported for Venkatraman's test.")
        if method == "venkatraman" and o["alternative"] != "two.sided":
            raise ValueError("Only two-sided tests are available for Venkatraman.")
        found["stratified"] = check_stratified(o["stratified"])
        for point in ("sensitivity", "specificity"):
            found[point] = check_point(o[point], point, method)
        if o["paired"] is not None and not isinstance(o["paired"], (bool, np.bool_)):
            raise TypeError(f"paired must be None, True or False, got {o['paired']!r}")
    elif method in RESAMPLING:
        found["n_boot"] = check_n_boot(o["n_boot"])
        found["stratified"] = check_stratified(o["stratified"])
    if method == "delong" and function.startswith("k_"):
        if o["partial"] is not None:
            raise ValueError(
                "DeLong's method reads whole areas: partial areas need method='bootstrap'"
            )
    elif method == "delong":
        no_delong_partial(o["partial"], WITH_PARTIAL.get(function, ("bootstrap",)))
    if method == "obuchowski":
        fpr_range_of(o["partial"])
    return found


def _check_design_test(o):
    """What a design-based test of two curves takes."""
    if o["partial"] is not None:
        raise ValueError("design-based tests compare whole areas: give no fpr_range/tpr_range")
    if o["design2"] is None and (o["label2"] is not None or o["weight2"] is not None):
        raise ValueError("two independent samples need design2= (each its design)")
    if o["paired"] is True and o["design2"] is not None:
        raise ValueError("paired=True with two designs: paired scores share one design")
    if o["paired"] is False and o["design2"] is None:
        raise ValueError("paired=False needs both samples' designs: design=(design1, design2)")


def read(
    guesses,
    label,
    weight=None,
    *,
    function,
    method,
    label2=None,
    weight2=None,
    paired=None,
    names=None,
    positive=None,
    direction="<",
    weights_are="importance",
    partial=None,
    design=None,
    design2=None,
    conf_level=0.95,
    quantile="auto",
    alternative="two.sided",
    n_boot=2000,
    seed=None,
    stratified=True,
    sensitivity=None,
    specificity=None,
    data_name=None,
    contrast=None,
    second_named=False,
) -> Request:
    """Check the options, validate and sort the data: the `Request` that
    `function`'s `method` reads (see the module's interface).
    `second_named`: errors in the second guess name it as roc_test's second
    sample does."""
    options = dict(locals())
    k = len(guesses)
    options.update(check_options(function, method, options))
    own = label2 is not None or weight2 is not None or design2 is not None
    named = second_named and design is None
    if function == "roc_test" and design is None:
        check_lengths(guesses[1], label, label2, weight2)
    if own and label2 is None:
        label2 = label
    if design is not None:
        weight = weights_of(design[0], weight)
        if own:
            weight2 = weights_of(design2[0], weight2)
    with one_label_warning():  # two samples' labels: one LabelWarning
        first = prepared(guesses[0], label, weight, positive, direction, weights_are)
        data = [first]
        if own:
            second = (guesses[1], label2, weight2, positive, direction, weights_are)
            data.append(_second(named, prepared, *second))
    for g in guesses[len(data) :]:
        guess = _second(named, prepared_guess, g, label, weight, len(first[1]), direction)
        data.append((guess, first[1], first[2]))
    one_sample = not own
    if function in ("roc_test", "power_roc_test") and design is None:
        paired = decided(paired, one_sample or same_classes(data[0], data[1]))
    else:
        paired = one_sample
    plans: tuple | None = None
    if design is not None:
        data = [(g, y, np.ones(len(g)) if w is None else w) for g, y, w in data]
        sampled, replicates, how = design
        plans = (plan(sampled, replicates, how, len(first[0]), n_boot, seed),)
        if own:
            sampled, replicates = design2
            plans += (plan(sampled, replicates, plans[0][0], len(data[1][0]), n_boot, seed),)
    if function == "roc_test" and design is None and data_name is None:
        data_name = f"{name_of(guesses[0], 'guess1')} and {name_of(guesses[1], 'guess2')}"
    if names is None:
        names = [f"roc{i + 1}" for i in range(k)]
    curves = tuple(
        Curve(g, y, w, stable_order(g, y, w), name) for (g, y, w), name in zip(data, names)
    )
    return Request(
        curves,
        paired,
        method,
        weights_are,
        partial,
        plans,
        options["conf_level"],
        quantile,
        alternative,
        options["n_boot"],
        seed,
        options["stratified"],
        options["sensitivity"],
        options["specificity"],
        data_name or "",
        contrast,
    )


def _second(named, check, *arguments):
    """``check(*arguments)`` of a second guess, its errors naming the second
    sample when `named` (roc_test's words)."""
    if named:
        return checked_second(check, *arguments)
    return check(*arguments)


def plan(design, replicates, method, n, n_boot, seed):
    """(method, coded design or None, ReplicateWeights or None) for n rows."""
    if not isinstance(design, (SurveyDesign, ReplicateWeights)):
        raise TypeError(
            f"design must be a SurveyDesign or ReplicateWeights, got {type(design).__name__}"
        )
    if isinstance(design, ReplicateWeights):
        if replicates is not None:
            raise ValueError("design is already ReplicateWeights: give no replicates=")
        replicates = design
    if method is None:
        method = "replicate" if replicates is not None else "linearization"
    check_choice(method, "method", DESIGN_METHODS)
    if method == "linearization":
        if not isinstance(design, SurveyDesign):
            raise ValueError('method="linearization" needs a SurveyDesign, not replicate weights')
        return method, design.coded(n), None
    if replicates is None:
        raise ValueError(
            'method="replicate" needs replicates= (a type such as "JKn", or ReplicateWeights)'
        )
    if isinstance(replicates, str):
        if not isinstance(design, SurveyDesign):
            raise ValueError("replicates given by type need a SurveyDesign")
        bootstraps = ("bootstrap", "subbootstrap")
        replicates = design.replicates(
            replicates,
            n=n,
            n_rep=n_boot if replicates in bootstraps else None,
            seed=seed,
        )
    if not isinstance(replicates, ReplicateWeights):
        raise TypeError(f"replicates must be a type name or ReplicateWeights, got {replicates!r}")
    replicates.check_rows(n)
    return method, None, replicates
