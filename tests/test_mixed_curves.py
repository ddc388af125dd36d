"""A raw curve and a smoothed curve in one call (issue 32): pROC's
``roc.test(roc1, smooth(roc2), method = "bootstrap" | "sensitivity" |
"specificity")`` and ``cov(roc1, smooth(roc2))``.  Each replicate draws its
rows once (paired), the smoothed side is smoothed again on them and the raw
side is the empirical curve of the same rows.  Checked by brute force (the
replicates redone by hand with the public curve functions) and live against
pROC within Monte Carlo error; plus `AUCInterval.median`, pROC's middle value."""

import dataclasses
import math
import warnings

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc.datasets import load_asah
from weightedroc.inference.empirical import empirical
from weightedroc.inference.smoothed import draw as draw_rows
from weightedroc.inference.smoothed import se_at_sp, sp_at_se

ASAH = load_asah()
G, G2 = ASAH["s100b"].to_numpy(), ASAH["wfns"].to_numpy().astype(float)
Y = (ASAH["outcome"] == "Poor").to_numpy().astype(int)

# A tiny input with ties in both scores.
TG = np.array([0.1, 0.4, 0.35, 0.8, 0.5, 0.2, 0.9, 0.6, 0.3, 0.7, 0.55, 0.45, 0.65, 0.25])
TG2 = np.array([1.0, 2, 2, 4, 3, 1, 5, 3, 2, 4, 2, 1, 5, 3])
TY = np.array([0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0])
TW = np.array([1.0, 2, 0.5, 1, 3, 1, 2, 1, 0.25, 1, 2, 1, 1, 4])


def draw(rng, label, stratified):
    """pROC's draw of one replicate's rows: the cases, then the controls (stratified)."""
    if not stratified:
        return rng.integers(0, len(label), len(label))
    pos, neg = np.flatnonzero(label == 1), np.flatnonzero(label == 0)
    return np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg))))


def smooth_area(rows, guess, fpr_range=None):
    return wr.smooth_auc(guess[rows], TY[rows], fpr_range=fpr_range)


def raw_area(rows, guess, weight=None, **partial):
    roc = wr.WeightedROC(guess[rows], TY[rows], None if weight is None else weight[rows])
    return wr.partial_auc(roc, **partial) if partial else wr.WeightedAUC(roc)


def by_hand(readers, n_boot, seed, paired=True, stratified=True):
    """The replicates' two readings, each reader a function of the rows;
    a replicate without a class or not smoothable is dropped (pROC's NA)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n_boot):
        rows = draw(rng, TY, stratified) if paired else None
        row = []
        for read in readers:
            these = rows if paired else draw(rng, TY, stratified)
            y = TY[these]
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    row.append(read(these) if 0 < y.sum() < len(y) else math.nan)
            except ValueError:
                row.append(math.nan)
        out.append(row)
    values = np.array(out)
    return values[~np.isnan(values).any(axis=1)]


def d_of(values, a1, a2):
    return (a1 - a2) / np.std(values[:, 0] - values[:, 1], ddof=1)


def quiet(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*args, **kwargs)


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("paired", [True, False])
def test_mixed_bootstrap_test_is_the_replicates_by_hand(paired, stratified):
    smoothed = wr.smooth_roc(TG, TY)
    values = by_hand(
        [lambda rows: smooth_area(rows, TG), lambda rows: raw_area(rows, TG2)],
        40, 3, paired, stratified,
    )  # fmt: skip
    a1, a2 = wr.smooth_auc(TG, TY), wr.WeightedAUC(wr.WeightedROC(TG2, TY))
    test = quiet(
        wr.roc_test, smoothed, TG2, label=TY, method="bootstrap", n_boot=40, seed=3,
        paired=paired, stratified=stratified,
    )  # fmt: skip
    # the same replicates; the areas summed in another order: equal to rounding
    assert test.statistic == pytest.approx(d_of(values, a1, a2), rel=1e-12)
    assert test.std_error == pytest.approx(np.std(values[:, 0] - values[:, 1], ddof=1), rel=1e-12)
    assert test.estimate == {"Smoothed AUC of roc1": a1, "AUC of roc2": a2}
    correlated = "correlated " if paired else ""
    assert test.method == f"Bootstrap test for two {correlated}ROC curves"
    assert test.parameter == {"boot.n": 40, "boot.stratified": int(stratified)}


def test_the_raw_curve_first_with_weights_and_partial_areas_per_curve():
    smoothed = wr.smooth_roc(TG2, TY)
    values = by_hand(
        [
            lambda rows: raw_area(rows, TG, TW, tpr_range=(0.5, 1), correct=True),
            lambda rows: smooth_area(rows, TG2, fpr_range=(0, 0.4)),
        ],
        30, 5,
    )  # fmt: skip
    a1 = wr.partial_auc(wr.WeightedROC(TG, TY, TW), tpr_range=(0.5, 1), correct=True)
    a2 = wr.smooth_auc(TG2, TY, fpr_range=(0, 0.4))
    test = quiet(
        wr.roc_test, TG, smoothed, TY, TW, method="bootstrap", n_boot=30, seed=5,
        tpr_range=((0.5, 1), None), fpr_range=(None, (0, 0.4)), correct=(True, False),
    )  # fmt: skip
    # the same replicates; the areas summed in another order: equal to rounding
    assert test.statistic == pytest.approx(d_of(values, a1, a2), rel=1e-12)
    assert list(test.estimate) == [
        "Corrected pAUC (1-0.5 sensitivity) of roc1",
        "Smoothed pAUC (1-0.6 specificity) of roc2",
    ]
    assert list(test.estimate.values()) == pytest.approx([a1, a2], abs=1e-15)


@pytest.mark.parametrize(
    "method, value, given, read",
    [("specificity", 0.7, "specificity", "sensitivity"),
     ("sensitivity", 0.6, "sensitivity", "specificity")],
)  # fmt: skip
def test_fixed_point_tests_read_each_side_as_its_coords(method, value, given, read):
    def smooth_at(rows):
        curve = wr.smooth_roc(TG[rows], TY[rows])
        return float(wr.coords(curve, value, input=given, ret=read).iloc[0, 0])

    def raw_at(rows):
        curve = wr.WeightedROC(TG2[rows], TY[rows])
        return float(wr.coords(curve, value, input=given, ret=read).iloc[0, 0])

    values = by_hand([raw_at, smooth_at], 40, 7)
    everything = np.arange(len(TY))
    compared = raw_at(everything), smooth_at(everything)
    test = quiet(
        wr.roc_test, TG2, wr.smooth_roc(TG, TY), TY, method=method, n_boot=40, seed=7,
        **{method: value},
    )  # fmt: skip
    assert test.statistic == pytest.approx(d_of(values, *compared), rel=1e-12)
    assert test.method == f"{method.title()} test for two correlated ROC curves"
    assert test.estimate == {
        "AUC of roc1": wr.WeightedAUC(wr.WeightedROC(TG2, TY)),
        "Smoothed AUC of roc2": wr.smooth_auc(TG, TY),
    }


def test_mixed_cov_is_the_replicates_by_hand():
    smoothed = wr.smooth_roc(TG, TY)
    values = by_hand(
        [lambda rows: raw_area(rows, TG2, TW), lambda rows: smooth_area(rows, TG)], 50, 9
    )
    cov = quiet(wr.auc_cov, TG2, smoothed, TY, TW, method="bootstrap", n_boot=50, seed=9)
    assert cov == pytest.approx(np.cov(values[:, 0], values[:, 1])[0, 1], rel=1e-10)
    values = by_hand(
        [lambda rows: smooth_area(rows, TG), lambda rows: raw_area(rows, TG2, fpr_range=(0, 0.5))],
        50, 9,
    )  # fmt: skip
    cov = quiet(
        wr.auc_cov, smoothed, TG2, TY, method="bootstrap", n_boot=50, seed=9,
        fpr_range=(None, (0, 0.5)),
    )  # fmt: skip
    assert cov == pytest.approx(np.cov(values[:, 0], values[:, 1])[0, 1], rel=1e-10)


def test_frequency_weights_are_rows_repeated_on_both_sides():
    w = np.random.default_rng(3).integers(1, 4, len(G))
    smoothed = wr.smooth_roc(np.repeat(G, w), np.repeat(Y, w))
    a = quiet(
        wr.roc_test, smoothed, G2, Y, w, weights_are="frequency", method="bootstrap",
        n_boot=30, seed=8,
    )  # fmt: skip
    b = quiet(
        wr.roc_test, smoothed, np.repeat(G2, w), np.repeat(Y, w), method="bootstrap",
        n_boot=30, seed=8,
    )  # fmt: skip
    assert a.statistic == b.statistic and a.estimate == b.estimate
    assert a.method == "Bootstrap test for two correlated ROC curves"
    weighted = wr.smooth_roc(G, Y, w, weights_are="frequency")
    c = quiet(
        wr.roc_test, weighted, G2, Y, w, weights_are="frequency", method="bootstrap",
        n_boot=30, seed=8,
    )  # fmt: skip
    assert c.method == "Bootstrap test for two correlated ROC curves"  # the same rows
    assert c.statistic == pytest.approx(b.statistic, rel=1e-9)
    cov = quiet(wr.auc_cov, G2, weighted, Y, w, weights_are="frequency", method="bootstrap",
                n_boot=30, seed=8)  # fmt: skip
    rows = quiet(wr.auc_cov, np.repeat(G2, w), smoothed, np.repeat(Y, w), method="bootstrap",
                 n_boot=30, seed=8)  # fmt: skip
    assert cov == pytest.approx(rows, rel=1e-9)


def test_direction_and_positive_apply_to_the_raw_side():
    labels = np.where(Y == 1, "Poor", "Good")
    a = quiet(
        wr.roc_test, wr.smooth_roc(G, Y), -G2, labels, positive="Poor", direction=">",
        method="bootstrap", n_boot=20, seed=1,
    )  # fmt: skip
    b = quiet(wr.roc_test, wr.smooth_roc(G, Y), G2, Y, method="bootstrap", n_boot=20, seed=1)
    assert a.statistic == b.statistic and a.estimate == b.estimate


def test_the_raw_sides_second_label_for_unpaired_curves():
    half = slice(0, 80)
    smoothed = wr.smooth_roc(G, Y)
    test = quiet(
        wr.roc_test, smoothed, G2[half], Y, label2=Y[half], method="bootstrap", n_boot=20,
        seed=1,
    )  # fmt: skip
    assert test.method == "Bootstrap test for two ROC curves"
    assert test.estimate["AUC of roc2"] == wr.WeightedAUC(wr.WeightedROC(G2[half], Y[half]))


def test_mixed_pairs_warn_and_fail_as_procs():
    smoothed = wr.smooth_roc(G, Y)
    with pytest.warns(UserWarning, match="Different smoothing parameters"):
        wr.roc_test(smoothed, G2, Y, method="bootstrap", n_boot=10, seed=1)
    with pytest.warns(UserWarning, match="Different smoothing parameters"):
        wr.auc_cov(G2, smoothed, Y, method="bootstrap", n_boot=10, seed=1)
    for method in ("delong", "venkatraman"):
        with pytest.raises(ValueError, match="DeLong's test is not supported"):
            wr.roc_test(smoothed, G2, Y, method=method)
    with pytest.raises(ValueError, match="DeLong method is not supported"):
        wr.auc_cov(smoothed, G2, Y)
    with pytest.raises(TypeError, match="need label="):
        wr.roc_test(smoothed, G2, method="bootstrap")
    with pytest.raises(TypeError, match="need label="):
        wr.auc_cov(G2, smoothed, method="bootstrap")
    shuffled = np.random.default_rng(0).permutation(Y)
    with pytest.raises(ValueError, match="not paired"):
        wr.roc_test(smoothed, G2, shuffled, method="bootstrap", paired=True)
    with pytest.raises(ValueError, match="not paired"):
        wr.auc_cov(smoothed, G2, shuffled, method="bootstrap")
    test = quiet(wr.roc_test, smoothed, G2, shuffled, method="bootstrap", n_boot=10, seed=1)
    assert test.method == "Bootstrap test for two ROC curves"  # paired=None: not paired


def test_the_callers_arrays_stay_theirs():
    g2, y, w = G2.copy(), Y.copy(), np.ones(len(Y))
    quiet(wr.roc_test, wr.smooth_roc(G, Y), g2, y, w, method="bootstrap", n_boot=5, seed=1)
    assert (g2 == G2).all() and (y == Y).all() and (w == 1).all()


def test_median_is_the_replicates_median():
    ci = wr.auc_ci(G, Y, method="bootstrap", n_boot=101, seed=2)
    assert ci.median == np.median(ci.replicates)
    smoothed = wr.auc_ci(wr.smooth_roc(G, Y), method="bootstrap", n_boot=51, seed=2)
    assert smoothed.median == np.median(smoothed.replicates)
    assert math.isnan(wr.auc_ci(G, Y).median)


# --- live: pROC within Monte Carlo error --------------------------------------------------

B = 1000  # replicates of the Monte Carlo comparisons (tolerances scale with B)
SD_TOLERANCE = 4 * math.sqrt(2) / math.sqrt(2 * (B - 1))  # relative, two independent runs


@pytest.fixture(scope="module")
def r(r):
    r.globalenv["g"], r.globalenv["g2"] = r.FloatVector(G), r.FloatVector(G2)
    r.globalenv["l"] = r.IntVector(Y)
    r.r("r1 <- roc(l, g, quiet=TRUE); r2 <- roc(l, g2, quiet=TRUE)")
    return r


def rlist(r, code):
    out = r.r(f"suppressWarnings({{set.seed(1); {code}}})")
    return {name: np.asarray(out.rx2(name), dtype=float) for name in out.names}


@pytest.mark.deep
@pytest.mark.parametrize(
    "method, extra, r_extra",
    [("bootstrap", {}, ""),
     ("specificity", {"specificity": 0.8}, ", specificity=.8"),
     ("sensitivity", {"sensitivity": 0.8}, ", sensitivity=.8")],
)  # fmt: skip
@pytest.mark.parametrize("smooth_first", [True, False])
def test_mixed_roc_test_is_procs(r, method, extra, r_extra, smooth_first):
    """The estimates to 1e-9; the bootstrap sd of D's denominator (and so
    D) to its Monte Carlo error: relative sd 1/sqrt(2 (B - 1)) per run."""
    first, second = (wr.smooth_roc(G, Y), G2) if smooth_first else (G2, wr.smooth_roc(G, Y))
    mine = quiet(wr.roc_test, first, second, Y, method=method, n_boot=B, seed=31, **extra)
    pair = "smooth(r1), r2" if smooth_first else "r2, smooth(r1)"
    theirs = rlist(
        r,
        f't <- roc.test({pair}, method="{method}", boot.n={B}, progress="none"{r_extra}); '
        "list(statistic=t$statistic, estimate=t$estimate)",
    )
    estimate_names = r.r("names(t$estimate)")
    assert list(mine.estimate) == list(estimate_names)
    np.testing.assert_allclose(list(mine.estimate.values()), theirs["estimate"], rtol=0, atol=1e-9)
    assert abs(mine.statistic / theirs["statistic"][0] - 1) < SD_TOLERANCE
    assert mine.method == r.r("t$method")[0]


@pytest.mark.deep
def test_mixed_partial_roc_test_and_cov_are_procs(r):
    """r.s100b.partial2 (tpr_range (0.9, 0.99)) beside smooth(r.wfns), and
    cov(r.wfns.partial1, smooth(r.s100b))."""
    mine = quiet(
        wr.roc_test, G, wr.smooth_roc(G2, Y), Y, method="bootstrap", n_boot=B, seed=32,
        tpr_range=((0.9, 0.99), None),
    )  # fmt: skip
    theirs = rlist(
        r,
        'p2 <- roc(l, g, quiet=TRUE, partial.auc=c(.9, .99), partial.auc.focus="se"); '
        f't <- roc.test(p2, smooth(roc(l, g2, quiet=TRUE)), method="bootstrap", boot.n={B}, '
        'progress="none"); list(statistic=t$statistic, estimate=t$estimate)',
    )
    np.testing.assert_allclose(list(mine.estimate.values()), theirs["estimate"], rtol=0, atol=1e-9)
    assert list(mine.estimate) == list(r.r("names(t$estimate)"))
    assert abs(mine.statistic / theirs["statistic"][0] - 1) < SD_TOLERANCE
    mine = quiet(
        wr.auc_cov, G2, wr.smooth_roc(G, Y), Y, method="bootstrap", n_boot=B, seed=33,
        fpr_range=((0.01, 0.1), None),
    )  # fmt: skip
    theirs = rlist(
        r,
        "p1 <- roc(l, g2, quiet=TRUE, partial.auc=c(.9, .99)); "
        f'list(cov=cov(p1, smooth(r1), method="bootstrap", boot.n={B}, progress="none"))',
    )["cov"][0]
    # a covariance's MC error: sd(XY-type products)/sqrt(B); use the replicates' own
    # correlation-free bound sqrt(var1 var2 (1 + rho^2) / (B - 1)) with |rho| <= 1
    v1 = quiet(wr.auc_var, G2, Y, method="bootstrap", n_boot=B, seed=34, fpr_range=(0.01, 0.1))
    v2 = quiet(wr.auc_var, wr.smooth_roc(G, Y), method="bootstrap", n_boot=B, seed=35)
    assert abs(mine - theirs) < 4 * math.sqrt(2) * math.sqrt(2 * v1 * v2 / (B - 1))


@pytest.mark.deep
def test_mixed_cov_is_procs(r):
    mine = quiet(wr.auc_cov, wr.smooth_roc(G, Y), G2, Y, method="bootstrap", n_boot=B, seed=36)
    theirs = rlist(
        r, f'list(cov=cov(smooth(r1), r2, method="bootstrap", boot.n={B}, progress="none"))'
    )["cov"][0]
    v1 = quiet(wr.auc_var, wr.smooth_roc(G, Y), method="bootstrap", n_boot=B, seed=37)
    v2 = quiet(wr.auc_var, G2, Y, method="bootstrap", n_boot=B, seed=38)
    assert abs(mine - theirs) < 4 * math.sqrt(2) * math.sqrt(2 * v1 * v2 / (B - 1))
    assert abs(mine / theirs - 1) < 0.2  # and it is the same number to a few percent


def test_corrected_partial_names_and_estimates_are_procs(r):
    """pROC names a corrected smoothed area "Corrected smoothed pAUC" (its sub())."""
    mine = quiet(
        wr.roc_test, wr.smooth_roc(G, Y), G2, Y, method="bootstrap", n_boot=10, seed=1,
        fpr_range=(0, 0.2), correct=True,
    )  # fmt: skip
    r.r(
        "p1 <- roc(l, g, quiet=TRUE, partial.auc=c(1, .8), partial.auc.correct=TRUE); "
        "p2 <- roc(l, g2, quiet=TRUE, partial.auc=c(1, .8), partial.auc.correct=TRUE); "
        't <- suppressWarnings(roc.test(smooth(p1), p2, method="bootstrap", boot.n=10))'
    )
    assert list(mine.estimate) == list(r.r("names(t$estimate)"))
    theirs = np.asarray(r.r("as.numeric(t$estimate)"), dtype=float)
    np.testing.assert_allclose(list(mine.estimate.values()), theirs, rtol=0, atol=1e-9)


@pytest.mark.deep
@pytest.mark.parametrize("smoothed", [False, True])
def test_median_is_procs_middle_value(r, smoothed):
    """pROC's ci.auc(method="bootstrap")[2]: the median of B replicates,
    MC sd about 1.2533 sd / sqrt(B) per run."""
    data = (wr.smooth_roc(G, Y),) if smoothed else (G, Y)
    ci = wr.auc_ci(*data, method="bootstrap", n_boot=B, seed=41)
    curve = "smooth(r1)" if smoothed else "r1"
    theirs = rlist(
        r, f'list(ci=as.numeric(ci.auc({curve}, method="bootstrap", boot.n={B}, progress="none")))'
    )["ci"]
    assert ci.median == np.median(ci.replicates)
    assert abs(ci.median - theirs[1]) < 4 * math.sqrt(2) * 1.2533 * ci.std_error / math.sqrt(B)


# --- counts of a smoothed curve: its rates times its data's class totals --------------------


def test_counts_of_a_weighted_smoothed_curve_use_its_weighted_totals():
    curve = wr.smooth_roc(TG, TY, TW)
    table = wr.coords(curve, ret=["tp", "fn", "tn", "fp", "accuracy", "ppv"])
    W1, W0 = TW[TY == 1].sum(), TW[TY == 0].sum()
    tpr, fpr = curve["TPR"].to_numpy(), curve["FPR"].to_numpy()
    np.testing.assert_allclose(table["tp"], tpr * W1, rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(table["fn"], W1 - tpr * W1, rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(table["tn"], (1 - fpr) * W0, rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(table["fp"], W0 - (1 - fpr) * W0, rtol=1e-15, atol=1e-15)
    tp, tn = tpr * W1, (1 - fpr) * W0
    np.testing.assert_allclose(table["accuracy"], (tp + tn) / (W1 + W0), rtol=1e-14)
    with np.errstate(invalid="ignore"):
        # fp = W0 - tn cancels near the end of the curve: rounding of W0
        np.testing.assert_allclose(table["ppv"], tp / (tp + W0 - tn), rtol=1e-12)
    counted = wr.smooth_roc(TG, TY, np.ones(len(TY)))
    unweighted = wr.coords(wr.smooth_roc(TG, TY), ret="all")
    # unit weights: the same totals (the weighted fit agrees to rounding)
    np.testing.assert_allclose(wr.coords(counted, ret="all"), unweighted, rtol=1e-12)


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("method", ["binormal", "density"])
def test_coords_ret_all_of_a_smoothed_curve_is_procs(r, method, direction):
    version = tuple(int(v) for v in r.r("as.character(getRversion())")[0].split(".")[:2])
    options = {"old_coords": version < (4, 4)} if method == "density" else {}
    curve = wr.smooth_roc(G, Y, method=method, direction=direction, **options)
    r.r(f's <- smooth(roc(l, g, direction="{direction}", quiet=TRUE), method="{method}")')
    mine = wr.coords(curve, "all", ret="all")
    assert list(mine.columns) == list(r.r('colnames(coords(s, "all", ret="all"))'))
    theirs = np.asarray(r.r('as.matrix(coords(s, "all", ret="all"))'), dtype=float)
    np.testing.assert_allclose(mine.to_numpy(), theirs, rtol=1e-9, atol=1e-9)
    mine = wr.coords(curve, [0.3, 0.85], input="sensitivity", ret="all")
    theirs = np.asarray(
        r.r('as.matrix(coords(s, c(.3, .85), input="sensitivity", ret="all"))'), dtype=float
    )
    np.testing.assert_allclose(mine.to_numpy(), theirs, rtol=1e-9, atol=1e-9)


# --- the raw side's readings equal the public curve functions' on hard inputs -------------
PARTIALS = [
    None,
    {"fpr_range": (0, 0.3), "tpr_range": None, "correct": False},
    {"fpr_range": None, "tpr_range": (0.6, 1), "correct": True},
]


def _both_classes(label, weight):
    return weight is None or (weight[label].sum() > 0 and weight[~label].sum() > 0)


@settings(max_examples=200, deadline=None)
@given(recipes(max_segment=80), st.integers(0, 2**32), st.sampled_from(PARTIALS))
def test_the_raw_sides_reading_is_the_curves_on_hard_cases(recipe, seed, partial):
    """`Empirical` reads a replicate from group weights: the same areas and
    fixed-point rates as WeightedROC of the drawn rows read by
    WeightedAUC / partial_auc / coords (ties, +-0, +-inf, adjacent doubles,
    huge and tiny weights: tests/hardcases.py)."""
    guess, positive, weight = build(recipe)
    if not _both_classes(positive, weight):
        return
    raw = empirical(guess, positive, weight, "importance", None, "<")
    for rows in (None, draw_rows(np.random.default_rng(seed), positive, True)):
        these = np.arange(len(guess)) if rows is None else rows
        w = None if weight is None else weight[these]
        if not _both_classes(positive[these], w):
            continue
        roc = wr.WeightedROC(guess[these], positive[these], w)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = wr.partial_auc(roc, **partial) if partial else wr.WeightedAUC(roc)
        assert raw.read(rows, partial) == pytest.approx(expected, rel=1e-9, abs=1e-12)
        for reading, given_, ret in ((se_at_sp(0.7), "specificity", "sensitivity"),
                                     (sp_at_se(0.4), "sensitivity", "specificity")):  # fmt: skip
            value = wr.coords(roc, reading.value, input=given_, ret=ret).iloc[0, 0]
            assert raw.read(rows, reading) == pytest.approx(value, rel=1e-9, abs=1e-12)


def test_smoothed_roc_test_names_its_data_as_procs_data_names():
    """pROC's roc.test prints ``data:  smooth(roc1) and smooth(roc2)`` (its
    arguments, deparsed): a smoothed curve is "smooth(rocK)", a raw guess
    its Series name or "rocK"; data_name= still wins."""
    import pandas as pd

    first, second = wr.smooth_roc(G, Y), wr.smooth_roc(G2, Y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # pROC's different-smoothing warning
        both = wr.roc_test(first, second, method="bootstrap", n_boot=10, seed=1)
        named = wr.roc_test(pd.Series(G2, name="wfns"), second, label=Y, method="bootstrap",
                            n_boot=10, seed=1)  # fmt: skip
        unnamed = wr.roc_test(first, G2, label=Y, method="bootstrap", n_boot=10, seed=1)
        given = dataclasses.replace(
            wr.roc_test(first, second, method="bootstrap", n_boot=10, seed=1), data_name="a b"
        )
    assert both.data_name == "smooth(roc1) and smooth(roc2)"
    assert "data:  smooth(roc1) and smooth(roc2)" in str(both)
    assert named.data_name == "wfns and smooth(roc2)"
    assert unnamed.data_name == "smooth(roc1) and roc2"
    assert given.data_name == "a b"
