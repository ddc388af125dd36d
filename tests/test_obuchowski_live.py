"""Obuchowski's variance and covariance and power_roc_test against live pROC
1.18 (through rpy2): var/cov to 1e-9 relative, power.roc.test to 1e-6.

aSAH, ROCR.simple and seeded random inputs with ties, both directions,
partial areas over FPR ranges, every quantity solved for, both
alternatives; integer frequency weights against pROC on the rows
repeated; the printed result against R's print.  Skips with the reason
when R, rpy2 or pROC is missing.
"""

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.datasets import load_asah, load_rocr_simple

R_OBUCHOWSKI = """function(g1, g2, y, lo, hi, direction) {
  roc <- function(g) {
    if (is.na(lo)) return(pROC::roc(y, g, levels = c(0, 1), direction = direction, quiet = TRUE))
    pROC::roc(y, g, levels = c(0, 1), direction = direction, quiet = TRUE,
              partial.auc = c(1 - lo, 1 - hi))
  }
  r1 <- roc(g1); r2 <- roc(g2)
  c(pROC::var(r1, method = "obuchowski"), pROC::var(r2, method = "obuchowski"),
    pROC::cov(r1, r2, method = "obuchowski"))
}"""

R_POWER_NUMERIC = """function(auc, ncases, ncontrols, sig, power, kappa, alternative) {
  args <- list(sig.level = if (is.na(sig)) NULL else sig, alternative = alternative)
  if (!is.na(auc)) args$auc <- auc
  if (!is.na(ncases)) args$ncases <- ncases
  if (!is.na(ncontrols)) args$ncontrols <- ncontrols
  if (!is.na(power)) args$power <- power
  if (!is.na(kappa)) args$kappa <- kappa
  r <- do.call(pROC:::power.roc.test.numeric, args)
  list(c(r$ncases, r$ncontrols, as.numeric(r$auc), r$sig.level, r$power),
       paste(capture.output(print(r)), collapse = "\n"))
}"""

R_POWER_CURVES = """function(g1, g2, y, sig, power, kappa, alternative, method, lo, hi) {
  roc <- function(g) {
    if (is.na(lo)) return(pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE))
    pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE,
              partial.auc = c(1 - lo, 1 - hi))
  }
  r1 <- roc(g1)
  r2 <- if (length(g2)) roc(g2) else NULL
  r <- pROC:::power.roc.test.roc(r1, r2, sig.level = if (is.na(sig)) NULL else sig,
                                 power = if (is.na(power)) NULL else power,
                                 kappa = if (is.na(kappa)) NULL else kappa,
                                 alternative = alternative, method = method)
  aucs <- if (is.null(r2)) as.numeric(r$auc) else c(as.numeric(r$auc1), as.numeric(r$auc2))
  list(c(r$ncases, r$ncontrols, aucs, r$sig.level, r$power),
       paste(capture.output(print(r)), collapse = "\n"))
}"""

NA = float("nan")


def _na(x):
    return NA if x is None else x


def proc_obuchowski(r, g1, g2, y, fpr_range=None, direction="<"):
    vec = r.FloatVector
    lo, hi = fpr_range or (NA, NA)
    out = r.r(R_OBUCHOWSKI)(vec(g1), vec(g2), vec(np.asarray(y, float)), lo, hi, direction)
    return np.asarray(out)


def ours_obuchowski(g1, g2, y, w=None, fpr_range=None, direction="<", **options):
    common = dict(method="obuchowski", fpr_range=fpr_range, direction=direction, **options)
    return np.array(
        [
            wr.auc_var(g1, y, w, **common),
            wr.auc_var(g2, y, w, **common),
            wr.auc_cov(g1, g2, y, w, **common),
        ]
    )


def random_case(seed):
    rng = np.random.default_rng(seed)
    n = [30, 200, 2000][seed % 3]
    digits = [1, 2, 8][seed % 3]
    y = (rng.random(n) < [0.5, 0.3, 0.6][seed % 3]).astype(int)
    y[:4] = [0, 1, 0, 1]
    g1 = np.round(rng.normal(size=n) + 1.2 * y, digits)
    g2 = np.round(0.5 * g1 + rng.normal(size=n) + 0.4 * y, digits)
    return g1, g2, y


def asah_case():
    asah = load_asah()
    y = (asah["outcome"] == "Poor").to_numpy().astype(int)
    return asah["s100b"].to_numpy(), asah["wfns"].to_numpy().astype(float), y


RANGES = [None, (0, 0.2), (0.1, 0.5), (0.3, 1.0)]


@pytest.mark.parametrize("fpr_range", RANGES)
def test_asah_var_cov_match_proc(r, fpr_range):
    g1, g2, y = asah_case()
    expected = proc_obuchowski(r, g1, g2, y, fpr_range)
    np.testing.assert_allclose(ours_obuchowski(g1, g2, y, fpr_range=fpr_range), expected, rtol=1e-9)


def test_asah_covariances_of_proc_tests(r):
    # pROC's tests/testthat/test-cov.R, "cov with obuchowski works".
    asah = load_asah()
    y = asah["outcome"]
    found = [
        wr.auc_cov(asah[a], asah[b], y, method="obuchowski")
        for a, b in (("wfns", "ndka"), ("ndka", "s100b"), ("s100b", "wfns"))
    ]
    np.testing.assert_allclose(found, [-3.917223e-06, 0.0007945308, 0.0008560803], rtol=1.5e-7)


def test_rocr_simple_both_directions_match_proc(r):
    rocr = load_rocr_simple()
    g, y = rocr["predictions"].to_numpy(), rocr["labels"].to_numpy()
    g2 = np.round(g + np.sin(np.arange(len(g))) / 3, 2)
    for direction in ("<", ">"):
        for fpr_range in (None, (0, 0.3)):
            expected = proc_obuchowski(r, g, g2, y, fpr_range, direction)
            found = ours_obuchowski(g, g2, y, fpr_range=fpr_range, direction=direction)
            np.testing.assert_allclose(found, expected, rtol=1e-9)


@pytest.mark.parametrize("seed", range(6))
def test_random_inputs_with_ties_match_proc(r, seed):
    g1, g2, y = random_case(seed)
    fpr_range = RANGES[seed % 4]
    expected = proc_obuchowski(r, g1, g2, y, fpr_range)
    np.testing.assert_allclose(ours_obuchowski(g1, g2, y, fpr_range=fpr_range), expected, rtol=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_frequency_weights_match_proc_on_repeated_rows(r, seed):
    g1, g2, y = random_case(seed)
    w = np.random.default_rng(50 + seed).integers(1, 5, len(y)).astype(float)
    rep = np.repeat(np.arange(len(y)), w.astype(int))
    fpr_range = RANGES[(seed + 1) % 4]
    expected = proc_obuchowski(r, g1[rep], g2[rep], y[rep], fpr_range)
    found = ours_obuchowski(g1, g2, y, w, fpr_range=fpr_range, weights_are="frequency")
    np.testing.assert_allclose(found, expected, rtol=1e-9)


def test_corrected_partial_area_is_the_standardised_areas_variance(r):
    # pROC returns the unstandardised area's variance with partial.auc.correct;
    # McClish's standardisation is linear, so the standardised area's variance
    # is that over (2 (max - min))^2.
    g1, g2, y = asah_case()
    lo, hi = 0.1, 0.4
    plain = proc_obuchowski(r, g1, g2, y, (lo, hi))
    partial = {"fpr_range": (lo, hi), "correct": True}
    found = [
        wr.auc_var(g1, y, method="obuchowski", **partial),
        wr.auc_cov(g1, g2, y, method="obuchowski", **partial),
    ]
    scale = (2 * ((hi - lo) - (hi * hi - lo * lo) / 2)) ** 2
    np.testing.assert_allclose(found, plain[[0, 2]] / scale, rtol=1e-9)


# ---------------------------------------------------------------- power

NUMERIC = [
    dict(auc=0.73, ncases=41, ncontrols=72),
    dict(auc=0.73, ncases=41, ncontrols=72, alternative="one.sided"),
    dict(auc=0.9, ncases=12, kappa=2.5),
    dict(auc=0.6, ncontrols=300, kappa=0.5, sig_level=0.01),
    dict(auc=0.73, ncases=41, ncontrols=72, power=0.95, sig_level=None),
    dict(auc=0.66, ncases=100, ncontrols=20, power=0.8, sig_level=None, alternative="one.sided"),
    dict(ncases=41, ncontrols=72, power=0.95),
    dict(ncases=10, ncontrols=10, power=0.8, alternative="one.sided"),
    dict(ncases=200, ncontrols=100, power=0.9),
    dict(ncases=1000, ncontrols=1000, power=0.99),
    dict(ncases=5, ncontrols=50, power=0.5, sig_level=0.1),
    dict(auc=0.8, power=0.9),
    dict(auc=0.51, power=0.95, kappa=3),
    dict(auc=0.95, power=0.8, kappa=0.25, alternative="one.sided"),
]


@pytest.mark.parametrize("case", NUMERIC)
def test_numeric_power_matches_proc(r, case):
    options = {"sig_level": 0.05, "alternative": "two.sided", **case}
    values, printed = r.r(R_POWER_NUMERIC)(
        *(
            _na(options.get(k))
            for k in ("auc", "ncases", "ncontrols", "sig_level", "power", "kappa")
        ),
        options["alternative"],
    )
    found = wr.power_roc_test(**options)
    np.testing.assert_allclose(
        [found.ncases, found.ncontrols, found.auc, found.sig_level, found.power],
        np.asarray(values),
        rtol=1e-6,
    )
    assert repr(found) == printed[0] + "\n"


CURVES = [
    dict(),
    dict(power=0.9),
    dict(power=0.9, kappa=1),
    dict(power=0.9, sig_level=None),
    dict(alternative="one.sided", sig_level=0.01),
]


def proc_power_curves(r, g1, g2, y, options):
    lo, hi = options.get("fpr_range") or (NA, NA)
    values, printed = r.r(R_POWER_CURVES)(
        r.FloatVector(g1),
        r.FloatVector([] if g2 is None else g2),
        r.FloatVector(np.asarray(y, float)),
        _na(options.get("sig_level", 0.05)),
        _na(options.get("power")),
        _na(options.get("kappa")),
        options.get("alternative", "two.sided"),
        options.get("method", "delong"),
        lo,
        hi,
    )
    return np.asarray(values), printed[0] + "\n"


def ours_power(g1, g2, y, options, w=None, **more):
    roc2 = None if g2 is None else (g2, y, w)
    found = wr.power_roc_test((g1, y, w), roc2, **options, **more)
    aucs = found.auc if isinstance(found.auc, tuple) else (found.auc,)
    return np.array([found.ncases, found.ncontrols, *aucs, found.sig_level, found.power]), found


@pytest.mark.parametrize("case", CURVES)
def test_one_curve_power_matches_proc(r, case):
    g1, _, y = asah_case()
    expected, printed = proc_power_curves(r, g1, None, y, case)
    values, found = ours_power(g1, None, y, case)
    np.testing.assert_allclose(values, expected, rtol=1e-6)
    assert repr(found) == printed


@pytest.mark.parametrize("method", ["delong", "obuchowski"])
@pytest.mark.parametrize("case", CURVES)
def test_two_curves_power_matches_proc(r, case, method):
    g1, g2, y = asah_case()
    options = {**case, "method": method}
    expected, printed = proc_power_curves(r, g1, g2, y, options)
    values, found = ours_power(g1, g2, y, options)
    np.testing.assert_allclose(values, expected, rtol=1e-6)
    assert repr(found) == printed


@pytest.mark.parametrize("fpr_range", [(0, 0.1), (0.05, 0.4)])
def test_two_curves_partial_power_matches_proc(r, fpr_range):
    g1, g2, y = asah_case()
    options = {"power": 0.9, "method": "obuchowski", "fpr_range": fpr_range}
    expected, _ = proc_power_curves(r, g2, g1, y, options)
    np.testing.assert_allclose(ours_power(g2, g1, y, options)[0], expected, rtol=1e-6)


@pytest.mark.parametrize("seed", range(3))
def test_random_two_curves_power_matches_proc(r, seed):
    g1, g2, y = random_case(seed)
    for method in ("delong", "obuchowski"):
        options = {"power": 0.8, "method": method}
        expected, _ = proc_power_curves(r, g1, g2, y, options)
        np.testing.assert_allclose(ours_power(g1, g2, y, options)[0], expected, rtol=1e-6)


@pytest.mark.parametrize("method", ["delong", "obuchowski"])
def test_frequency_weights_power_matches_proc_on_repeated_rows(r, method):
    g1, g2, y = random_case(1)
    w = np.random.default_rng(7).integers(1, 4, len(y)).astype(float)
    rep = np.repeat(np.arange(len(y)), w.astype(int))
    for case in CURVES[:4]:
        options = {**case, "method": method}
        expected, _ = proc_power_curves(r, g1[rep], g2[rep], y[rep], options)
        found, _ = ours_power(g1, g2, y, options, w, weights_are="frequency")
        np.testing.assert_allclose(found, expected, rtol=1e-6)
        one_expected, _ = proc_power_curves(r, g1[rep], None, y[rep], case)
        one_found, _ = ours_power(g1, None, y, case, w, weights_are="frequency")
        np.testing.assert_allclose(one_found, one_expected, rtol=1e-6)


R_POWER_LIST = """function(params, ncases, sig, power, kappa, alternative) {
  args <- list(parslist = as.list(params), sig.level = if (is.na(sig)) NULL else sig,
               alternative = alternative)
  if (!is.na(ncases)) args$ncases <- ncases
  if (!is.na(power)) args$power <- power
  if (!is.na(kappa)) args$kappa <- kappa
  r <- do.call(pROC:::power.roc.test.list, args)
  list(c(r$ncases, r$ncontrols, r$sig.level, r$power),
       paste(capture.output(print(r)), collapse = "\\n"))
}"""


@pytest.mark.parametrize("seed", range(6))
def test_binormal_parameters_match_proc(r, seed):
    rng = np.random.default_rng(seed)
    params = dict(
        A1=rng.uniform(0.5, 2.5),
        B1=rng.uniform(0.5, 1.5),
        A2=rng.uniform(0.5, 2.5),
        B2=rng.uniform(0.5, 1.5),
        rn=rng.uniform(0, 0.9),
        ra=rng.uniform(0, 0.9),
        delta=rng.uniform(0.02, 0.1),
    )
    if seed % 2:
        params.update(FPR11=0.3, FPR12=0.05, FPR21=0.3, FPR22=0.05)
    case = [
        dict(power=0.8),
        dict(power=0.9, kappa=2.5, alternative="one.sided"),
        dict(ncases=80),
        dict(ncases=80, power=0.7, sig_level=None),
        dict(ncases=50, kappa=3, sig_level=0.01),
        dict(ncases=120, power=0.9, sig_level=None, alternative="one.sided"),
    ][seed]
    options = {"sig_level": 0.05, "alternative": "two.sided", **case}
    values, printed = r.r(R_POWER_LIST)(
        r.ListVector(params),
        *(_na(options.get(k)) for k in ("ncases", "sig_level", "power", "kappa")),
        options["alternative"],
    )
    found = wr.power_roc_test(params, **options)
    np.testing.assert_allclose(
        [found.ncases, found.ncontrols, found.sig_level, found.power], np.asarray(values), rtol=1e-6
    )
    assert repr(found) == printed[0] + "\n"


R_POWER_BOOTSTRAP = """function(g1, g2, y, lo, hi, n_boot, seed) {
  roc <- function(g) {
    if (is.na(lo)) return(pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE))
    pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE,
              partial.auc = c(1 - lo, 1 - hi))
  }
  set.seed(seed)
  r <- pROC:::power.roc.test.roc(roc(g1), roc(g2), power = 0.9, method = "bootstrap",
                                 boot.n = n_boot)
  c(r$ncases, r$ncontrols, as.numeric(r$auc1), as.numeric(r$auc2))
}"""


@pytest.mark.parametrize("fpr_range", [None, (0, 0.2)])
def test_bootstrap_power_matches_proc_within_monte_carlo_error(r, fpr_range):
    # pROC's and our replicates differ (R's and numpy's generators): the
    # sample size agrees within Monte Carlo error.  Its standard error is
    # measured on K of our runs of the same size; pROC's one run differs
    # from their mean by sd * sqrt(1 + 1/K) in standard deviation.
    g1, g2, y = asah_case()
    n_boot, runs = 2000, 10
    lo, hi = fpr_range or (NA, NA)
    vec = r.FloatVector
    proc = np.asarray(
        r.r(R_POWER_BOOTSTRAP)(vec(g2), vec(g1), vec(y.astype(float)), lo, hi, n_boot, 1)
    )
    partial = None if fpr_range is None else {"fpr_range": fpr_range}
    ours = [
        wr.power_roc_test(
            (g2, y),
            (g1, y),
            power=0.9,
            method="bootstrap",
            n_boot=n_boot,
            seed=seed,
            **(partial or {}),
        )
        for seed in range(runs)
    ]
    np.testing.assert_allclose(ours[0].auc, proc[2:], rtol=1e-12)
    ncases = np.array([found.ncases for found in ours])
    mean, sd = ncases.mean(), ncases.std(ddof=1)
    # sd is the Monte Carlo error of a bootstrap variance, about
    # sqrt(2 / (n_boot - 1)) = 3% relative: neither 0 nor the whole value.
    assert 0.005 * mean < sd < 0.2 * mean
    assert abs(proc[0] - mean) < 4 * sd * np.sqrt(1 + 1 / runs)
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    assert proc[1] / proc[0] == pytest.approx(n_neg / n_pos, rel=1e-12)
