"""DeLong's variance, covariance, interval and test, with weights.

References: a plain O(mn) DeLong over all (positive, negative) pairs; the
unweighted method on rows repeated (frequency weights); the influence of
each observation measured by differentiating `auc_score` numerically
(importance weights).  Hypothesis: order, scale and repetition.
"""

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc import auc_ci, auc_cov, auc_var, roc_test

PROFILE = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def brute_placements(guess, positive, weight):
    """Placement values over all pairs: psi = 1, 1/2, 0 as x >, =, < y."""
    x, y = guess[positive], guess[~positive]
    wx, wy = weight[positive], weight[~positive]
    psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
    auc = wx @ psi @ wy / (wx.sum() * wy.sum())
    return psi @ wy / wy.sum(), wx @ psi / wx.sum(), auc, wx, wy


def brute_cov(guess1, guess2, positive, weight=None, frequency=False):
    """Frequency: DeLong's sums with each row counted w times.  Importance:
    the two-sample jackknife, each observation left out and both AUCs
    recomputed over all pairs."""
    weight = np.ones(len(guess1)) if weight is None else np.asarray(weight, float)
    guess1, guess2 = np.asarray(guess1, float), np.asarray(guess2, float)
    if frequency:
        x1, y1, a1, wx, wy = brute_placements(guess1, positive, weight)
        x2, y2, a2, _, _ = brute_placements(guess2, positive, weight)
        return sum(
            np.sum(w * d1 * d2) / (w.sum() * (w.sum() - 1))
            for w, d1, d2 in ((wx, x1 - a1, x2 - a2), (wy, y1 - a1, y2 - a2))
        )
    return np.sum(brute_jackknife_terms(guess1, guess2, positive, weight))


def brute_jackknife_terms(guess1, guess2, positive, weight):
    """The two-sample jackknife's term of each observation (positives, then
    negatives): each observation left out and both AUCs recomputed over all
    pairs; their sum is the covariance."""
    full = [brute_placements(g, positive, weight)[2] for g in (guess1, guess2)]
    terms = []
    for members in (np.flatnonzero(positive), np.flatnonzero(~positive)):
        d = np.empty((2, len(members)))
        for j, k in enumerate(members):
            keep = np.arange(len(guess1)) != k
            for s, g in enumerate((guess1, guess2)):
                d[s, j] = brute_placements(g[keep], positive[keep], weight[keep])[2] - full[s]
        c = len(members)
        terms.append((c - 1) / c * (d[0] - d[0].mean()) * (d[1] - d[1].mean()))
    return np.concatenate(terms)


def unweighted_delong(guess, positive):
    """DeLong's S10/m + S01/n as in DeLong et al. (1988), with sample variances."""
    x, y, _, _, _ = brute_placements(np.asarray(guess, float), positive, np.ones(len(guess)))
    return np.var(x, ddof=1) / len(x) + np.var(y, ddof=1) / len(y)


def data(seed, n=40, digits=1):
    rng = np.random.default_rng(seed)
    positive = rng.random(n) < 0.4
    positive[:4] = [True, False, True, False]
    guess = np.round(rng.normal(size=n) + positive, digits)
    return guess, positive, rng.exponential(size=n) + 0.1


@pytest.mark.parametrize("seed", range(8))
def test_fast_variance_and_covariance_equal_all_pairs(seed):
    guess, positive, weight = data(seed, n=[5, 12, 40, 150][seed % 4], digits=seed % 3)
    other = np.round(guess + np.random.default_rng(seed).normal(size=len(guess)), 1)
    label = positive.astype(int)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        np.testing.assert_allclose(
            auc_var(guess, label, weight),
            brute_cov(guess, guess, positive, weight),
            rtol=1e-12,
            atol=1e-16,
        )
        np.testing.assert_allclose(
            auc_cov(guess, other, label, weight),
            brute_cov(guess, other, positive, weight),
            rtol=1e-11,
            atol=1e-16,
        )
    np.testing.assert_allclose(
        auc_var(guess, label), unweighted_delong(guess, positive), rtol=1e-12
    )
    counts = np.arange(len(guess)) % 4 + 1.0
    np.testing.assert_allclose(
        auc_var(guess, label, counts, weights_are="frequency"),
        brute_cov(guess, guess, positive, counts, frequency=True),
        rtol=1e-12,
    )


def test_importance_variance_is_the_jackknife_of_auc_score():
    """Each observation left out and auc_score recomputed (independent code):
    the two-sample jackknife; to first order the influence function's
    variance, z_i = w_i dA/dw_i by central differences."""
    guess, positive, weight = data(3, n=60)
    label = positive.astype(int)
    a = wr.auc_score(guess, label, weight)
    d, z = np.empty(len(guess)), np.empty(len(guess))
    for i in range(len(guess)):
        keep = np.arange(len(guess)) != i
        d[i] = wr.auc_score(guess[keep], label[keep], weight[keep]) - a
        up, down = weight.copy(), weight.copy()
        up[i] *= 1 + 1e-6
        down[i] *= 1 - 1e-6
        z[i] = (wr.auc_score(guess, label, up) - wr.auc_score(guess, label, down)) / 2e-6
    jackknife = linearised = 0.0
    for members in (positive, ~positive):
        c = members.sum()
        jackknife += (c - 1) / c * np.sum((d[members] - d[members].mean()) ** 2)
        linearised += c / (c - 1) * np.sum(z[members] ** 2)
        assert abs(np.sum(z[members])) < 1e-8
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        found = auc_var(guess, label, weight)
    assert found == pytest.approx(jackknife, rel=1e-10)
    assert found == pytest.approx(linearised, rel=0.1) and found > linearised


def test_paired_test_on_asah_prints_as_proc():
    asah = wr.load_asah()
    test = roc_test(asah["s100b"], asah["wfns"], asah["outcome"])
    # Printed by R 4.2.2, pROC 1.18: roc.test(roc(outcome, s100b), roc(outcome, wfns))
    assert repr(test).splitlines()[4:11] == [
        "Z = -2.209, p-value = 0.02718",
        "alternative hypothesis: true difference in AUC is not equal to 0",
        "95 percent confidence interval:",
        " -0.17421442 -0.01040618",
        "sample estimates:",
        "AUC of roc1 AUC of roc2 ",
        "  0.7313686   0.8236789 ",
    ]
    assert test.data_name == "s100b and wfns"


def test_pairing_is_inferred_as_are_paired():
    guess, positive, _ = data(1)
    label = positive.astype(int)
    other = guess[::-1]
    assert roc_test(guess, other, label).method.endswith("correlated ROC curves")
    assert roc_test(guess, (other, label.copy()), label).method.endswith("correlated ROC curves")
    assert roc_test(guess, (other, label[::-1]), label).method == "DeLong's test for two ROC curves"
    assert roc_test(guess, (other[:30], label[:30]), label).parameter["df"] > 0
    with pytest.warns(UserWarning, match="seem to be paired"):
        roc_test(guess, other, label, paired=False)
    with pytest.raises(ValueError, match="cannot be applied to unpaired curves"):
        roc_test(guess, (other, label[::-1]), label, paired=True)


def test_alternatives_split_the_two_sided_p_value():
    guess, positive, _ = data(2)
    other = np.round(np.random.default_rng(0).normal(size=len(guess)), 1)
    p = {
        alt: roc_test(guess, other, positive.astype(int), alternative=alt).p_value
        for alt in ("two.sided", "less", "greater")
    }
    assert p["less"] + p["greater"] == pytest.approx(1, abs=1e-15)
    assert p["two.sided"] == pytest.approx(2 * min(p["less"], p["greater"]), rel=1e-15)


def test_delong_interval_is_the_normal_interval_clipped():
    guess, positive, _ = data(4)
    label = positive.astype(int)
    with pytest.warns(UserWarning, match="below 30 in a class"):
        ci = auc_ci(guess, label, conf_level=0.8)
    half = 1.2815515655446004 * np.sqrt(unweighted_delong(guess, positive))  # qnorm(0.9)
    assert (ci.conf_low, ci.conf_high) == pytest.approx(
        (ci.estimate - half, ci.estimate + half), rel=1e-12
    )
    assert ci.estimate == wr.auc_score(guess, label) and ci.conf_level == 0.8
    assert ci.n_replicates == 0
    with pytest.warns(UserWarning, match="with 3 positive and 3 negative observations"):
        perfect = auc_ci([1, 2, 3, 4, 5, 6], [0, 0, 0, 1, 1, 1])
    assert (perfect.conf_low, perfect.estimate, perfect.conf_high) == (1.0, 1.0, 1.0)
    boot = auc_ci(guess, label, method="bootstrap", n_boot=50, seed=1)
    assert boot.n_replicates == 50 and len(boot.replicates) == 50


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: auc_var([1, 2, 3], [0, 1, 1]), "at least 2 negative"),
        (
            lambda: auc_var([1, 2, 3, 4], [0, 0, 1, 1], [1, 1, 1, 1e-3], weights_are="frequency"),
            "whole numbers",
        ),
        (
            lambda: auc_var([1, 2, 3, 4], [0, 0, 1, 1], [1, 1, 1, 0.5], weights_are="frequency"),
            "whole numbers",
        ),
        (lambda: auc_var([1, 2, 3, 4], [0, 0, 1, 1], method="jackknife"), "method must be one of"),
        (lambda: auc_var([1, 2, 3, 4], [0, 0, 1, 1], weights_are="sampling"), "weights_are"),
        (lambda: auc_cov([1, 2, 3, 4], [1, 2, 3], [0, 0, 1, 1]), "equal lengths"),
        (
            lambda: roc_test([1, 2, 3, 4], [1, 2, 3], [0, 0, 1, 1]),
            r"guess2=\(guess, label, weight\)",
        ),
        (
            lambda: roc_test([1, 2, 3, 4], [4, 2, 3, 1], [0, 0, 1, 1], alternative="two-sided"),
            "alternative must be one of",
        ),
        (
            lambda: roc_test([1, 2, 3, 4], [4, 2, 3, 1], [0, 0, 1, 1], method="sensitivity"),
            "Argument 'sensitivity' must be numeric of length 1 for a sensitivity test",
        ),
        (lambda: roc_test([1, 2, 3, 4], [4, 2, 3, 1], [0, 0, 1, 1], conf_level=1.5), "conf_level"),
        (lambda: auc_ci([1, 2, 3, 4], [0, 0, 1, 1], conf_level=0), "conf_level"),
        (
            lambda: roc_test([1, 2, 3, 4], [4, 2, 3, 1], [0, 0, 1, 1], fpr_range=(0, 0.2)),
            "not supported for partial AUC",
        ),
    ],
)
def test_bad_input_is_a_clear_value_error(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_one_negative_counted_twice_is_two_frequency_observations():
    # Frequency weight 2: the negative is two identical rows, so DeLong is defined.
    found = auc_var([1, 2, 3], [0, 1, 1], [2, 1, 1], weights_are="frequency")
    assert found == pytest.approx(auc_var([1, 1, 2, 3], [0, 0, 1, 1]), rel=1e-15)
    with pytest.raises(ValueError, match="at least 2 negative"):
        auc_var([1, 2, 3], [0, 1, 1], [2, 1, 1])


def test_skewed_importance_weights_warn_of_small_effective_size():
    guess, positive, weight = data(5, n=200)
    weight[positive] = 1.0
    weight[np.flatnonzero(positive)[0]] = 1000.0
    with pytest.warns(UserWarning, match="importance weights concentrated on a few rows") as got:
        auc_var(guess, positive.astype(int), weight)
    pos = weight[positive]
    kish = pos.sum() ** 2 / (pos @ pos)  # one row of 1000 among unit weights
    text = str(got[0].message)
    assert f"positives: Kish's effective size {kish:.3g} of {len(pos)} rows" in text
    share = 1000 / pos.sum()  # the heaviest 1% of the positives: one row here
    assert f"the heaviest 1 row holds {100 * share:.3g}% of the weight" in text
    assert "design=SurveyDesign(...)" in text and "cover" not in text
    assert got[0].filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        auc_var(guess, positive.astype(int))  # unit weights: pROC's method, no warning
        auc_var(guess, positive.astype(int), np.full(200, 7.0))


@st.composite
def tied_data(draw):
    n = draw(st.integers(6, 50))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    positive = rng.random(n) < draw(st.sampled_from([0.3, 0.5]))
    positive[:4] = [True, False, True, False]
    guess = rng.integers(0, draw(st.sampled_from([2, 4, 100])), n).astype(float)
    counts = rng.integers(1, 5, n).astype(float)
    return guess, positive.astype(int), counts, rng


def _all(guess, label, weight, weights_are="importance", other=None):
    other = guess[::-1].copy() if other is None else other
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        test = roc_test(guess, other, label, weight, weights_are=weights_are)
        unpaired = roc_test(guess, other, label, weight, paired=False, weights_are=weights_are)
        t_test = roc_test(guess, other, label, weight, weights_are=weights_are, quantile="t")
        t_ci = auc_ci(guess, label, weight, weights_are=weights_are, quantile="t")
        return np.array(
            [
                t_ci.conf_low,
                t_ci.conf_high,
                t_ci.df,
                t_test.p_value,
                t_test.parameter.get("df", np.inf),
                auc_var(guess, label, weight, weights_are=weights_are),
                auc_cov(guess, other, label, weight, weights_are=weights_are),
                test.statistic,
                test.p_value,
                test.conf_low,
                test.conf_high,
                unpaired.statistic,
                unpaired.p_value,
                unpaired.parameter["df"],
            ]
        )


@PROFILE
@given(tied_data())
def test_shuffling_the_observations_changes_nothing(case):
    guess, label, counts, rng = case
    other = np.round(guess + rng.normal(size=len(guess)))
    shuffle = rng.permutation(len(guess))
    for weights_are in ("importance", "frequency"):
        found = _all(guess, label, counts, weights_are, other)
        again = _all(guess[shuffle], label[shuffle], counts[shuffle], weights_are, other[shuffle])
        np.testing.assert_allclose(again, found, rtol=1e-12, atol=1e-12)


@PROFILE
@given(tied_data(), st.integers(-30, 30), st.floats(1e-3, 1e3))
def test_scaling_importance_weights_changes_nothing(case, k, factor):
    guess, label, counts, rng = case
    weight = counts * rng.exponential(size=len(counts))
    found = _all(guess, label, weight)
    assert np.array_equal(_all(guess, label, np.ldexp(weight, k)), found, equal_nan=True)
    np.testing.assert_allclose(_all(guess, label, weight * factor), found, rtol=1e-9, atol=1e-15)


@PROFILE
@given(tied_data())
def test_frequency_weights_equal_repeated_rows(case):
    guess, label, counts, rng = case
    rows = np.repeat(np.arange(len(guess)), counts.astype(int))
    other = np.round(guess + rng.normal(size=len(guess)))
    found = _all(guess, label, counts, "frequency", other)
    np.testing.assert_allclose(
        found, _all(guess[rows], label[rows], None, other=other[rows]), rtol=1e-12, atol=1e-15
    )


def test_auc_table_adds_each_groups_delong_interval():
    import pandas as pd

    asah = wr.load_asah()
    long = pd.concat([asah.assign(model=m, score=asah[m]) for m in ("s100b", "wfns", "ndka")])
    table = wr.auc_table(long, "score", "outcome", by="model", ci=True, conf_level=0.9)
    for _, row in table.iterrows():
        ci = auc_ci(asah[row["model"]], asah["outcome"], conf_level=0.9)
        assert (row["conf_low"], row["conf_high"]) == (ci.conf_low, ci.conf_high)
    # pROC: ci(roc(aSAH$outcome, aSAH$ndka)) is 0.5012-0.7227 (95%)
    ndka = wr.auc_table(long, "score", "outcome", by="model", ci=True).iloc[0]
    assert (round(ndka["conf_low"], 4), round(ndka["conf_high"], 4)) == (0.5012, 0.7227)
    small = pd.DataFrame(
        {"g": [1, 2, 3, 1, 2, 3, 4], "y": [0, 1, 1, 0, 0, 1, 1], "m": ["a"] * 3 + ["b"] * 4}
    )
    with pytest.warns(UserWarning, match="with 2 positive and 2 negative observations"):
        found = wr.auc_table(small, "g", "y", by="m", ci=True)
    with pytest.warns(UserWarning, match="with 2 positive and 2 negative observations"):
        expected = auc_ci([1, 2, 3, 4], [0, 0, 1, 1]).conf_low
    assert np.isnan(found["conf_low"][0]) and found["conf_low"][1] == expected
    assert list(wr.auc_table(small, "g", "y", by="m").columns) == [
        "m",
        "auc",
        "n",
        "positive_weight",
        "negative_weight",
    ]


def satterthwaite(guess, positive, weight=None):
    """(sum a)^2 / sum a^2 of the jackknife's terms (`brute_jackknife_terms`)."""
    weight = np.ones(len(guess)) if weight is None else np.asarray(weight, float)
    terms = brute_jackknife_terms(guess, guess, positive, weight)
    return terms.sum() ** 2 / np.sum(terms**2)


@pytest.mark.parametrize("seed", range(4))
def test_t_interval_uses_the_satterthwaite_degrees_of_freedom(seed):
    from scipy.special import stdtrit

    guess, positive, weight = data(seed, n=60)
    label = positive.astype(int)
    for w in (None, weight):
        df = satterthwaite(guess, positive, w)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            ci = auc_ci(guess, label, w, quantile="t", conf_level=0.9)
            half = stdtrit(df, 0.95) * np.sqrt(brute_cov(guess, guess, positive, w))
        assert ci.df == pytest.approx(df, rel=1e-10)
        assert (ci.conf_low, ci.conf_high) == pytest.approx(
            (max(ci.estimate - half, 0), min(ci.estimate + half, 1)), rel=1e-10
        )


def test_auto_quantile_is_procs_normal_for_unit_weights_and_t_for_importance_weights():
    asah = wr.load_asah()
    guess, label = asah["s100b"], asah["outcome"]

    def bounds(ci):
        return ci.estimate, ci.conf_low, ci.conf_high, ci.df

    unit = bounds(auc_ci(guess, label))
    assert unit[3] == np.inf and unit == bounds(auc_ci(guess, label, quantile="normal"))
    assert bounds(auc_ci(guess, label, np.full(len(label), 3.0))) == unit  # equal: unit
    counts = np.arange(len(label)) % 3 + 1.0
    frequency = auc_ci(guess, label, counts, weights_are="frequency")
    assert frequency.df == np.inf
    importance = auc_ci(guess, label, counts)
    assert bounds(importance) == bounds(auc_ci(guess, label, counts, quantile="t"))
    assert 10 < importance.df < len(label)
    assert importance.conf_low < auc_ci(guess, label, counts, quantile="normal").conf_low
    paired = roc_test(guess, asah["wfns"], label, counts)
    assert paired.statistic_name == "Z" and paired.parameter == {}
    assert roc_test(guess, asah["wfns"], label, counts, quantile="t").parameter["df"] > 10
    with pytest.raises(ValueError, match="quantile must be one of"):
        auc_ci(guess, label, quantile="z")


def test_paired_t_test_p_value_and_interval_use_its_degrees_of_freedom():
    from scipy.special import stdtr, stdtrit

    guess, positive, weight = data(6, n=80)
    other = np.round(guess + np.random.default_rng(6).normal(size=len(guess)), 1)
    label = positive.astype(int)
    test = roc_test(guess, other, label, weight, conf_level=0.9, quantile="t")
    df = test.parameter["df"]
    sd = np.sqrt(
        brute_cov(guess, guess, positive, weight)
        + brute_cov(other, other, positive, weight)
        - 2 * brute_cov(guess, other, positive, weight)
    )
    difference = test.estimate["AUC of roc1"] - test.estimate["AUC of roc2"]
    assert test.statistic == pytest.approx(difference / sd, rel=1e-10)
    assert test.p_value == pytest.approx(2 * stdtr(df, -abs(test.statistic)), rel=1e-10)
    assert (test.conf_low, test.conf_high) == pytest.approx(
        (difference - stdtrit(df, 0.95) * sd, difference + stdtrit(df, 0.95) * sd), rel=1e-9
    )
    assert "t = " in repr(test) and "df = " in repr(test)


def test_unpaired_importance_degrees_of_freedom_combine_each_curves():
    guess, positive, weight = data(7, n=70)
    other, positive2, weight2 = data(8, n=50)
    with pytest.warns(UserWarning, match="importance weights concentrated on a few rows") as caught:
        test = roc_test(guess, (other, positive2, weight2), positive, weight)
    assert len(caught) == 2  # one for each curve
    v1, v2 = (
        brute_cov(g, g, p, w)
        for g, p, w in ((guess, positive, weight), (other, positive2, weight2))
    )
    df1, df2 = satterthwaite(guess, positive, weight), satterthwaite(other, positive2, weight2)
    expected = (v1 + v2) ** 2 / (v1**2 / df1 + v2**2 / df2)
    assert test.parameter["df"] == pytest.approx(expected, rel=1e-10)


def test_normal_intervals_on_small_classes_warn_and_t_does_not():
    guess, positive, _ = data(9, n=40)
    label = positive.astype(int)
    with pytest.warns(UserWarning, match="below 30 in a class it under-covers"):
        auc_ci(guess, label)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        auc_ci(guess, label, quantile="t")
        asah = wr.load_asah()
        auc_ci(asah["s100b"], asah["outcome"])  # 41 and 72: pROC's example, no warning


def warning_sizes_by_pairs(guess, label, weight):
    """The weight warning's effective sizes from all (positive, negative)
    pairs: of the influence w |V - A| net of unit weights', and of the squared
    weights net of the class's count; (positives, negatives) each."""
    positive = label == 1
    x, y, wx, wy = guess[positive], guess[~positive], weight[positive], weight[~positive]
    psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
    auc = wx @ psi @ wy / (wx.sum() * wy.sum())

    def kish(z):
        return z.sum() ** 2 / (z @ z)

    def net(concentrated, baseline):
        excess = 1 / concentrated - 1 / baseline
        return 1 / excess if excess > 1e-12 else np.inf

    influence, squares = [], []
    for w, value in ((wx, psi @ wy / wy.sum()), (wy, wx @ psi / wx.sum())):
        distance = np.abs(value - auc)
        influence.append(net(kish(w * distance), kish(distance)))
        squares.append(net(kish(w * w), len(w)))
    return influence, squares


def silent(function, *args, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return function(*args, **options)


def test_weights_equal_within_each_class_never_warn():
    # Case-control sampling: 10 cases kept at rate 1, 100 controls at rate
    # 1/50.  The weighted AUC is the unweighted one; before 1.0 the Kish size
    # 10 of the cases warned.
    rng = np.random.default_rng(3)
    guess = np.concatenate([rng.normal(1, 1, 10), rng.normal(0, 1, 100)])
    label = np.repeat([1, 0], [10, 100])
    weight = np.repeat([1.0, 50.0], [10, 100])
    assert warning_sizes_by_pairs(guess, label, weight) == ([np.inf] * 2, [np.inf] * 2)
    ci = silent(auc_ci, guess, label, weight)
    assert ci.estimate == pytest.approx(wr.auc_score(guess, label), rel=1e-12)
    silent(auc_var, guess, label, weight)
    silent(roc_test, guess, guess + rng.normal(size=110), label, weight)


def test_heavy_rows_warn_where_their_placement_is_far_from_the_auc():
    # The same three weights of 5 among 100 positives: on the three scoring
    # lowest (placement values near 0, far from the AUC) they carry the AUC
    # (influence: 39 rows), on the three whose placement values are nearest
    # the AUC they barely move it.  Squared weights: 17.6 rows, above 11.
    rng = np.random.default_rng(7)
    guess = np.concatenate([rng.normal(1, 1, 100), rng.normal(0, 1, 100)])
    label = np.repeat([1, 0], 100)
    cases = np.flatnonzero(label == 1)
    distance = np.abs(placement_values(guess, label)[cases] - wr.auc_score(guess, label))
    far, near = np.ones(200), np.ones(200)
    far[cases[np.argsort(guess[cases])[:3]]] = 5.0
    near[cases[np.argsort(distance)[:3]]] = 5.0
    influence, squares = warning_sizes_by_pairs(guess, label, far)
    assert influence[0] == pytest.approx(39.0, abs=0.05) and influence[1] == np.inf
    assert squares[0] == pytest.approx(17.6, abs=0.05)
    expected = rf"{influence[0]:.3g} and unlimited for the AUC's influence"
    with pytest.warns(UserWarning, match=expected.replace(".", r"\.")):
        auc_ci(guess, label, far)
    with pytest.warns(UserWarning, match="concentrated on a few rows"):
        auc_var(guess, label, far)
    influence, squares = warning_sizes_by_pairs(guess, label, near)
    assert influence == [np.inf, np.inf] and squares[0] == pytest.approx(17.6, abs=0.05)
    silent(auc_ci, guess, label, near)


def test_a_few_very_heavy_rows_warn_by_their_squared_weights():
    # Three controls of weight 30 among 200, placed where they barely move
    # the AUC: the variance still rests on them (squared weights: 3.3 rows).
    rng = np.random.default_rng(7)
    guess = np.concatenate([rng.normal(1, 1, 200), rng.normal(0, 1, 200)])
    label = np.repeat([1, 0], 200)
    controls = np.flatnonzero(label == 0)
    auc = wr.auc_score(guess, label)
    nearest = controls[np.argsort(np.abs(placement_values(guess, label)[controls] - auc))[:3]]
    weight = np.ones(400)
    weight[nearest] = 30.0
    influence, squares = warning_sizes_by_pairs(guess, label, weight)
    assert min(influence) > 50 and squares[0] == np.inf and squares[1] < 11
    expected = rf"unlimited and {squares[1]:.3g} for the squared weights"
    with pytest.warns(UserWarning, match=expected.replace(".", r"\.")):
        auc_ci(guess, label, weight)


def placement_values(guess, label):
    """Unit-weight placement values by pairs, in the observations' order."""
    positive = label == 1
    psi = (guess[positive, None] > guess[None, ~positive]) + 0.5 * (
        guess[positive, None] == guess[None, ~positive]
    )
    value = np.empty(len(guess))
    value[positive] = psi.mean(axis=1)
    value[~positive] = psi.mean(axis=0)
    return value
