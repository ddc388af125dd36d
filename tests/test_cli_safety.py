"""The command line loses nothing and says what is wrong: its input is never
overwritten, an interrupted run leaves no file, only R's missing markers
are missing, every error is one line naming row, column and value."""

import io
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pandas as pd
import pytest
from exact_csv import read_csv
from hypothesis import given, settings
from hypothesis import strategies as st
from pandas.testing import assert_frame_equal
from test_cli import CLEAN_ENV, ROOT, assert_one_line_error, run_cli

from weightedroc import auc_table, roc_table
from weightedroc.io import tables
from weightedroc.io.cli import main
from weightedroc.io.tables import read_table, to_csv_text, write_table

GOOD = "score,y,m\n0.1,0,a\n0.4,1,a\n0.35,0,b\n0.8,1,b\n"


# -- the input is never overwritten ------------------------------------------


@pytest.mark.parametrize(
    "option, link",
    [
        ("--output", None),
        ("--output", "symlink"),
        ("--output", "hardlink"),
        ("--plot", "symlink"),
        ("--plot", "hardlink"),
    ],
)
def test_an_output_that_is_the_input_is_refused_before_reading(tmp_path, link, option):
    data = tmp_path / "s.csv"
    data.write_text(GOOD)
    target = data
    if link:  # a plot path must end in .png: only a link can make it the input
        target = tmp_path / "link.png" if option == "--plot" else tmp_path / "link.csv"
        (os.symlink if link == "symlink" else os.link)(data, target)
    result = run_cli("roc", data, "--guess", "nonesuch", "--label", "y", option, target)
    # refused before reading: not the missing-column error the data would give
    assert_one_line_error(result, f"{option} '{target}' is the input file")
    assert data.read_text() == GOOD


# -- an interrupted run leaves nothing -----------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_mid_write_removes_the_temporary_file(tmp_path, signum):
    n = 400_000
    rng = np.random.default_rng(1)
    pd.DataFrame({"g": rng.random(n), "y": rng.integers(0, 2, n)}).to_parquet(
        tmp_path / "s.parquet"
    )
    env = dict(
        CLEAN_ENV,
        PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [CLEAN_ENV.get("PYTHONPATH")])]),
    )
    output = tmp_path / "roc.csv.gz"  # compressed: the write lasts seconds
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "weightedroc",
            "roc",
            str(tmp_path / "s.parquet"),
            "--guess",
            "g",
            "--label",
            "y",
            "-o",
            str(output),
        ],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".weightedroc-") for p in tmp_path.iterdir()):
        assert process.poll() is None and time.monotonic() < deadline, "never wrote"
        time.sleep(0.01)
    time.sleep(0.2)  # well into the write
    process.send_signal(signum)
    process.communicate(timeout=60)
    assert process.returncode == 128 + signum
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.parquet"]


# -- missing values as R reads them ------------------------------------------


def test_only_empty_fields_and_NA_are_missing(tmp_path):
    text = (
        "model,score,y\nNone,0.1,0\nNone,0.4,1\nnull,0.2,0\nnull,0.9,1\n"
        "n/a,0.3,0\nn/a,0.7,1\nNaN,0.5,0\nNaN,0.6,1\nNA,0.1,0\nNA,0.2,1\n"
    )
    (tmp_path / "s.csv").write_text(text)
    result = run_cli("auc", tmp_path / "s.csv", "--guess", "score", "--label", "y", "--by", "model")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(",")[0] for line in lines] == ["model", "NaN", "None", "n/a", "null", "NA"]


def test_numeric_columns_read_nan_and_infinities_as_r_does(tmp_path):
    (tmp_path / "s.csv").write_text("g,w,name\nInf,1,NaN\n-Inf,2,Inf\nNaN,NA,x\n1.5,,y\n")
    table = read_table(tmp_path / "s.csv")
    assert table.g.tolist()[:2] == [np.inf, -np.inf] and np.isnan(table.g[2])
    assert table.w.isna().tolist() == [False, False, True, True]
    assert table.name.tolist() == ["NaN", "Inf", "x", "y"]  # a text column stays text


# -- one line, naming row, column and value ----------------------------------


def test_a_bad_value_deep_in_a_file_is_named_by_row_column_and_value(tmp_path):
    n = 200_000
    scores = np.round(np.random.default_rng(2).random(n), 6).astype(str).astype(object)
    scores[150_000] = "oops"
    pd.DataFrame({"score": scores, "y": np.arange(n) % 2}).to_csv(tmp_path / "s.csv", index=False)
    result = run_cli("roc", tmp_path / "s.csv", "--guess", "score", "--label", "y")
    assert_one_line_error(result, "row 150001, column 'score': 'oops' is not a number")


DEEP = 70_000  # the bad value's row is DEEP + 1, counted from 1 after the header
NUMERIC = (
    "numeric labels take the values {-1, 1}, {0, 1} or {1, 2} "
    "(R: label %in% c(-1, 1) are not all TRUE)"
)
POSITIVE_WEIGHT = "is not a positive weight (R: weight > 0 are not all TRUE)"


def deep_frame(column=None, value=None, n=80_000):
    """n rows of good data (labels 0, 1, 0, 1 ...) with `value` in `column` at row DEEP + 1."""
    rng = np.random.default_rng(70)
    frame = pd.DataFrame(
        {
            "g": rng.random(n),
            "y": (np.arange(n) % 2).astype(object),
            "w": rng.random(n) + 0.5,
            "k": np.arange(n) % 3,
        }
    ).astype({"w": object, "g": object})
    if column is not None:
        frame.loc[DEEP, column] = value
    return frame


@pytest.mark.parametrize(
    "column, value, options, message",
    [
        ("w", -2, [], f"row 70001, column 'w': -2 {POSITIVE_WEIGHT}"),
        ("w", 0, [], f"row 70001, column 'w': 0 {POSITIVE_WEIGHT}"),
        ("w", -0.25, ["--by", "k"], f"row 70001, column 'w': -0.25 {POSITIVE_WEIGHT}"),
        ("w", "NA", [], f"row 70001, column 'w': NA {POSITIVE_WEIGHT}"),
        (
            "w",
            "Inf",
            [],
            "row 70001, column 'w': Inf is not a finite weight: an infinite weight "
            "makes the rates undefined (R returns NaN)",
        ),
        (
            "g",
            "NA",
            [],
            "row 70001, column 'g': NA is not a number (R: ROC curve undefined for NA guess)",
        ),
        (
            "y",
            "NA",
            ["--by", "k"],
            "row 70001, column 'y': NA is not a label: every row needs a positive or negative one",
        ),
        ("y", 2, [], f"row 70001, column 'y': 2 is a third label value (after 0 and 1): {NUMERIC}"),
        ("y", 0.5, [], f"row 70001, column 'y': 0.5 is not a label value: {NUMERIC}"),
        (
            "y",
            2,
            ["--positive", "1"],
            "row 70001, column 'y': 2 is a third label value (after 0 and 1): "
            "the labels must take 2 values",
        ),
    ],
)
def test_every_bad_value_is_named_by_row_column_and_value(
    tmp_path, monkeypatch, capsys, column, value, options, message
):
    deep_frame(column, value).to_csv(tmp_path / "s.csv", index=False)
    args = ["auc", tmp_path / "s.csv", "--guess", "g", "--label", "y", "--weight", "w", *options]
    status = main(list(map(str, args)))
    captured = capsys.readouterr()
    assert (status, captured.out, captured.err) == (2, "", f"weightedroc: error: {message}\n")


def test_a_label_that_cannot_pair_names_the_first_row_of_the_other(tmp_path, capsys):
    frame = deep_frame()
    frame.loc[: DEEP - 1, "y"] = -1
    frame.loc[DEEP, "y"] = 0
    frame.to_csv(tmp_path / "s.csv", index=False)
    assert main(["roc", str(tmp_path / "s.csv"), "--guess", "g", "--label", "y"]) == 2
    assert capsys.readouterr().err == (
        f"weightedroc: error: row 70001, column 'y': 0 cannot be a label with -1 (row 1): "
        f"{NUMERIC}\n"
    )


def test_a_third_text_label_is_named_with_the_first_two(tmp_path, capsys):
    frame = deep_frame().assign(y=lambda d: np.where(d.y == 1, "case", "control"))
    frame.loc[DEEP, "y"] = "Case"
    frame.to_csv(tmp_path / "s.csv", index=False)
    assert main(["auc", str(tmp_path / "s.csv"), "--guess", "g", "--label", "y"]) == 2
    assert capsys.readouterr().err == (
        "weightedroc: error: row 70001, column 'y': 'Case' is a third label value "
        "(after 'control' and 'case'): the labels must take 2 values\n"
    )


def test_boolean_weights_are_named_by_their_first_row(tmp_path, capsys):
    deep_frame().assign(w=True).to_csv(tmp_path / "s.csv", index=False)
    args = ["auc", str(tmp_path / "s.csv"), "--guess", "g", "--label", "y", "--weight", "w"]
    assert main(args) == 2
    assert capsys.readouterr().err == (
        "weightedroc: error: row 1, column 'w': TRUE is not a number "
        "(R: is.numeric(weight) is not TRUE)\n"
    )


def test_an_error_of_no_single_row_keeps_its_words(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(GOOD.replace(",1,", ",0,")))
    assert main(["auc", "-", "--guess", "score", "--label", "y"]) == 2
    assert capsys.readouterr().err == (
        "weightedroc: error: column 'y' (label): only one label value: every label is 0; "
        "a ROC curve needs both positive and negative observations\n"
    )


def test_a_bad_weight_deep_in_a_file_through_the_command(tmp_path):
    deep_frame("w", -2).to_csv(tmp_path / "s.csv", index=False)
    result = run_cli(
        "roc", tmp_path / "s.csv", "--guess", "g", "--label", "y", "--weight", "w", "--by", "k"
    )
    assert_one_line_error(result, f"row 70001, column 'w': -2 {POSITIVE_WEIGHT}")


def test_a_semicolon_file_without_delimiter_says_which_option_to_use(tmp_path):
    (tmp_path / "s.csv").write_text(GOOD.replace(",", ";"))
    result = run_cli("auc", tmp_path / "s.csv", "--guess", "score", "--label", "y")
    assert_one_line_error(result, "say --delimiter ';'")


# -- options in any order, outputs anywhere ----------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--by", "m", "-", "--guess", "score", "--label", "y"],
        ["--by", "m,y2", "--guess", "score", "-", "--label", "y"],
        ["--guess", "score", "--label", "y", "--by", "m", "--by", "y2", "-"],
    ],
)
def test_options_and_input_go_in_any_order(args):
    text = "score,y,m,y2\n0.1,0,a,k\n0.4,1,a,k\n0.35,0,b,k\n0.8,1,b,k\n0.3,1,b,k\n"
    result = run_cli("auc", *args, stdin=text)
    assert result.returncode == 0, result.stderr
    frame = read_csv(io.StringIO(text))
    by = ["m", "y2"] if "y2" in args or "m,y2" in args else ["m"]
    expected = auc_table(frame, "score", "y", by=by)
    assert_frame_equal(
        read_csv(io.StringIO(result.stdout)), expected, check_exact=True, check_dtype=False
    )  # AUCs of 1 read back as integers


def test_output_to_stdout_dev_null_and_by_format(tmp_path):
    (tmp_path / "s.csv").write_text(GOOD)
    args = ("roc", tmp_path / "s.csv", "--guess", "score", "--label", "y")
    to_stdout = run_cli(*args, "-o", "-")
    assert to_stdout.returncode == 0 and to_stdout.stdout == run_cli(*args).stdout
    assert run_cli(*args, "-o", "/dev/null").returncode == 0
    result = run_cli(*args, "-o", tmp_path / "curve.out", "--format", "tsv")
    assert result.returncode == 0, result.stderr
    expected = roc_table(read_csv(io.StringIO(GOOD)), "score", "y")
    assert_frame_equal(
        read_csv(tmp_path / "curve.out", sep="\t"), expected, check_exact=True, check_dtype=False
    )  # whole counts read as integers
    assert_one_line_error(run_cli(*args, "-o", tmp_path / "curve.out"), "--format")


def test_tab_and_semicolon_inputs(tmp_path):
    (tmp_path / "s.tsv").write_text(GOOD.replace(",", "\t"))
    (tmp_path / "s.txt").write_text(GOOD.replace(",", ";"))
    by_suffix = run_cli("auc", tmp_path / "s.tsv", "--guess", "score", "--label", "y")
    by_option = run_cli(
        "auc", tmp_path / "s.txt", "--delimiter", ";", "--guess", "score", "--label", "y"
    )
    plain = run_cli("auc", "-", "--guess", "score", "--label", "y", stdin=GOOD)
    assert by_suffix.returncode == by_option.returncode == 0
    assert by_suffix.stdout == by_option.stdout == plain.stdout


@pytest.mark.parametrize("positive, direction", [("0", "<"), ("1", ">"), ("a", "<")])
def test_positive_and_direction_reach_the_tables(positive, direction):
    text = GOOD if positive != "a" else GOOD.replace(",0,", ",b,").replace(",1,", ",a,")
    result = run_cli(
        "roc",
        "-",
        "--guess",
        "score",
        "--label",
        "y",
        "--positive",
        positive,
        "--direction",
        direction,
        stdin=text,
    )
    assert result.returncode == 0, result.stderr
    frame = read_csv(io.StringIO(text))
    value = positive if positive == "a" else int(positive)
    expected = roc_table(frame, "score", "y", positive=value, direction=direction)
    assert_frame_equal(
        read_csv(io.StringIO(result.stdout)), expected, check_exact=True, check_dtype=False
    )  # whole counts read back as integers


# -- the streamed writer is the plain one, in blocks ---------------------------


def shortest(v):
    """Python's shortest round-trip text, a whole number without its ".0"."""
    text = repr(v)
    return text[:-2] if text.endswith(".0") else text


def reference_csv(frame, digits=None):
    """The plain writer: pandas' to_csv of each double's text (shortest round-trip,
    or %.17g for digits=17), Inf and NA as R writes them."""
    text = {
        name: [
            "NA"
            if np.isnan(v)
            else "Inf"
            if v == np.inf
            else "-Inf"
            if v == -np.inf
            else (f"{v:.17g}" if digits == 17 else shortest(v))
            for v in frame[name].to_numpy(dtype=np.float64, na_value=np.nan).tolist()
        ]
        for name, dtype in frame.dtypes.items()
        if pd.api.types.is_float_dtype(dtype)
    }
    return frame.assign(**text).to_csv(index=False, na_rep="NA", lineterminator="\n")


DOUBLES = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        [
            0.0,
            -0.0,
            5e-324,
            -5e-324,
            1.7976931348623157e308,
            2.2250738585072014e-308,
            0.1,
            1e16,
            1e17,
            1e-5,
        ]
    ),
)
KEYS = st.one_of(st.none(), st.text(alphabet='ab,"\n;x\r', max_size=4))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(KEYS, st.integers(-5, 5), DOUBLES, DOUBLES), min_size=1, max_size=40),
    st.integers(1, 7),
    st.sampled_from([None, 17]),
)
def test_streamed_csv_equals_the_plain_writer(rows, block, digits):
    frame = pd.DataFrame(rows, columns=["key", "n", "x", "y"])
    frame["key"] = frame["key"].astype(object)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tables, "ROWS", block)
        assert to_csv_text(frame, digits=digits) == reference_csv(frame, digits)


def test_file_output_is_written_in_blocks_and_equals_the_text(tmp_path, monkeypatch):
    frame = roc_table(read_csv(io.StringIO(GOOD)), "score", "y", by="m")
    monkeypatch.setattr(tables, "ROWS", 2)
    writes = []
    real_lines = tables._csv_lines
    monkeypatch.setattr(
        tables,
        "_csv_lines",
        lambda f, d, n: (writes.append(1) or block for block in real_lines(f, d, n)),
    )
    write_table(frame, tmp_path / "r.csv")
    assert (tmp_path / "r.csv").read_text() == reference_csv(frame)
    assert len(writes) == 1 + (len(frame) + 1) // 2  # header, then blocks of 2 rows
