"""ROC and error plots: what is drawn, read back from the drawn layers."""

import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("plotnine")
import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from weightedroc import WeightedROC  # noqa: E402
from weightedroc.plots import error_frame, error_plot, roc_plot  # noqa: E402
from weightedroc.plots._plotnine import OKABE_ITO  # noqa: E402
from weightedroc.plots.curves import ERROR_COLOURS  # noqa: E402

# R's ?WeightedROC example.
GUESS = [1, 2, 3, 1, 1]
LABEL = [-1, -1, 1, 1, 1]
WEIGHT = [1, 1, 1, 4, 5]


def drawn(plot):
    """The data of each layer as plotnine drew it (x, y, color, linetype, PANEL)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. a palette too short for the curves
        figure = plot.draw()
    plt.close(figure)
    return [layer.data for layer in plot.layers]


@pytest.fixture
def example():
    return WeightedROC(GUESS, LABEL, WEIGHT)


def tidy_curves(n_models=2, n_folds=2, seed=0):
    """A tidy frame of several curves, by-columns first (as roc_table's)."""
    rng = np.random.default_rng(seed)
    frames = []
    for model in range(n_models):
        for fold in range(1, n_folds + 1):
            label = np.repeat([0, 1], 20)
            guess = rng.normal(size=40) + label * (model + 1)
            frames.append(WeightedROC(guess, label).assign(model=f"m{model}", fold=fold))
    tidy = pd.concat(frames, ignore_index=True)
    return tidy[["model", "fold", "TPR", "FPR", "threshold", "FN", "FP"]]


def test_roc_plot_draws_the_curve_as_a_path_over_the_diagonal(example):
    diagonal, curve, label = drawn(roc_plot(example))
    assert label["label"].tolist() == ["chance"]
    assert diagonal[["x", "y"]].to_numpy().tolist() == [[0, 0], [1, 1]]
    assert curve["x"].tolist() == example["FPR"].tolist()
    assert curve["y"].tolist() == example["TPR"].tolist()


def test_roc_plot_has_equal_unit_axes_and_labels(example):
    plot = roc_plot(example)
    assert plot.coordinates.ratio == 1
    assert plot.coordinates.limits.x == (0, 1)
    assert plot.coordinates.limits.y == (0, 1)
    assert "FPR" in plot.labels.x and "TPR" in plot.labels.y


def test_roc_plot_gives_each_group_its_own_colour_and_line_type():
    tidy = tidy_curves(n_models=3, n_folds=1)
    curve = drawn(roc_plot(tidy, by="model"))[1]
    styles = curve.groupby("group")[["color", "linetype"]].first()
    assert len(styles) == 3
    assert styles["color"].nunique() == 3
    assert styles.astype(str)["linetype"].nunique() == 3
    for group, model in enumerate(["m0", "m1", "m2"], start=1):  # in row order
        rows, mine = curve[curve["group"] == group], tidy[tidy["model"] == model]
        assert rows["x"].tolist() == mine["FPR"].tolist()
        assert rows["y"].tolist() == mine["TPR"].tolist()


def test_roc_plot_colours_by_the_first_group_column_and_line_types_by_the_second():
    tidy = tidy_curves(n_models=5, n_folds=3)
    plot = roc_plot(tidy, by=["model", "fold"])
    assert (plot.labels.color, plot.labels.linetype) == ("model", "fold")
    curve = drawn(plot)[1]
    assert (
        curve.groupby("group").size().tolist()
        == tidy.groupby(["model", "fold"], sort=False).size().tolist()
    )
    assert plot.layers[1]._data["model / fold"].cat.categories.tolist() == [
        f"m{m} / {f}" for m in range(5) for f in (1, 2, 3)
    ]
    # 15 curves, 5 colours x 3 line types: one colour per model, one type per fold
    curve = curve.assign(model=tidy["model"].to_numpy(), fold=tidy["fold"].to_numpy())
    assert (curve.groupby("model")["color"].nunique() == 1).all()
    assert curve.groupby("model")["color"].first().tolist() == OKABE_ITO[:5]
    assert (curve.astype({"linetype": str}).groupby("fold")["linetype"].nunique() == 1).all()
    assert curve.astype({"linetype": str}).groupby("fold")["linetype"].first().nunique() == 3


def test_roc_plot_names_a_missing_group_value_na_as_r_prints_it():
    tidy = tidy_curves(n_models=2, n_folds=1)
    tidy["model"] = tidy["model"].astype(object).where(tidy["model"] != "m1", None)
    plot = roc_plot(tidy, by="model")
    assert plot.layers[1]._data["model"].cat.categories.tolist() == ["m0", "NA"]
    assert (
        drawn(plot)[1].groupby("group").size().tolist()
        == tidy.groupby("model", sort=False, dropna=False).size().tolist()
    )


def test_roc_plot_keeps_the_order_of_a_categorical_group(example):
    tidy = pd.concat([example.assign(k="b"), example.assign(k="a")], ignore_index=True)
    tidy["k"] = pd.Categorical(tidy["k"], categories=["b", "a"])
    plot = roc_plot(tidy, by="k")
    assert plot.layers[1]._data["k"].cat.categories.tolist() == ["b", "a"]


def test_roc_plot_of_a_dict_names_curves_by_key_in_dict_order(example):
    unweighted = WeightedROC(GUESS, LABEL)
    plot = roc_plot({"weighted": example, "unweighted": unweighted})
    assert plot.labels.color == "curve"
    curve = drawn(plot)[1]
    first = curve[curve["group"] == 1]
    assert first["x"].tolist() == example["FPR"].tolist()
    named = roc_plot({"weighted": example, "unweighted": unweighted}, by="weights")
    assert named.labels.color == "weights"


def test_roc_plot_draws_seven_overlapping_curves_with_distinct_line_types(example):
    curves = {f"c{i}": example for i in range(7)}
    curve = drawn(roc_plot(curves))[1]
    assert curve.groupby("group")["linetype"].first().astype(str).nunique() == 7


def test_roc_plot_accepts_curves_of_other_packages_with_only_fpr_tpr(example):
    other = pd.DataFrame({"FPR": [0.0, 0.5, 1.0], "TPR": [0.0, 0.8, 1.0]})
    curve = drawn(roc_plot({"weightedroc": example, "other": other}, by="package"))[1]
    assert curve[curve["group"] == 2][["x", "y"]].to_numpy().tolist() == [
        [0, 0],
        [0.5, 0.8],
        [1, 1],
    ]


def test_plots_do_not_modify_the_callers_frame(example):
    tidy = tidy_curves()
    before, before_tidy = example.copy(), tidy.copy()
    roc_plot(example), error_plot(example), error_frame(example)
    roc_plot(tidy, by=["model", "fold"]), error_plot(tidy, by=["model", "fold"])
    pd.testing.assert_frame_equal(example, before)
    pd.testing.assert_frame_equal(tidy, before_tidy)


def test_error_frame_stacks_fp_fn_and_their_sum(example):
    errors = error_frame(example)
    # R's example: FP = 2,1,0,0 and FN = 0,9,9,10 at thresholds 1, 2, 3, Inf.
    assert errors["error"].tolist() == ["FP"] * 4 + ["FN"] * 4 + ["errors"] * 4
    assert errors["weighted_error"].tolist() == [2, 1, 0, 0, 0, 9, 9, 10, 2, 10, 9, 10]
    assert errors["threshold"].tolist() == [1, 2, 3, np.inf] * 3
    assert list(errors.columns) == ["threshold", "error", "weighted_error"]


def test_error_frame_keeps_the_group_columns():
    tidy = tidy_curves()
    errors = error_frame(tidy, by=["model", "fold"])
    assert list(errors.columns) == ["model", "fold", "threshold", "error", "weighted_error"]
    assert errors["model"].tolist() == tidy["model"].tolist() * 3


def brute_force_errors(tau, guess, label, weight):
    """Weighted FP and FN when guesses >= tau are classified positive."""
    guess, positive, weight = np.array(guess), np.array(label) == 1, np.array(weight)
    predicted = guess >= tau
    return {"FP": weight[predicted & ~positive].sum(), "FN": weight[~predicted & positive].sum()}


def step_value(layer, colour, tau):
    """Value at tau of a 'vh' step path: y of the first point with x >= tau."""
    points = layer[layer["color"] == colour].sort_values("x", kind="stable")
    return points["y"].to_numpy()[np.searchsorted(points["x"].to_numpy(), tau)]


def test_error_plot_steps_equal_the_errors_at_every_threshold(example):
    layer = drawn(error_plot(example))[0]
    for tau in [0.95, 1, 1.5, 2, 2.5, 3, 3.05]:
        expected = brute_force_errors(tau, GUESS, LABEL, WEIGHT)
        expected["errors"] = expected["FP"] + expected["FN"]
        for error, colour in ERROR_COLOURS.items():
            assert step_value(layer, colour, tau) == expected[error], (tau, error)


def test_error_plot_draws_infinite_thresholds_just_outside_the_finite_ones():
    guess, label = [-np.inf, 0, 1, 2, 10], [-1, 1, -1, 1, 1]
    layer = drawn(error_plot(WeightedROC(guess, label)))[0]
    x = np.sort(layer["x"].unique())
    assert x.tolist() == [-0.5, 0, 1, 2, 10, 10.5]  # +-5% of the finite range


def test_error_plot_uses_colour_blind_safe_colours_and_line_types(example):
    plot = error_plot(example)
    layer = drawn(plot)[0]
    assert layer.groupby("group")["color"].first().tolist() == [
        "#0072B2",
        "#D55E00",
        "#000000",
    ]  # Okabe-Ito blue, vermillion, black
    assert layer.groupby("group")["linetype"].first().tolist() == ["dashed", "dashdot", "solid"]
    assert plot.labels.x.startswith("threshold")
    assert plot.labels.y == "weighted error"


def test_error_plot_without_steps_joins_the_points_like_r(example):
    plot = error_plot(example, step=False)
    assert type(plot.layers[0].geom).__name__ == "geom_line"
    layer = drawn(plot)[0]
    black = layer[layer["color"] == "#000000"].sort_values("x")
    assert black["y"].tolist() == [2, 2, 10, 9, 10]


def test_error_plot_draws_one_facet_per_curve():
    tidy = tidy_curves(n_models=2, n_folds=2)
    layer = drawn(error_plot(tidy, by=["model", "fold"]))[0]
    assert layer["PANEL"].nunique() == 4
    one_fold = tidy[tidy["fold"] == 1]
    layer = drawn(
        error_plot(
            {"a": one_fold[one_fold["model"] == "m0"], "b": one_fold[one_fold["model"] == "m1"]}
        )
    )[0]
    assert layer["PANEL"].nunique() == 2


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: roc_plot([1, 2]), TypeError, "DataFrame"),
        (lambda: roc_plot(pd.DataFrame({"FPR": [0.0]})), ValueError, "'TPR'"),
        (lambda: roc_plot(pd.DataFrame({"FPR": [], "TPR": []})), ValueError, "no rows"),
        (lambda: roc_plot(tidy_curves(), by="nope"), ValueError, "'nope'"),
        (lambda: roc_plot(tidy_curves(), by=["model", 3]), TypeError, "column name"),
        (lambda: roc_plot({"a": [1]}), TypeError, "curve 'a' must be a DataFrame"),
        (lambda: roc_plot({}), ValueError, "empty"),
        (lambda: roc_plot({"a": tidy_curves()}, by=["x", "y"]), TypeError, "dict"),
        (lambda: error_plot(pd.DataFrame({"TPR": [1.0], "FPR": [1.0]})), ValueError, "'threshold'"),
    ],
)
def test_bad_input_says_what_is_expected(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_importing_the_package_and_its_plots_does_not_import_plotnine():
    code = "import sys, weightedroc, weightedroc.plots; print('plotnine' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_roc_plot_draws_each_group_of_roc_table_as_its_own_curve():
    from weightedroc import roc_table

    data = pd.DataFrame(
        {
            "model": ["a"] * 4 + ["b"] * 4,
            "fold": [1, 1, 2, 2] * 2,
            "score": [1, 2, 3, 4, 4, 3, 2, 1],
            "y": [0, 1] * 4,
        }
    )
    table = roc_table(data, guess="score", label="y", by=["model", "fold"])
    curve = drawn(roc_plot(table, by=["model", "fold"]))[1]
    assert curve["group"].nunique() == 4
    for group, (model, fold) in enumerate([("a", 1), ("a", 2), ("b", 1), ("b", 2)], 1):
        rows = data[(data["model"] == model) & (data["fold"] == fold)]
        expected = WeightedROC(rows["score"], rows["y"])
        assert curve[curve["group"] == group]["x"].tolist() == expected["FPR"].tolist()


@pytest.mark.parametrize(
    "make",
    [
        lambda ex: roc_plot(ex),
        lambda ex: roc_plot(tidy_curves(), by=["model", "fold"]),
        lambda ex: roc_plot({"weightedroc": ex, "again": ex}),
        lambda ex: error_plot(ex),
        lambda ex: error_plot(tidy_curves(n_folds=1), by="model"),
    ],
    ids=["roc", "roc tidy", "roc dict", "error", "error facets"],
)
def test_every_plot_renders_to_a_png_of_the_asked_size(make, example, tmp_path):
    path = tmp_path / "plot.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing clipped or dropped silently
        make(example).save(path, width=5, height=4, dpi=50, verbose=False)
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
    assert (width, height) == (250, 200)
