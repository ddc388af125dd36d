"""power_roc_test and Obuchowski's variance without R.

pROC's tests/testthat/test-power.roc.test.R ported (same inputs and
expected values, at their tolerance 1e-6), Obuchowski et al. (2004)
table 4 (the published sample sizes), independent computations (the
binormal fit through numpy.polyfit on WeightedROC's points and numerical
derivatives of the binormal area), weights, and bad input.
"""

import math
from statistics import NormalDist

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.inference import obuchowski, power

N = NormalDist()


@pytest.fixture(scope="module")
def asah():
    data = wr.load_asah()
    y = data["outcome"]
    return {name: (data[name], y) for name in ("s100b", "ndka", "wfns")}


def close(found, expected, tol=1e-6):
    # testthat's expect_equal(tolerance = 1e-6): relative difference.
    assert found == pytest.approx(expected, rel=tol)


# ------------------------------------------------- pROC's test-power.roc.test.R


def test_basic_function(asah):
    res = wr.power_roc_test(asah["s100b"])
    assert res.auc == wr.auc_score(*asah["s100b"])
    assert (res.ncases, res.ncontrols, res.sig_level) == (41, 72, 0.05)
    close(res.power, 0.9904833)


def test_given_auc():
    res = wr.power_roc_test(ncases=41, ncontrols=72, auc=0.73, sig_level=0.05)
    assert (res.auc, res.ncases, res.ncontrols, res.sig_level) == (0.73, 41, 72, 0.05)
    close(res.power, 0.9897453)
    assert wr.power_roc_test(ncases=41, ncontrols=72, auc=0.73).power == res.power


def test_determine_ncases_and_ncontrols(asah):
    res = wr.power_roc_test(auc=wr.auc_score(*asah["s100b"]), sig_level=0.05, power=0.95, kappa=1.7)
    assert (res.sig_level, res.power) == (0.05, 0.95)
    close(res.ncases, 29.29764)
    close(res.ncontrols, 49.806)


def test_determine_sig_level():
    res = wr.power_roc_test(ncases=41, ncontrols=72, auc=0.73, power=0.95, sig_level=None)
    assert (res.auc, res.ncases, res.ncontrols, res.power) == (0.73, 41, 72, 0.95)
    close(res.sig_level, 0.009238584)


def test_determine_auc():
    res = wr.power_roc_test(ncases=41, ncontrols=72, sig_level=0.05, power=0.95)
    assert (res.ncases, res.ncontrols, res.power, res.sig_level) == (41, 72, 0.95, 0.05)
    close(res.auc, 0.6961054)


@pytest.mark.parametrize(
    "options, expected",
    [
        ({}, dict(power=0.7131594)),
        (dict(method="obuchowski"), dict(power=0.8061004)),
        (dict(power=0.9), dict(ncases=64.77777, ncontrols=113.7561)),
        (dict(power=0.9, method="obuchowski"), dict(ncases=53.23685, ncontrols=93.48911)),
        (dict(power=0.9, sig_level=None), dict(sig_level=0.1836639)),
        (dict(power=0.9, sig_level=None, method="obuchowski"), dict(sig_level=0.1150686)),
    ],
)
def test_two_curves(asah, options, expected):
    res = wr.power_roc_test(asah["ndka"], asah["wfns"], **options)
    assert res.auc == (wr.auc_score(*asah["ndka"]), wr.auc_score(*asah["wfns"]))
    assert res.alternative == "two.sided"
    for name, value in expected.items():
        close(getattr(res, name), value)
    if "ncases" not in expected:
        assert (res.ncases, res.ncontrols) == (41, 72)


def test_two_curves_partial_auc(asah):
    # partial.auc = c(1, 0.9) is fpr_range = (0, 0.1).
    res = wr.power_roc_test(
        asah["wfns"],
        asah["ndka"],
        power=0.9,
        method="obuchowski",
        fpr_range=(0, 0.1),
    )
    close(res.ncases, 0.5061498)
    close(res.ncontrols, 0.8888484)
    roc = wr.WeightedROC(*asah["wfns"])
    assert res.auc[0] == wr.partial_auc(roc, fpr_range=(0, 0.1))


OB_PARAMS = dict(
    A1=2.6, B1=1, A2=1.9, B2=1, rn=0.6, ra=0.6, FPR11=0, FPR12=0.2, FPR21=0, FPR22=0.2, delta=0.037
)


def test_binormal_parameters():
    # "power.roc.test works with binormal parameters" (pROC's list input).
    res1 = wr.power_roc_test(OB_PARAMS, power=0.8, sig_level=0.05)
    close(res1.ncases, 107.0238)
    close(res1.ncontrols, 107.0238)
    assert (res1.power, res1.sig_level, res1.auc) == (0.8, 0.05, None)
    res2 = wr.power_roc_test(OB_PARAMS, power=0.8, sig_level=None, ncases=107)
    assert (res2.ncases, res2.ncontrols, res2.power) == (107, 107, 0.8)
    close(res2.sig_level, 0.05004012)
    res3 = wr.power_roc_test(OB_PARAMS, power=None, sig_level=0.05, ncases=107)
    assert (res3.ncases, res3.ncontrols, res3.sig_level) == (107, 107, 0.05)
    close(res3.power, 0.7999286)
    # R: print(res3), without auc and alternative.
    assert repr(res3) == (
        "\n     Two ROC curves power calculation \n\n"
        "         ncases = 107\n"
        "      ncontrols = 107\n"
        "      sig.level = 0.05\n"
        "          power = 0.7999286\n\n"
    )


def test_bad_binormal_parameters():
    with pytest.raises(ValueError, match="Missing parameter\\(s\\): rn, delta"):
        wr.power_roc_test(dict(A1=1, B1=1, A2=1, B2=1, ra=0.5), power=0.8)
    with pytest.raises(TypeError, match="unknown binormal parameter"):
        wr.power_roc_test({**OB_PARAMS, "FPR13": 0}, power=0.8)
    with pytest.raises(ValueError, match="exactly one of power, sig_level"):
        wr.power_roc_test(OB_PARAMS, power=0.8, ncases=10)
    with pytest.raises(TypeError, match="take no roc2 and no auc"):
        wr.power_roc_test(OB_PARAMS, auc=0.8)


# Obuchowski et al. (2004), table 4: ncontrols and ncases for power 0.9 and a
# one-sided 5% test, at least 10 of each (pROC's test, with its two fixes).
KAPPAS = (0.25, 0.5, 1, 2, 4)
THETAS = (0.6, 0.7, 0.8, 0.9, 0.95)
TABLE_CONTROLS = [
    [84, 20, 10, 10, 10],
    [101, 25, 10, 10, 10],
    [135, 33, 14, 10, 10],
    [203, 50, 21, 20, 20],
    [340, 84, 40, 40, 40],
]
TABLE_CASES = [
    [334, 80, 40, 40, 40],
    [202, 49, 20, 20, 20],
    [135, 33, 14, 10, 10],
    [102, 25, 11, 10, 10],
    [85, 21, 10, 10, 10],
]


@pytest.mark.parametrize("i", range(5))
def test_obuchowski_2004_table_4(i):
    kappa = KAPPAS[i]
    for j, theta in enumerate(THETAS):
        pr = wr.power_roc_test(
            auc=theta, sig_level=0.05, power=0.9, kappa=kappa, alternative="one.sided"
        )
        cases, controls = math.ceil(pr.ncases), math.ceil(pr.ncontrols)
        assert max(10, (10 if cases < 10 else 0) * kappa, controls) == TABLE_CONTROLS[i][j]
        assert max(10, (10 if controls < 10 else 0) / kappa, cases) == TABLE_CASES[i][j]


def test_kappa_with_one_curve(asah):
    res = wr.power_roc_test(asah["s100b"], sig_level=0.05, power=0.9)
    close(res.ncases, 23.5598674, 1.5e-8)
    close(res.ncontrols, 41.3734257, 1.5e-8)
    assert res.ncases / res.ncontrols == pytest.approx(41 / 72, rel=1e-15)
    res = wr.power_roc_test(asah["s100b"], sig_level=0.05, power=0.9, kappa=1)
    close(res.ncases, 29.5697422, 1.5e-8)
    assert res.ncontrols == res.ncases


def test_kappa_with_two_curves(asah):
    res = wr.power_roc_test(asah["s100b"], asah["ndka"], sig_level=0.05, power=0.9)
    close(res.ncases, 213.117677, 1.5e-8)
    close(res.ncontrols, 374.255432, 1.5e-8)
    with_kappa = wr.power_roc_test(asah["s100b"], asah["ndka"], sig_level=0.05, power=0.9, kappa=1)
    assert with_kappa.ncases == res.ncases  # the variances keep the data's kappa
    assert with_kappa.ncontrols == with_kappa.ncases


# ------------------------------------------------- independent computations


def roundtrip(**given):
    """power_roc_test of `given`, then of its solution with each quantity
    in turn left out: every solve must give back the value it solved."""
    full = wr.power_roc_test(**given)
    known = dict(auc=full.auc, ncases=full.ncases, ncontrols=full.ncontrols)
    known.update(sig_level=full.sig_level, power=full.power, alternative=full.alternative)
    return full, known


@pytest.mark.parametrize("alternative", ["two.sided", "one.sided"])
def test_solves_invert_each_other(alternative):
    full, known = roundtrip(auc=0.77, ncases=30, ncontrols=45, alternative=alternative)
    assert wr.power_roc_test(**{**known, "sig_level": None}).sig_level == pytest.approx(
        known["sig_level"], rel=1e-12
    )
    sizes = wr.power_roc_test(**{**known, "ncases": None, "ncontrols": None, "kappa": 1.5})
    assert sizes.ncases == pytest.approx(30, rel=1e-12)
    # The AUC is R's uniroot's root: within its tolerance of the exact one.
    auc = wr.power_roc_test(**{**known, "auc": None}).auc
    assert abs(auc - 0.77) < 2e-4


def test_power_is_the_normal_probability_of_the_formula():
    # Obuchowski 2004 formula 2 with V(theta) of formula 3, written out.
    theta, ncases, ncontrols = 0.7, 50, 80
    kappa = ncontrols / ncases
    a = N.inv_cdf(theta) * 1.414
    v_theta = 0.0099 * math.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)
    v0 = 0.0792 * (1 + 1 / kappa)
    z = (math.sqrt(ncases) * (theta - 0.5) - N.inv_cdf(0.975) * math.sqrt(v0)) / math.sqrt(v_theta)
    found = wr.power_roc_test(auc=theta, ncases=ncases, ncontrols=ncontrols).power
    assert found == pytest.approx(N.cdf(z), rel=1e-13)


def points_fit(guess, label, weight=None):
    """The binormal line through WeightedROC's points, by numpy.polyfit."""
    roc = wr.WeightedROC(guess, label, weight)
    se, sp = roc["TPR"].to_numpy(), 1 - roc["FPR"].to_numpy()
    inside = (se > 0) & (se < 1) & (sp > 0) & (sp < 1)
    slope, intercept = np.polyfit(wr.normal_deviate(se[inside]), wr.normal_deviate(sp[inside]), 1)
    return intercept, slope


def numeric_variance(A, B, ncases, ncontrols):
    """Obuchowski's full-AUC variance with f, g the numerical derivatives of
    the binormal AUC Phi(A / sqrt(1 + B^2)) in A and B."""
    h = 1e-6

    def area(a, b):
        return N.cdf(a / math.sqrt(1 + b * b))

    f = (area(A + h, B) - area(A - h, B)) / (2 * h)
    g = (area(A, B + h) - area(A, B - h)) / (2 * h)
    kappa = ncontrols / ncases
    return (
        f * f * (1 + B * B / kappa + A * A / 2) + g * g * B * B * (1 + kappa) / (2 * kappa)
    ) / ncases


def weighted_case(seed, n=300):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    guess = np.round(rng.normal(size=n) + y, 1)
    weight = rng.lognormal(sigma=0.7, size=n)
    return guess, y, weight


@pytest.mark.parametrize("seed", range(3))
def test_importance_weights_use_kish_sizes(seed):
    guess, y, w = weighted_case(seed)
    A, B = points_fit(guess, y, w)
    kish = [w[c].sum() ** 2 / (w[c] ** 2).sum() for c in (y, ~y)]
    expected = numeric_variance(A, B, *kish)
    found = wr.auc_var(guess, y, w, method="obuchowski")
    assert found == pytest.approx(expected, rel=1e-7)  # the derivatives' error
    # Unchanged when every weight is multiplied by a constant.
    assert wr.auc_var(guess, y, w * 1e3, method="obuchowski") == pytest.approx(found, rel=1e-12)


def test_unit_and_equal_weights_are_no_weights():
    guess, y, _ = weighted_case(4)
    g2 = guess + np.random.default_rng(0).normal(size=len(y))
    plain = wr.auc_cov(guess, g2, y, method="obuchowski")
    for w in (np.ones(len(y)), np.full(len(y), 2.5)):
        assert wr.auc_cov(guess, g2, y, w, method="obuchowski") == plain
    assert (
        wr.auc_cov(guess, g2, y, np.ones(len(y)), method="obuchowski", weights_are="frequency")
        == plain
    )


def test_frequency_weights_are_repeated_rows():
    guess, y, w = weighted_case(5, 200)
    w = np.ceil(w * 2)
    rep = np.repeat(np.arange(len(y)), w.astype(int))
    g2 = np.round(guess + np.cos(np.arange(len(y))), 1)
    for partial in (None, {"fpr_range": (0.1, 0.3)}):
        options = dict(method="obuchowski", **(partial or {}))
        weighted = wr.auc_cov(guess, g2, y, w, weights_are="frequency", **options)
        repeated = wr.auc_cov(guess[rep], g2[rep], y[rep], **options)
        assert weighted == pytest.approx(repeated, rel=1e-12)
    found = wr.power_roc_test((guess, y, w), (g2, y, w), power=0.8, weights_are="frequency")
    expected = wr.power_roc_test((guess[rep], y[rep]), (g2[rep], y[rep]), power=0.8)
    assert found.ncases == pytest.approx(expected.ncases, rel=1e-12)


def test_variance_is_the_binormal_formula_on_asah(asah):
    guess, y = asah["s100b"]
    A, B = points_fit(guess, y)
    expected = numeric_variance(A, B, 41, 72)
    assert wr.auc_var(guess, y, method="obuchowski") == pytest.approx(expected, rel=1e-7)


def test_partial_derivatives_are_those_of_the_binormal_partial_area():
    # pROC flips the sign of g.partial's exponential term against the paper:
    # the derivative of the area integral(Phi(A + B qnorm(x)), x in range)
    # agrees with pROC's sign.
    A, B, lo, hi = 1.2, 0.8, 0.05, 0.3
    x = np.linspace(lo, hi, 20001)
    z = wr.normal_deviate(x)

    def area(a, b):
        y = np.array([N.cdf(a + b * v) for v in z])
        return float(np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2))

    h = 1e-5
    f = (area(A + h, B) - area(A - h, B)) / (2 * h)
    g = (area(A, B + h) - area(A, B - h)) / (2 * h)
    assert obuchowski.derivatives(A, B, (lo, hi)) == pytest.approx((f, g), rel=1e-6)


# ------------------------------------------------- printing and uniroot


def test_prints_as_r(asah):
    # R: print(power.roc.test(r.ndka, r.wfns, power = 0.9)), and of the AUC alone.
    assert repr(wr.power_roc_test(asah["ndka"], asah["wfns"], power=0.9)) == (
        "\n     Two ROC curves power calculation \n\n"
        "         ncases = 64.77777\n"
        "      ncontrols = 113.7561\n"
        "           auc1 = 0.611958\n"
        "           auc2 = 0.8236789\n"
        "      sig.level = 0.05\n"
        "          power = 0.9\n"
        "    alternative = two.sided\n\n"
    )
    assert repr(wr.power_roc_test(auc=0.51, power=0.95)) == (
        "\n     One ROC curve power calculation \n\n"
        "         ncases = 20582.14\n"
        "      ncontrols = 20582.14\n"
        "            auc = 0.51\n"
        "      sig.level = 0.05\n"
        "          power = 0.95\n\n"
    )


@pytest.mark.parametrize(
    "value, text",
    [
        (41, "41"),
        (0.009238584, "0.009238584"),
        (0.6119579945799458, "0.611958"),
        (123456789.0, "123456789"),
        (1.5e-10, "1.5e-10"),
        (0.0001234, "0.0001234"),
        (1.23456789e15, "1.234568e+15"),
        (-2.5, "-2.5"),
        (0.0, "0"),
        (math.inf, "Inf"),
        ("two.sided", "two.sided"),
    ],
)
def test_numbers_format_as_r(value, text):
    # R: format(x, digits = 7) of each value.
    assert power.r_format(value) == text


@pytest.mark.parametrize(
    "f, lower, upper, root",
    [
        # R: uniroot(function(x) x^2 - 2, c(0, 2))$root, and of cos(x) - x.
        (lambda x: x * x - 2, 0, 2, 1.4142133199955025),
        (lambda x: math.cos(x) - x, 0, 1, 0.7390910582853698),
    ],
)
def test_uniroot_is_rs(f, lower, upper, root):
    assert power.uniroot(f, lower, upper) == pytest.approx(root, rel=1e-15)


# ------------------------------------------------- bad input


@pytest.mark.parametrize(
    "options, error, message",
    [
        (dict(auc=0.8, ncases=10, ncontrols=10, power=0.9), ValueError, "exactly one of power"),
        (dict(auc=0.8), ValueError, "ncontrols and ncases"),
        (dict(ncases=10, ncontrols=10), ValueError, "power or auc must be given"),
        (dict(power=1.5, auc=0.8), ValueError, "power must range from 0 to 1"),
        (dict(sig_level=-0.1, auc=0.8, ncases=5), ValueError, "sig_level must range from 0 to 1"),
        (dict(auc=1.2, ncases=5), ValueError, "auc must range from 0 to 1"),
        (dict(auc=0.8, ncases=-5), ValueError, "ncases must be positive"),
        (dict(auc=0.8, ncases=5, kappa=0), ValueError, "kappa must be positive"),
        (dict(auc=0.8, ncases="5"), TypeError, "ncases must be a number"),
        (dict(auc=0.8, ncases=5, alternative="less"), ValueError, "alternative must be one of"),
        (dict(ncases=3, ncontrols=3, power=0.9, sig_level=0.001), ValueError, "AUC could not"),
    ],
)
def test_bad_numeric_input(options, error, message):
    with pytest.raises(error, match=message):
        wr.power_roc_test(**options)


def test_bad_curve_input(asah):
    s100b, ndka = asah["s100b"], asah["ndka"]
    with pytest.raises(TypeError, match="roc1 must be a tuple"):
        wr.power_roc_test(wr.WeightedROC(*s100b))
    with pytest.raises(TypeError, match="auc come"):
        wr.power_roc_test(s100b, auc=0.7)
    with pytest.raises(TypeError, match="give the first curve as roc1"):
        wr.power_roc_test(roc2=s100b)
    with pytest.raises(ValueError, match="cannot be applied to unpaired"):
        wr.power_roc_test(s100b, (ndka[0][:50], ndka[1][:50]))
    with pytest.raises(ValueError, match="Cannot compute power with corrected partial"):
        wr.power_roc_test(s100b, ndka, method="obuchowski", fpr_range=(0, 0.2), correct=True)
    with pytest.raises(ValueError, match="DeLong method is not supported for partial AUC"):
        wr.power_roc_test(s100b, ndka, fpr_range=(0, 0.2))
    with pytest.raises(ValueError, match="needs two curves"):
        wr.power_roc_test(s100b, fpr_range=(0, 0.2))
    with pytest.raises(ValueError, match="sig_level or power must be given"):
        wr.power_roc_test(s100b, ndka, sig_level=None)


def test_bad_variance_input(asah):
    guess, y = asah["s100b"]
    with pytest.raises(ValueError, match="DeLong method is not supported for partial AUC"):
        wr.auc_var(guess, y, fpr_range=(0, 0.2))
    with pytest.raises(ValueError, match="not supported for partial AUC on sensitivity"):
        wr.auc_var(guess, y, method="obuchowski", tpr_range=(0.8, 1))
    with pytest.raises(ValueError, match="method must be one of"):
        wr.auc_cov(guess, guess, y, method="obuchovski")
    with pytest.raises(ValueError, match="not smoothable"):  # a perfect curve
        wr.auc_var([1, 2, 3, 4], [0, 0, 1, 1], method="obuchowski")
    with pytest.raises(ValueError, match="correlation of the two scores is undefined"):
        wr.auc_cov(guess, np.ones(len(y)), y, method="obuchowski")


def test_degenerate_cases_give_rs_inf_and_nan(asah):
    # R: power.roc.test(r, r)$power is NaN (no variance, no difference);
    # power.roc.test(auc = 0.5, power = 0.9)$ncases is Inf, and with 10
    # cases the power is the one-sided level, 0.025.
    assert math.isnan(wr.power_roc_test(asah["s100b"], asah["s100b"]).power)
    assert wr.power_roc_test(auc=0.5, power=0.9).ncases == math.inf
    assert wr.power_roc_test(auc=0.5, ncases=10).power == pytest.approx(0.025, rel=1e-12)


@pytest.mark.parametrize(
    "ncases, ncontrols, sig_level, power, auc",
    [
        # R: uniroot(pROC:::power.roc.test.optimize.auc.function, c(0.5, 1 - 1e-16),
        # ncontrols=, ncases=, zalpha = qnorm(1 - sig.level), zbeta = qnorm(power))$root,
        # printed with sprintf("%.17g").
        (41, 72, 0.05, 0.95, 0.679300445487664),
        (41, 72, 0.025, 0.95, 0.6961054392217253),
        (10, 10, 0.025, 0.8, 0.83324269135672735),
        (200, 100, 0.025, 0.9, 0.6109660920945853),
        (5, 50, 0.05, 0.5, 0.71712256627363757),
        (1000, 1000, 0.025, 0.99, 0.55384854638612457),
    ],
)
def test_solved_auc_is_procs_to_the_last_bits(ncases, ncontrols, sig_level, power, auc):
    found = wr.power_roc_test(
        ncases=ncases,
        ncontrols=ncontrols,
        sig_level=sig_level,
        power=power,
        alternative="one.sided",
    )
    assert found.auc == pytest.approx(auc, rel=4e-16, abs=0)


# ------------------------------------------------------- method="bootstrap"


def boot_ncases(guess1, guess2, label, power_, sig_level, **boot):
    """Obuchowski and McClish's ncases (two-sided level) from auc_var and
    auc_cov's bootstrap values computed here, with the same seed for all
    three (the same replicates, as pROC's covvar)."""
    n = int(np.sum(np.asarray(label) == 1))
    var1, var2 = (wr.auc_var(g, label, method="bootstrap", **boot) for g in (guess1, guess2))
    cov = wr.auc_cov(guess1, guess2, label, method="bootstrap", **boot)
    partial = {k: boot[k] for k in ("fpr_range", "tpr_range") if k in boot} or None
    areas = [
        wr.auc_score(g, label)
        if partial is None
        else wr.partial_auc(wr.WeightedROC(g, label), **partial)
        for g in (guess1, guess2)
    ]
    v0, va = n * (2 * var1 - 2 * cov), n * (var1 + var2 - 2 * cov)
    z_alpha, z_beta = N.inv_cdf(1 - sig_level / 2), N.inv_cdf(power_)
    return (z_alpha * math.sqrt(v0) + z_beta * math.sqrt(va)) ** 2 / (areas[0] - areas[1]) ** 2


@pytest.mark.parametrize(
    "options",
    [
        dict(n_boot=300, seed=4),
        dict(n_boot=250, seed=11, stratified=False),
        dict(n_boot=300, seed=4, fpr_range=(0, 0.2)),
        dict(n_boot=300, seed=5, tpr_range=(0.8, 1)),
    ],
)
def test_bootstrap_power_is_the_formula_on_auc_var_and_cov(asah, options):
    (g1, y), (g2, _) = asah["ndka"], asah["wfns"]
    label = (np.asarray(y) == "Poor").astype(int)
    found = wr.power_roc_test((g1, label), (g2, label), power=0.9, method="bootstrap", **options)
    expected = boot_ncases(g1, g2, label, 0.9, 0.05, **options)
    assert found.ncases == pytest.approx(expected, rel=1e-12)
    n_pos, n_neg = int(label.sum()), int((1 - label).sum())
    assert found.ncontrols == pytest.approx(expected * n_neg / n_pos, rel=1e-12)


def test_bootstrap_power_is_reproducible_with_a_seed(asah):
    curves = (asah["s100b"], asah["wfns"])
    run = lambda seed: wr.power_roc_test(  # noqa: E731
        *curves, power=0.8, method="bootstrap", n_boot=200, seed=seed
    )
    assert run(3) == run(3)
    assert run(3).ncases != run(4).ncases
    generated = [
        wr.power_roc_test(
            *curves, method="bootstrap", n_boot=200, seed=np.random.default_rng(9)
        ).power
        for _ in range(2)
    ]
    assert generated[0] == generated[1]
    # The level solved back from the power of the same bootstrap.
    at_curves = wr.power_roc_test(*curves, method="bootstrap", n_boot=200, seed=3)
    solved = wr.power_roc_test(
        *curves, sig_level=None, power=at_curves.power, method="bootstrap", n_boot=200, seed=3
    )
    assert solved.sig_level == pytest.approx(0.05, rel=1e-9)


def test_bootstrap_method_is_unused_by_one_curve_as_in_proc(asah):
    one = wr.power_roc_test(asah["s100b"], power=0.9, method="bootstrap", n_boot=10, seed=1)
    assert one == wr.power_roc_test(asah["s100b"], power=0.9)


@pytest.mark.parametrize(
    "options, error, words",
    [
        (dict(method="delong", n_boot=100), TypeError, 'options of method="bootstrap"'),
        (dict(method="obuchowski", seed=1), TypeError, "seed with method='obuchowski'"),
        (dict(stratified=False), TypeError, "stratified with method='delong'"),
        (dict(method="bootstrap", n_boot=0), ValueError, "n_boot must be at least 1"),
        (dict(method="bootstrap", n_boot=2.5), TypeError, "n_boot must be an integer"),
        (dict(method="bootstrap", stratified="yes"), TypeError, "stratified must be True"),
        (
            dict(method="bootstrap", fpr_range=(0, 0.2), correct=True),
            ValueError,
            "corrected partial AUCs",
        ),
        (
            dict(method="obuchowski", tpr_range=(0.8, 1)),
            ValueError,
            "sensitivity region",
        ),
        (dict(method="boot"), ValueError, "method"),
    ],
)
def test_bootstrap_bad_input(asah, options, error, words):
    with pytest.raises(error, match=words):
        wr.power_roc_test(asah["ndka"], asah["wfns"], power=0.9, **options)
