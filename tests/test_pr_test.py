"""pr_test (issue 41): the influence-function variance of the difference
of two guesses' AP (or interpolated PR area) against a brute-force
jackknife of the difference, the paired bootstrap against a loop that
resamples the same rows for both, and the HTest's words and symmetry."""

import numpy as np
import pytest
from scipy.stats import norm

import weightedroc as wr


def _estimate(estimator):
    if estimator == "ap":
        return lambda g, y, w: wr.average_precision(g, y, w)
    return lambda g, y, w: wr.pr_auc((g, y, w), method="interpolated")


def _pair(seed, n):
    rng = np.random.default_rng(seed)
    label = (rng.uniform(size=n) < 0.3).astype(int)
    label[:2] = [0, 1]
    common = rng.normal(size=n)
    guess1 = np.round(common + label + rng.normal(size=n), 1)
    guess2 = np.round(common + 0.7 * label + rng.normal(size=n), 1)
    return guess1, guess2, label, rng.uniform(0.5, 2.0, n)


@pytest.mark.parametrize("estimator", ["ap", "interpolated"])
def test_influence_variance_is_near_the_jackknife_of_the_difference(estimator):
    guess1, guess2, label, weight = _pair(1, 1200)
    f = _estimate(estimator)
    n = len(label)
    keep = np.ones(n, bool)
    differences = np.empty(n)
    for k in range(n):
        keep[k] = False
        differences[k] = f(guess1[keep], label[keep], weight[keep]) - f(
            guess2[keep], label[keep], weight[keep]
        )
        keep[k] = True
    jackknife = (n - 1) / n * np.sum((differences - differences.mean()) ** 2)
    test = wr.pr_test(guess1, guess2, label, weight, estimator=estimator)
    assert 0.95 < test.std_error**2 / jackknife < 1.0
    own = f(guess1, label, weight) - f(guess2, label, weight)
    assert test.statistic == pytest.approx(own / test.std_error, rel=1e-12)
    assert test.p_value == pytest.approx(2 * norm.sf(abs(test.statistic)), rel=1e-10)
    z = norm.ppf(0.975) * test.std_error
    assert (test.conf_low, test.conf_high) == pytest.approx((own - z, own + z), rel=1e-12)


@pytest.mark.parametrize("estimator", ["ap", "interpolated"])
def test_bootstrap_is_the_paired_stratified_loop(estimator):
    guess1, guess2, label, weight = _pair(2, 60)
    f = _estimate(estimator)
    test = wr.pr_test(
        guess1, guess2, label, weight, estimator=estimator, method="bootstrap", n_boot=120, seed=4
    )
    rng = np.random.default_rng(4)
    rows = [np.flatnonzero(label == 1), np.flatnonzero(label == 0)]
    differences = []
    for _ in range(120):
        pick = np.concatenate([rng.choice(r, len(r)) for r in rows])
        y, w = label[pick], weight[pick]
        differences.append(f(guess1[pick], y, w) - f(guess2[pick], y, w))
    assert test.std_error == pytest.approx(np.std(differences, ddof=1), rel=1e-11)
    assert test.parameter == {"boot.n": 120, "boot.stratified": 1}
    assert "bootstrap" in test.method


def test_words_alternatives_and_symmetry():
    guess1, guess2, label, weight = _pair(3, 80)
    test = wr.pr_test(guess1, guess2, label, weight, alternative="greater")
    swapped = wr.pr_test(guess2, guess1, label, weight, alternative="less")
    assert swapped.statistic == pytest.approx(-test.statistic, rel=1e-12)
    assert swapped.p_value == pytest.approx(test.p_value, rel=1e-12)
    assert test.p_value == pytest.approx(norm.sf(test.statistic), rel=1e-10)
    assert test.estimate == {
        "AP of guess1": pytest.approx(wr.average_precision(guess1, label, weight), abs=1e-14),
        "AP of guess2": pytest.approx(wr.average_precision(guess2, label, weight), abs=1e-14),
    }
    assert test.method.startswith("Influence-function (DeLong-style) test")
    assert test.null_name == "difference in AP"
    same = wr.pr_test(guess1, guess1, label, weight)
    assert (same.statistic, same.p_value, same.std_error) == (0.0, 1.0, 0.0)
    flipped = wr.pr_test(-guess1, -guess2, label, weight, direction=">")
    assert flipped.statistic == pytest.approx(wr.pr_test(guess1, guess2, label, weight).statistic)


@pytest.mark.parametrize(
    "options, match",
    [
        ({"method": "logit"}, "method must be one of"),
        ({"estimator": "roc"}, "estimator must be one of"),
        ({"alternative": "two"}, "alternative must be one of"),
        ({"method": "linearization"}, "needs design="),
    ],
)
def test_bad_options(options, match):
    with pytest.raises(ValueError, match=match):
        wr.pr_test([1, 2, 3, 4], [2, 1, 4, 3], [0, 1, 0, 1], **options)


def test_guess2_of_another_length():
    with pytest.raises(ValueError):
        wr.pr_test([1, 2, 3, 4], [2, 1, 4], [0, 1, 0, 1])
