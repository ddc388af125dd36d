"""The 1.0 names of the inference results (issue 21): conf_low/conf_high and
conf_level everywhere, the old names as deprecated aliases that warn and give
the same values, one auc_ci, and are_paired."""

import warnings

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc.inference.bootstrap import bootstrap_interval

GUESS = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55, 0.65, 0.15]
LABEL = [0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0]
WEIGHT = [1, 2, 1, 3, 1, 1, 2, 1, 1, 2, 1, 3]


@pytest.fixture(
    params=[
        dict(method="delong", quantile="t"),
        dict(method="bootstrap", n_boot=200, seed=1),
    ]
)
def interval(request):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # DeLong: skewed weights
        return wr.auc_ci(GUESS, LABEL, WEIGHT, conf_level=0.9, **request.param)


@pytest.mark.parametrize("old, new", [("lower", "conf_low"), ("upper", "conf_high")])
def test_old_bound_names_warn_and_give_the_same_values(interval, old, new):
    with pytest.warns(FutureWarning, match=f"AUCInterval.{old} is deprecated .* use .{new}"):
        value = getattr(interval, old)
    assert value == getattr(interval, new)
    assert interval.conf_low < interval.estimate < interval.conf_high


def test_old_level_name_warns_and_gives_the_level(interval):
    with pytest.warns(FutureWarning, match=r"AUCInterval.level is deprecated .* use .conf_level"):
        assert interval.level == interval.conf_level == 0.9


@pytest.mark.parametrize("method", ["delong", "bootstrap"])
def test_auc_ci_level_keyword_warns_and_is_conf_level(method):
    options = dict(method=method, n_boot=100, seed=2, quantile="t")  # no small-class warning
    new = wr.auc_ci(GUESS, LABEL, conf_level=0.8, **options)
    with pytest.warns(FutureWarning, match=r"auc_ci\(level=\.\.\.\) is deprecated"):
        old = wr.auc_ci(GUESS, LABEL, level=0.8, **options)
    assert (old.conf_low, old.conf_high, old.conf_level) == (
        new.conf_low,
        new.conf_high,
        new.conf_level,
    )
    with pytest.raises(TypeError, match="got both level="):
        wr.auc_ci(GUESS, LABEL, level=0.8, conf_level=0.9)


def test_one_auc_ci_the_bootstrap_module_one_is_deprecated():
    from weightedroc.inference import bootstrap

    with pytest.warns(
        FutureWarning, match=r'call weightedroc.auc_ci\(\.\.\., method="bootstrap"\)'
    ):
        old = bootstrap.auc_ci(GUESS, LABEL, WEIGHT, n_boot=150, seed=4)
    new = wr.auc_ci(GUESS, LABEL, WEIGHT, method="bootstrap", n_boot=150, seed=4)
    engine = bootstrap_interval(GUESS, LABEL, WEIGHT, n_boot=150, seed=4)
    np.testing.assert_array_equal(old.replicates, new.replicates)
    np.testing.assert_array_equal(engine.replicates, new.replicates)
    # The percentile interval of the replicates (R's quantile type 7).
    low, high = np.quantile(new.replicates, [0.025, 0.975])
    assert (new.conf_low, new.conf_high) == (low, high)


@pytest.mark.parametrize(
    "function, points",
    [
        (wr.ci_se, dict(specificities=[0.5, 0.8])),
        (wr.ci_sp, dict(sensitivities=[0.5, 0.8])),
        (wr.ci_thresholds, dict(thresholds=[0.5])),
    ],
)
def test_band_frames_have_conf_low_median_conf_high(function, points):
    frame = function(GUESS, LABEL, WEIGHT, n_boot=100, seed=3, conf_level=0.8, **points)
    assert list(frame.columns[-3:]) == ["conf_low", "median", "conf_high"]
    assert not {"lower", "upper"} & set(frame.columns)
    assert (frame["conf_low"] <= frame["median"]).all()
    assert (frame["median"] <= frame["conf_high"]).all()


def test_htest_and_auc_table_frames_have_conf_low_and_conf_high():
    test = wr.roc_test(GUESS, GUESS[::-1], LABEL, conf_level=0.9)
    row = test.to_frame().iloc[0]
    assert (row["conf_low"], row["conf_high"]) == (test.conf_low, test.conf_high)
    data = pd.DataFrame({"g": GUESS, "y": LABEL})
    with pytest.warns(UserWarning, match="below 30 in a class"):
        table = wr.auc_table(data, guess="g", label="y", ci=True, conf_level=0.9)
        ci = wr.auc_ci(GUESS, LABEL, conf_level=0.9)
    assert (table["conf_low"][0], table["conf_high"][0]) == (ci.conf_low, ci.conf_high)


@pytest.mark.parametrize(
    "options, expected",
    [
        (dict(), True),
        (dict(label2=list(LABEL)), True),
        (dict(label2=["no" if y == 0 else "yes" for y in LABEL]), True),  # the same classes
        (dict(label2=LABEL[::-1]), False),
        (dict(weight=WEIGHT), True),
        (dict(weight=WEIGHT, weight2=WEIGHT[::-1]), False),
        (dict(weight=np.ones(12)), True),
        (dict(weight2=np.ones(12)), False),  # weights against none
    ],
)
def test_are_paired_compares_labels_and_weights(options, expected):
    with warnings.catch_warnings():  # text label2 without positive= warns (test_labels.py)
        warnings.simplefilter("ignore", wr.LabelWarning)
        assert wr.are_paired(GUESS, GUESS[::-1], LABEL, **options) is expected


def test_are_paired_reads_labels_after_positive():
    words = ["yes" if y else "no" for y in LABEL]
    assert wr.are_paired(GUESS, GUESS, words, label2=words[::-1], positive="yes") is False
    assert wr.are_paired(GUESS, GUESS, words, label2=list(words), positive="no") is True
    numbers = [2 if y else 1 for y in LABEL]
    assert wr.are_paired(GUESS, GUESS, numbers, label2=LABEL) is True  # the same classes
    assert wr.are_paired(GUESS, GUESS[:6], LABEL, label2=LABEL[:6]) is False


@pytest.mark.parametrize("method", ["bootstrap", "venkatraman"])
def test_resampling_tests_infer_pairing_and_roc_test_runs_them(method):
    from weightedroc.inference import resampling

    function = getattr(resampling, f"{method}_test")
    direct = function(GUESS, GUESS[::-1], LABEL, n_boot=60, seed=5)
    through = wr.roc_test(GUESS, GUESS[::-1], LABEL, method=method, n_boot=60, seed=5)
    assert "paired" in direct.method or "correlated" in direct.method
    assert (direct.statistic, direct.p_value, direct.method) == (
        through.statistic,
        through.p_value,
        through.method,
    )
    other = function(GUESS, GUESS[::-1], LABEL, label2=LABEL[::-1], n_boot=60, seed=5)
    assert "unpaired" in other.method or "correlated" not in other.method


def test_second_curve_errors_name_its_inputs():
    with pytest.raises(ValueError, match=r"the second sample guess2=\(guess, label, weight\)"):
        wr.roc_test(GUESS, ([np.nan] + GUESS[1:], LABEL[::-1]), LABEL)
    with pytest.raises(
        ValueError, match=r"the second sample's label has 12 elements but its weight has 2"
    ):
        wr.roc_test(GUESS, (GUESS, LABEL, [1, 2]), LABEL)
