"""benchmarks/pr_coverage.py (the PR intervals' coverage study) on tiny
cells, so that the script cannot rot; its truth against independent
computations."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import weightedroc as wr

pytest.importorskip("scipy")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "pr_coverage.py"


@pytest.fixture(scope="module")
def study():
    spec = importlib.util.spec_from_file_location("pr_coverage", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("prevalence", [0.005, 0.05, 0.3])
def test_truth_matches_a_fine_grid_in_recall(study, prevalence):
    # the population AP as a Riemann-Stieltjes sum over a grid of thresholds
    from scipy.stats import norm

    value, error = study.true_ap(prevalence)
    assert error < 1e-9
    t = np.linspace(study.MU + 10, -10, 400_001)
    tpr, fpr = norm.sf(t - study.MU), norm.sf(t)
    precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
    grid = np.sum(np.diff(tpr) * (precision[1:] + precision[:-1]) / 2)
    assert value == pytest.approx(grid, abs=1e-8)


def test_label_intercept_gives_the_prevalence(study):
    from scipy.special import expit

    a = study.label_intercept(0.05)
    v = np.random.default_rng(1).normal(0, study.LABEL_SD, 2_000_000)
    assert np.mean(expit(a + v)) == pytest.approx(0.05, abs=3e-4)


def test_draws_have_the_stated_sizes_and_weights(study):
    rng = np.random.default_rng(5)
    x, y, w, cluster = study.draw(0.05, 1000, "importance", rng)
    assert len(x) == 20_000 and cluster is None
    # density-ratio weights: mean 1 and log-sd SHIFT within each class
    for cls in (y, ~y):
        assert np.mean(w[cls]) == pytest.approx(1, abs=0.1)
        assert np.std(np.log(w[cls])) == pytest.approx(study.SHIFT, abs=0.06)
    x, y, w, cluster = study.draw(0.3, 100, "clustered", rng)
    assert w is None and len(x) == 333
    assert np.bincount(cluster).max() == study.CLUSTER_SIZE


def test_weighted_sample_ap_is_near_the_truth(study):
    # the importance-weighted AP estimates the target population's AP
    rng = np.random.default_rng(11)
    truth = study.true_ap(0.3)[0]
    x, y, w, _ = study.draw(0.3, 60_000, "importance", rng)
    ci = wr.pr_ci(x, y, w)
    assert abs(ci.estimate - truth) < 4 * ci.std_error
    assert abs(wr.average_precision(x, y) - truth) > 10 * ci.std_error  # unweighted: biased


def test_cluster_linearization_with_one_row_clusters_is_the_influence_interval(study):
    rng = np.random.default_rng(2)
    x, y, w, _ = study.draw(0.3, 100, "importance", rng)
    ap, low, high = study.cluster_linearization(x, y, w, np.arange(len(x)))
    ci = wr.pr_ci(x, y, w)
    assert (ap, low, high) == pytest.approx((ci.estimate, ci.conf_low, ci.conf_high), rel=1e-12)


def test_design_interval_equals_the_scripts_linearization_when_pr_ci_has_design(study):
    if not study.design_supported():
        pytest.skip("pr_ci has no design= yet (issue 41 item 3)")
    rng = np.random.default_rng(3)
    x, y, _, cluster = study.draw(0.3, 100, "clustered", rng)
    ci = wr.pr_ci(x, y, design=wr.SurveyDesign(cluster=cluster))
    ap, low, high = study.cluster_linearization(x, y, None, cluster)
    assert (ci.estimate, ci.conf_low, ci.conf_high) == pytest.approx((ap, low, high), rel=1e-9)


@pytest.mark.parametrize(
    "estimator, weights", [("AP", "unit"), ("AP", "clustered"), ("interpolated", "clustered")]
)
def test_a_tiny_cell_runs_and_reports(study, estimator, weights):
    records = study.run_cell(0.3, 100, weights, samples=12, estimator=estimator)
    methods = [r["method"] for r in records]
    expected = ["influence", "logit", "binomial"]
    expected += ["bootstrap"] if weights == "unit" else ["design", "design-t"]
    assert methods == expected
    for r in records:
        assert r["samples"] == 12 and r["rows"] == 333
        assert 0 <= r["coverage"] <= 1
        assert r["below"] + r["above"] == pytest.approx(1 - r["coverage"])
        assert r["truth"] == study.true_ap(0.3)[0]
        assert r["estimator"] == estimator
    import pandas as pd

    frame = study.merge(pd.DataFrame(), pd.DataFrame(records))
    text = study.report(frame)
    assert f"| {weights} | 0.3 | 100 | 333 | 12 |" in text


def test_the_figure_is_drawn(study, tmp_path):
    pytest.importorskip("matplotlib", reason="the study's figure needs matplotlib (an extra)")
    import pandas as pd

    records = study.run_cell(0.3, 100, "clustered", samples=12, estimator="AP")
    frame = study.merge(pd.DataFrame(), pd.DataFrame(records))
    study.plot(frame, tmp_path / "coverage.png")
    assert (tmp_path / "coverage.png").stat().st_size > 10_000


@pytest.mark.deep
def test_influence_interval_covers_on_unit_weights(study):
    # 300 samples: Monte Carlo standard error 0.013 at 0.95; no bootstrap (its
    # 2,000 replicates a sample are the study's cost, not this test's question)
    records = study.run_cell(0.3, 1000, "unit", samples=300, boot_max_rows=0)
    influence = next(r for r in records if r["method"] == "influence")
    assert 0.91 <= influence["coverage"] <= 0.99


@pytest.mark.filterwarnings("ignore:Boyd et al:UserWarning")  # weighted: the intervals warn
@pytest.mark.parametrize("estimator", ["ap", "interpolated"])
@pytest.mark.parametrize("weights", ["unit", "importance"])
@pytest.mark.parametrize("method", ["logit", "binomial"])
def test_boyd_intervals_as_pr_ci_computes_them(study, weights, method, estimator):
    x, y, w, _ = study.draw(0.05, 100, weights, np.random.default_rng(4))
    ci = wr.pr_ci(x, y, w, method=method, estimator=estimator)
    got = study.boyd(ci.estimate, y, w, method)
    assert got == pytest.approx((ci.estimate, ci.conf_low, ci.conf_high), rel=1e-12)


def test_design_t_widens_by_the_quantile_ratio(study):
    from scipy.stats import t

    est, low, high = study.with_t((0.5, 0.4, 0.6), 16)
    assert est == 0.5
    assert high - 0.5 == pytest.approx(0.1 * t.ppf(0.975, 16) / 1.959963984540054)
    assert 0.5 - low == pytest.approx(high - 0.5)
