"""polars, PyArrow and the Arrow C data interface: the same bits whatever the
container, without copies where the dtype allows, and tables of the same kind."""

import subprocess
import sys
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pandas.testing import assert_frame_equal
from plain import first_difference, plain_auc, plain_roc, same_bits

from weightedroc import LabelWarning, WeightedROC, auc_table, roc_table
from weightedroc.engine.validation import check_guess, check_label, check_weight

pl = pytest.importorskip("polars", reason="polars (the polars extra) is not installed")
pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed")
pytest.importorskip("narwhals", reason="narwhals (the polars extra) is not installed")

GUESS = np.array([0.25, -0.0, 0.5, 0.0, 0.25, 1e-300, -3.5, 0.5, 7.0, 0.25])
LABEL = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 0])
WEIGHT = np.array([1.5, 2.0, 0.1, 3.0, 1.0, 0.7, 2.5, 1.0, 0.2, 4.0])


class ArrowArrayOnly:
    """A foreign vector exposing only the Arrow C data interface (array)."""

    def __init__(self, values):
        self._array = pa.array(values)

    def __arrow_c_array__(self, requested_schema=None):
        return self._array.__arrow_c_array__(requested_schema)


class ArrowStreamOnly:
    """A foreign vector exposing only the Arrow C stream interface, in 2 chunks."""

    def __init__(self, values):
        half = len(values) // 2
        self._array = pa.chunked_array([values[:half], values[half:]])

    def __arrow_c_stream__(self, requested_schema=None):
        return self._array.__arrow_c_stream__(requested_schema)


CONTAINERS = {
    "polars Series": pl.Series,
    "pyarrow Array": pa.array,
    "pyarrow ChunkedArray, 1 chunk": lambda v: pa.chunked_array([v]),
    "pyarrow ChunkedArray, 3 chunks": lambda v: pa.chunked_array([v[:3], v[3:4], v[4:]]),
    "Arrow C array": ArrowArrayOnly,
    "Arrow C stream": ArrowStreamOnly,
}


@pytest.mark.parametrize("container", CONTAINERS.values(), ids=CONTAINERS.keys())
def test_every_container_gives_the_numpy_curve_bit_for_bit(container):
    expected = WeightedROC(GUESS, LABEL, WEIGHT)
    got = WeightedROC(container(GUESS), container(LABEL), container(WEIGHT))
    assert_frame_equal(got, expected, check_exact=True)
    assert same_bits(got.threshold, expected.threshold)  # -0.0 and 0.0 kept apart


@pytest.mark.parametrize(
    "make, buffer",
    [
        (lambda v: pl.Series(v), lambda s: s.to_numpy()),
        (lambda v: pa.array(v), lambda a: a.to_numpy()),
        (lambda v: pa.chunked_array([v]), lambda a: a.chunk(0).to_numpy()),
        (lambda v: ArrowArrayOnly(v), None),
    ],
    ids=["polars", "pyarrow Array", "pyarrow ChunkedArray", "Arrow C array"],
)
def test_float64_without_nulls_is_read_without_a_copy(make, buffer):
    values = make(GUESS)
    for check in (check_guess, check_weight):
        array = check(values if check is check_guess else make(WEIGHT))
        assert array.dtype == np.float64
        if buffer is not None:
            source = buffer(values if check is check_guess else make(WEIGHT))
            assert np.shares_memory(array, source)
    # The foreign buffer is read only: nothing in the pass may write to it.
    assert not check_guess(values).flags.writeable or buffer is None
    assert_frame_equal(WeightedROC(values, LABEL), WeightedROC(GUESS, LABEL), check_exact=True)


@pytest.mark.parametrize("dtype", [pl.Float32, pl.Int8, pl.Int64, pl.UInt16])
def test_polars_number_dtypes_are_read_as_numpy_reads_them(dtype):
    guess = np.array([3, 1, 2, 2, 5, 0, 4, 1])
    label = np.array([1, 0, 1, 0, 1, 0, 1, 1])
    numpy_dtype = pl.Series([], dtype=dtype).to_numpy().dtype
    expected = WeightedROC(guess.astype(numpy_dtype), label)
    got = WeightedROC(pl.Series(guess, dtype=dtype), pl.Series(label, dtype=pl.Int8))
    assert_frame_equal(got, expected, check_exact=True)


def test_float32_guesses_keep_their_float32_values():
    guess = np.array([0.1, 0.2, 0.3, 0.1], dtype=np.float32)
    got = WeightedROC(pl.Series(guess), [0, 1, 1, 0])
    assert same_bits(got.threshold[:-1], guess.astype(np.float64)[[0, 1, 2]])


@pytest.mark.parametrize(
    "label, positive_values",
    [
        (pl.Series([True, False, True, False, False]), [True, False, True, False, False]),
        (pl.Series([2, 1, 2, 1, 1], dtype=pl.Int8), [True, False, True, False, False]),
        # Strings and polars Categoricals (which keep no category order): levels
        # sorted, as R's factor() makes them, the second positive.
        (pl.Series(["yes", "no", "yes", "no", "no"]), [True, False, True, False, False]),
        (
            pl.Series(["yes", "no", "yes", "no", "no"], dtype=pl.Categorical),
            [True, False, True, False, False],
        ),
        # An Enum is a factor: its second category is positive, whatever sorts first.
        (
            pl.Series(["yes", "no", "yes", "no", "no"], dtype=pl.Enum(["yes", "no"])),
            [False, True, False, True, True],
        ),
        # An Arrow dictionary is a factor too: its second value is positive.
        (
            pa.DictionaryArray.from_arrays(pa.array([0, 1, 0, 1, 1], pa.int8()), ["yes", "no"]),
            [False, True, False, True, True],
        ),
    ],
)
def test_label_dtypes_follow_the_r_rules(label, positive_values):
    text = isinstance(label, pl.Series) and label.dtype in (pl.String, pl.Categorical)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        np.testing.assert_array_equal(check_label(label), positive_values)
    # Text (a polars Categorical keeps no order) says which is positive; factors need not.
    assert [w.category for w in caught] == ([LabelWarning] if text else [])


def test_positive_names_the_event_in_polars_labels():
    label = pl.Series(["yes", "no", "yes", "no", "no"], dtype=pl.Enum(["yes", "no"]))
    np.testing.assert_array_equal(
        check_label(label, positive="yes"), [True, False, True, False, False]
    )


def test_enum_with_unused_third_category_is_rs_three_level_error():
    label = pl.Series(["a", "b", "a"], dtype=pl.Enum(["a", "b", "c"]))
    with pytest.raises(ValueError, match="must have exactly 2 levels"):
        check_label(label)


@pytest.mark.parametrize(
    "role, values, message",
    [
        ("guess", pl.Series([0.1, None, 0.3]), "ROC curve undefined for NA guess"),
        ("guess", pl.Series([1, None, 3], dtype=pl.Int8), "ROC curve undefined for NA guess"),
        ("guess", pa.array([0.1, None, 0.3]), "ROC curve undefined for NA guess"),
        ("label", pl.Series([0, None, 1], dtype=pl.Int8), "label must not contain NA"),
        ("label", pl.Series([True, None, False]), "label must not contain NA"),
        ("label", pl.Series(["a", None, "b"]), "label must not contain NA"),
        ("label", pl.Series(["a", None, "b"], dtype=pl.Categorical), "label must not contain NA"),
        (
            "label",
            pl.Series(["a", None, "b"], dtype=pl.Enum(["a", "b"])),
            "label must not contain NA",
        ),
        ("label", pa.array([True, None, False]), "label must not contain NA"),
        ("weight", pl.Series([1.0, None, 2.0]), "weight must not contain NA"),
        ("weight", pa.chunked_array([[1.0], [None, 2.0]]), "weight must not contain NA"),
    ],
)
def test_nulls_give_the_na_errors(role, values, message):
    inputs = {"guess": [0.1, 0.2, 0.3], "label": [0, 1, 1], "weight": None, role: values}
    with pytest.raises(ValueError, match=message):
        WeightedROC(**inputs)


@pytest.mark.parametrize("frame", [pl.DataFrame({"a": [1.0, 2.0]}), pa.table({"a": [1.0, 2.0]})])
def test_a_frame_is_not_a_vector(frame):
    with pytest.raises(ValueError, match="guess must be 1-D"):
        WeightedROC(frame, [0, 1])


def test_importing_the_package_loads_no_frame_library():
    # (pandas 3 itself imports pyarrow when installed, so it is not checked.)
    code = (
        "import sys, weightedroc; "
        "print(sorted(m for m in ('narwhals', 'polars') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


# Tables -------------------------------------------------------------------


def long_frame(seed=0, n=400):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "model": rng.choice(["lasso", "forest", "knn"], n),
            "fold": rng.integers(1, 4, n),
            "score": rng.integers(-6, 6, n) / 4,  # ties, and -0.0 and 0.0
            "y": rng.choice([0, 1], n),
            "w": rng.exponential(size=n),
        }
    )


KINDS = {
    "polars DataFrame": (pl.from_pandas, pl.DataFrame),
    "polars LazyFrame": (lambda d: pl.from_pandas(d).lazy(), pl.LazyFrame),
    "pyarrow Table": (lambda d: pa.Table.from_pandas(d, preserve_index=False), pa.Table),
}


def as_pandas(table):
    if isinstance(table, pl.LazyFrame):
        table = table.collect()
    return table.to_pandas()


@pytest.mark.parametrize("convert, kind", KINDS.values(), ids=KINDS.keys())
@pytest.mark.parametrize("by", [None, "model", ["model", "fold"]])
def test_tables_come_back_in_the_kind_given_with_the_pandas_values(convert, kind, by):
    df = long_frame()
    for function in (roc_table, auc_table):
        expected = function(df, "score", "y", "w", by=by)
        got = function(convert(df), "score", "y", "w", by=by)
        assert isinstance(got, kind)
        assert_frame_equal(as_pandas(got), expected, check_exact=True, check_dtype=False)
        for column in expected.columns.drop(by or [], errors="ignore"):
            assert same_bits(as_pandas(got)[column], expected[column])


def test_polars_key_columns_keep_their_dtypes():
    df = pl.from_pandas(long_frame()).with_columns(
        pl.col("model").cast(pl.Enum(["lasso", "forest", "knn", "unused"])),
        pl.col("fold").cast(pl.Int8),
    )
    table = roc_table(df, "score", "y", by=["model", "fold"])
    assert table.schema["model"] == df.schema["model"]
    assert table.schema["fold"] == pl.Int8
    # Enum groups in category order, unused categories giving no group.
    assert table["model"].unique(maintain_order=True).to_list() == ["lasso", "forest", "knn"]


def test_polars_null_keys_form_their_own_group_last():
    df = pl.DataFrame(
        {
            "m": ["b", None, "a", "b", None, "a", "a", "b", None],
            "g": [1.0, 2, 3, 4, 5, 6, 7, 8, 9],
            "y": [0, 1, 1, 1, 0, 0, 1, 0, 1],
        }
    )
    table = auc_table(df, "g", "y", by="m")
    assert table["m"].to_list() == ["a", "b", None]
    assert table["auc"][2] == plain_auc(
        *plain_roc(np.array([2.0, 5, 9]), np.array([True, False, True]))[:2]
    )


def test_polars_group_with_one_label_value_is_named():
    df = pl.DataFrame({"m": ["a", "a", "b"], "g": [1.0, 2, 3], "y": [0, 1, 1]})
    with pytest.raises(ValueError, match=r"group m='b': only one label value"):
        roc_table(df, "g", "y", by="m")


def test_polars_errors_name_the_column():
    df = pl.DataFrame({"g": [1.0, None, 3], "y": [0, 1, 1]})
    with pytest.raises(ValueError, match=r"column 'g' \(guess\): ROC curve undefined for NA"):
        auc_table(df, "g", "y")
    with pytest.raises(ValueError, match=r"no column 'w' \(given as weight\)"):
        auc_table(df, "g", "y", weight="w")


# The one-sort grouping against a plain per-group reference ---------------

values = st.sampled_from([-1.0, -0.0, 0.0, 0.5, 1.0, 2.0, np.inf, -np.inf, 1e-310])


@st.composite
def grouped(draw):
    """Groups (some of one row each side) that each hold both classes."""
    groups = draw(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=1, max_size=6))
    rows = []
    for code, (negatives, positives) in enumerate(groups):
        rows += [(code, False)] * negatives + [(code, True)] * positives
    order = draw(st.permutations(range(len(rows))))
    code = np.array([rows[i][0] for i in order])
    label = np.array([rows[i][1] for i in order])
    guess = np.array(draw(st.lists(values, min_size=len(rows), max_size=len(rows))))
    weight = np.array(
        draw(
            st.lists(
                st.sampled_from([0.5, 1.0, 3.0, 1e-3, 2.0**60]),
                min_size=len(rows),
                max_size=len(rows),
            )
        )
    )
    # Keys: strings (hashed), integers in a narrow range (counted), spread
    # far apart (hashed), negative, or unsigned.
    keys = draw(
        st.sampled_from(
            [
                np.array(["z", "a", "m", "q", "b", "k"]),
                np.array([3, -2, 0, 7, 1, -5]),
                np.array([10**15, -(10**15), 4, 2**62, -7, 0]),
                np.array([250, 0, 7, 3, 9, 1], dtype=np.uint8),
            ]
        )
    )
    names = draw(st.permutations(keys))
    return pd.DataFrame(
        {
            "key": np.array(names, dtype=keys.dtype)[code],
            "guess": guess,
            "label": label,
            "weight": weight,
        }
    )


@settings(max_examples=150, deadline=None)
@given(df=grouped(), kind=st.sampled_from(["pandas", "polars"]))
def test_each_groups_rows_are_the_plain_reference_bit_for_bit(df, kind):
    data = df if kind == "pandas" else pl.from_pandas(df)
    table = roc_table(data, "guess", "label", "weight", by="key")
    aucs = auc_table(data, "guess", "label", "weight", by="key")
    table, aucs = (table, aucs) if kind == "pandas" else (table.to_pandas(), aucs.to_pandas())
    assert list(aucs.key) == sorted(set(df.key))
    for i, key in enumerate(sorted(set(df.key))):
        rows = df[df.key == key]
        expected = plain_roc(rows.guess.to_numpy(), rows.label.to_numpy(), rows.weight.to_numpy())
        part = table[table.key == key]
        assert first_difference(part, expected) is None
        assert aucs.auc[i] == plain_auc(*expected[:2])
        assert aucs.n[i] == len(rows)


@settings(max_examples=60, deadline=None)
@given(df=grouped())
def test_direction_on_a_polars_frame_is_the_negated_guesses(df):
    data = pl.from_pandas(df)
    lower = roc_table(data, "guess", "label", "weight", by="key", direction=">").to_pandas()
    negated = roc_table(
        data.with_columns(-pl.col("guess")), "guess", "label", "weight", by="key"
    ).to_pandas()
    for column in ["TPR", "FPR", "FN", "FP"]:
        assert same_bits(lower[column], negated[column])
    assert same_bits(lower.threshold, -negated.threshold)


def test_a_single_row_group_is_named():
    df = pd.DataFrame({"m": ["a", "a", "b"], "g": [1.0, 2, 3], "y": [0, 1, 1]})
    for data in (df, pl.from_pandas(df)):
        with pytest.raises(ValueError, match=r"group m='b': only one label value"):
            auc_table(data, "g", "y", by="m")


def test_an_empty_frame_is_a_clear_error():
    df = pd.DataFrame(
        {
            "m": pd.Series([], dtype=str),
            "g": pd.Series([], dtype=float),
            "y": pd.Series([], dtype=int),
        }
    )
    for data in (df, pl.from_pandas(df)):
        with pytest.raises(ValueError, match=r"column 'y' \(label\): label is empty"):
            roc_table(data, "g", "y", by="m")


def test_unused_categories_of_a_by_column_give_no_group():
    df = pd.DataFrame(
        {
            "m": pd.Categorical(["b", "b", "a", "a"], ["c", "b", "a"]),
            "g": [1.0, 2, 3, 4],
            "y": [0, 1, 1, 0],
        }
    )
    table = auc_table(df, "g", "y", by="m")
    assert table.m.tolist() == ["b", "a"] and table.auc.tolist() == [1.0, 0.0]
    assert list(table.m.cat.categories) == ["c", "b", "a"]


def test_missing_by_values_of_two_columns_sort_last_in_each():
    df = pd.DataFrame(
        {
            "a": ["x", "x", None, None, "x", "x", None, None],
            "b": [1.0, np.nan, 1.0, 1.0, 1.0, np.nan, 1.0, 1.0],
            "g": [1.0, 2, 3, 4, 5, 6, 7, 8],
            "y": [0, 1, 0, 1, 1, 0, 1, 0],
        }
    )
    table = auc_table(df, "g", "y", by=["a", "b"])
    assert table.a.tolist()[:2] == ["x", "x"] and table.a.isna().tolist() == [False, False, True]
    assert table.b.tolist()[0] == 1.0 and np.isnan(table.b[1])
    assert table.n.tolist() == [2, 2, 4]


def test_a_polars_table_is_drawn_as_its_pandas_twin(tmp_path):
    pytest.importorskip("plotnine", reason="plotnine (the plot extra) is not installed")
    from weightedroc.engine.frames import as_pandas
    from weightedroc.plots import roc_plot

    df = long_frame()
    table = roc_table(pl.from_pandas(df), "score", "y", by="model")
    assert_frame_equal(
        as_pandas(table.lazy()),
        roc_table(df, "score", "y", by="model"),
        check_exact=True,
        check_dtype=False,
    )
    drawn = roc_plot(table, by="model")
    drawn.save(tmp_path / "roc.png", width=3, height=3, dpi=50, verbose=False)
    assert (tmp_path / "roc.png").stat().st_size > 0
