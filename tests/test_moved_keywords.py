"""Keywords whose job another form took in 1.3 (to keep help() short and
say pairing by the data's form): each still works through 1.x with a
FutureWarning naming the new call, and gives the new form's result bit for
bit.

- `roc_test`: the unpaired second sample as ``guess2=(guess, label,
  weight)`` (was ``label2=``, ``weight2=``), two samples' designs as
  ``design=(d1, d2)`` (was ``design2=``), replicate designs as
  ``design=d.replicates(type)`` (was ``replicates=``, ``replicates2=``),
  the fixed point as ``at=`` (was pROC's ``sensitivity=``,
  ``specificity=``), a contrast as ``test.wald_test(L)`` (was
  ``contrast=``), and ``data_name=`` set on the result.
- `smooth_roc`, `smooth_auc`: ``density=(controls, cases)`` and
  ``distribution=(controls, cases)`` (were four keywords).
"""

import dataclasses
import inspect
import re
import warnings

import numpy as np
import pytest

import weightedroc as wr


def data(seed=3, n=120):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    g1 = np.round(rng.normal(size=n) + y, 1)
    g2 = np.round(rng.normal(size=n) + 0.5 * y, 1)
    w = rng.uniform(0.5, 2, n)
    return g1, g2, y, w


def old(call, match):
    """The old form's result, and that one of its FutureWarnings (one per
    moved keyword) matches `match`."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    texts = [str(w.message) for w in caught if w.category is FutureWarning]
    assert any(re.search(match, t) for t in texts), texts
    return result


def same(a, b):
    assert a.statistic == b.statistic
    assert a.p_value == b.p_value
    assert a.estimate == b.estimate
    assert a.parameter == b.parameter
    assert a.method == b.method


def quiet(call):
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)
        return call()


@pytest.mark.parametrize("method", ["delong", "bootstrap", "venkatraman"])
def test_second_sample_as_a_tuple(method):
    g1, g2, y, w = data()
    y2, w2 = y[::-1].copy(), w[::-1].copy()
    options = dict(method=method, n_boot=50, seed=1)
    new = quiet(lambda: wr.roc_test(g1, (g2, y2, w2), y, w, **options))
    was = old(
        lambda: wr.roc_test(g1, g2, y, w, label2=y2, weight2=w2, **options),
        r"roc_test\(label2=...\) is deprecated .* guess2=\(guess, label, weight\)",
    )
    same(new, was)
    if method == "delong":
        assert new.method == "DeLong's test for two ROC curves"  # unpaired
    # (guess, label): unit weights for the second sample
    two = quiet(lambda: wr.roc_test(g1, (g2, y2), y, **options))
    was = old(lambda: wr.roc_test(g1, g2, y, label2=y2, **options), "label2")
    same(two, was)


def test_a_tuple_of_scores_is_still_scores():
    g1, _, y, _ = data(n=40)
    scores = tuple(float(v) for v in g1[::-1])
    assert (
        quiet(lambda: wr.roc_test(g1, scores, y)).estimate
        == wr.roc_test(g1, np.array(scores), y).estimate
    )


def test_bad_second_samples_say_the_form():
    g1, g2, y, w = data()
    with pytest.raises(ValueError, match=r"\(guess, label\) or \(guess, label, weight\)"):
        wr.roc_test(g1, (g2, y, w, w), y)
    with pytest.raises(TypeError, match="second sample twice"), pytest.warns(FutureWarning):
        wr.roc_test(g1, (g2, y), y, label2=y)


def test_two_designs_as_a_pair_and_replicate_designs():
    g1, g2, y, w = data(n=160)
    half = 80
    d1 = wr.SurveyDesign(cluster=np.arange(half) // 5, strata=np.arange(half) // 40)
    d2 = wr.SurveyDesign(cluster=np.arange(half) // 4)
    first = (g1[:half], g2[half:])
    second = (y[half:], w[half:])
    new = quiet(
        lambda: wr.roc_test(first[0], (first[1], *second), y[:half], w[:half], design=(d1, d2))
    )
    was = old(
        lambda: wr.roc_test(
            first[0], first[1], y[:half], w[:half],
            label2=second[0], weight2=second[1], design=d1, design2=d2,
        ),
        "design2",
    )  # fmt: skip
    same(new, was)
    assert new.std_error == was.std_error
    # replicates: design=d.replicates(type), as survey's as.svrepdesign
    paired = quiet(
        lambda: wr.roc_test(g1[:half], g2[:half], y[:half], w[:half], design=d1.replicates("JKn"))
    )
    was = old(
        lambda: wr.roc_test(g1[:half], g2[:half], y[:half], w[:half], design=d1, replicates="JKn"),
        r'design=design.replicates\("JKn"\)',
    )
    same(paired, was)
    assert paired.std_error == was.std_error
    reps = (d1.replicates("JKn"), d2.replicates("JK1"))
    new = quiet(lambda: wr.roc_test(first[0], (first[1], *second), y[:half], w[:half], design=reps))
    was = old(
        lambda: wr.roc_test(
            first[0], first[1], y[:half], w[:half], label2=second[0], weight2=second[1],
            design=d1, design2=d2, replicates="JKn", replicates2="JK1",
        ),
        "replicates",
    )  # fmt: skip
    same(new, was)
    with pytest.raises(ValueError, match=r"design=\(first, second\) takes the two samples"):
        wr.roc_test(g1, g2, y, w, design=(d1,))


@pytest.mark.parametrize("method", ["sensitivity", "specificity"])
def test_the_fixed_point_is_at(method):
    g1, g2, y, w = data()
    new = quiet(lambda: wr.roc_test(g1, g2, y, w, method=method, at=0.8, n_boot=40, seed=2))
    was = old(
        lambda: wr.roc_test(g1, g2, y, w, method=method, n_boot=40, seed=2, **{method: 0.8}),
        rf'call roc_test\(\.\.\., method="{method}", at=0\.8\)',
    )
    same(new, was)
    with pytest.raises(ValueError, match='at= is for method="sensitivity" or "specificity"'):
        wr.roc_test(g1, g2, y, w, at=0.8)
    with pytest.raises(TypeError, match=f"both at= and {method}="), pytest.warns(FutureWarning):
        wr.roc_test(g1, g2, y, w, method=method, at=0.8, **{method: 0.8})


def test_a_contrast_is_the_results_wald_test():
    g1, g2, y, w = data()
    g3 = g1 + np.random.default_rng(5).normal(size=len(g1))
    scores = {"a": g1, "b": g2, "c": g3}
    test = quiet(lambda: wr.roc_test(scores, label=y, weight=w))
    L = [[1, -1, 0], [0, 1, -1]]
    was = old(
        lambda: wr.roc_test(scores, label=y, weight=w, contrast=L), r"\.wald_test\(contrast\)"
    )
    new = test.wald_test(L)
    # the quadratic form on L V L' against the contrast's own placement values
    assert new.statistic == pytest.approx(was.statistic, rel=1e-12)
    assert new.p_value == pytest.approx(was.p_value, rel=1e-10)
    assert new.parameter == was.parameter == {"df": 2.0}
    assert new.contrast.to_numpy().tolist() == L
    assert new.pairwise is test.pairwise
    # the default contrast gives the omnibus test back; one pair, its Z^2
    assert test.wald_test(None).statistic == pytest.approx(test.statistic, rel=1e-12)
    pair = wr.roc_test(g1, g2, y, w)
    assert test.wald_test([[1, -1, 0]]).statistic == pytest.approx(pair.statistic**2, rel=1e-12)
    # by hand: (L A)' (L V L')^-1 (L A)
    A = np.array(list(test.estimate.values()))
    V = test.covariance.to_numpy()
    La = np.asarray(L) @ A
    expected = La @ np.linalg.solve(np.asarray(L) @ V @ np.asarray(L).T, La)
    assert new.statistic == pytest.approx(expected, rel=1e-12)
    with pytest.raises(ValueError, match="rows must sum to 0|must sum to 0"):
        test.wald_test([[1, 1, 0]])


def test_a_design_f_test_stays_an_f_test():
    g1, g2, y, w = data(n=200)
    d = wr.SurveyDesign(cluster=np.arange(200) // 5, strata=np.arange(200) // 50)
    g3 = g1 + np.random.default_rng(6).normal(size=200)
    test = wr.roc_test([g1, g2, g3], label=y, weight=w, design=d, quantile="t")
    assert test.statistic_name == "F"
    one = test.wald_test([[1, 0, -1]])
    assert one.parameter == {"df1": 1.0, "df2": test.parameter["df2"]}
    A = np.array(list(test.estimate.values()))
    V = test.covariance.to_numpy()
    assert one.statistic == pytest.approx((A[0] - A[2]) ** 2 / (V[0, 0] + V[2, 2] - 2 * V[0, 2]))


def test_data_name_is_set_on_the_result():
    g1, g2, y, w = data()
    was = old(lambda: wr.roc_test(g1, g2, y, w, data_name="x and z"), "dataclasses.replace")
    new = dataclasses.replace(wr.roc_test(g1, g2, y, w), data_name="x and z")
    assert repr(was) == repr(new)


@pytest.mark.parametrize("function", [wr.smooth_roc, wr.smooth_auc])
def test_smoothing_classes_as_pairs(function):
    g, _, y, _ = data(n=80)
    fits = quiet(
        lambda: function(g, y, method="fitdistr", n=20, distribution=("normal", "logistic"))
    )
    was = old(
        lambda: function(
            g, y, method="fitdistr", n=20,
            distribution_controls="normal", distribution_cases="logistic",
        ),
        r"distribution_controls=\.\.\.\) is deprecated .* distribution=\(controls, cases\)",
    )  # fmt: skip
    np.testing.assert_array_equal(np.asarray(fits), np.asarray(was))
    both = quiet(lambda: function(g, y, method="fitdistr", n=20, distribution="logistic"))
    pair = function(g, y, method="fitdistr", n=20, distribution=("logistic", "logistic"))
    np.testing.assert_array_equal(np.asarray(both), np.asarray(pair))

    def uniform(x, w, points):
        return np.ones(len(points))

    def normal(x, w, points):
        return np.exp(-0.5 * ((points - x.mean()) / x.std()) ** 2)

    new = quiet(lambda: function(g, y, method="density", n=30, density=(uniform, normal)))
    was = old(
        lambda: function(
            g, y, method="density", n=30, density_controls=uniform, density_cases=normal
        ),
        "density_controls",
    )
    np.testing.assert_array_equal(np.asarray(new), np.asarray(was))
    one = function(g, y, method="density", n=30, density=normal)
    two = function(g, y, method="density", n=30, density=(normal, normal))
    np.testing.assert_array_equal(np.asarray(one), np.asarray(two))
    with pytest.raises(ValueError, match=r"\(controls, cases\), got a tuple of 3"):
        function(g, y, method="density", density=(normal, normal, normal))
    with pytest.raises(TypeError, match="a function for both classes, or the pair"):
        function(g, y, method="density", density=np.ones(512))
    with pytest.raises(TypeError, match="not both"), pytest.warns(FutureWarning):
        function(g, y, method="density", density=normal, density_cases=normal)


@pytest.mark.parametrize("function", [wr.roc_test, wr.smooth_roc, wr.smooth_auc])
def test_help_hides_the_moved_keywords(function):
    shown = set(inspect.signature(function).parameters)
    code = function.__code__
    real = set(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])
    assert function.__hidden__ <= real - shown
