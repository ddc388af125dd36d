"""The key numbers of vignettes/cross_validation.py, recomputed with scikit-learn alone.

The same splits are fitted by hand; each fold is scored by roc_auc_score
(sample_weight), the grid's costs by a loop over thresholds, and the
permutation importances by scikit-learn's own "roc_auc" scorer.
"""

import runpy
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("plotnine")
pytest.importorskip("sklearn")

from sklearn.inspection import permutation_importance  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

VIGNETTE = Path(__file__).resolve().parent.parent / "vignettes" / "cross_validation.py"


@pytest.fixture(scope="module")
def vignette():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WEIGHTEDROC_FAST", "1")
        return runpy.run_path(str(VIGNETTE))


def fits(ns, C=1.0):
    X, y, cost = ns["X"].to_numpy(), ns["y"], ns["cost"]
    for train, test in ns["folds"].split(X, y):
        model = make_pipeline(StandardScaler(), LogisticRegression(C=C)).fit(
            X[train], y[train], logisticregression__sample_weight=cost[train]
        )
        yield test, model.decision_function(X[test])


def test_fold_aucs_are_roc_auc_score_of_each_fold(vignette):
    y, cost = vignette["y"], vignette["cost"]
    expected = [
        roc_auc_score(y[test] == "malignant", d, sample_weight=cost[test])
        for test, d in fits(vignette)
    ]
    assert np.abs(vignette["fold_aucs"]["auc"].to_numpy() - expected).max() <= 1e-15
    assert [f"{a:.3f}" for a in expected] == ["0.989", "0.987", "0.992", "0.992", "0.991"]
    assert f"{np.mean(expected):.3f}" == "0.990"


def test_grid_costs_are_the_least_cost_of_each_fold(vignette):
    y, cost = vignette["y"], vignette["cost"]
    means = []
    for C in (0.01, 0.1, 1, 10):
        fold_costs = []
        for test, d in fits(vignette, C):
            p, w = y[test] == "malignant", cost[test]
            fold_costs.append(
                min(
                    w[~p & (d >= t)].sum() + w[p & (d < t)].sum()
                    for t in np.append(np.unique(d), np.inf)
                )
            )
        means.append(np.mean(fold_costs))
    assert [f"{c:.1f}" for c in means] == ["10.8", "11.1", "11.7", "11.7"]
    np.testing.assert_allclose(vignette["grid"]["mean cost per fold"], means, rtol=1e-12)
    assert vignette["best_C"] == 0.01


def test_grid_aucs_are_the_mean_roc_auc_score_of_the_folds(vignette):
    y, cost = vignette["y"], vignette["cost"]
    means = [
        np.mean(
            [
                roc_auc_score(y[test] == "malignant", d, sample_weight=cost[test])
                for test, d in fits(vignette, C)
            ]
        )
        for C in (0.01, 0.1, 1, 10)
    ]
    np.testing.assert_allclose(vignette["grid"]["mean weighted AUC"], means, rtol=1e-12)
    # the page's words: the cheapest C has the lowest AUC, 0.988 against 0.990 for C = 1
    assert [f"{a:.3f}" for a in (means[0], means[2])] == ["0.988", "0.990"]
    assert np.argmin(means) == 0 and np.all(np.diff(means) > 0)


def test_importances_equal_the_roc_auc_scorer(vignette):
    ns = vignette
    theirs = permutation_importance(
        ns["fitted"],
        ns["X"],
        ns["y"],
        scoring="roc_auc",
        sample_weight=ns["cost"],
        n_repeats=5,
        random_state=0,
    )
    assert np.abs(theirs.importances - ns["importance"].importances).max() <= 1e-15
    assert [f"{v:.2f}" for v in theirs.importances_mean] == ["0.15", "0.08", "0.01"]
