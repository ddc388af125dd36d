"""auc_ci's data flow down once (issue 30): one validation and one sort give
both the estimate and the placements; the results are the two-pass ones, bit
for bit, on the hard cases of tests/hardcases.py."""

import contextlib
import warnings

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.engine import core
from weightedroc.inference import checks, placements, request
from weightedroc.inference.checks import prepared
from weightedroc.inference.delong import variance_and_df
from weightedroc.inference.distributions import t_quantile


def two_passes(guess, label, weight, direction, weights_are, conf_level=0.95):
    """auc_ci(quantile="t") as it was: auc_score's own validation and sort,
    then the placements' (the plain path)."""
    estimate = wr.auc_score(guess, label, weight, direction=direction)
    g, y, w = prepared(guess, label, weight, None, direction, weights_are)
    curve = placements.placements(g, y, w, weights_are)
    variance, df = variance_and_df(curve, curve, weights_are)
    half = t_quantile(df, 1 - (1 - conf_level) / 2) * np.sqrt(variance)
    low, high = (float(min(max(x, 0.0), 1.0)) for x in (estimate - half, estimate + half))
    return estimate, low, high, float(df), float(np.sqrt(variance))


def bits(values):
    return [np.float64(v).view(np.int64) for v in values]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(recipes(max_segment=150), st.sampled_from(["<", ">"]), st.booleans())
def test_one_pass_equals_two_passes_bit_for_bit(recipe, direction, frequency):
    with np.errstate(over="ignore"):  # the median of edge chains near the double's max
        guess, positive, weight = build(recipe)
    assume(min(np.count_nonzero(positive), np.count_nonzero(~positive)) >= 2)
    weights_are = "importance"
    if frequency:
        assume(weight is None or np.array_equal(weight, np.floor(weight)))
        weights_are = "frequency"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # skewed weights
        ci = wr.auc_ci(
            guess, positive, weight, direction=direction, weights_are=weights_are, quantile="t"
        )
        expected = two_passes(guess, positive, weight, direction, weights_are)
    found = (ci.estimate, ci.conf_low, ci.conf_high, ci.df, ci.std_error)
    assert bits(found) == bits(expected)


@pytest.mark.parametrize("weight", [None, [1, 2, 1, 3, 1, 1, 2, 1, 1, 2]])
@pytest.mark.parametrize("direction", ["<", ">"])
def test_auc_ci_validates_once_and_sorts_once(monkeypatch, weight, direction):
    calls = {"check_inputs": 0, "stable_order": 0}

    def counted(name, function):
        def call(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)

        return call

    check_inputs = counted("check_inputs", checks.check_inputs)
    stable_order = counted("stable_order", core.stable_order)
    monkeypatch.setattr(checks, "check_inputs", check_inputs)
    monkeypatch.setattr("weightedroc.engine.validation.check_inputs", check_inputs)
    for module in (core, request, placements):
        monkeypatch.setattr(module, "stable_order", stable_order)
    guess = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55]
    label = ["a", "a", "b", "b", "a", "a", "b", "b", "a", "b"]
    skewed = pytest.warns(UserWarning, match="importance weights concentrated on a few rows")
    with contextlib.nullcontext() if weight is None else skewed:
        ci = wr.auc_ci(guess, label, weight, direction=direction, quantile="t", positive="b")
    assert calls == {"check_inputs": 1, "stable_order": 1}
    assert 0 <= ci.conf_low <= ci.estimate <= ci.conf_high <= 1


@pytest.mark.parametrize(
    "method, options",
    [
        ("delong", {}),
        ("bootstrap", {"n_boot": 20, "seed": 1}),
        ("venkatraman", {"n_boot": 20, "seed": 1}),
        ("sensitivity", {"n_boot": 20, "seed": 1, "at": 0.5}),
    ],
)
@pytest.mark.parametrize("unpaired", [False, True])
def test_roc_test_validates_each_curve_once(monkeypatch, method, options, unpaired):
    """The pairing and the method read one validation of each sample (it
    was two: `comparison`'s, then the method's own): paired curves share
    one validation of the labels, the second guess read on its own
    (`engine.validation.prepared_guess`, see tests/test_one_request.py)."""
    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0])
        return check_inputs(*args, **kwargs)

    from weightedroc.engine import validation

    check_inputs = validation.check_inputs
    monkeypatch.setattr(validation, "check_inputs", counted)
    monkeypatch.setattr("weightedroc.inference.pairing.check_inputs", counted)
    guess1 = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55]
    guess2 = [0.3, 0.2, 0.5, 0.6, 0.4, 0.1, 0.7, 0.8, 0.45, 0.65]
    label = ["a", "a", "b", "b", "a", "a", "b", "b", "a", "b"]
    second = (guess2, label[::-1]) if unpaired else guess2
    test = wr.roc_test(guess1, second, label, method=method, positive="b", **options)
    assert [list(guess) for guess in calls] == ([guess1, guess2] if unpaired else [guess1])
    assert 0 <= test.p_value <= 1
