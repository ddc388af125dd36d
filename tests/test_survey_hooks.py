"""The design= keywords of the public dispatchers (`auc_var`, `auc_ci`,
`roc_test`, `ci_se`, `ci_sp`) call the design-based leaves
(`weightedroc.inference.design_based`) and give their results, with the
standard errors filled; the leaves themselves are checked against R's
survey, svyROC and brute force in test_survey*.py."""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from plain import plain_design_band

import weightedroc as wr
from weightedroc.inference import design_based as db
from weightedroc.survey.auc import influence
from weightedroc.survey.variance import svr_var, svyrecvar


def data():
    rng = np.random.default_rng(11)
    n = 120
    label = rng.random(n) < 0.4
    guess = np.round(rng.normal(size=n) + label, 1)
    return guess, label, rng.uniform(1, 30, n), np.arange(n) // 6, np.arange(n) * 3 // n


def design():
    guess, label, weight, cluster, strata = data()
    return wr.SurveyDesign(cluster=cluster, strata=strata, nest=True)


def degrees_of_freedom():
    """PSUs (clusters within strata, nest=True) minus strata: 22 - 3."""
    *_, cluster, strata = data()
    return len(set(zip(strata, cluster))) - len(set(strata))


def test_auc_var_linearization_is_svyrecvar_of_the_influence_values():
    guess, label, weight, *_ = data()
    d = design()
    _, values = influence(guess, label, weight)
    expected = svyrecvar(values, d.coded(len(guess)))[0, 0]
    assert wr.auc_var(guess, label, weight, design=d) == expected
    assert wr.auc_var(guess, label, weight, design=d, method="linearization") == expected


def test_auc_var_replicates_brute_force_and_partial_areas():
    guess, label, weight, *_ = data()
    d = design()
    reps = d.replicates("JKn", n=len(guess))
    factors = reps.matrix[reps.index]
    full = wr.auc_score(guess, label, weight)
    aucs = []
    for r in range(reps.n_replicates):  # the plain loop: drop the rows of weight 0
        keep = factors[:, r] > 0
        aucs.append(wr.auc_score(guess[keep], label[keep], (weight * factors[:, r])[keep]))
    expected = reps.scale * np.sum(reps.rscales * (np.array(aucs) - full) ** 2)
    for given in ("JKn", reps):
        got = wr.auc_var(guess, label, weight, design=d, replicates=given)
        assert got == pytest.approx(expected, rel=1e-12)
    assert wr.auc_var(guess, label, weight, replicates=reps) == pytest.approx(expected, rel=1e-12)
    assert wr.auc_var(guess, label, weight, design=reps) == pytest.approx(expected, rel=1e-12)
    partial = wr.auc_var(guess, label, weight, design=d, replicates="JKn", fpr_range=(0, 0.2))
    assert partial == db.design_auc_var(
        guess, label, weight, design=d, replicates="JKn", fpr_range=(0, 0.2)
    )
    pieces = []
    for r in range(reps.n_replicates):
        keep = factors[:, r] > 0
        w = (weight * factors[:, r])[keep]
        pieces.append(wr.partial_auc((guess[keep], label[keep], w), fpr_range=(0, 0.2)))
    own = wr.partial_auc((guess, label, weight), fpr_range=(0, 0.2))
    expected = reps.scale * np.sum(reps.rscales * (np.array(pieces) - own) ** 2)
    assert partial == pytest.approx(expected, rel=1e-10)
    with pytest.warns(FutureWarning, match="partial_auc=dict"):
        old = wr.auc_var(
            guess, label, weight, design=d, replicates="JKn", partial_auc=dict(fpr_range=(0, 0.2))
        )
    assert old == partial


def test_auc_ci_fills_the_standard_error_and_df():
    guess, label, weight, *_ = data()
    d = design()
    ci = wr.auc_ci(guess, label, weight, design=d, replicates="JKn")
    leaf = db.design_auc_ci(guess, label, weight, design=d, replicates="JKn")
    assert (ci.conf_low, ci.conf_high, ci.std_error) == (
        leaf.conf_low,
        leaf.conf_high,
        leaf.std_error,
    )
    variance = wr.auc_var(guess, label, weight, design=d, replicates="JKn")
    assert ci.std_error == pytest.approx(math.sqrt(variance), rel=1e-15)
    assert ci.conf_high - ci.conf_low == pytest.approx(2 * 1.959963984540054 * ci.std_error)
    np.testing.assert_array_equal(ci.replicates, leaf.replicates)
    assert ci.n_replicates == d.replicates("JKn", n=len(guess)).n_replicates
    t = wr.auc_ci(guess, label, weight, design=d, quantile="t")
    assert t.df == degrees_of_freedom() == 19
    assert math.isinf(wr.auc_ci(guess, label, weight, design=d).df)


def test_roc_test_paired_and_independent():
    guess, label, weight, *_ = data()
    d = design()
    other = guess + np.random.default_rng(1).normal(size=len(guess))
    test = wr.roc_test(guess, other, label, weight, design=d, quantile="t")
    leaf = db.design_roc_test(guess, other, label, weight, design=d, quantile="t")
    assert (test.statistic, test.p_value) == (leaf.statistic, leaf.p_value)
    assert test.parameter == {"df": degrees_of_freedom()}
    _, z1 = influence(guess, label, weight)
    _, z2 = influence(other, label, weight)
    sd = math.sqrt(svyrecvar(z1 - z2, d.coded(len(guess)))[0, 0])
    assert test.std_error == pytest.approx(sd, rel=1e-12)
    assert test.conf_low < test.estimate["AUC of roc1"] - test.estimate["AUC of roc2"]
    # two independent samples: the variances add
    half = len(guess) // 2
    d1 = wr.SurveyDesign(cluster=np.arange(half) // 6)
    d2 = wr.SurveyDesign(cluster=np.arange(len(guess) - half) // 5)
    indep = wr.roc_test(
        guess[:half],
        (other[half:], label[half:], weight[half:]),
        label[:half],
        weight[:half],
        design=(d1, d2),
    )
    v1 = wr.auc_var(guess[:half], label[:half], weight[:half], design=d1)
    v2 = wr.auc_var(other[half:], label[half:], weight[half:], design=d2)
    assert indep.std_error == pytest.approx(math.sqrt(v1 + v2), rel=1e-12)
    with (
        pytest.raises(ValueError, match="a second design needs the first"),
        pytest.warns(FutureWarning, match="design2"),
    ):
        wr.roc_test(guess, other, label, weight, design2=d1)
    with pytest.raises(ValueError, match=r"paired=False needs both samples' designs"):
        wr.roc_test(guess, other, label, weight, design=d, paired=False)
    with pytest.raises(ValueError, match="compare whole areas"):
        wr.roc_test(guess, other, label, weight, design=d, fpr_range=(0, 0.2))


def test_ci_se_and_ci_sp_take_the_design():
    guess, label, weight, *_ = data()
    d = design()
    band = wr.ci_se(guess, label, weight, [0.5, 0.9], design=d)
    pd.testing.assert_frame_equal(
        band, plain_design_band("specificity", [0.5, 0.9], guess, label, weight, design=d)
    )
    reps = d.replicates("JKn", n=len(guess))
    sp = wr.ci_sp(guess, label, weight, [0.5], design=d, replicates=reps)
    assert list(sp.columns) == ["sensitivity", "specificity", "conf_low", "conf_high", "std_error"]
    factors = reps.matrix[reps.index]
    own = sp["specificity"].iloc[0]
    values = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for r in range(reps.n_replicates):
            keep = factors[:, r] > 0
            w = (weight * factors[:, r])[keep]
            read = wr.ci_sp(guess[keep], label[keep], w, [0.5], n_boot=1, seed=0)
            values.append(read["specificity"].iloc[0])
    expected = svr_var(np.array(values), reps, own)[0, 0]
    assert sp["std_error"].iloc[0] == pytest.approx(math.sqrt(expected), rel=1e-12)


def test_design_errors():
    guess, label, weight, *_ = data()
    with pytest.raises(ValueError, match="needs the design"):
        wr.auc_var(guess, label, weight, replicates="JKn")
    with pytest.raises(ValueError, match="sampling weights"):
        wr.auc_ci(guess, label, np.round(weight), design=design(), weights_are="frequency")
    with pytest.raises(ValueError, match="method must be one of"):
        wr.auc_var(guess, label, weight, design=design(), method="obuchowski")
    with pytest.raises(ValueError, match="partial areas have no linearization"):
        wr.auc_ci(guess, label, weight, design=design(), fpr_range=(0, 0.2))
    with pytest.raises(TypeError, match="SurveyDesign or ReplicateWeights"):
        wr.auc_var(guess, label, weight, design="JKn")


@pytest.mark.parametrize("direction", ["<", ">"])
def test_ci_coords_replicates_are_coords_of_the_rows_each_keeps(direction):
    guess, label, weight, *_ = data()
    d = design()
    reps = d.replicates("JKn", n=len(guess))
    ret = ["specificity", "sensitivity", "precision", "tp"]
    table = wr.ci_coords(guess, label, weight, x=[0.3, 0.5], ret=ret, design=d, direction=direction)
    assert list(table.columns) == [
        "x",
        "measure",
        "estimate",
        "conf_low",
        "conf_high",
        "std_error",
    ]

    def read(keep, w):
        roc = wr.WeightedROC(guess[keep], label[keep], w, direction=direction)
        found = wr.coords(roc, x=[0.3, 0.5], input="threshold", ret=ret)
        return found[ret].to_numpy().ravel()

    own = read(np.ones(len(guess), bool), weight)
    np.testing.assert_allclose(table["estimate"], own, rtol=1e-12)
    factors = reps.matrix[reps.index]
    values = np.array(
        [
            read(factors[:, r] > 0, (weight * factors[:, r])[factors[:, r] > 0])
            for r in range(reps.n_replicates)
        ]
    )
    expected = np.sqrt(reps.scale * (reps.rscales[:, None] * (values - own) ** 2).sum(axis=0))
    np.testing.assert_allclose(table["std_error"], expected, rtol=1e-10)
    z = 1.959963984540054
    np.testing.assert_allclose(table["conf_high"] - table["estimate"], z * expected, rtol=1e-10)
