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
# pandas 3: its own notice, not ours, and these tests check the results.
# A local SparkSession takes most of a minute to start: make test-deep runs these.
pytestmark = [
    pytest.mark.deep,
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
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
