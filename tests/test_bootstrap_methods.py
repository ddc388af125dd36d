"""The bootstrap methods of pROC that issue 22 adds: auc_var / auc_cov
(method="bootstrap", partial areas), roc_test(method="sensitivity" |
"specificity"), ci_coords, and the unstratified bootstrap everywhere.

References are independent of the package's engine: replicates rebuilt
from the same seeded generator, their curves made by WeightedROC /
`coords` on the resampled rows; exact bootstrap moments by enumerating
every resample of tiny data; repeated rows for frequency weights.
"""

import itertools
import warnings

import numpy as np
import pytest
from test_resampling import area, data, rebuilt, stratified_rows

import weightedroc as wr
from weightedroc.inference import replicates
from weightedroc.inference.bootstrap import bootstrap_interval


def unstratified_rows(rng, label, size):
    """pROC's boot.stratified = FALSE: n rows drawn from all n rows (the
    package's pool lists the positives first, then the negatives)."""
    order = np.concatenate((np.flatnonzero(label), np.flatnonzero(~label)))
    return [order[d] for d in rng.integers(0, len(order), (size, len(order)))]


def both_classes(label, rows):
    return label[rows].any() and not label[rows].all()


PARTIALS = [None, dict(fpr_range=(0, 0.2)), dict(tpr_range=(0.8, 1), correct=True)]


# ------------------------------------------------------------- auc_var, auc_cov


@pytest.mark.parametrize("partial", PARTIALS)
@pytest.mark.parametrize("stratified", [True, False])
def test_bootstrap_var_is_the_variance_of_rebuilt_replicates(partial, stratified, monkeypatch):
    monkeypatch.setattr(replicates, "CELLS", 400)  # batches of 10: draws span batches
    guess, _, label, weight = data(4, integer=False)
    draws = stratified_rows if stratified else unstratified_rows
    reps = [
        area(guess, label, weight, rows, partial)
        for rows in rebuilt(80, 7, len(label), lambda rng, size: draws(rng, label, size))
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # n.b. no replicate lacks a class here
        got = wr.auc_var(
            guess,
            label,
            weight,
            method="bootstrap",
            n_boot=80,
            seed=7,
            stratified=stratified,
            **(partial or {}),
        )
    assert got == pytest.approx(np.var(reps, ddof=1), rel=1e-9)


@pytest.mark.parametrize("stratified", [True, False])
def test_bootstrap_cov_pairs_the_draws(stratified):
    guess, guess2, label, weight = data(5, integer=False)
    draws = stratified_rows if stratified else unstratified_rows
    rows = rebuilt(60, 3, len(label), lambda rng, size: draws(rng, label, size))
    first = [area(guess, label, weight, r, None) for r in rows]
    second = [area(guess2, label, weight, r, None) for r in rows]
    got = wr.auc_cov(
        guess, guess2, label, weight, method="bootstrap", n_boot=60, seed=3, stratified=stratified
    )
    assert got == pytest.approx(np.cov(first, second, ddof=1)[0, 1], rel=1e-9)


def _exact_bootstrap_var(guess, label, stratified):
    """The bootstrap's own variance (n_boot -> infinity): every resample of
    the rows enumerated (equally likely), its AUC from the pair counts
    (Mann-Whitney); unstratified resamples without a class are left out, as
    the package drops them."""
    guess, label = np.asarray(guess, float), np.asarray(label, bool)
    n = len(label)
    if stratified:
        pos, neg = np.flatnonzero(label), np.flatnonzero(~label)
        rows = np.array(
            [
                p + q
                for p in itertools.product(pos, repeat=len(pos))
                for q in itertools.product(neg, repeat=len(neg))
            ]
        )
    else:
        rows = np.array(list(itertools.product(range(n), repeat=n)))
    counts = (rows[:, :, None] == np.arange(n)).sum(axis=1)  # (resamples, rows)
    wins = (guess[:, None] > guess[None, :]) + 0.5 * (guess[:, None] == guess[None, :])
    cp, cn = counts * label, counts * ~label
    keep = (cp.sum(1) > 0) & (cn.sum(1) > 0)
    cp, cn = cp[keep], cn[keep]
    aucs = np.einsum("bi,ij,bj->b", cp, wins, cn) / (cp.sum(1) * cn.sum(1))
    return np.var(aucs)


@pytest.mark.parametrize("stratified", [True, False])
def test_bootstrap_var_converges_to_the_exact_bootstrap_variance(stratified):
    guess, label = [1, 2, 3, 3, 5, 6], [0, 1, 0, 1, 0, 1]
    exact = _exact_bootstrap_var(guess, label, stratified)
    n_boot = 40_000
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unstratified: replicates without a class
        got = wr.auc_var(
            guess, label, method="bootstrap", n_boot=n_boot, seed=11, stratified=stratified
        )
    # Monte Carlo: the sample variance's standard error is about
    # var sqrt(2 / n) (kurtosis of a bounded AUC near a normal's); 5 of them.
    assert abs(got - exact) < 5 * exact * np.sqrt(2 / n_boot) * 1.5


def test_unstratified_replicates_without_a_class_are_dropped_with_procs_warning():
    guess, label = [1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1]
    with pytest.warns(UserWarning, match=r"^\d+ NA value\(s\) produced during bootstrap"):
        interval = bootstrap_interval(guess, label, n_boot=400, seed=1, stratified=False)
    # P(a resample of 6 rows, 3 of each class, misses a class) = 2 / 2**6
    assert 400 - 40 < len(interval.replicates) < 400
    assert not np.isnan(interval.replicates).any()


def test_frequency_weights_are_repeated_rows():
    guess, _, label, weight = data(6, n=25)
    rows = np.repeat(np.arange(len(label)), weight.astype(int))
    for stratified in (True, False):
        kwargs = dict(method="bootstrap", n_boot=300, seed=2, stratified=stratified)
        # The same draws: a frequency pool lists the expanded rows by class as
        # the repeated data's pool does.
        freq = wr.auc_var(guess, label, weight, weights_are="frequency", **kwargs)
        assert freq == pytest.approx(wr.auc_var(guess[rows], label[rows], **kwargs), rel=1e-12)


def test_auc_var_bootstrap_argument_errors():
    guess, label = [1, 2, 3, 4], [0, 0, 1, 1]
    with pytest.raises(ValueError, match="DeLong method is not supported for partial AUC"):
        wr.auc_var(guess, label, fpr_range=(0, 0.2))
    with pytest.raises(ValueError, match="DeLong method is not supported for partial AUC"):
        wr.auc_cov(guess, guess, label, tpr_range=(0.8, 1))
    with pytest.raises(TypeError, match="stratified must be True or False"):
        wr.auc_var(guess, label, method="bootstrap", stratified="no")
    with pytest.raises(ValueError, match="correct=True needs fpr_range or tpr_range"):
        wr.auc_var(guess, label, method="bootstrap", correct=True)
    with pytest.raises(ValueError, match="give fpr_range or tpr_range, not both"):
        wr.auc_var(guess, label, method="bootstrap", fpr_range=(0, 1), tpr_range=(0, 1))
    with pytest.raises(ValueError, match="n_boot must be at least 1"):
        wr.auc_cov(guess, guess, label, method="bootstrap", n_boot=0)


# ------------------------------------------------------ roc_test at a fixed point


def _se_at_sp(guess, label, weight, rows, specificity):
    """pROC's coords(input="specificity", ret="sensitivity") of the rows."""
    roc = wr.WeightedROC(guess[rows], label[rows], None if weight is None else weight[rows])
    return float(wr.coords(roc, specificity, input="specificity", ret="sensitivity").iloc[0, 0])


def _sp_at_se(guess, label, weight, rows, sensitivity):
    roc = wr.WeightedROC(guess[rows], label[rows], None if weight is None else weight[rows])
    return float(wr.coords(roc, sensitivity, input="sensitivity", ret="specificity").iloc[0, 0])


@pytest.mark.parametrize("method", ["sensitivity", "specificity"])
@pytest.mark.parametrize("paired", [True, False])
@pytest.mark.parametrize("stratified", [True, False])
def test_fixed_point_tests_are_rebuilt_from_the_draws(method, paired, stratified):
    guess, guess2, label, weight = data(7, integer=False)
    read, value = (_sp_at_se, 0.7) if method == "sensitivity" else (_se_at_sp, 0.8)
    draws = stratified_rows if stratified else unstratified_rows
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "seem to be paired"
        test = wr.roc_test(
            guess,
            guess2,
            label,
            weight,
            method=method,
            paired=paired,
            n_boot=70,
            seed=9,
            stratified=stratified,
            at=value,
        )

    def both(rng, size):
        first = draws(rng, label, size)
        return list(zip(first, first if paired else draws(rng, label, size)))

    diffs = [
        read(guess, label, weight, a, value) - read(guess2, label, weight, b, value)
        for a, b in rebuilt(70, 9, 2 * len(label), both)
    ]
    whole = slice(None)
    own = read(guess, label, weight, whole, value) - read(guess2, label, weight, whole, value)
    assert test.statistic == pytest.approx(own / np.std(diffs, ddof=1), rel=1e-9)
    assert test.statistic_name == "D"
    assert test.parameter == {"boot.n": 70, "boot.stratified": int(stratified)}
    other = "specificity" if method == "sensitivity" else "sensitivity"
    kind = "correlated ROC curves" if paired else "ROC curves"
    assert test.method == f"{method.capitalize()} test for two {kind}"
    assert test.null_name == f"difference in {other} at {value:g} {method}"
    # pROC estimates the AUCs whatever the statistic
    assert list(test.estimate) == ["AUC of roc1", "AUC of roc2"]
    assert test.estimate["AUC of roc1"] == pytest.approx(wr.auc_score(guess, label, weight))


def test_fixed_point_test_arguments_in_procs_words():
    guess, guess2, label = [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 6, 5], [0, 0, 1, 0, 1, 1]
    with pytest.raises(ValueError, match="Argument 'specificity' must be numeric of length 1"):
        wr.roc_test(guess, guess2, label, method="specificity")
    with pytest.raises(ValueError, match="Argument 'sensitivity' must be numeric of length 1"):
        wr.roc_test(guess, guess2, label, method="sensitivity", at=[0.5, 0.6])
    with pytest.raises(ValueError, match=r"Input specificity \(1.5\) not in range \(0-1\)"):
        wr.roc_test(guess, guess2, label, method="specificity", at=1.5)
    with pytest.raises(ValueError, match='at= is for method="sensitivity" or "specificity"'):
        wr.roc_test(guess, guess2, label, method="bootstrap", at=0.5)
    with pytest.raises(TypeError, match="stratified must be True or False"):
        wr.roc_test(guess, guess2, label, method="bootstrap", stratified=None)


def test_identical_curves_give_d_zero():
    guess, label = [1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1]
    test = wr.roc_test(guess, guess, label, method="specificity", at=0.5, n_boot=50)
    assert test.statistic == 0 and test.p_value == 1


# ------------------------------------------------------------------- ci_coords


def _coords_of_rows(guess, label, weight, rows, x, input, ret, best_method="youden"):
    roc = wr.WeightedROC(guess[rows], label[rows], None if weight is None else weight[rows])
    table = wr.coords(roc, x, input=input, ret=ret, best_method=best_method)
    return table[ret].to_numpy(dtype=float)


@pytest.mark.parametrize(
    "x, input, ret",
    [
        ([0.2, 0.9], "threshold", ["threshold", "specificity", "sensitivity", "ppv", "tp"]),
        ([0.5, 0.95], "specificity", ["sensitivity", "npv", "accuracy"]),
        ([0.3], "sensitivity", ["specificity", "fp"]),
        ([1.0, 2.5], "fp", ["sensitivity", "tn"]),  # a count input, in the given weights
        ([0.25], "fnr", ["specificity", "1-npv"]),
        ("best", "threshold", ["threshold", "specificity", "sensitivity", "youden"]),
    ],
)
@pytest.mark.parametrize("stratified", [True, False])
def test_ci_coords_quantiles_of_rebuilt_replicates(x, input, ret, stratified):
    guess, _, label, weight = data(8, integer=False, digits=3)  # no ties: one best point
    draws = stratified_rows if stratified else unstratified_rows
    reps = np.stack(
        [
            _coords_of_rows(guess, label, weight, rows, x, input, ret)
            for rows in rebuilt(60, 4, len(label), lambda rng, size: draws(rng, label, size))
        ]
    )
    got = wr.ci_coords(
        guess,
        label,
        weight,
        x=x,
        input=input,
        ret=ret,
        n_boot=60,
        seed=4,
        stratified=stratified,
        conf_level=0.9,
    )
    points = ["best"] if x == "best" else x
    assert got["x"].tolist() == [p for p in points for _ in ret]
    assert got["measure"].tolist() == ret * len(points)
    expected = np.nanquantile(reps, [0.05, 0.5, 0.95], axis=0).reshape(3, -1)
    np.testing.assert_allclose(got[["conf_low", "median", "conf_high"]].to_numpy().T, expected)


def test_ci_coords_best_policy():
    guess, label = [1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 0, 1, 0, 1, 0, 1]  # many tied best points
    with pytest.raises(ValueError, match='More than one "best" threshold was found, aborting'):
        wr.ci_coords(guess, label, x="best", n_boot=50, seed=1)
    with pytest.warns(UserWarning, match=r"\d+ NA value\(s\) produced during bootstrap"):
        omitted = wr.ci_coords(guess, label, x="best", best_policy="omit", n_boot=50, seed=1)
    randomly = wr.ci_coords(guess, label, x="best", best_policy="random", n_boot=50, seed=1)
    assert not randomly[["conf_low", "conf_high"]].isna().any().any()
    assert omitted["measure"].tolist() == ["threshold", "specificity", "sensitivity"]


def test_ci_coords_with_no_value_in_any_replicate_is_na_with_procs_warning():
    # R 4.2.2, pROC 1.18: ci.coords(roc(c(0,1,0,1,0,1), 1:6, direction="<"),
    # x=100, input="threshold", ret="ppv", boot.n=5) warns "All bootstrap
    # iterations produced NA values only." and gives NA, NA, NA.
    guess, label = [1, 2, 3, 4, 5, 6], [0, 1, 0, 1, 0, 1]
    with pytest.warns(UserWarning, match=r"^All bootstrap iterations produced NA values only\.$"):
        got = wr.ci_coords(guess, label, x=[100], ret=["ppv"], n_boot=5, seed=1)
    assert got["x"].tolist() == [100] and got["measure"].tolist() == ["ppv"]
    assert got[["conf_low", "median", "conf_high"]].isna().all().all()
    # A coordinate NaN in every replicate beside others that have values: no
    # replicate is empty, so no warning, and the others' quantiles stand.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        both = wr.ci_coords(guess, label, x=[100, 3], ret=["ppv", "tp"], n_boot=5, seed=1)
    values = both[["conf_low", "median", "conf_high"]].to_numpy()
    assert np.isnan(values[0]).all() and (values[1] == 0).all()
    assert not np.isnan(values[2:]).any()


def test_ci_coords_frequency_weights_are_repeated_rows():
    guess, _, label, weight = data(9, n=20)
    rows = np.repeat(np.arange(len(label)), weight.astype(int))
    kwargs = dict(x=[0.0, 1.0], n_boot=100, seed=5, ret=["specificity", "sensitivity"])
    freq = wr.ci_coords(guess, label, weight, weights_are="frequency", **kwargs)
    plain = wr.ci_coords(guess[rows], label[rows], **kwargs)
    np.testing.assert_array_equal(freq.to_numpy(), plain.to_numpy())


def test_ci_coords_direction_greater_mirrors_the_guesses():
    guess, _, label, _ = data(10, n=30)
    kwargs = dict(n_boot=100, seed=3, ret=["specificity", "sensitivity"])
    less = wr.ci_coords(guess, label, x=[0.5], **kwargs)
    greater = wr.ci_coords(-guess, label, x=[-0.5], direction=">", **kwargs)
    np.testing.assert_array_equal(
        less[["conf_low", "median", "conf_high"]], greater[["conf_low", "median", "conf_high"]]
    )


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(x="all"), ValueError, "'all' and 'local maximas' are not available"),
        (dict(x="local maximas"), ValueError, "'all' and 'local maximas' are not available"),
        (
            dict(x=[0.5], input="specificity", ret=["threshold", "sensitivity"]),
            ValueError,
            "'threshold' output is only supported for best ROC point",
        ),
        (dict(x=[0.5], input="accuracy"), ValueError, "not monotone"),
        (dict(x="best", best_policy="first"), ValueError, "best_policy must be one of"),
        (dict(x="best", best_method="f1"), ValueError, "best_method must be one of"),
        (dict(x=[0.5], ret=["nonsense"]), ValueError, "nonsense"),
        (dict(x=[0.5], stratified=1), TypeError, "stratified must be True or False"),
        (dict(x=[0.5], conf_level=1.5), ValueError, "conf_level"),
    ],
)
def test_ci_coords_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        wr.ci_coords([1, 2, 3, 4], [0, 1, 0, 1], n_boot=10, **kwargs)


def test_ci_coords_default_ret_follows_the_input():
    guess, label = [1, 2, 3, 4, 5, 6], [0, 0, 1, 0, 1, 1]
    by_threshold = wr.ci_coords(guess, label, x=[3.5], n_boot=20, seed=1)
    assert by_threshold["measure"].tolist() == ["threshold", "specificity", "sensitivity"]
    by_sp = wr.ci_coords(guess, label, x=[0.5], input="specificity", n_boot=20, seed=1)
    assert by_sp["measure"].tolist() == ["specificity", "sensitivity"]


# ------------------------------------------- stratified=False in every bootstrap


def test_every_bootstrap_takes_stratified_false():
    guess, guess2, label, weight = data(11)
    rows = lambda rng, size: unstratified_rows(rng, label, size)  # noqa: E731
    reps = [area(guess, label, weight, r, None) for r in rebuilt(50, 2, len(label), rows)]
    ci = wr.auc_ci(guess, label, weight, method="bootstrap", n_boot=50, seed=2, stratified=False)
    np.testing.assert_allclose(np.sort(ci.replicates), np.sort(reps), rtol=1e-12)
    se = [_se_at_sp(guess, label, weight, r, 0.6) for r in rebuilt(50, 2, len(label), rows)]
    band = wr.ci_se(guess, label, weight, [0.6], n_boot=50, seed=2, stratified=False)
    assert band["median"].iloc[0] == pytest.approx(np.median(se))
    sp = [_sp_at_se(guess, label, weight, r, 0.6) for r in rebuilt(50, 2, len(label), rows)]
    band = wr.ci_sp(guess, label, weight, [0.6], n_boot=50, seed=2, stratified=False)
    assert band["median"].iloc[0] == pytest.approx(np.median(sp))
    at = [
        _coords_of_rows(guess, label, weight, r, [0.5], "threshold", ["specificity"])[0, 0]
        for r in rebuilt(50, 2, len(label), rows)
    ]
    band = wr.ci_thresholds(guess, label, weight, [0.5], n_boot=50, seed=2, stratified=False)
    assert band["median"].iloc[0] == pytest.approx(np.median(at))
    from weightedroc.inference.resampling import bootstrap_test

    boot = bootstrap_test(guess, guess2, label, weight, n_boot=50, seed=2, stratified=False)
    assert boot.parameter["boot.stratified"] == 0
    diffs = [
        area(guess, label, weight, r, None) - area(guess2, label, weight, r, None)
        for r in rebuilt(50, 2, 2 * len(label), rows)
    ]
    own = wr.auc_score(guess, label, weight) - wr.auc_score(guess2, label, weight)
    assert boot.statistic == pytest.approx(own / np.std(diffs, ddof=1), rel=1e-9)


# pROC's tests/testthat/test-ci.coords.R (not smoothed; pROC's partial
# names "sp", "1-se" are written out): every monotone input, stratified or
# not, one or more x and ret: one row per point and measure, in order.
PROC_INPUTS = [
    "threshold", "sensitivity", "specificity", "tn", "tp", "fn", "fp", "tpr",
    "tnr", "fpr", "fnr", "1-specificity", "1-sensitivity", "recall",
]  # fmt: skip


@pytest.mark.parametrize("input", PROC_INPUTS)
@pytest.mark.parametrize("stratified", [True, False])
def test_procs_ci_coords_shapes(input, stratified):
    asah = wr.load_asah()
    y = (asah["outcome"] == "Poor").to_numpy()
    for x in ([0.8], [0.9, 0.8]):
        for ret in (["specificity"], ["specificity", "ppv", "tp", "1-sensitivity"]):
            got = wr.ci_coords(
                asah["s100b"],
                y,
                x=x,
                input=input,
                ret=ret,
                n_boot=3,
                conf_level=0.91,
                stratified=stratified,
                seed=1,  # unseeded, 3 replicates can all lack a guess >= 0.8 (ppv NaN)
            )
            assert got["x"].tolist() == [v for v in x for _ in ret]
            assert got["measure"].tolist() == ret * len(x)
            assert list(got.columns) == ["x", "measure", "conf_low", "median", "conf_high"]
            assert not got[["conf_low", "median", "conf_high"]].isna().any().any()


def test_procs_ci_coords_threshold_output():
    asah = wr.load_asah()
    y = (asah["outcome"] == "Poor").to_numpy()
    ret = ["threshold", "specificity", "sensitivity"]
    # accepted with x="best" (whatever the input) or a threshold input
    best = wr.ci_coords(asah["wfns"], y, x="best", input="specificity", ret=ret, n_boot=1)
    assert best["measure"].tolist() == ret
    at = wr.ci_coords(asah["wfns"], y, x=[2], input="threshold", ret=ret, n_boot=1)
    assert at["conf_low"].iloc[0] == 2  # the threshold asked for
    with pytest.raises(ValueError, match="'threshold' output is only supported"):
        wr.ci_coords(asah["wfns"], y, x=[0.9], input="specificity", ret=ret, n_boot=1)
