"""pr_ci (issue 41): the influence-function variance of the weighted AP
against numerical derivatives and a brute-force jackknife, Boyd et al.'s
intervals by their formulas, the stratified bootstrap against a loop over
scikit-learn's average_precision_score."""

import warnings

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from sklearn.metrics import average_precision_score

import weightedroc as wr
from weightedroc.inference.pr_influence import estimates, influence, sort_rows
from weightedroc.inference.pr_interval import ap_influence


def _data(seed, n=60, ties=True):
    rng = np.random.default_rng(seed)
    label = (rng.uniform(size=n) < 0.3).astype(int)
    label[:2] = [0, 1]
    guess = rng.normal(size=n) + label
    guess = np.round(guess, 1) if ties else guess
    weight = rng.uniform(0.5, 2.0, n)
    return guess, label, weight


@pytest.mark.filterwarnings("ignore:Boyd et al:UserWarning")  # weighted: the intervals warn
@pytest.mark.parametrize("seed", range(6))
def test_estimate_is_average_precision(seed):
    guess, label, weight = _data(seed)
    for method in ("influence", "logit"):
        ci = wr.pr_ci(guess, label, weight, method=method)
        assert ci.estimate == pytest.approx(wr.average_precision(guess, label, weight), abs=1e-14)
    flipped = wr.pr_ci(-guess, label, weight, direction=">")
    assert flipped.estimate == pytest.approx(ci.estimate, abs=1e-14)


@pytest.mark.parametrize("seed", range(6))
def test_gradient_is_the_numerical_derivative(seed):
    guess, label, weight = _data(seed, n=30)
    _, gradient = ap_influence(guess, label == 1, weight)
    h = 1e-6
    for k in range(len(guess)):
        up, down = weight.copy(), weight.copy()
        up[k] += h
        down[k] -= h
        numeric = (
            average_precision_score(label, guess, sample_weight=up)
            - average_precision_score(label, guess, sample_weight=down)
        ) / (2 * h)
        assert gradient[k] == pytest.approx(numeric, abs=1e-7)


@pytest.mark.deep  # slow: in make test-deep (CI runs both)
@pytest.mark.parametrize("seed", range(3))
def test_influence_variance_is_near_the_jackknife(seed):
    # the jackknife's excess is O(1/n): 3-6% at n = 400, 1-2% at n = 1,600
    guess, label, weight = _data(seed, n=1600, ties=seed % 2 == 0)
    n = len(guess)
    keep = np.ones(n, bool)
    leave_one_out = np.empty(n)
    for k in range(n):
        keep[k] = False
        leave_one_out[k] = average_precision_score(
            label[keep], guess[keep], sample_weight=weight[keep]
        )
        keep[k] = True
    jackknife = (n - 1) / n * np.sum((leave_one_out - leave_one_out.mean()) ** 2)
    se = wr.pr_ci(guess, label, weight).std_error
    assert 0.97 < se**2 / jackknife < 1.0


@pytest.mark.filterwarnings("ignore:Boyd et al:UserWarning")  # weighted: the intervals warn
def test_boyd_intervals_by_their_formulas():
    guess, label, weight = _data(1)
    ap = wr.average_precision(guess, label, weight)
    n = weight[label == 1].sum() ** 2 / np.sum(weight[label == 1] ** 2)
    z = norm.ppf(0.95)
    binomial = wr.pr_ci(guess, label, weight, method="binomial", conf_level=0.9)
    half = z * np.sqrt(ap * (1 - ap) / n)
    assert (binomial.conf_low, binomial.conf_high) == pytest.approx((ap - half, ap + half))
    logit = wr.pr_ci(guess, label, weight, method="logit", conf_level=0.9)
    eta, tau = np.log(ap / (1 - ap)), 1 / np.sqrt(n * ap * (1 - ap))
    expected = (
        np.exp(eta - z * tau) / (1 + np.exp(eta - z * tau)),
        1 / (1 + np.exp(-eta - z * tau)),
    )
    assert (logit.conf_low, logit.conf_high) == pytest.approx(expected, abs=1e-14)
    assert "logit" in logit.method and logit.n == pytest.approx(n)
    unit = wr.pr_ci(guess, label, method="logit")
    assert unit.n == pytest.approx(label.sum(), abs=1e-12)  # Boyd's n: the positives


def test_bootstrap_is_the_stratified_loop():
    guess, label, weight = _data(2, n=40)
    ci = wr.pr_ci(guess, label, weight, method="bootstrap", n_boot=200, seed=5)
    rng = np.random.default_rng(5)
    rows = [np.flatnonzero(label == 1), np.flatnonzero(label == 0)]
    replicates = []
    for _ in range(200):
        pick = np.concatenate([rng.choice(r, len(r)) for r in rows])
        replicates.append(
            average_precision_score(label[pick], guess[pick], sample_weight=weight[pick])
        )
    assert (ci.conf_low, ci.conf_high) == pytest.approx(
        tuple(np.quantile(replicates, [0.025, 0.975])), abs=1e-13
    )
    assert ci.std_error == pytest.approx(np.std(replicates, ddof=1), abs=1e-13)
    again = wr.pr_ci(guess, label, weight, method="bootstrap", n_boot=200, seed=5)
    assert again == ci


@pytest.mark.parametrize(
    "options, error, match",
    [
        ({"method": "wald"}, ValueError, "method must be one of"),
        ({"conf_level": 1.5}, ValueError, "conf_level"),
        ({"direction": "up"}, ValueError, "direction"),
    ],
)
def test_bad_options(options, error, match):
    with pytest.raises(error, match=match):
        wr.pr_ci([1, 2, 3], [0, 1, 1], **options)


def test_result_is_frozen():
    import dataclasses

    ci = wr.pr_ci([1, 2, 3, 4], [0, 1, 0, 1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        ci.estimate = 0  # type: ignore[misc]


def _interpolated(guess, label, weight):
    return wr.pr_auc((guess, label, weight), method="interpolated")


@pytest.mark.parametrize("seed", range(6))
def test_interpolated_estimate_is_pr_auc(seed):
    guess, label, weight = _data(seed, ties=seed % 2 == 0)
    ci = wr.pr_ci(guess, label, weight, estimator="interpolated")
    assert ci.estimate == pytest.approx(_interpolated(guess, label, weight), abs=1e-14)
    assert ci.estimator == "interpolated" and "interpolated PR area" in ci.method
    flipped = wr.pr_ci(-guess, label, weight, direction=">", estimator="interpolated")
    assert flipped.estimate == pytest.approx(ci.estimate, abs=1e-14)


@pytest.mark.parametrize("seed", range(6))
def test_interpolated_gradient_is_the_numerical_derivative(seed):
    # one row of the first group a positive, a group of negatives only,
    # ties or none: every kind of segment of the interpolated curve
    guess, label, weight = _data(seed, n=30, ties=seed % 2 == 0)
    rows = sort_rows(guess, label == 1)
    area, gradient = influence(rows, "interpolated", weight)
    assert area == pytest.approx(_interpolated(guess, label, weight), abs=1e-14)
    h = 1e-6
    for k in range(len(guess)):
        up, down = weight.copy(), weight.copy()
        up[k] += h
        down[k] -= h
        numeric = (_interpolated(guess, label, up) - _interpolated(guess, label, down)) / (2 * h)
        assert gradient[k] == pytest.approx(numeric, abs=1e-7)
    assert np.sum(weight * gradient) == pytest.approx(0, abs=1e-14)  # degree 0


@pytest.mark.parametrize("seed", range(2))
def test_interpolated_variance_is_near_the_jackknife(seed):
    # as for AP: the jackknife's excess is O(1/n), 2-3% at n = 1,600
    guess, label, weight = _data(seed, n=1600, ties=seed % 2 == 0)
    n = len(guess)
    keep = np.ones(n, bool)
    leave_one_out = np.empty(n)
    for k in range(n):
        keep[k] = False
        leave_one_out[k] = _interpolated(guess[keep], label[keep], weight[keep])
        keep[k] = True
    jackknife = (n - 1) / n * np.sum((leave_one_out - leave_one_out.mean()) ** 2)
    se = wr.pr_ci(guess, label, weight, estimator="interpolated").std_error
    assert 0.96 < se**2 / jackknife < 1.0


@pytest.mark.filterwarnings("ignore:Boyd et al:UserWarning")  # weighted: the intervals warn
def test_interpolated_boyd_and_bootstrap():
    guess, label, weight = _data(3, n=40)
    area = _interpolated(guess, label, weight)
    n = weight[label == 1].sum() ** 2 / np.sum(weight[label == 1] ** 2)
    binomial = wr.pr_ci(guess, label, weight, estimator="interpolated", method="binomial")
    half = norm.ppf(0.975) * np.sqrt(area * (1 - area) / n)
    assert (binomial.conf_low, binomial.conf_high) == pytest.approx((area - half, area + half))
    ci = wr.pr_ci(
        guess, label, weight, estimator="interpolated", method="bootstrap", n_boot=150, seed=2
    )
    rng = np.random.default_rng(2)
    rows = [np.flatnonzero(label == 1), np.flatnonzero(label == 0)]
    replicates = []
    for _ in range(150):
        pick = np.concatenate([rng.choice(r, len(r)) for r in rows])
        replicates.append(_interpolated(guess[pick], label[pick], weight[pick]))
    assert (ci.conf_low, ci.conf_high) == pytest.approx(
        tuple(np.quantile(replicates, [0.025, 0.975])), abs=1e-13
    )
    assert "bootstrap" in ci.method and "interpolated" in ci.method


def test_bad_estimator_and_design_methods():
    with pytest.raises(ValueError, match="estimator must be one of"):
        wr.pr_ci([1, 2, 3], [0, 1, 1], estimator="trapezoid")
    with pytest.raises(ValueError, match="needs design="):
        wr.pr_ci([1, 2, 3], [0, 1, 1], method="replicate")
    with pytest.raises(ValueError, match="no design-based form"):
        wr.pr_ci([1, 2, 3], [0, 1, 1], method="logit", design=wr.SurveyDesign())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(recipes(max_segment=120), st.integers(0, 2**16))
def test_reweighting_the_one_sort_is_recomputing(recipe, seed):
    # every replicate (bootstrap counts, a design's replicates) reweights
    # the one sort; here each against the plain functions on the kept rows
    guess, positive, weight = build(recipe)
    weight = np.ones(len(guess)) if weight is None else weight
    label = positive.astype(int)
    factors = np.random.default_rng(seed).integers(0, 3, size=(len(guess), 3)).astype(float)
    rows = sort_rows(guess, positive)
    for estimator, f in (("ap", wr.average_precision), ("interpolated", _interpolated)):
        assert wr.pr_ci(guess, label, weight, estimator=estimator).estimate == pytest.approx(
            f(guess, label, weight), rel=1e-12, abs=1e-15
        )
        got = estimates(rows, estimator, weight[:, None] * factors)
        for r in range(3):
            keep = factors[:, r] > 0
            if positive[keep].any() and (~positive[keep]).any():
                expected = f(guess[keep], label[keep], (weight * factors[:, r])[keep])
                assert got[r] == pytest.approx(expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("method", ["logit", "binomial"])
def test_boyds_intervals_warn_with_uneven_weights_only(method):
    rng = np.random.default_rng(2)
    y = (rng.random(80) < 0.3).astype(int)
    g = rng.normal(size=80) + y
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        even = wr.pr_ci(g, y, np.full(80, 2.0), method=method)
    assert even.estimate == wr.pr_ci(g, y, method=method).estimate
    with pytest.warns(UserWarning, match="coverage study"):
        wr.pr_ci(g, y, rng.uniform(0.5, 2, 80), method=method)


def test_logit_interval_at_the_edges_of_the_unit_interval():
    """At AP = 1 (every positive above every negative) the logit is
    infinite: NaN with a warning, where the binomial interval is [1, 1].
    Just below 1 with one effective positive, the logit's ends are
    logistic(+-6e7): 0 and 1 (it overflowed exp() before)."""
    guess, label = [3.0, 2.0, 1.0, 0.0], [1, 1, 0, 0]
    with pytest.warns(UserWarning, match="logit interval is undefined at an estimate of 1"):
        logit = wr.pr_ci(guess, label, method="logit")
    assert logit.estimate == 1 and np.isnan(logit.conf_low) and np.isnan(logit.conf_high)
    binomial = wr.pr_ci(guess, label, method="binomial")
    assert (binomial.conf_low, binomial.conf_high) == (1.0, 1.0)
    g, y, w = [3.0, 2.0, 1.0, 0.0, -1.0], [1, 0, 1, 0, 0], [1e-15, 1, 1e15, 1, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # uneven weights: Boyd's warning
        edge = wr.pr_ci(g, y, w, method="logit")
    ap = wr.average_precision(g, y, w)
    assert edge.estimate == ap and 0 < 1 - ap < 1e-14
    assert (edge.conf_low, edge.conf_high) == (0.0, 1.0)
