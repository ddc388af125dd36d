"""The survival functions take a design's sampling weights as `auc_ci` does
(`weightedroc.survey.design.weights_of`): ``SurveyDesign(weight=)`` gives
`time_auc`, `time_auc_test`, `time_roc` and `concordance` the numbers of
``weight=`` given explicitly, bit for bit; a ``weight=`` that disagrees is
auc_ci's error."""

import re

import numpy as np
import pandas as pd
import pytest
from test_survival import TIMES, survival_data

import weightedroc as wr
from weightedroc import SurveyDesign

N = 60


def sample(seed=5):
    time, event, guess = survival_data(seed, n=N)
    rng = np.random.default_rng(seed)
    weight = rng.uniform(0.5, 4, N)
    cluster = np.arange(N) // 4
    strata = np.arange(N) // 20
    return time, event, guess, weight, cluster, strata


def designs(weight, cluster, strata):
    """The design carrying the weights, and the same design without them."""
    carrying = SurveyDesign(cluster=cluster, strata=strata, nest=True, weight=weight)
    bare = SurveyDesign(cluster=cluster, strata=strata, nest=True)
    return carrying, bare


def test_time_auc_takes_the_designs_weights_bit_for_bit():
    time, event, guess, weight, cluster, strata = sample()
    carrying, bare = designs(weight, cluster, strata)
    args = dict(cause=1, times=TIMES)
    got = wr.time_auc(time, event, guess, design=carrying, **args)
    want = wr.time_auc(time, event, guess, weight=weight, design=bare, **args)
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    assert got.attrs == want.attrs
    # the weights matter: without them the design gives other numbers
    unweighted = wr.time_auc(time, event, guess, design=bare, **args)
    assert not np.array_equal(unweighted.auc, got.auc)
    assert not np.array_equal(unweighted.std_error, got.std_error)
    # both given and equal: the same again
    both = wr.time_auc(time, event, guess, weight=weight, design=carrying, **args)
    pd.testing.assert_frame_equal(both, want, check_exact=True)


def test_time_auc_reads_the_weight_column_of_the_designs_data():
    time, event, guess, weight, cluster, strata = sample(6)
    frame = pd.DataFrame({"psu": cluster, "stratum": strata, "w": weight})
    carrying = SurveyDesign(cluster="psu", strata="stratum", nest=True, weight="w", data=frame)
    bare = SurveyDesign(cluster="psu", strata="stratum", nest=True, data=frame)
    rows = pd.DataFrame({"t": time, "e": event, "g": guess, "w": weight})
    args = dict(cause=1, times=TIMES, data=rows)
    got = wr.time_auc("t", "e", "g", design=carrying, **args)
    want = wr.time_auc("t", "e", "g", weight="w", design=bare, **args)
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    pd.testing.assert_frame_equal(
        wr.time_auc("t", "e", "g", weight="w", design=carrying, **args), want, check_exact=True
    )


def test_time_auc_test_and_time_roc_take_the_designs_weights_bit_for_bit():
    time, event, guess, weight, cluster, strata = sample(7)
    other = np.round(guess + np.random.default_rng(7).normal(size=N), 1)
    carrying, bare = designs(weight, cluster, strata)
    args = dict(cause=1, times=TIMES)
    got = wr.time_auc_test(time, event, guess, other, design=carrying, **args)
    want = wr.time_auc_test(time, event, guess, other, weight=weight, design=bare, **args)
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    curves = wr.time_roc(time, event, guess, design=carrying, **args)
    explicit = wr.time_roc(time, event, guess, weight=weight, **args)
    pd.testing.assert_frame_equal(curves, explicit, check_exact=True)
    assert not curves.equals(wr.time_roc(time, event, guess, **args))


def test_concordance_takes_the_designs_weights_bit_for_bit():
    time, event, guess, weight, cluster, strata = sample(8)
    event = np.minimum(event, 1)
    carrying, bare = designs(weight, cluster, strata)
    got = wr.concordance(time, event, guess, design=carrying)
    want = wr.concordance(time, event, guess, weight, design=bare)
    assert got == want
    assert got.std_error == want.std_error and "linearization" in got.method
    assert got.estimate != wr.concordance(time, event, guess, design=bare).estimate


@pytest.mark.parametrize("function", ["time_auc", "time_auc_test", "time_roc", "concordance"])
def test_a_weight_that_disagrees_with_the_designs_is_auc_cis_error(function):
    time, event, guess, weight, cluster, strata = sample(9)
    carrying, _ = designs(weight, cluster, strata)
    other = weight.copy()
    other[3] += 1
    words = (
        r"weight= differs from the design's weights \(SurveyDesign\(weight=\)\) at row 3: "
        + re.escape(f"{other[3]!r} against {weight[3]!r}; give one of them")
    )
    with pytest.raises(ValueError, match=words):
        wr.auc_ci(guess, event == 1, other, design=carrying)
    markers = [guess, -guess] if function == "time_auc_test" else [guess]
    options = dict(cause=1) if function == "concordance" else dict(cause=1, times=TIMES)
    with pytest.raises(ValueError, match=words):
        getattr(wr, function)(time, event, *markers, weight=other, design=carrying, **options)


def test_concordance_test_takes_the_designs_weights_bit_for_bit():
    time, event, guess, weight, cluster, strata = sample(10)
    event = np.minimum(event, 1)
    carrying, bare = designs(weight, cluster, strata)
    other = guess + np.random.default_rng(3).normal(size=N)
    got = wr.concordance_test(time, event, [guess, other], design=carrying)
    want = wr.concordance_test(time, event, [guess, other], weight, design=bare)
    for field in ("estimate", "covariance", "statistic", "p_value"):
        np.testing.assert_array_equal(
            np.asarray(getattr(got, field)), np.asarray(getattr(want, field))
        )
    unweighted = wr.concordance_test(time, event, [guess, other], design=bare)
    assert not np.array_equal(np.asarray(got.estimate), np.asarray(unweighted.estimate))
    with pytest.raises(ValueError, match=r"weight= differs from the design's weights"):
        wr.concordance_test(time, event, [guess, other], weight * 2, design=carrying)
