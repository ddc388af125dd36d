"""The 1.0 vocabulary: cost_fp, cost_fn, prevalence, by and roc, keyword-only.

Every old keyword name keeps working with a FutureWarning that shows the new
call, and gives the same result as the new name; a cost given by position
is a TypeError naming the keywords to use.
"""

import warnings

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr

SMALL = ([1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 1, 0], [1, 1, 2, 2, 1, 3])


@pytest.fixture(scope="module")
def roc():
    return wr.WeightedROC(*SMALL)


@pytest.fixture(scope="module")
def table():
    df = pd.DataFrame(
        {
            "m": ["a"] * 6 + ["b"] * 6,
            "g": [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1],
            "y": [0, 1, 0, 1, 1, 0] * 2,
        }
    )
    return wr.roc_table(df, "g", "y", by="m")


def old_and_new(call_old, call_new, old, new):
    """Both results; the old call warns once per old name, naming the new call."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        before = call_old()
    messages = [str(w.message) for w in caught if issubclass(w.category, FutureWarning)]
    for name, replacement in zip(old, new):
        assert any(
            f"({name}=...) is deprecated" in m and f"{replacement}=" in m for m in messages
        ), (
            name,
            messages,
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)  # the new names never warn
        after = call_new()
    return before, after


def same(a, b):
    pd.testing.assert_frame_equal(a, b, check_exact=True)


def test_min_risk_old_names(roc):
    before, after = old_and_new(
        lambda: wr.min_risk(roc, p_target=0.3, c_miss=4, c_fa=2),
        lambda: wr.min_risk(roc, prevalence=0.3, cost_fn=4, cost_fp=2),
        ["p_target", "c_miss", "c_fa"],
        ["prevalence", "cost_fn", "cost_fp"],
    )
    assert before == after
    # Independent: risk of each row p FNR c_fn + (1 - p) FPR c_fp, least first.
    risk = 0.3 * (1 - roc["TPR"]) * 4 + 0.7 * roc["FPR"] * 2
    assert after.risk == pytest.approx(risk.min(), rel=1e-15)
    assert after.threshold == roc["threshold"][risk.idxmin()]
    assert (after.prevalence, after.cost_fn, after.cost_fp) == (0.3, 4.0, 2.0)


def test_min_risk_old_attribute_names_warn(roc):
    result = wr.min_risk(roc, prevalence=0.3, cost_fn=4, cost_fp=2)
    for old, new in (("p_target", "prevalence"), ("c_miss", "cost_fn"), ("c_fa", "cost_fp")):
        with pytest.warns(FutureWarning, match=rf"MinRisk\.{old} is deprecated.*use \.{new}"):
            assert getattr(result, old) == getattr(result, new)


def test_isocost_line_old_names():
    before, after = old_and_new(
        lambda: wr.isocost_line(p_target=0.5, c_miss=5, c_fa=1, point=(2 / 3, 1.0)),
        lambda: wr.isocost_line(prevalence=0.5, cost_fn=5, cost_fp=1, point=(2 / 3, 1.0)),
        ["p_target", "c_miss", "c_fa"],
        ["prevalence", "cost_fn", "cost_fp"],
    )
    same(before, after)
    assert after["slope"].tolist() == [0.2] * 4  # (1 - p) c_fp / (p c_fn)


def test_coords_group_is_by(table):
    before, after = old_and_new(
        lambda: wr.coords(table, "best", ret=["threshold", "youden"], group="m"),
        lambda: wr.coords(table, "best", ret=["threshold", "youden"], by="m"),
        ["group"],
        ["by"],
    )
    same(before, after)
    assert after["m"].unique().tolist() == ["a", "b"]


def test_weighted_auc_tpr_fpr_is_roc(roc):
    before, after = old_and_new(
        lambda: wr.WeightedAUC(tpr_fpr=roc), lambda: wr.WeightedAUC(roc=roc), ["tpr_fpr"], ["roc"]
    )
    assert before == after == wr.WeightedAUC(roc)  # still positional, as R's WeightedAUC(x)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda r: wr.threshold_cost(r, 1, 3), "give cost_fp=, cost_fn= by keyword"),
        (lambda r: wr.best_threshold(r, "cost", 1, 3), "give cost_fp=, cost_fn= by keyword"),
        (lambda r: wr.cost_auc(r, 1, 3), "give cost_fp=, cost_fn= by keyword"),
        (lambda r: wr.min_risk(r, 0.5, 1, 3), "give prevalence=, cost_fp=, cost_fn= by keyword"),
        (lambda r: wr.isocost_line(0.5, 1, 3), "give cost_fp=, cost_fn= by keyword"),
        (lambda r: wr.partial_auc(r, (0, 0.3)), "give fpr_range= by keyword"),
    ],
)
def test_positional_costs_are_type_errors(roc, call, message):
    with pytest.raises(TypeError, match=message):
        call(roc)


def test_cost_region_costs_are_keyword_only(roc):
    from weightedroc.curves.areas import cost_region

    with pytest.raises(TypeError, match="give cost_fp=, cost_fn= by keyword"):
        cost_region(roc, 1, 3)


def test_cost_auc_is_the_same_by_keyword_in_either_order(roc):
    # cost_auc(roc, 1, 3) used to mean cost_fn=1, cost_fp=3: now only keywords say which.
    a = wr.cost_auc(roc, cost_fp=3, cost_fn=1)
    b = wr.cost_auc(roc, cost_fn=1, cost_fp=3)
    assert a == b and a.rho == 0.25


# ------------------------------------------------------------------- plots


def layers(plot):
    """The data of each layer as plotnine drew it (positions, colours, panels)."""
    import matplotlib.pyplot as plt

    figure = plot.draw()
    plt.close(figure)
    return [layer.data for layer in plot.layers]


def same_plot(a, b):
    assert type(a).__name__ == type(b).__name__ == "ggplot"
    for x, y in zip(layers(a), layers(b), strict=True):
        if isinstance(x, pd.DataFrame):
            pd.testing.assert_frame_equal(x, y, check_exact=True)
    assert a.labels == b.labels


PLOTS = {
    "roc_plot": ("roc_plot", {}, {}),
    "error_plot": ("error_plot", {}, {}),
    "cost_plot": ("cost_plot", {"cost_fp": 1, "cost_fn": 3}, {"cost_fp": 1, "cost_fn": 3}),
    "cost_auc_plot": ("cost_auc_plot", {"cost_fp": 3, "cost_fn": 1}, {"cost_fp": 3, "cost_fn": 1}),
    "hull_plot": (
        "hull_plot",
        {"p_target": 0.3, "c_miss": 4, "c_fa": 1},
        {"prevalence": 0.3, "cost_fn": 4, "cost_fp": 1},
    ),
}


@pytest.mark.parametrize("name", PLOTS)
def test_plots_old_names(table, name):
    plots = pytest.importorskip("weightedroc.plots", reason="plotnine is not installed")
    pytest.importorskip("plotnine", reason="plotnine is not installed")
    function_name, old_options, new_options = PLOTS[name]
    function = getattr(plots, function_name)
    old = [k for k in old_options if k not in new_options]
    new = [{"p_target": "prevalence", "c_miss": "cost_fn", "c_fa": "cost_fp"}[k] for k in old]
    before, after = old_and_new(
        lambda: function(curve=table, group="m", **old_options),
        lambda: function(roc=table, by="m", **new_options),
        ["curve", "group", *old],
        ["roc", "by", *new],
    )
    same_plot(before, after)


def test_pr_plot_and_error_frame_old_names():
    plots = pytest.importorskip("weightedroc.plots", reason="plotnine is not installed")
    pytest.importorskip("plotnine", reason="plotnine is not installed")
    pr = {"a": wr.weighted_pr(*SMALL), "b": wr.weighted_pr([6, 5, 4, 3, 2, 1], SMALL[1])}
    before, after = old_and_new(
        lambda: plots.pr_plot(curve=pr, group="model"),
        lambda: plots.pr_plot(pr=pr, by="model"),
        ["curve", "group"],
        ["pr", "by"],
    )
    same_plot(before, after)
    roc = wr.WeightedROC(*SMALL).assign(m="a")
    before, after = old_and_new(
        lambda: plots.error_frame(curve=roc, group="m"),
        lambda: plots.error_frame(roc=roc, by="m"),
        ["curve", "group"],
        ["roc", "by"],
    )
    same(before, after)
    # Independent: FP, FN and their sum, three rows per row of the curve.
    errors = after.pivot_table("weighted_error", "threshold", "error", observed=True)
    np.testing.assert_array_equal(errors["errors"], (roc["FP"] + roc["FN"]).to_numpy())


def test_se_band_plot_old_name(roc):
    plots = pytest.importorskip("weightedroc.plots", reason="plotnine is not installed")
    pytest.importorskip("plotnine", reason="plotnine is not installed")
    band = pd.DataFrame(
        {"specificity": [0.0, 0.5, 1.0], "conf_low": [0.9, 0.5, 0.0], "conf_high": [1.0, 0.8, 0.3]}
    )
    before, after = old_and_new(
        lambda: plots.se_band_plot(ci_se_frame=band, roc=roc),
        lambda: plots.se_band_plot(band=band, roc=roc),
        ["ci_se_frame"],
        ["band"],
    )
    same_plot(before, after)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda p, r: p.cost_plot(r, 1, 3), "give cost_fp=, cost_fn= by keyword"),
        (lambda p, r: p.cost_auc_plot(r, 1, 3), "give cost_fp=, cost_fn= by keyword"),
        (lambda p, r: p.hull_plot(r, 0.5, 1, 3), "give prevalence=, cost_fp=, cost_fn= by keyword"),
        (lambda p, r: p.roc_plot(r, "m"), "give by= by keyword"),
    ],
)
def test_plot_costs_and_by_are_keyword_only(roc, call, message):
    plots = pytest.importorskip("weightedroc.plots", reason="plotnine is not installed")
    with pytest.raises(TypeError, match=message):
        call(plots, roc)


def test_both_old_and_new_name_is_an_error(roc):
    with pytest.raises(TypeError, match="got both p_target= .* and prevalence="):
        wr.min_risk(roc, p_target=0.3, prevalence=0.3)
