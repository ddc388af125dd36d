"""weightedroc.dask's method="merge": per-partition RocAccumulator states
merged in a tree give WeightedROC's curve of the whole frame."""

import numpy as np
import pandas as pd
import pytest

from weightedroc import WeightedROC, auc_score

dd = pytest.importorskip("dask.dataframe", reason="dask (the dask extra) is not installed")

from weightedroc.dask import auc_table, roc_table  # noqa: E402


def frame(n=2000, seed=0):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "g": rng.integers(0, 40, n) / 4,
            "y": rng.choice(["no", "yes"], n),
            "w": rng.integers(1, 9, n).astype(float),
        }
    )


def test_merge_equals_sort_and_weighted_roc():
    df = frame()
    ddf = dd.from_pandas(df, npartitions=7)
    merged = roc_table(ddf, "g", "y", "w", positive="yes", method="merge").compute()
    expected = WeightedROC(df.g, df.y, df.w, positive="yes")
    pd.testing.assert_frame_equal(merged.reset_index(drop=True), expected)
    table = auc_table(ddf, "g", "y", "w", positive="yes", method="merge")
    sort = auc_table(ddf, "g", "y", "w", positive="yes")
    pd.testing.assert_frame_equal(table.drop(columns="error_bound"), sort)
    assert table.error_bound[0] == 0.0


def test_merge_with_a_budget_certifies_its_auc():
    rng = np.random.default_rng(1)
    df = pd.DataFrame({"g": rng.normal(size=5000), "y": rng.integers(0, 2, 5000)})
    table = auc_table(dd.from_pandas(df, npartitions=8), "g", "y", method="merge", max_scores=50)
    assert 0 < table.error_bound[0] < 0.05
    assert abs(table.auc[0] - auc_score(df.g, df.y)) <= table.error_bound[0]


def test_method_is_checked():
    ddf = dd.from_pandas(frame(20), npartitions=2)
    with pytest.raises(ValueError, match="method must be 'sort' or 'merge'"):
        roc_table(ddf, "g", "y", method="tree")
    with pytest.raises(ValueError, match="max_scores needs method='merge'"):
        auc_table(ddf, "g", "y", max_scores=10)
