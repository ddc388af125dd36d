"""Issue 38 item 1, part B: the curve's intervals (`ci_se`, `ci_sp`,
`ci_thresholds`, `ci_coords`) validate their data once and sort the guess
once, whatever the design: the bootstrap (stratified or not), a
`SurveyDesign` (linearized, or its default replicates), replicates of each
type given by name, and `ReplicateWeights` given as the design.  Counted at
run time by a profiler hook on the one validation
(`engine.validation.check_inputs`) and the one sort
(`engine.core.stable_order`), wherever they are called from.  These
functions take one guess, so there is no paired case here; the paired and
K-curve calls are request's (tests/test_one_request.py).

A smoothed curve's bootstrap smooths each replicate again (pROC's
method) from the data read once (`Smoothing.rows`): no validation, and the
binormal fit reads each replicate's curve from the one sort (the other
smoothings sort nothing).  One case still sorts each replicate, pinned
below: weighted ties whose rows weigh differently, where R's running sums
depend on the order the replicate drew its tied rows in.  The multiclass
jackknife, linearization, estimate and replicates read each column's one
sort (3 sorts for 3 columns; before, one per curve and again for the
estimate and in each replicate).
"""

import collections
import sys
import warnings

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.engine import core, validation

COUNTED = {
    validation.check_inputs.__code__: "validations",
    core.stable_order.__code__: "sorts",
}


def counted(call):
    """How many times `call()` validates its data and sorts a guess."""
    counts = collections.Counter(validations=0, sorts=0)

    def hook(frame, event, arg):
        if event == "call" and frame.f_code in COUNTED:
            counts[COUNTED[frame.f_code]] += 1

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # replicates without a class, etc.
            call()
    finally:
        sys.setprofile(previous)
    return dict(counts)


def data():
    rng = np.random.default_rng(3)
    n = 150
    label = rng.random(n) < 0.4
    guess = np.round(rng.normal(size=n) + label, 1)
    weight = rng.uniform(1, 9, n)
    return guess, label, weight


def designs():
    n = len(data()[0])
    cluster, strata = np.arange(n) // 5, np.arange(n) * 3 // n
    design = wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)
    paired = wr.SurveyDesign(cluster=np.arange(n) // 5 % 2, strata=np.arange(n) // 10, nest=True)
    return {
        "bootstrap": {},
        "bootstrap unstratified": {"stratified": False},
        "design": {"design": design},
        "design carrying its weights": {
            "design": wr.SurveyDesign(cluster=cluster, strata=strata, nest=True, weight=data()[2]),
            "weight": None,
        },
        "JKn": {"design": design, "replicates": "JKn"},
        "JK1": {"design": wr.SurveyDesign(cluster=cluster), "replicates": "JK1"},
        "BRR": {"design": paired, "replicates": "BRR"},
        "bootstrap replicates": {"design": design, "replicates": "bootstrap"},
        "ReplicateWeights": {"design": design.replicates("JKn", n=n)},
    }


CALLS = {
    "ci_se": lambda g, y, w, **kw: wr.ci_se(g, y, w, [0.3, 0.8], **kw),
    "ci_sp": lambda g, y, w, **kw: wr.ci_sp(g, y, w, [0.3, 0.8], **kw),
    "ci_thresholds": lambda g, y, w, **kw: wr.ci_thresholds(g, y, w, [0.0, 0.5, 1.0], **kw),
    "ci_thresholds best": lambda g, y, w, **kw: wr.ci_thresholds(g, y, w, "best", **kw),
    "ci_thresholds local maxima": lambda g, y, w, **kw: wr.ci_thresholds(
        g, y, w, "local_maxima", **kw
    ),
    "ci_coords": lambda g, y, w, **kw: wr.ci_coords(
        g, y, w, x=[0.0, 0.5], ret=["specificity", "sensitivity", "precision"], **kw
    ),
    "ci_coords best": lambda g, y, w, **kw: wr.ci_coords(
        g, y, w, x="best", ret=["threshold", "sensitivity"], best_policy="random", **kw
    ),
}


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("design", list(designs()))
@pytest.mark.parametrize("name", list(CALLS))
def test_one_validation_and_one_sort(name, design, direction):
    guess, label, weight = data()
    kw = dict(designs()[design], n_boot=20, seed=1, direction=direction)
    if "weight" in kw:
        weight = kw.pop("weight")
    result = None

    def call():
        nonlocal result
        result = CALLS[name](guess, label, weight, **kw)

    assert counted(call) == {"validations": 1, "sorts": 1}
    assert len(result) > 0 and np.isfinite(result.iloc[:, 2:].to_numpy(dtype=float)).any()


def test_the_counter_sees_a_second_sort():
    """The hook counts calls made anywhere below the public call."""
    guess, label, weight = data()

    def twice():
        wr.auc_score(guess, label, weight)
        wr.auc_score(-guess, label, weight)

    assert counted(twice) == {"validations": 2, "sorts": 2}


def test_smoothed_bootstrap_sorts_once():
    guess, label, _ = data()
    curve = wr.smooth_roc(guess, label)
    assert counted(lambda: wr.ci_se(curve, specificities=[0.5], n_boot=5, seed=1))["sorts"] <= 1


SMOOTHED = {
    "ci_se": lambda c, c2, g, y, w, **kw: wr.ci_se(c, specificities=[0.3, 0.8], **kw),
    "ci_sp": lambda c, c2, g, y, w, **kw: wr.ci_sp(c, sensitivities=[0.5], **kw),
    "ci_coords": lambda c, c2, g, y, w, **kw: wr.ci_coords(
        c, x=[0.5], input="specificity", ret=["sensitivity", "ppv"], **kw
    ),
    "ci_coords best": lambda c, c2, g, y, w, **kw: wr.ci_coords(
        c, x="best", ret=["sensitivity"], best_policy="random", **kw
    ),
    "auc_ci": lambda c, c2, g, y, w, **kw: wr.auc_ci(c, method="bootstrap", **kw),
    "auc_ci partial": lambda c, c2, g, y, w, **kw: wr.auc_ci(
        c, method="bootstrap", fpr_range=(0, 0.4), **kw
    ),
    "auc_var": lambda c, c2, g, y, w, **kw: wr.auc_var(c, method="bootstrap", **kw),
    "auc_cov": lambda c, c2, g, y, w, **kw: wr.auc_cov(c, c2, method="bootstrap", **kw),
    "roc_test": lambda c, c2, g, y, w, **kw: wr.roc_test(c, c2, method="bootstrap", **kw),
    "roc_test specificity": lambda c, c2, g, y, w, **kw: wr.roc_test(
        c, c2, method="specificity", specificity=0.8, **kw
    ),
    "roc_test unpaired": lambda c, c2, g, y, w, **kw: wr.roc_test(
        c, c2, method="bootstrap", paired=False, **kw
    ),
    "roc_test beside raw": lambda c, c2, g, y, w, **kw: wr.roc_test(
        c, g, y, w, method="bootstrap", **kw
    ),
}


@pytest.mark.parametrize("weights", ["none", "whole", "frequency"])
@pytest.mark.parametrize("method", ["binormal", "density", "fitdistr"])
@pytest.mark.parametrize("name", list(SMOOTHED))
def test_every_smoothed_bootstrap_reads_the_one_sort(name, method, weights):
    """Each smoothed curve is read once: no validation, one sort for a
    binormal curve (its fit reads a curve), none for the others; a raw
    curve beside it is validated and sorted once.  Whole-number weights
    (importance or frequency) give exact running sums in any order."""
    pytest.importorskip("scipy")
    guess, label, weight = data()
    weight = None if weights == "none" else np.ceil(weight)
    wa = "frequency" if weights == "frequency" else "importance"
    other = guess + np.sin(np.arange(len(guess)))
    curves = [
        wr.smooth_roc(g, label, weight, method=method, weights_are=wa) for g in (guess, other)
    ]
    raw = name == "roc_test beside raw"
    kw = dict(n_boot=5, seed=1, **({"weights_are": wa} if raw else {}))
    data_of = (other, label, weight) if raw else (None, None, None)
    got = counted(lambda: SMOOTHED[name](*curves, *data_of, **kw))
    two = name.startswith(("auc_cov", "roc_test")) and not raw
    # frequency weights: the estimate reads the weights, the replicates the rows repeated
    each = 1 + (weights == "frequency" and not name.startswith(("auc_var", "auc_cov", "ci_coords")))
    sorts = (1 + two) * each if method == "binormal" else 0
    assert got == {"validations": int(raw), "sorts": sorts + raw}


def test_weighted_ties_of_unequal_weights_sort_each_replicate():
    """What still sorts each replicate: the binormal fit of weighted ties
    whose rows weigh differently (`any_order_in_ties` False), as `data()`'s
    (guesses to one decimal, weights uniform on [1, 9]).  R's long double
    running sums depend on the order the replicate drew its tied rows in,
    which the one sort does not know (tests/test_one_sort_replicates.py
    shows a replicate whose bits differ), so each replicate is sorted
    (still without validating it)."""
    guess, label, weight = data()
    curve = wr.smooth_roc(guess, label, weight)
    got = counted(lambda: wr.auc_ci(curve, method="bootstrap", n_boot=5, seed=1))
    assert got == {"validations": 0, "sorts": 1 + 5}


MULTICLASS = {
    "var": lambda s, y, **kw: wr.multiclass_auc_var(s, y, **kw),
    "ci": lambda s, y, **kw: wr.multiclass_auc_ci(s, y, **kw),
}


def multiclass_data():
    rng = np.random.default_rng(2)
    classes = rng.integers(0, 3, 90)
    classes[:3] = [0, 1, 2]
    return rng.dirichlet([1, 1, 1], 90), classes, rng.uniform(1, 4, 90)


@pytest.mark.parametrize("design", [False, True])
@pytest.mark.parametrize("method", ["hand_till", "ovr"])
@pytest.mark.parametrize("name", list(MULTICLASS))
def test_multiclass_validates_once_and_sorts_each_column_once(name, method, design):
    """The jackknife's and the linearization's binary curves read their
    column's one sort (3 columns: 3 sorts), and the interval's estimate
    reads the same validated data and sorts (`combine` of `binary_aucs`)."""
    scores, classes, weight = multiclass_data()
    kw = dict(method=method)
    if design:
        kw["design"] = wr.SurveyDesign(cluster=np.arange(90) // 3)
    assert multiclass_counts(lambda: MULTICLASS[name](scores, classes, weight=weight, **kw)) == {
        "validations": 1,
        "sorts": 3,
    }


def multiclass_counts(call):
    """`counted`, with multiclass' own reading of the scores as its validation."""
    from weightedroc.curves import multiclass

    hook = {multiclass.multiclass_data.__code__: "validations"}
    COUNTED.update(hook)
    try:
        return counted(call)
    finally:
        for code in hook:
            COUNTED.pop(code)


@pytest.mark.parametrize("replicates", ["JK1", "JKn", "bootstrap", "ReplicateWeights"])
@pytest.mark.parametrize("name", list(MULTICLASS))
def test_multiclass_replicates_sort_each_column_once(name, replicates):
    scores, classes, weight = multiclass_data()
    cluster, strata = np.arange(90) // 3, np.arange(90) // 45
    design = wr.SurveyDesign(cluster=cluster, strata=strata if replicates == "JKn" else None)
    kw = dict(design=design, replicates=replicates)
    if replicates == "ReplicateWeights":
        kw = dict(design=design.replicates("JK1"))
    elif replicates == "bootstrap":
        kw = dict(design=design.replicates("bootstrap", n_rep=10, seed=1))
    assert multiclass_counts(lambda: MULTICLASS[name](scores, classes, weight=weight, **kw)) == {
        "validations": 1,
        "sorts": 3,
    }


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(recipes(max_segment=150), st.sampled_from(["<", ">"]))
def test_the_one_sort_equals_the_plain_sorts_bit_for_bit(recipe, direction):
    """The sample's counts (`stable_order` then `cumulate_sorted`) are
    `cumulate`'s, and the design readings over the sample's one order are
    `survey.auc`'s full and replicate rows, each sorting for itself (the
    path before), bit for bit, on the hard cases."""
    from weightedroc.engine.core import cumulate
    from weightedroc.inference.design_points import readings
    from weightedroc.inference.replicates import prepare, se_sp_rows
    from weightedroc.survey.auc import full_rows, replicate_rows

    with np.errstate(over="ignore"):
        guess, positive, weight = build(recipe)
    assume(min(np.count_nonzero(positive), np.count_nonzero(~positive)) >= 2)
    assume(weight is None or np.isfinite(weight.sum()))
    sample = prepare(guess, positive, weight, direction=direction)
    plain = cumulate(guess, positive, weight, direction=direction)
    signed = -sample.counts.threshold if direction == ">" else sample.counts.threshold
    for ours, theirs in (
        (signed, plain.threshold),
        (sample.counts.FN, plain.FN),
        (sample.counts.TN, plain.TN),
    ):
        assert np.array_equal(ours.view(np.int64), theirs.view(np.int64))
    n = len(guess)
    design = wr.SurveyDesign(cluster=np.arange(n) // 3)

    def read(P, N):
        return np.concatenate(se_sp_rows(P, N), axis=1)

    with np.errstate(all="ignore"):
        own, values, reps = readings(sample, read, design, "JK1", 50, 0)
        w = np.ones(n) if sample.weight is None else sample.weight
        arrays = sample.guess, sample.positive, w
        plain_own = full_rows(*arrays, read)
        plain_values = replicate_rows(*arrays, reps, read)
    assert np.array_equal(own[0], plain_own, equal_nan=True)
    assert np.array_equal(values, plain_values, equal_nan=True)


POWER = {
    "one curve": lambda first, second, **kw: wr.power_roc_test(first, power=0.8, **kw),
    "delong": lambda first, second, **kw: wr.power_roc_test(first, second, power=0.8, **kw),
    "obuchowski": lambda first, second, **kw: wr.power_roc_test(
        first, second, power=0.8, method="obuchowski", fpr_range=(0, 0.2), **kw
    ),
    "bootstrap": lambda first, second, **kw: wr.power_roc_test(
        first, second, sig_level=0.05, method="bootstrap", n_boot=20, seed=1, **kw
    ),
}


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("name", list(POWER))
def test_power_reads_each_sample_once_and_sorts_each_guess_once(name, direction):
    """roc1 and roc2 are given as two samples, (guess, label, weight) each:
    two validations (one a sample), one sort a guess."""
    guess, label, weight = data()
    other = np.round(guess + np.random.default_rng(5).normal(size=len(guess)), 1)
    result = None

    def call():
        nonlocal result
        result = POWER[name]((guess, label, weight), (other, label, weight), direction=direction)

    curves = 1 if name == "one curve" else 2
    assert counted(call) == {"validations": curves, "sorts": curves}
    aucs = np.atleast_1d(result.auc)
    if name != "obuchowski":  # (its areas are partial)
        expected = [wr.auc_score(g, label, weight, direction=direction) for g in (guess, other)]
        assert list(aucs) == expected[:curves]


@pytest.mark.parametrize("method", ["binormal", "density"])
@pytest.mark.parametrize("function", [wr.smooth_roc, wr.smooth_auc])
def test_smoothing_reads_its_data_once(function, method):
    """One validation; the binormal fit reads the one sort of its curve,
    the density none."""
    guess, label, weight = data()
    counts = counted(lambda: function(guess, label, weight, method=method, direction=">"))
    assert counts == {"validations": 1, "sorts": int(method == "binormal")}
