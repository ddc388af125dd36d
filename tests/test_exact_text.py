"""Numbers read from text are the doubles that were written, on every pandas.

pandas before 3 reads CSV doubles with a fast parser that is one ulp off on
about 30% of 17-digit numbers, and its `to_numeric` is no better; these
tests fail there unless every path that parses text is correctly rounded:
`read_table` (numeric columns, and text columns holding R's NaN), the
command line, and `compare_tables` of files.
"""

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from weightedroc import WeightedROC, compare_tables
from weightedroc.io.tables import read_table, to_csv_text

MAX = np.finfo(np.float64).max


def hard_doubles(n=20000, seed=0):
    """Doubles whose 17-digit text is hard to read back: any bit pattern
    (which gives every exponent), subnormals, chains of adjacent doubles
    near +-max, the smallest normal, 1 and powers of ten."""
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 2**63 - 1, n, dtype=np.int64, endpoint=True)
    anywhere = bits.view(np.float64)
    anywhere = anywhere[np.isfinite(anywhere)]
    subnormal = rng.integers(1, 2**52, 2000, dtype=np.int64).view(np.float64)
    chains = [
        start + np.arange(-200, 200)
        for start in (
            np.float64(MAX).view(np.int64) - 200,
            np.float64(np.finfo(np.float64).tiny).view(np.int64),
            np.float64(1.0).view(np.int64),
            np.float64(1e23).view(np.int64),
            np.float64(0.1).view(np.int64),
        )
    ]
    chain = np.concatenate(chains).astype(np.int64).view(np.float64)
    usual = np.concatenate([rng.random(n), rng.standard_normal(n) * 1e5])
    values = np.concatenate([anywhere, subnormal, chain, usual])
    signs = np.where(rng.random(len(values)) < 0.5, -1.0, 1.0)
    return values * signs


def write(path, frame):
    path.write_text(to_csv_text(frame))
    return path


def same_doubles(read, written):
    read = np.asarray(read, dtype=np.float64)
    np.testing.assert_array_equal(read, written)  # NaN equals NaN here
    np.testing.assert_array_equal(np.signbit(read), np.signbit(written))


def test_read_table_reads_17_digit_doubles_exactly(tmp_path):
    x = hard_doubles()
    back = read_table(write(tmp_path / "x.csv", pd.DataFrame({"x": x})))
    assert back["x"].dtype == np.float64
    same_doubles(back["x"], x)


def test_read_table_reads_r_specials_beside_exact_doubles(tmp_path):
    x = hard_doubles(4000, seed=1)
    x[::7], x[1::11], x[2::13] = np.inf, -np.inf, np.nan
    zeros = np.array([0.0, -0.0, 5e-324, -5e-324, MAX, -MAX])
    x = np.concatenate([x, zeros])
    text = to_csv_text(pd.DataFrame({"x": x}))
    assert "Inf\n" in text and "-Inf\n" in text and "NA\n" in text
    same_doubles(read_table(write(tmp_path / "na.csv", pd.DataFrame({"x": x})))["x"], x)
    # R's NaN is text to pandas: the column is read by the text path
    with_nan = text.replace("\nNA\n", "\nNaN\n", 1)
    (tmp_path / "nan.csv").write_text(with_nan)
    same_doubles(read_table(tmp_path / "nan.csv")["x"], x)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(allow_nan=False, width=64), min_size=1, max_size=50))
def test_any_doubles_round_trip_through_text(tmp_path_factory, values):
    """A column of whole numbers only ("1", "-0", "1e+22" is not one) reads
    as integers, as R's read.csv reads it: -0 is then 0, the one bit lost."""
    x = np.array(values)
    path = tmp_path_factory.mktemp("text") / "x.csv"
    back = read_table(write(path, pd.DataFrame({"x": x, "y": x[::-1]})))["x"]
    if back.dtype.kind in "iu":
        assert all(format(v, ".17g").lstrip("-").isdigit() for v in values)
        np.testing.assert_array_equal(back.to_numpy(dtype=np.float64), x)
    else:
        same_doubles(back, x)


def test_command_line_curve_of_a_17_digit_csv_is_that_of_its_doubles(tmp_path):
    rng = np.random.default_rng(3)
    n = 5000
    guess = hard_doubles(n // 2, seed=4)[:n]
    guess = guess[np.isfinite(guess)][: n // 2]
    guess = np.concatenate([guess, rng.random(n - len(guess))])
    label = rng.integers(0, 2, len(guess))
    weight = np.exp(rng.standard_normal(len(guess)))
    data = write(tmp_path / "s.csv", pd.DataFrame({"g": guess, "y": label, "w": weight}))
    done = subprocess.run(
        [sys.executable, "-m", "weightedroc", "roc", str(data), "--guess", "g"]
        + ["--label", "y", "--weight", "w", "-o", str(tmp_path / "roc.csv")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    expected = WeightedROC(guess, label, weight)
    report = compare_tables(tmp_path / "roc.csv", expected)
    assert report["identical"].all(), report
    back = read_table(tmp_path / "roc.csv")
    for column in expected.columns:
        same_doubles(back[column], expected[column].to_numpy())


def test_compare_tables_finds_a_written_curve_identical_to_itself(tmp_path):
    rng = np.random.default_rng(5)
    curve = WeightedROC(rng.random(3000), rng.random(3000) < 0.3, rng.pareto(1.5, 3000) + 1e-3)
    report = compare_tables(write(tmp_path / "roc.csv", curve), curve)
    assert report["identical"].all(), report
    assert report["max_ulps"].sum() == 0


@pytest.mark.skipif(
    int(pd.__version__.split(".")[0]) >= 3, reason="pandas 3 parses exactly by default"
)
def test_pandas_default_parser_is_what_this_guards_against(tmp_path):
    """The premise: without the round-trip option pandas 2 misreads some."""
    x = hard_doubles(20000)
    path = write(tmp_path / "x.csv", pd.DataFrame({"x": x}))
    default = pd.read_csv(path, keep_default_na=False, na_values=["", "NA"])["x"].to_numpy()
    assert (default != x).sum() > 0


CELLS = ["0", "7", "-3", "2.5", "0.10000000000000001", "1e300", "5e-324", "NA", "", "Inf"]
CELLS += ["-Inf", "NaN", "TRUE", "FALSE", "lasso", "1_000", "a,b", "9007199254740993"]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(CELLS), min_size=3, max_size=3), min_size=1, max_size=14),
    st.integers(1, 5),
)
def test_reading_in_chunks_is_reading_whole(tmp_path_factory, rows, chunk):
    """Chunks that type a column differently (numbers, then text; integers,
    then doubles; booleans, then missing) give the whole file's frame."""
    import weightedroc.io.parsing as parsing

    lines = ["a,b,c"] + [",".join(f'"{c}"' if "," in c else c for c in row) for row in rows]
    path = tmp_path_factory.mktemp("chunks") / "x.csv"
    path.write_text("\n".join(lines) + "\n")
    saved = parsing.CHUNK_ROWS
    try:
        parsing.CHUNK_ROWS = chunk
        chunked = read_table(path)
        parsing.CHUNK_ROWS = 1 << 30
        whole = read_table(path)
    finally:
        parsing.CHUNK_ROWS = saved
    pd.testing.assert_frame_equal(chunked, whole, check_exact=True)


def test_exact_without_pyarrow_too(tmp_path, monkeypatch):
    """pandas 2 without pyarrow reads with its round-trip parser."""
    import weightedroc.io.parsing as parsing

    monkeypatch.setattr(parsing, "_has_pyarrow", lambda: False)
    x = hard_doubles(3000, seed=7)
    same_doubles(read_table(write(tmp_path / "x.csv", pd.DataFrame({"x": x})))["x"], x)


def test_a_reread_that_disagrees_beyond_the_parsing_error_is_refused(tmp_path):
    """pyarrow's second reading replaces pandas' only where the two agree
    on every missing value and within pandas' parsing error (1e-9 relative;
    it was seen 7100 ulps off): anything else is a difference of parsing
    rules, and the file is then read by pandas' round-trip parser."""
    pytest.importorskip("pyarrow")
    from weightedroc.io.parsing import _reread_doubles

    path = tmp_path / "x.csv"
    path.write_text("a,b\n0.1,x\n2.5,y\nNA,z\n")
    frame = pd.DataFrame({"a": [0.1, 2.5, np.nan], "b": ["x", "y", "z"]})
    assert _reread_doubles(frame.copy(), path, ",")
    off = frame.copy()
    off.loc[0, "a"] = 0.1 * (1 + 1e-12)  # thousands of ulps: pandas' error
    assert _reread_doubles(off, path, ",") and off.loc[0, "a"] == 0.1
    for changed in ({"a": [0.1, 2.5000001, np.nan]}, {"a": [0.1, 2.5, 3.0]}):
        wrong = frame.assign(**changed)
        before = wrong.copy()
        assert not _reread_doubles(wrong, path, ",")
        pd.testing.assert_frame_equal(wrong, before)


def test_the_pyarrow_reading_is_kept_on_pandas_2(tmp_path, monkeypatch):
    """On a file of 17-digit doubles the second reading agrees, so pandas'
    round-trip parser is not needed (it is several times slower)."""
    pytest.importorskip("pyarrow")
    import weightedroc.io.parsing as parsing

    if parsing.PANDAS_EXACT:
        pytest.skip("pandas 3 parses exactly: no second reading")
    rng = np.random.default_rng(8)
    x = np.concatenate([rng.random(20000), rng.random(2000) * 1e-5, hard_doubles(2000)])
    path = write(tmp_path / "x.csv", pd.DataFrame({"x": x, "y": rng.random(len(x))}))
    calls = []
    monkeypatch.setattr(parsing, "ROUND_TRIP", {"float_precision": "round_trip"})
    real = parsing.read_in_chunks
    monkeypatch.setattr(parsing, "read_in_chunks", lambda *a: calls.append(a[1]) or real(*a))
    same_doubles(read_table(path)["x"], x)
    assert [options.get("float_precision") for options in calls] == [None]
