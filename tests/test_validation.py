"""Bad input gets a clear error; good input of any container or dtype works
the same; the caller's arrays are never modified."""

import warnings

import numpy as np
import pandas as pd
import pytest

from weightedroc import LabelWarning, WeightedAUC, WeightedROC, auc_score

G = [0.1, 0.4, 0.35, 0.8, 0.4]
Y = [-1, -1, 1, 1, 1]
W = [1.0, 2.0, 1.5, 0.5, 3.0]


@pytest.mark.parametrize(
    "guess, label, weight, error, words",
    [
        (G, [1, 1, 1, 1, 1], W, ValueError, "only one label value"),
        (G, [0, 0, 0, 0, 0], None, ValueError, "only one label value"),
        (G, [True] * 5, None, ValueError, "only one label value"),
        (
            G,
            pd.Categorical(["a"] * 5, categories=["a", "b"]),
            None,
            ValueError,
            "only one label value",
        ),
        (G, [-1, np.nan, 1, 1, 1], W, ValueError, "label must not contain NA"),
        (G, [-1, None, 1, 1, 1], W, ValueError, "label must not contain NA"),
        (
            G,
            pd.array([0, pd.NA, 1, 1, 1], dtype="Int64"),
            W,
            ValueError,
            "label must not contain NA",
        ),
        (G, pd.Categorical(["a", None, "b", "b", "a"]), W, ValueError, "label must not contain NA"),
        (G, ["a", None, "b", "b", "a"], W, ValueError, "label must not contain NA"),
        ([0.1, np.nan, 0.3, 0.8, 0.4], Y, W, ValueError, "ROC curve undefined for NA guess"),
        ([0.1, None, 0.3, 0.8, 0.4], Y, W, ValueError, "ROC curve undefined for NA guess"),
        (
            pd.array([1, pd.NA, 2, 3, 4], dtype="Float64"),
            Y,
            W,
            ValueError,
            "ROC curve undefined for NA guess",
        ),
        (G, Y, [1, np.nan, 1, 1, 1], ValueError, "weight must not contain NA"),
        (G, Y, [1, 0, 1, 1, 1], ValueError, "weight > 0 are not all TRUE"),
        (G, Y, [1, -2, 1, 1, 1], ValueError, "weight > 0 are not all TRUE"),
        (G, Y, [1, np.inf, 1, 1, 1], ValueError, "weights must be finite"),
        (G, Y, [1e308, 1e308, 1, 1, 1], ValueError, "overflows to inf"),
        (G, [0, 2, 0, 2, 2], None, ValueError, "label %in% c(-1, 1) are not all TRUE"),
        (G, [-1, 0, 1, 1, 0], None, ValueError, "{-1, 1}, {0, 1} or {1, 2}"),
        (G, [0.5, 1, 1, 0.5, 1], None, ValueError, "label %in% c(-1, 1) are not all TRUE"),
        (G, pd.Categorical(["a", "b", "c", "a", "b"]), None, ValueError, "exactly 2 levels"),
        (
            G,
            pd.Categorical(["a", "b", "a", "a", "b"], categories=["a", "b", "c"]),
            None,
            ValueError,
            "exactly 2 levels",
        ),
        (G, ["a", "b", "c", "a", "b"], None, ValueError, "exactly 2 levels"),
        (G, Y[:4], None, ValueError, "length(label) == length(guess) is not TRUE"),
        (G, Y, W[:3], ValueError, "length(label) == length(weight) is not TRUE"),
        ([], [], None, ValueError, "label is empty"),
        (["a", "b", "c", "d", "e"], Y, None, TypeError, "is.numeric(guess) is not TRUE"),
        ([True, False, True, True, False], Y, None, TypeError, "guess must be numbers"),
        (np.array(G) + 1j, Y, None, TypeError, "is.numeric(guess) is not TRUE"),
        (pd.Categorical(G), Y, None, TypeError, "is.numeric(guess) is not TRUE"),
        (pd.to_datetime(["2020-01-01"] * 5), Y, None, TypeError, "is.numeric(guess)"),
        (np.ones((5, 2)), Y, None, ValueError, "guess must be 1-D"),
        (G, np.array([Y, Y]), None, ValueError, "label must be 1-D"),
        (pd.DataFrame({"g": G}), Y, None, ValueError, "guess must be 1-D"),
        (0.5, Y, None, TypeError, "got a scalar"),
        (G, "abcde", None, TypeError, "got a scalar"),
        (G, Y, ["1", "1", "1", "1", "1"], TypeError, "is.numeric(weight) is not TRUE"),
        (G, Y, [True] * 5, TypeError, "weight must be numbers"),
        (G, [{}, {}, {}, {}, {}], None, TypeError, "label must be numbers"),
    ],
)
def test_bad_input_raises_a_clear_error(guess, label, weight, error, words):
    with pytest.raises(error) as raised:
        WeightedROC(guess, label, weight)
    assert words in str(raised.value)
    with pytest.raises(error):
        auc_score(guess, label, weight)


@pytest.mark.parametrize(
    "curve, error, words",
    [
        ({"TPR": [1, 0], "FPR": [1, 0]}, TypeError, "is.data.frame(tpr.fpr) is not TRUE"),
        (pd.DataFrame({"TPR": [1.0], "FPR": [1.0]}), ValueError, "nrow(tpr.fpr) > 1 is not TRUE"),
        (
            pd.DataFrame({"TPR": [0, 1.0], "FPR": [1, 0.0]}),
            ValueError,
            "diff(tpr.fpr[[var.name]]) <= 0 are not all TRUE: TPR",
        ),
        (
            pd.DataFrame({"TPR": [1, 0.0], "FPR": [0, 1.0]}),
            ValueError,
            "FPR must be non-increasing",
        ),
        (pd.DataFrame({"TPR": [1, np.nan], "FPR": [1, 0.0]}), ValueError, "must not contain NA"),
        (pd.DataFrame({"TPR": [1, 0.0]}), ValueError, "no column 'FPR'"),
    ],
)
def test_weighted_auc_rejects_what_is_not_a_curve(curve, error, words):
    with pytest.raises(error) as raised:
        WeightedAUC(curve)
    assert words in str(raised.value)


def test_weighted_auc_warns_on_an_incomplete_curve_and_still_returns_the_area():
    part = WeightedROC(G, Y, W).iloc[1:]
    with pytest.warns(UserWarning, match="incomplete ROC curve"):
        area = WeightedAUC(part)
    full = WeightedROC(G, Y, W)
    assert 0 < area < WeightedAUC(full)


def reference():
    return WeightedROC(np.array(G), np.array(Y), np.array(W))


@pytest.mark.parametrize(
    "guess",
    [
        np.array(G, dtype=np.float32).astype(np.float64),  # float32 values, as float64
        pd.Series(G, index=[4, 2, 0, 3, 1]),
        pd.array(G, dtype="Float64"),
        tuple(G),
    ],
)
def test_guess_containers_give_the_same_curve(guess):
    pd.testing.assert_frame_equal(WeightedROC(guess, Y, W), reference())


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.uint8, np.int64, np.float32])
def test_integer_and_float32_guesses_are_their_float64_values(dtype):
    guess = np.array([3, 1, 4, 1, 5], dtype=dtype)
    expected = WeightedROC(guess.astype(np.float64), Y, W)
    pd.testing.assert_frame_equal(WeightedROC(guess, Y, W), expected)


@pytest.mark.parametrize(
    "label",
    [
        [0, 0, 1, 1, 1],
        [1, 1, 2, 2, 2],
        np.array([-1, -1, 1, 1, 1], dtype=np.int8),
        np.array([0, 0, 1, 1, 1], dtype=np.uint8),
        [-1.0, -1.0, 1.0, 1.0, 1.0],
        [False, False, True, True, True],
        pd.array([False, False, True, True, True], dtype="boolean"),
        pd.array([0, 0, 1, 1, 1], dtype="Int64"),
        pd.Series([1, 1, 2, 2, 2], index=[9, 8, 7, 6, 5]),
        pd.Categorical(["no", "no", "yes", "yes", "yes"]),
        pd.Categorical(["yes", "yes", "no", "no", "no"], categories=["yes", "no"]),
        pd.Series(["ctl", "ctl", "case", "case", "case"], dtype="category").cat.reorder_categories(
            ["ctl", "case"]
        ),
        ["a", "a", "b", "b", "b"],
        np.array(["a", "a", "b", "b", "b"]),
        pd.Series(["a", "a", "b", "b", "b"], dtype="string"),
        [0, 0, 1.0, True, 1],
    ],
)
def test_every_label_encoding_gives_the_same_curve(label):
    text = "b" in list(label)  # the text labels: a LabelWarning, the others none
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        curve = WeightedROC(G, label, W)
    pd.testing.assert_frame_equal(curve, reference())
    assert [w.category for w in caught] == ([LabelWarning] if text else [])


def test_string_labels_take_sorted_levels_so_the_first_is_negative():
    with pytest.warns(LabelWarning, match="'b' is taken as positive and 'a' as negative"):
        swapped = WeightedROC(G, ["b", "b", "a", "a", "a"], W)
    pd.testing.assert_frame_equal(swapped, WeightedROC(G, [1, 1, 0, 0, 0], W))


@pytest.mark.parametrize(
    "weight",
    [
        np.array(W, dtype=np.float32),
        pd.Series(W, index=list("edcba")),
        pd.array(W, dtype="Float64"),
        [1, 2, 1.5, 0.5, 3],
    ],
)
def test_weight_containers_give_the_same_curve(weight):
    pd.testing.assert_frame_equal(WeightedROC(G, Y, weight), reference())


def test_default_weight_is_one():
    pd.testing.assert_frame_equal(WeightedROC(G, Y), WeightedROC(G, Y, [1] * 5))


def test_inputs_are_never_modified_and_read_only_arrays_work():
    guess = np.array([0.5, -0.0, 0.0, -1.0, 2.0] * 10000)  # large: the packed sort
    label = np.tile([True, False], 25000)
    weight = np.linspace(0.1, 3, 50000)
    copies = [x.copy() for x in (guess, label, weight)]
    for x in (guess, label, weight):
        x.flags.writeable = False
    WeightedROC(guess, label, weight)
    auc_score(guess, label, weight)
    for x, before in zip((guess, label, weight), copies):
        np.testing.assert_array_equal(x, before)
        assert np.array_equal(np.signbit(x), np.signbit(before))


def test_series_are_used_by_position_not_aligned_on_their_index():
    guess = pd.Series(G, index=[10, 11, 12, 13, 14])
    label = pd.Series(Y, index=[14, 13, 12, 11, 10])
    with pytest.warns(UserWarning, match="paired by position"):
        pd.testing.assert_frame_equal(WeightedROC(guess, label, W), reference())


def test_three_string_labels_are_named_plainly():
    with pytest.raises(ValueError, match=r"got 3: \['x', 'y', 'z'\]$"):
        WeightedROC([1, 2, 3], ["x", "y", "z"])
