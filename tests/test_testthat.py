"""The R package's tests/testthat, ported (same inputs, same expected values).

R's expect_equal allows a relative 1.5e-8; the vectors here are compared as
closely as R's double arithmetic gives them (bit equality with R itself is
tested in test_reference_outputs.py).  The three GsymPoint comparisons need
data sets that are not available here; the geometry::polyarea comparison is
ported as an independent shoelace area on ROCR.simple and aSAH.
"""

import numpy as np
import pytest

from weightedroc import WeightedAUC, WeightedROC, load_asah, load_rocr_simple


def check(tp_fp, TPR, FN, FPR, FP, threshold):
    for column, expected in dict(TPR=TPR, FN=FN, FPR=FPR, FP=FP, threshold=threshold).items():
        assert tp_fp[column].tolist() == pytest.approx(expected, rel=1e-15), column


def test_identity_weights_with_no_ties_and_perfect_classification():
    tp_fp = WeightedROC([1, 2, 3, 4], [-1, -1, 1, 1], [1, 1, 1, 1])
    check(
        tp_fp,
        TPR=[1, 1, 1, 0.5, 0],
        FN=[0, 0, 0, 1, 2],
        FPR=[1, 0.5, 0, 0, 0],
        FP=[2, 1, 0, 0, 0],
        threshold=[1, 2, 3, 4, np.inf],
    )
    assert WeightedAUC(tp_fp) == 1


def test_identity_weights_with_no_ties_and_1_bad_error():
    tp_fp = WeightedROC([1, 2, 3, -1], [-1, -1, 1, 1], [1, 1, 1, 1])
    check(
        tp_fp,
        TPR=[1, 0.5, 0.5, 0.5, 0],
        FN=[0, 1, 1, 1, 2],
        FPR=[1, 1, 0.5, 0, 0],
        FP=[2, 2, 1, 0, 0],
        threshold=[-1, 1, 2, 3, np.inf],
    )
    assert WeightedAUC(tp_fp) == 1 / 2


def test_identity_weights_with_no_ties_and_1_not_so_bad_error():
    tp_fp = WeightedROC([1, 2, 3, 1.5], [-1, -1, 1, 1], [1, 1, 1, 1])
    check(
        tp_fp,
        TPR=[1, 1, 0.5, 0.5, 0],
        FN=[0, 0, 1, 1, 2],
        FPR=[1, 0.5, 0.5, 0, 0],
        FP=[2, 1, 1, 0, 0],
        threshold=[1, 1.5, 2, 3, np.inf],
    )
    assert WeightedAUC(tp_fp) == 3 / 4


def test_identity_weights_with_1_tie():
    tp_fp = WeightedROC([1, 2, 3, 1], [-1, -1, 1, 1], [1, 1, 1, 1])
    check(
        tp_fp,
        TPR=[1, 0.5, 0.5, 0],
        FN=[0, 1, 1, 2],
        FPR=[1, 0.5, 0, 0],
        FP=[2, 1, 0, 0],
        threshold=[1, 2, 3, np.inf],
    )
    assert WeightedAUC(tp_fp) == 5 / 8


def test_variable_weights_with_1_tie():
    tp_fp = WeightedROC([1, 2, 3, 1], [-1, -1, 1, 1], [1, 1, 1, 9])
    check(
        tp_fp,
        TPR=[1, 0.1, 0.1, 0],
        FN=[0, 9, 9, 10],
        FPR=[1, 0.5, 0, 0],
        FP=[2, 1, 0, 0],
        threshold=[1, 2, 3, np.inf],
    )
    assert WeightedAUC(tp_fp) == pytest.approx(0.1 + 0.9 * 0.5 / 2, rel=1e-15)


def test_variable_weights_with_2_ties():
    tp_fp = WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1], [1, 1, 1, 4, 5])
    check(
        tp_fp,
        TPR=[1, 0.1, 0.1, 0],
        FN=[0, 9, 9, 10],
        FPR=[1, 0.5, 0, 0],
        FP=[2, 1, 0, 0],
        threshold=[1, 2, 3, np.inf],
    )
    assert WeightedAUC(tp_fp) == pytest.approx(0.1 + 0.9 * 0.5 / 2, rel=1e-15)


@pytest.mark.parametrize("labels", [[-1, -1, -1, -1], [1, 1, 1, 1]])
def test_data_set_with_one_label_value_is_an_error(labels):
    with pytest.raises(ValueError, match="only one label value"):
        WeightedROC([1, 2, 3, 4], labels, [1, 1, 1, 1])


def test_na_labels_is_an_error():
    with pytest.raises(ValueError, match="NA"):
        WeightedROC([1, 2, 3, 4], [-1, np.nan, 1, 1], [1, 1, 1, 1])


def test_na_scores_is_an_error():
    with pytest.raises(ValueError, match="ROC curve undefined for NA guess"):
        WeightedROC([1, np.nan, 3, 4], [-1, -1, 1, 1], [1, 1, 1, 1])


def test_na_weights_is_an_error():
    with pytest.raises(ValueError, match="NA"):
        WeightedROC([1, 2, 3, 4], [-1, -1, 1, 1], [1, 1, np.nan, 1])


def shoelace(x, y):
    return abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2


@pytest.mark.parametrize("data", ["rocr_simple", "asah"])
def test_auc_equals_the_polygon_area_as_geometry_polyarea(data):
    if data == "rocr_simple":
        frame = load_rocr_simple()
        tp_fp = WeightedROC(frame.predictions, frame.labels)
    else:
        frame = load_asah()
        tp_fp = WeightedROC(frame.s100b, frame.outcome)
    # (FPR, TPR) runs from (1, 1) to (0, 0); close it through (1, 0).
    area = shoelace(np.append(tp_fp.FPR, [1, 1]), np.append(tp_fp.TPR, [0, 1]))
    assert WeightedAUC(tp_fp) == pytest.approx(area, rel=1e-12)
