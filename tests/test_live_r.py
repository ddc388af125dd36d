"""weightedroc against live R (through rpy2): WeightedROC, pROC and ROCR.

Each test skips, with the reason, when R, rpy2 or the R package it needs is
missing.  R's WeightedROC is found through R's library paths (R_LIBS).
"""

import numpy as np
import pandas as pd
import pytest

import weightedroc
from weightedroc import rbridge
from weightedroc.datasets import load_asah, load_rocr_simple

COLUMNS = ["TPR", "FPR", "threshold", "FN", "FP"]
LABEL_ENCODINGS = {
    "pm1": lambda y: np.where(y, 1.0, -1.0),
    "01": lambda y: np.where(y, 1, 0),
    "12": lambda y: np.where(y, 2, 1),
    "factor": lambda y: pd.Categorical(np.where(y, "pos", "neg"), categories=["neg", "pos"]),
    "factor_yes_no": lambda y: pd.Categorical(np.where(y, "no", "yes"), categories=["yes", "no"]),
    "character": lambda y: np.where(y, "control", "case"),
}


def need_r(package):
    """Skip the calling test unless R, rpy2 and ``package`` can be used."""
    ok, reason = rbridge.r_available(package)
    if not ok:
        pytest.skip(reason)


def random_input(seed):
    """A seeded (guess, label, weight) with ties, -0.0 and varied weights."""
    rng = np.random.default_rng(seed)
    n = [2, 10, 100, 1000][seed % 4]
    y = rng.random(n) < 0.5
    y[:2] = [False, True]
    guess = [
        rng.normal(size=n),
        np.round(rng.normal(size=n), 1),
        rng.integers(1, 6, size=n).astype(float),
    ][seed % 3]
    weight = [
        None,
        rng.random(n),
        10 ** rng.uniform(-8, 8, n),
        rng.integers(1, 100, size=n).astype(float),
        rng.exponential(size=n),
    ][seed % 5]
    label = list(LABEL_ENCODINGS.values())[seed % len(LABEL_ENCODINGS)](y)
    return guess, label, weight


def assert_curves_close(ours, theirs):
    """FPR and TPR equal to within 1e-12, as R's tests check."""
    for column in ["FPR", "TPR"]:
        np.testing.assert_allclose(
            ours[column].to_numpy(), theirs[column].to_numpy(), rtol=0, atol=1e-12
        )


@pytest.mark.parametrize("seed", range(20))
def test_weightedroc_bit_for_bit(seed):
    need_r("WeightedROC")
    guess, label, weight = random_input(seed)
    theirs = rbridge.r_weighted_roc(guess, label, weight)
    ours = weightedroc.WeightedROC(guess, label, weight)
    assert list(ours.columns) == COLUMNS == list(theirs.columns)
    for column in COLUMNS:
        np.testing.assert_array_equal(ours[column].to_numpy(), theirs[column].to_numpy())
        np.testing.assert_array_equal(
            np.signbit(ours[column].to_numpy()), np.signbit(theirs[column].to_numpy())
        )
    assert weightedroc.WeightedAUC(ours) == rbridge.r_weighted_auc(guess, label, weight)


def test_rocr_simple_rocr():
    need_r("ROCR")
    data = load_rocr_simple()
    ours = weightedroc.WeightedROC(data.predictions, data.labels)
    assert_curves_close(ours, rbridge.rocr_curve(data.predictions, data.labels)[::-1])
    assert weightedroc.WeightedAUC(ours) == pytest.approx(
        rbridge.rocr_auc(data.predictions, data.labels), rel=0, abs=1e-12
    )


def test_rocr_simple_proc():
    need_r("pROC")
    data = load_rocr_simple()
    ours = weightedroc.WeightedROC(data.predictions, data.labels)
    kw = {"levels": ["0", "1"], "direction": "<"}
    assert_curves_close(ours, rbridge.proc_curve(data.predictions, data.labels, **kw))
    assert weightedroc.WeightedAUC(ours) == pytest.approx(
        rbridge.proc_auc(data.predictions, data.labels, **kw), rel=0, abs=1e-12
    )


def test_asah_proc_defaults():
    """As R's test: roc(outcome ~ s100b, aSAH) with pROC's defaults."""
    need_r("pROC")
    data = load_asah()
    ours = weightedroc.WeightedROC(data.s100b, data.outcome)
    assert_curves_close(ours, rbridge.proc_curve(data.s100b, data.outcome))
    assert weightedroc.WeightedAUC(ours) == pytest.approx(
        rbridge.proc_auc(data.s100b, data.outcome), rel=0, abs=1e-12
    )


def test_asah_rocr():
    need_r("ROCR")
    data = load_asah()
    ours = weightedroc.WeightedROC(data.s100b, data.outcome)
    assert_curves_close(ours, rbridge.rocr_curve(data.s100b, data.outcome)[::-1])
    assert weightedroc.WeightedAUC(ours) == pytest.approx(
        rbridge.rocr_auc(data.s100b, data.outcome), rel=0, abs=1e-12
    )


@pytest.mark.parametrize("seed", range(4))
def test_random_unweighted_proc_rocr(seed):
    """Tied random guesses; pROC told levels (negative first) and direction."""
    need_r("pROC")
    need_r("ROCR")
    rng = np.random.default_rng(100 + seed)
    y = rng.random(200) < 0.5
    guess = np.round(rng.normal(size=200), 1)
    label = LABEL_ENCODINGS["factor"](y)
    ours = weightedroc.WeightedROC(guess, label)
    auc = weightedroc.WeightedAUC(ours)
    kw = {"levels": ["neg", "pos"], "direction": "<"}
    assert_curves_close(ours, rbridge.proc_curve(guess, label, **kw))
    assert_curves_close(ours, rbridge.rocr_curve(guess, label)[::-1])
    assert auc == pytest.approx(rbridge.proc_auc(guess, label, **kw), rel=0, abs=1e-12)
    assert auc == pytest.approx(rbridge.rocr_auc(guess, label), rel=0, abs=1e-12)
