"""What a new user meets first: short signatures, pandas Series paired by
position with a warning when their indexes differ, and scikit-learn's
argument order caught with an error that names the order."""

import inspect
import warnings

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr


@pytest.mark.parametrize("name", sorted(wr.__all__))
def test_signatures_are_short_in_help(name):
    """help() opens with the signature: named aliases, not numpy's expanded
    ArrayLike union (about 1,000 characters for WeightedROC in 1.1); a long
    signature is then one of many named options (roc_test's are pROC's)."""
    function = getattr(wr, name)
    signature = inspect.signature(function)
    text = str(signature)
    assert "_SupportsArray" not in text and "_NestedSequence" not in text
    for parameter in signature.parameters.values():
        annotation = parameter.annotation
        if annotation is not inspect.Parameter.empty:
            assert len(str(annotation)) <= 90, (parameter.name, annotation)


def test_weighted_roc_signature_reads_as_written():
    assert str(inspect.signature(wr.WeightedROC)) == (
        "(guess, label, weight=None, *, positive=None, direction='<')"
    )


GUESS = pd.Series([0.1, 0.4, 0.35, 0.8], index=[3, 2, 1, 0])
LABEL = pd.Series([0, 0, 1, 1])  # index 0..3: by index, the pairs differ


def test_series_with_different_indexes_are_paired_by_position_with_a_warning():
    with pytest.warns(UserWarning, match="different indexes: they are paired by position") as got:
        auc = wr.auc_score(GUESS, LABEL)
    assert got[0].filename == __file__
    assert auc == wr.auc_score(GUESS.to_numpy(), LABEL.to_numpy()) == 0.75
    # aligned, as the warning suggests, the answer is another
    assert wr.auc_score(GUESS, LABEL.reindex(GUESS.index)) == 0.25


def test_the_warning_names_every_series_that_differs():
    weight = pd.Series([1.0, 2.0, 1.0, 1.0], index=[9, 8, 7, 6])
    with pytest.warns(UserWarning, match=r"guess and label, weight are pandas Series"):
        wr.WeightedROC(GUESS, LABEL, weight)


def test_equal_indexes_and_arrays_give_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        wr.auc_score(GUESS, LABEL.set_axis(GUESS.index))
        wr.auc_score(GUESS, LABEL.to_numpy())
        wr.auc_score(GUESS.to_numpy(), LABEL)


def test_scikit_learn_order_says_the_order_is_guess_label():
    y_true, y_score = np.array([0, 1, 1, 0, 1]), np.array([0.1, 0.9, 0.8, 0.3, 0.55])
    with pytest.raises(ValueError, match=r"the order is \(guess, label\[, weight\]\)"):
        wr.auc_score(y_true, y_score)
    assert wr.auc_score(y_score, y_true) == 1.0


def test_a_label_error_alone_says_nothing_of_the_order():
    with pytest.raises(ValueError) as caught:
        wr.auc_score([0.1, 0.9, 0.8], [0, 1, 5])  # guesses are scores: not swapped
    assert "the order is" not in str(caught.value)
