"""Scaling every weight by the same factor changes nothing a user decides on.

By 2**k the scaling is exact in floating point, so every output is the
same bits (weighted counts and costs are the same bits times 2**k).  By
any other factor the counts round differently in their last bits, but
every decision (threshold chosen, hull vertices, the better model) stays.
"""

import contextlib
import dataclasses
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.engine.validation import check_label
from weightedroc.inference.resampling import bootstrap_test, venkatraman_test

PROFILE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Outputs that are weighted counts or costs: they scale with the weights.
SCALED = {
    "FN",
    "FP",
    "TP",
    "TN",
    "cost",
    "positive_weight",
    "negative_weight",
    "tp",
    "fp",
    "tn",
    "fn",
    "tested weight",
    "events weight",
    "chisq",
}


@st.composite
def weighted_data(draw):
    """Guesses with ties, both classes, weights spanning 2**-20..2**20."""
    n = draw(st.integers(4, 60))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    guess = np.round(rng.normal(size=n), draw(st.sampled_from([0, 1, 3, 15])))
    positive = rng.random(n) < draw(st.sampled_from([0.2, 0.5, 0.8]))
    positive[:2] = [True, False]
    kind = draw(st.sampled_from(["unit", "integer", "wide"]))
    weight = (
        np.ones(n)
        if kind == "unit"
        else rng.integers(1, 6, n).astype(float)
        if kind == "integer"
        else 2.0 ** rng.uniform(-20, 20, n)
    )
    return guess, np.where(positive, 1, -1), weight


def outputs(guess, label, weight):
    """Every public function's result on the data, by name.

    Two warnings are expected on some draws and on both scales alike:
    McClish's below the diagonal, and the unpaired tests' on paired curves.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "the partial area .* is below that of the diagonal")
        warnings.filterwarnings("ignore", "The ROC curves seem to be paired")
        return _outputs(guess, label, weight)


def _outputs(guess, label, weight):
    roc = wr.WeightedROC(guess, label, weight)
    frame = pd.DataFrame({"g": guess, "y": label, "w": weight, "m": np.arange(len(guess)) % 2})
    frame = frame[frame.groupby("m")["y"].transform("nunique") == 2]
    found = {
        "WeightedROC": roc,
        "WeightedAUC": wr.WeightedAUC(roc),
        "auc_score": wr.auc_score(guess, label, weight),
        "partial_auc fpr": wr.partial_auc(roc, fpr_range=(0, 0.3), correct=True),
        "partial_auc tpr": wr.partial_auc(roc, tpr_range=(0.8, 1)),
        "cost_auc": dataclasses.astuple(wr.cost_auc(roc, cost_fn=3, cost_fp=1)),
        "cost_region": wr.cost_region(roc, cost_fn=3, cost_fp=1),
        "threshold_cost": wr.threshold_cost(roc, cost_fp=1, cost_fn=5),
        "roc_convex_hull": wr.roc_convex_hull(roc),
        "min_risk": dataclasses.astuple(wr.min_risk(roc, prevalence=0.3, cost_fn=4)),
        "min_risk default": dataclasses.astuple(wr.min_risk(roc)),
        "weighted_pr": wr.weighted_pr(guess, label, weight),
        "average_precision": wr.average_precision(guess, label, weight),
        "auc_ci": tuple(
            getattr(wr.auc_ci(guess, label, weight, method="bootstrap", n_boot=50, seed=3), f)
            for f in ("estimate", "conf_low", "conf_high")
        ),
    }
    found["auc_ci partial"] = tuple(
        getattr(
            wr.auc_ci(
                guess,
                label,
                weight,
                method="bootstrap",
                n_boot=30,
                seed=3,
                fpr_range=(0, 0.3),
                correct=True,
            ),
            f,
        )
        for f in ("estimate", "conf_low", "conf_high")
    )
    found["ci_se"] = wr.ci_se(guess, label, weight, n_boot=30, seed=3)
    found["ci_sp"] = wr.ci_sp(guess, label, weight, n_boot=30, seed=3)
    found["ci_thresholds"] = wr.ci_thresholds(
        guess, label, weight, [-0.5, 0, 0.7], n_boot=30, seed=3
    )
    other = np.round(guess[::-1], 1)
    for test in (bootstrap_test, venkatraman_test):
        for paired in (True, False):
            pairing = contextlib.nullcontext()
            if not paired:  # pROC's warning: the curves have the same labels and weights
                pairing = pytest.warns(UserWarning, match="seem to be paired")
            with pairing:
                result = test(guess, other, label, weight, paired=paired, n_boot=20, seed=3)
            found[f"{test.__name__} paired={paired}"] = (result.statistic, result.p_value)
    found.update(delong_outputs(guess, label, weight))
    found.update(metric_outputs(roc, (guess, label, weight)))
    from weightedroc import sklearn as scorers  # the scorers' functions (no scikit-learn)

    found["sklearn scorers"] = pd.Series(
        {
            "auc": scorers._auc(label, guess, weight),
            "average_precision": scorers._average_precision(label, guess, weight),
            "partial_auc": scorers._partial_auc(label, guess, weight, fpr_range=(0, 0.3)),
            "cost": scorers._cost(label, guess, weight, cost_fp=1, cost_fn=3),
        }
    )
    for method in ("youden", "closest.topleft"):
        found[f"best_threshold {method}"] = wr.best_threshold(roc, method)
    found["best_threshold cost"] = wr.best_threshold(roc, "cost", cost_fp=1, cost_fn=3)
    if len(frame):
        found["roc_table"] = wr.roc_table(frame, "g", "y", "w", by="m")
        found["auc_table"] = wr.auc_table(frame, "g", "y", "w", by="m")
    return found


def delong_outputs(guess, label, weight, **options):
    """DeLong's variance, covariance, interval and tests (both classes of 2+)."""
    positive = check_label(label, positive=options.get("positive"))
    if min(positive.sum(), (~positive).sum()) < 2:
        return {}
    other = np.asarray(guess)[::-1].copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # small Kish effective sizes
        ci = wr.auc_ci(guess, label, weight, **options)
        paired = wr.roc_test(guess, other, label, weight, **options)
        unpaired = wr.roc_test(guess, other, label, weight, paired=False, **options)
        return {
            "auc_var": wr.auc_var(guess, label, weight, **options),
            "auc_cov": wr.auc_cov(guess, other, label, weight, **options),
            "auc_ci delong": (ci.estimate, ci.conf_low, ci.conf_high),
            "roc_test": (paired.statistic, paired.p_value, paired.conf_low, paired.conf_high),
            "roc_test unpaired": (unpaired.statistic, unpaired.p_value, unpaired.parameter["df"]),
        }


def metric_outputs(roc, data):
    """coords, measures and the curve measures (their normalised costs renamed:
    "cost" here means a weighted cost, which scales)."""
    from weightedroc.metrics.threshold_measures import MEASURES

    unscaled = {"cost": "normalised cost"}
    weights = {"n": "tested weight", "n_events": "events weight"}  # "n" elsewhere: a count
    found = {
        "measures": wr.measures(
            data,
            list(MEASURES),
            beta=2,
            alpha=0.3,
            cost_fp=2,
            prevalence=0.2,
            best_weights=(2, 0.3),
        ).rename(columns=unscaled),
        "coords all": wr.coords(roc, "all", ret="all"),
        "coords best": wr.coords(roc, "best", ret="all", best_weights=(2, 0.3)),
        "coords topleft": wr.coords(roc, "best", best_method="closest.topleft"),
        "coords local maximas": wr.coords(roc, "local maximas", ret="all"),
        "coords sensitivity": wr.coords(roc, [0.05, 0.5, 0.95], input="sensitivity", ret="all"),
        "cost_curve lines": wr.cost_curve(data).lines.rename(columns=unscaled),
        "cost_curve envelope": wr.cost_curve(data).envelope.rename(columns=unscaled),
        "gain_curve": wr.gain_curve(data).rename(columns=weights),
        "lift_curve": wr.lift_curve(data).rename(columns=weights),
        "det_curve": wr.det_curve(data),
        "equal_error_rate": wr.equal_error_rate(data),
        "pr_auc": wr.pr_auc(data, method="trapezoid"),
    }
    if len(np.unique(data[0])) > 1:
        found["prbe"] = wr.prbe(data)
    return found


def _bits(values):
    return np.asarray(values, dtype=np.float64).view(np.int64)


def assert_same_up_to(found, scaled, k):
    """`scaled` (from weights * 2**k) is `found` with counts times 2**k."""
    assert found.keys() == scaled.keys()
    for name, value in found.items():
        other = scaled[name]
        if isinstance(value, (pd.DataFrame, pd.Series)):
            assert list(value.index) == list(other.index), name
            columns = value.columns if isinstance(value, pd.DataFrame) else value.index
            for column in columns:
                a, b = value[column], other[column]
                if column in SCALED:
                    a = np.ldexp(np.asarray(a, dtype=np.float64), k)
                if np.asarray(a).dtype.kind == "f" or column in SCALED:
                    assert np.array_equal(_bits(a), _bits(b)), (name, column)
                else:
                    assert list(a) == list(b), (name, column)
        else:
            for a, b in zip(
                np.atleast_1d(np.asarray(value, dtype=object)),
                np.atleast_1d(np.asarray(other, dtype=object)),
            ):
                if isinstance(a, str):
                    assert a == b, name
                else:
                    assert _bits(a) == _bits(b), (name, value, other)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@PROFILE
@given(weighted_data(), st.integers(-1000, 1000))
@pytest.mark.filterwarnings("ignore:the partial area .* is below that of the diagonal")
def test_scaling_weights_by_a_power_of_two_changes_no_bit(data, k):
    guess, label, weight = data
    scaled = np.ldexp(weight, k)
    if not np.isfinite(scaled.sum()) or scaled.min() < np.finfo(float).tiny:
        k = 0 if k > 0 else -900  # keep every weight and total a normal double
        scaled = np.ldexp(weight, k)
    assert_same_up_to(outputs(guess, label, weight), outputs(guess, label, scaled), k)


def test_hull_and_best_thresholds_survive_2_to_the_minus_560():
    # Found by hand: products of counts underflowed, so 5 hull points became 2.
    rng = np.random.default_rng(7)
    guess, label, weight = rng.normal(size=200), rng.choice([-1, 1], 200), rng.random(200) + 0.5
    assert_same_up_to(
        outputs(guess, label, weight), outputs(guess, label, np.ldexp(weight, -560)), -560
    )


def decisions(guess, label, weight):
    roc = wr.WeightedROC(guess, label, weight)
    return (
        list(wr.roc_convex_hull(roc).index),
        [wr.best_threshold(roc, m).name for m in ("youden", "closest.topleft")],
        wr.best_threshold(roc, "cost", cost_fp=1, cost_fn=3).name,
        wr.min_risk(roc, prevalence=0.3, cost_fn=4).threshold,
        wr.min_risk(roc).threshold,
    )


@PROFILE
@given(weighted_data(), st.floats(-300, 300))
def test_scaling_weights_by_any_factor_keeps_every_decision(data, exponent):
    guess, label, weight = data
    factor = 10.0**exponent
    scaled = weight * factor
    if not np.isfinite(scaled.sum()) or scaled.min() < np.finfo(float).tiny:
        return
    assert decisions(guess, label, weight) == decisions(guess, label, scaled)


@PROFILE
@given(weighted_data(), weighted_data(), st.floats(-300, 300))
def test_scaling_weights_keeps_the_better_model(first, second, exponent):
    guess, label, weight = first
    other = np.random.default_rng(len(guess)).permutation(guess)
    a, b = wr.auc_score(guess, label, weight), wr.auc_score(other, label, weight)
    if abs(a - b) < 1e-9:
        return
    scaled = weight * 10.0**exponent
    if not np.isfinite(scaled.sum()) or scaled.min() < np.finfo(float).tiny:
        return
    assert (a > b) == (wr.auc_score(guess, label, scaled) > wr.auc_score(other, label, scaled))


def test_chisq_of_tiny_weights_scales_exactly():
    # Found by hypothesis: n (ad - bc)^2 computed on the scaled-back total
    # passed through subnormals for weights times 2**-957.
    guess, label = [0.0, 1.0, 0.0, -1.0], [1, -1, -1, -1]
    weight = np.array([3.95519139e00, 2.04759885e-06, 1.12876101e03, 2.87932877e00])
    found = wr.measures((guess, label, np.ldexp(weight, -957)), "chisq")["chisq"]
    expected = np.ldexp(wr.measures((guess, label, weight), "chisq")["chisq"], -957)
    assert np.array_equal(found.to_numpy(), expected.to_numpy(), equal_nan=True)
