"""weightedroc.dask: the in-memory curve, from any partitioning.

Small data cut into many partitions, so that ties, infinities and label
values are spread across partitions.  Most tests compute the graph with
dask's synchronous scheduler (the same tasks, in this process, without a
cluster's seconds of scheduling per graph); the tests that take `cluster`
run on a LocalCluster of two worker processes, where each partition's
results cross a process boundary, with both shuffle methods.
"""

import json
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hardcases import build, recipes
from hypothesis import HealthCheck, given, settings
from pandas.testing import assert_frame_equal
from plain import same_bits

import weightedroc as wr
from weightedroc import WeightedAUC, WeightedROC

dd = pytest.importorskip("dask.dataframe", reason="dask (the dask extra) is not installed")
distributed = pytest.importorskip("distributed", reason="distributed is not installed")

from weightedroc.dask import auc_table, roc_table, weighted_auc, weighted_roc  # noqa: E402

CASES = Path(__file__).parents[1] / "reference_outputs" / "cases"


@pytest.fixture(scope="module")
def cluster():
    """Two single-threaded worker processes; the task-based shuffle, quicker
    than p2p on tiny data (one test runs p2p)."""
    import dask

    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
        dask.config.set({"dataframe.shuffle.method": "tasks"}),
    ):
        yield client


@pytest.fixture
def client():
    """Dask's synchronous scheduler, for the tests whose question is the
    partitioning, not the processes."""
    import dask

    with dask.config.set(scheduler="sync"):
        yield None


def tied_frame(n=600, seed=0):
    """Guesses from 13 values and both infinities, each repeated many times."""
    rng = np.random.default_rng(seed)
    guess = rng.integers(0, 13, n) / 4
    guess[rng.choice(n, 30, replace=False)] = np.inf
    guess[rng.choice(n, 30, replace=False)] = -np.inf
    return pd.DataFrame({"g": guess, "y": rng.choice([-1, 1], n), "w": rng.exponential(size=n)})


def computed(curve):
    return curve.compute().reset_index(drop=True)


@pytest.mark.parametrize("method", ["tasks", "p2p"])
def test_unit_weights_give_the_in_memory_curve_exactly(cluster, method):
    import dask

    df = tied_frame()
    ddf = dd.from_pandas(df, npartitions=9)
    with dask.config.set({"dataframe.shuffle.method": method}):
        curve = computed(roc_table(ddf, "g", "y", npartitions=4))
        area = auc_table(ddf, "g", "y", npartitions=4, compute=False)
    assert_frame_equal(curve, WeightedROC(df.g, df.y), check_exact=True)
    assert area.compute()["auc"].item() == WeightedAUC(WeightedROC(df.g, df.y))


def test_ties_never_straddle_output_partitions(cluster):
    df = tied_frame(seed=1)
    curve = roc_table(dd.from_pandas(df, npartitions=9), "g", "y", "w", npartitions=5)
    parts = [part for part in cluster.compute(curve.to_delayed(), sync=True) if len(part)]
    assert len(parts) > 2  # the work was split
    for before, after in zip(parts, parts[1:]):
        assert before.threshold.max() < after.threshold.min()
    # The curve's +inf row closes the last partition, after the +inf guesses.
    assert list(parts[-1].threshold[-2:]) == [np.inf, np.inf]


LABELS = {
    "minus_one_one": lambda y: np.where(y, 1, -1),
    "zero_one": lambda y: y.astype(int),
    "one_two": lambda y: y + 1.0,
    "bool": lambda y: y,
    "strings": lambda y: np.where(y, "spam", "ham"),
    "categorical": lambda y: pd.Categorical(np.where(y, "yes", "no"), ["yes", "no"]),
}


@pytest.mark.parametrize("encoding", LABELS)
def test_every_label_encoding_is_read_from_the_whole_column(client, encoding):
    rng = np.random.default_rng(2)
    df = pd.DataFrame({"g": rng.integers(0, 8, 240) / 2.0})
    is_positive = rng.random(240) < 0.4
    is_positive[:60] = True  # the first partitions hold positives only
    df["y"] = LABELS[encoding](is_positive)
    positive = "spam" if encoding == "strings" else None
    curve = roc_table(dd.from_pandas(df, npartitions=8), "g", "y", positive=positive)
    assert_frame_equal(
        computed(curve), WeightedROC(df.g, df.y, positive=positive), check_exact=True
    )


def test_categorical_with_unknown_categories(client):
    df = pd.DataFrame(
        {"g": np.arange(40.0) % 7, "y": pd.Categorical(["Good", "Poor"] * 20, ["Poor", "Good"])}
    )
    ddf = dd.from_pandas(df, npartitions=4).assign(y=lambda d: d.y.cat.as_unknown())
    assert_frame_equal(
        computed(roc_table(ddf, "g", "y")), WeightedROC(df.g, df.y), check_exact=True
    )


def test_categories_differing_between_partitions_are_an_error(client):
    parts = [
        pd.DataFrame({"g": [1.0, 2.0], "y": pd.Categorical(["a", "b"], order)})
        for order in (["a", "b"], ["b", "a"])
    ]
    ddf = dd.from_delayed(
        [__import__("dask").delayed(p) for p in parts], meta=parts[0].iloc[:0], verify_meta=False
    )
    with pytest.raises(ValueError, match="categories differ between partitions"):
        roc_table(ddf, "g", "y")


def test_weights_match_r_to_1e_12_on_the_long_double_case(client):
    case = json.loads((CASES / "random_longdouble_rexp_n10000.json").read_text())
    df = pd.DataFrame(
        {
            "g": np.array(case["guess"], dtype=float),
            "y": np.array(case["label"]["values"], dtype=float),
            "w": np.array(case["weight"], dtype=float),
        }
    )
    ddf = dd.from_pandas(df, npartitions=12)
    curve = computed(roc_table(ddf, "g", "y", "w", npartitions=8))
    for column, values in case["roc"].items():
        np.testing.assert_allclose(
            curve[column], np.array(values, dtype=float), rtol=1e-12, atol=0, err_msg=column
        )
    np.testing.assert_array_equal(curve.threshold, np.array(case["roc"]["threshold"], dtype=float))
    area = auc_table(ddf, "g", "y", "w")["auc"].item()
    assert area == pytest.approx(float(case["auc"]), rel=1e-12)


def ulps(a, b):
    """Distance in units in the last place, element by element."""
    ordered = [
        np.where(v < 0, -(v & np.int64(0x7FFFFFFFFFFFFFFF)), v)
        for v in (np.asarray(x, dtype=np.float64).view(np.int64) for x in (a, b))
    ]
    return np.abs(ordered[0] - ordered[1])


def test_wide_weights_keep_counts_to_a_few_ulps(client):
    rng = np.random.default_rng(3)
    df = pd.DataFrame(
        {
            "g": np.round(rng.normal(size=3000), 2),
            "y": rng.choice([0, 1], 3000),
            "w": 10 ** rng.uniform(-6, 6, 3000),
        }
    )
    curve = computed(roc_table(dd.from_pandas(df, npartitions=10), "g", "y", "w"))
    expected = WeightedROC(df.g, df.y, df.w)
    np.testing.assert_array_equal(curve.threshold, expected.threshold)
    # Per-range long double sums continue R's sums; only a carry's last bit may differ.
    assert ulps(curve.FN, expected.FN).max() <= 1
    # FP = total - (weight below): its error is relative to the total weight.
    total = expected.FP.iloc[0]
    assert np.abs(curve.FP - expected.FP).max() <= 2 * np.spacing(total)
    # Rates in [0, 1]: 1 - FN / W1 cancels near 0, so their error is absolute.
    for rate in ("TPR", "FPR"):
        assert np.abs(curve[rate] - expected[rate]).max() <= 2 * np.spacing(1.0)
    assert (ulps(curve.FN, expected.FN) > 0).mean() <= 0.01


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(recipes(max_segment=300))
def test_dask_equals_in_memory_on_adversarial_recipes(client, recipe):
    guess, positive, weight = build(recipe)
    df = pd.DataFrame(
        {
            "g": guess,
            "y": np.where(positive, 1, -1),
            "w": np.ones(len(guess)) if weight is None else weight,
        }
    )
    curve = computed(roc_table(dd.from_pandas(df, npartitions=4), "g", "y", "w", npartitions=3))
    expected = WeightedROC(df.g, df.y, df.w)
    assert same_bits(curve.threshold, expected.threshold)
    if recipe["weights"] in ("none", "ones", "integers"):  # exact sums
        assert_frame_equal(curve, expected, check_exact=True)
    else:
        assert ulps(curve.FN, expected.FN).max() <= 1
        assert np.abs(curve.FP - expected.FP).max() <= 2 * np.spacing(expected.FP.iloc[0])


def test_empty_and_uneven_partitions(client):
    df = tied_frame(seed=4).assign(i=np.arange(600))
    ddf = dd.from_pandas(df, npartitions=12)
    ddf = ddf[(ddf.i < 100) | (ddf.i > 400)]  # some partitions empty
    kept = df[(df.i < 100) | (df.i > 400)]
    curve = roc_table(ddf, "g", "y", npartitions=20)
    assert_frame_equal(computed(curve), WeightedROC(kept.g, kept.y), check_exact=True)


def test_all_guesses_tied(client):
    df = pd.DataFrame({"g": [0.5] * 50, "y": [0, 1] * 25})
    curve = roc_table(dd.from_pandas(df, npartitions=5), "g", "y")
    assert_frame_equal(computed(curve), WeightedROC(df.g, df.y), check_exact=True)


@pytest.mark.parametrize(
    "change, error, message",
    [
        ({"g": np.nan}, ValueError, "ROC curve undefined for NA guess"),
        ({"y": 2}, ValueError, r"label %in% c\(-1, 1\) are not all TRUE"),
        ({"y": np.nan}, ValueError, "label must not contain NA"),
        ({"w": -1.0}, ValueError, "weight > 0 are not all TRUE"),
    ],
)
def test_bad_values_in_any_partition_raise_as_in_memory(client, change, error, message):
    df = tied_frame(n=200, seed=5)
    column, value = next(iter(change.items()))
    df[column] = df[column].astype(float)
    df.loc[170, column] = value  # in the last partition only
    with pytest.raises(error, match=message):
        roc_table(dd.from_pandas(df, npartitions=5), "g", "y", "w")


def test_one_label_value_overall_is_an_error(client):
    df = pd.DataFrame({"g": np.arange(20.0), "y": [1] * 20})
    with pytest.raises(ValueError, match="only one label value"):
        auc_table(dd.from_pandas(df, npartitions=3), "g", "y")


def test_missing_column_and_wrong_type_are_named():
    ddf = dd.from_pandas(tied_frame(n=100), npartitions=2)
    with pytest.raises(ValueError, match=r"no column 'cost' \(given as weight\)"):
        roc_table(ddf, "g", "y", "cost")
    with pytest.raises(TypeError, match="ddf must be a dask DataFrame, got DataFrame"):
        roc_table(tied_frame(n=100), "g", "y")


def frame_with_labels(n=400, seed=6):
    """Tied guesses of both signs (zeros included) and string labels."""
    rng = np.random.default_rng(seed)
    guess = rng.integers(-6, 7, n) / 4
    guess[rng.choice(n, 20, replace=False)] = -np.inf
    return pd.DataFrame(
        {
            "g": guess,
            "y": rng.choice(["ham", "spam"], n),
            "w": rng.integers(1, 5, n).astype(float),
            "x": rng.exponential(size=n),
        }
    )


@pytest.mark.parametrize("direction", ["<", ">"])
@pytest.mark.parametrize("positive", [None, "ham", "spam"])
def test_positive_and_direction_give_the_in_memory_table_bit_for_bit(client, positive, direction):
    df = frame_with_labels()
    ddf = dd.from_pandas(df, npartitions=7)
    options = {"positive": positive, "direction": direction}
    with warnings.catch_warnings():  # text labels without positive= warn (tests/test_labels.py)
        warnings.simplefilter("ignore", wr.LabelWarning)
        curve = computed(roc_table(ddf, "g", "y", "w", npartitions=4, **options))
        expected = WeightedROC(df.g, df.y, df.w, **options)
        table = auc_table(ddf, "g", "y", "w", npartitions=4, **options)
        expected_table = wr.auc_table(df, "g", "y", "w", **options)
        negated = WeightedROC(-df.g, df.y, df.w, positive=positive)
    assert_frame_equal(curve, expected, check_exact=True)  # integer weights: exact sums
    assert same_bits(curve.threshold, expected.threshold)
    if direction == ">":  # the negated guesses' curve, thresholds on the guesses' scale
        assert_frame_equal(curve.drop(columns="threshold"), negated.drop(columns="threshold"))
        assert same_bits(curve.threshold, -negated.threshold)
    assert_frame_equal(table, expected_table, check_exact=True)


@pytest.mark.parametrize("direction", ["<", ">"])
def test_positive_and_direction_with_real_weights_within_the_stated_tolerance(client, direction):
    df = frame_with_labels(seed=7)
    ddf = dd.from_pandas(df, npartitions=6)
    options = {"positive": "ham", "direction": direction}
    curve = computed(roc_table(ddf, "g", "y", "x", **options))
    expected = WeightedROC(df.g, df.y, df.x, **options)
    assert same_bits(curve.threshold, expected.threshold)
    assert ulps(curve.FN, expected.FN).max() <= 1
    assert np.abs(curve.FP - expected.FP).max() <= 2 * np.spacing(expected.FP.iloc[0])
    area = auc_table(ddf, "g", "y", "x", **options)["auc"].item()
    assert area == pytest.approx(WeightedAUC(expected), rel=1e-14)


def test_positive_that_is_not_a_label_value_is_named(client):
    ddf = dd.from_pandas(frame_with_labels(n=60), npartitions=3)
    with pytest.raises(ValueError, match="positive='eggs' is not a label value"):
        roc_table(ddf, "g", "y", positive="eggs")
    with pytest.raises(ValueError, match="direction"):
        roc_table(ddf, "g", "y", direction="<=")


def test_options_beyond_the_columns_are_keyword_only():
    ddf = dd.from_pandas(tied_frame(n=100), npartitions=2)
    with pytest.raises(TypeError, match="give positive= by keyword"):
        roc_table(ddf, "g", "y", "w", 1)
    with pytest.raises(TypeError, match="give positive=, direction= by keyword"):
        auc_table(ddf, "g", "y", "w", 1, "<")


def test_old_names_warn_and_give_the_same_results(client):
    df = tied_frame(n=200, seed=8)
    ddf = dd.from_pandas(df, npartitions=3)
    with pytest.warns(FutureWarning, match=r"weighted_roc\(\) is deprecated.*roc_table"):
        old = computed(weighted_roc(ddf, "g", "y", "w", 2))
    assert_frame_equal(
        old, computed(roc_table(ddf, "g", "y", "w", npartitions=2)), check_exact=True
    )
    with pytest.warns(FutureWarning, match=r"weighted_auc\(\) is deprecated.*auc_table"):
        area = weighted_auc(ddf, "g", "y", "w", compute=False).compute()
    assert area == auc_table(ddf, "g", "y", "w")["auc"].item()
    assert area == WeightedAUC(WeightedROC(df.g, df.y, df.w))


def test_importing_weightedroc_imports_neither_dask_nor_pyarrow():
    code = (
        "import sys; import pandas; before = set(sys.modules); import weightedroc; "
        "weightedroc.roc_table; new = set(sys.modules) - before; "
        "print(sorted(m for m in new if m.split('.')[0] in "
        "('dask', 'distributed', 'pyarrow')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[1],
        check=True,
    )
    assert result.stdout.strip() == "[]"
