"""multiclass_auc(fpr_range= | tpr_range=, correct=): pROC's multiclass.roc(...,
partial.auc=), checked against pROC's test-multiclass.R literals (data drawn
by R's set.seed(42), so live), live pROC, and by brute force (the mean of
`partial_auc` of each pair's rows)."""

import itertools

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr

R_TESTTHAT_DATA = """function(perfect) {
  n <- c(100, 80, 150)
  set.seed(42)
  preds <- lapply(n, function(x) runif(x, 0.8, 1))
  p1 <- as.matrix(data.frame(
    "X1" = c(preds[[1]], runif(n[2] + n[3], 0, 0.3)),
    "X2" = c(runif(n[1], 0.1, 0.4), preds[[2]], runif(n[3], 0, 0.2)),
    "X3" = c(runif(n[1] + n[2], 0, 0.5), preds[[3]])))
  preds <- lapply(n, function(x) runif(x, 0.4, 0.6))
  p2 <- as.matrix(data.frame(
    "X1" = c(preds[[1]], runif(n[2] + n[3], 0, 0.7)),
    "X2" = c(runif(n[1], 0.1, 0.4), preds[[2]], runif(n[3], 0.2, 0.8)),
    "X3" = c(runif(n[1] + n[2], 0.3, 0.7), preds[[3]])))
  as.vector(if (perfect) p1 else p2)
}"""
LABEL = np.repeat(["X1", "X2", "X3"], [100, 80, 150])


# test-multiclass.R, "multivariate multiclass roc/auc works with partial.auc":
# partial.auc = c(1, .9) (focus specificity, of pROC's pairwise curves whose
# control is the column's class: tpr_range here), the full AUC, and auc(mv.mr,
# partial.auc = c(1, .9)) again (6 cases).
@pytest.mark.parametrize(
    "perfect, partial, full", [(True, 0.1, 1.0), (False, 0.0529250000, 0.6480791667)]
)
def test_multivariate_partial_auc_is_procs_literals(r, perfect, partial, full):
    scores = np.asarray(r.r(R_TESTTHAT_DATA)(perfect)).reshape(3, -1).T
    frame = pd.DataFrame(scores, columns=["X1", "X2", "X3"])
    assert wr.multiclass_auc(frame, LABEL, tpr_range=(0.9, 1)) == pytest.approx(partial, rel=1e-13)
    assert wr.multiclass_auc(frame, LABEL) == pytest.approx(full, rel=1e-9)


R_UNIVARIATE = """function(g, y, lo, hi, focus, correct) {
  m <- suppressWarnings(pROC::multiclass.roc(y, g, direction = "<", partial.auc = c(hi, lo),
                                             partial.auc.focus = focus,
                                             partial.auc.correct = correct, quiet = TRUE))
  as.numeric(m$auc)
}"""
R_MULTIVARIATE = """function(p, y, lo, hi, focus) {
  p <- matrix(p, ncol = 3, dimnames = list(NULL, c("a", "b", "c")))
  m <- pROC::multiclass.roc(y, p, partial.auc = c(hi, lo), partial.auc.focus = focus, quiet = TRUE)
  as.numeric(m$auc)
}"""


def data(seed, size=150, classes=("a", "b", "c", "d")):
    rng = np.random.default_rng(seed)
    y = rng.choice(list(classes), size)
    shift = np.searchsorted(list(classes), y)
    return np.round(rng.normal(size=size) + 0.6 * shift, 1), y


@pytest.mark.parametrize("correct", [False, True])
@pytest.mark.parametrize("focus", ["specificity", "sensitivity"])
@pytest.mark.parametrize("seed", [1, 2])
def test_univariate_partial_auc_is_procs(r, seed, focus, correct):
    g, y = data(seed)
    lo, hi = (0.0, 0.2) if focus == "specificity" else (0.8, 1.0)
    rlo, rhi = (1 - hi, 1 - lo) if focus == "specificity" else (lo, hi)
    expected = r.r(R_UNIVARIATE)(r.FloatVector(g), r.StrVector(y), rlo, rhi, focus, correct)[0]
    name = "fpr_range" if focus == "specificity" else "tpr_range"
    if np.isnan(expected):  # a pair below the diagonal: pROC's NA, a warning here
        with pytest.warns(UserWarning, match="McClish's standardisation is then below 0.5"):
            wr.multiclass_auc(g, y, **{name: (lo, hi)}, correct=correct)
        return
    mine = wr.multiclass_auc(g, y, **{name: (lo, hi)}, correct=correct)
    assert mine == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("focus", ["specificity", "sensitivity"])
def test_multivariate_partial_auc_is_procs(r, focus):
    rng = np.random.default_rng(3)
    y = rng.choice(["a", "b", "c"], 120)
    p = rng.dirichlet([1, 1, 1], 120) + 0.3 * (y[:, None] == np.array(["a", "b", "c"]))
    p = np.round(p, 2)
    expected = r.r(R_MULTIVARIATE)(r.FloatVector(p.T.ravel()), r.StrVector(y), 0.8, 1.0, focus)[0]
    # pROC's pairwise specificity is this package's TPR (see multiclass_auc)
    name = "tpr_range" if focus == "specificity" else "fpr_range"
    limits = (0.8, 1.0) if focus == "specificity" else (0.0, 0.2)
    frame = pd.DataFrame(p, columns=["a", "b", "c"])
    assert wr.multiclass_auc(frame, y, **{name: limits}) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("method", ["hand_till", "ovr"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_partial_auc_is_the_mean_of_the_pairs_partial_aucs(method, average):
    rng = np.random.default_rng(4)
    levels = ["a", "b", "c"]
    y = rng.choice(levels, 90)
    w = rng.lognormal(size=90)
    p = rng.random((90, 3)) + 0.4 * (y[:, None] == np.array(levels))
    limits = {"fpr_range": (0.1, 0.4)}
    mine = wr.multiclass_auc(p, y, w, method=method, average=average, **limits)
    prevalence = np.array([w[y == c].sum() for c in levels])
    values, shares = [], []
    if method == "ovr":
        for i, c in enumerate(levels):
            values.append(wr.partial_auc(wr.WeightedROC(p[:, i], y == c, w), **limits))
            shares.append(prevalence[i])
    else:
        for i, j in itertools.combinations(range(3), 2):
            rows = (y == levels[i]) | (y == levels[j])
            pair = [
                wr.partial_auc(wr.WeightedROC(p[rows, k], y[rows] == levels[k], w[rows]), **limits)
                for k in (i, j)
            ]
            values.append(np.mean(pair))
            shares.append(prevalence[i] + prevalence[j])
    expected = np.average(values, weights=shares if average == "weighted" else None)
    assert mine == pytest.approx(expected, rel=1e-13)


def test_correct_below_the_diagonal_warns_and_bad_ranges_say_so():
    g, y = data(5)
    with pytest.warns(UserWarning, match="below that of the") as caught:
        wr.multiclass_auc(-g, y, fpr_range=(0, 0.2), correct=True)
    assert caught[0].filename == __file__
    with pytest.raises(ValueError, match="not both"):
        wr.multiclass_auc(g, y, fpr_range=(0, 0.2), tpr_range=(0.8, 1))
    with pytest.raises(ValueError, match="give fpr_range or tpr_range"):
        wr.multiclass_auc(g, y, correct=True)
    with pytest.raises(ValueError, match="fpr_range must satisfy"):
        wr.multiclass_auc(g, y, fpr_range=(0.3, 0.2))
