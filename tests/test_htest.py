"""HTest prints as R's print.htest (text captured from R 4.2 with pROC 1.18)."""

from weightedroc.inference.htest import HTest, format_vector

R_PAIRED = """
\tDeLong's test for two correlated ROC curves

data:  r1 and r2
Z = -2.209, p-value = 0.02718
alternative hypothesis: true difference in AUC is not equal to 0
95 percent confidence interval:
 -0.17421442 -0.01040618
sample estimates:
AUC of roc1 AUC of roc2 
  0.7313686   0.8236789 
"""

R_UNPAIRED = """
\tDeLong's test for two ROC curves

data:  r1 and r2
D = -1.4349, df = 206.66, p-value = 0.1528
alternative hypothesis: true difference in AUC is not equal to 0
sample estimates:
AUC of roc1 AUC of roc2 
  0.7313686   0.8236789 
"""

ESTIMATE = {"AUC of roc1": 0.73136856, "AUC of roc2": 0.82367886}


def test_paired_delong_prints_as_r():
    test = HTest(
        -2.208984,
        0.02717578,
        ESTIMATE,
        "DeLong's test for two correlated ROC curves",
        conf_low=-0.174214417,
        conf_high=-0.010406182,
        conf_level=0.95,
        data_name="r1 and r2",
    )
    assert repr(test) == R_PAIRED


def test_unpaired_delong_prints_as_r():
    test = HTest(
        -1.434911,
        0.15284,
        ESTIMATE,
        "DeLong's test for two ROC curves",
        parameter={"df": 206.6631},
        statistic_name="D",
        data_name="r1 and r2",
    )
    assert repr(test) == R_UNPAIRED


def test_format_vector_uses_common_decimals():
    assert format_vector([-0.174214417, -0.010406182]) == ["-0.17421442", "-0.01040618"]
    assert format_vector([1.5, 2.0]) == ["1.5", "2.0"]
    assert format_vector([0.5, 0.25]) == ["0.50", "0.25"]


def test_to_frame_has_one_row_of_every_field():
    test = HTest(
        1.0,
        0.3,
        {"AUC of roc1": 0.7, "AUC of roc2": 0.6},
        "m",
        conf_low=-0.1,
        conf_high=0.3,
        conf_level=0.95,
        parameter={"df": 10.0},
    )
    frame = test.to_frame()
    assert frame.to_dict("records") == [
        {
            "statistic": 1.0,
            "df": 10.0,
            "p_value": 0.3,
            "AUC of roc1": 0.7,
            "AUC of roc2": 0.6,
            "conf_low": -0.1,
            "conf_high": 0.3,
            "method": "m",
            "alternative": "two.sided",
        }
    ]
