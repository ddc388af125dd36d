"""What a reader sees in each plot helper's figure, read back from the drawn figure.

* Axis titles and legends are words, never variable names.
* A band says its level and method.
* No text covers the data: every text artist's box on the drawn figure is
  checked against the display coordinates of every drawn curve and point.
* One palette: each implementation has one colour and line type in every
  helper and on every page, and groups get colours that do not repeat.
* Axes show what matters: the cost axis starts at 0, the DET axis is labelled
  beyond both ends of the curve, the PR axes are not forced square.
"""

import re
import warnings
from pathlib import Path
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("plotnine")
import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import plotnine as p9  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.collections import LineCollection, PathCollection  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import weightedroc as wr  # noqa: E402
from weightedroc import plots  # noqa: E402
from weightedroc.metrics.threshold_measures import MEASURES  # noqa: E402
from weightedroc.plots.metric_plots import MEASURE_WORDS  # noqa: E402
from weightedroc.plots.palette import (  # noqa: E402
    GROUP_COLOURS,
    NEUTRAL,
    OKABE_ITO,
    PACKAGES,
    group_styles,
    package_scales,
)

ROOT = Path(__file__).resolve().parent.parent
SIMPLE = wr.load_rocr_simple()
RAW = (SIMPLE["predictions"].to_numpy(), SIMPLE["labels"].to_numpy())
ASAH = wr.load_asah()


def models(n=3, seed=0, size=120):
    """A dict of curves of `n` models of rising skill, with weights."""
    rng = np.random.default_rng(seed)
    curves = {}
    for m in range(n):
        label = rng.random(size) < 0.4
        guess = np.round(rng.normal(size=size) + (m + 0.7) * label, 2)
        curves[f"model {m + 1}"] = wr.WeightedROC(guess, label, rng.exponential(size=size) + 0.1)
    return curves


def figure_of(plot, size=None):
    """The drawn matplotlib figure (nothing dropped or clipped silently)."""
    if size is not None:
        plot = plot + p9.theme(figure_size=size)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = plot.draw()
    FigureCanvasAgg(figure).draw()
    return figure


def texts_of(figure):
    """Every visible, non-empty text of the figure."""
    return [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]


def words_of(figure):
    return [t.get_text() for t in texts_of(figure)]


def dense(xy, step=2.0):
    """Points every `step` display pixels along the path through `xy`, so
    that a text over the middle of a long straight segment is seen too."""
    parts = [xy[:1]]
    for a, b in zip(xy[:-1], xy[1:]):
        n = max(1, int(np.hypot(*(b - a)) // step))
        parts.append(a + (b - a) * (np.arange(1, n + 1) / n)[:, None])
    return np.concatenate(parts)


def data_points(figure):
    """Display coordinates of every drawn curve (densely along its segments)
    and point that is not a reference line (neutral grey), inside its panel."""
    found = []
    for ax in figure.axes:
        inside = ax.get_window_extent()
        for artist in ax.get_children():
            if isinstance(artist, Line2D):
                if to_hex(artist.get_color()) == NEUTRAL.lower() or not artist.get_visible():
                    continue
                xy = dense(artist.get_transform().transform(artist.get_xydata()))
            elif isinstance(artist, LineCollection):
                colours = {to_hex(c) for c in artist.get_colors()}
                if colours == {NEUTRAL.lower()}:
                    continue
                segments = [s for s in artist.get_segments() if len(s)]
                if not segments:
                    continue
                to_display = artist.get_transform().transform
                xy = np.concatenate([dense(to_display(s)) for s in segments])
            elif isinstance(artist, PathCollection):
                offsets = np.asarray(artist.get_offsets())
                if not len(offsets):
                    continue
                xy = artist.get_offset_transform().transform(offsets)
            else:
                continue
            keep = [inside.contains(x, y) for x, y in xy]
            found.append(xy[np.asarray(keep, bool)])
    return np.concatenate(found) if found else np.empty((0, 2))


def text_box(text, renderer):
    """(centre, half width, half height, angle in radians) of the rectangle a
    text covers on the figure, turned with the text (its axis-aligned window
    extent would also count the empty corners around a slanted label)."""
    box = text.get_window_extent(renderer)
    angle = text.get_rotation()
    text.set_rotation(0)
    flat = text.get_window_extent(renderer)
    text.set_rotation(angle)
    centre = np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    return centre, flat.width / 2, flat.height / 2, np.deg2rad(angle)


def covered(figure):
    """(text, number of data points inside its box) for texts that cover data."""
    points = data_points(figure)
    assert len(points) > 2, "no data found on the figure"
    renderer = figure.canvas.get_renderer()
    bad = []
    for text in texts_of(figure):
        centre, half_width, half_height, angle = text_box(text, renderer)
        u, v = (points - centre).T
        along = u * np.cos(angle) + v * np.sin(angle)
        across = -u * np.sin(angle) + v * np.cos(angle)
        inside = (np.abs(along) < half_width) & (np.abs(across) < half_height)
        if inside.any():
            bad.append((text.get_text(), int(inside.sum())))
    return bad


ONE = wr.WeightedROC(ASAH["s100b"], ASAH["outcome"])
BAND = wr.ci_se(
    ASAH["s100b"], ASAH["outcome"], specificities=np.linspace(0, 1, 21), n_boot=100, seed=1
)
PR = wr.weighted_pr(*RAW)
FIGURES = {
    "roc_plot": lambda: plots.roc_plot(ONE),
    "roc_plot models": lambda: plots.roc_plot(models(), by="model"),
    "roc_plot panels": lambda: plots.roc_plot(models(), by="model", panels=True),
    "error_plot": lambda: plots.error_plot(ONE),
    "cost_plot": lambda: plots.cost_plot(ONE, cost_fp=1, cost_fn=4),
    "cost_plot models": lambda: plots.cost_plot(models(), cost_fp=1, cost_fn=2, by="model"),
    "hull_plot": lambda: plots.hull_plot(ONE),
    "hull_plot models": lambda: plots.hull_plot(models(), by="model"),
    "cost_auc_plot": lambda: plots.cost_auc_plot(ONE),
    "cost_auc_plot models": lambda: plots.cost_auc_plot(models(), by="model"),
    "pr_plot": lambda: plots.pr_plot(PR),
    "pr_plot models": lambda: plots.pr_plot(
        {"ROCR.simple": PR, "aSAH": wr.weighted_pr(ASAH["s100b"], ASAH["outcome"])}, by="data"
    ),
    "se_band_plot": lambda: plots.se_band_plot(BAND, ONE),
    "measure_plot": lambda: plots.measure_plot(RAW, "prec", "rec"),
    "gain_plot": lambda: plots.gain_plot(RAW),
    "lift_plot": lambda: plots.lift_plot(RAW),
    "cost_curve_plot": lambda: plots.cost_curve_plot(RAW),
    "det_plot": lambda: plots.det_plot(ONE),
    "agreement_plot": lambda: plots.agreement_plot(
        {"weightedroc": ONE, "scikit-learn": sklearn_curve(ASAH["s100b"], ASAH["outcome"])}
    ),
}
VARIABLE = re.compile(r"\w_\w|\b(pauc|max_pauc|rho|prec|rec|acc|conf_low|conf_high)\b")


def sklearn_curve(guess, label):
    from sklearn.metrics import roc_curve

    fpr, tpr, _ = roc_curve(np.asarray(label) == "Poor", guess, drop_intermediate=False)
    return pd.DataFrame({"FPR": fpr, "TPR": tpr})


@pytest.mark.parametrize("name", FIGURES)
def test_every_figure_reads_as_words_over_titled_axes_with_no_text_over_data(name):
    """At plotnine's default size, drawn once for the three readings: no
    text covers the drawn data; every text is words, not a variable name;
    both axis titles are drawn, in words."""
    plot = FIGURES[name]()
    figure = figure_of(plot)
    bad, words = covered(figure), words_of(figure)
    plt.close(figure)
    assert not bad, f"{name}: text over data: {bad}"
    assert not [w for w in words if VARIABLE.search(w)], words
    assert not [w for w in words if "random classifier" in w], words
    for title in (plot.labels.x, plot.labels.y):
        assert title in words
        assert len(title) > 4 and " " in title or title[0].isupper(), title


@pytest.mark.deep
@pytest.mark.parametrize("name", FIGURES)
def test_no_text_covers_the_drawn_data_of_a_wide_figure(name):
    """The vignettes' wide figures, 9 x 4.5 in (in make test-deep: every
    figure drawn again takes a minute)."""
    figure = figure_of(FIGURES[name](), (9, 4.5))
    bad = covered(figure)
    plt.close(figure)
    assert not bad, f"{name}: text over data: {bad}"


def test_the_old_label_box_of_hull_plot_would_have_been_caught():
    """The check above sees a label over the curve (issue 23: the least-risk
    box covered the curve near FPR 0 at the default size)."""
    plot = plots.hull_plot(ONE) + p9.annotate(
        "label", x=0.1, y=0.2, label="least risk 0.1234 at threshold 0.5"
    )
    figure = figure_of(plot)
    bad = covered(figure)
    plt.close(figure)
    assert [text for text, _ in bad] == ["least risk 0.1234 at threshold 0.5"]


def test_every_measure_has_an_axis_title_in_words():
    assert set(MEASURES) <= set(MEASURE_WORDS)
    for short, words in MEASURE_WORDS.items():
        assert words != short and (words[0].isupper() or words[0].isdigit()), short


@pytest.mark.parametrize(
    "y, x, titles",
    [
        ("prec", "rec", ("Recall (TPR)", "Precision")),
        ("acc", "threshold", ("Threshold", "Accuracy")),
        ("f_meas", "fpr", ("False positive rate (FPR)", "F measure")),
    ],
)
def test_measure_plot_titles_its_axes_in_words(y, x, titles):
    figure = figure_of(plots.measure_plot(RAW, y, x))
    words = words_of(figure)
    plt.close(figure)
    assert set(titles) <= set(words)
    assert y not in words and x not in words


def test_se_band_plot_states_level_method_and_replicates_and_labels_chance():
    band = wr.ci_se(*RAW, specificities=np.linspace(0, 1, 11), conf_level=0.9, n_boot=50, seed=2)
    figure = figure_of(plots.se_band_plot(band))
    words = " ".join(words_of(figure)).replace("\n", " ")
    plt.close(figure)
    assert "90% band of the sensitivity" in words
    assert "stratified bootstrap percentile, 50 replicates" in words
    assert "chance" in words


def test_se_band_plot_of_a_band_built_by_hand_asks_for_its_level():
    band = pd.DataFrame({"specificity": [0, 1], "conf_low": [0.1, 0.0], "conf_high": [1, 0.4]})
    figure = figure_of(plots.se_band_plot(band))
    assert "level not given" in " ".join(words_of(figure))
    plt.close(figure)
    figure = figure_of(plots.se_band_plot(band, conf_level=0.8))
    assert "80% band of the sensitivity" in words_of(figure)
    plt.close(figure)


def test_se_band_plot_has_the_look_of_the_other_helpers():
    figure = figure_of(plots.se_band_plot(BAND, ONE))
    faces = {to_hex(ax.get_facecolor()) for ax in figure.axes}
    plt.close(figure)
    assert faces == {"#ffffff"}  # not plotnine's grey panel


def drawn_styles(plot):
    """{curve name: (colour, linetype)} of the curves' layer as plotnine drew it."""
    plt.close(figure_of(plot))
    layer = curve_layer(plot)
    names = layer._data.iloc[:, -1].cat.categories  # plotnine numbers groups in this order
    styles = layer.data.groupby("group")[["color", "linetype"]].first()
    return {str(n): (s["color"], s["linetype"]) for n, (_, s) in zip(names, styles.iterrows())}


def curve_layer(plot):
    """The layer drawing the curves: the one mapping their colour."""
    return next(layer for layer in plot.layers if "color" in layer.mapping)


def test_each_package_has_its_one_colour_and_line_type_in_roc_plot():
    sklearn = sklearn_curve(ASAH["s100b"], ASAH["outcome"])
    for names in (["weightedroc", "scikit-learn"], ["scikit-learn", "pROC", "weightedroc"]):
        curves = {n: ONE if n != "scikit-learn" else sklearn for n in names}
        styles = drawn_styles(plots.roc_plot(curves, by="package"))
        for n in names:
            colour, linetype = styles[n]
            assert colour == PACKAGES[n].colour
            assert linetype == PACKAGES[n].linetype


def test_package_scales_give_the_same_styles_to_a_figure_of_ones_own():
    frame = pd.DataFrame(
        {"n": [1, 2, 1, 2], "t": [1.0, 2.0, 1.5, 3.0], "who": ["pROC", "pROC", "ROCR", "ROCR"]}
    ).astype({"who": pd.CategoricalDtype(["pROC", "ROCR"])})
    plot = (
        p9.ggplot(frame, p9.aes("n", "t", color="who", linetype="who"))
        + p9.geom_line()
        + package_scales(["pROC", "ROCR"])
    )
    plt.close(figure_of(plot))
    drawn = plot.layers[0].data.groupby("group")[["color", "linetype"]].first()
    assert drawn["color"].tolist() == [PACKAGES["pROC"].colour, PACKAGES["ROCR"].colour]
    assert drawn["linetype"].tolist() == [PACKAGES["pROC"].linetype, PACKAGES["ROCR"].linetype]
    with pytest.raises(ValueError, match="no package style for \\['glmnet'\\]"):
        package_scales(["glmnet"])


def test_ten_folds_get_ten_colours_none_of_them_yellow():
    folds = {f"fold {i}": curve for i, curve in enumerate(models(10).values())}
    plot = plots.roc_plot(folds, by="fold")
    plt.close(figure_of(plot))
    colours = curve_layer(plot).data.groupby("group")["color"].first().tolist()
    assert len(set(colours)) == 10
    assert OKABE_ITO[7] not in colours  # yellow, faint on white
    assert colours == GROUP_COLOURS[:10]


def test_group_styles_do_not_repeat_before_84_curves():
    styles = group_styles([f"c{i}" for i in range(84)])
    assert len({(s.colour, str(s.linetype)) for s in styles}) == 84


def test_no_plot_module_or_vignette_writes_its_own_colours():
    """Colours are defined once, in weightedroc/plots/palette.py (the theme's
    greys in _plotnine.py): no other plot module or vignette holds a hex colour."""
    hex_colour = re.compile(r"['\"]#[0-9A-Fa-f]{6}['\"]")
    sources = [
        *(ROOT / "weightedroc" / "plots").glob("*.py"),
        *(ROOT / "vignettes").glob("*.py"),
    ]
    own = {
        p.name: hex_colour.findall(p.read_text(encoding="utf-8"))
        for p in sources
        if p.name not in ("palette.py", "_plotnine.py")
    }
    assert not {name: found for name, found in own.items() if found}


def test_cost_plot_axis_starts_at_zero_and_ends_at_one_and_a_half_trivial_costs():
    roc = wr.WeightedROC(*RAW)
    plot = plots.cost_plot(roc, cost_fp=1, cost_fn=4)
    figure = figure_of(plot)
    plt.close(figure)
    guess, label = RAW
    all_positive = 1 * (label == 0).sum()  # every negative a false positive
    all_negative = 4 * (label == 1).sum()  # every positive a false negative
    costs = [(guess >= t)[label == 0].sum() + 4 * (guess < t)[label == 1].sum() for t in guess]
    top = min(max(costs + [all_positive, all_negative]), 1.5 * min(all_positive, all_negative))
    assert plot.coordinates.limits.y == pytest.approx((0, top), rel=1e-12)
    rule = next(layer for layer in plot.layers if type(layer.geom).__name__ == "geom_hline")
    assert rule.data["yintercept"].tolist() == [min(all_positive, all_negative)]


def test_pr_plot_axes_are_not_square_and_start_below_the_prevalence():
    plot = plots.pr_plot(PR)
    assert type(plot.coordinates).__name__ == "coord_cartesian"
    bottom = plot.coordinates.limits.y[0]
    prevalence = RAW[1].mean()
    assert bottom <= min(prevalence, PR["precision"].min()) <= bottom + 0.1
    assert round(20 * bottom) == pytest.approx(20 * bottom)  # a multiple of 0.05


def test_det_plot_labels_ticks_beyond_both_ends_of_the_curve():
    plot = plots.det_plot(ONE)
    figure = figure_of(plot)
    ax = figure.axes[0]
    shown = [float(t.get_text().rstrip("%")) / 100 for t in ax.get_yticklabels() if t.get_text()]
    plt.close(figure)
    fnr = plot.data["fnr"]
    assert min(shown) <= fnr.min() and max(shown) >= fnr.max()
    assert len(shown) >= 5


def test_gain_plot_tells_the_perfect_and_random_lines_apart():
    plot = plots.gain_plot(RAW)
    figure = figure_of(plot)
    words = words_of(figure)
    plt.close(figure)
    assert {"perfect model", "random order"} <= set(words)
    reference = plot.layers[0].data
    assert reference.groupby("group")["linetype"].first().nunique() == 2


def brute_force_ulps(points, reference):
    """Nearest reference vertex by the largest coordinate gap, over all pairs."""
    gaps = np.abs(points[:, None, :] - reference[None, :, :]).max(axis=2)
    near = reference[gaps.argmin(axis=1)]
    out = []
    for column in (0, 1):
        a, b = points[:, column], near[:, column]
        step = np.spacing(np.minimum(np.abs(a), np.abs(b)))
        out.append(np.where(a == b, 0.0, (a - b) / step))
    return out


def test_agreement_frame_is_the_brute_force_distance_in_ulps():
    ours = wr.WeightedROC(*RAW)
    from sklearn.metrics import roc_curve

    fpr, tpr, _ = roc_curve(RAW[1], RAW[0], drop_intermediate=False)
    theirs = pd.DataFrame({"FPR": fpr, "TPR": tpr})
    frame = plots.agreement_frame({"weightedroc": ours, "scikit-learn": theirs})
    reference = np.unique(ours[["FPR", "TPR"]].to_numpy(), axis=0)
    points = np.unique(theirs[["FPR", "TPR"]].to_numpy(), axis=0)
    expected_fpr, expected_tpr = brute_force_ulps(points, reference)
    got = frame.sort_values(["rate", "FPR", "TPR"])
    assert got[got["rate"] == "FPR"]["ulps"].tolist() == expected_fpr.tolist()
    assert got[got["rate"] == "TPR"]["ulps"].tolist() == expected_tpr.tolist()
    assert frame.attrs["vertices"] == {"weightedroc": 201, "scikit-learn": 201}
    assert np.abs(frame["ulps"]).max() <= 8  # roundings, not other points


def test_agreement_of_a_curve_with_itself_reversed_is_zero_everywhere():
    frame = plots.agreement_frame({"a": ONE, "b": ONE.iloc[::-1]})
    assert (frame["ulps"] == 0).all() and len(frame) == 2 * 51


def test_agreement_plot_draws_each_implementation_in_its_package_colour():
    curves = {"weightedroc": ONE, "pROC": ONE.copy(), "ROCR": ONE.copy()}
    plot = plots.agreement_plot(curves)
    figure = figure_of(plot)
    words = " ".join(words_of(figure))
    plt.close(figure)
    points = next(layer for layer in plot.layers if type(layer.geom).__name__ == "geom_point")
    assert set(points.data["color"]) == {PACKAGES["pROC"].colour, PACKAGES["ROCR"].colour}
    assert "pROC minus weightedroc" in words and "largest |difference|: 0 ulps" in words
    assert plot.layers[1].data["y"].abs().max() == 0
    limits = figure.axes[0].get_ylim()
    assert limits[0] <= -4 and limits[1] >= 4  # agreement reads as a flat line


def test_roc_plot_panels_draws_each_curve_in_a_panel_of_its_own():
    plot = plots.roc_plot(models(4), by="model", panels=True)
    plt.close(figure_of(plot))
    per_panel = curve_layer(plot).data.groupby("PANEL", observed=True)["group"].nunique()
    assert len(per_panel) == 4 and (per_panel == 1).all()


def test_normal_deviate_ticks_are_the_rates_they_name():
    plot = plots.det_plot(ONE)
    scale = next(s for s in plot.scales if "y" in s.aesthetics)
    for value, label in zip(scale.breaks, scale.labels):
        assert NormalDist().cdf(value) == pytest.approx(float(label.rstrip("%")) / 100)
