"""PRROC 1.4's own tests (tests/testthat/test-PR.R and test-ROC.R),
translated call for call.

PRROC's scores.class0 are the positives' guesses and scores.class1 the
negatives'; its weights.class0 are soft labels (weights.class1 = 1 -
weights.class0).  Its set.seed() draws are in
tests/data/prroc_testthat_seeds.csv (made by R 4.2.2); its runif() and
rnorm() without a seed are numpy's draws here.  R's ``equals`` compares to
1.5e-8 (all.equal); the literals are PRROC's.  The live checks
(`prroc` fixture of tests/test_pr_interpolated.py) call PRROC on the same
draws.
"""

import pathlib

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr

TOL = 1.5e-8  # testthat's equals(): all.equal's tolerance
SEEDS = pd.read_csv(
    pathlib.Path(__file__).parent / "data" / "prroc_testthat_seeds.csv", comment="#"
)
rng = np.random.default_rng(2026)


def runif(n, low=0.0, high=1.0):
    return rng.uniform(low, high, n)


def rnorm(n, mean=0.0):
    return rng.normal(mean, 1.0, n)


def _seeded(case):
    rows = SEEDS[SEEDS["case"] == case]
    return rows["guess"].to_numpy(), rows["label"].to_numpy()


def pr_curve(scores_class0, scores_class1=None, weights_class0=None, method="interpolated"):
    """PRROC's pr.curve(...)$auc.integral (or $auc.davis.goadrich) read here."""
    if weights_class0 is not None:
        return wr.pr_auc((scores_class0, weights_class0), method=method, soft=True)
    guess = np.concatenate((scores_class0, scores_class1))
    label = np.repeat([1, 0], [len(scores_class0), len(scores_class1)])
    return wr.pr_auc((guess, label), method=method)


def pr_bounds(scores_class0, scores_class1=None, weights_class0=None):
    if weights_class0 is not None:
        return wr.pr_bounds(weights_class0, soft=True)
    return wr.pr_bounds(np.repeat([1, 0], [len(scores_class0), len(scores_class1)]))


def roc_auc(scores_class0, scores_class1=None, weights_class0=None):
    """PRROC's roc.curve(...)$auc: soft labels as two weighted rows."""
    if weights_class0 is not None:
        return wr.WeightedAUC(wr.WeightedROC(*wr.soft_label_rows(scores_class0, weights_class0)))
    guess = np.concatenate((scores_class0, scores_class1))
    label = np.repeat([1, 0], [len(scores_class0), len(scores_class1)])
    return wr.WeightedAUC(wr.WeightedROC(guess, label))


# --- test-PR.R ---------------------------------------------------------------


def test_pr_one_score_value():
    scores = np.repeat(1.0, 500)
    labels = np.tile([0.0, 1.0], 250)
    assert pr_curve(scores, weights_class0=labels) == pytest.approx(0.5, abs=TOL)


def test_pr_perfect_hard_labeled():
    scores0, scores1 = runif(100), -runif(100)
    assert pr_curve(scores0, scores1) == pytest.approx(1, abs=TOL)
    assert pr_curve(scores0, scores1, method="davis_goadrich") == pytest.approx(1, abs=TOL)


def test_pr_class_and_fields():
    scores0, scores1 = np.array([1.0]), np.array([-1.0])
    assert isinstance(pr_curve(scores0, scores1), float)
    assert isinstance(pr_curve(scores0, scores1, method="davis_goadrich"), float)
    curve = wr.weighted_pr([1.0, -1.0], [1, 0], interpolate=True)
    assert isinstance(curve, pd.DataFrame)
    assert curve[["recall", "precision", "threshold"]].drop_duplicates().shape == (3, 3)
    bounds = pr_bounds(scores0, scores1)
    assert isinstance(bounds, wr.curves.pr_extremes.PRBounds)
    for curve in (bounds.max_curve, bounds.min_curve, bounds.random_curve):
        assert isinstance(curve, pd.DataFrame) and {"recall", "precision"} <= set(curve)


def test_pr_worst_hard_labeled():
    scores0, scores1 = -runif(1000), runif(1000)
    assert pr_curve(scores0, scores1) == pytest.approx(0.3068528194, abs=TOL)


def test_pr_max_min_rand():
    scores0, scores1 = -runif(100), runif(100)
    bounds = pr_bounds(scores0, scores1)
    assert bounds.min_area == pytest.approx(0.3068528194, abs=TOL)
    assert pr_curve(scores0, scores1) == pytest.approx(bounds.min_area, abs=TOL)
    assert bounds.max_area == pytest.approx(1, abs=TOL)
    assert bounds.random_area == pytest.approx(0.5, abs=TOL)
    scores0, scores1 = -runif(100), runif(900)
    assert pr_bounds(scores0, scores1).random_area == pytest.approx(0.1, abs=TOL)


def test_pr_identical_scores():
    scores0 = runif(100)
    assert pr_curve(scores0, scores0.copy()) == pytest.approx(0.5, abs=TOL)


def test_pr_curve_perfect_hard_labeled():
    curve = wr.weighted_pr([1.0, -1.0], [1, 0], interpolate=True)
    # PRROC: matrix(c(1,1,0, 0.5,1,1, -1,1,1), nrow=3) as (recall, precision,
    # score); its last row's score is the last threshold (1), here inf
    expected = np.array([[1, 0.5, -1], [1, 1, 1], [0, 1, np.inf]])
    np.testing.assert_array_equal(curve[["recall", "precision", "threshold"]], expected)


def test_pr_value_for_random_data_with_seed():
    guess, label = _seeded("pr_seed_101")
    scores0, scores1 = guess[label == 1], guess[label == 0]
    dg = pr_curve(scores0, scores1, method="davis_goadrich")
    assert dg == pytest.approx(0.9018680216532841, abs=TOL)  # Davis & Goadrich's auc.jar
    assert pr_curve(scores0, scores1) == pytest.approx(0.901869384113, abs=TOL)


def test_pr_value_for_weighted_random_data_with_seed():
    scores, wfg = _seeded("weighted_seed_113")
    assert pr_curve(scores, weights_class0=wfg) == pytest.approx(0.7053830324, abs=TOL)


def test_pr_consistency_between_weighted_and_hard_labeled_interface():
    scores0, scores1 = rnorm(100, 2), rnorm(100, 0)
    scores = np.concatenate((scores0, scores1))
    lab = np.repeat([1.0, 0.0], 100)
    assert pr_curve(scores0, scores1) == pytest.approx(
        pr_curve(scores, weights_class0=lab), abs=TOL
    )


# --- test-ROC.R --------------------------------------------------------------


def test_roc_one_score_value():
    scores = np.repeat(1.0, 500)
    labels = np.tile([0.0, 1.0], 250)
    assert roc_auc(scores, weights_class0=labels) == pytest.approx(0.5, abs=TOL)


def test_roc_perfect_hard_labeled():
    assert roc_auc(runif(100), -runif(100)) == pytest.approx(1, abs=TOL)


def test_roc_class_and_fields():
    roc = wr.WeightedROC([1.0, -1.0], [1, 0])
    assert isinstance(wr.WeightedAUC(roc), float)
    assert roc[["FPR", "TPR"]].drop_duplicates().shape == (3, 2)


def test_roc_worst_hard_labeled():
    assert roc_auc(-runif(100), runif(100)) == pytest.approx(0, abs=TOL)


def _roc_bounds(weights_class0):
    """PRROC's max and min ROC curves: the rows ranked by their soft label."""
    p = np.asarray(weights_class0, dtype=float)
    return roc_auc(p, weights_class0=p), roc_auc(-p, weights_class0=p)


def test_roc_max_min_rand():
    scores0, scores1 = -runif(100), runif(100)
    high, low = _roc_bounds(np.repeat([1.0, 0.0], 100))
    assert low == pytest.approx(0, abs=TOL)
    assert high == pytest.approx(1, abs=TOL)
    assert roc_auc(scores0, scores1) == pytest.approx(0, abs=TOL)
    # rand: PRROC's random ROC curve is the diagonal, area 0.5
    assert wr.WeightedAUC(wr.WeightedROC([0.0, 0.0], [1, 0])) == pytest.approx(0.5, abs=TOL)


def test_roc_identical_scores():
    scores0 = runif(100)
    assert roc_auc(scores0, scores0.copy()) == pytest.approx(0.5, abs=TOL)


def test_roc_curve_perfect_hard_labeled():
    roc = wr.WeightedROC([1.0, -1.0], [1, 0])
    # PRROC: matrix(c(0,0,1, 0,1,1, 1,-1,-1), nrow=3) as (FPR, TPR, score)
    points = roc[["FPR", "TPR"]].to_numpy()[::-1]
    np.testing.assert_array_equal(points, [[0, 0], [0, 1], [1, 1]])


def test_roc_rocr_if_available():
    from weightedroc import rbridge

    ok, reason = rbridge.r_available("ROCR")
    if not ok:
        pytest.skip(reason)
    scores0, scores1 = rnorm(100, 2), rnorm(100, 0)
    scores = np.concatenate((scores0, scores1))
    lab = np.repeat([1, 0], 100)
    assert roc_auc(scores0, scores1) == pytest.approx(rbridge.rocr_auc(scores, lab), abs=TOL)


def test_roc_value_for_random_data_with_seed():
    guess, label = _seeded("roc_seed_101")
    assert roc_auc(guess[label == 1], guess[label == 0]) == pytest.approx(0.9236, abs=TOL)


def test_roc_value_for_weighted_random_data_with_seed():
    scores, wfg = _seeded("weighted_seed_113")
    assert roc_auc(scores, weights_class0=wfg) == pytest.approx(0.7287332599, abs=TOL)


def test_roc_value_of_min_max_rand_for_weighted_data():
    wfg = np.concatenate((runif(100, 0.5, 1), runif(100, 0, 0.5)))
    high, low = _roc_bounds(wfg)
    assert high == pytest.approx(1 - low, abs=TOL)


def test_roc_consistency_between_weighted_and_hard_labeled_interface():
    scores0, scores1 = rnorm(100, 2), rnorm(100, 0)
    scores = np.concatenate((scores0, scores1))
    lab = np.repeat([1.0, 0.0], 100)
    assert roc_auc(scores0, scores1) == pytest.approx(roc_auc(scores, weights_class0=lab), abs=TOL)
