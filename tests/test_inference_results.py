"""Inference's results (issue 30): frozen dataclasses in one leaf module,
printing readably, with the vocabulary estimate, conf_low, conf_high,
conf_level, std_error, statistic, p_value; old names warn and still work."""

import dataclasses
import math

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.inference import results
from weightedroc.inference.resampling import bootstrap_test

RNG = np.random.default_rng(7)
LABEL = (np.arange(90) % 3 == 0).astype(int)
GUESS = np.round(LABEL + RNG.normal(size=90), 2)
GUESS2 = np.round(0.5 * LABEL + RNG.normal(size=90), 2)


@pytest.mark.parametrize("cls", [results.AUCInterval, results.HTest, results.PowerTest])
def test_results_are_frozen_dataclasses(cls):
    assert dataclasses.is_dataclass(cls)
    assert cls.__dataclass_params__.frozen


def test_the_old_homes_are_the_same_classes():
    from weightedroc.inference import bootstrap, htest, power

    assert bootstrap.AUCInterval is results.AUCInterval
    assert htest.HTest is results.HTest
    assert power.PowerTest is results.PowerTest


def test_results_module_is_a_leaf():
    import ast
    import importlib
    import inspect

    tree = ast.parse(inspect.getsource(results))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level > 0
    }
    # beyond utils, only the leaves the K-curve result's wald_test reads
    assert imported <= {"utils.deprecation", "utils.warn", "distributions", "wald"}
    for leaf in ("distributions", "wald"):
        source = inspect.getsource(importlib.import_module(f"weightedroc.inference.{leaf}"))
        assert {
            node.module
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ImportFrom) and node.level > 0
        } <= {"utils.normal"}


def test_delong_interval_std_error_is_the_root_of_auc_var():
    ci = wr.auc_ci(GUESS, LABEL)
    assert ci.std_error == math.sqrt(wr.auc_var(GUESS, LABEL))
    half = ci.estimate - ci.conf_low
    assert half == pytest.approx(1.959963984540054 * ci.std_error, rel=1e-12)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ci.estimate = 0.5  # type: ignore[misc]


def test_bootstrap_interval_std_error_is_the_replicates_sd():
    ci = wr.auc_ci(GUESS, LABEL, method="bootstrap", n_boot=200, seed=1)
    assert ci.std_error == np.std(ci.replicates, ddof=1)
    assert ci.std_error**2 == pytest.approx(
        wr.auc_var(GUESS, LABEL, method="bootstrap", n_boot=200, seed=1), rel=1e-12
    )


def test_paired_delong_test_std_error_is_from_var_and_cov():
    test = wr.roc_test(GUESS, GUESS2, LABEL)
    var1, var2 = wr.auc_var(GUESS, LABEL), wr.auc_var(GUESS2, LABEL)
    cov = wr.auc_cov(GUESS, GUESS2, LABEL)
    assert test.std_error == pytest.approx(math.sqrt(var1 + var2 - 2 * cov), rel=1e-10)
    difference = test.estimate["AUC of roc1"] - test.estimate["AUC of roc2"]
    assert test.statistic == pytest.approx(difference / test.std_error, rel=1e-12)
    assert test.conf_low == pytest.approx(difference - 1.959963984540054 * test.std_error)
    assert test.conf_high == pytest.approx(difference + 1.959963984540054 * test.std_error)


def test_unpaired_delong_test_std_error():
    test = wr.roc_test(GUESS, (GUESS2, LABEL[::-1]), LABEL)
    expected = math.sqrt(wr.auc_var(GUESS, LABEL) + wr.auc_var(GUESS2, LABEL[::-1]))
    assert test.std_error == pytest.approx(expected, rel=1e-12)
    assert test.conf_low is None and test.conf_high is None


def test_bootstrap_test_std_error_is_the_differences_sd():
    test = bootstrap_test(GUESS, GUESS2, LABEL, n_boot=100, seed=2)
    difference = test.estimate["AUC of roc1"] - test.estimate["AUC of roc2"]
    assert test.statistic == pytest.approx(difference / test.std_error, rel=1e-12)
    cov = wr.auc_cov(GUESS, GUESS2, LABEL, method="bootstrap", n_boot=100, seed=2)
    var1 = wr.auc_var(GUESS, LABEL, method="bootstrap", n_boot=100, seed=2)
    var2 = wr.auc_var(GUESS2, LABEL, method="bootstrap", n_boot=100, seed=2)
    assert test.std_error**2 == pytest.approx(var1 + var2 - 2 * cov, rel=1e-9)


def test_conf_int_is_a_deprecated_pair():
    test = wr.roc_test(GUESS, GUESS2, LABEL)
    with pytest.warns(
        FutureWarning, match=r"HTest.conf_int is deprecated .* \.conf_low and \.conf_high"
    ) as caught:
        pair = test.conf_int
    assert caught[0].filename == __file__
    assert pair == (test.conf_low, test.conf_high)
    assert "95 percent confidence interval:" in repr(test)


@pytest.mark.parametrize(
    "old, new",
    [
        ("lower", "conf_low"),
        ("upper", "conf_high"),
        ("level", "conf_level"),
        ("n_boot", "n_replicates"),
    ],
)
def test_interval_aliases_warn_at_the_readers_line(old, new):
    ci = wr.auc_ci(GUESS, LABEL)
    with pytest.warns(FutureWarning, match=f"AUCInterval.{old} is deprecated") as caught:
        assert getattr(ci, old) == getattr(ci, new)
    assert caught[0].filename == __file__


def test_interval_prints_readably_without_its_replicates():
    ci = wr.auc_ci(GUESS, LABEL, method="bootstrap", n_boot=50, seed=1)
    text = repr(ci)
    assert text.startswith("AUCInterval(estimate=") and "std_error=" in text
    assert " replicates=" not in text and "method='bootstrap (50, stratified)'" in text
    assert len(text) < 300
