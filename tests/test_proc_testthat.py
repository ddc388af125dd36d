"""pROC's tests/testthat, translated call for call for the parts issue 32 touches.

The expected values are pROC's own literals, as R wrote them
(tests/data/proc/*.csv, dumped with ``%.17g`` from pROC's helper files at
github:xrobin/pROC ee2877e); every ``expect_*`` of a translated loop is one
case here.  pROC's ``expect_equal`` allows a relative 1.5e-8; the tolerances
below are what the translation reaches.

- test-roc.R, "smoothing a ROC curve produces expected results": ``smooth(r,
  method, 10)`` of aSAH's ndka and s100b, both level orders and both
  directions (pROC's ``percent = TRUE`` runs only scale these by 100, and
  ``direction = "auto"`` repeats the "<" or ">" run).  The density
  literals were made on R >= 4.4 and are matched by the default grid; the
  grid of R < 4.4 (``old_coords=True``) is 1e-4 away from them.  Fitdistr
  (MASS's normal fits) and logcondens (both curves) literals too (these
  need scipy).
- test-smooth.R, the three "smooth with fitdistr" tests (sensitivities,
  specificities and area: 9 cases); the third passes functions with
  starting values (``dnorm``, ``dlnorm``), which are the normal and
  log-normal fits from another start, so its literals are R's optimiser's
  approximations of the second test's closed forms (within 1.1e-5 relative).
"""

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr

DATA = Path(__file__).parent / "data" / "proc"
SMOOTH = pd.read_csv(DATA / "smooth_expected.csv")


def smooth_cases(methods):
    keys = ["marker", "levels", "direction", "method"]
    groups = SMOOTH[SMOOTH["method"].isin(methods)].groupby(keys, sort=False)
    return [(key, group) for key, group in groups]


def proc_smooth_literals(group):
    se = group.loc[group["column"] == "sensitivities", "value"].to_numpy()
    sp = group.loc[group["column"] == "specificities", "value"].to_numpy()
    return se, sp


def smoothed_asah(marker, levels, direction, method, **options):
    data = wr.load_asah()
    positive = "Poor" if levels == "forward" else "Good"  # pROC's levels = c(control, case)
    curve = wr.smooth_roc(
        data[marker].to_numpy(float),
        data["outcome"].to_numpy(),
        method=method,
        n=10,
        positive=positive,
        direction=direction,
        **options,
    )
    return curve["TPR"].to_numpy(), 1 - curve["FPR"].to_numpy()


@pytest.mark.parametrize(
    "key, group",
    smooth_cases(["binormal", "density", "fitdistr", "logcondens", "logcondens.smooth"]),
    ids=lambda v: "-".join(v) if isinstance(v, tuple) else "",
)
def test_smooth_is_procs_literals(key, group):
    se, sp = proc_smooth_literals(group)
    marker, levels, direction, method = key
    if method not in ("binormal", "density"):
        pytest.importorskip("scipy")  # fitdistr and logcondens: the stats extra
    mine_se, mine_sp = smoothed_asah(marker, levels, direction, method.replace(".", "_"))
    # logcondens' active set ends in a linear solve whose last bits follow the LAPACK
    # build: 1.5e-14 from pROC's literals with numpy 1.24-1.26 (the issue asks 1e-8).
    atol = 1e-12 if method.startswith("logcondens") else 1e-14
    np.testing.assert_allclose(mine_se, se, rtol=0, atol=atol)
    np.testing.assert_allclose(mine_sp, sp, rtol=0, atol=atol)


@pytest.mark.parametrize(
    "key, group",
    smooth_cases(["density"]),
    ids=lambda v: "-".join(v) if isinstance(v, tuple) else "",
)
def test_density_of_r_before_4_4_is_not_procs_literals(key, group):
    se, _ = proc_smooth_literals(group)
    old_se, _ = smoothed_asah(*key, old_coords=True)
    assert 1e-5 < np.abs(old_se - se).max() < 1e-3


NDKA_FITDISTR = {
    # smooth(r.ndka, method = "fitdistr", n = 10)
    ("normal", "normal"): (
        [
            1,
            1,
            0.65584212882921,
            0.303849532306639,
            0.0922807400203477,
            0.017547821937714,
            0.00203415264061833,
            0.000141550295211778,
            5.86072275643637e-06,
            1.43622216786009e-07,
            2.05997195401133e-09,
            0,
        ],
        [0, 0, 0.961731211013412, 0.999999997253703, 1, 1, 1, 1, 1, 1, 1, 1],
        0.814600645965216,
    ),
    # density.controls = "normal", density.cases = "lognormal"
    ("normal", "lognormal"): (
        [
            1,
            1,
            0.174065394158716,
            0.0241224684680268,
            0.00565556180305715,
            0.0017644346804079,
            0.000654794610631603,
            0.000269912354252342,
            0.000116632088037343,
            4.89426737202444e-05,
            1.6544031070368e-05,
            0,
        ],
        [0, 0, 0.961731211013412, 0.999999997253703, 1, 1, 1, 1, 1, 1, 1, 1],
        0.568359871182632,
    ),
}
# density.controls = dnorm, start.controls = list(mean = 10, sd = 10),
# density.cases = dlnorm, start = list(meanlog = 2.7, sdlog = .822): optim's answer
NDKA_FITDISTR_OPTIM = (
    [
        1,
        1,
        0.174065542189585,
        0.0241224212514905,
        0.00565553823693818,
        0.00176442417351747,
        0.000654789746505889,
        0.000269910020195159,
        0.000116630962648119,
        4.8942161699917e-05,
        1.65438472509127e-05,
        0,
    ],
    [0, 0, 0.961730914432089, 0.999999997253745, 1, 1, 1, 1, 1, 1, 1, 1],
    0.568359799581078,
)


def ndka_fitdistr(controls, cases):
    pytest.importorskip("scipy")  # the stats extra
    data = wr.load_asah()
    g, y = data["ndka"].to_numpy(float), data["outcome"].to_numpy()
    options = dict(
        method="fitdistr",
        n=10,
        positive="Poor",
        distribution=(controls, cases),
    )
    curve = wr.smooth_roc(g, y, **options)
    return curve["TPR"].to_numpy(), 1 - curve["FPR"].to_numpy(), wr.smooth_auc(g, y, **options)


@pytest.mark.parametrize("distributions", list(NDKA_FITDISTR))
def test_smooth_with_fitdistr_is_procs_literals(distributions):
    se, sp, area = ndka_fitdistr(*distributions)
    expected_se, expected_sp, expected_area = NDKA_FITDISTR[distributions]
    np.testing.assert_allclose(se, expected_se, rtol=1e-13, atol=1e-16)
    np.testing.assert_allclose(sp, expected_sp, rtol=1e-13)
    assert area == pytest.approx(expected_area, rel=1e-13)


def test_smooth_with_fitdistr_from_starting_values_is_optims_approximation():
    se, sp, area = ndka_fitdistr("normal", "lognormal")
    expected_se, expected_sp, expected_area = NDKA_FITDISTR_OPTIM
    np.testing.assert_allclose(se, expected_se, rtol=2e-5, atol=1e-12)  # measured 1.1e-5
    np.testing.assert_allclose(sp, expected_sp, rtol=1e-6)
    assert area == pytest.approx(expected_area, rel=1e-6)


# test-coords.R: coords of curves with a partial AUC (helper-rocs.R's
# r.s100b.partial1, partial.auc = c(0.9, 0.99): FPR 0.01 to 0.1, and
# r.s100b.partial2, the same with focus sensitivity: TPR 0.9 to 0.99).
PARTIAL1, PARTIAL2 = {"fpr_range": (0.01, 0.1)}, {"tpr_range": (0.9, 0.99)}


def s100b_coords(x, ret, **limits):
    data = wr.load_asah()
    g, y = data["s100b"].to_numpy(float), (data["outcome"] == "Poor").to_numpy(int)
    return wr.coords((g, y), x, ret=ret, **limits), g


def proc_threshold(threshold, g):
    """pROC's threshold of a row: half-way from the guess below to the row's."""
    below = g[g < threshold]
    return -np.inf if len(below) == 0 else (below.max() + threshold) / 2


@pytest.mark.parametrize("limits, expected", [(PARTIAL1, [0.475]), (PARTIAL2, [0.075])])
def test_coords_best_takes_the_partial_range_into_account(limits, expected):
    table, g = s100b_coords("best", "threshold", **limits)
    assert [proc_threshold(t, g) for t in table["threshold"]] == pytest.approx(expected)


@pytest.mark.parametrize(
    "limits, shape, first, last",
    [
        (PARTIAL1, (9, 3), [np.nan, 0.3902439, 0.9], [np.nan, 0.292682926, 0.99]),
        (PARTIAL2, (7, 3), [np.nan, 0.99, 0.0], [np.nan, 0.9, 0.230555555555556]),
    ],
)
def test_coords_all_takes_the_partial_range_into_account(limits, shape, first, last):
    table, _ = s100b_coords("all", ["threshold", "sensitivity", "specificity"], **limits)
    assert table.shape == shape
    np.testing.assert_allclose(table.iloc[0], first, rtol=1.5e-8)  # pROC's expect_equal
    np.testing.assert_allclose(table.iloc[-1], last, rtol=1.5e-8)


def test_coords_without_a_range_is_the_whole_curve():  # pROC's ignore.partial.auc = TRUE
    table, _ = s100b_coords("all", "threshold")
    assert table.shape == (51, 1)


@pytest.mark.parametrize(
    "limits, expected", [(PARTIAL1, [0.435, 0.475, 0.485]), (PARTIAL2, [0.065, 0.075])]
)
def test_coords_local_maxima_take_the_partial_range_into_account(limits, expected):
    table, g = s100b_coords("local maximas", "threshold", **limits)
    assert [proc_threshold(t, g) for t in table["threshold"]] == pytest.approx(expected)


# test-ci.thresholds.R: thresholds = "best" (r.wfns) and "local maximas"
# (r.ndka), both bootstrap kinds, conf.level .91 (10 expectations each): the
# object, its two measures, one row per threshold, conf.level, boot.n, the
# three quantile columns (pROC's "4.5%", "50%", "95.5%") and boot.stratified.
@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("marker, thresholds", [("wfns", "best"), ("ndka", "local_maxima")])
def test_ci_thresholds_accepts_named_thresholds(marker, thresholds, stratified):
    data = wr.load_asah()
    g, y = data[marker].to_numpy(float), (data["outcome"] == "Poor").to_numpy(int)
    n = int(np.random.default_rng().integers(3, 10))
    obtained = wr.ci_thresholds(
        g, y, thresholds=thresholds, n_boot=n, stratified=stratified, conf_level=0.91, seed=n
    )
    x = "best" if thresholds == "best" else "local maximas"
    expected = wr.coords((g, y), x, ret="threshold")["threshold"].to_numpy()
    assert isinstance(obtained, pd.DataFrame)
    assert obtained.attrs["thresholds"] == thresholds
    assert obtained["measure"].unique().tolist() == ["specificity", "sensitivity"]
    for measure in ("specificity", "sensitivity"):
        rows = obtained[obtained["measure"] == measure]
        assert rows[["conf_low", "median", "conf_high"]].shape == (len(expected), 3)
        assert rows["threshold"].tolist() == expected.tolist()
    assert len(expected) == (1 if thresholds == "best" else 26)  # wfns' best; ndka's maxima
    assert obtained.attrs["conf_level"] == 0.91
    assert obtained.attrs["n_boot"] == n
    assert obtained.attrs["stratified"] is stratified


# test-are-paired.R, "are.paired works" and "... with formula" (the same calls
# through roc's formula interface), and "... with auc and mixed roc" (the same
# data again): the curves are data here, so each is one call of are_paired.
def asah_markers():
    data = wr.load_asah()
    return (
        data["wfns"].to_numpy(float),
        data["ndka"].to_numpy(float),
        (data["outcome"] == "Poor").to_numpy(int),
    )


def test_are_paired_with_missing_values():
    wfns, ndka, outcome = asah_markers()
    missing = wfns.copy()
    missing[:20] = np.nan
    for _ in ("default", "formula"):
        assert wr.are_paired(wfns, ndka, outcome)
        assert wr.are_paired(missing, ndka, outcome)  # missing values don't screw up
        assert wr.are_paired(missing, ndka, outcome, label2=outcome.copy())  # other frames
        assert not wr.are_paired(wfns[20:], ndka, outcome[20:], label2=outcome)
        # opposite levels: the other class positive in the second curve
        assert not wr.are_paired(wfns, ndka, outcome, label2=1 - outcome)
    for _ in range(3):  # auc and mixed roc: the same data
        assert wr.are_paired(wfns, ndka, outcome)


# ---- test-coords.R on smooth.roc objects (issue 32: a smoothed curve is a curve)
def smooth_s100b():
    data = wr.load_asah()
    return wr.smooth_roc(data["s100b"].to_numpy(float), data["outcome"].to_numpy(), positive="Poor")


def test_coords_smooth_best_reduced_cols():
    """ "coords works with smooth.roc": ``coords(smooth.s100b, "best", ret =
    reduced.cols)`` (1 case; the ret = "all" columns need counts, which a
    smoothed frame does not have), and ``coords(smooth.s100b, c(0.2, 0.5,
    0.6), input = "specificity")`` is a data frame of dim c(3, 2) (2 cases)."""
    curve = smooth_s100b()
    obtained = wr.coords(curve, "best", ret=["specificity", "sensitivity", "youden"])
    expected = [0.750857175922901, 0.608610567514677, 1.35946774343758]
    np.testing.assert_allclose(obtained.to_numpy()[0], expected, rtol=1.5e-8)
    obtained = wr.coords(curve, [0.2, 0.5, 0.6], input="specificity")
    assert isinstance(obtained, pd.DataFrame)
    assert obtained.shape == (3, 2)


def test_coords_smooth_best_takes_partial_auc_into_account():
    """ "coords with x = 'best' takes partial AUC into account with
    smooth.roc" (4 cases): r.s100b.partial1 is partial.auc = c(0.9, 0.99)
    (specificity: fpr_range=(0.01, 0.1)); partial2 the same with focus
    "se" (tpr_range=(0.9, 0.99))."""
    curve = smooth_s100b()
    obtained = wr.coords(curve, "best", ret="specificity", fpr_range=(0.01, 0.1))
    assert obtained["specificity"].tolist() == pytest.approx([0.900608847772859], rel=1.5e-8)
    obtained = wr.coords(curve, "best", ret=["sensitivity", "youden"], fpr_range=(0.01, 0.1))
    assert obtained.to_numpy()[0].tolist() == pytest.approx(
        [0.410958904109589, 1.311567751882448], rel=1.5e-8
    )
    obtained = wr.coords(curve, "best", ret="sensitivity", tpr_range=(0.9, 0.99))
    assert obtained["sensitivity"].tolist() == pytest.approx([0.900195694716243], rel=1.5e-8)
    obtained = wr.coords(curve, "best", ret=["sensitivity", "youden"], tpr_range=(0.9, 0.99))
    assert obtained.to_numpy()[0].tolist() == pytest.approx(
        [0.900195694716243, 1.193053239288330], rel=1.5e-8
    )


def test_coords_smooth_all_takes_partial_auc_into_account():
    """ "coords with x = 'all' takes partial AUC into account with
    smooth.roc" (6 cases) and "... ignore.partial.auc = TRUE ..." (2)."""
    curve = smooth_s100b()
    obtained = wr.coords(curve, "all", ret="specificity", fpr_range=(0.01, 0.1))
    assert obtained.shape == (141, 1)
    assert obtained["specificity"].min() == pytest.approx(0.9, rel=1.5e-8)
    assert obtained["specificity"].max() == pytest.approx(0.99, rel=1.5e-8)
    obtained = wr.coords(curve, "all", ret="sensitivity", tpr_range=(0.9, 0.99))
    assert obtained.shape == (48, 1)
    assert obtained["sensitivity"].min() == pytest.approx(0.9, rel=1.5e-8)
    assert obtained["sensitivity"].max() == pytest.approx(0.99, rel=1.5e-8)
    assert wr.coords(curve, "all", ret="specificity").shape == (514, 1)
    assert wr.coords(curve, "all", ret="sensitivity").shape == (514, 1)


# ---- test-ci.auc.R, test-ci.se.R, test-ci.sp.R, test-var.R: their smooth(r.s100b) iterations
@pytest.mark.parametrize("stratified", [True, False])
def test_ci_auc_bootstrap_works_on_smooth(stratified):
    """ "ci.auc with bootstrap works", test.roc = smooth(r.s100b): the class,
    conf.level and boot.n expectations (3 of the 6; names, boot.stratified
    and method are attributes AUCInterval does not carry)."""
    n = int(np.random.default_rng(1).integers(3, 10))
    ci = wr.auc_ci(smooth_s100b(), method="bootstrap", n_boot=n, conf_level=0.91,
                   stratified=stratified, seed=1)  # fmt: skip
    assert type(ci).__name__ == "AUCInterval"
    assert ci.conf_level == 0.91
    assert ci.n_replicates == n


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("function", ["ci_se", "ci_sp"])
@pytest.mark.parametrize("points", [None, [0.9]])
def test_ci_se_sp_work_on_smooth(function, stratified, points):
    """ "ci.se with default specificities" / "ci.se accepts one specificity"
    (and ci.sp's), test.roc = smooth(r.s100b): class, dim, conf.level,
    boot.n, the three quantile columns, boot.stratified (6 of 7: "ci" is
    the same class)."""
    n = int(np.random.default_rng(2).integers(3, 10))
    name = "specificities" if function == "ci_se" else "sensitivities"
    band = getattr(wr, function)(smooth_s100b(), **{name: points}, n_boot=n,
                                 stratified=stratified, conf_level=0.91, seed=1)  # fmt: skip
    assert isinstance(band, pd.DataFrame)
    assert band[["conf_low", "median", "conf_high"]].shape == (11 if points is None else 1, 3)
    assert band.attrs["conf_level"] == 0.91
    assert band.attrs["n_boot"] == n
    assert list(band.columns[-3:]) == ["conf_low", "median", "conf_high"]
    assert band.attrs["method"].startswith("stratified") == stratified


@pytest.mark.parametrize("stratified", [True, False])
def test_bootstrap_var_runs_with_smooth(stratified):
    """ "bootstrap var runs with roc, auc and smooth.roc objects", roc1 =
    smooth(r.s100b) (2 cases)."""
    n = int(np.random.default_rng(3).integers(3, 10))
    v = wr.auc_var(smooth_s100b(), method="bootstrap", n_boot=n, stratified=stratified, seed=2)
    assert isinstance(v, float)
    assert not np.isnan(v)


# ---- test-roc.test.R, test-cov.R, test-var.R: mixed roc, auc and smooth.roc objects (issue 32)
# pROC's curves of aSAH (levels Good, Poor): r.s100b and auc(r.s100b) are the raw curve (an
# auc object is its curve's area), r.s100b.partial2 (and its $auc) the raw curve with
# partial.auc = c(.9, .99), focus "se" (tpr_range=(0.9, 0.99)), r.wfns.partial1 the same
# with focus "sp" (fpr_range=(0.01, 0.1)), smooth(r) the binormal smoothing of r.
MIXED1 = ("r.s100b", "auc(r.s100b)", "smooth(r.s100b)", "r.s100b.partial2", "r.s100b.partial2$auc")
MIXED2 = ("r.wfns", "auc(r.wfns)", "smooth(r.wfns)", "r.wfns.partial1", "r.wfns.partial1$auc")
ASAH_DATA = wr.load_asah()
ASAH_Y = (ASAH_DATA["outcome"] == "Poor").to_numpy().astype(int)


def proc_curve(name):
    """(our curve argument, its fpr_range, its tpr_range) of one of pROC's objects."""
    marker = "s100b" if "s100b" in name else "wfns"
    guess = ASAH_DATA[marker].to_numpy(float)
    if name.startswith("smooth("):
        return wr.smooth_roc(guess, ASAH_Y), None, None
    if "partial2" in name:
        return guess, None, (0.9, 0.99)
    if "partial1" in name:
        return guess, (0.01, 0.1), None
    return guess, None, None


def proc_pair(name1, name2):
    """The two curves and their per-curve partial areas (None: both whole)."""
    (c1, f1, t1), (c2, f2, t2) = proc_curve(name1), proc_curve(name2)
    ranges = {}
    if (f1, f2) != (None, None):
        ranges["fpr_range"] = (f1, f2)
    if (t1, t2) != (None, None):
        ranges["tpr_range"] = (t1, t2)
    return c1, c2, ranges


def proc_draws(*key):
    """pROC's runif/sample draws of one iteration (boot.n, stratified, paired, alternative)."""
    rng = np.random.default_rng([MIXED1.index(key[0]), MIXED2.index(key[1]), *map(len, key)])
    n = int(round(rng.uniform(3, 9)))
    return (
        n,
        bool(rng.integers(2)),
        bool(rng.integers(2)),
        ["two.sided", "less", "greater"][int(rng.integers(3))],
    )


def expect_bootstrap_htest(ht):
    """pROC's helper: an htest (1), a p value (3), null.value 0 and named (2),
    statistic numeric and named D (2), parameter numeric, named boot.n and
    boot.stratified (2): 10 expectations."""
    assert type(ht).__name__ == "HTest"
    assert isinstance(ht.p_value, float)
    assert ht.p_value <= 1
    assert ht.p_value >= 0
    assert ht.null_value == 0
    assert isinstance(ht.null_name, str) and ht.null_name
    assert isinstance(ht.statistic, float)
    assert ht.statistic_name == "D"
    assert all(isinstance(v, (int, float)) for v in ht.parameter.values())
    assert list(ht.parameter) == ["boot.n", "boot.stratified"]


@pytest.mark.parametrize("roc2", MIXED2)
@pytest.mark.parametrize("roc1", MIXED1)
def test_bootstrap_roc_test_works_with_mixed_objects(roc1, roc2):
    """ "bootstrap roc.test works with mixed roc, auc and smooth.roc
    objects": 25 iterations of 13 expectations (325 cases)."""
    n, stratified, paired, alternative = proc_draws(roc1, roc2)
    c1, c2, ranges = proc_pair(roc1, roc2)
    with warnings.catch_warnings():  # "All sorts of warnings are expected"
        warnings.simplefilter("ignore")
        ht = wr.roc_test(
            c1, c2, ASAH_Y, method="bootstrap", n_boot=n, paired=paired,
            stratified=stratified, alternative=alternative, seed=1, **ranges,
        )  # fmt: skip
    expect_bootstrap_htest(ht)
    assert ht.alternative == alternative
    if paired:
        assert ht.method == "Bootstrap test for two correlated ROC curves"
    else:
        assert ht.method == "Bootstrap test for two ROC curves"
    assert list(ht.parameter.values()) == [n, int(stratified)]


@pytest.mark.parametrize("method", ["sensitivity", "specificity"])
@pytest.mark.parametrize("roc2", MIXED2)
@pytest.mark.parametrize("roc1", MIXED1)
def test_se_sp_roc_test_works_with_mixed_objects(roc1, roc2, method):
    """ "se/sp roc.test works with mixed roc, auc and smooth.roc objects":
    50 iterations of 13 expectations (650 cases); pROC passes both
    sensitivity = 0.8 and specificity = 0.8, ours takes the method's one."""
    n, stratified, paired, alternative = proc_draws(roc1, roc2, method)
    c1, c2, ranges = proc_pair(roc1, roc2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ht = wr.roc_test(c1, c2, ASAH_Y, method=method, n_boot=n, paired=paired,
                         stratified=stratified, alternative=alternative, seed=1,
                         **{method: 0.8}, **ranges)  # fmt: skip
    expect_bootstrap_htest(ht)
    assert ht.alternative == alternative
    if paired:
        assert ht.method == f"{method.title()} test for two correlated ROC curves"
    else:
        assert ht.method == f"{method.title()} test for two ROC curves"
    assert list(ht.parameter.values()) == [n, int(stratified)]


@pytest.mark.parametrize("roc2", MIXED2)
@pytest.mark.parametrize("roc1", MIXED1)
def test_bootstrap_cov_works_with_mixed_objects(roc1, roc2):
    """ "bootstrap cov works with mixed roc, auc and smooth.roc objects":
    25 iterations of 2 expectations (50 cases)."""
    n, stratified, _, _ = proc_draws(roc1, roc2)
    c1, c2, ranges = proc_pair(roc1, roc2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        obtained = wr.auc_cov(c1, c2, ASAH_Y, method="bootstrap", n_boot=n,
                              stratified=stratified, seed=1, **ranges)  # fmt: skip
    assert isinstance(obtained, float)
    assert not np.isnan(obtained)


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize(
    "roc1", ["r.s100b", "auc(r.s100b)", "r.s100b.partial1", "r.s100b.partial1$auc"]
)
def test_bootstrap_var_runs_with_roc_and_auc(roc1, stratified):
    """ "bootstrap var runs with roc, auc and smooth.roc objects", the
    other roc1 (smooth(r.s100b): `test_bootstrap_var_runs_with_smooth`):
    4 x 2 iterations of 2 expectations (16 cases); r.s100b.partial1 is
    partial.auc = c(0.9, 0.99) (fpr_range=(0.01, 0.1))."""
    n = int(np.random.default_rng([len(roc1), int(stratified)]).integers(3, 10))
    ranges = {"fpr_range": (0.01, 0.1)} if "partial1" in roc1 else {}
    v = wr.auc_var(ASAH_DATA["s100b"].to_numpy(float), ASAH_Y, method="bootstrap", n_boot=n,
                   stratified=stratified, seed=2, **ranges)  # fmt: skip
    assert isinstance(v, float)
    assert not np.isnan(v)


# ---- test-coords.R: ret = "all" on smooth.roc (counts from the curve's numbers of cases
# and controls, pROC's roc_utils_calc_coords).  pROC 1.19's "all" has lr_pos and lr_neg too
# (the helper's literals hold them); 1.18's, and ours, the other 23: lr_pos and lr_neg are
# read with ret=["lr_pos", "lr_neg"].
COORDS_SMOOTH = pd.read_csv(DATA / "coords_smooth_expected.csv")
SMOOTH_ALL = [c for c in COORDS_SMOOTH.columns if c not in ("lr_pos", "lr_neg")]
LR = ["lr_pos", "lr_neg"]


def expect_coords(obtained, expected):
    """pROC's expect_equal: a relative 1.5e-8 (near 0: absolute 1e-12)."""
    assert list(obtained.columns) == list(expected.columns)
    np.testing.assert_allclose(obtained.to_numpy(float), expected.to_numpy(float),
                               rtol=1.5e-8, atol=1e-12)  # fmt: skip


def test_coords_returns_all_columns_with_ret_all_with_smooth():
    """ "coords returns all thresholds by default with smooth.roc" and "...
    all columns with ret = 'all' with smooth.roc" (2 cases, 514 rows;
    lr_pos and lr_neg: 1 more)."""
    curve = smooth_s100b()
    expect_coords(wr.coords(curve), COORDS_SMOOTH[["specificity", "sensitivity"]])
    expect_coords(wr.coords(curve, ret="all"), COORDS_SMOOTH[SMOOTH_ALL])
    expect_coords(wr.coords(curve, ret=LR), COORDS_SMOOTH[LR])


SMOOTH_BEST = dict(zip(
    [*SMOOTH_ALL[:21], *LR, *SMOOTH_ALL[21:]],
    [0.750857175922901, 0.608610567514677, 0.699245574642041,
     54.0617166664488, 24.9530332681018, 16.0469667318982, 17.9382833335512,
     0.771112992655678, 0.581773544045047, 0.418226455954953, 0.249142824077099,
     0.608610567514677, 0.750857175922901, 0.391389432485323, 0.249142824077099,
     0.391389432485323, 0.300754425357959, 0.228887007344322, 0.418226455954953,
     0.581773544045047, 0.608610567514677, 2.4428179690470926, 0.52125683157286817,
     1.35946774343758, 0.215257834650296],
))  # fmt: skip


def test_coords_smooth_best_ret_all():
    """ "coords works with smooth.roc": ``coords(smooth.s100b, "best", ret =
    "all", drop = FALSE)`` (1 case, and lr_pos, lr_neg)."""
    curve = smooth_s100b()
    expected = pd.DataFrame({k: [SMOOTH_BEST[k]] for k in SMOOTH_ALL})
    expect_coords(wr.coords(curve, "best", ret="all"), expected)
    best = wr.coords(curve, "best", ret=LR)[LR]  # (and our best method's column)
    expect_coords(best, pd.DataFrame({k: [SMOOTH_BEST[k]] for k in LR}))


def smooth_numeric_expected(given):
    """The literals of "coords works with smooth.roc and x = numeric" (input
    specificity) and "... and input = 'se'" at 0.5 and 0.9."""
    if given == "specificity":
        values = {
            "specificity": [0.5, 0.90000000000000002],
            "sensitivity": [0.79774939210378937, 0.41207187155396763],
            "accuracy": [0.60803296527659623, 0.72296413038683782],
            "tn": [36, 64.799999999999997],
            "tp": [32.707725076255365, 16.894946733712672],
            "fn": [8.2922749237446354, 24.105053266287328],
            "fp": [36, 7.2000000000000028],
            "npv": [0.81278281736440605, 0.72886745600288694],
            "ppv": [0.47604145006918286, 0.70118215742199363],
            "fdr": [0.52395854993081703, 0.29881784257800637],
            "fpr": [0.5, 0.099999999999999978],
            "tpr": [0.79774939210378937, 0.41207187155396763],
            "tnr": [0.5, 0.90000000000000002],
            "fnr": [0.20225060789621063, 0.58792812844603237],
            "1-specificity": [0.5, 0.099999999999999978],
            "1-sensitivity": [0.20225060789621063, 0.58792812844603237],
            "1-accuracy": [0.39196703472340377, 0.27703586961316218],
            "1-npv": [0.18721718263559395, 0.27113254399711306],
            "1-ppv": [0.52395854993081714, 0.29881784257800637],
            "precision": [0.47604145006918286, 0.70118215742199363],
            "recall": [0.79774939210378937, 0.41207187155396763],
            "lr_pos": [1.5954987842075787, 4.1207187155396774],
            "lr_neg": [0.40450121579242126, 0.65325347605114703],
            "youden": [1.2977493921037895, 1.3120718715539677],
            "closest.topleft": [0.29090530839438672, 0.35565948421805432],
        }
    else:
        values = {
            "specificity": [0.84418934548477731, 0.29332202419872122],
            "sensitivity": [0.5, 0.90000000000000002],
            "accuracy": [0.7193064856186191, 0.51344412161334452],
            "tn": [60.781632874903963, 21.119185742307927],
            "tp": [20.5, 36.899999999999999],
            "fn": [20.5, 4.1000000000000014],
            "fp": [11.218367125096037, 50.880814257692073],
            "npv": [0.74779049983468704, 0.83742536171095305],
            "ppv": [0.64631322032274796, 0.42036520522212539],
            "fdr": [0.35368677967725209, 0.57963479477787461],
            "fpr": [0.15581065451522269, 0.70667797580127878],
            "tpr": [0.5, 0.90000000000000002],
            "tnr": [0.84418934548477731, 0.29332202419872122],
            "fnr": [0.5, 0.10000000000000003],
            "1-specificity": [0.15581065451522269, 0.70667797580127878],
            "1-sensitivity": [0.5, 0.099999999999999978],
            "1-accuracy": [0.2806935143813809, 0.48655587838665548],
            "1-npv": [0.25220950016531296, 0.16257463828904695],
            "1-ppv": [0.35368677967725204, 0.57963479477787461],
            "precision": [0.64631322032274796, 0.42036520522212539],
            "recall": [0.5, 0.90000000000000002],
            "lr_pos": [3.2090231669693039, 1.2735645241802247],
            "lr_neg": [0.59228418680512263, 0.34092223477992739],
            "youden": [1.3441893454847773, 1.1933220241987212],
            "closest.topleft": [0.27427696006046209, 0.50939376148259274],
        }
    return pd.DataFrame(values)


@pytest.mark.parametrize("given, inputs", [("specificity", ("sp", "specificity")),
                                           ("sensitivity", ("se", "se"))])  # fmt: skip
def test_coords_smooth_numeric_ret_all(given, inputs):
    """ "coords works with smooth.roc and x = numeric" and "... and input =
    'se'": the ret = "all" lines (2 cases each: x = c(0.5, 0.9) and x =
    0.9), with the reduced columns (2 each), and lr_pos, lr_neg."""
    curve, expected = smooth_s100b(), smooth_numeric_expected(given)
    reduced = ["specificity", "sensitivity", "youden"]
    expect_coords(wr.coords(curve, [0.5, 0.9], input=inputs[0], ret="all"), expected[SMOOTH_ALL])
    expect_coords(wr.coords(curve, [0.5, 0.9], input=inputs[0], ret=reduced), expected[reduced])
    expect_coords(
        wr.coords(curve, 0.9, input=inputs[1], ret="all"),
        expected[SMOOTH_ALL].iloc[[1]].reset_index(drop=True),
    )
    expect_coords(
        wr.coords(curve, 0.9, input=inputs[1], ret=reduced),
        expected[reduced].iloc[[1]].reset_index(drop=True),
    )
    expect_coords(wr.coords(curve, [0.5, 0.9], input=inputs[0], ret=LR), expected[LR])


def test_measures_of_a_smoothed_curve_are_its_coords():
    """measures() reads a smoothed curve as coords does (threshold NaN);
    at= has no thresholds to read."""
    curve = smooth_s100b()
    table = wr.measures(curve, ["tp", "fp", "npv", "lr_pos"])
    assert table["threshold"].isna().all()
    expect_coords(
        table[["tp", "fp", "npv", "lr_pos"]], COORDS_SMOOTH[["tp", "fp", "npv", "lr_pos"]]
    )
    with pytest.raises(ValueError, match="no thresholds"):
        wr.measures(curve, ["tp"], at=[0.5])


# ---- test-ci.coords.R: its smooth(r.s100b) iterations (issue 38 item 8).  pROC's loop runs
# every monotone input, both bootstraps, and r.s100b and smooth(r.s100b); here the smoothed
# half, call for call.  pROC's columns "4.5%", "50%", "95.5%" are the quantiles of conf.level
# 0.91: conf_low, median and conf_high with attrs["conf_level"] 0.91.  input = "threshold":
# a smoothed curve has no thresholds, and coords of one refuses it (pROC 1.18's ci.coords of a
# smooth.roc too, by match.arg; 1.19 passes it on to coords.roc), so those 8 cases expect the
# error.
CI_COORDS_INPUTS = [
    "threshold", "sensitivity", "specificity", "tn", "tp", "fn", "fp", "tpr",
    "tnr", "fpr", "fnr", "1-specificity", "1-sensitivity", "recall",
]  # fmt: skip
CI_COORDS_CALLS = [  # (test_that, x, ret, the expected attr "ret")
    ("ci.coords accepts one x and one ret", 0.8, "sp", ["specificity"]),
    ("ci.coords accepts one x and multiple ret", 0.8, ["sp", "ppv", "tp", "1-sensitivity"],
     ["specificity", "ppv", "tp", "1-sensitivity"]),
    ("ci.coords accepts multiple x and one ret", [0.8, 0.9], "sp", ["specificity"]),
    ("ci.coords accepts multiple x and ret", [0.9, 0.8], ["sp", "ppv", "tp", "1-se"],
     ["specificity", "ppv", "tp", "1-sensitivity"]),
]  # fmt: skip


@pytest.mark.parametrize("call", CI_COORDS_CALLS, ids=[c[0] for c in CI_COORDS_CALLS])
@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("input", CI_COORDS_INPUTS)
def test_ci_coords_on_smooth(input, stratified, call):
    _, x, ret, expected_ret = call
    curve = smooth_s100b()
    if input == "threshold":
        with pytest.raises(ValueError, match="no thresholds"):
            wr.ci_coords(curve, x=x, input=input, ret=ret, n_boot=3, conf_level=0.91,
                         stratified=stratified)  # fmt: skip
        return
    obtained = wr.ci_coords(curve, x=x, input=input, ret=ret, n_boot=3, conf_level=0.91,
                            stratified=stratified, seed=1)  # fmt: skip
    points = np.atleast_1d(x)
    assert obtained["measure"].unique().tolist() == expected_ret  # attr(obtained, "ret")
    for name in expected_ret:  # for (ci.mat in obtained)
        ci_mat = obtained.loc[obtained["measure"] == name, ["conf_low", "median", "conf_high"]]
        assert ci_mat.shape == (len(points), 3)
        assert obtained.loc[obtained["measure"] == name, "x"].tolist() == points.tolist()
    assert obtained.attrs["conf_level"] == 0.91  # colnames c("4.5%", "50%", "95.5%")
    assert obtained.attrs["n_boot"] == 3
    assert obtained.attrs["method"].startswith("stratified") == stratified
