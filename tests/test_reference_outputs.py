"""Every output of R's WeightedROC in reference_outputs/, reproduced bit for bit."""

import contextlib

import numpy as np
import pandas as pd
import pytest
from reference import doubles, expected_frame, load, names, python_inputs

from weightedroc import LabelWarning, WeightedAUC, WeightedROC, auc_score

# R cases whose result here differs on purpose (README, "Deliberate differences").
DELIBERATE = {
    "inf_repeated_r_raw": "equal infinities are ties here; see inf_repeated_replaced",
    "infinite_weight_r_nan": "R returns NaN; here a ValueError",
    "logical_labels_r_error": "booleans are accepted here (True is positive)",
    "label_factor_3levels_first_two_used": "a Categorical must have exactly 2 categories",
}
# R errors whose R text is not distinctive: ours says more precisely what is wrong.
OWN_WORDS = {
    "testthat_error_na_label": "label must not contain NA",
    "testthat_error_na_weight": "weight must not contain NA",
    "error_empty_input": "is empty",
    "error_factor_3levels_used": "exactly 2 levels",
    "error_factor_3levels_last_two_used": "exactly 2 levels",
}

CURVES = names(lambda c: c["roc"] is not None and c["name"] not in DELIBERATE)
ERRORS = names(
    lambda c: c["roc"] is None and c["guess"] is not None and c["name"] not in DELIBERATE
)
AUC_ERRORS = names(lambda c: "auc_input" in c)


def r_label_rule(name):
    """R's character labels are read as here, with a LabelWarning saying so."""
    if name != "label_character":
        return contextlib.nullcontext()
    return pytest.warns(LabelWarning, match="'control' is taken as positive and 'case' as negative")


def test_every_kind_of_case_is_present():
    assert (len(CURVES), len(ERRORS), len(AUC_ERRORS)) == (35, 18, 3)


@pytest.mark.parametrize("name", CURVES)
def test_curve_equals_r_bit_for_bit(name):
    case = load(name)
    with r_label_rule(name):
        result = WeightedROC(*python_inputs(case))
    expected = expected_frame(case)
    assert list(result.columns) == ["TPR", "FPR", "threshold", "FN", "FP"]
    assert isinstance(result.index, pd.RangeIndex) and result.index.start == 0
    for column in expected:
        got, want = result[column].to_numpy(), expected[column].to_numpy()
        np.testing.assert_array_equal(got, want, err_msg=column)
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want), err_msg=column)


@pytest.mark.parametrize("name", [n for n in CURVES if load(n)["auc"] is not None])
def test_auc_equals_r_bit_for_bit(name):
    case = load(name)
    expected = doubles([case["auc"]])[0]
    with r_label_rule(name):
        assert WeightedAUC(WeightedROC(*python_inputs(case))) == expected
    with r_label_rule(name):
        assert auc_score(*python_inputs(case)) == expected


@pytest.mark.parametrize("name", ERRORS)
def test_input_r_rejects_raises_with_r_words(name):
    case = load(name)
    with pytest.raises((ValueError, TypeError)) as error:
        WeightedROC(*python_inputs(case))
    assert OWN_WORDS.get(name, case["error"]) in str(error.value)


@pytest.mark.parametrize("name", AUC_ERRORS)
def test_weighted_auc_rejects_what_r_rejects(name):
    case = load(name)
    given = case["auc_input"]
    columns = {k: doubles(given[k]) for k in ("TPR", "FPR")}
    curve = pd.DataFrame(columns) if given["type"] == "data.frame" else columns
    with pytest.raises((ValueError, TypeError)) as error:
        WeightedAUC(curve)
    assert case["error"] in str(error.value)


def test_repeated_infinities_are_ties_not_r_na_rows():
    raw, replaced = load("inf_repeated_r_raw"), load("inf_repeated_replaced")
    assert raw["guess"] == replaced["guess"]
    assert np.isnan(doubles(raw["roc"]["TPR"])).any()  # what R gives
    result = WeightedROC(*python_inputs(raw))
    assert not result.isna().any().any()
    pd.testing.assert_frame_equal(result, expected_frame(replaced), check_exact=True)


def test_infinite_weight_raises_where_r_returns_nan():
    case = load("infinite_weight_r_nan")
    assert np.isnan(doubles(case["roc"]["TPR"])).any()
    with pytest.raises(ValueError, match="weights must be finite"):
        WeightedROC(*python_inputs(case))


def test_logical_labels_rejected_by_r_are_booleans_here():
    case = load("logical_labels_r_error")
    assert case["error"] == "is.numeric(label) is not TRUE"
    guess, label, weight = python_inputs(case)
    pd.testing.assert_frame_equal(
        WeightedROC(guess, label, weight), WeightedROC(guess, label.astype(int), weight)
    )


def test_categorical_with_a_third_unused_category_is_rejected():
    case = load("label_factor_3levels_first_two_used")
    assert case["error"] is None  # R accepts it; we ask for exactly 2 categories
    with pytest.raises(ValueError, match="exactly 2 levels"):
        WeightedROC(*python_inputs(case))
    guess, label, weight = python_inputs(case)
    two = label.remove_unused_categories()
    pd.testing.assert_frame_equal(
        WeightedROC(guess, two, weight), expected_frame(case), check_exact=True
    )
