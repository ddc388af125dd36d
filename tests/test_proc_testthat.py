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
        distribution_controls=controls,
        distribution_cases=cases,
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
