"""Plots of measures: the drawn layers' data against independent computations."""

import numpy as np
import pytest

import weightedroc as wr

pytest.importorskip("plotnine")
from weightedroc import plots  # noqa: E402

DATA = wr.load_rocr_simple()
RAW = (DATA["predictions"].to_numpy(), DATA["labels"].to_numpy())


def test_measure_plot_draws_precision_against_recall():
    plot = plots.measure_plot(RAW, "prec", "rec")
    guess, label = RAW
    for _, row in plot.data.iterrows():
        called = guess >= row["threshold"]
        assert row["x"] == pytest.approx(label[called].sum() / label.sum())
        assert row["y"] == pytest.approx(label[called].mean())
    assert len(plot.data) == len(np.unique(guess))  # the inf row (0/0) is left out


def test_measure_plot_options_reach_the_measures():
    """F with beta = 2 and ROCR's cost with cost_fp = 3, computed by hand."""
    guess, label = RAW
    f2 = plots.measure_plot(RAW, "f_meas", "rec", beta=2).data
    cost = plots.measure_plot(RAW, "cost", cost_fp=3, cost_fn=1).data
    for frame in (f2, cost):
        assert len(frame) > 50
    for _, row in f2.iterrows():
        called = guess >= row["threshold"]
        precision, recall = label[called].mean(), label[called].sum() / label.sum()
        assert row["y"] == pytest.approx(5 * precision * recall / (4 * precision + recall))
    for _, row in cost.iterrows():
        called = guess >= row["threshold"]
        fp, fn = (called & (label == 0)).sum(), (~called & (label == 1)).sum()
        assert row["y"] == pytest.approx((3 * fp + fn) / len(label))


def test_gain_and_lift_plots_draw_the_sorted_cumulative_share():
    guess, label = RAW
    order = np.argsort(-guess, kind="stable")
    found = 100 * np.cumsum(label[order]) / label.sum()
    tested = 100 * np.arange(1, len(guess) + 1) / len(guess)
    gain = plots.gain_plot(RAW).data
    assert gain["percent_found"].iloc[1:].to_numpy() == pytest.approx(found)  # no ties
    assert gain["percent_tested"].iloc[1:].to_numpy() == pytest.approx(tested)
    lift = plots.lift_plot(RAW).data
    assert lift["lift"].to_numpy() == pytest.approx(found / tested)


def test_cost_curve_plot_envelope_is_the_least_line():
    plot = plots.cost_curve_plot(RAW)
    envelope = plot.layers[1]._data
    lines = plot.data.pivot_table(index="threshold", columns="probability_cost", values="cost")
    x = np.linspace(0, 1, 201)
    least = (lines[0.0].to_numpy()[:, None] * (1 - x) + lines[1.0].to_numpy()[:, None] * x).min(0)
    assert np.interp(x, envelope["probability_cost"], envelope["cost"]) == pytest.approx(
        least, abs=1e-12
    )


def test_det_plot_axes_are_normal_deviates_of_the_rates():
    from statistics import NormalDist

    data = plots.det_plot(RAW).data
    inv = NormalDist().inv_cdf
    assert data["x"].tolist() == [inv(p) for p in data["fpr"]]
    assert data["y"].tolist() == [inv(p) for p in data["fnr"]]
    assert np.isfinite(data[["x", "y"]].to_numpy()).all()


@pytest.mark.parametrize(
    "make",
    [
        lambda: plots.measure_plot(RAW, "acc"),
        lambda: plots.measure_plot(RAW, "prec", "rec"),
        lambda: plots.gain_plot(RAW),
        lambda: plots.lift_plot(RAW),
        lambda: plots.cost_curve_plot(RAW),
        lambda: plots.det_plot(RAW),
    ],
)
def test_measure_plots_render_to_png(make, tmp_path):
    import plotnine as p9
    from PIL import Image

    path = tmp_path / "plot.png"
    (make() + p9.ggtitle("extended")).save(path, width=5, height=4, dpi=50, verbose=False)
    assert Image.open(path).size == (250, 200)
