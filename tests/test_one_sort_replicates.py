"""Issue 38 item 1, part B: replicates read the one sort, bit for bit.

A smoothed curve's bootstrap (`Smoothing.rows`, `SmoothingRows`) smooths
each replicate again from the data read once: the binormal fit reads the
replicate's curve from the data's one sort (the drawn rows counted per
sorted position and repeated in that order), the other smoothings read the
drawn rows without validating them again.  Compared with the plain path
(tests/plain.py: the rows drawn as pROC draws them, each replicate smoothed
by `Smoothing.redo`, which validates and sorts it anew), bit for bit, on
the hard cases and through every public function that bootstraps a smoothed
curve.

The multiclass AUC under replicate weights (`_weighted_auc`) reads each
column's one sort; compared with `multiclass_auc` of each replicate's kept
rows (tests/plain.py), bit for bit.
"""

import dataclasses
import warnings

import numpy as np
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from plain import plain_replicate_multiclass_auc, plain_smoothed_replicates, same_bits

import weightedroc as wr
from weightedroc.curves.smooth import SmoothingRows, any_order_in_ties
from weightedroc.engine.core import stable_order
from weightedroc.inference.multiclass import _weighted_auc, column_orders
from weightedroc.inference.smoothed import area, replicate_readings, without_na


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args, **kwargs)


def full_area(tpr, fpr, attrs):
    return area(tpr, fpr, attrs, None)


def data(seed=3, n=80, ties=True, weights="none"):
    rng = np.random.default_rng(seed)
    label = (rng.random(n) < 0.4).astype(int)
    label[:2] = [0, 1]
    guess = rng.normal(size=n) + label
    guess = np.round(guess, 1) if ties else guess
    weight = {
        "none": None,
        "importance": rng.uniform(0.2, 5, n),
        "log_wide": np.exp(rng.normal(0, 8, n)),
        "frequency": rng.integers(1, 4, n).astype(float),
    }[weights]
    return guess, label, weight


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    recipes(max_segment=60),
    st.sampled_from(["<", ">"]),
    st.sampled_from(["binormal", "density"]),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_smoothed_replicates_are_the_plain_ones_on_the_hard_cases(
    recipe, direction, method, stratified, seed
):
    with np.errstate(all="ignore"):
        guess, positive, weight = build(recipe)
    assume(min(np.count_nonzero(positive), np.count_nonzero(~positive)) >= 2)
    assume(weight is None or np.isfinite(weight.sum()))
    try:
        curve = quiet(wr.smooth_roc, guess, positive, weight, method=method, n=32,
                      direction=direction)  # fmt: skip
    except (ValueError, FloatingPointError):
        assume(False)
    smoothing = curve.attrs["smooth"]
    with np.errstate(all="ignore"):
        got = quiet(replicate_readings, [smoothing], 6, seed, stratified, [full_area])[:, 0]
        expected = plain_smoothed_replicates(smoothing, 6, seed, stratified, full_area)
    assert same_bits(got, expected)


@pytest.mark.parametrize("weights", ["none", "importance", "log_wide", "frequency"])
@pytest.mark.parametrize("direction", ["<", ">"])
def test_each_replicates_curve_is_the_plain_one(weights, direction):
    """`SmoothingRows.redo` of drawn rows: the same points and fit as
    `Smoothing.redo`, bit for bit, the binormal fit from the one sort
    (rank set) or, for weighted ties of unequal weights, sorting each
    replicate (rank None)."""
    guess, label, weight = data(5, 60, True, weights)
    wa = "frequency" if weights == "frequency" else "importance"
    rng = np.random.default_rng(1)
    for method in ("binormal", "density"):
        smoothing = quiet(wr.smooth_roc, guess, label, weight, method=method, n=40,
                          direction=direction, weights_are=wa).attrs["smooth"]  # fmt: skip
        rows = smoothing.rows()
        if method == "binormal":
            one_order = weights in ("none", "frequency")  # unequal weights tie in the others
            assert (rows.rank is not None) == one_order
        for _ in range(30):
            drawn = rng.integers(0, len(label), len(label))
            if label[drawn].all() or not label[drawn].any():
                continue
            ours, theirs = quiet(rows.redo, drawn), quiet(smoothing.redo, drawn)
            assert same_bits(ours[0], theirs[0]) and same_bits(ours[1], theirs[1])
            assert ours[2] == theirs[2]


def test_ties_of_unequal_weights_need_the_replicates_own_order():
    """Why `SmoothingRows` sorts a weighted replicate when a class's tied
    rows weigh differently: a replicate's own sort lists tied rows in the
    order drawn, and R's long double running sum then rounds differently.
    Four tied positives weigh 1, 2**-53, 2**-64, 2**-64: in the data's
    order the sum stays 1 + 2**-53 (each 2**-64 is half a long double ulp,
    rounded to even), a double midpoint that rounds to 1; drawn smallest
    first they make 1 + 2**-53 + 2**-63, which rounds to 1 + 2**-52."""
    guess = np.array([0.0, 0, 0, 0, 1, 2, 3, 4, 5, 0.5])
    label = np.array([1, 1, 1, 1, 0, 1, 0, 1, 0, 0], dtype=bool)
    weight = np.array([1.0, 2.0**-53, 2.0**-64, 2.0**-64, 1, 1, 1, 1, 1, 1])
    assert not any_order_in_ties(guess[:4], label[:4], weight[:4])
    assert any_order_in_ties(guess[:4], label[:4], np.ones(4))
    assert any_order_in_ties(guess[:4], label[:4], np.array([1.0, 2, 3, 4]))  # exact sums
    smoothing = wr.smooth_roc(guess, label, weight).attrs["smooth"]
    rows = smoothing.rows()
    assert rows.rank is None
    ordered = stable_order(guess, label, weight)
    rank = np.empty(len(guess), dtype=np.int64)
    rank[ordered.order] = np.arange(len(guess))
    forced = dataclasses.replace(rows, rank=rank)  # the one order, unsafe here
    drawn = np.array([2, 3, 0, 1, 4, 5, 6, 7, 8, 9])
    expected = smoothing.redo(drawn)
    assert same_bits(rows.redo(drawn)[1], expected[1])
    assert rows.redo(drawn)[2] == expected[2]
    assert not same_bits(forced.redo(drawn)[1], expected[1])
    assert forced.redo(drawn)[2] != expected[2]


METHODS = [
    ("binormal", {}),
    ("density", {}),
    ("density", {"bw": "SJ", "kernel": "epanechnikov"}),
    ("fitdistr", {"distribution": ("normal", "logistic")}),
    ("logcondens", {}),
]


@pytest.mark.parametrize("stratified", [True, False])
@pytest.mark.parametrize("weights", ["none", "importance", "frequency"])
@pytest.mark.parametrize(("method", "options"), METHODS)
def test_public_intervals_read_the_plain_replicates(method, options, weights, stratified):
    """auc_ci's replicates, ci_se's and ci_sp's quantiles and auc_var: the
    plain replicates' own."""
    pytest.importorskip("scipy")
    guess, label, weight = data(7, 50, True, weights)
    wa = "frequency" if weights == "frequency" else "importance"
    direction = ">" if stratified else "<"
    curve = quiet(wr.smooth_roc, -guess if direction == ">" else guess, label, weight,
                  method=method, n=48, weights_are=wa, direction=direction, **options)  # fmt: skip
    smoothing = curve.attrs["smooth"]
    kw = dict(n_boot=9, seed=4, stratified=stratified)
    plain = plain_smoothed_replicates(smoothing, 9, 4, stratified, full_area)
    ci = quiet(wr.auc_ci, curve, method="bootstrap", **kw)
    assert same_bits(ci.replicates, without_na(plain[:, None])[:, 0])
    kept = plain[~np.isnan(plain)]
    assert same_bits(quiet(wr.auc_var, curve, method="bootstrap", **kw), np.var(kept, ddof=1))

    def at(specificity):
        def read(tpr, fpr, attrs):
            return float(np.interp(specificity, 1 - fpr, tpr))

        return read

    band = quiet(wr.ci_se, curve, specificities=[0.4, 0.8], **kw)
    for k, sp in enumerate([0.4, 0.8]):
        values = plain_smoothed_replicates(smoothing, 9, 4, stratified, at(sp))
        values = values[~np.isnan(values)]
        assert len(values) == len(kept)  # the same replicates smooth, whatever is read
        expected = np.quantile(values, [(1 - 0.95) / 2, 0.5, (1 + 0.95) / 2])
        got = band.loc[k, ["conf_low", "median", "conf_high"]].to_numpy(float)
        assert same_bits(got, expected)


def test_paired_curves_and_tests_read_the_plain_replicates():
    """auc_cov and roc_test of two paired smoothed curves: each replicate
    smooths both curves again on the same drawn rows, as the plain path."""
    guess, label, weight = data(9, 70, True, "importance")
    other = guess + np.sin(np.arange(len(guess)))
    first = wr.smooth_roc(guess, label, weight)
    second = wr.smooth_roc(other, label, weight, method="density")
    rng_rows = []
    rng = np.random.default_rng(2)
    pos, neg = np.flatnonzero(label), np.flatnonzero(label == 0)
    for _ in range(12):
        rng_rows.append(np.concatenate((rng.choice(pos, len(pos)), rng.choice(neg, len(neg)))))
    plain = np.array(
        [
            [full_area(*quiet(c.attrs["smooth"].redo, rows)) for c in (first, second)]
            for rows in rng_rows
        ]
    )
    cov = quiet(wr.auc_cov, first, second, method="bootstrap", n_boot=12, seed=2)
    assert same_bits(cov, np.cov(plain[:, 0], plain[:, 1], ddof=1)[0, 1])
    test = quiet(wr.roc_test, first, second, method="bootstrap", n_boot=12, seed=2)
    assert same_bits(test.std_error, np.std(plain[:, 0] - plain[:, 1], ddof=1))


def test_the_callers_curve_is_left_as_it_was():
    guess, label, weight = data(2, 40, True, "importance")
    curve = wr.smooth_roc(guess, label, weight)
    before = curve.copy()
    smoothing = curve.attrs["smooth"]
    arrays = [np.array(a) for a in (smoothing.guess, smoothing.label, smoothing.weight)]
    quiet(wr.ci_se, curve, specificities=[0.5], n_boot=5, seed=1)
    quiet(wr.auc_ci, curve, method="bootstrap", n_boot=5, seed=1)
    assert curve.equals(before)
    for kept, now in zip(arrays, (smoothing.guess, smoothing.label, smoothing.weight)):
        assert np.array_equal(kept, now)
    assert isinstance(smoothing.rows(), SmoothingRows)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.integers(3, 4),
    st.integers(12, 70),
    st.sampled_from(["hand_till", "ovr", "univariate"]),
    st.sampled_from(["macro", "weighted"]),
    st.sampled_from(["<", ">"]),
    st.floats(0.0, 0.6),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_multiclass_replicates_are_the_plain_ones(
    k, n, method, average, direction, dropped, whole, seed
):
    """Replicate weights with zeros (a share `dropped` of the rows, or
    a whole class's rows): `_weighted_auc` equals `multiclass_auc` of the
    kept rows, bit for bit, NaN where a class has no row left."""
    from weightedroc.curves.multiclass import multiclass_data

    rng = np.random.default_rng(seed)
    classes = rng.integers(0, k, n)
    classes[:k] = np.arange(k)
    if method == "univariate":
        scores, method = np.round(rng.normal(size=n) + classes, 1), "hand_till"
    else:
        scores = np.round(rng.dirichlet(np.ones(k), n), int(rng.integers(1, 4)))
    weight = rng.uniform(0.5, 3, n) * (rng.random(n) >= dropped)
    if whole:
        weight[classes == rng.integers(0, k)] = 0
    base = rng.uniform(1, 2, n)
    data = multiclass_data(scores, classes, base, direction=direction)
    orders = column_orders(data)
    options = dict(method=method, average=average, direction=direction)
    got = _weighted_auc(data, orders, weight, method, average)
    expected = quiet(plain_replicate_multiclass_auc, scores, classes, weight, **options)
    assert same_bits(got, expected)
