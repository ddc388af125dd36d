"""The survey machinery against brute force and independent formulas.

Replicate AUCs against `auc_score` per replicate with the zero-weight rows
dropped; influence values against their O(n^2) definition; the cluster-only
design against Obuchowski's (1997) clustered AUC variance written from the
paper; the design's validation in survey's words.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc.inference.design_based import design_auc_ci, design_auc_var, design_roc_test
from weightedroc.survey.auc import full_area, influence, replicate_aucs
from weightedroc.survey.design import ReplicateWeights, SurveyDesign
from weightedroc.survey.variance import svyrecvar


def sample(seed, n=60, ties=True):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.4
    label[:2] = [True, False]
    guess = rng.normal(size=n) + label
    if ties:
        guess = np.round(guess, 1)
    return guess, label, rng.uniform(0.5, 20, n)


def clusters(seed, n):
    rng = np.random.default_rng(seed)
    return np.sort(rng.integers(0, max(3, n // 4), n))


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("type", ["JKn", "bootstrap", "subbootstrap"])
def test_replicate_aucs_equal_auc_score_per_replicate(seed, type):
    guess, label, weight = sample(seed)
    n = len(guess)
    strata = np.arange(n) * 3 // n
    design = SurveyDesign(cluster=clusters(seed, n), strata=strata, nest=True)
    reps = (
        design.replicates(type, n_rep=20, seed=seed) if type != "JKn" else design.replicates(type)
    )
    ours = replicate_aucs(guess, label, weight, reps)
    for r in range(reps.n_replicates):
        w = weight * reps.matrix[reps.index, r]
        keep = w > 0
        if label[keep].all() or not label[keep].any():
            assert np.isnan(ours[r])
            continue
        expected = wr.auc_score(guess[keep], label[keep], w[keep])
        np.testing.assert_allclose(ours[r], expected, rtol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_partial_replicates_equal_partial_auc(seed):
    guess, label, weight = sample(seed)
    n = len(guess)
    design = SurveyDesign(cluster=clusters(seed, n), strata=np.arange(n) * 2 // n, nest=True)
    reps = design.replicates("JKn")
    for partial in (dict(fpr_range=(0, 0.3)), dict(tpr_range=(0.8, 1), correct=True)):
        ours = replicate_aucs(guess, label, weight, reps, partial)
        for r in range(0, reps.n_replicates, 3):
            w = weight * reps.matrix[reps.index, r]
            keep = w > 0
            expected = wr.partial_auc(wr.WeightedROC(guess[keep], label[keep], w[keep]), **partial)
            np.testing.assert_allclose(ours[r], expected, rtol=1e-10, atol=1e-15)
        np.testing.assert_allclose(
            full_area(guess, label, weight, partial),
            wr.partial_auc(wr.WeightedROC(guess, label, weight), **partial),
            rtol=1e-12,
        )


@pytest.mark.parametrize("seed", range(4))
def test_influence_values_brute_force(seed):
    guess, label, weight = sample(seed, n=40)
    auc, z = influence(guess, label, weight)
    pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
    psi = (guess[pos][:, None] > guess[neg]) + 0.5 * (guess[pos][:, None] == guess[neg])
    W1, W0 = weight[pos].sum(), weight[neg].sum()
    expected_auc = weight[pos] @ psi @ weight[neg] / (W1 * W0)
    expected = np.empty(len(guess))
    expected[pos] = weight[pos] * (psi @ weight[neg] / W0 - expected_auc) / W1
    expected[neg] = weight[neg] * (weight[pos] @ psi / W1 - expected_auc) / W0
    np.testing.assert_allclose(auc, expected_auc, rtol=1e-13)
    np.testing.assert_allclose(z, expected, rtol=1e-10, atol=1e-15)


def obuchowski_1997(guess, label, cluster):
    """Obuchowski (1997), Biometrics 53:567-578, eq. (3)-(5): the clustered
    AUC variance from per-cluster sums of structural components."""
    ids = np.unique(cluster)
    pos, neg = label, ~label
    M, N, n_clusters = pos.sum(), neg.sum(), len(ids)
    psi = (guess[pos][:, None] > guess[neg]) + 0.5 * (guess[pos][:, None] == guess[neg])
    A = psi.mean()
    v10 = psi.mean(axis=1)  # per positive, over all negatives
    v01 = psi.mean(axis=0)
    V10 = np.array([v10[cluster[pos] == i].sum() for i in ids])
    V01 = np.array([v01[cluster[neg] == i].sum() for i in ids])
    m = np.array([(cluster[pos] == i).sum() for i in ids])
    n = np.array([(cluster[neg] == i).sum() for i in ids])
    S10 = n_clusters / ((n_clusters - 1) * M) * np.sum((V10 - m * A) ** 2)
    S01 = n_clusters / ((n_clusters - 1) * N) * np.sum((V01 - n * A) ** 2)
    S11 = n_clusters / (n_clusters - 1) * np.sum((V10 - m * A) * (V01 - n * A))
    return S10 / M + S01 / N + 2 * S11 / (M * N)


@pytest.mark.parametrize("seed", range(5))
def test_cluster_design_is_obuchowski_1997(seed):
    guess, label, _ = sample(seed, n=80)
    cluster = clusters(seed, 80)
    ours = design_auc_var(guess, label, design=SurveyDesign(cluster=cluster))
    np.testing.assert_allclose(ours, obuchowski_1997(guess, label, cluster), rtol=1e-12)


def test_rows_as_psus_is_the_linearised_delong():
    """Without clusters or strata each row is a PSU: n/(n-1) sum z^2."""
    guess, label, weight = sample(1)
    auc, z = influence(guess, label, weight)
    n = len(z)
    expected = n / (n - 1) * np.sum((z - z.mean()) ** 2)
    np.testing.assert_allclose(
        design_auc_var(guess, label, weight, design=SurveyDesign()), expected, rtol=1e-12
    )


def test_fpc_as_sizes_or_fractions_agree():
    guess, label, weight = sample(2)
    n = len(guess)
    strata, cluster = np.arange(n) * 3 // n, clusters(2, n)
    coded = SurveyDesign(cluster=cluster, strata=strata, nest=True).coded(n)
    sizes = coded.n_psu[strata] * np.array([4.0, 2.5, 10])[strata]
    by_size = SurveyDesign(cluster=cluster, strata=strata, nest=True, fpc=sizes)
    by_fraction = SurveyDesign(
        cluster=cluster, strata=strata, nest=True, fpc=coded.n_psu[strata] / sizes
    )
    a = design_auc_var(guess, label, weight, design=by_size)
    b = design_auc_var(guess, label, weight, design=by_fraction)
    np.testing.assert_allclose(a, b, rtol=1e-13)
    none = design_auc_var(
        guess, label, weight, design=SurveyDesign(cluster=cluster, strata=strata, nest=True)
    )
    assert a < none


def test_mse_false_centres_at_the_replicates_mean():
    guess, label, weight = sample(3)
    n = len(guess)
    design = SurveyDesign(cluster=clusters(3, n), strata=np.arange(n) * 2 // n, nest=True)
    reps = design.replicates("JKn")
    thetas = replicate_aucs(guess, label, weight, reps)
    auc = influence(guess, label, weight)[0]
    for mse, centre in ((True, auc), (False, thetas.mean())):
        r = ReplicateWeights(
            reps.matrix,
            scale=reps.scale,
            rscales=reps.rscales,
            mse=mse,
            combined=False,
            index=reps.index,
        )
        expected = np.sum(reps.rscales * (thetas - centre) ** 2) * reps.scale
        np.testing.assert_allclose(
            design_auc_var(guess, label, weight, design=r), expected, rtol=1e-12
        )


def test_combined_matrix_equals_factors():
    guess, label, weight = sample(4)
    n = len(guess)
    reps = SurveyDesign(cluster=clusters(4, n)).replicates("JK1")
    full = ReplicateWeights(weight[:, None] * reps.matrix[reps.index], scale=reps.scale)
    np.testing.assert_allclose(
        design_auc_var(guess, label, weight, design=full),
        design_auc_var(guess, label, weight, design=reps),
        rtol=1e-13,
    )


def test_paired_test_of_a_score_with_itself_and_linearization():
    guess, label, weight = sample(5)
    design = SurveyDesign(cluster=clusters(5, len(guess)))
    test = design_roc_test(guess, guess**3, label, weight, design=design)
    assert test.statistic == 0 and test.p_value == 1
    other = guess + np.random.default_rng(0).normal(size=len(guess))
    test = design_roc_test(guess, other, label, weight, design=design)
    _, z1 = influence(guess, label, weight)
    _, z2 = influence(other, label, weight)
    sd = np.sqrt(svyrecvar(z1 - z2, design.coded(len(guess)))[0, 0])
    a1, a2 = wr.auc_score(guess, label, weight), wr.auc_score(other, label, weight)
    np.testing.assert_allclose(test.statistic, (a1 - a2) / sd, rtol=1e-10)


def test_t_quantile_uses_psus_minus_strata():
    guess, label, weight = sample(6)
    n = len(guess)
    design = SurveyDesign(cluster=clusters(6, n), strata=np.arange(n) * 2 // n, nest=True)
    ci = design_auc_ci(guess, label, weight, design=design, quantile="t")
    assert ci.df == design.coded(n).df
    assert np.isinf(design_auc_ci(guess, label, weight, design=design).df)


def test_validation_in_surveys_words():
    n = 8
    with pytest.raises(
        ValueError, match="Clusters not nested in strata at top level; you may want nest=True"
    ):
        SurveyDesign(cluster=[1, 1, 2, 2, 1, 1, 2, 2], strata=[1, 1, 1, 1, 2, 2, 2, 2]).coded(n)
    nested = SurveyDesign(
        cluster=[1, 1, 2, 2, 1, 1, 2, 2], strata=[1, 1, 1, 1, 2, 2, 2, 2], nest=True
    )
    assert len(nested.coded(n).psu_stratum) == 4
    with pytest.raises(ValueError, match="FPC implies >100% sampling"):
        SurveyDesign(cluster=[1, 1, 2, 2, 3, 3, 4, 4], fpc=3).coded(n)
    with pytest.raises(ValueError, match="Must have all fpc>=1 or all fpc<=1"):
        SurveyDesign(cluster=[1, 1, 2, 2, 3, 3, 4, 4], fpc=[0.5] * 4 + [10] * 4).coded(n)
    with pytest.raises(ValueError, match="Design has only one primary sampling unit"):
        SurveyDesign(cluster=[1] * n).coded(n)
    lonely = SurveyDesign(cluster=[1, 1, 2, 2, 3, 3, 3, 3], strata=[1, 1, 1, 1, 2, 2, 2, 2])
    guess, label = np.arange(8.0), np.array([0, 1] * 4)
    for kind in ("linearization", "replicate"):
        with pytest.raises(ValueError, match=r"Stratum \(2\) has only one PSU at stage 1"):
            design_auc_var(
                guess,
                label,
                design=lonely,
                method=kind,
                replicates="JKn" if kind == "replicate" else None,
            )
    with pytest.raises(ValueError, match="Can't use JK1 for a stratified design"):
        nested.replicates("JK1")
    with pytest.raises(ValueError, match="Must use JK1 or bootstrap for an unstratified design"):
        SurveyDesign(cluster=[1, 1, 2, 2, 3, 3, 4, 4]).replicates("JKn")
    with pytest.raises(ValueError, match="replicate weights have 3 rows, the data 8"):
        design_auc_var(guess, label, design=ReplicateWeights(np.ones((3, 2)), scale=1))
    with pytest.raises(ValueError, match="rscales must have one value per replicate"):
        ReplicateWeights(np.ones((8, 2)), scale=1, rscales=[1, 1, 1])
    with pytest.raises(ValueError, match="cluster must have one value per row"):
        SurveyDesign(cluster=[1, 2, 3]).coded(n)
    with pytest.raises(ValueError, match="partial areas have no linearization"):
        design_auc_var(guess, label, design=nested, fpr_range=(0, 0.5))
    with pytest.raises(TypeError, match="column name"):
        SurveyDesign(cluster="psu").coded(n)


def test_the_callers_data_is_not_modified():
    guess, label, weight = sample(7)
    cluster = clusters(7, len(guess))
    copies = [x.copy() for x in (guess, label, weight, cluster)]
    design = SurveyDesign(cluster=cluster)
    design_auc_ci(guess, label, weight, design=design, replicates="JK1")
    design_auc_ci(guess, label, weight, design=design)
    for before, after in zip(copies, (guess, label, weight, cluster)):
        np.testing.assert_array_equal(before, after)


@pytest.mark.parametrize("given", ["specificity", "sensitivity"])
def test_design_band_reads_each_replicate_as_ci_se(given):
    """Each replicate's rate at a point equals the reading of `ci_se`
    (`ci_sp`) on the rows it keeps; the interval is the Wald one of svrVar."""
    import warnings

    from plain import plain_design_band

    from weightedroc.survey.variance import svr_var

    guess, label, weight = sample(8, n=50)
    n = len(guess)
    design = SurveyDesign(cluster=clusters(8, n), strata=np.arange(n) * 2 // n, nest=True)
    reps = design.replicates("JKn")
    points = np.array([0.3, 0.8])
    band = plain_design_band(given, points, guess, label, weight, design=design)
    assert band.equals(
        wr.ci_se(guess, label, weight, points, design=design)
        if given == "specificity"
        else wr.ci_sp(guess, label, weight, points, design=design)
    )
    other = "sensitivity" if given == "specificity" else "specificity"
    reader = wr.ci_se if given == "specificity" else wr.ci_sp

    def rate(keep, w):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            frame = reader(guess[keep], label[keep], w[keep], points, n_boot=2, seed=1)
        return frame[other].to_numpy()

    own = rate(np.ones(n, bool), weight)
    np.testing.assert_allclose(band[other], own, rtol=1e-12)
    values = []
    for r in range(reps.n_replicates):
        w = weight * reps.matrix[reps.index, r]
        values.append(rate(w > 0, w))
    variance = np.diag(svr_var(np.array(values), reps, own))
    np.testing.assert_allclose(band["std_error"], np.sqrt(variance), rtol=1e-10, atol=1e-15)
    half = 1.959963984540054 * np.sqrt(variance)
    np.testing.assert_allclose(band["conf_high"], np.clip(own + half, 0, 1), rtol=1e-10)


SVYROC = Path(__file__).parent / "data" / "svyroc"


def svyroc_recorded():
    """svyROC's JKn results, recorded by tests/data/svyroc/generate.R."""
    table = pd.read_csv(SVYROC / "svyroc_jkn.csv")
    return dict(zip(table["what"], table["value"]))


def test_svyroc_example_jkn_interval_and_tests_as_recorded():
    """svyROC's ci.wauc, ht.paired and ht.indep (JKn) on its example data
    (recorded from R: tests/data/svyroc), to 1e-12 and 1e-10."""
    r = svyroc_recorded()
    data = pd.read_csv(SVYROC / "example_variables_wroc.csv")
    data2 = pd.read_csv(SVYROC / "example_variables_wroc_2.csv")
    design = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data)
    design2 = SurveyDesign(cluster="cluster", strata="strata", nest=True, data=data2)
    ci = wr.auc_ci(data["phat"], data["y"], data["weights"], design=design, replicates="JKn")
    np.testing.assert_allclose(
        [ci.estimate, ci.conf_low, ci.conf_high],
        [r["ci.wauc wauc"], r["ci.wauc low"], r["ci.wauc high"]],
        rtol=1e-12,
    )
    paired = wr.roc_test(
        data["phat.1"], data["phat.2"], data["y"], data["weights"], design=design.replicates("JKn")
    )
    np.testing.assert_allclose(
        [paired.statistic, paired.p_value], [r["ht.paired z"], r["ht.paired pvalue"]], rtol=1e-10
    )
    indep = wr.roc_test(
        data["phat.1"],
        (data2["phat.2"], data2["y"], data2["weights"]),
        data["y"],
        data["weights"],
        design=(design.replicates("JKn"), design2.replicates("JKn")),
    )
    np.testing.assert_allclose(
        [indep.statistic, indep.p_value], [r["ht.indep z"], r["ht.indep pvalue"]], rtol=1e-10
    )


def test_designs_compare_by_identity_and_print_readably():
    frame = pd.DataFrame({"psu": [1, 1, 2, 2], "h": [1, 1, 1, 1]})
    design = SurveyDesign(cluster="psu", strata="h", data=frame)
    assert design == design and design != SurveyDesign(cluster="psu", strata="h", data=frame)
    assert repr(design) == (
        "Stratified 1 - level Cluster Sampling design (with replacement)\nWith (2) clusters.\n"
        "SurveyDesign(cluster='psu', strata='h', data=<frame of 4 rows, 2 columns>)"
    )
    reps = ReplicateWeights(np.ones((4, 2)), scale=0.5)
    assert "matrix" not in repr(reps) and "scale=0.5" in repr(reps)


def test_multistage_designs_read_stages_as_survey():
    """Stages as column names (with data=), arrays or a frame's columns;
    without fpc only the first stage counts (survey's with-replacement
    ultimate clusters); the errors say what was wrong."""
    frame = pd.DataFrame(
        {"a": [1, 1, 1, 1, 2, 2, 2, 2, 3, 3], "b": [1, 1, 2, 2, 1, 2, 3, 3, 1, 2], "f": 5.0}
    )
    frame["g"] = 4.0
    z = np.linspace(-1, 1, 10) ** 3
    two = SurveyDesign(cluster=["a", "b"], data=frame)
    one = SurveyDesign(cluster="a", data=frame)
    assert svyrecvar(z, two.coded(10))[0, 0] == svyrecvar(z, one.coded(10))[0, 0]
    staged = SurveyDesign(cluster=["a", "b"], fpc=["f", "g"], data=frame).coded(10)
    arrays = SurveyDesign(cluster=[frame.a.to_numpy(), frame.b.to_numpy()], fpc=frame[["f", "g"]])
    assert svyrecvar(z, staged)[0, 0] == svyrecvar(z, arrays.coded(10))[0, 0]
    # brute force: n_1 = 3 of N_1 = 5 PSUs, then n_2 of N_2 = 4 units in each
    totals = np.array([z[frame.a == k].sum() for k in (1, 2, 3)])
    first = (1 - 3 / 5) * 3 / 2 * ((totals - totals.mean()) ** 2).sum()
    second = 0.0
    for k in (1, 2, 3):
        rows = frame.a == k
        units = np.array([z[rows & (frame.b == j)].sum() for j in frame.b[rows].unique()])
        m = len(units)
        second += 3 / 5 * (1 - m / 4) * m / (m - 1) * ((units - units.mean()) ** 2).sum()
    np.testing.assert_allclose(svyrecvar(z, staged)[0, 0], first + second, rtol=1e-13)
    with pytest.raises(TypeError, match=r"reads as column names, one per stage: give the frame"):
        SurveyDesign(cluster=["a", "b"]).coded(10)
    with pytest.raises(ValueError, match=r"'c' not a column of data \(columns: a, b, f, g\)"):
        SurveyDesign(cluster=["a", "c"], data=frame).coded(10)
    with pytest.raises(
        ValueError, match=r"fpc has 1 stage\(s\), cluster 2: give one fpc per stage"
    ):
        SurveyDesign(cluster=["a", "b"], fpc="f", data=frame).coded(10)
    with pytest.raises(ValueError, match=r"cluster \(stage 2\) must have one value per row"):
        SurveyDesign(cluster=[frame.a, [1, 2]]).coded(10)
    too_big = r"FPC implies >100% sampling in some strata \(row 0, stage 2: popsize=1, sampsize=2\)"
    with pytest.raises(ValueError, match=too_big):
        SurveyDesign(cluster=["a", "b"], fpc=["f", "a"], data=frame).coded(10)


def test_lonely_psu_options_by_hand():
    """A stratum of one PSU: "certainty" and "remove" add nothing, "adjust"
    adds its PSU total squared (times the fpc), "average" scales the other
    strata by strata / strata with two PSUs or more."""
    cluster, strata = [1, 1, 2, 2, 3, 3, 4, 4, 5], [1, 1, 1, 1, 2, 2, 2, 2, 3]
    z = np.array([0.3, -0.1, 0.2, -0.5, 0.4, 0.1, -0.2, -0.3, 0.6])
    v = {
        kind: svyrecvar(z, SurveyDesign(cluster=cluster, strata=strata, lonely_psu=kind).coded(9))
        for kind in ("certainty", "remove", "adjust", "average")
    }
    two = SurveyDesign(cluster=cluster[:8], strata=strata[:8]).coded(8)
    rest = svyrecvar(z[:8], two)[0, 0]
    assert v["certainty"][0, 0] == v["remove"][0, 0] == rest
    np.testing.assert_allclose(v["adjust"][0, 0], rest + 0.6**2, rtol=1e-15)
    np.testing.assert_allclose(v["average"][0, 0], rest * 3 / 2, rtol=1e-15)
    with pytest.raises(ValueError, match=r"lonely_psu must be one of 'fail', 'remove'"):
        SurveyDesign(cluster=cluster, lonely_psu="drop")
    with pytest.raises(
        ValueError, match=r"Stratum \(3\) has only one PSU at stage 1 .* SurveyDesign\(lonely_psu="
    ):
        svyrecvar(z, SurveyDesign(cluster=cluster, strata=strata).coded(9))


def test_the_design_carries_its_weights():
    """SurveyDesign(weight=) as svydesign(weights=): taken when weight= is
    not given (the same answers as passing them), refused when they differ."""
    guess, label, weight = sample(11)
    n = len(guess)
    frame = pd.DataFrame({"psu": clusters(11, n), "pw": weight})
    plain = SurveyDesign(cluster="psu", data=frame)
    carried = SurveyDesign(cluster="psu", data=frame, weight="pw")
    as_array = SurveyDesign(cluster=frame.psu.to_numpy(), weight=weight)
    expected = wr.auc_ci(guess, label, weight, design=plain)
    for design in (carried, as_array):
        for given in (None, weight):
            ci = wr.auc_ci(guess, label, given, design=design)
            assert (ci.estimate, ci.std_error) == (expected.estimate, expected.std_error)
    reps = wr.auc_var(guess, label, design=carried, replicates="JK1")
    assert reps == wr.auc_var(guess, label, weight, design=plain, replicates="JK1")
    test = wr.roc_test(guess, guess + np.linspace(0, 1, n), label, design=carried)
    same = wr.roc_test(guess, guess + np.linspace(0, 1, n), label, weight, design=plain)
    assert test.statistic == same.statistic
    other = weight.copy()
    other[5] += 1
    with pytest.raises(ValueError, match=r"weight= differs from the design's weights .* at row 5"):
        wr.auc_ci(guess, label, other, design=carried)
    frame["g"], frame["y"], frame["s"] = np.arange(n) % 3, label, guess
    with pytest.raises(ValueError, match=r"does not take from it: give them as weight= too"):
        wr.group_auc(frame, "s", "y", by="g", design=carried, group_weight="weight")
    found = wr.group_auc(frame, "s", "y", "pw", by="g", design=carried, group_weight="weight")
    again = wr.group_auc(frame, "s", "y", "pw", by="g", design=plain, group_weight="weight")
    assert found.std_error == again.std_error


def test_errors_and_print_in_surveys_words():
    guess, label, weight = sample(12, n=1000)
    rng = np.random.default_rng(12)
    big = SurveyDesign(cluster=rng.integers(0, 40, 1000), strata=np.arange(1000) % 2, nest=True)
    assert repr(big) == (
        "Stratified 1 - level Cluster Sampling design (with replacement)\nWith (80) clusters.\n"
        "SurveyDesign(cluster=<1000 values>, strata=<1000 values>, nest=True)"
    )
    frame = pd.DataFrame({"a": [1, 1, 2, 2, 3, 3], "b": [1, 2, 1, 2, 1, 2], "f": 9, "g": 3})
    two = SurveyDesign(cluster=["a", "b"], fpc=["f", "g"], data=frame)
    assert repr(two).splitlines()[:2] == [
        "2 - level Cluster Sampling design",
        "With (3, 6) clusters.",
    ]
    assert SurveyDesign(fpc=[9] * 6).summary() == "Independent Sampling design"
    with pytest.raises(ValueError, match=r'give replicates="bootstrap" \(survey\'s as.svrepdesign'):
        wr.auc_ci(guess, label, weight, design=big, method="bootstrap")
    with pytest.raises(
        ValueError, match=r"replicates='jkn' \(the replicate type\) must be one of "
    ):
        wr.auc_ci(guess, label, weight, design=big, replicates="jkn")
    with pytest.raises(ValueError, match=r"did you mean 'JKn'\?"):
        big.replicates("jkn")
    with pytest.raises(ValueError, match=r"replicates='Fay' needs Fay's rho"):
        wr.auc_ci(guess, label, weight, design=big, replicates="Fay")
    with pytest.raises(ValueError, match=r"method must be one of 'linearization', 'replicate'"):
        wr.auc_ci(guess, label, weight, design=big, method="obuchowski")


def test_post_stratify_by_hand():
    """Each post-stratum's weights scaled to its count; the linearization
    varies x_k - w_k * sum_g(x w0 / w) / sum_g(w0) (survey's svyrecvar)."""
    design = SurveyDesign(cluster=[1, 1, 2, 2, 3, 3], weight=[1.0, 2.0, 1.0, 3.0, 2.0, 1.0])
    strata = ["a", "b", "a", "b", "a", "b"]
    calibrated = design.post_stratify(strata, {"a": 8, "b": 12})
    np.testing.assert_allclose(calibrated.weight, [2, 4, 2, 6, 4, 2], rtol=1e-15)
    z = np.array([0.5, -0.2, 0.1, 0.3, -0.4, 0.2])
    g = np.array([0, 1, 0, 1, 0, 1])
    old, new = np.array([1.0, 2, 1, 3, 2, 1]), np.array([2.0, 4, 2, 6, 4, 2])
    means = [sum(z[g == k] * old[g == k] / new[g == k]) / old[g == k].sum() for k in (0, 1)]
    x = z - np.array(means)[g] * new
    expected = svyrecvar(x, design.coded(6))[0, 0]
    np.testing.assert_allclose(svyrecvar(z, calibrated.coded(6))[0, 0], expected, rtol=1e-14)
    with pytest.raises(ValueError, match="Some strata absent from sample: 'c'"):
        design.post_stratify(strata, {"a": 8, "b": 12, "c": 3})
    with pytest.raises(ValueError, match="Strata in sample absent from population: 'b'"):
        design.post_stratify(strata, {"a": 8})
    with pytest.raises(ValueError, match=r"give SurveyDesign\(weight=\)"):
        SurveyDesign(cluster=[1, 1, 2, 2, 3, 3]).post_stratify(strata, {"a": 8, "b": 12})
    reps = calibrated.replicates("JK1")  # each replicate post-stratified again
    assert reps.combined
    for r in range(reps.n_replicates):
        np.testing.assert_allclose(np.bincount(g, weights=reps.matrix[:, r]), [8, 12], rtol=1e-14)


@pytest.mark.parametrize("calfun", ["linear", "raking"])
def test_calibrate_meets_the_totals_and_varies_residuals(calfun):
    """The calibrated weights add up to the totals; the linearization of
    influence values that are a combination of the calibration variables
    (times the weights) is zero, as a regression residual's."""
    rng = np.random.default_rng(4)
    n = 40
    X = np.column_stack([np.ones(n), rng.uniform(1, 3, n)])
    design = SurveyDesign(cluster=np.arange(n) // 2, weight=rng.uniform(5, 10, n))
    calibrated = design.calibrate(X, [400.0, 820.0], calfun)
    np.testing.assert_allclose(calibrated.weight @ X, [400.0, 820.0], rtol=1e-12)
    g = calibrated.weight / design.weight
    z = (X @ [0.3, -0.2]) * g * np.sqrt(design.weight) * np.sqrt(design.weight)
    assert svyrecvar(z, calibrated.coded(n))[0, 0] < 1e-25
    assert svyrecvar(z, design.coded(n))[0, 0] > 1e-3
    with pytest.raises(ValueError, match=r"population must give one total per calibration"):
        design.calibrate(X, [400.0], calfun)
    with pytest.raises(ValueError, match=r"calfun must be one of 'linear', 'raking'"):
        design.calibrate(X, [400.0, 820.0], "logit")
