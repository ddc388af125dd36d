"""group_auc (GAUC): the mean of a per-group loop, DeLong's variance of
every group as auc_var and a brute-force jackknife give it."""

import math
import warnings
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from weightedroc import WeightedAUC, WeightedROC, auc_table, auc_var, group_auc
from weightedroc.inference.grouped_delong import group_variances


def recommender_log(seed=0, users=120, p_click=0.25):
    """Users with geometric numbers of impressions, tied scores, impression
    counts as weights, a shuffled row order and index."""
    rng = np.random.default_rng(seed)
    sizes = rng.geometric(0.15, users)
    user = np.repeat(np.arange(users), sizes)
    n = len(user)
    click = rng.random(n) < p_click
    score = np.round(rng.normal(size=n) + click, 1)
    order = rng.permutation(n)
    return pd.DataFrame(
        {
            "user": (user * 7 + 3)[order],  # not 0..k-1
            "score": score[order],
            "click": click[order].astype(int),
            "impressions": rng.integers(1, 6, n).astype(float),
        },
        index=rng.permutation(n) + 1000,
    )


def per_group_loop(df, weight=None, group_weight="n"):
    """(GAUC, used, skipped, {user: AUC}) by a plain loop over WeightedAUC."""
    aucs, weights, skipped = {}, {}, 0
    for user, rows in df.groupby("user"):
        if rows.click.nunique() < 2:
            skipped += 1
            continue
        w = None if weight is None else rows[weight]
        aucs[user] = WeightedAUC(WeightedROC(rows.score, rows.click, w))
        total = len(rows) if w is None else w.sum()
        clicks = rows.click.sum() if w is None else w[rows.click == 1].sum()
        weights[user] = {
            "n": len(rows),
            "weight": total,
            "positive_weight": clicks,
            "equal": 1.0,
        }[group_weight]
    gauc = sum(weights[u] * aucs[u] for u in aucs) / sum(weights.values())
    return gauc, len(aucs), skipped, aucs, weights


@pytest.mark.parametrize("group_weight", ["n", "weight", "positive_weight", "equal"])
@pytest.mark.parametrize("weight", [None, "impressions"])
def test_gauc_is_the_weighted_mean_of_a_per_group_loop(weight, group_weight):
    df = recommender_log()
    result = group_auc(df, "score", "click", weight, by="user", group_weight=group_weight)
    gauc, used, skipped, aucs, weights = per_group_loop(df, weight, group_weight)
    assert skipped > 10 and used > 50
    assert (result.n_groups, result.n_skipped) == (used, skipped)
    assert result.estimate == pytest.approx(gauc, rel=1e-14)
    assert result.groups["user"].tolist() == sorted(aucs)
    # Each group's AUC is WeightedAUC of its rows, bit for bit.
    assert result.groups["auc"].tolist() == [aucs[u] for u in sorted(aucs)]
    assert result.groups["group_weight"].to_numpy() == pytest.approx(
        [weights[u] for u in sorted(aucs)], rel=1e-15
    )


def test_gauc_matches_scikit_learns_roc_auc_score_per_user():
    metrics = pytest.importorskip("sklearn.metrics")
    df = recommender_log(seed=3)
    aucs, weights = [], []
    for _, rows in df.groupby("user"):
        if rows.click.nunique() == 2:
            aucs.append(
                metrics.roc_auc_score(rows.click, rows.score, sample_weight=rows.impressions)
            )
            weights.append(rows.impressions.sum())
    result = group_auc(df, "score", "click", "impressions", by="user", group_weight="weight")
    assert result.groups["auc"].to_numpy() == pytest.approx(aucs, rel=1e-12)
    assert result.estimate == pytest.approx(np.average(aucs, weights=weights), rel=1e-12)


def test_groups_table_is_auc_table_of_the_groups_with_both_labels():
    df = recommender_log(seed=1)
    result = group_auc(df, "score", "click", "impressions", by="user")
    both = df.groupby("user").click.transform("nunique") == 2
    expected = auc_table(df[both], "score", "click", "impressions", by="user")
    assert_frame_equal(result.groups[expected.columns], expected, check_exact=True)


def _auc_var_or_nan(guess, label, weight, weights_are):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # skewed-weight notes
            return auc_var(guess, label, weight, weights_are=weights_are)
    except ValueError:  # fewer than 2 of a class: pROC's NA
        return math.nan


@pytest.mark.parametrize(
    "weight, weights_are",
    [(None, "importance"), ("impressions", "importance"), ("impressions", "frequency")],
)
def test_each_groups_variance_is_auc_var_of_its_rows(weight, weights_are):
    df = recommender_log(seed=2)
    result = group_auc(df, "score", "click", weight, by="user", weights_are=weights_are)
    expected = []
    for user in result.groups["user"]:
        rows = df[df.user == user]
        w = None if weight is None else rows[weight]
        expected.append(_auc_var_or_nan(rows.score, rows.click, w, weights_are))
    found = result.groups["variance"].to_numpy()
    assert np.array_equal(np.isnan(found), np.isnan(expected))
    assert 0 < np.isnan(expected).sum() < len(expected) - 20
    assert found == pytest.approx(np.array(expected), rel=1e-10, nan_ok=True)


def brute_auc(x, y, wx, wy):
    """Weighted AUC by all pairs: positives x (weights wx) against negatives y."""
    psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
    return float(wx @ psi @ wy / (wx.sum() * wy.sum()))


def brute_jackknife(x, y, wx, wy):
    """Two-sample jackknife of the exact leave-one-out AUCs, pair by pair."""
    full = brute_auc(x, y, wx, wy)
    total = 0.0
    for values, weights, other, other_w, first in ((x, wx, y, wy, True), (y, wy, x, wx, False)):
        m = len(values)
        keep = [np.arange(m) != k for k in range(m)]
        d = np.array(
            [
                (
                    brute_auc(values[k], other, weights[k], other_w)
                    if first
                    else brute_auc(other, values[k], other_w, weights[k])
                )
                - full
                for k in keep
            ]
        )
        total += (m - 1) / m * np.sum((d - d.mean()) ** 2)
    return total


def test_variances_by_brute_force_on_small_groups():
    rng = np.random.default_rng(7)
    sizes = [5, 3, 8, 4]
    codes = np.repeat(np.arange(4), sizes)
    guess = rng.integers(0, 4, len(codes)).astype(float)  # many ties
    positive = np.array([1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0], dtype=bool)
    weight = rng.integers(1, 4, len(codes)).astype(float)
    weight[5] = 3.0  # group 1's one positive: three rows as frequency weights
    found = group_variances(codes, 4, guess, positive, weight, "importance")
    counts = group_variances(codes, 4, guess, positive, weight, "frequency")
    for k in range(4):
        at = codes == k
        x, y = guess[at & positive], guess[at & ~positive]
        wx, wy = weight[at & positive], weight[at & ~positive]
        assert found.auc[k] == pytest.approx(brute_auc(x, y, wx, wy), rel=1e-14)
        if min(len(x), len(y)) < 2:
            assert math.isnan(found.variance[k])
        else:
            assert found.variance[k] == pytest.approx(brute_jackknife(x, y, wx, wy), rel=1e-12)
        # Frequency weights: the unit-weight jackknife of the rows repeated.
        rx, ry = np.repeat(x, wx.astype(int)), np.repeat(y, wy.astype(int))
        if min(len(rx), len(ry)) < 2:
            assert math.isnan(counts.variance[k])
        else:
            unit = brute_jackknife(rx, ry, np.ones(len(rx)), np.ones(len(ry)))
            assert counts.variance[k] == pytest.approx(unit, rel=1e-12)
    assert np.isnan(found.variance).sum() == 1 and np.isnan(counts.variance).sum() == 0


def test_interval_combines_the_group_variances_with_fixed_group_weights():
    df = recommender_log(seed=4, p_click=0.45)
    result = group_auc(
        df, "score", "click", by="user", group_weight="n", min_per_class=2, conf_level=0.9
    )
    groups = result.groups
    g = groups["n"].to_numpy(float)
    expected_var = np.sum(g**2 * groups["variance"]) / g.sum() ** 2
    assert result.std_error == pytest.approx(math.sqrt(expected_var), rel=1e-14)
    half = NormalDist().inv_cdf(0.95) * math.sqrt(expected_var)
    assert result.conf_low == pytest.approx(result.estimate - half, rel=1e-14)
    assert result.conf_high == pytest.approx(min(result.estimate + half, 1.0), rel=1e-14)
    assert result.df == math.inf and result.conf_level == 0.9
    # min_per_class=2: every group used has 2 clicks and 2 non-clicks.
    assert (groups["positive_weight"] >= 2).all() and (groups["negative_weight"] >= 2).all()
    by_user = df.groupby("user").click.agg(["sum", "size"])
    kept = (by_user["sum"] >= 2) & (by_user["size"] - by_user["sum"] >= 2)
    assert (result.n_groups, result.n_skipped) == (kept.sum(), (~kept).sum())


def test_interval_is_clipped_to_0_1():
    df = pd.DataFrame(
        {
            "user": [1] * 4 + [2] * 4,
            "score": [1, 2, 3, 4, 1, 2, 3, 4],
            "click": [0, 0, 1, 1] * 2,
        }
    )
    result = group_auc(df, "score", "click", by="user")
    assert result.estimate == 1.0
    assert result.conf_high == 1.0 and result.conf_low == 1.0  # DeLong's variance is 0


def test_single_click_groups_have_no_variance_and_no_interval():
    df = recommender_log(seed=5)
    result = group_auc(df, "score", "click", by="user")
    assert result.groups["variance"].isna().any()
    assert math.isnan(result.conf_low) and math.isnan(result.conf_high)
    assert math.isnan(result.std_error)
    assert "CI: NA" in repr(result) and "min_per_class=2" in repr(result)
    assert 'interval="between"' in repr(result)


def test_importance_weights_use_student_t_with_satterthwaite_df():
    df = recommender_log(seed=6, p_click=0.45)
    result = group_auc(df, "score", "click", "impressions", by="user", min_per_class=2)
    normal = group_auc(
        df, "score", "click", "impressions", by="user", min_per_class=2, quantile="normal"
    )
    assert 10 < result.df < math.inf and normal.df == math.inf
    assert result.conf_high - result.conf_low > normal.conf_high - normal.conf_low
    stats = pytest.importorskip("scipy.stats")
    half = stats.t.ppf(0.975, result.df) * result.std_error
    assert result.conf_low == pytest.approx(result.estimate - half, rel=1e-12)


def test_direction_positive_and_several_by_columns():
    df = recommender_log(seed=8)
    df["region"] = np.where(df.user % 2 == 0, "north", "south")
    df["clicked"] = np.where(df.click == 1, "yes", "no")
    flipped = df.assign(score=-df.score)
    one = group_auc(df, "score", "click", by=["region", "user"])
    two = group_auc(
        flipped, "score", "clicked", by=["region", "user"], direction=">", positive="yes"
    )
    assert two.estimate == one.estimate
    assert two.groups["variance"].equals(one.groups["variance"])
    assert list(one.groups.columns[:2]) == ["region", "user"]
    assert one.groups["region"].tolist() == sorted(one.groups["region"])


def test_missing_group_keys_form_their_own_group():
    df = pd.DataFrame(
        {
            "user": [1.0, 1, 1, np.nan, np.nan, np.nan],
            "score": [0.1, 0.5, 0.9, 0.2, 0.6, 0.4],
            "click": [0, 1, 1, 1, 0, 0],
        }
    )
    result = group_auc(df, "score", "click", by="user", group_weight="equal")
    assert result.n_groups == 2
    assert result.groups["auc"].tolist() == [1.0, 0.0]
    assert result.estimate == 0.5


def test_data_are_not_modified():
    df = recommender_log()
    before = df.copy()
    group_auc(df, "score", "click", "impressions", by="user")
    assert_frame_equal(df, before, check_exact=True)


def test_polars_frames_give_the_pandas_result():
    pl = pytest.importorskip("polars")
    df = recommender_log(seed=9)
    expected = group_auc(df, "score", "click", "impressions", by="user")
    found = group_auc(pl.from_pandas(df), "score", "click", "impressions", by="user")
    assert found.estimate == expected.estimate and found.n_groups == expected.n_groups


def test_to_frame_and_repr():
    df = recommender_log(seed=10, p_click=0.45)
    result = group_auc(df, "score", "click", by="user", min_per_class=2)
    row = result.to_frame()
    assert row.loc[0, "gauc"] == result.estimate
    assert row.loc[0, "n_groups"] == result.n_groups
    assert list(row.columns) == [
        "gauc",
        "n_groups",
        "n_skipped",
        "std_error",
        "conf_low",
        "conf_high",
        "conf_level",
        "df",
        "group_weight",
        "interval",
    ]
    assert row.loc[0, "interval"] == "delong"
    shown = repr(result)
    assert f"GAUC {result.estimate:.4f} over {result.n_groups} groups weighted by rows" in shown
    assert f"95% CI: {result.conf_low:.4f} to {result.conf_high:.4f}" in shown
    assert f"{result.n_skipped} skipped (fewer than 2 of a class)" in shown


def between_by_scikit_learn(df, weight, group_weight):
    """(GAUC, variance, G) by a per-user loop over roc_auc_score, then numpy:
    G / (G - 1) sum_i g_i^2 (AUC_i - GAUC)^2 / (sum_i g_i)^2."""
    metrics = pytest.importorskip("sklearn.metrics")
    aucs, weights = [], []
    for _, rows in df.groupby("user"):
        if rows.click.nunique() < 2:
            continue
        w = None if weight is None else rows[weight].to_numpy()
        aucs.append(metrics.roc_auc_score(rows.click, rows.score, sample_weight=w))
        ones = np.ones(len(rows)) if w is None else w
        weights.append(
            {
                "n": len(rows),
                "weight": ones.sum(),
                "positive_weight": ones[rows.click.to_numpy() == 1].sum(),
                "equal": 1.0,
            }[group_weight]
        )
    aucs, weights = np.array(aucs), np.array(weights)
    gauc = np.sum(weights * aucs) / np.sum(weights)
    used = len(aucs)
    variance = used / (used - 1) * np.sum(weights**2 * (aucs - gauc) ** 2) / np.sum(weights) ** 2
    return gauc, variance, used


@pytest.mark.parametrize(
    "weight, group_weight",
    [(None, "n"), ("impressions", "weight"), ("impressions", "positive_weight"), (None, "equal")],
)
def test_between_interval_is_the_spread_of_the_group_aucs(weight, group_weight):
    df = recommender_log(seed=11)
    gauc, variance, used = between_by_scikit_learn(df, weight, group_weight)
    result = group_auc(
        df, "score", "click", weight, by="user", group_weight=group_weight, interval="between"
    )
    assert result.n_groups == used and result.interval == "between"
    assert result.estimate == pytest.approx(gauc, rel=1e-12)
    assert result.std_error == pytest.approx(math.sqrt(variance), rel=1e-10)
    # Defined although single-click users are in the mean (DeLong's is not).
    assert result.groups["variance"].isna().any()
    assert math.isnan(group_auc(df, "score", "click", weight, by="user").conf_low)
    stats = pytest.importorskip("scipy.stats")
    assert result.df == used - 1  # quantile="auto": Student's t with G - 1
    half = stats.t.ppf(0.975, used - 1) * math.sqrt(variance)
    assert result.conf_low == pytest.approx(gauc - half, rel=1e-10)
    assert result.conf_high == pytest.approx(gauc + half, rel=1e-10)
    normal = group_auc(
        df,
        "score",
        "click",
        weight,
        by="user",
        group_weight=group_weight,
        interval="between",
        quantile="normal",
        conf_level=0.9,
    )
    assert normal.df == math.inf
    half = NormalDist().inv_cdf(0.95) * math.sqrt(variance)
    assert normal.conf_high == pytest.approx(gauc + half, rel=1e-10)
    shown = repr(result)
    assert f"95% CI: {result.conf_low:.4f} to {result.conf_high:.4f} (between groups" in shown
    assert result.to_frame().loc[0, "interval"] == "between"


def test_between_interval_is_clipped_to_0_1():
    # Two users: AUCs 1 and 0.5, t with 1 df: the interval spills over 1.
    df = pd.DataFrame(
        {
            "user": [1, 1, 1, 1, 2, 2, 2, 2],
            "score": [0.9, 0.8, 0.2, 0.1, 0.5, 0.5, 0.5, 0.5],
            "click": [1, 1, 0, 0, 1, 1, 0, 0],
        }
    )
    result = group_auc(df, "score", "click", by="user", interval="between")
    assert result.estimate == 0.75
    # G / (G - 1) sum (1/2)^2 (AUC_i - 0.75)^2 = 2 * 2 * 0.25 * 0.0625
    assert result.std_error == pytest.approx(0.25, rel=1e-14)
    assert result.conf_high == 1.0 and result.conf_low == 0.0


def test_between_interval_of_a_single_group_is_nan_with_a_note():
    df = recommender_log(seed=12).assign(user=1)
    result = group_auc(df, "score", "click", by="user", interval="between")
    assert result.n_groups == 1
    assert math.isnan(result.conf_low) and math.isnan(result.conf_high)
    assert math.isnan(result.std_error) and math.isnan(result.df)
    assert "CI: NA (a single group: the spread between groups needs at least 2)" in repr(result)


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(by="nobody"), ValueError, "no column 'nobody' (given as by)"),
        (dict(by=[]), ValueError, "by must name at least one column"),
        (dict(by="user", group_weight="clicks"), ValueError, "group_weight must be one of"),
        (dict(by="user", conf_level=95), ValueError, "conf_level must be between 0 and 1"),
        (dict(by="user", min_per_class=0), ValueError, "min_per_class must be at least 1"),
        (dict(by="user", min_per_class=1.5), TypeError, "min_per_class must be a whole number"),
        (dict(by="user", weights_are="counts"), ValueError, "weights_are must be one of"),
        (dict(by="user", interval="cluster"), ValueError, "interval must be one of 'delong'"),
        (dict(by="user", interval=None), ValueError, "interval must be one of"),
        (dict(by="user", min_per_class=1000), ValueError, "no group of 'user' has both labels"),
        (
            dict(by="user", weight="share", weights_are="frequency"),
            ValueError,
            "needs integer weights",
        ),
        (dict(by="user", guess="label_text"), TypeError, "column 'label_text' (guess)"),
    ],
)
def test_bad_arguments_say_what_is_expected(kwargs, error, words):
    df = recommender_log().assign(share=0.5, label_text="x")
    arguments = dict(data=df, guess="score", label="click") | kwargs
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        group_auc(**arguments)


def test_by_is_keyword_only():
    df = recommender_log()
    with pytest.raises(TypeError):
        group_auc(df, "score", "click", None, "user")
