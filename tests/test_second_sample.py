"""roc_test's unpaired second sample as one argument (``guess2=(guess,
label, weight)``, ``design=(d1, d2)``, ``replicates=(r1, r2)``) and
smooth_auc's per-class pairs (``density=``, ``distribution=``): the same
numbers, bit for bit, as the 1.2 keywords, which still work with a
FutureWarning that shows the new call (issue 39)."""

import dataclasses
import inspect
import warnings

import numpy as np
import pytest

import weightedroc as wr


def samples():
    rng = np.random.default_rng(39)
    y1 = rng.random(80) < 0.4
    y2 = rng.random(60) < 0.5
    g1 = np.round(rng.normal(size=80) + y1, 1)
    g2 = np.round(rng.normal(size=60) + 0.6 * y2, 1)
    return g1, y1, rng.uniform(0.5, 3, 80), g2, y2, rng.uniform(0.5, 3, 60)


def read(test):
    return (test.statistic, test.p_value, test.estimate, test.parameter, test.std_error,
            test.conf_low, test.conf_high, test.method, test.data_name)  # fmt: skip


def old_form(*args, match, **kwargs):
    with pytest.warns(FutureWarning) as caught:
        result = wr.roc_test(*args, **kwargs)
    assert [str(w.message) for w in caught if w.category is FutureWarning] == [match]
    return result


def new_form(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)
        return wr.roc_test(*args, **kwargs)


SAMPLE = (
    "roc_test(label2=..., weight2=...) is deprecated and will be removed in 2.0: "
    "call roc_test(guess1, (guess2, label2, weight2), label, weight, ...)"
)


@pytest.mark.parametrize("method", ["delong", "bootstrap", "venkatraman"])
def test_an_unpaired_sample_as_a_tuple_is_the_old_keywords_bit_for_bit(method):
    g1, y1, w1, g2, y2, w2 = samples()
    options = dict(method=method, n_boot=40, seed=3)
    if method == "venkatraman":
        w1 = w2 = None
    old = old_form(
        g1, g2, y1, w1, label2=y2, weight2=w2, **options,
        match=SAMPLE if w2 is not None else SAMPLE.replace(", weight2=...", "").replace(
            ", weight2)", ")")
    )  # fmt: skip
    new = new_form(g1, (g2, y2, w2) if w2 is not None else (g2, y2), y1, w1, **options)
    assert read(new) == read(old)
    assert new.method.endswith("two ROC curves") or "unpaired" in new.method.lower()


def test_the_tuple_forms_give_the_second_samples_own_numbers():
    """DeLong's unpaired test: the second AUC is auc_score of the second sample."""
    g1, y1, w1, g2, y2, w2 = samples()
    test = new_form(g1, (g2, y2, w2), y1, w1)
    assert test.estimate["AUC of roc2"] == wr.auc_score(g2, y2, w2)
    assert test.estimate["AUC of roc1"] == wr.auc_score(g1, y1, w1)
    assert test.method == "DeLong's test for two ROC curves"
    # (guess, label): unit weights for the second sample, as label2= alone
    two = new_form(g1, (g2, y2), y1, w1)
    assert two.estimate["AUC of roc2"] == wr.auc_score(g2, y2)


def test_paired_scores_with_their_own_weights_read_the_first_label():
    g1, y1, w1, *_ = samples()
    g2 = g1 + np.random.default_rng(2).normal(size=80)
    w2 = w1[::-1].copy()
    match = (
        "roc_test(weight2=...) is deprecated and will be removed in 2.0: "
        "call roc_test(guess1, (guess2, None, weight2), label, weight, ...)"
    )
    old = old_form(g1, g2, y1, w1, weight2=w2, match=match)
    new = new_form(g1, (g2, None, w2), y1, w1)
    assert read(new) == read(old)
    assert read(new_form(g1, g2, y1, w1)) != read(new)


def test_a_tuple_of_numbers_is_still_scores():
    g1, y1, *_ = samples()
    guess2 = tuple(np.round(g1[::-1], 1))[:3]
    with pytest.raises(ValueError, match="guess2 has 3 values and label 80"):
        wr.roc_test(g1, guess2, y1)


def test_both_forms_at_once_is_an_error():
    g1, y1, w1, g2, y2, w2 = samples()
    with pytest.raises(TypeError, match=r"guess2=\(guess, label, weight\) and label2="):
        wr.roc_test(g1, (g2, y2), y1, label2=y2)
    d1, d2 = (
        wr.SurveyDesign(cluster=np.arange(80) // 4),
        wr.SurveyDesign(cluster=np.arange(60) // 4),
    )
    with pytest.raises(TypeError, match=r"design=\(design1, design2\) and design2="):
        wr.roc_test(g1, (g2, y2, w2), y1, w1, design=(d1, d2), design2=d2)
    with pytest.raises(ValueError, match=r"a pair \(design1, design2\).*got a tuple of 3"):
        wr.roc_test(g1, (g2, y2, w2), y1, w1, design=(d1, d2, d2))


@pytest.mark.parametrize("replicates", [None, "JKn"])
def test_two_designs_as_a_pair_are_the_old_keywords_bit_for_bit(replicates):
    g1, y1, w1, g2, y2, w2 = samples()
    d1 = wr.SurveyDesign(cluster=np.arange(80) // 4, strata=np.arange(80) // 40, nest=True)
    d2 = wr.SurveyDesign(cluster=np.arange(60) // 3, strata=np.arange(60) // 20, nest=True)
    kw_old = dict(design=d1, design2=d2)
    kw_new = dict(design=(d1, d2))
    messages = [
        SAMPLE,
        "roc_test(design2=...) is deprecated and will be removed in 2.0: "
        "call roc_test(..., design=(design1, design2))",
    ]
    if replicates:
        kw_old.update(replicates=replicates, replicates2=replicates)
        kw_new.update(replicates=(replicates, replicates))
        messages.append(
            "roc_test(replicates2=...) is deprecated and will be removed in 2.0: "
            "call roc_test(..., replicates=(replicates1, replicates2))"
        )
    with pytest.warns(FutureWarning) as caught:
        old = wr.roc_test(g1, g2, y1, w1, label2=y2, weight2=w2, **kw_old)
    assert [str(w.message) for w in caught if w.category is FutureWarning] == messages
    new = new_form(g1, (g2, y2, w2), y1, w1, **kw_new)
    assert read(new) == read(old)
    v1 = wr.auc_var(g1, y1, w1, design=d1, replicates=replicates)
    v2 = wr.auc_var(g2, y2, w2, design=d2, replicates=replicates)
    assert new.std_error == pytest.approx(np.sqrt(v1 + v2), rel=1e-12)


def test_a_smoothed_curve_beside_an_unpaired_raw_sample():
    g1, y1, w1, g2, y2, w2 = samples()
    smooth = wr.smooth_roc(g1, y1)
    options = dict(method="bootstrap", n_boot=30, seed=5)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Different smoothing")
        old = old_form(smooth, g2, label2=y2, weight2=w2, **options, match=SAMPLE)
        new = new_form(smooth, (g2, y2, w2), **options)
    assert read(new) == read(old)
    assert new.estimate["AUC of roc2"] == wr.auc_score(g2, y2, w2)


def test_data_name_moves_to_the_result():
    g1, y1, w1, g2, y2, w2 = samples()
    match = (
        "roc_test(data_name=...) is deprecated and will be removed in 2.0: name the "
        "result, dataclasses.replace(roc_test(...), data_name=...)"
    )
    old = old_form(g1, (g2, y2), y1, data_name="two clinics", match=match)
    new = dataclasses.replace(new_form(g1, (g2, y2), y1), data_name="two clinics")
    assert read(new) == read(old)
    assert "two clinics" in str(new)


def test_help_shows_the_new_forms_only():
    roc_test = str(inspect.signature(wr.roc_test))
    for hidden in ("label2", "weight2", "design2", "replicates2", "data_name", "partial_auc"):
        assert f"{hidden}=" not in roc_test
    smooth_auc = str(inspect.signature(wr.smooth_auc))
    assert "density=None, distribution=None" in smooth_auc
    assert "_controls" not in smooth_auc and "_cases" not in smooth_auc


def test_smooth_auc_pairs_are_the_old_keywords_bit_for_bit():
    g1, y1, w1, *_ = samples()
    match = (
        "smooth_auc(distribution_controls=..., distribution_cases=...) is deprecated and "
        "will be removed in 2.0: call smooth_auc(..., distribution=(controls, cases))"
    )
    with pytest.warns(FutureWarning, match=r"distribution=\(controls, cases\)") as caught:
        old = wr.smooth_auc(
            g1, y1, w1, method="fitdistr", distribution_controls="normal",
            distribution_cases="logistic",
        )  # fmt: skip
    assert str(caught[0].message) == match
    new = wr.smooth_auc(g1, y1, w1, method="fitdistr", distribution=("normal", "logistic"))
    assert new == old
    assert new != wr.smooth_auc(g1, y1, w1, method="fitdistr")
    # one side only: None keeps that class's default
    with pytest.warns(FutureWarning, match=r"smooth_auc\(distribution_cases=\.\.\.\)"):
        old = wr.smooth_auc(g1, y1, method="fitdistr", distribution_cases="logistic")
    assert wr.smooth_auc(g1, y1, method="fitdistr", distribution=(None, "logistic")) == old


def test_smooth_auc_given_densities_are_the_old_keywords_bit_for_bit():
    g1, y1, w1, *_ = samples()
    n = 64

    def controls(guesses, weights, points):
        return np.exp(-0.5 * (points - np.average(guesses, weights=weights)) ** 2)

    cases = np.linspace(0.1, 1, n)
    options = dict(method="density", n=n, fpr_range=(0, 0.3))
    with pytest.warns(FutureWarning, match=r"density=\(controls, cases\)"):
        old = wr.smooth_auc(g1, y1, w1, density_controls=controls, density_cases=cases, **options)
    new = wr.smooth_auc(g1, y1, w1, density=(controls, cases), **options)
    assert new == old
    assert new != wr.smooth_auc(g1, y1, w1, **options)
    with pytest.raises(TypeError, match=r"density must be a pair \(controls, cases\)"):
        wr.smooth_auc(g1, y1, density=cases, method="density", n=n)
    with pytest.raises(TypeError, match=r"density=\(controls, cases\) and density_cases="):
        wr.smooth_auc(g1, y1, density=(None, cases), density_cases=cases, method="density", n=n)
