"""A smoothed curve is a curve (issue 32): `smooth_roc`'s frame read by the
curve functions (WeightedAUC, partial_auc, coords) and by the bootstrap of
auc_ci, auc_var and auc_cov, against pROC's ``smooth()`` objects (live) and
brute force (the smoothing redone by hand on each replicate's rows)."""

import math
import warnings

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.datasets import load_asah

ASAH = load_asah()
G, G2 = ASAH["s100b"].to_numpy(), ASAH["wfns"].to_numpy().astype(float)
Y = (ASAH["outcome"] == "Poor").to_numpy().astype(int)
METHODS = ["binormal", "density"]


@pytest.fixture(scope="module")
def r(r):
    """pROC with the data, and this R's density grid (R < 4.4: old_coords)."""
    r.globalenv["g"], r.globalenv["g2"] = r.FloatVector(G), r.FloatVector(G2)
    r.globalenv["l"] = r.IntVector(Y)
    version = tuple(int(v) for v in r.r("as.character(getRversion())")[0].split(".")[:2])
    r.old = {"old_coords": version < (4, 4)}
    return r


def curve(r, method, direction="<", guess=G):
    options = r.old if method == "density" else {}
    return wr.smooth_roc(guess, Y, method=method, direction=direction, **options)


def rnum(r, code):
    return np.asarray(r.r(code), dtype=float)


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("method", METHODS)
def test_areas_and_coords_are_procs(r, method, direction):
    c = curve(r, method, direction)
    r.r(f's <- smooth(roc(l, g, direction="{direction}", quiet=TRUE), method="{method}")')
    assert abs(wr.WeightedAUC(c) - rnum(r, "as.numeric(auc(s))")[0]) < 1e-9
    assert abs(wr.partial_auc(c) - rnum(r, "as.numeric(auc(s))")[0]) < 1e-9
    expected = rnum(r, "as.numeric(auc(s, partial.auc=c(1, .8)))")[0]
    assert abs(wr.partial_auc(c, fpr_range=(0, 0.2)) - expected) < 1e-9
    expected = rnum(r, 'as.numeric(auc(s, partial.auc=c(1, .8), partial.auc.focus="se"))')[0]
    assert abs(wr.partial_auc(c, tpr_range=(0.8, 1)) - expected) < 1e-9
    np.testing.assert_allclose(
        wr.coords(c, "all").to_numpy(), rnum(r, 'as.matrix(coords(s, "all"))'), atol=1e-9
    )
    best = wr.coords(c, "best", ret=["specificity", "sensitivity", "youden"])
    expected = rnum(r, 'as.matrix(coords(s, "best", ret=c("specificity","sensitivity","youden")))')
    np.testing.assert_allclose(best.to_numpy(), expected, atol=1e-9)
    top = wr.coords(c, "best", best_method="closest.topleft", best_weights=(2, 0.3))
    expected = rnum(
        r,
        'as.matrix(coords(s, "best", best.method="closest.topleft", best.weights=c(2, .3), '
        'ret=c("specificity","sensitivity")))',
    )
    np.testing.assert_allclose(top.iloc[:, :2].to_numpy(), expected, atol=1e-9)
    for input in ("specificity", "sensitivity"):
        mine = wr.coords(c, [0.1, 0.5, 0.9, 0.95], input=input, ret=["specificity", "sensitivity"])
        expected = rnum(r, f'as.matrix(coords(s, c(.1, .5, .9, .95), input="{input}"))')
        np.testing.assert_allclose(mine.to_numpy(), expected, atol=1e-9)


@pytest.mark.parametrize("method", METHODS)
def test_coords_in_a_range_hold_procs_points(r, method):
    """pROC 1.18.0 gives the smoothed points inside the range; like the
    empirical curve's coords (pROC's later versions), the range's ends are
    added, interpolated, when no point is on them."""
    c = curve(r, method)
    mine = wr.coords(c, "all", fpr_range=(0.1, 0.3)).to_numpy()
    expected = rnum(
        r,
        f'as.matrix(coords(smooth(roc(l, g, quiet=TRUE, partial.auc=c(.9, .7)), method="{method}"),'
        ' "all"))',
    )
    np.testing.assert_allclose(mine[1:-1], expected, atol=1e-9)
    np.testing.assert_allclose([mine[0, 0], mine[-1, 0]], [0.7, 0.9], atol=1e-15)


def test_coords_of_a_smoothed_curve_are_its_points_without_thresholds():
    c = wr.smooth_roc(G, Y, n=50)
    table = wr.coords(c, "all")
    assert list(table.columns) == ["specificity", "sensitivity"]
    np.testing.assert_allclose(table["sensitivity"], c["TPR"], atol=1e-15)
    np.testing.assert_allclose(table["specificity"], 1 - c["FPR"], atol=1e-15)
    j = c["TPR"] + 1 - c["FPR"]
    best = wr.coords(c, "best", ret=["sensitivity", "youden"])
    assert best["sensitivity"].tolist() == pytest.approx(c["TPR"][j == j.max()].tolist(), abs=1e-15)
    with pytest.raises(ValueError, match="no thresholds"):
        wr.coords(c, 0.5)
    with pytest.raises(ValueError, match="no thresholds"):
        wr.coords(c, "all", ret=["threshold"])
    with pytest.raises(ValueError, match="'arg' should be one of"):
        wr.coords(c, "local maximas")


def by_hand(guess, label, method, rows_of, n_boot, seed, fpr_range=None):
    """Each replicate's smooth_auc on its rows, the rows drawn as pROC's
    stratified bootstrap (cases from the cases, controls from the controls)."""
    rng = np.random.default_rng(seed)
    pos, neg = np.flatnonzero(label == 1), np.flatnonzero(label == 0)
    out = []
    for _ in range(n_boot):
        rows = np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))
        try:
            out.append(
                [wr.smooth_auc(g[rows], label[rows], method=method, fpr_range=fpr_range)
                 for g in rows_of(guess)]
            )  # fmt: skip
        except ValueError:
            out.append([math.nan] * len(rows_of(guess)))
    values = np.array(out)
    return values[~np.isnan(values).any(axis=1)]


@pytest.mark.parametrize("method", METHODS)
def test_bootstrap_redoes_the_smoothing_on_each_replicate(method):
    c = wr.smooth_roc(G, Y, method=method)
    expected = by_hand(G, Y, method, lambda g: [g], 60, 4)[:, 0]
    ci = wr.auc_ci(c, method="bootstrap", n_boot=60, seed=4)
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-12)
    assert ci.estimate == pytest.approx(wr.smooth_auc(G, Y, method=method), abs=1e-15)
    assert ci.conf_low == pytest.approx(np.quantile(expected, 0.025), abs=1e-12)
    var = wr.auc_var(c, method="bootstrap", n_boot=60, seed=4)
    assert var == pytest.approx(np.var(expected, ddof=1), rel=1e-10)
    partial = by_hand(G, Y, method, lambda g: [g], 40, 5, fpr_range=(0, 0.2))[:, 0]
    var = wr.auc_var(c, method="bootstrap", n_boot=40, seed=5, fpr_range=(0, 0.2))
    assert var == pytest.approx(np.var(partial, ddof=1), rel=1e-10)


def test_bootstrap_cov_shares_the_rows():
    c1, c2 = wr.smooth_roc(G, Y), wr.smooth_roc(G2, Y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = by_hand((G, G2), Y, "binormal", lambda g: list(g), 50, 6)
        cov = wr.auc_cov(c1, c2, method="bootstrap", n_boot=50, seed=6)
    assert cov == pytest.approx(np.cov(values[:, 0], values[:, 1])[0, 1], rel=1e-10)


def test_frequency_weights_are_rows_repeated():
    w = np.random.default_rng(3).integers(1, 4, len(G))
    weighted = wr.smooth_roc(G, Y, w, weights_are="frequency")
    rows = wr.smooth_roc(np.repeat(G, w), np.repeat(Y, w))
    a = wr.auc_var(weighted, method="bootstrap", n_boot=30, seed=8)
    b = wr.auc_var(rows, method="bootstrap", n_boot=30, seed=8)
    assert a == b


def test_delong_on_a_smoothed_curve_is_procs_error():
    c = wr.smooth_roc(G, Y)
    for call in (wr.auc_ci, wr.auc_var):
        with pytest.raises(ValueError, match="DeLong"):
            call(c)
    with pytest.raises(ValueError, match="DeLong"):
        wr.auc_cov(c, wr.smooth_roc(G2, Y))
    with pytest.raises(TypeError, match="need label="):  # a raw curve beside: test_mixed_curves
        wr.auc_cov(c, G2, method="bootstrap")


B = 1000  # replicates of the Monte Carlo comparisons (tolerances scale with B)


@pytest.mark.parametrize("method", METHODS)
def test_bootstrap_is_procs_within_monte_carlo_error(r, method):
    """Two independent bootstrap estimates of a variance differ by a
    relative sd of about sqrt(2/(B-1)) each (normal replicates), so
    sqrt(2) * that for the difference: 4 of those (~0.18 with B = 2000).
    The interval's ends: 4 MC sds of a 2.5% quantile of B replicates
    (sd sqrt(q(1-q)/B) / density, density from the replicates' normal fit)."""
    c = curve(r, method)
    ci = wr.auc_ci(c, method="bootstrap", n_boot=B, seed=11)
    theirs = rnum(
        r,
        f'set.seed(1); ci.auc(smooth(roc(l, g, quiet=TRUE), method="{method}"), '
        f'method="bootstrap", boot.n={B}, progress="none")',
    )
    sd = ci.std_error
    quantile_sd = math.sqrt(0.025 * 0.975 / B) / (
        math.exp(-(1.96**2) / 2) / math.sqrt(2 * math.pi) / sd
    )
    tolerance = 4 * math.sqrt(2) * quantile_sd
    assert abs(ci.conf_low - theirs[0]) < tolerance
    assert abs(ci.conf_high - theirs[2]) < tolerance
    assert abs(np.median(ci.replicates) - theirs[1]) < 4 * math.sqrt(2) * 1.2533 * sd / math.sqrt(B)
    mine = wr.auc_var(c, method="bootstrap", n_boot=B, seed=12)
    theirs = rnum(
        r,
        f'set.seed(2); var(smooth(roc(l, g, quiet=TRUE), method="{method}"), '
        f'method="bootstrap", boot.n={B}, progress="none")',
    )[0]
    assert abs(mine / theirs - 1) < 4 * math.sqrt(2) * math.sqrt(2 / (B - 1))


def test_roc_test_of_smoothed_curves_is_the_bootstrap_by_hand():
    c1, c2 = wr.smooth_roc(G, Y), wr.smooth_roc(G2, Y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = by_hand((G, G2), Y, "binormal", lambda g: list(g), 50, 9)
        test = wr.roc_test(c1, c2, method="bootstrap", n_boot=50, seed=9)
    a1, a2 = wr.smooth_auc(G, Y), wr.smooth_auc(G2, Y)
    sd = np.std(values[:, 0] - values[:, 1], ddof=1)
    assert test.statistic == pytest.approx((a1 - a2) / sd, rel=1e-10)
    assert test.estimate == pytest.approx({"Smoothed AUC of roc1": a1, "Smoothed AUC of roc2": a2})
    assert test.method == "Bootstrap test for two correlated ROC curves"
    with pytest.raises(ValueError, match="DeLong"):
        wr.roc_test(c1, c2)
    with pytest.raises(ValueError, match="must be numeric of length 1"):
        wr.roc_test(c1, c2, method="specificity")


def test_fixed_point_readings_are_procs_coords(r):
    r.r("s <- smooth(roc(l, g, quiet=TRUE))")
    from weightedroc.inference.smoothed import se_at_sp, sp_at_se

    c = wr.smooth_roc(G, Y)
    tpr, fpr = c["TPR"].to_numpy(), c["FPR"].to_numpy()
    for x in (0.1, 0.5, 0.9, 0.97):
        expected = rnum(r, f'coords(s, {x}, input="specificity", ret="sensitivity")[1, 1]')[0]
        assert se_at_sp(x)(tpr, fpr, {}) == pytest.approx(expected, abs=1e-9)
        expected = rnum(r, f'coords(s, {x}, input="sensitivity", ret="specificity")[1, 1]')[0]
        assert sp_at_se(x)(tpr, fpr, {}) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize(
    "method, extra, r_extra",
    [
        ("bootstrap", {}, ""),
        ("specificity", {"specificity": 0.9}, ", specificity=.9"),
        ("sensitivity", {"sensitivity": 0.8}, ", sensitivity=.8"),
    ],
)
def test_roc_test_is_procs_within_monte_carlo_error(r, method, extra, r_extra):
    """D = d / sd*: the bootstrap sd's relative MC error is about
    1 / sqrt(2 (B - 1)) for each of the two runs; 4 sds of the difference."""
    c1, c2 = wr.smooth_roc(G, Y), wr.smooth_roc(G2, Y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mine = wr.roc_test(c1, c2, method=method, n_boot=B, seed=21, **extra).statistic
    theirs = rnum(
        r,
        "set.seed(1); roc.test(smooth(roc(l, g, quiet=TRUE)), smooth(roc(l, g2, quiet=TRUE)), "
        f'method="{method}", boot.n={B}, progress="none"{r_extra})$statistic',
    )[0]
    assert abs(mine / theirs - 1) < 4 * math.sqrt(2) / math.sqrt(2 * (B - 1))


def test_ci_se_of_a_smoothed_curve_is_the_bootstrap_by_hand():
    from weightedroc.inference.smoothed import se_at_sp

    c = wr.smooth_roc(G, Y)
    band = wr.ci_se(c, specificities=[0.5, 0.9], n_boot=40, seed=2)
    rng = np.random.default_rng(2)
    pos, neg = np.flatnonzero(Y == 1), np.flatnonzero(Y == 0)
    reps = []
    for _ in range(40):
        rows = np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))
        s = wr.smooth_roc(G[rows], Y[rows])
        reps.append([se_at_sp(x)(s["TPR"].to_numpy(), s["FPR"].to_numpy(), {}) for x in (0.5, 0.9)])
    low, median, high = np.quantile(np.array(reps), [0.025, 0.5, 0.975], axis=0)
    np.testing.assert_allclose(band["conf_low"], low, atol=1e-12)
    np.testing.assert_allclose(band["median"], median, atol=1e-12)
    np.testing.assert_allclose(band["conf_high"], high, atol=1e-12)
    assert band.attrs["method"] == "stratified bootstrap percentile"


@pytest.mark.parametrize(
    "function, points", [("ci.se", "specificities"), ("ci.sp", "sensitivities")]
)
def test_ci_se_sp_are_procs_within_monte_carlo_error(r, function, points):
    """The quantiles of B replicates: 4 MC sds of their difference (the
    quantile's sd sqrt(q(1-q)/B) / density, the density from a normal fit
    to the replicates' spread, estimated by the interval's width)."""
    c = wr.smooth_roc(G, Y)
    call = wr.ci_se if function == "ci.se" else wr.ci_sp
    band = call(c, **{points: [0.5, 0.9]}, n_boot=B, seed=31)
    theirs = rnum(
        r,
        f"set.seed(1); as.matrix({function}(smooth(roc(l, g, quiet=TRUE)), {points}=c(.5, .9), "
        f'boot.n={B}, progress="none"))',
    )
    sd = (band["conf_high"] - band["conf_low"]).to_numpy() / (2 * 1.96)
    density = math.exp(-(1.96**2) / 2) / math.sqrt(2 * math.pi) / sd
    tolerance = 4 * math.sqrt(2) * math.sqrt(0.025 * 0.975 / B) / density
    np.testing.assert_array_less(np.abs(band["conf_low"] - theirs[:, 0]), tolerance)
    np.testing.assert_array_less(np.abs(band["conf_high"] - theirs[:, 2]), tolerance)
    median_tolerance = 4 * math.sqrt(2) * 1.2533 * sd / math.sqrt(B)
    np.testing.assert_array_less(np.abs(band["median"] - theirs[:, 1]), median_tolerance)


def test_ci_coords_of_a_smoothed_curve_reads_the_bands_replicates():
    c = wr.smooth_roc(G, Y)
    band = wr.ci_sp(c, sensitivities=[0.9, 0.5], n_boot=40, seed=3)
    table = wr.ci_coords(
        c,
        x=[0.9, 0.5],
        input="sensitivity",
        ret=["specificity", "1-specificity"],
        n_boot=40,
        seed=3,
    )
    spec = table[table["measure"] == "specificity"]
    np.testing.assert_allclose(spec["conf_low"], band["conf_low"], atol=1e-15)
    np.testing.assert_allclose(spec["median"], band["median"], atol=1e-15)
    one_minus = table[table["measure"] == "1-specificity"]
    np.testing.assert_allclose(one_minus["conf_high"], 1 - band["conf_low"].to_numpy(), atol=1e-12)
    best = wr.ci_coords(c, x="best", n_boot=30, seed=3)
    assert best["measure"].tolist() == ["specificity", "sensitivity"]
    with pytest.raises(ValueError, match="no thresholds"):
        wr.ci_coords(c, x=0.5, n_boot=10)
    with pytest.raises(ValueError, match="no thresholds"):
        wr.ci_coords(c, x="best", ret=["threshold", "sp"], n_boot=10)


def test_ci_coords_is_procs_within_monte_carlo_error(r):
    c = wr.smooth_roc(G, Y)
    table = wr.ci_coords(c, x=[0.9, 0.5], input="sensitivity", ret="specificity", n_boot=B, seed=41)
    theirs = rnum(
        r,
        'set.seed(1); ci.coords(smooth(roc(l, g, quiet=TRUE)), x=c(.9, .5), input="sensitivity", '
        f'ret="specificity", boot.n={B}, progress="none")$specificity',
    )
    sd = (table["conf_high"] - table["conf_low"]).to_numpy() / (2 * 1.96)
    density = math.exp(-(1.96**2) / 2) / math.sqrt(2 * math.pi) / sd
    tolerance = 4 * math.sqrt(2) * math.sqrt(0.025 * 0.975 / B) / density
    np.testing.assert_array_less(np.abs(table["conf_low"] - theirs[:, 0]), tolerance)
    np.testing.assert_array_less(np.abs(table["conf_high"] - theirs[:, 2]), tolerance)


def test_the_callers_data_stay_theirs_and_attrs_copy_cheaply():
    g, y = G.copy(), Y.copy()
    c = wr.smooth_roc(g, y)
    assert g.flags.writeable and y.flags.writeable
    assert not c.attrs["smooth"].guess.flags.writeable
    assert c["TPR"].attrs["smooth"] is c.attrs["smooth"]  # pandas' deepcopy of attrs: the same
