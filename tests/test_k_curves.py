"""roc_test and auc_cov of K >= 2 curves of the same rows (DeLong, DeLong
and Clarke-Pearson 1988; Stata's roccomp), against the two-curve test bit
for bit, and against brute-force pair counts (unit, importance and
frequency weights)."""

import warnings

import numpy as np
import pandas as pd
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, given, settings

from weightedroc import auc_cov, auc_var, load_asah, roc_test
from weightedroc.inference.k_curves import holm

# -- brute force ------------------------------------------------------------


def pair_auc(g, y, w):
    """The weighted AUC by counting every (positive, negative) pair."""
    pos, neg = y, ~y
    gp, gn = g[pos][:, None], g[neg][None, :]
    psi = (gp > gn) + 0.5 * (gp == gn)
    wp, wn = w[pos][:, None], w[neg][None, :]
    return float((wp * wn * psi).sum() / (w[pos].sum() * w[neg].sum()))


def brute_cov(G, y, w=None, weights_are="importance"):
    """K x K covariance: frequency weights as DeLong's on the rows repeated;
    unit and importance weights as the two-sample jackknife of the exact
    leave-one-out AUCs, each a pair count."""
    if weights_are == "frequency":
        reps = w.astype(int)
        return brute_cov(np.repeat(G, reps, axis=0), np.repeat(y, reps))
    w = np.ones(len(y)) if w is None else w
    k = G.shape[1]
    A = np.array([pair_auc(G[:, c], y, w) for c in range(k)])
    D = np.empty((len(y), k))
    keep = np.ones(len(y), bool)
    for r in range(len(y)):
        keep[r] = False
        D[r] = [pair_auc(G[keep, c], y[keep], w[keep]) - A[c] for c in range(k)]
        keep[r] = True
    S = np.zeros((k, k))
    for cls in (y, ~y):
        m = cls.sum()
        d = D[cls] - D[cls].mean(axis=0)
        S += (m - 1) / m * d.T @ d
    return S, A


def random_curves(seed, n=40, k=3, ties=False):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.45
    y[:2] = [True, False]
    base = rng.normal(size=n) + y
    G = np.stack([base + rng.normal(scale=0.5 + c, size=n) + 0.3 * c * y for c in range(k)], 1)
    if ties:
        G = np.round(G, 0)
    return G, y


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("weights_are", ["none", "importance", "frequency"])
def test_covariance_equals_brute_force(seed, weights_are):
    G, y = random_curves(seed, ties=seed % 2 == 0)
    rng = np.random.default_rng(50 + seed)
    w = None
    if weights_are == "importance":
        w = rng.lognormal(size=len(y))
    elif weights_are == "frequency":
        w = rng.integers(1, 4, len(y)).astype(float)
    kind = "frequency" if weights_are == "frequency" else "importance"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # skewed-weight warnings
        S = auc_cov(list(G.T), label=y, weight=w, weights_are=kind)
    expected, A = brute_cov(G, y, w, kind)
    np.testing.assert_allclose(S.to_numpy(), expected, rtol=1e-9, atol=1e-15)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # skewed-weight warnings
        test = roc_test(G, label=y, weight=w, weights_are=kind)
    np.testing.assert_allclose(list(test.estimate.values()), A, rtol=1e-12)
    L = np.c_[np.ones(2), -np.eye(2)]
    d = L @ A
    chi2 = d @ np.linalg.solve(L @ expected @ L.T, d)
    np.testing.assert_allclose(test.statistic, chi2, rtol=1e-8)
    assert test.parameter == {"df": 2.0}
    from scipy.stats import chi2 as chi2_dist

    np.testing.assert_allclose(test.p_value, chi2_dist.sf(chi2, 2), rtol=1e-8)
    # Each pair: Z from the brute-force variance of the difference.
    for row in test.pairwise.itertuples():
        i, j = int(row.curve1[3:]) - 1, int(row.curve2[3:]) - 1
        v = expected[i, i] + expected[j, j] - 2 * expected[i, j]
        np.testing.assert_allclose(row.statistic, (A[i] - A[j]) / np.sqrt(v), rtol=1e-8)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(recipes(max_segment=80))
def test_two_curves_give_the_two_curve_test_bit_for_bit(recipe):
    guess, positive, weight = build(recipe)
    rng = np.random.default_rng(recipe["seed"])
    other = np.where(rng.random(len(guess)) < 0.5, guess, rng.permutation(guess))
    for quantile in ("auto", "t"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                two = roc_test(guess, other, positive, weight, quantile=quantile)
            except ValueError as error:  # too few rows of a class: the same error
                with pytest.raises(ValueError, match=str(error)[:30]):
                    roc_test([guess, other], label=positive, weight=weight, quantile=quantile)
                return
            k = roc_test([guess, other], label=positive, weight=weight, quantile=quantile)
        pair = k.pairwise.iloc[0]
        both_nan = np.isnan(pair.statistic) and np.isnan(two.statistic)
        assert pair.statistic == two.statistic or both_nan
        assert pair.p_value == two.p_value or np.isnan(two.p_value)
        assert (pair.conf_low, pair.conf_high) == (two.conf_low, two.conf_high) or np.isnan(
            two.statistic
        )
        assert list(k.estimate.values()) == list(two.estimate.values())
        if quantile == "auto" and np.isfinite(two.statistic) and two.std_error > 0:
            assert k.statistic == two.statistic**2
            assert k.parameter == {"df": 1.0}


def test_covariance_entries_are_auc_cov_and_auc_var_bits():
    asah = load_asah()
    names = ["s100b", "wfns", "ndka"]
    S = auc_cov(asah[names], label=asah["outcome"])
    assert list(S.columns) == names and list(S.index) == names
    for i, a in enumerate(names):
        assert S.iloc[i, i] == auc_var(asah[a], asah["outcome"])
        for j, b in enumerate(names[i + 1 :], i + 1):
            assert S.iloc[i, j] == S.iloc[j, i] == auc_cov(asah[a], asah[b], asah["outcome"])


def test_inputs_of_k_curves_agree():
    G, y = random_curves(3, k=4)
    frame = pd.DataFrame(G, columns=list("abcd"))
    by_frame = roc_test(frame, label=y)
    columns = [frame[c] for c in frame]
    for other in (G, list(G.T), tuple(G.T), dict(zip(frame, columns)), columns):
        test = roc_test(other, label=y)
        assert test.statistic == by_frame.statistic
        np.testing.assert_array_equal(test.covariance.to_numpy(), by_frame.covariance.to_numpy())
    assert roc_test(frame, y).statistic == by_frame.statistic  # labels as the second argument
    assert list(by_frame.pairwise["curve1"]) == ["a", "a", "a", "b", "b", "c"]
    assert list(roc_test(G, label=y).estimate) == [f"AUC of roc{k}" for k in range(1, 5)]
    assert "pairwise differences" in repr(by_frame)


def test_holm_and_bonferroni_as_p_adjust():
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    np.testing.assert_allclose(holm([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02])
    G, y = random_curves(1, k=4)
    frame = roc_test(G, label=y).pairwise
    p = frame["p_value"].to_numpy()
    np.testing.assert_array_equal(frame["p_bonferroni"], np.minimum(1, 6 * p))
    order = np.argsort(p)
    expected = np.maximum.accumulate(np.minimum(1, (6 - np.arange(6)) * p[order]))
    np.testing.assert_allclose(frame["p_holm"].to_numpy()[order], expected)


def test_a_contrast_and_its_checks():
    G, y = random_curves(4, k=3)
    full = roc_test(G, label=y)
    # Any basis of the same contrasts gives the same test.
    other = full.wald_test([[1, -1, 0], [0, 1, -1]])
    np.testing.assert_allclose(other.statistic, full.statistic, rtol=1e-10)
    one = full.wald_test([[0, 1, -1]])
    assert one.parameter == {"df": 1.0}
    pair = full.pairwise.iloc[2]
    np.testing.assert_allclose(one.statistic, pair.statistic**2, rtol=1e-10)
    with pytest.raises(ValueError, match="sum to 0"):
        full.wald_test([[1, 0, 0]])
    with pytest.raises(ValueError, match="rank 1"):
        full.wald_test([[1, -1, 0], [2, -2, 0]])
    with pytest.raises(ValueError, match="one column per curve"):
        full.wald_test([[1, -1]])
    with (
        pytest.raises(ValueError, match="contrast= compares K curves"),
        pytest.warns(FutureWarning),
    ):
        roc_test(G[:, 0], G[:, 1], y, contrast=[[1, -1]])
    with pytest.raises(ValueError, match="method"):
        roc_test(G, label=y, method="venkatraman")
    with pytest.raises(ValueError, match="partial areas need method='bootstrap'"):
        roc_test(G, label=y, fpr_range=(0, 0.2))
    with pytest.raises(ValueError, match="same rows"):
        roc_test([G[:, 0], G[:-1, 1]], label=y)


def test_identical_curves_have_no_difference():
    G, y = random_curves(5, k=2)
    test = roc_test(np.c_[G[:, 0], G[:, 0], G[:, 1]], label=y)
    assert test.parameter == {"df": 1.0}  # two of the three contrasts coincide
    assert test.pairwise["statistic"].iloc[0] == 0


def test_bootstrap_reads_the_k_areas_of_the_same_replicates():
    from weightedroc.inference.bootstrap import bootstrap_cov

    G, y = random_curves(6, n=60, k=3)
    S = auc_cov(G, label=y, method="bootstrap", n_boot=300, seed=9)
    two = bootstrap_cov(G[:, 0], G[:, 1], y, n_boot=300, seed=9)
    np.testing.assert_allclose(S.iloc[0, 1], two, rtol=1e-12)
    test = roc_test(G, label=y, method="bootstrap", n_boot=300, seed=9, fpr_range=(0, 0.3))
    assert test.method.startswith("bootstrap (300, stratified)")
    assert test.parameter == {"df": 2.0}
    from weightedroc import WeightedROC, partial_auc

    area = partial_auc(WeightedROC(G[:, 0], y), fpr_range=(0, 0.3))
    assert test.estimate["AUC of roc1"] == pytest.approx(area, rel=1e-12)


@pytest.mark.parametrize("replicates", [None, "JKn"])
def test_two_curves_under_a_design_give_the_design_test_bit_for_bit(replicates):
    from weightedroc.survey.design import SurveyDesign

    rng = np.random.default_rng(8)
    n = 300
    strata = np.repeat(np.arange(10), 30)
    cluster = np.tile(np.repeat(np.arange(3), 10), 10)
    y = rng.random(n) < 0.4
    G = np.stack([rng.normal(size=n) + y, rng.normal(size=n) + 0.6 * y, rng.normal(size=n)], 1)
    w = rng.uniform(1, 5, n)
    design = SurveyDesign(cluster=cluster, strata=strata, nest=True)
    if replicates is not None:
        design = design.replicates(replicates)
    two = roc_test(G[:, 0], G[:, 1], y, w, design=design)
    k = roc_test(G[:, :2], label=y, weight=w, design=design)
    assert k.pairwise["statistic"].iloc[0] == two.statistic
    assert k.pairwise["p_value"].iloc[0] == two.p_value
    assert k.statistic == two.statistic**2
    words = "linearization (svyrecvar)" if replicates is None else "JKn replicates (30)"
    assert k.method.startswith(words)
    three = roc_test(G, label=y, weight=w, design=design, quantile="t")
    assert three.statistic_name == "F"
    assert three.parameter["df1"] == 2.0 and three.parameter["df2"] == 20.0
    chi2 = roc_test(G, label=y, weight=w, design=design)
    np.testing.assert_allclose(three.statistic, chi2.statistic / 2, rtol=1e-15)
    from scipy.stats import f

    np.testing.assert_allclose(three.p_value, f.sf(three.statistic, 2, 20), rtol=1e-10)
