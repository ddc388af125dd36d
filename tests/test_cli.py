"""The weightedroc command on real files, through main(argv) and as a process.

The R-written inputs in tests/data were made by base R's write.csv from
the inputs of reference cases (see `write_r_fixtures`; run this file as a
script to regenerate them).  When Rscript is present the tests remake them
and check that the committed copies are what R writes.
"""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from exact_csv import read_csv
from pandas.testing import assert_frame_equal

from weightedroc import WeightedAUC, WeightedROC, roc_table
from weightedroc.io.cli import main
from weightedroc.io.tables import atomic_path, read_table, to_csv_text

ROOT = Path(__file__).parents[1]
DATA = Path(__file__).parent / "data"
CASES = ROOT / "reference_outputs" / "cases"
RSCRIPT = shutil.which("Rscript")
needs_r = pytest.mark.skipif(RSCRIPT is None, reason="R (Rscript) is not installed")

# Reference cases in the R-written files.  Numeric -1/1 labels in one file,
# written by plain write.csv (their doubles are short decimals, which its 15
# digits keep exact); character labels with runif weights in the other,
# numbers formatted by sprintf("%.17g") first.  minimal_n2's rows have NA as
# case name, to exercise an NA group.
PLAIN_CASES = ["inf_single_pos_and_neg", "random_ties_int5_n20", "minimal_n2"]
EXACT_CASES = ["label_character"]
NA_CASE = "minimal_n2"

R_WRITER = textwrap.dedent("""\
    args <- commandArgs(TRUE)
    d <- read.delim(args[1], colClasses = "character", na.strings = "NA")
    numeric <- if (args[3] == "plain") c("guess", "label", "weight") else c("guess", "weight")
    for (column in numeric) d[[column]] <- as.numeric(d[[column]])
    if (args[3] == "exact") {
      for (column in numeric) d[[column]] <- sprintf("%.17g", d[[column]])
      write.csv(d, args[2], row.names = FALSE, quote = which(!names(d) %in% numeric))
    } else {
      write.csv(d, args[2], row.names = FALSE)
    }
""")


def load_case(name):
    return json.loads((CASES / f"{name}.json").read_text())


def case_inputs(names):
    """The inputs of reference cases as strings: case, guess, label, weight."""
    frames = []
    for name in names:
        case = load_case(name)
        n = len(case["guess"])
        frames.append(
            pd.DataFrame(
                {
                    "case": "NA" if name == NA_CASE else name,
                    "guess": case["guess"],
                    "label": case["label"]["values"],
                    "weight": case["weight"] or ["1"] * n,
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def write_r_fixtures(directory):
    """Write r_plain.csv and r_exact.csv into `directory` with Rscript."""
    directory = Path(directory)
    script = directory / "r_writer.R.tmp"
    script.write_text(R_WRITER)
    try:
        for mode, names in (("plain", PLAIN_CASES), ("exact", EXACT_CASES)):
            strings = directory / f"r_{mode}.tsv.tmp"
            case_inputs(names).to_csv(strings, sep="\t", index=False)
            subprocess.run(
                [RSCRIPT, str(script), str(strings), str(directory / f"r_{mode}.csv"), mode],
                check=True,
                capture_output=True,
            )
            strings.unlink()
    finally:
        script.unlink()


# The environment as it was before any test started R: rpy2 adds R's folders
# (and the system's libpython) to LD_LIBRARY_PATH, which breaks a child Python.
CLEAN_ENV = dict(os.environ)


def run_cli(*args, stdin=None, module=True, process=False):
    """Run the weightedroc command with ARGS and return its status and output.

    By default through ``main(argv)`` in this process, in the command's
    working directory, with stdin, stdout and stderr swapped for text
    buffers, and every Python warning the call lets through written to
    stderr as a process would print it: the same code as a process runs,
    without a second of interpreter start-up per call.  ``process=True``
    runs ``python -m weightedroc ARGS`` as a subprocess and ``module=False``
    the installed console script, for what only a process shows.
    """
    if process or not module:
        return run_process(*args, stdin=stdin, module=module)
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")  # as a process: each warning once per place
        for quiet in (
            DeprecationWarning,
            PendingDeprecationWarning,
            ImportWarning,
            ResourceWarning,
        ):
            warnings.simplefilter("ignore", quiet)  # Python's defaults outside __main__
        os.chdir(ROOT)
        try:
            with (
                contextlib.redirect_stdout(out),
                contextlib.redirect_stderr(err),
                swapped_stdin(io.StringIO(stdin or "")),
            ):
                status = main([str(arg) for arg in args])
        finally:
            os.chdir(here)
    for warning in caught:
        err.write(
            warnings.formatwarning(
                warning.message, warning.category, warning.filename, warning.lineno
            )
        )
    return subprocess.CompletedProcess(args, status, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def swapped_stdin(stream):
    saved, sys.stdin = sys.stdin, stream
    try:
        yield
    finally:
        sys.stdin = saved


def run_process(*args, stdin=None, module=True):
    """Run `python -m weightedroc ARGS` (or the console script) as a process."""
    env = dict(
        CLEAN_ENV,
        PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [CLEAN_ENV.get("PYTHONPATH")])]),
    )
    command = [sys.executable, "-m", "weightedroc"] if module else [console_script()]
    return subprocess.run(
        [*command, *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def console_script():
    return shutil.which("weightedroc", path=os.path.dirname(sys.executable))


def read_csv_text(text):
    return read_csv(io.StringIO(text))


def scores_frame(seed=0, n=120):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "model": rng.choice(["glm", "gbm"], n),
            "score": np.round(rng.normal(size=n), 1),
            "y": rng.choice(["spam", "ham"], n),
            "w": rng.exponential(size=n),
        }
    )


def assert_one_line_error(result, *fragments):
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("weightedroc: error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


# -- results -----------------------------------------------------------------


def test_roc_writes_roc_table_of_the_file_to_stdout(tmp_path):
    df = scores_frame()
    df.to_csv(tmp_path / "scores.csv", index=False)
    result = run_cli(
        "roc",
        tmp_path / "scores.csv",
        "--guess",
        "score",
        "--label",
        "y",
        "--weight",
        "w",
        "--by",
        "model",
        "--positive",
        "spam",
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    expected = roc_table(
        read_csv(tmp_path / "scores.csv"), "score", "y", "w", by="model", positive="spam"
    )
    assert_frame_equal(read_csv_text(result.stdout), expected, check_exact=True)


def test_auc_reads_stdin_and_prints_the_auc_table(tmp_path):
    df = scores_frame(1)
    text = to_csv_text(df)
    result = run_cli(
        "auc",
        "-",
        "--guess",
        "score",
        "--label",
        "y",
        "--weight",
        "w",
        "--by",
        "model",
        "--positive",
        "spam",
        stdin=text,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    printed = read_csv_text(result.stdout)
    assert list(printed.columns) == ["model", "auc", "n", "positive_weight", "negative_weight"]
    for row in printed.itertuples():
        rows = df[df.model == row.model]
        assert row.auc == WeightedAUC(WeightedROC(rows.score, rows.y, rows.w, positive="spam"))
        assert row.n == len(rows)


def test_parquet_in_and_out_keep_every_double(tmp_path):
    pytest.importorskip("pyarrow", reason="pyarrow (the parquet extra) is not installed")
    df = scores_frame(2).assign(score=lambda d: d.score + 1e-13 * np.arange(len(d)))
    df.to_parquet(tmp_path / "scores.parquet")
    result = run_cli(
        "roc",
        tmp_path / "scores.parquet",
        "--guess",
        "score",
        "--label",
        "y",
        "--weight",
        "w",
        "--by",
        "model",
        "--positive",
        "spam",
        "--output",
        tmp_path / "roc.parquet",
    )
    assert result.returncode == 0 and result.stdout == result.stderr == "", result.stderr
    assert_frame_equal(
        pd.read_parquet(tmp_path / "roc.parquet"),
        roc_table(df, "score", "y", "w", by="model", positive="spam"),
        check_exact=True,
    )


def test_csv_output_round_trips_every_double(tmp_path):
    df = scores_frame(3).assign(score=lambda d: np.exp(d.score * 40))
    df.loc[[0, 5], "score"] = [np.inf, -np.inf]
    df.to_parquet(tmp_path / "scores.parquet")
    result = run_cli(
        "roc",
        tmp_path / "scores.parquet",
        "--guess",
        "score",
        "--label",
        "y",
        "--weight",
        "w",
        "--positive",
        "spam",
        "--output",
        tmp_path / "roc.csv",
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    back = read_csv(tmp_path / "roc.csv")
    expected = WeightedROC(df.score, df.y, df.w, positive="spam")
    assert_frame_equal(back, expected, check_exact=True)
    assert "Inf" in (tmp_path / "roc.csv").read_text().split()[-1]


def test_module_and_console_script_agree(tmp_path):
    script = console_script()
    if script is None:
        pytest.skip("the weightedroc console script is not installed (pip install -e .)")
    scores_frame(4).to_csv(tmp_path / "s.csv", index=False)
    args = ("auc", tmp_path / "s.csv", "--guess", "score", "--label", "y")
    by_module, by_script = run_cli(*args, process=True), run_cli(*args, module=False)
    assert by_module.returncode == by_script.returncode == 0
    assert by_module.stdout == by_script.stdout


def test_help_shows_examples():
    result = run_cli("roc", "--help")
    assert result.returncode == 0
    assert "examples:" in result.stdout and "weightedroc roc scores.csv" in result.stdout


# -- files written by R ------------------------------------------------------


@pytest.mark.parametrize(
    "fixture, names", [("r_plain.csv", PLAIN_CASES), ("r_exact.csv", EXACT_CASES)]
)
def test_r_written_csv_gives_r_curves_text_for_text(fixture, names):
    """With --digits 17, each case's lines equal R's sprintf("%.17g") of
    WeightedROC's output."""
    result = run_cli(
        "roc",
        "--digits",
        "17",
        DATA / fixture,
        "--guess",
        "guess",
        "--label",
        "label",
        "--weight",
        "weight",
        "--by",
        "case",
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "case,TPR,FPR,threshold,FN,FP"
    expected = []
    for name in sorted(names, key=lambda name: (name == NA_CASE, name)):  # NA last
        roc = load_case(name)["roc"]
        shown = "NA" if name == NA_CASE else name
        expected += [",".join([shown, *row]) for row in zip(*roc.values())]
    assert lines[1:] == expected


def test_r_written_csv_matches_weighted_roc_in_python():
    data = read_csv(DATA / "r_plain.csv")
    result = run_cli(
        "auc",
        DATA / "r_plain.csv",
        "--guess",
        "guess",
        "--label",
        "label",
        "--weight",
        "weight",
        "--by",
        "case",
    )
    printed = read_csv_text(result.stdout)
    assert len(printed) == len(PLAIN_CASES)
    for row in printed.itertuples():
        rows = data[data.case.isna()] if pd.isna(row.case) else data[data.case == row.case]
        assert row.auc == WeightedAUC(
            WeightedROC(rows.guess.to_numpy(), rows.label.to_numpy(), rows.weight.to_numpy())
        )
        name = NA_CASE if pd.isna(row.case) else row.case
        assert row.auc == float(load_case(name)["auc"])


@needs_r
def test_committed_r_files_are_what_r_writes(tmp_path):
    write_r_fixtures(tmp_path)
    for name in ("r_plain.csv", "r_exact.csv"):
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes()


@needs_r
def test_r_reads_back_the_exact_doubles(tmp_path):
    result = run_cli(
        "roc",
        DATA / "r_exact.csv",
        "--guess",
        "guess",
        "--label",
        "label",
        "--weight",
        "weight",
        "--output",
        tmp_path / "roc.csv",
    )
    assert result.returncode == 0, result.stderr
    code = 'd <- read.csv(commandArgs(TRUE)[1]); for (x in d) cat(sprintf("%.17g", x), sep = "\\n")'
    printed = subprocess.run(
        [RSCRIPT, "-e", code, str(tmp_path / "roc.csv")], capture_output=True, text=True, check=True
    ).stdout.split()
    roc = load_case("label_character")["roc"]
    assert printed == [value for column in roc.values() for value in column]


def test_r_weighted_roc_output_can_be_compared_with_ours(tmp_path):
    """R's WeightedROC on the R-written file, written by R, equals our file."""
    if RSCRIPT is None:
        pytest.skip("R (Rscript) is not installed")
    code = textwrap.dedent("""\
        args <- commandArgs(TRUE)
        if (!requireNamespace("WeightedROC", quietly = TRUE)) quit(status = 3)
        d <- read.csv(args[1])
        roc <- WeightedROC::WeightedROC(d$guess, factor(d$label), d$weight)
        roc[] <- lapply(roc, function(x) sprintf("%.17g", x))
        write.csv(roc, args[2], row.names = FALSE, quote = FALSE)
    """)
    r = subprocess.run(
        [RSCRIPT, "-e", code, str(DATA / "r_exact.csv"), str(tmp_path / "r.csv")],
        capture_output=True,
        text=True,
    )
    if r.returncode == 3:
        pytest.skip("R package WeightedROC is not installed (set R_LIBS)")
    assert r.returncode == 0, r.stderr
    ours = run_cli(
        "roc",
        DATA / "r_exact.csv",
        "--guess",
        "guess",
        "--label",
        "label",
        "--weight",
        "weight",
        "--output",
        tmp_path / "py.csv",
    )
    assert ours.returncode == 0, ours.stderr
    assert (tmp_path / "py.csv").read_text() == (tmp_path / "r.csv").read_text()


# -- bad input ---------------------------------------------------------------

GOOD = "score,y,m\n0.1,0,a\n0.4,1,a\n0.35,0,b\n0.8,1,b\n"


@pytest.mark.parametrize(
    "args, text, fragments",
    [
        (
            ["roc", "missing.csv", "--guess", "score", "--label", "y"],
            None,
            ["input file 'missing.csv' does not exist"],
        ),
        (["roc", "-", "--label", "y"], GOOD, ["required: --guess"]),
        (
            ["roc", "-", "--guess", "score", "--label", "y"],
            GOOD.replace("0.4,", "NA,"),
            ["row 2, column 'score': NA is not a number (R: ROC curve undefined for NA guess)"],
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(args, text, fragments):
    assert_one_line_error(run_cli(*args, stdin=text), *fragments)


@pytest.mark.parametrize(
    "args, text, fragments",
    [
        (
            ["roc", "-", "--guess", "scores", "--label", "y"],
            GOOD,
            ["no column 'scores' (given as guess)"],
        ),
        (
            ["auc", "-", "--guess", "score", "--label", "y", "--by", "m,model"],
            GOOD,
            ["no column 'model' (given as by)"],
        ),
        (
            ["roc", "-", "--guess", "score", "--label", "y"],
            GOOD.replace(",1,", ",3,"),
            ["row 2, column 'y': 3 is not a label value: numeric labels take the values"],
        ),
        (
            ["roc", "-", "--guess", "score", "--label", "y", "--by", "m"],
            GOOD.replace("0.8,1", "0.8,0"),
            ["group m='b': only one label value"],
        ),
        (
            ["roc", "-", "--guess", "m", "--label", "y"],
            GOOD,
            ["row 1, column 'm': 'a' is not a number"],
        ),
        (
            ["roc", "-", "--guess", "score", "--label", "y", "--output", "roc.xlsx"],
            GOOD,
            ["cannot tell the format of 'roc.xlsx'"],
        ),
        (
            ["roc", "-", "--guess", "score", "--label", "y", "--output", "no/such/dir/roc.csv"],
            GOOD,
            ["cannot write 'no/such/dir/roc.csv': its directory does not exist"],
        ),
        (
            ["roc", "-", "--guess", "score", "--label", "y", "--plot", "roc.jpeg"],
            GOOD,
            ["--plot 'roc.jpeg': expected a file name ending in .png, .pdf, .svg"],
        ),
        (["auc", "-", "--guess", "score", "--label", "y"], "", ["cannot read '-'"]),
        (["curve", "x.csv"], None, ["invalid choice: 'curve'"]),
        ([], None, ["required: {roc,auc,gauc,compare}"]),
    ],
)
def test_bad_input_returns_2_with_one_line(args, text, fragments, monkeypatch, capsys):
    """The same checks in-process, through main(argv), to keep the suite fast."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text or ""))
    status = main(args)
    captured = capsys.readouterr()
    assert_one_line_error(
        subprocess.CompletedProcess(args, status, captured.out, captured.err), *fragments
    )


def test_failure_leaves_no_output_and_keeps_an_old_one(tmp_path):
    output = tmp_path / "roc.csv"
    output.write_text("old\n")
    (tmp_path / "s.csv").write_text(GOOD.replace("0.4,", "NA,"))
    result = run_cli(
        "roc", tmp_path / "s.csv", "--guess", "score", "--label", "y", "--output", output
    )
    assert_one_line_error(result, "NA guess")
    assert output.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roc.csv", "s.csv"]


def test_atomic_path_removes_the_temporary_file_on_error(tmp_path):
    target = tmp_path / "out.csv"
    with pytest.raises(RuntimeError), atomic_path(target) as temporary:
        Path(temporary).write_text("half")
        raise RuntimeError("interrupted")
    assert list(tmp_path.iterdir()) == []
    with atomic_path(target) as temporary:
        Path(temporary).write_text("whole")
    assert target.read_text() == "whole" and list(tmp_path.iterdir()) == [target]


def test_read_table_reads_what_r_writes_for_inf_and_na():
    table = read_table(DATA / "r_plain.csv")
    assert np.isposinf(table.guess).sum() == 1 and np.isneginf(table.guess).sum() == 1
    assert table.case.isna().sum() == len(load_case(NA_CASE)["guess"])


# -- plot --------------------------------------------------------------------


def test_plot_option_draws_the_curves(tmp_path):
    pytest.importorskip("plotnine", reason="plotnine (the plot extra) is not installed")
    result = run_cli(
        "roc",
        DATA / "r_plain.csv",
        "--guess",
        "guess",
        "--label",
        "label",
        "--by",
        "case",
        "--output",
        tmp_path / "roc.csv",
        "--plot",
        tmp_path / "roc.png",
    )
    assert result.returncode == 0, result.stderr
    header = (tmp_path / "roc.png").read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    # 6.5 by 5 inches at 150 dpi: the width leaves room for the groups' legend
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (
        975,
        750,
    )


if __name__ == "__main__":
    write_r_fixtures(DATA)


def test_weights_are_written_as_they_were_read(tmp_path):
    """Doubles are written as their shortest exact text: a weight read as
    88.271 comes back as 88.271 (R's %.17g writes 88.271000000000001)."""
    path = tmp_path / "w.csv"
    path.write_text("guess,label,weight\n0.1,1,88.271\n0.5,-1,2.5\n0.3,1,1.1\n0.7,-1,0.3\n")
    args = ("roc", path, "--guess", "guess", "--label", "label", "--weight", "weight")
    shortest, exact17 = run_cli(*args), run_cli(*args, "--digits", "17")
    assert shortest.stdout.splitlines()[2] == "0.012308243166127664,1,0.3,88.271,2.8"
    assert exact17.stdout.splitlines()[2] == (
        "0.012308243166127664,1,0.29999999999999999,88.271000000000001,2.7999999999999998"
    )
    for a, b in zip(shortest.stdout.splitlines()[1:], exact17.stdout.splitlines()[1:]):
        assert [float(x) for x in a.split(",")] == [float(x) for x in b.split(",")]
    bad = run_cli(*args, "--digits", "15")
    assert bad.returncode == 2 and "invalid choice: 15" in bad.stderr
