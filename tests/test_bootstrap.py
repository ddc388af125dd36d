"""auc_ci: the bootstrap interval of the weighted AUC.

References: each replicate's AUC against auc_score on the explicitly
resampled arrays; a plain loop bootstrap (its own random numbers) agreeing
within Monte Carlo error; pROC's DeLong interval on unweighted data.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weightedroc import auc_score
from weightedroc.datasets import load_asah
from weightedroc.engine.core import cumulate
from weightedroc.inference.bootstrap import _replicate_aucs, bootstrap_interval


def random_data(seed, n=60):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.4
    label[:2] = [False, True]
    guess = np.round(rng.normal(size=n) + label, 1)
    return guess, label, rng.exponential(size=n) + 0.05


@pytest.mark.parametrize("seed", range(5))
def test_replicate_auc_equals_auc_of_resampled_arrays(seed):
    guess, label, weight = random_data(seed)
    counts = cumulate(guess, label, weight)
    group = np.searchsorted(counts.threshold[:-1], guess)
    pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
    rng = np.random.default_rng(seed)
    pos_draws = rng.integers(0, len(pos), (7, len(pos)))
    neg_draws = rng.integers(0, len(neg), (7, len(neg)))
    fast = _replicate_aucs(
        group[pos],
        weight[pos],
        group[neg],
        weight[neg],
        len(counts.threshold) - 1,
        pos_draws,
        neg_draws,
    )
    for b in range(7):
        chosen = np.concatenate((pos[pos_draws[b]], neg[neg_draws[b]]))
        assert fast[b] == pytest.approx(
            auc_score(guess[chosen], label[chosen], weight[chosen]), abs=1e-13
        )


def test_estimate_is_auc_and_seed_reproduces():
    guess, label, weight = random_data(1)
    ci = bootstrap_interval(guess, label, weight, n_boot=300, seed=42)
    assert ci.estimate == auc_score(guess, label, weight)
    again = bootstrap_interval(guess, label, weight, n_boot=300, seed=42)
    assert (again.conf_low, again.conf_high) == (ci.conf_low, ci.conf_high)
    np.testing.assert_array_equal(again.replicates, ci.replicates)
    other = bootstrap_interval(guess, label, weight, n_boot=300, seed=43)
    assert not np.array_equal(other.replicates, ci.replicates)
    assert (ci.conf_level, ci.n_replicates, len(ci.replicates)) == (0.95, 300, 300)


def test_bounds_are_type_7_quantiles_of_replicates():
    guess, label, weight = random_data(2)
    ci = bootstrap_interval(guess, label, weight, conf_level=0.9, n_boot=101, seed=0)
    ordered = np.sort(ci.replicates)
    # Type 7 with 101 values: the 0.05 quantile is the 6th value, 0.95 the 96th.
    assert ci.conf_low == ordered[5] and ci.conf_high == ordered[95]


def test_separable_data_has_degenerate_interval():
    ci = bootstrap_interval([1, 2, 3, 4, 5], [0, 0, 1, 1, 1], [1, 2, 3, 1, 1], n_boot=200, seed=0)
    assert ci.estimate == ci.conf_low == ci.conf_high == 1
    assert (ci.replicates == 1).all()


def test_agrees_with_plain_loop_bootstrap():
    guess, label, weight = random_data(5, n=150)
    ci = bootstrap_interval(guess, label, weight, n_boot=2000, seed=0)
    rng = np.random.default_rng(12345)
    pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
    loop = []
    for _ in range(2000):
        chosen = np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))
        loop.append(auc_score(guess[chosen], label[chosen], weight[chosen]))
    lower, upper = np.quantile(loop, [0.025, 0.975])
    # Monte Carlo error of a 2.5% quantile from 2000 replicates: about 0.005.
    assert ci.conf_low == pytest.approx(lower, abs=0.015)
    assert ci.conf_high == pytest.approx(upper, abs=0.015)
    assert np.mean(ci.replicates) == pytest.approx(np.mean(loop), abs=0.005)


def test_close_to_procs_delong_interval_on_unweighted_data():
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("pROC")
    if not ok:
        pytest.skip(reason)
    import rpy2.robjects as ro

    asah = load_asah()
    poor = (asah["outcome"] == "Poor").to_numpy()
    delong = ro.r("""function(guess, label) as.numeric(pROC::ci.auc(pROC::roc(
        label, guess, levels = c(0, 1), direction = "<", quiet = TRUE), method = "delong"))""")
    lower, estimate, upper = delong(
        ro.FloatVector(asah["s100b"].tolist()), ro.FloatVector(poor.astype(float).tolist())
    )
    ci = bootstrap_interval(asah["s100b"], asah["outcome"], n_boot=2000, seed=1)
    assert ci.estimate == pytest.approx(estimate, abs=1e-12)
    assert ci.conf_low == pytest.approx(lower, abs=0.03)
    assert ci.conf_high == pytest.approx(upper, abs=0.03)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.5, 0.99))
def test_replicates_are_aucs_and_bounds_ordered(seed, level):
    guess, label, weight = random_data(seed, n=20)
    ci = bootstrap_interval(guess, label, weight, conf_level=level, n_boot=50, seed=seed)
    assert ((ci.replicates >= 0) & (ci.replicates <= 1)).all()
    assert ci.replicates.min() <= ci.conf_low <= ci.conf_high <= ci.replicates.max()


def test_inputs_not_modified_and_unit_weights_default():
    guess, label, weight = random_data(4)
    before = (guess.copy(), label.copy(), weight.copy())
    bootstrap_interval(guess, label, weight, n_boot=20, seed=0)
    for array, copy in zip((guess, label, weight), before):
        np.testing.assert_array_equal(array, copy)
    unweighted = bootstrap_interval(guess, label, n_boot=20, seed=0)
    ones = bootstrap_interval(guess, label, np.ones_like(weight), n_boot=20, seed=0)
    np.testing.assert_allclose(unweighted.replicates, ones.replicates, rtol=1e-15)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"conf_level": 1.0}, ValueError, r"conf_level must be between 0 and 1"),
        ({"conf_level": "95%"}, TypeError, "conf_level must be a number"),
        ({"n_boot": 0}, ValueError, "n_boot must be at least 1"),
        ({"n_boot": 10.5}, TypeError, "n_boot must be an integer"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        bootstrap_interval([1, 2, 3], [0, 1, 1], **kwargs)


def test_bad_data():
    with pytest.raises(ValueError, match="only one label value"):
        bootstrap_interval([1, 2, 3], [1, 1, 1])


@pytest.mark.parametrize("n_boot", [1, 37, 400])
def test_replicates_are_stratified_draws_of_the_seeded_generator(n_boot):
    """Rebuilt independently: the same generator draws each replicate's
    positives from the positives and its negatives from the negatives."""
    from weightedroc.inference.bootstrap import CELLS

    guess, label, weight = random_data(7, n=50)
    ci = bootstrap_interval(guess, label, weight, n_boot=n_boot, seed=11)
    pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
    rng = np.random.default_rng(11)
    batch = max(1, CELLS // len(guess))
    expected = []
    for start in range(0, n_boot, batch):
        size = min(batch, n_boot - start)
        pos_draws = rng.integers(0, len(pos), (size, len(pos)))
        neg_draws = rng.integers(0, len(neg), (size, len(neg)))
        for b in range(size):
            chosen = np.concatenate((pos[pos_draws[b]], neg[neg_draws[b]]))
            expected.append(auc_score(guess[chosen], label[chosen], weight[chosen]))
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-13)
