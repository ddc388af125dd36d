"""Plot helpers of weightedroc.plots.costs: they draw, and draw the right data.

The data of each layer is checked against the functions it shows and
against independent computations (scikit-learn's average precision, the
area of the shaded region).
"""

import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("plotnine")

from plain import trapezoid  # noqa: E402
from sklearn.metrics import average_precision_score  # noqa: E402

import weightedroc as wr  # noqa: E402
from weightedroc.plots import cost_auc_plot, cost_plot, hull_plot, pr_plot  # noqa: E402


def data(seed, n=80):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.4
    label[:2] = [False, True]
    guess = np.round(rng.normal(size=n) + 1.2 * label, 1)
    return guess, label, rng.exponential(size=n) + 0.1


def layers(plot, geom):
    """The data given to each layer drawn with `geom` (a geom's class name)."""
    return [layer.geom.data for layer in plot.layers if type(layer.geom).__name__ == geom]


@pytest.fixture
def curves():
    return {"a": wr.WeightedROC(*data(0)), "b": wr.WeightedROC(*data(1))}


def test_public_names_are_exported():
    import weightedroc.plots as plots
    from weightedroc.plots import costs

    assert costs.__all__ == ["cost_plot", "hull_plot", "cost_auc_plot", "pr_plot"]
    assert all(hasattr(plots, name) for name in costs.__all__)


def test_import_weightedroc_does_not_import_plotnine():
    code = (
        "import sys, weightedroc, weightedroc.decisions, weightedroc.curves.areas; "
        "print('plotnine' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    "make",
    [
        lambda c: cost_plot(c["a"], cost_fp=1, cost_fn=3),
        lambda c: cost_plot(c, cost_fp=1, cost_fn=3, by="model"),
        lambda c: hull_plot(c["a"], prevalence=0.2, cost_fn=5),
        lambda c: hull_plot(c, by="model"),
        lambda c: cost_auc_plot(c["b"], cost_fp=1, cost_fn=2),
        lambda c: cost_auc_plot(c, by="model"),
        lambda c: pr_plot(wr.weighted_pr(*data(0))),
        lambda c: pr_plot(
            {"a": wr.weighted_pr(*data(0)), "b": wr.weighted_pr(*data(1))}, by="model"
        ),
    ],
)
def test_plots_draw_to_png_of_the_asked_size_without_warnings(make, curves, tmp_path):
    path = tmp_path / "plot.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing clipped or dropped silently
        make(curves).save(path, width=5, height=4, dpi=60, verbose=False)
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (
        300,
        240,
    )


def test_cost_plot_marks_best_threshold(curves):
    plot = cost_plot(curves, cost_fp=1, cost_fn=3, by="model")
    marks = layers(plot, "geom_point")[0]
    for name, roc in curves.items():
        best = wr.best_threshold(roc, "cost", cost_fp=1, cost_fn=3)
        row = marks[marks["model"] == name].iloc[0]
        assert row["cost"] == best["cost"] and row["threshold"] == best["threshold"]
    assert plot.labels.x.startswith("threshold")
    steps = plot.data
    one = steps[steps["model"] == "a"]
    expected = wr.threshold_cost(curves["a"], cost_fp=1, cost_fn=3)["cost"]
    assert one["cost"].tolist() == [expected.iloc[0], *expected]
    assert np.isfinite(one["threshold"]).all() and one["threshold"].is_monotonic_increasing


def test_cost_plot_best_at_infinite_threshold_is_drawn():
    roc = wr.WeightedROC([1, 2, 3], [1, 0, 0], [1, 1, 1])  # all negative is best
    plot = cost_plot(roc, cost_fp=1, cost_fn=0.5)
    mark = layers(plot, "geom_point")[0].iloc[0]
    assert np.isfinite(mark["threshold"]) and mark["threshold"] > 3
    assert mark["cost"] == 0.5


def test_hull_plot_draws_hull_and_isocost_lines():
    roc = wr.WeightedROC(*data(2))
    plot = hull_plot(roc, prevalence=0.3, cost_fp=1, cost_fn=4)
    paths = plot.data
    hull = wr.roc_convex_hull(roc)
    drawn = paths[paths["element"] == "convex hull"]
    np.testing.assert_array_equal(drawn["FPR"], hull["FPR"])
    np.testing.assert_array_equal(drawn["TPR"], hull["TPR"])
    risk = wr.min_risk(roc, prevalence=0.3, cost_fp=1, cost_fn=4)
    iso = paths[paths["element"] == "iso-cost line"]
    pd.testing.assert_frame_equal(
        iso[["FPR", "TPR"]].reset_index(drop=True),
        wr.isocost_line(0.3, cost_fp=1, cost_fn=4, point=(risk.FPR, risk.TPR))
        .query("line == 'iso-cost'")[["FPR", "TPR"]]
        .reset_index(drop=True),
    )
    optimum = layers(plot, "geom_point")[1].iloc[0]
    assert (optimum["FPR"], optimum["TPR"]) == (risk.FPR, risk.TPR)
    majority = paths[paths["element"] == "majority line"]
    # All positive (risk 0.7 * 1) beats all negative (0.3 * 4): through (1, 1).
    assert (majority["FPR"].iloc[-1], majority["TPR"].iloc[-1]) == (1, 1)
    assert type(plot.coordinates).__name__ in ("coord_equal", "coord_fixed")
    assert plot.coordinates.ratio == 1
    assert (plot.labels.x, plot.labels.y) == (
        "False positive rate (FPR)",
        "True positive rate (TPR)",
    )


def test_cost_auc_plot_shades_exactly_pauc(curves):
    plot = cost_auc_plot(curves, cost_fp=1, cost_fn=3, by="model")
    ceiling, region = layers(plot, "geom_ribbon")
    for name, roc in curves.items():
        result = wr.cost_auc(roc, cost_fp=1, cost_fn=3)
        for frame, area in ((region, result.pauc), (ceiling, result.max_pauc)):
            one = frame[frame["model"] == name]
            shaded = trapezoid(one["upper"] - one["lower"], one["FPR"])
            assert shaded == pytest.approx(area, abs=1e-12)


def test_pr_plot_step_area_is_sklearn_average_precision():
    guess, label, weight = data(3)
    plot = pr_plot(wr.weighted_pr(guess, label, weight))
    steps = plot.data
    assert steps["recall"].is_monotonic_increasing
    # Step "vh": precision of each point holds from the previous recall to its own.
    area = np.sum(np.diff(steps["recall"]) * steps["precision"].to_numpy()[1:])
    assert area == pytest.approx(
        average_precision_score(label, guess, sample_weight=weight), rel=1e-12
    )
    baseline = layers(plot, "geom_hline")[0]["precision"].iloc[0]
    assert baseline == pytest.approx(weight[label].sum() / weight.sum(), rel=1e-12)


@pytest.mark.parametrize(
    "make, error, match",
    [
        (lambda: cost_plot([1, 2], cost_fp=1, cost_fn=1), TypeError, "DataFrame"),
        (lambda: hull_plot(wr.WeightedROC(*data(0)).drop(columns="FP")), ValueError, "'FP'"),
        (lambda: cost_plot(wr.WeightedROC(*data(0)), cost_fp=-1, cost_fn=1), ValueError, "cost_fp"),
        (lambda: hull_plot(wr.WeightedROC(*data(0)), prevalence=2), ValueError, "prevalence"),
        (lambda: pr_plot(wr.WeightedROC(*data(0))), ValueError, "'precision'"),
    ],
)
def test_bad_input_errors(make, error, match):
    with pytest.raises(error, match=match):
        make()
