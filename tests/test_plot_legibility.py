"""Every plot helper draws what can be read and cannot mislead.

* A frame holding several curves is never drawn as one path (which would join
  the curves with lines from (0, 0) back to (1, 1) that look like the chance
  diagonal): without ``by=`` each curve is drawn on its own, and a
  ``by=`` that leaves several curves in one is refused, naming the column.
* Colours are Okabe-Ito's (colour-blind safe); reference lines are neutral
  grey and labelled; text is at least 9 pt; facet tick labels do not run
  together.

What is drawn is read back from the drawn figure and compared with curves
computed here from the raw data.
"""

import warnings

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("plotnine")
import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import weightedroc as wr  # noqa: E402
from weightedroc.plots import cost_auc_plot, cost_plot, error_plot, hull_plot, pr_plot, roc_plot  # noqa: E402
from weightedroc.plots._plotnine import NEUTRAL, OKABE_ITO  # noqa: E402
from weightedroc.plots.costs import SHADE_COLOURS, SHADES  # noqa: E402


def raw(n_models=2, n_folds=2, seed=0, n=60):
    """Scores of several models on several folds, with weights."""
    rng = np.random.default_rng(seed)
    parts = []
    for m in range(n_models):
        for f in range(1, n_folds + 1):
            y = rng.random(n) < 0.4
            y[:2] = [True, False]
            parts.append(
                pd.DataFrame(
                    {
                        "model": f"m{m}",
                        "fold": f,
                        "y": y.astype(int),
                        "score": np.round(rng.normal(size=n) + (m + 1) * y, 1),
                        "w": rng.exponential(size=n) + 0.1,
                    }
                )
            )
    return pd.concat(parts, ignore_index=True)


def roc_frame(data):
    return wr.roc_table(data, guess="score", label="y", weight="w", by=["model", "fold"])


def pr_frame(data):
    return pd.concat(
        [
            wr.weighted_pr(g["score"], g["y"], g["w"]).assign(model=m, fold=f)
            for (m, f), g in data.groupby(["model", "fold"], sort=False)
        ],
        ignore_index=True,
    )


HELPERS = {
    "roc_plot": (lambda f, g: roc_plot(f, by=g), roc_frame),
    "error_plot": (lambda f, g: error_plot(f, by=g), roc_frame),
    "cost_plot": (lambda f, g: cost_plot(f, cost_fp=1, cost_fn=2, by=g), roc_frame),
    "hull_plot": (lambda f, g: hull_plot(f, by=g), roc_frame),
    "cost_auc_plot": (lambda f, g: cost_auc_plot(f, by=g), roc_frame),
    "pr_plot": (lambda f, g: pr_plot(f, by=g), pr_frame),
}


def draw(plot, size=None):
    """The matplotlib figure plotnine draws (close it after use)."""
    if size is not None:
        import plotnine as p9

        plot = plot + p9.theme(figure_size=size)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing dropped or clipped silently
        return plot.draw()


@pytest.mark.parametrize("name", HELPERS)
def test_every_helper_refuses_a_group_that_leaves_several_curves_in_one(name):
    make, frame = HELPERS[name]
    with pytest.raises(ValueError, match=r"column\(s\) \['fold'\] also tell them apart"):
        make(frame(raw()), "model")


@pytest.mark.parametrize("name", HELPERS)
def test_every_helper_draws_each_curve_of_a_frame_on_its_own_without_group(name):
    make, frame = HELPERS[name]
    tidy = frame(raw())
    auto, explicit = make(tidy, None), make(tidy, ["model", "fold"])
    figure = draw(auto)
    plt.close(figure)
    explicit_figure = draw(explicit)
    plt.close(explicit_figure)
    for mine, theirs in zip(auto.layers, explicit.layers):
        pd.testing.assert_frame_equal(mine.data, theirs.data)
    if name in ("roc_plot", "pr_plot"):  # one panel, a path each
        curves = [layer.data for layer in auto.layers if "linetype" in layer.data]
        assert curves[-1]["group"].nunique() == 4
    else:  # a facet each
        assert auto.layers[0].data["PANEL"].nunique() == 4


def test_roc_plot_without_group_draws_the_curves_computed_from_each_fold():
    data = raw(n_models=2, n_folds=3)
    plot = roc_plot(roc_frame(data))
    plt.close(draw(plot))
    curve = plot.layers[1].data
    assert curve["group"].nunique() == 6
    for group, ((model, fold), rows) in enumerate(data.groupby(["model", "fold"]), 1):
        expected = wr.WeightedROC(rows["score"], rows["y"], rows["w"])
        mine = curve[curve["group"] == group]
        assert mine["x"].tolist() == expected["FPR"].tolist(), (model, fold)
        assert mine["y"].tolist() == expected["TPR"].tolist(), (model, fold)
        # a curve runs from (1, 1) down to (0, 0), never back up
        assert (np.diff(mine["x"]) <= 0).all() and (np.diff(mine["y"]) <= 0).all()


def test_a_frame_of_one_curve_with_constant_extra_columns_is_one_curve():
    data = raw(n_models=1, n_folds=1)
    frame = roc_frame(data)
    plot = roc_plot(frame)
    plt.close(draw(plot))
    assert plot.layers[1].data["x"].tolist() == frame["FPR"].tolist()
    assert plot.layers[1].data["group"].nunique() == 1


def _colours(figure):
    """Every line, marker and fill colour of the figure's panels, as hex."""
    found = set()
    for ax in figure.axes:
        for line in ax.get_lines():
            found.add(to_hex(line.get_color()))
        for collection in ax.collections:
            for rgba in [*collection.get_edgecolors(), *collection.get_facecolors()]:
                if rgba[3] > 0:
                    found.add(to_hex(rgba[:3]))
    return found


@pytest.mark.parametrize("name", HELPERS)
def test_every_helper_draws_in_okabe_ito_colours_and_neutral_grey_with_text_of_9_points(name):
    """Three models by model, and one model without a group: each figure's
    colours are the palette's, and every text drawn is at least 9 points."""
    make, frame = HELPERS[name]
    data = raw(n_models=3, n_folds=1)
    allowed = {c.lower() for c in [*OKABE_ITO, NEUTRAL, *SHADE_COLOURS, "#ffffff"]}
    for plot in (
        make(frame(data).drop(columns="fold"), "model"),
        make(frame(data[data["model"] == "m0"]).drop(columns=["model", "fold"]), None),
    ):
        figure = draw(plot)
        colours = _colours(figure)
        sizes = {
            t.get_text(): t.get_fontsize()
            for t in figure.findobj(Text)
            if t.get_visible() and t.get_text().strip()
        }
        plt.close(figure)
        assert colours <= allowed, colours - allowed
        assert sizes and min(sizes.values()) >= 9, {k: v for k, v in sizes.items() if v < 9}


def _overlaps(boxes):
    return [
        (a, b)
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1
    ]


@pytest.mark.parametrize("name", ["error_plot", "cost_plot", "hull_plot", "cost_auc_plot"])
def test_tick_labels_of_side_by_side_facets_do_not_run_together(name):
    make, frame = HELPERS[name]
    tidy = frame(raw(n_models=3, n_folds=1)).drop(columns="fold")
    figure = draw(make(tidy, "model"), size=(9, 4))
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    boxes = [
        label.get_window_extent(renderer)
        for ax in figure.axes
        for label in ax.get_xticklabels()
        if label.get_visible() and label.get_text()
    ]
    plt.close(figure)
    assert len(boxes) >= 6  # at least two labels a facet
    assert not _overlaps(boxes)


def test_pr_plot_draws_one_neutral_labelled_baseline_at_the_weighted_prevalence():
    data = raw(n_models=2, n_folds=1)
    data.loc[data["model"] == "m1", ["y", "w"]] = data.loc[
        data["model"] == "m0", ["y", "w"]
    ].to_numpy()
    plot = pr_plot(pr_frame(data).drop(columns="fold"), by="model")
    figure = draw(plot)
    texts = [t.get_text() for t in figure.findobj(Text)]
    plt.close(figure)
    one = data[data["model"] == "m0"]
    prevalence = one["w"][one["y"] == 1].sum() / one["w"].sum()
    (hline,) = [layer for layer in plot.layers if type(layer.geom).__name__ == "geom_hline"]
    assert hline.data["yintercept"].tolist() == pytest.approx([prevalence], rel=1e-12)
    params = hline.geom.aes_params
    assert params["color"] == NEUTRAL and params["linetype"] == "dotted"
    assert f"weighted prevalence {prevalence:.3g}" in " ".join(texts).replace("\n", " ")
    curves = [layer for layer in plot.layers if type(layer.geom).__name__ == "geom_step"]
    assert NEUTRAL not in set(curves[0].data["color"])


def test_pr_plot_names_each_prevalence_when_the_curves_differ():
    data = raw(n_models=2, n_folds=1, seed=3)
    plot = pr_plot(pr_frame(data).drop(columns="fold"), by="model")
    figure = draw(plot)
    texts = " ".join(t.get_text() for t in figure.findobj(Text)).replace("\n", " ")
    plt.close(figure)
    (hline,) = [layer for layer in plot.layers if type(layer.geom).__name__ == "geom_hline"]
    for model, rows in data.groupby("model"):
        prevalence = rows["w"][rows["y"] == 1].sum() / rows["w"].sum()
        assert f"{model} {prevalence:.3g}" in texts
        assert prevalence == pytest.approx(
            hline.data["yintercept"].to_numpy()[int(model[1])], rel=1e-12
        )
    assert set(hline.data["colour"] if "colour" in hline.data else [NEUTRAL]) == {NEUTRAL}


def test_cost_auc_plot_says_in_a_legend_what_each_shade_is():
    data = raw(n_models=1, n_folds=1)
    plot = cost_auc_plot(roc_frame(data))
    figure = draw(plot)
    texts = [t.get_text() for t in figure.findobj(Text)]
    ribbons = [layer.data for layer in plot.layers if type(layer.geom).__name__ == "geom_ribbon"]
    plt.close(figure)
    assert all(shade in texts for shade in SHADES)
    assert [set(r["fill"]) for r in ribbons] == [{SHADE_COLOURS[0]}, {SHADE_COLOURS[1]}]
