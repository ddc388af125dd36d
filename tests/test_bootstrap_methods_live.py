"""The bootstrap methods of issue 22 against pROC 1.18 live through rpy2:
var and cov with method = "bootstrap" (whole and partial areas, stratified
or not), roc.test with method = "sensitivity" / "specificity" (paired and
unpaired), and ci.coords (numbers and "best").

pROC draws with R's generator, so no seed gives the package the same
replicates: each comparison bounds the difference by the two estimates'
Monte Carlo standard errors (stated at each test), never by a fudge.
Each test skips, with the reason, when R, rpy2 or pROC is missing.
"""

import warnings

import numpy as np
import pytest
from rlive import vec

import weightedroc as wr
from weightedroc.inference.bootstrap import bootstrap_interval

R_BOOT = 2000  # pROC's replicates (its default)
R_TEST_BOOT = 1000  # for pROC's slower two-curve bootstraps (cov, roc.test)
OURS = 20_000  # the package's: its Monte Carlo error is the smaller part


def proc(ro, body, y, g1, g2=None, y2=None, seed=1):
    """Evaluate `body` in R with r1 = roc(y, g1) and r2 = roc(y2, g2)."""
    code = f"""function(y, g1, g2, y2) {{ set.seed({seed})
        r1 <- roc(y, g1, levels = c(0, 1), direction = "<", quiet = TRUE)
        r2 <- roc(y2, g2, levels = c(0, 1), direction = "<", quiet = TRUE)
        {body} }}"""
    g2 = g1 if g2 is None else g2
    y2 = y if y2 is None else y2
    return np.asarray(ro.r(code)(vec(ro, y), vec(ro, g1), vec(ro, g2), vec(ro, y2)), dtype=float)


def var_se(values):
    """Monte Carlo standard error of a sample variance of these replicates'
    distribution, per replicate: sqrt(m4 - var^2) (times 1 / sqrt(B))."""
    centred = values - values.mean()
    return np.sqrt(np.mean(centred**4) - np.mean(centred**2) ** 2)


PARTIALS = [
    ("", {}),
    ("partial.auc = c(1, .8)", dict(fpr_range=(0, 0.2))),
    ('partial.auc = c(1, .8), partial.auc.focus = "se"', dict(tpr_range=(0.8, 1))),
    ("partial.auc = c(1, .8), partial.auc.correct = TRUE", dict(fpr_range=(0, 0.2), correct=True)),
]


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("r_partial, partial", PARTIALS)
def test_bootstrap_var_is_procs_within_monte_carlo_error(
    r, asah_poor, r_partial, partial, stratified
):
    frame, y = asah_poor
    auc = f"auc(r1, {r_partial})" if r_partial else "auc(r1)"
    (theirs,) = proc(
        r,
        f'var({auc}, method = "bootstrap", boot.n = {R_BOOT}, '
        f'boot.stratified = {str(stratified).upper()}, progress = "none")',
        y,
        frame["s100b"],
    )
    kwargs = dict(n_boot=OURS, seed=3, stratified=stratified)
    ours = wr.auc_var(frame["s100b"], y, method="bootstrap", **kwargs, **(partial or {}))
    keywords = dict(partial or {})
    spread = var_se(bootstrap_interval(frame["s100b"], y, **kwargs, **keywords).replicates)
    # pROC's variance of 2000 replicates against ours of 20000: 4 standard errors
    assert abs(ours - theirs) < 4 * spread * np.sqrt(1 / R_BOOT + 1 / OURS)


@pytest.mark.parametrize("stratified", [True, False])
def test_bootstrap_cov_is_procs_within_monte_carlo_error(r, asah_poor, stratified):
    frame, y = asah_poor
    (theirs,) = proc(
        r,
        f'cov(r1, r2, method = "bootstrap", boot.n = {R_TEST_BOOT}, '
        f'boot.stratified = {str(stratified).upper()}, progress = "none")',
        y,
        frame["s100b"],
        frame["ndka"],
    )
    kwargs = dict(method="bootstrap", n_boot=OURS, seed=4, stratified=stratified)
    ours = wr.auc_cov(frame["s100b"], frame["ndka"], y, **kwargs)
    v1, v2 = (wr.auc_var(frame[g], y, **kwargs) for g in ("s100b", "ndka"))
    # A covariance estimate's standard error is at most sqrt(v1 v2 (1 + rho^2) / B)
    # for near-normal replicates: 4 of them, rho^2 <= 1
    assert abs(ours - theirs) < 4 * np.sqrt(2 * v1 * v2 * (1 / R_TEST_BOOT + 1 / OURS))


def test_frequency_weights_are_procs_var_on_the_repeated_rows(r, asah_poor):
    frame, y = asah_poor
    weight = np.arange(len(y)) % 3 + 1
    rows = np.repeat(np.arange(len(y)), weight)
    (theirs,) = proc(
        r,
        f'var(r1, method = "bootstrap", boot.n = {R_BOOT}, progress = "none")',
        y[rows],
        frame["s100b"].to_numpy()[rows],
    )
    kwargs = dict(n_boot=OURS, seed=5, weights_are="frequency")
    ours = wr.auc_var(frame["s100b"], y, weight, method="bootstrap", **kwargs)
    spread = var_se(bootstrap_interval(frame["s100b"], y, weight, **kwargs).replicates)
    assert abs(ours - theirs) < 4 * spread * np.sqrt(1 / R_BOOT + 1 / OURS)


@pytest.mark.parametrize(
    "method, value", [("sensitivity", 0.6), ("specificity", 0.9), ("specificity", 0.75)]
)
@pytest.mark.parametrize("paired", [True, False])
def test_fixed_point_roc_test_is_procs_within_monte_carlo_error(
    r, asah_poor, method, value, paired
):
    frame, y = asah_poor
    other = "wfns"
    if paired:
        y2, g2 = y, frame[other].to_numpy()
    else:  # another sample: the curves' observations differ
        rows = np.arange(len(y)) % 2 == 0
        y2, g2 = y[rows], frame[other].to_numpy()[rows]
    d, boot_n, stratified = proc(
        r,
        f'suppressWarnings(t <- roc.test(r1, r2, method = "{method}", {method} = {value}, '
        f'paired = {str(paired).upper()}, boot.n = {R_TEST_BOOT}, progress = "none"))\n'
        "c(t$statistic, t$parameter)",
        y,
        frame["s100b"],
        g2,
        y2,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ours = wr.roc_test(
            frame["s100b"],
            (g2, None if paired else y2),
            y,
            method=method,
            paired=paired,
            n_boot=OURS,
            seed=6,
            at=value,
        )
    assert (ours.parameter["boot.n"], ours.parameter["boot.stratified"]) == (OURS, stratified)
    assert boot_n == R_TEST_BOOT
    # D = difference / sd: the difference is the data's (exact), the sd's
    # relative Monte Carlo error about sqrt((kurtosis - 1) / 4B); kurtosis
    # of these discrete differences stays below 6 here: 4 standard errors.
    assert ours.statistic == pytest.approx(d, rel=4 * np.sqrt(5 / 4 * (1 / R_TEST_BOOT + 1 / OURS)))


def _bracket(quantile, p, r_boot, n_boot):
    """Our quantiles at p -+ 4 Monte Carlo standard errors of a p-quantile
    (the order statistic's binomial spread, in both samples)."""
    delta = 4 * np.sqrt(p * (1 - p) * (1 / r_boot + 1 / n_boot))
    return quantile(max(p - delta, 1e-4)), quantile(min(p + delta, 1 - 1e-4))


@pytest.mark.parametrize(
    "r_args, kwargs",
    [
        (
            'x = c(0.1, 0.25), input = "threshold", ret = c("specificity", "sensitivity", "ppv")',
            dict(x=[0.1, 0.25], input="threshold", ret=["specificity", "sensitivity", "ppv"]),
        ),
        (
            'x = 0.8, input = "specificity", ret = c("sensitivity", "npv")',
            dict(x=[0.8], input="specificity", ret=["sensitivity", "npv"]),
        ),
        (
            'x = "best", ret = c("specificity", "sensitivity"), best.policy = "random"',
            dict(x="best", ret=["specificity", "sensitivity"], best_policy="random"),
        ),
        (
            'x = "best", best.method = "closest.topleft", ret = c("specificity", "sensitivity"), '
            'best.policy = "random", boot.stratified = FALSE',
            dict(
                x="best",
                best_method="closest.topleft",
                ret=["specificity", "sensitivity"],
                best_policy="random",
                stratified=False,
            ),
        ),
    ],
)
def test_ci_coords_is_procs_within_monte_carlo_error(r, asah_poor, r_args, kwargs):
    frame, y = asah_poor
    n_points, n_boot = len(kwargs["ret"]) * (1 if kwargs["x"] == "best" else len(kwargs["x"])), 4000
    theirs = proc(
        r,
        f'ci <- ci.coords(r1, {r_args}, boot.n = {R_BOOT}, progress = "none")\n'
        "unlist(lapply(seq_along(ci), function(k) t(ci[[k]])))",
        y,
        frame["s100b"],
    )
    # pROC: per measure, per point (low, median, high); ours: per point, per measure
    theirs = theirs.reshape(len(kwargs["ret"]), -1, 3).transpose(1, 0, 2).reshape(n_points, 3)

    def quantile(q):  # our q-quantiles, from an interval of the right level
        level, column = (1 - 2 * q, "conf_low") if q < 0.5 else (2 * q - 1, "conf_high")
        table = wr.ci_coords(frame["s100b"], y, conf_level=level, n_boot=n_boot, seed=8, **kwargs)
        return table[column].to_numpy()

    for k, p in enumerate((0.025, 0.5, 0.975)):
        low, high = _bracket(quantile, p, R_BOOT, n_boot)
        inside = (low - 1e-12 <= theirs[:, k]) & (theirs[:, k] <= high + 1e-12)
        assert inside.all(), (p, low, theirs[:, k], high)


def test_ci_coords_with_no_value_in_any_replicate_is_procs_na_and_warning(r):
    y, g = np.array([0, 1, 0, 1, 0, 1]), np.arange(1.0, 7.0)
    code = """function(y, g) { set.seed(1)
        r1 <- roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE)
        said <- character(0)
        ci <- withCallingHandlers(
            ci.coords(r1, x = 100, input = "threshold", ret = "ppv", boot.n = 5,
                      progress = "none"),
            warning = function(w) { said <<- c(said, conditionMessage(w))
                                    invokeRestart("muffleWarning") })
        list(as.numeric(ci$ppv), said) }"""
    values, said = r.r(code)(vec(r, y), vec(r, g))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ours = wr.ci_coords(g, y, x=[100], ret=["ppv"], n_boot=5, seed=1)
    assert np.isnan(np.asarray(values, dtype=float)).all()
    assert ours[["conf_low", "median", "conf_high"]].isna().all().all()
    assert [str(w.message) for w in caught] == list(said)
