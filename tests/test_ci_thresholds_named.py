"""ci_thresholds(thresholds="best" | "local_maxima" | "all"): the data's
thresholds from coords, then the numeric path; the estimates equal live
pROC's coords at its own thresholds (sensitivity and specificity to 1e-12)."""

import numpy as np
import pytest

import weightedroc as wr

R_NAMED = """function(g, y, w, x, method) {
  r <- pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE)
  m <- pROC::coords(r, x, ret = c("specificity", "sensitivity"), best.method = method,
                    best.weights = w, transpose = FALSE)
  as.vector(t(as.matrix(m)))
}"""


def data(seed, size=80):
    rng = np.random.default_rng(seed)
    y = (rng.random(size) < 0.45).astype(int)
    return np.round(rng.normal(size=size) + y, 1), y


@pytest.mark.parametrize(
    "thresholds, x", [("best", "best"), ("local_maxima", "local maximas"), ("all", "all")]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_named_thresholds_read_the_data_curve_as_procs_coords(r, thresholds, x, seed):
    g, y = data(seed)
    for method, weights in (("youden", (1, 0.5)), ("closest.topleft", (2, 0.3))):
        ci = wr.ci_thresholds(
            g, y, thresholds=thresholds, n_boot=5, seed=1, best_method=method, best_weights=weights
        )
        expected = np.asarray(
            r.r(R_NAMED)(r.FloatVector(g), r.FloatVector(y), r.FloatVector(weights), x, method)
        )
        np.testing.assert_allclose(ci["estimate"], expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("thresholds, x", [("best", "best"), ("local_maxima", "local maximas")])
@pytest.mark.parametrize("stratified", [True, False])
def test_named_thresholds_are_the_numeric_call_at_coords_thresholds(thresholds, x, stratified):
    g, y = data(3)
    w = np.random.default_rng(4).lognormal(size=len(g))
    options = dict(n_boot=60, seed=9, stratified=stratified, direction=">")
    named = wr.ci_thresholds(g, y, w, thresholds=thresholds, **options)
    at = wr.coords((g, y, w), x, ret="threshold", direction=">")["threshold"].to_numpy()
    numeric = wr.ci_thresholds(g, y, w, thresholds=at, **options)
    assert named.equals(numeric)
    assert named.attrs["thresholds"] == thresholds


def test_unknown_name_says_what_is_expected():
    g, y = data(5)
    with pytest.raises(ValueError, match="thresholds must be one of 'best', 'local_maxima', 'all'"):
        wr.ci_thresholds(g, y, thresholds="local maximas", n_boot=5)
