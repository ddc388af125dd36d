"""The key numbers of vignettes/cost_sensitive.py, recomputed independently.

The vignette runs as a plain script in fast mode; its cross-validated scores
and costs are then scored again by scikit-learn and by loops over the
thresholds, and the numbers its text quotes are checked against them.
"""

import runpy
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("plotnine")
pytest.importorskip("sklearn")

from sklearn.metrics import average_precision_score, roc_auc_score  # noqa: E402

VIGNETTE = Path(__file__).resolve().parent.parent / "vignettes" / "cost_sensitive.py"


@pytest.fixture(scope="module")
def vignette():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WEIGHTEDROC_FAST", "1")
        return runpy.run_path(str(VIGNETTE))


def loop_costs(score, label, cost):
    """(total cost, threshold) of calling score >= t positive, for every t."""
    return [
        (cost[label & (score < t)].sum() + cost[~label & (score >= t)].sum(), t)
        for t in np.append(np.unique(score), np.inf)
    ]


def band_area(roc, lo, hi, n=200_000):
    """Midpoint rule for the area of the AUC region with TPR in [lo, hi]."""
    t = lo + (np.arange(n) + 0.5) * (hi - lo) / n
    fpr = np.interp(t, roc["TPR"].to_numpy()[::-1], roc["FPR"].to_numpy()[::-1])
    return np.sum(1 - fpr) * (hi - lo) / n


def test_data_and_costs(vignette):
    cost, malignant = vignette["cost"], vignette["malignant"]
    assert (len(cost), malignant.sum()) == (569, 212)
    assert (cost[~malignant] == 1).all()
    assert np.median(cost[malignant]) == pytest.approx(10)
    assert f"{cost[malignant].min():.1f} {cost[malignant].max():.1f}" == "3.9 32.6"


def test_weighted_aucs_equal_sklearn_and_size_is_higher(vignette):
    malignant, cost = vignette["malignant"], vignette["cost"]
    table = vignette["auc_table"]
    for name, score in vignette["scores"].items():
        assert table.loc[name, "weighted AUC"] == pytest.approx(
            roc_auc_score(malignant, score, sample_weight=cost), rel=1e-12
        )
        assert table.loc[name, "unweighted AUC"] == pytest.approx(
            roc_auc_score(malignant, score), rel=1e-12
        )
        assert (
            table.loc[name, "95% CI low"]
            < table.loc[name, "weighted AUC"]
            < table.loc[name, "95% CI high"]
        )
    assert table.loc["size", "95% CI low"] > table.loc["shape", "weighted AUC"]
    assert round(table.loc["size", "weighted AUC"], 3) == 0.967
    assert round(table.loc["size", "unweighted AUC"], 3) == 0.938
    assert round(table.loc["shape", "unweighted AUC"], 3) == 0.933
    assert round(table.loc["shape", "weighted AUC"], 3) == 0.939


def test_cheapest_thresholds_equal_loop_and_shape_is_cheaper(vignette):
    malignant, cost, best = vignette["malignant"], vignette["cost"], vignette["best"]
    for name, score in vignette["scores"].items():
        total, threshold = min(loop_costs(score, malignant, cost), key=lambda c: c[0])
        assert best.loc[name, "cost"] == pytest.approx(total, rel=1e-12)
        assert best.loc[name, "threshold"] == threshold
        risk = vignette["risks"][name]
        assert risk.risk == pytest.approx(total / cost.sum(), rel=1e-12)
        assert risk.threshold == threshold
    assert f"{best.loc['size', 'cost']:.1f}" == "170.7"
    assert f"{best.loc['shape', 'cost']:.1f}" == "133.5"
    saved = 1 - best.loc["shape", "cost"] / best.loc["size", "cost"]
    assert saved == pytest.approx(0.2, abs=0.02)  # "saves a fifth of the cost"
    assert round(best.loc["shape", "TPR"], 3) == 0.987


def test_higher_auc_has_higher_minimum_risk(vignette):
    risks, table = vignette["risks"], vignette["auc_table"]
    assert table.loc["size", "weighted AUC"] > table.loc["shape", "weighted AUC"]
    assert risks["size"].risk > risks["shape"].risk
    W1, W0 = vignette["W1"], vignette["W0"]
    for risk in risks.values():
        assert risk.trivial_rule == "all positive"
        assert risk.trivial_risk == pytest.approx(W0 / (W1 + W0), rel=1e-12)
        assert risk.beats_trivial
    assert (round(risks["size"].risk, 3), round(risks["shape"].risk, 3)) == (0.064, 0.05)
    assert round(100 * risks["size"].normalized_risk) == 48
    assert round(100 * risks["shape"].normalized_risk) == 37


def test_youden_costs_about_twice(vignette):
    youden, best = vignette["youden"], vignette["best"]
    malignant, cost = vignette["malignant"], vignette["cost"]
    for name, score in vignette["scores"].items():
        t = youden.loc[name, "threshold"]
        assert youden.loc[name, "cost"] == pytest.approx(
            cost[malignant & (score < t)].sum() + cost[~malignant & (score >= t)].sum()
        )
        assert 1.8 < youden.loc[name, "cost"] / best.loc[name, "cost"] < 2.2


def test_partial_areas_quoted_in_text(vignette):
    areas, rocs = vignette["areas"], vignette["rocs"]
    for name, roc in rocs.items():
        band = band_area(roc, 0.9, 1)
        diagonal = 0.1 - (1 - 0.81) / 2
        expected = (1 + (band - diagonal) / (0.1 - diagonal)) / 2
        assert areas.loc[name, "pAUC TPR in [0.9, 1], McClish"] == pytest.approx(expected, abs=1e-6)
    quoted = {
        ("size", "pAUC TPR in [0.9, 1], McClish"): 0.853,
        ("shape", "pAUC TPR in [0.9, 1], McClish"): 0.876,
        ("size", "pAUC FPR in [0, 0.1], McClish"): 0.918,
        ("shape", "pAUC FPR in [0, 0.1], McClish"): 0.758,
        ("size", "cost-based pAUC ratio"): 0.827,
        ("shape", "cost-based pAUC ratio"): 0.787,
    }
    for (name, column), value in quoted.items():
        assert round(areas.loc[name, column], 3) == value


def test_average_precision_equals_sklearn(vignette):
    malignant, cost = vignette["malignant"], vignette["cost"]
    import weightedroc as wr

    values = {}
    for name, score in vignette["scores"].items():
        values[name] = wr.average_precision(score, malignant, cost)
        assert values[name] == pytest.approx(
            average_precision_score(malignant, score, sample_weight=cost), rel=1e-12
        )
    assert (round(values["size"], 3), round(values["shape"], 3)) == (0.995, 0.985)
