"""se_band_plot: the ci_se band drawn on the ROC plot (pROC's type = "shape")."""

import warnings

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("plotnine")
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.text  # noqa: E402

from weightedroc import WeightedROC, ci_se, ci_sp  # noqa: E402
from weightedroc.plots import se_band_plot  # noqa: E402

GUESS = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.5, 0.3]
LABEL = [0, 0, 1, 1, 0, 0, 1, 1, 1, 0]


def drawn(plot):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = plot.draw()
    plt.close(figure)
    return [layer.data for layer in plot.layers]


def test_band_is_lower_to_upper_at_one_minus_specificity_under_the_curve():
    band = ci_se(GUESS, LABEL, specificities=[1, 0.75, 0.5, 0.2, 0], n_boot=100, seed=1)
    roc = WeightedROC(GUESS, LABEL)
    diagonal, chance, ribbon, curve = drawn(se_band_plot(band, roc))
    assert chance["label"].tolist() == ["chance"]
    assert diagonal[["x", "y"]].to_numpy().tolist() == [[0, 0], [1, 1]]
    # Sorted by FPR: specificities 1, 0.75, 0.5, 0.2, 0 are FPR 0, 0.25, 0.5, 0.8, 1.
    np.testing.assert_allclose(ribbon["x"], [0, 0.25, 0.5, 0.8, 1], atol=1e-15)
    assert ribbon["ymin"].tolist() == band["conf_low"].tolist()
    assert ribbon["ymax"].tolist() == band["conf_high"].tolist()
    assert curve["x"].tolist() == roc["FPR"].tolist()
    assert curve["y"].tolist() == roc["TPR"].tolist()


def test_band_alone_and_unsorted_specificities():
    band = ci_se(GUESS, LABEL, specificities=[0.2, 0.9, 0.5], n_boot=50, seed=2)
    diagonal, _, ribbon = drawn(se_band_plot(band))
    order = np.argsort(1 - band["specificity"].to_numpy())
    np.testing.assert_allclose(ribbon["x"], 1 - band["specificity"].to_numpy()[order])
    assert ribbon["ymin"].tolist() == band["conf_low"].to_numpy()[order].tolist()


def test_band_plot_renders_and_extends_with_plus(tmp_path):
    import plotnine as p9

    band = ci_se(GUESS, LABEL, specificities=np.linspace(0, 1, 11), n_boot=50, seed=3)
    plot = se_band_plot(band, WeightedROC(GUESS, LABEL)) + p9.ggtitle("band")
    path = tmp_path / "band.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plot.save(path, width=5, height=4, dpi=50, verbose=False)
    header = path.read_bytes()[:24]
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (
        250,
        200,
    )


@pytest.mark.parametrize(
    "frame, error, words",
    [
        ([1, 2], TypeError, "must be the DataFrame that ci_se returns"),
        (
            pd.DataFrame({"sensitivity": [0, 1], "conf_low": [0, 1], "conf_high": [0, 1]}),
            ValueError,
            r"lacks the column\(s\) \['specificity'\]",
        ),
        (
            pd.DataFrame({"specificity": [0.5], "conf_low": [0], "conf_high": [1]}),
            ValueError,
            "at least 2 specificities",
        ),
    ],
)
def test_bad_band_says_what_is_expected(frame, error, words):
    with pytest.raises(error, match=words):
        se_band_plot(frame)


@pytest.mark.parametrize(
    "stratified, method",
    [(True, "stratified bootstrap percentile"), (False, "bootstrap percentile")],
)
def test_band_records_and_shows_whether_its_bootstrap_was_stratified(stratified, method):
    band = ci_se(GUESS, LABEL, specificities=[0.2, 0.5], n_boot=20, seed=4, stratified=stratified)
    assert band.attrs["method"] == method
    sp_band = ci_sp(GUESS, LABEL, sensitivities=[0.5], n_boot=20, seed=4, stratified=stratified)
    assert sp_band.attrs["method"] == method
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        figure = se_band_plot(band).draw()
    texts = [t.get_text() for t in figure.findobj(matplotlib.text.Text)]
    plt.close(figure)
    assert f"95% band of the sensitivity\n{method}, 20 replicates" in texts
