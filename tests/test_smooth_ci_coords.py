"""ci_coords of a smoothed curve (issue 38 item 8): every input and return
that `coords` of a smoothed curve takes, as pROC's ``ci.coords(smooth(roc))``.

Each replicate is checked against `coords` of that replicate's smoothed
curve, rebuilt here by hand (the rows drawn as pROC's bootstrap draws them,
then `smooth_roc` and `coords`), and the intervals against live pROC within
Monte Carlo error.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import weightedroc as wr
from weightedroc.datasets import load_asah

ASAH = load_asah()
G = ASAH["s100b"].to_numpy()
Y = (ASAH["outcome"] == "Poor").to_numpy().astype(int)


def by_hand(guess, label, weight, x, input, ret, n_boot, seed, stratified=True, **best):
    """The quantiles of `coords` of each replicate's smoothed curve: rows
    drawn cases from cases and controls from controls (or all together),
    smoothed again, read by `coords`; replicates without a class dropped."""
    rng = np.random.default_rng(seed)
    positives, negatives = np.flatnonzero(label == 1), np.flatnonzero(label == 0)
    rows_of = []
    for _ in range(n_boot):
        if stratified:
            rows = np.concatenate(
                (rng.choice(positives, len(positives)), rng.choice(negatives, len(negatives)))
            )
        else:
            rows = rng.integers(0, len(label), len(label))
        rows_of.append(rows)
    values = []
    for rows in rows_of:
        y = label[rows]
        if y.all() or not y.any():
            continue
        w = None if weight is None else weight[rows]
        curve = wr.smooth_roc(guess[rows], y, w)
        table = wr.coords(curve, x, input=input, ret=ret, **best)
        values.append(table[ret].to_numpy(dtype=float)[:1].ravel() if x == "best" else
                      table[ret].to_numpy(dtype=float).ravel())  # fmt: skip
    probs = [(1 - 0.95) / 2, 0.5, (1 + 0.95) / 2]  # as R writes them
    return np.nanquantile(np.array(values), probs, axis=0)


CASES = [
    ([0.8, 0.9], "specificity", ["specificity", "ppv", "tp", "1-sensitivity"]),
    ([5.0, 20.0], "tp", ["npv", "fdr", "accuracy", "fn"]),
    ([0.3], "fpr", ["tn", "precision", "1-accuracy", "youden", "closest.topleft"]),
    ([0.6, 0.75], "recall", ["1-npv", "1-ppv", "fnr", "tnr"]),
    ("best", "specificity", ["sensitivity", "specificity", "accuracy", "tp", "fp"]),
]


@pytest.mark.parametrize(("x", "input", "ret"), CASES)
@pytest.mark.parametrize("stratified", [True, False])
def test_replicates_are_coords_of_each_replicates_smoothed_curve(x, input, ret, stratified):
    curve = wr.smooth_roc(G, Y)
    got = wr.ci_coords(curve, x=x, input=input, ret=ret, n_boot=25, seed=7, stratified=stratified)
    expected = by_hand(G, Y, None, x, input, ret, 25, 7, stratified, ties="first")
    points = ["best"] if x == "best" else x
    assert got["x"].tolist() == np.repeat(np.array(points, dtype=object), len(ret)).tolist()
    assert got["measure"].tolist() == ret * len(points)
    np.testing.assert_array_equal(got[["conf_low", "median", "conf_high"]].to_numpy().T, expected)


def test_weighted_replicates_carry_their_weights_into_the_counts():
    weight = np.linspace(0.5, 2, len(G))
    curve = wr.smooth_roc(G, Y, weight)
    ret = ["tp", "fp", "ppv"]
    got = wr.ci_coords(curve, x=[0.7], input="sensitivity", ret=ret, n_boot=20, seed=3)
    expected = by_hand(G, Y, weight, [0.7], "sensitivity", ret, 20, 3)
    np.testing.assert_array_equal(got[["conf_low", "median", "conf_high"]].to_numpy().T, expected)
    unweighted = wr.ci_coords(wr.smooth_roc(G, Y), x=[0.7], input="sensitivity", ret=ret,
                              n_boot=20, seed=3)  # fmt: skip
    assert not np.array_equal(got["median"], unweighted["median"])


def test_procs_abbreviations_and_errors():
    curve = wr.smooth_roc(G, Y)
    got = wr.ci_coords(curve, x=0.8, input="sp", ret=["sp", "ppv", "tp", "1-se"], n_boot=5, seed=1)
    assert got["measure"].tolist() == ["specificity", "ppv", "tp", "1-sensitivity"]
    assert (got["median"][got["measure"] == "specificity"] == 0.8).all()
    with pytest.raises(ValueError, match="not available for confidence intervals"):
        wr.ci_coords(curve, x="all", input="sp", n_boot=5)
    with pytest.raises(ValueError, match="not monotone"):
        wr.ci_coords(curve, x=0.8, input="ppv", n_boot=5)
    with pytest.raises(ValueError, match="no thresholds"):
        wr.ci_coords(curve, x=0.8, input="threshold", ret="sp", n_boot=5)
    with pytest.raises(ValueError, match="no thresholds"):
        wr.ci_coords(curve, x="best", ret=["threshold"], n_boot=5)


def test_a_coordinate_nan_in_some_replicates_is_left_out_as_procs_na_rm():
    curve = wr.smooth_roc(G, Y)
    # at sensitivity 0 nothing is called positive: ppv is 0 / 0 in every replicate
    with pytest.warns(UserWarning, match="All bootstrap iterations produced NA"):
        got = wr.ci_coords(curve, x=[0.0], input="sensitivity", ret=["ppv"], n_boot=5, seed=1)
    assert got[["conf_low", "median", "conf_high"]].isna().all(axis=None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        both = wr.ci_coords(curve, x=[0.0], input="sensitivity", ret=["ppv", "sp"], n_boot=5)
    assert both["median"].isna().tolist() == [True, False]


def test_frequency_weights_are_rows_repeated():
    counts = np.where(np.arange(len(G)) % 3 == 0, 2.0, 1.0)
    curve = wr.smooth_roc(G, Y, counts, weights_are="frequency")
    times = counts.astype(int)
    repeated = wr.smooth_roc(np.repeat(G, times), np.repeat(Y, times))
    ret = ["tp", "npv"]
    got = wr.ci_coords(curve, x=[0.5], input="specificity", ret=ret, n_boot=15, seed=2)
    same = wr.ci_coords(repeated, x=[0.5], input="specificity", ret=ret, n_boot=15, seed=2)
    np.testing.assert_array_equal(got.iloc[:, 2:].to_numpy(), same.iloc[:, 2:].to_numpy())


B = 1000  # replicates of the Monte Carlo comparisons (tolerances scale with B)


def test_monte_carlo_intervals_are_procs(r):
    r.globalenv["g"], r.globalenv["l"] = r.FloatVector(G), r.IntVector(Y)
    ret = ["ppv", "tp", "accuracy", "1-npv"]
    curve = wr.smooth_roc(G, Y)
    table = wr.ci_coords(curve, x=[0.8, 0.9], input="specificity", ret=ret, n_boot=B, seed=5)
    for name in ret:
        theirs = np.asarray(
            r.r(
                "set.seed(2); ci.coords(smooth(roc(l, g, quiet=TRUE)), x=c(.8, .9), "
                f'input="specificity", ret=c({", ".join(map(repr, ret))}), boot.n={B}, '
                f'progress="none")[["{name}"]]'
            ),
            dtype=float,
        )
        ours = table[table["measure"] == name]
        sd = (ours["conf_high"] - ours["conf_low"]).to_numpy() / (2 * 1.96)
        density = math.exp(-(1.96**2) / 2) / math.sqrt(2 * math.pi) / sd
        tolerance = 4 * math.sqrt(2) * math.sqrt(0.025 * 0.975 / B) / density
        np.testing.assert_array_less(np.abs(ours["conf_low"] - theirs[:, 0]), tolerance)
        np.testing.assert_array_less(np.abs(ours["conf_high"] - theirs[:, 2]), tolerance)
        at_median = 1 / (math.sqrt(2 * math.pi) * sd)
        median_tolerance = 4 * math.sqrt(2) * math.sqrt(0.25 / B) / at_median
        np.testing.assert_array_less(np.abs(ours["median"] - theirs[:, 1]), median_tolerance)


def test_a_design_does_not_apply_to_a_smoothed_curve():
    curve = wr.smooth_roc(G, Y)
    design = wr.SurveyDesign(strata=np.arange(len(G)) % 2)
    for function, extra in ((wr.ci_coords, {"x": "best"}), (wr.ci_se, {}), (wr.ci_sp, {})):
        with pytest.raises(ValueError, match="do not apply to a smooth_roc curve"):
            function(curve, design=design, n_boot=5, **extra)


@pytest.mark.parametrize(
    "call",
    [
        lambda c: wr.ci_se(c, [0.5]),
        lambda c: wr.ci_sp(c, [0.5]),
        lambda c: wr.ci_coords(c, [0.5], x="best"),
        lambda c: wr.ci_se(c, weight=np.ones(len(G))),
    ],
)
def test_a_smoothed_curve_takes_no_label_or_weight(call):
    """Points given in the label's place are not read as labels in silence."""
    with pytest.raises(TypeError, match=r"carries its own labels and weights.*by name"):
        call(wr.smooth_roc(G, Y))
