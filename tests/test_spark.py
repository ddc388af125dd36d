"""weightedroc.spark on a real local SparkSession (local[2], small data):
curves equal WeightedROC of the collected data, bit for bit; errors are
WeightedROC's.  Skipped with the reason when pyspark or Java is absent."""

import os
import shutil
import sys

import numpy as np
import pandas as pd
import pytest

from weightedroc import WeightedROC, auc_score

pyspark = pytest.importorskip("pyspark", reason="weightedroc.spark needs pyspark (the spark extra)")
if shutil.which("java") is None:
    pytest.skip("weightedroc.spark needs Java (default-jre-headless)", allow_module_level=True)

from weightedroc import spark as wspark  # noqa: E402

# PySpark 4.0 warns at every pandas conversion that it does not yet support
# pandas 3, and its own conversions (pyspark/sql/pandas/types.py) pass pandas 3's
# deprecated copy= keyword: its notices, not ours, and these tests check the results.
# A local SparkSession takes most of a minute to start: make test-deep runs these.
pytestmark = [
    pytest.mark.deep,
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
    pytest.mark.filterwarnings(
        r"ignore:The copy keyword is deprecated:Warning:pyspark\.sql\.pandas\.types"
    ),
]


@pytest.fixture(scope="module")
def session():
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # workers run this venv
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("weightedroc-tests")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    yield spark
    spark.stop()


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(34)
    n = 3000
    return pd.DataFrame(
        {
            "g": rng.integers(0, 200, n) / 8,  # ties
            "y": rng.integers(0, 2, n),
            "w": rng.integers(1, 6, n).astype(float),
            "k": rng.choice(["a", "b", "c"], n),
        }
    )


def test_curve_is_weighted_roc_of_the_collected_data(session, data):
    df = session.createDataFrame(data).repartition(5)
    got = wspark.roc(df, "g", "y", "w")
    pd.testing.assert_frame_equal(got, WeightedROC(data.g, data.y, data.w))
    assert wspark.auc(df, "g", "y") == auc_score(data.g, data.y)


def test_groups_and_budget(session, data):
    df = session.createDataFrame(data).repartition(3)
    got = wspark.roc(df, "g", "y", "w", by="k")
    for key, part in data.groupby("k"):
        curve = got[got.k == key].drop(columns="k").reset_index(drop=True)
        pd.testing.assert_frame_equal(curve, WeightedROC(part.g, part.y, part.w))
    table = wspark.auc(df, "g", "y", "w", by="k", max_scores=10)
    for key, part in data.groupby("k"):
        row = table[table.k == key].iloc[0]
        assert 0 < row.error_bound < 0.5
        assert abs(row.auc - auc_score(part.g, part.y, part.w)) <= row.error_bound
    merged = wspark.state(df, "g", "y", "w", max_scores=10)
    assert merged.n_scores <= 10 and merged.n == len(data)
    assert abs(merged.auc() - auc_score(data.g, data.y, data.w)) <= merged.error_bound()


def test_a_cut_plan_gives_the_bins_of_all_the_data(session, data):
    """With `cuts`, the partitions' states share bins and merges only add:
    the curve is one `RocAccumulator(cuts=plan)`'s of all the data, bit
    for bit (integer weights)."""
    from weightedroc import RocAccumulator

    plan = RocAccumulator(12).update(data.g[:500], data.y[:500], data.w[:500]).cut_plan()
    df = session.createDataFrame(data).repartition(5)
    merged = wspark.state(df, "g", "y", "w", cuts=plan)
    one = RocAccumulator(cuts=plan).update(data.g, data.y, data.w)
    assert merged.n_scores == one.n_scores == len(plan) + 1
    pd.testing.assert_frame_equal(merged.roc(), one.roc())
    assert merged.bin_bound() == one.bin_bound() > 0
    assert abs(merged.auc() - auc_score(data.g, data.y, data.w)) <= merged.error_bound()
    with pytest.raises(ValueError, match="give max_scores or cuts, not both"):
        wspark.auc(df, "g", "y", max_scores=10, cuts=plan)


def test_errors_are_weighted_roc_s(session, data):
    bad = data.assign(g=data.g.where(data.index != 17))  # one NaN guess
    with pytest.raises(ValueError, match="ROC curve undefined for NA guess"):
        wspark.auc(session.createDataFrame(bad), "g", "y")
    # {0, 1} in one partition, {1, 2} in another: {0, 1, 2} together
    mixed = pd.DataFrame({"g": [1.0, 2.0, 3.0, 4.0], "y": [0, 1, 1, 2]})
    df = session.createDataFrame(mixed).repartition(2)
    with pytest.raises(ValueError, match=r"label %in% c\(-1, 1\)"):
        wspark.roc(df, "g", "y")
    with pytest.raises(ValueError, match="weight column 'v' is not in the DataFrame"):
        wspark.roc(df, "g", "y", "v")


@pytest.fixture(scope="module")
def users():
    """400 users of 1-30 rows: tied scores, integer weights, some with one label."""
    rng = np.random.default_rng(39)
    n = 6000
    user = rng.integers(0, 400, n)
    return pd.DataFrame(
        {
            "user": user,
            "g": rng.integers(0, 12, n) / 4,
            "y": (rng.random(n) < 0.1 + user / 800).astype(int),
            "w": rng.integers(1, 5, n).astype(float),
        }
    )


@pytest.mark.parametrize("group_weight", ["n", "weight", "positive_weight", "equal"])
def test_group_auc_is_the_package_s_on_the_executors(session, users, group_weight):
    import weightedroc as wr

    df = session.createDataFrame(users).repartition(3)
    got = wspark.group_auc(df, "g", "y", "w", by="user", group_weight=group_weight, buckets=5)
    assert type(got).__name__ == "DataFrame" and got.columns[0] == "user"  # a Spark frame
    local = got.toPandas().sort_values("user", ignore_index=True)
    expected = wr.group_auc(users, "g", "y", "w", by="user", group_weight=group_weight)
    want = expected.groups.reset_index(drop=True)
    assert list(local.columns) == list(want.columns)
    assert len(local) == expected.n_groups < 400  # users with one label left out
    for name in ("auc", "positive_weight", "negative_weight", "group_weight"):
        np.testing.assert_array_equal(local[name], want[name], err_msg=name)  # bit for bit
    np.testing.assert_array_equal(local["n"], want["n"])
    np.testing.assert_allclose(local["variance"], want["variance"], rtol=1e-12)
    # each AUC is also tidy's auc_table of the group
    with pytest.warns(UserWarning, match=f"skipped {400 - len(local)} of 400 groups"):
        table = wr.auc_table(users, "g", "y", "w", by="user", one_label="skip")
    merged = local.merge(table, on="user", suffixes=("", "_tidy"))
    assert len(merged) == len(local)
    np.testing.assert_array_equal(merged["auc"], merged["auc_tidy"])
    row = wspark.gauc(got).collect()[0]
    assert row.n_groups == expected.n_groups
    assert abs(row.gauc - expected.estimate) <= 1e-14


def test_group_auc_with_two_columns_direction_and_min_per_class(session, users):
    import weightedroc as wr

    frame = users.assign(day=users.user % 3, label=np.where(users.y == 1, "yes", "no"))
    df = session.createDataFrame(frame)
    got = wspark.group_auc(
        df, "g", "label", by=["user", "day"], direction=">", min_per_class=2, positive="yes"
    )
    local = got.toPandas().sort_values(["user", "day"], ignore_index=True)
    expected = wr.group_auc(
        frame, "g", "label", by=["user", "day"], direction=">", min_per_class=2, positive="yes"
    )
    want = expected.groups.reset_index(drop=True)
    np.testing.assert_array_equal(local["auc"], want["auc"])
    np.testing.assert_array_equal(local[["user", "day"]], want[["user", "day"]])
    with pytest.raises(ValueError, match="by column 'nope' is not in the DataFrame"):
        wspark.group_auc(df, "g", "label", by="nope")


def test_group_auc_of_thousands_of_groups_is_auc_score_of_each(session):
    """3,000 groups of 1-12 rows over several partitions: each group's AUC is
    `auc_score` of that group's rows (in input order) bit for bit, with
    tied scores and fractional weights; groups of one label are left out."""
    rng = np.random.default_rng(3939)
    n = 20_000
    user = rng.integers(0, 3000, n)
    frame = pd.DataFrame(
        {
            "user": user,
            "g": rng.integers(0, 20, n) / 8,
            "y": (rng.random(n) < 0.2 + user / 6000).astype(int),
            "w": rng.integers(1, 40, n) / 8,
        }
    )
    df = session.createDataFrame(frame).repartition(5)
    got = wspark.group_auc(df, "g", "y", "w", by="user").toPandas()
    got = got.sort_values("user", ignore_index=True)
    expected = []
    for key, rows in frame.groupby("user", sort=True):
        if rows["y"].nunique() == 2:
            expected.append((key, auc_score(rows["g"], rows["y"], rows["w"]), len(rows)))
    want = pd.DataFrame(expected, columns=["user", "auc", "n"])
    assert 2000 < len(want) < 3000
    np.testing.assert_array_equal(got["user"], want["user"])
    np.testing.assert_array_equal(got["auc"], want["auc"])  # bit for bit
    np.testing.assert_array_equal(got["n"], want["n"])
