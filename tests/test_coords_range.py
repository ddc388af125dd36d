"""coords(..., fpr_range= | tpr_range=) against live pROC's coords of a curve
with a partial AUC: the rows, their sensitivities and specificities to 1e-12,
thresholds mapped to pROC's half-way thresholds.

pROC 1.19 (its commit "Interpolate when partial AUC bounds are not hit",
2024) adds to ``x = "all"`` the points interpolated at the range's ends, as
this does and as pROC's test-coords.R expects (translated in
test_proc_testthat.py); with an older pROC at hand (1.18 here) the live
check leaves those two interpolated rows out.
"""

import warnings

import numpy as np
import pytest

import weightedroc as wr

R_PROC_VERSION = "as.character(packageVersion('pROC'))"
R_COORDS = """function(g, y, x, lo, hi, focus) {
  r <- pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE,
                 partial.auc = c(hi, lo), partial.auc.focus = focus)
  m <- suppressWarnings(pROC::coords(r, x, ret = c("threshold", "sensitivity", "specificity")))
  if (is.null(m)) numeric(0) else as.vector(t(as.matrix(m)))
}"""


def data(seed, size=90):
    rng = np.random.default_rng(seed)
    y = (rng.random(size) < 0.4).astype(int)
    return np.round(rng.normal(size=size) + y, 1), y


def proc_thresholds(thresholds, g):
    distinct = np.unique(g)
    out = []
    for t in thresholds:
        below = distinct[distinct < t]
        out.append(np.nan if np.isnan(t) else -np.inf if len(below) == 0 else (below[-1] + t) / 2)
    return np.array(out)


@pytest.mark.parametrize("x", ["all", "best", "local maximas"])
@pytest.mark.parametrize(
    "name, limits",
    [
        ("fpr_range", (0.05, 0.3)),
        ("tpr_range", (0.6, 0.95)),
        ("fpr_range", (0, 0.2)),
        ("tpr_range", (0.8, 1)),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_coords_in_a_range_are_procs(r, x, name, limits, seed):
    g, y = data(seed)
    lo, hi = limits
    if name == "fpr_range":
        focus, rlo, rhi = "specificity", 1 - hi, 1 - lo
    else:
        focus, rlo, rhi = "sensitivity", lo, hi
    expected = np.asarray(
        r.r(R_COORDS)(r.FloatVector(g), r.FloatVector(y), x, rlo, rhi, focus)
    ).reshape(-1, 3)
    table = wr.coords((g, y), x, ret=["threshold", "sensitivity", "specificity"], **{name: limits})
    table = table[["threshold", "sensitivity", "specificity"]]  # "best" adds its criterion
    version = tuple(int(v) for v in r.r(R_PROC_VERSION)[0].split(".")[:2])
    if x == "all" and version < (1, 19):
        ends = table["threshold"].isna() & np.isin(np.arange(len(table)), [0, len(table) - 1])
        table = table[~ends.to_numpy()]
    assert table.shape == expected.shape
    np.testing.assert_allclose(table[["sensitivity", "specificity"]], expected[:, 1:], atol=1e-12)
    np.testing.assert_allclose(proc_thresholds(table["threshold"], g), expected[:, 0], atol=1e-12)


def test_a_range_with_no_point_warns_and_gives_no_rows():
    g, y = np.array([0.1, 0.2, 0.3, 0.4]), np.array([0, 0, 1, 1])
    with pytest.warns(UserWarning, match="No coordinates found") as caught:
        table = wr.coords((g, y), "best", fpr_range=(0.1, 0.2))
    assert caught[0].filename == __file__
    assert table.empty and list(table.columns) == ["threshold", "specificity", "sensitivity"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = wr.coords((g, y), "all", ret=["sensitivity", "specificity"], fpr_range=(0.1, 0.2))
    assert table.to_numpy().tolist() == [[1.0, 0.8], [1.0, 0.9]]  # the two interpolated ends


@pytest.mark.parametrize(
    "options, error, words",
    [
        (dict(x=[0.5], fpr_range=(0, 0.2)), ValueError, "numeric x gives the points asked for"),
        (dict(x="all", fpr_range=(0, 0.2), tpr_range=(0, 1)), ValueError, "not both"),
        (dict(x="all", tpr_range=(0.5, 0.2)), ValueError, "tpr_range"),
    ],
)
def test_bad_ranges_say_what_is_expected(options, error, words):
    with pytest.raises(error, match=words):
        wr.coords(([0.1, 0.2, 0.3, 0.4], [0, 0, 1, 1]), **options)
