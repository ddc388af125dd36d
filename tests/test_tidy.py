"""roc_table and auc_table: each group is exactly WeightedROC of its rows."""

import re

import numpy as np
import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from weightedroc import LabelWarning, WeightedAUC, WeightedROC, auc_table, roc_table


def folds_frame(seed=0, n=300):
    """Two models x three folds, tied guesses, weights, a shuffled index."""
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "model": rng.choice(["lasso", "forest"], n),
            "fold": rng.integers(1, 4, n),
            "score": rng.integers(0, 12, n) / 4,
            "y": rng.choice([-1, 1], n),
            "w": rng.exponential(size=n),
        },
        index=rng.permutation(n) % 50,
    )  # duplicated, unsorted labels


def test_each_group_of_roc_table_is_weighted_roc_of_its_rows():
    df = folds_frame()
    table = roc_table(df, guess="score", label="y", weight="w", by=["model", "fold"])
    assert list(table.columns) == ["model", "fold", "TPR", "FPR", "threshold", "FN", "FP"]
    assert isinstance(table.index, pd.RangeIndex)
    seen = []
    for (model, fold), part in table.groupby(["model", "fold"], sort=False):
        seen.append((model, fold))
        rows = df[(df.model == model) & (df.fold == fold)]
        expected = WeightedROC(rows.score, rows.y, rows.w)
        assert_frame_equal(
            part.drop(columns=["model", "fold"]).reset_index(drop=True), expected, check_exact=True
        )
    assert seen == sorted(set(zip(df.model, df.fold)))


def test_by_columns_keep_their_dtypes():
    df = folds_frame().assign(model=lambda d: pd.Categorical(d.model, ["lasso", "forest"]))
    table = roc_table(df, "score", "y", by=["model", "fold"])
    assert table.model.dtype == df.model.dtype
    assert table.fold.dtype == df.fold.dtype
    # Categorical groups come in category order, as pandas sorts them.
    assert list(table.model.unique()) == ["lasso", "forest"]


def test_each_row_of_auc_table_is_weighted_auc_of_the_group():
    df = folds_frame(1)
    table = auc_table(df, guess="score", label="y", weight="w", by=["fold", "model"])
    assert list(table.columns) == [
        "fold",
        "model",
        "auc",
        "n",
        "positive_weight",
        "negative_weight",
    ]
    for row in table.itertuples():
        rows = df[(df.model == row.model) & (df.fold == row.fold)]
        curve = WeightedROC(rows.score, rows.y, rows.w)
        assert row.auc == WeightedAUC(curve)
        assert row.n == len(rows)
        assert row.positive_weight == curve.FN.iloc[-1]
        assert row.negative_weight == curve.FP.iloc[0]


def test_auc_table_weights_are_counts_without_weights():
    df = pd.DataFrame({"g": [1, 2, 3, 4, 5], "y": [0, 1, 1, 0, 1]})
    table = auc_table(df, "g", "y")
    # 3 positives x 2 negatives: 4 of the 6 pairs are ranked right.
    assert table.auc[0] == pytest.approx(4 / 6, rel=1e-15)
    assert table[["n", "positive_weight", "negative_weight"]].to_dict("records") == [
        {"n": 5, "positive_weight": 3.0, "negative_weight": 2.0}
    ]


def test_without_by_the_tables_are_weighted_roc_and_one_auc_row():
    df = folds_frame(2)
    assert_frame_equal(
        roc_table(df, "score", "y", "w"), WeightedROC(df.score, df.y, df.w), check_exact=True
    )
    table = auc_table(df, "score", "y", "w")
    assert len(table) == 1
    assert table.auc[0] == WeightedAUC(WeightedROC(df.score, df.y, df.w))


def test_tables_work_in_method_chains():
    df = folds_frame(3)
    piped = df.pipe(roc_table, guess="score", label="y", by="model")
    assert_frame_equal(piped, roc_table(df, "score", "y", by=["model"]))
    aucs = df.query("fold > 1").pipe(auc_table, guess="score", label="y", by="model")
    assert list(aucs.model) == ["forest", "lasso"]


def test_label_encoding_is_read_from_the_whole_column():
    # Strings: "case" < "control", so "control" is positive in every group,
    # whichever value comes first in the group.
    df = pd.DataFrame(
        {
            "m": ["a"] * 4 + ["b"] * 4,
            "g": [1, 2, 3, 4, 1, 2, 3, 4],
            "y": ["control", "case", "control", "case", "case", "control", "case", "control"],
        }
    )
    with pytest.warns(LabelWarning, match="'control' is taken as positive") as caught:
        table = roc_table(df, "g", "y", by="m")
    assert len(caught) == 1  # one warning for the column, not one per group
    for m, part in table.groupby("m"):
        rows = df[df.m == m]
        expected = WeightedROC(rows.g, rows.y == "control")
        assert_frame_equal(
            part.drop(columns="m").reset_index(drop=True), expected, check_exact=True
        )


def test_categorical_labels_use_their_categories_in_every_group():
    df = pd.DataFrame(
        {
            "m": ["a"] * 4 + ["b"] * 4,
            "g": [1, 2, 3, 4, 4, 3, 2, 1],
            "y": pd.Categorical(["no", "yes"] * 4, categories=["yes", "no"]),
        }
    )
    aucs = auc_table(df, "g", "y", by="m")
    # "no" is the second category, hence positive: in group a the positives
    # have the lower scores (AUC 1/4), in group b the higher ones (3/4).
    assert list(aucs.auc) == [0.25, 0.75]


def test_missing_by_values_form_their_own_group_sorted_last():
    df = pd.DataFrame(
        {
            "m": ["b", None, "a", "b", None, "a", "a", "b", None],
            "g": [1.0, 2, 3, 4, 5, 6, 7, 8, 9],
            "y": [0, 1, 1, 1, 0, 0, 1, 0, 1],
        }
    )
    table = auc_table(df, "g", "y", by="m")
    assert list(table.m[:2]) == ["a", "b"] and pd.isna(table.m[2])
    missing = df[df.m.isna()]
    assert table.auc[2] == WeightedAUC(WeightedROC(missing.g, missing.y))
    assert table.n.tolist() == [3, 3, 3]


def test_group_with_one_label_value_is_named():
    df = folds_frame(4)
    df.loc[(df.model == "lasso") & (df.fold == 3), "y"] = 1
    with pytest.raises(ValueError, match=r"group model='lasso', fold=3: only one label value"):
        roc_table(df, "score", "y", by=["model", "fold"])
    with pytest.raises(ValueError, match=r"group model='lasso', fold=3: only one label value"):
        auc_table(df, "score", "y", by=["model", "fold"])


@pytest.mark.parametrize(
    "kwargs, role, column",
    [
        ({"guess": "scor", "label": "y"}, "guess", "scor"),
        ({"guess": "score", "label": "truth"}, "label", "truth"),
        ({"guess": "score", "label": "y", "weight": "weights"}, "weight", "weights"),
        ({"guess": "score", "label": "y", "by": ["model", "repeat"]}, "by", "repeat"),
    ],
)
def test_missing_column_is_named(kwargs, role, column):
    with pytest.raises(ValueError, match=rf"no column '{column}' \(given as {role}\)"):
        roc_table(folds_frame(), **kwargs)


def test_bad_values_name_their_column():
    df = folds_frame()
    df.loc[df.index[5], "score"] = np.nan
    with pytest.raises(
        ValueError, match=r"column 'score' \(guess\): ROC curve undefined for NA guess"
    ):
        auc_table(df, "score", "y", by="model")
    with pytest.raises(ValueError, match=r"column 'w' \(weight\): weight > 0"):
        roc_table(folds_frame().assign(w=-1.0), "score", "y", weight="w")
    with pytest.raises(ValueError, match=r"column 'fold' \(label\): label %in% c\(-1, 1\)"):
        roc_table(folds_frame(), "score", "fold")
    with pytest.raises(TypeError, match=r"column 'model' \(guess\): is.numeric\(guess\)"):
        roc_table(folds_frame(), "model", "y")


def test_by_column_may_not_clash_with_output_or_input_columns():
    df = folds_frame().assign(TPR=0.5, auc=1)
    with pytest.raises(ValueError, match="by column 'TPR' clashes"):
        roc_table(df, "score", "y", by="TPR")
    with pytest.raises(ValueError, match="by column 'auc' clashes"):
        auc_table(df, "score", "y", by="auc")
    with pytest.raises(ValueError, match="by column 'y' clashes"):
        auc_table(df, "score", "y", by="y")


def test_data_must_be_a_data_frame():
    with pytest.raises(
        TypeError,
        match="data must be a pandas DataFrame, a polars DataFrame or LazyFrame, "
        "or a PyArrow Table, got dict",
    ):
        roc_table({"g": [1, 2], "y": [0, 1]}, "g", "y")


def test_the_callers_frame_is_left_unchanged():
    df = folds_frame()
    before = df.copy()
    roc_table(df, "score", "y", "w", by=["model", "fold"])
    auc_table(df, "score", "y", "w", by="model")
    assert_frame_equal(df, before, check_exact=True)


def test_reference_case_through_a_table():
    """R's WeightedROC on character labels, as a one-group table."""
    import json
    from pathlib import Path

    case = json.loads(
        (
            Path(__file__).parents[1] / "reference_outputs" / "cases" / "label_character.json"
        ).read_text()
    )
    df = pd.DataFrame(
        {
            "guess": [float(x) for x in case["guess"]],
            "label": case["label"]["values"],
            "weight": [float(x) for x in case["weight"]],
        }
    )
    with pytest.warns(LabelWarning, match="'control' is taken as positive"):
        table = roc_table(df.assign(run="r"), "guess", "label", "weight", by="run")
    for column, values in case["roc"].items():
        expected = np.array([float(x) for x in values])
        np.testing.assert_array_equal(table[column].to_numpy(), expected)
    with pytest.warns(LabelWarning, match="'control' is taken as positive"):
        assert auc_table(df, "guess", "label", "weight").auc[0] == float(case["auc"])


def test_plot_draws_a_table_one_curve_per_group(tmp_path):
    pytest.importorskip("plotnine", reason="plotnine (the plot extra) is not installed")
    from weightedroc.plots import roc_plot

    table = roc_table(folds_frame(), "score", "y", "w", by=["model", "fold"])
    roc_plot(table, by=["model", "fold"]).save(
        tmp_path / "roc.png", width=4, height=4, dpi=60, verbose=False
    )
    assert (tmp_path / "roc.png").stat().st_size > 0


@pytest.mark.parametrize(
    "change, by, message",
    [
        (lambda d: d, ["model", "model"], "by names column 'model' twice"),
        (
            lambda d: pd.concat([d, d[["score"]]], axis=1),
            None,
            "data has 2 columns named 'score' (given as guess)",
        ),
    ],
)
def test_ambiguous_columns_are_named(change, by, message):
    data = pd.DataFrame({"model": ["a", "a", "b", "b"], "score": [1.0, 2, 3, 4], "y": [0, 1, 0, 1]})
    with pytest.raises(ValueError, match=re.escape(message)):
        roc_table(change(data), "score", "y", by=by)


def test_a_non_string_column_name_is_one_by_column():
    data = pd.DataFrame({3: ["a", "a", "b", "b"], "score": [1.0, 2, 3, 4], "y": [0, 1, 1, 0]})
    table = auc_table(data, "score", "y", by=3)
    assert table[3].tolist() == ["a", "b"] and table.auc.tolist() == [1.0, 0.0]
