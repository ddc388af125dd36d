"""Resampling inference with weights: bootstrap_test, venkatraman_test,
auc_ci of a partial AUC, ci_se, ci_sp, ci_thresholds.

References are independent: every replicate is rebuilt from the same seeded
generator drawing positives and negatives apart (a non-stratified draw
fails these tests), its curve made by WeightedROC on the resampled rows and
read by pROC's coords rule written out as a loop; Venkatraman's statistic
is pROC's formula (sapply over ranks) ported literally.
"""

import contextlib
import warnings

import numpy as np
import pandas as pd
import pytest

import weightedroc as wr
from weightedroc.inference import replicates
from weightedroc.inference.resampling import bootstrap_test, venkatraman_test


def data(seed, n=40, integer=True, digits=1):
    rng = np.random.default_rng(seed)
    label = rng.random(n) < 0.45
    label[:2] = [False, True]
    guess = np.round(rng.normal(size=n) + label, digits)
    guess2 = np.round(guess + rng.normal(size=n), digits)
    weight = rng.integers(1, 4, n).astype(float) if integer else rng.exponential(size=n) + 0.1
    return guess, guess2, label, weight


def stratified_rows(rng, label, size, expanded=None):
    """Rows of `size` replicates: positives from the positives, negatives
    from the negatives (from `expanded` rows for frequency weights)."""
    rows = np.arange(len(label)) if expanded is None else expanded
    pos, neg = rows[label[rows]], rows[~label[rows]]
    pos_draws = rng.integers(0, len(pos), (size, len(pos)))
    neg_draws = rng.integers(0, len(neg), (size, len(neg)))
    return [np.concatenate((pos[p], neg[q])) for p, q in zip(pos_draws, neg_draws)]


def pooled_rows(rng, label, size):
    """A non-stratified bootstrap: rows drawn from all rows."""
    n = len(label)
    return list(rng.integers(0, n, (size, n)))


def rebuilt(n_boot, seed, n_rows, draws):
    """The replicates' rows, batch by batch as the package batches them."""
    rng = np.random.default_rng(seed)
    batch = max(1, replicates.CELLS // n_rows)
    out = []
    for start in range(0, n_boot, batch):
        out += draws(rng, min(batch, n_boot - start))
    return out


def area(guess, label, weight, rows, partial):
    """A replicate's area, the plain way (a corrected replicate may fall below
    the diagonal: kept, as pROC's bootstrap keeps it, without its warning)."""
    roc = wr.WeightedROC(guess[rows], label[rows], None if weight is None else weight[rows])
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "the partial area .* is below that of the diagonal")
        return wr.partial_auc(roc, **(partial or {}))


# ---------------------------------------------------------------- bootstrap_test

PARTIALS = [
    None,
    dict(fpr_range=(0, 0.3)),
    dict(fpr_range=(0.1, 0.4), correct=True),
    dict(tpr_range=(0.7, 1)),
]


@pytest.mark.parametrize("partial", PARTIALS)
@pytest.mark.parametrize("paired", [True, False])
def test_bootstrap_statistic_is_rebuilt_from_stratified_draws(partial, paired, monkeypatch):
    monkeypatch.setattr(replicates, "CELLS", 500)  # batches of 6 replicates: draws span batches
    guess, guess2, label, weight = data(1, integer=False)
    n_boot, n = 60, len(label)
    unpaired_warning = pytest.warns(UserWarning, match="seem to be paired")
    with contextlib.nullcontext() if paired else unpaired_warning:  # as pROC's roc.test
        test = bootstrap_test(
            guess, guess2, label, weight, paired=paired, n_boot=n_boot, seed=5, **(partial or {})
        )

    def draws(rng, size):
        first = stratified_rows(rng, label, size)
        second = first if paired else stratified_rows(rng, label, size)
        return list(zip(first, second))

    with np.errstate(all="ignore"):
        import warnings

        warnings.simplefilter("ignore")
        diffs = [
            area(guess, label, weight, a, partial) - area(guess2, label, weight, b, partial)
            for a, b in rebuilt(n_boot, 5, 2 * n, draws)
        ]
        estimates = [area(g, label, weight, slice(None), partial) for g in (guess, guess2)]
    expected = (estimates[0] - estimates[1]) / np.std(diffs, ddof=1)
    assert test.statistic == pytest.approx(expected, rel=1e-9)
    assert list(test.estimate.values()) == pytest.approx(estimates, rel=1e-15)
    from statistics import NormalDist

    assert test.p_value == pytest.approx(2 * NormalDist().cdf(-abs(expected)), rel=1e-9)
    # The same check against a non-stratified bootstrap fails.
    pooled = [
        area(guess, label, weight, a, partial) - area(guess2, label, weight, a, partial)
        for a in rebuilt(n_boot, 5, 2 * n, lambda rng, size: pooled_rows(rng, label, size))
        if label[a].any() and not label[a].all()
    ]
    assert test.statistic != pytest.approx(
        (estimates[0] - estimates[1]) / np.std(pooled, ddof=1), rel=1e-6
    )


def test_bootstrap_unpaired_samples_of_different_sizes():
    guess, _, label, weight = data(2, n=30)
    other, _, label2, weight2 = data(3, n=45)
    test = bootstrap_test(
        guess,
        other,
        label,
        weight,
        label2=label2,
        weight2=weight2,
        paired=False,
        n_boot=100,
        seed=1,
    )

    def draws(rng, size):
        return list(zip(stratified_rows(rng, label, size), stratified_rows(rng, label2, size)))

    diffs = [
        area(guess, label, weight, a, None) - area(other, label2, weight2, b, None)
        for a, b in rebuilt(100, 1, 75, draws)
    ]
    expected = (wr.auc_score(guess, label, weight) - wr.auc_score(other, label2, weight2)) / np.std(
        diffs, ddof=1
    )
    assert test.statistic == pytest.approx(expected, rel=1e-9)
    assert test.method == "Bootstrap test for two ROC curves"
    assert test.parameter == {"boot.n": 100, "boot.stratified": 1}


def test_bootstrap_of_one_curve_against_itself_is_zero_with_p_one():
    guess, _, label, weight = data(4)
    test = bootstrap_test(guess, guess.copy(), label, weight, n_boot=50, seed=0)
    assert (test.statistic, test.p_value) == (0.0, 1.0)


def test_bootstrap_alternatives_are_the_normal_tails():
    guess, guess2, label, weight = data(5)
    two = bootstrap_test(guess, guess2, label, weight, n_boot=80, seed=2)
    greater = bootstrap_test(guess, guess2, label, weight, n_boot=80, seed=2, alternative="greater")
    less = bootstrap_test(guess, guess2, label, weight, n_boot=80, seed=2, alternative="less")
    assert greater.p_value + less.p_value == pytest.approx(1, abs=1e-15)
    assert two.p_value == pytest.approx(2 * min(greater.p_value, less.p_value), rel=1e-12)


def test_bootstrap_estimate_names_are_procs():
    guess, guess2, label, weight = data(6)
    names = [
        list(bootstrap_test(guess, guess2, label, n_boot=20, seed=0, **p).estimate)
        for p in (dict(fpr_range=(0, 0.2), correct=True), dict(tpr_range=(0.9, 1)))
    ]
    assert names == [
        [
            "Corrected pAUC (1-0.8 specificity) of roc1",
            "Corrected pAUC (1-0.8 specificity) of roc2",
        ],
        ["pAUC (1-0.9 sensitivity) of roc1", "pAUC (1-0.9 sensitivity) of roc2"],
    ]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(alternative="bigger"), ValueError, "alternative must be"),
        (dict(label2=[0, 1] * 20, paired=True), ValueError, "cannot be applied to unpaired"),
        (dict(partial_auc=(0, 0.2)), TypeError, "partial_auc must be a dict"),
        (dict(partial_auc=dict(fpr=(0, 0.2))), TypeError, "unknown keys"),
        (
            dict(fpr=(0, 0.2)),
            TypeError,
            "bootstrap_test.. got an unexpected keyword argument 'fpr'",
        ),
        (dict(fpr_range=(0, 0.2), tpr_range=(0.8, 1)), ValueError, "not both"),
        (dict(weights_are="counts"), ValueError, "weights_are must be"),
        (dict(n_boot=0), ValueError, "n_boot must be at least 1"),
    ],
)
def test_bootstrap_bad_arguments(kwargs, error, match):
    guess, guess2, label, weight = data(7)
    with pytest.raises(error, match=match):
        bootstrap_test(guess, guess2, label, weight, **kwargs)


def test_paired_guesses_of_another_length_are_refused():
    guess, guess2, label, _ = data(7)
    with pytest.raises(ValueError, match="guess2 has 39 values and label 40"):
        bootstrap_test(guess, guess2[:-1], label)


# ---------------------------------------------------------------- auc_ci


@pytest.mark.parametrize("partial", PARTIALS[1:])
def test_auc_ci_partial_replicates_are_the_resampled_partial_areas(partial):
    guess, _, label, weight = data(8, integer=False)
    ci = wr.auc_ci(guess, label, weight, method="bootstrap", n_boot=120, seed=3, **partial)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = [
            area(guess, label, weight, rows, partial)
            for rows in rebuilt(120, 3, len(label), lambda rng, s: stratified_rows(rng, label, s))
        ]
        assert ci.estimate == area(guess, label, weight, slice(None), partial)
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-13)


def test_frequency_weights_resample_the_expanded_rows():
    guess, _, label, weight = data(9)
    counts = weight.astype(int)
    ci = wr.auc_ci(
        guess, label, weight, method="bootstrap", n_boot=100, seed=4, weights_are="frequency"
    )
    expanded = np.repeat(np.arange(len(label)), counts)
    # The package draws positives from the expanded positives, then negatives.
    pos, neg = expanded[label[expanded]], expanded[~label[expanded]]
    assert len(pos) + len(neg) == counts.sum()
    expected = [
        wr.auc_score(guess[rows], label[rows])
        for rows in rebuilt(
            100, 4, counts.sum(), lambda rng, s: stratified_rows(rng, label, s, expanded)
        )
    ]
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-13)
    assert ci.estimate == wr.auc_score(guess[expanded], label[expanded])


def test_frequency_weights_must_be_integers():
    with pytest.raises(ValueError, match=r"needs integer weights .* got 1\.5 at position 1"):
        wr.auc_ci([1, 2, 3], [0, 1, 1], [1, 1.5, 2], method="bootstrap", weights_are="frequency")


# ---------------------------------------------------------------- ci_se / ci_sp / ci_thresholds


def procs_coords(roc, value, given):
    """pROC's coords.roc for input = "specificity" or "sensitivity", as a loop
    over the curve by ascending threshold (R/coords.R)."""
    W0 = roc["FP"].iloc[0]
    se = list(roc["TPR"])
    sp = [(W0 - fp) / W0 for fp in roc["FP"]]
    inputs, other = (sp, se) if given == "specificity" else (se, sp)
    matches = [i for i, v in enumerate(inputs) if v == value]
    if matches:
        return other[matches[0] if given == "specificity" else matches[-1]]
    nxt = next(
        i for i, v in enumerate(inputs) if (v > value if given == "specificity" else v < value)
    )
    proportion = (value - inputs[nxt]) / (inputs[nxt - 1] - inputs[nxt])
    return other[nxt] + proportion * (other[nxt - 1] - other[nxt])


def quantiles(values, level=0.95):
    return np.quantile(values, [(1 - level) / 2, 0.5, (1 + level) / 2], axis=0)


@pytest.mark.parametrize("given", ["specificity", "sensitivity"])
def test_ci_se_and_ci_sp_are_quantiles_of_rebuilt_replicates(given):
    guess, _, label, weight = data(10)
    points = [0, 0.1, 0.25, 0.5, 0.8, 0.95, 1]
    function = wr.ci_se if given == "specificity" else wr.ci_sp
    band = function(guess, label, weight, points, n_boot=150, seed=6, conf_level=0.9)
    reps = [
        [procs_coords(wr.WeightedROC(guess[r], label[r], weight[r]), v, given) for v in points]
        for r in rebuilt(150, 6, len(label), lambda rng, s: stratified_rows(rng, label, s))
    ]
    lower, median, upper = quantiles(reps, 0.9)
    np.testing.assert_allclose(band["conf_low"], lower, atol=1e-12)
    np.testing.assert_allclose(band["median"], median, atol=1e-12)
    np.testing.assert_allclose(band["conf_high"], upper, atol=1e-12)
    other = "sensitivity" if given == "specificity" else "specificity"
    assert list(band.columns) == [given, other, "conf_low", "median", "conf_high"]
    own = [procs_coords(wr.WeightedROC(guess, label, weight), v, given) for v in points]
    np.testing.assert_allclose(band[other], own, atol=1e-15)


def test_ci_se_reads_the_top_of_a_vertical_step_and_interpolates_between_points():
    # Controls 1, 2, 4, 6 (weights 1, 1, 2, 1: 5); cases 3, 5, 7, 8 (each 1).
    guess, label = [1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 1, 0, 1, 0, 1, 1]
    weight = [1, 1, 1, 2, 1, 1, 1, 1]
    band = wr.ci_se(guess, label, weight, [0.4, 0.6, 0.7, 0.8], n_boot=10, seed=0)
    # Specificity 2/5 at thresholds 3 and 4 (se 1 and 3/4): the first, 1.
    # 0.6 lies between (sp 0.4, se 3/4) and (sp 0.8, se 3/4): 3/4.
    # 0.8 at thresholds 5 and 6 (se 3/4, 1/2): 3/4.
    assert band["sensitivity"].tolist() == pytest.approx([1, 0.75, 0.75, 0.75], abs=1e-15)


def test_ci_thresholds_rebuilt_and_direction():
    guess, _, label, weight = data(11)
    cuts = [-0.5, 0.3, 0.31, 1.2, 9]
    ci = wr.ci_thresholds(guess, label, weight, cuts, n_boot=150, seed=7)
    reps = []
    for r in rebuilt(150, 7, len(label), lambda rng, s: stratified_rows(rng, label, s)):
        g, y, w = guess[r], label[r], weight[r]
        reps.append(
            [
                v
                for t in cuts
                for v in (w[~y & (g < t)].sum() / w[~y].sum(), w[y & (g >= t)].sum() / w[y].sum())
            ]
        )
    for column, values in zip(["conf_low", "median", "conf_high"], quantiles(reps)):
        np.testing.assert_allclose(ci[column], values, atol=1e-12)
    assert ci["measure"].tolist() == ["specificity", "sensitivity"] * len(cuts)
    assert ci["threshold"].tolist() == np.repeat(cuts, 2).tolist()
    flipped = wr.ci_thresholds(
        -guess, label, weight, [-c for c in cuts], n_boot=150, seed=7, direction=">"
    )
    pd.testing.assert_frame_equal(flipped.drop(columns="threshold"), ci.drop(columns="threshold"))


@pytest.mark.parametrize(
    "call, match",
    [
        (
            lambda: wr.ci_se([1, 2, 3], [0, 1, 1], specificities=[1.2]),
            r"Input specificity \(1.2\) not in range",
        ),
        (lambda: wr.ci_sp([1, 2, 3], [0, 1, 1], sensitivities=[np.nan]), "must not hold NaN"),
        (lambda: wr.ci_thresholds([1, 2, 3], [0, 1, 1]), "thresholds are required"),
        (
            lambda: wr.ci_se([1, 2, 3], [0, 1, 1], conf_level=95),
            "conf_level must be between 0 and 1",
        ),
    ],
)
def test_coords_ci_bad_arguments(call, match):
    with pytest.raises((TypeError, ValueError), match=match):
        call()


# ---------------------------------------------------------------- venkatraman_test


def rank_first(x):
    order = sorted(range(len(x)), key=lambda i: (x[i], i))
    ranks = [0] * len(x)
    for r, i in enumerate(order, 1):
        ranks[i] = r
    return ranks


def procs_paired_e(g1, g2, case):
    """venkatraman.paired.stat, literally."""
    R, S, n = rank_first(list(g1)), rank_first(list(g2)), len(case)
    total = 0
    for x in range(1, n + 1):
        r_err = sum(1 for r, c in zip(R, case) if c and r <= x) + sum(
            1 for r, c in zip(R, case) if not c and r > x
        )
        s_err = sum(1 for s, c in zip(S, case) if c and s <= x) + sum(
            1 for s, c in zip(S, case) if not c and s > x
        )
        total += abs(s_err - r_err)
    return total


def procs_unpaired_e(g1, c1, g2, c2):
    """venkatraman.unpaired.stat with R's approxfun, as loops."""
    R, S = rank_first(list(g1)), rank_first(list(g2))
    mp = (sum(c1) + sum(c2)) / (len(c1) + len(c1))

    def curve(ranks, case):
        n1, n0 = sum(case), len(case) - sum(case)
        fx = [
            sum(1 for r, c in zip(ranks, case) if c and r <= x) / n1
            for x in range(1, len(case) + 1)
        ]
        gx = [
            sum(1 for r, c in zip(ranks, case) if not c and r <= x) / n0
            for x in range(1, len(case) + 1)
        ]
        return (
            [mp * f + (1 - mp) * g for f, g in zip(fx, gx)],
            [mp * f + (1 - mp) * (1 - g) for f, g in zip(fx, gx)],
        )

    def approx(xs, ys, v):
        if v < xs[0] or v > xs[-1]:
            return np.nan
        i, j = 0, len(xs) - 1
        while i < j - 1:
            ij = (i + j) // 2
            if v < xs[ij]:
                j = ij
            else:
                i = ij
        if v == xs[j]:
            return ys[j]
        if v == xs[i]:
            return ys[i]
        return ys[i] + (ys[j] - ys[i]) * ((v - xs[i]) / (xs[j] - xs[i]))

    (p1, e1), (p2, e2) = curve(R, c1), curve(S, c2)
    x = sorted(p1 + p2)
    y = [abs(approx(p1, e1, v) - approx(p2, e2, v)) for v in x]
    terms = [((y[k] + y[k - 1]) * (x[k] - x[k - 1])) / 2 for k in range(1, len(x))]
    return float(np.sum(np.array([t for t in terms if not np.isnan(t)], dtype=np.longdouble)))


@pytest.mark.parametrize("seed", range(4))
def test_venkatraman_paired_e_is_procs_formula(seed):
    guess, guess2, label, _ = data(seed, n=30, digits=seed % 2)  # ties with digits=0
    test = venkatraman_test(guess, guess2, label, n_boot=20, seed=0)
    assert test.statistic == procs_paired_e(guess, guess2, label)


@pytest.mark.parametrize("seed", range(4))
def test_venkatraman_unpaired_e_is_procs_formula(seed):
    guess, _, label, _ = data(seed, n=25, digits=seed % 2)
    other, _, label2, _ = data(seed + 10, n=30, digits=1)
    test = venkatraman_test(guess, other, label, label2=label2, paired=False, n_boot=20, seed=0)
    assert test.statistic == pytest.approx(procs_unpaired_e(guess, label, other, label2), rel=1e-14)
    assert test.method == "Venkatraman's test for two unpaired ROC curves"


def weighted_paired_e(g1, g2, case, weight):
    """Sum over u = 0, 1, ..., W - 1 of |errors of curve 2 - errors of curve 1|
    when the observations of cumulative weight (in rank order) at most u
    are negative: the integral of the step function, integer weights."""
    total = 0
    for u in range(int(sum(weight))):
        errors = []
        for g in (g1, g2):
            order = sorted(range(len(g)), key=lambda i: (g[i], i))
            cum, err = 0, sum(w for w, c in zip(weight, case) if not c)
            for i in order:
                cum += weight[i]
                if cum > u:
                    break
                err += weight[i] if case[i] else -weight[i]
            errors.append(err)
        total += abs(errors[1] - errors[0])
    return total


def test_venkatraman_weights_and_frequency_weights():
    guess, guess2, label, weight = data(12, n=25)
    rows = np.repeat(np.arange(len(label)), weight.astype(int))
    expanded = venkatraman_test(guess[rows], guess2[rows], label[rows], n_boot=60, seed=9)
    frequency = venkatraman_test(
        guess, guess2, label, weight, n_boot=60, seed=9, weights_are="frequency"
    )
    assert frequency == expanded
    importance = venkatraman_test(guess, guess2, label, weight, n_boot=5, seed=9)
    mean = weight.mean()  # weights are taken relative to their mean
    assert importance.statistic * mean * mean == pytest.approx(
        weighted_paired_e(guess, guess2, label, weight), rel=1e-13
    )


def test_venkatraman_same_curve_has_e_zero_and_p_one():
    guess, _, label, weight = data(13)
    test = venkatraman_test(guess, guess.copy(), label, weight, n_boot=30, seed=1)
    assert (test.statistic, test.p_value) == (0.0, 1.0)


def test_venkatraman_p_value_is_share_of_permutations_at_least_e():
    guess, guess2, label, weight = data(14, n=60)
    p = [venkatraman_test(guess, guess2, label, weight, n_boot=n, seed=2).p_value for n in (1, 40)]
    assert p[0] in (0.0, 1.0) and (p[1] * 40) == round(p[1] * 40)


def test_venkatraman_is_two_sided_only_and_prints_no_estimates():
    guess, guess2, label, _ = data(15)
    with pytest.raises(ValueError, match="Only two-sided tests are available for Venkatraman."):
        venkatraman_test(guess, guess2, label, alternative="less")
    text = repr(venkatraman_test(guess, guess2, label, n_boot=10, seed=0))
    assert "sample estimates" not in text
    assert (
        "alternative hypothesis: true difference in at least one ROC operating point "
        "is not equal to 0"
    ) in text
