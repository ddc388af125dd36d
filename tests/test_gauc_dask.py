"""weightedroc.dask.group_auc: groups spread over partitions give the
in-memory group_auc (per-group AUCs bit for bit)."""

import math

import numpy as np
import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from weightedroc import group_auc

dd = pytest.importorskip("dask.dataframe", reason="dask (the dask extra) is not installed")
dask = pytest.importorskip("dask")

from weightedroc.dask import group_auc as dask_group_auc  # noqa: E402


def spread_log(seed=0, users=150):
    """Users' rows scattered over the whole frame (hence every partition),
    tied scores, text labels, impression weights, a missing user key."""
    rng = np.random.default_rng(seed)
    user = np.repeat(np.arange(users), rng.geometric(0.1, users))
    n = len(user)
    click = rng.random(n) < 0.35
    order = rng.permutation(n)
    df = pd.DataFrame(
        {
            "user": (user * 3.0)[order],
            "page": rng.choice(["home", "search", "cart"], n),
            "score": np.round(rng.normal(size=n) + click, 1)[order],
            "click": np.where(click, "yes", "no")[order],
            "impressions": rng.integers(1, 6, n).astype(float),
        }
    )
    df.loc[df.user == 3.0, "user"] = np.nan
    return df


def assert_same_result(found, expected):
    assert (found.n_groups, found.n_skipped) == (expected.n_groups, expected.n_skipped)
    assert found.interval == expected.interval
    assert found.estimate == pytest.approx(expected.estimate, rel=1e-14)
    for name in ("std_error", "conf_low", "conf_high", "df"):
        assert getattr(found, name) == pytest.approx(
            getattr(expected, name), rel=1e-10, nan_ok=True
        )
    groups, reference = found.groups, expected.groups
    exact = [c for c in reference.columns if c not in ("variance", "group_weight")]
    # (dask reads text keys as its own string dtype)
    assert_frame_equal(groups[exact], reference[exact], check_exact=True, check_dtype=False)
    assert groups["variance"].to_numpy() == pytest.approx(
        reference["variance"].to_numpy(), rel=1e-10, nan_ok=True
    )


@pytest.mark.parametrize(
    "weight, options",
    [
        (None, dict()),
        ("impressions", dict(group_weight="weight", min_per_class=2)),
        ("impressions", dict(weights_are="frequency", group_weight="positive_weight")),
        (None, dict(group_weight="equal", direction=">", conf_level=0.8)),
        (None, dict(interval="between")),
        ("impressions", dict(interval="between", group_weight="weight", quantile="normal")),
    ],
)
def test_partitions_give_the_in_memory_result(weight, options):
    df = spread_log()
    expected = group_auc(df, "score", "click", weight, by="user", positive="yes", **options)
    ddf = dd.from_pandas(df, npartitions=5)
    with dask.config.set(scheduler="sync"):
        found = dask_group_auc(ddf, "score", "click", weight, by="user", positive="yes", **options)
    assert_same_result(found, expected)
    if options.get("interval") == "between":  # defined with single-click users
        assert not math.isnan(found.conf_low) and found.conf_low < found.conf_high
    assert found.groups["user"].isna().iloc[-1]  # the missing key's group, last


def test_several_by_columns_and_fewer_output_partitions():
    df = spread_log(1)
    expected = group_auc(df, "score", "click", "impressions", by=["page", "user"], positive="yes")
    ddf = dd.from_pandas(df, npartitions=4)
    with dask.config.set(scheduler="sync"):
        found = dask_group_auc(
            ddf, "score", "click", "impressions", by=["page", "user"], positive="yes", npartitions=2
        )
    assert_same_result(found, expected)


def test_on_worker_processes_and_lazily():
    distributed = pytest.importorskip("distributed")
    df = spread_log(2)
    expected = group_auc(df, "score", "click", by="user", positive="yes", min_per_class=2)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster),
    ):
        lazy = dask_group_auc(
            dd.from_pandas(df, npartitions=6),
            "score",
            "click",
            by="user",
            positive="yes",
            min_per_class=2,
            compute=False,
        )
        found = lazy.compute()
    assert_same_result(found, expected)
    assert not math.isnan(found.conf_low)


def test_errors_name_the_problem():
    df = spread_log(3)
    ddf = dd.from_pandas(df, npartitions=3)
    with pytest.raises(ValueError, match="no column 'usr' \\(given as by\\)"):
        dask_group_auc(ddf, "score", "click", by="usr", positive="yes")
    with pytest.raises(ValueError, match="group_weight must be one of"):
        dask_group_auc(ddf, "score", "click", by="user", group_weight="clicks")
    with pytest.raises(ValueError, match="interval must be one of 'delong', 'between'"):
        dask_group_auc(ddf, "score", "click", by="user", interval="robust")
    with pytest.raises(TypeError, match="ddf must be a dask DataFrame"):
        dask_group_auc(df, "score", "click", by="user")
    with dask.config.set(scheduler="sync"):
        with pytest.raises(ValueError, match="no group of 'user' has both labels"):
            dask_group_auc(ddf, "score", "click", by="user", positive="yes", min_per_class=500)
        with pytest.raises(ValueError, match="needs integer weights"):
            dask_group_auc(
                ddf.assign(half=0.5),
                "score",
                "click",
                "half",
                by="user",
                positive="yes",
                weights_are="frequency",
            )
        bad = df.assign(click=df.click.where(df.index != 7, "maybe"))
        with pytest.raises(
            ValueError, match="exactly 2 levels .*, got 3: \\['maybe', 'no', 'yes'\\]"
        ):
            dask_group_auc(dd.from_pandas(bad, npartitions=3), "score", "click", by="user")
