"""compare_tables, the `weightedroc compare` command and compare_with_r.

Distances are checked against doubles stepped one at a time with
np.nextafter (independent of the ordered-integer view the code uses), and
tables written by R (tests/data/r_exact.csv, R's curves in
reference_outputs/) are compared with ours.
"""

import csv
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from exact_csv import read_csv
from hypothesis import given, settings
from hypothesis import strategies as st

import weightedroc as wr
from weightedroc import rbridge
from weightedroc.io import cli
from weightedroc.io.compare import ulp_distance
from weightedroc.io.tables import write_table

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CASES = ROOT / "reference_outputs" / "cases"
MAX = np.finfo(float).max


def step(x, k):
    """x moved k doubles up (k < 0: down), one np.nextafter at a time."""
    with np.errstate(over="ignore"):
        for _ in range(abs(k)):
            x = np.nextafter(x, np.inf if k > 0 else -np.inf)
    return x


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False), st.integers(-40, 40))
def test_ulp_distance_counts_nextafter_steps(x, k):
    y = step(np.float64(x), k)
    if np.isinf(y):
        return
    # nextafter steps over zero as 5e-324 -> 0.0 -> -5e-324: one step each,
    # never landing on -0.0, which is the same point as 0.0.
    assert int(ulp_distance(x, y)[0]) == int(ulp_distance(y, x)[0]) == abs(k)


@pytest.mark.parametrize(
    "a, b, expected",
    [
        (0.0, -0.0, 0),
        (-5e-324, 5e-324, 2),
        (-0.0, 5e-324, 1),
        (MAX, np.inf, 1),
        (-MAX, -np.inf, 1),
        (1.0, 2.0, 2**52),
        (-np.inf, np.inf, 2 * 0x7FF0000000000000),  # beyond int64: exact in uint64
        (0.1, 0.1 + 2**-56 * 3, 3),
    ],
)
def test_ulp_distance_edge_cases(a, b, expected):
    assert int(ulp_distance(a, b)[0]) == expected


def curve():
    return wr.WeightedROC(
        [1, 2, 3, 1, 1, 0.5, 4], [-1, -1, 1, 1, 1, -1, 1], [1, 1, 1, 4, 5, 2, 0.5]
    )


def test_report_counts_the_steps_and_the_first_row_beyond_the_tolerance():
    a = curve()
    b = a.copy()
    b.loc[2, "TPR"] = step(b.loc[2, "TPR"], 3)
    b.loc[4, "TPR"] = step(b.loc[4, "TPR"], -1)
    b.loc[1, "FN"] = step(b.loc[1, "FN"], 2)
    report = wr.compare_tables(a, b).set_index("column")
    assert report["identical"].to_dict() == {
        "TPR": False,
        "FPR": True,
        "threshold": True,
        "FN": False,
        "FP": True,
    }
    assert report.loc["TPR", "max_ulps"] == 3 and report.loc["FN", "max_ulps"] == 2
    assert report.loc["TPR", "first_diff_row"] == 2 and report.loc["FN", "first_diff_row"] == 1
    assert pd.isna(report.loc["FPR", "first_diff_row"])
    x, y = a.loc[2, "TPR"], b.loc[2, "TPR"]
    assert report.loc["TPR", "max_rel_diff"] == abs(x - y) / max(abs(x), abs(y))
    within = wr.compare_tables(a, b, ulps=2).set_index("column")
    assert within["within_ulps"].to_dict() == {
        "TPR": False,
        "FPR": True,
        "threshold": True,
        "FN": True,
        "FP": True,
    }
    assert within.loc["TPR", "first_diff_row"] == 2 and pd.isna(within.loc["FN", "first_diff_row"])
    assert wr.compare_tables(a, b, ulps=3)["within_ulps"].all()


def test_signed_zeros_and_missing_values():
    a = pd.DataFrame({"x": [0.0, np.nan, 1.0, np.inf], "y": [1.0, 2.0, 3.0, 4.0]})
    b = pd.DataFrame(
        {
            "x": pd.array([-0.0, None, 1.0, np.inf], dtype="Float64"),
            "y": [1.0, np.nan, 3.0, -np.inf],
        }
    )
    report = wr.compare_tables(a, b, sort_by=[]).set_index("column")
    assert report.loc["x", "identical"] and report.loc["x", "max_ulps"] == 0
    assert not report.loc["y", "identical"] and report.loc["y", "na_mismatches"] == 1
    assert report.loc["y", "first_diff_row"] == 1
    # 4.0 against -inf: the doubles in [0, 4) (4.0's bits 0x401...) and in (-inf, 0]
    assert report.loc["y", "max_ulps"] == 0x4010000000000000 + 0x7FF0000000000000
    assert report.loc["y", "max_rel_diff"] == np.inf


def test_rows_are_matched_by_group_and_threshold_whatever_their_order():
    frame = pd.DataFrame(
        {
            "g": [1, 2, 3, 1, 1, 4, 2, 3],
            "y": [0, 1, 1, 0, 1, 1, 0, 0],
            "fold": [0, 0, 0, 0, 1, 1, 1, 1],
        }
    )
    table = wr.roc_table(frame, "g", "y", by="fold")
    shuffled = table.sample(frac=1, random_state=3)
    assert wr.compare_tables(table, shuffled)["identical"].all()
    rocr_order = curve().iloc[::-1]  # ROCR lists thresholds from high to low
    assert wr.compare_tables(curve(), rocr_order)["identical"].all()
    other = table.assign(fold=table["fold"].replace({1: 2}))
    report = wr.compare_tables(table, other).set_index("column")
    assert not report.loc["fold", "identical"]
    assert report.loc["fold", "max_ulps"] == 2**52  # the doubles 1.0 and 2.0


def test_text_columns_are_compared_as_text():
    a = pd.DataFrame({"model": ["a", "b"], "auc": [0.5, 0.75]})
    report = wr.compare_tables(a, a.assign(model=["a", "c"])).set_index("column")
    assert not report.loc["model", "identical"] and pd.isna(report.loc["model", "max_ulps"])
    assert report.loc["auc", "identical"]


@pytest.mark.parametrize(
    "b, message",
    [
        (pd.DataFrame({"TPR": [1.0]}), "different numbers of rows: 4 and 1"),
        (pd.DataFrame({"other": np.zeros(4)}), "share no column"),
    ],
)
def test_tables_that_are_not_the_same_curve_are_refused(b, message):
    with pytest.raises(ValueError, match=message):
        wr.compare_tables(wr.WeightedROC([1, 2, 3, 1, 1], [-1, -1, 1, 1, 1]), b)


def test_bad_arguments_say_what_is_expected(tmp_path):
    with pytest.raises(FileNotFoundError, match="no file"):
        wr.compare_tables(tmp_path / "missing.csv", curve())
    with pytest.raises(TypeError, match="DataFrame or the path"):
        wr.compare_tables([1, 2], curve())
    with pytest.raises(ValueError, match="ulps must be an integer >= 0"):
        wr.compare_tables(curve(), curve(), ulps=-1)


def raw_r_exact():
    """tests/data/r_exact.csv parsed with the csv module and float(): an
    independent reading of the file R wrote."""
    with open(DATA / "r_exact.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return pd.DataFrame(
        {
            "case": [r["case"] for r in rows],
            "guess": [float(r["guess"]) for r in rows],
            "label": [r["label"] for r in rows],
            "weight": [float(r["weight"]) for r in rows],
        }
    )


def test_r_written_csv_reads_identical_and_one_step_is_one_ulp():
    raw = raw_r_exact()
    assert wr.compare_tables(DATA / "r_exact.csv", raw, sort_by=[])["identical"].all()
    moved = raw.copy()
    moved.loc[7, "weight"] = step(moved.loc[7, "weight"], 1)
    report = wr.compare_tables(DATA / "r_exact.csv", moved, sort_by=[]).set_index("column")
    assert report.loc["weight", "max_ulps"] == 1 and report.loc["weight", "first_diff_row"] == 7
    assert report.loc[["case", "guess", "label"], "identical"].all()


def write_r_style(roc, path):
    """A curve as R's write.csv writes it (row names first, quoted header),
    the doubles as R's sprintf("%.17g") text."""
    names = list(roc)
    lines = [",".join(['""'] + [f'"{n}"' for n in names])]
    for i in range(len(roc[names[0]])):
        lines.append(",".join([f'"{i + 1}"'] + [roc[n][i] for n in names]))
    path.write_text("\n".join(lines) + "\n")


def test_our_curve_equals_the_curve_r_wrote(tmp_path):
    case = json.loads((CASES / "label_character.json").read_text())
    write_r_style(case["roc"], tmp_path / "r.csv")
    inputs = read_csv(DATA / "r_exact.csv")
    inputs = inputs[inputs["case"] == "label_character"]
    ours = wr.WeightedROC(inputs["guess"], inputs["label"], inputs["weight"], positive="control")
    report = wr.compare_tables(tmp_path / "r.csv", ours)
    assert report["column"].tolist() == ["TPR", "FPR", "threshold", "FN", "FP"]
    assert report["identical"].all() and (report["max_ulps"] == 0).all()


# -- the command line ----------------------------------------------------------


def run(capsys, *args):
    status = cli.main(["compare", *map(str, args)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_command_exit_status_says_identical_within_or_different(tmp_path, capsys):
    a = curve()
    b = a.copy()
    b.loc[3, "FP"] = step(b.loc[3, "FP"], 2)
    write_table(a, tmp_path / "a.csv")
    write_table(b, tmp_path / "b.csv")
    write_table(a.iloc[::-1], tmp_path / "reversed.csv")
    status, out, _ = run(capsys, tmp_path / "a.csv", tmp_path / "reversed.csv")
    assert status == 0 and out.splitlines()[-1] == "identical"
    status, out, _ = run(capsys, tmp_path / "a.csv", tmp_path / "b.csv")
    assert status == 1 and out.splitlines()[-1] == "different"
    fp = next(line for line in out.splitlines() if line.split()[0] == "FP").split()
    assert fp[:3] == ["FP", "False", "2"] and fp[4] == "3"
    status, out, _ = run(capsys, tmp_path / "a.csv", tmp_path / "b.csv", "--ulps", "2")
    assert status == 0 and out.splitlines()[-1] == "within 2 ulps"


def test_command_bad_input_exits_2_with_one_line(tmp_path, capsys):
    write_table(curve(), tmp_path / "a.csv")
    write_table(curve().iloc[:3], tmp_path / "short.csv")
    write_table(pd.DataFrame({"z": np.arange(7.0)}), tmp_path / "other.csv")
    for args, message in [
        ((tmp_path / "a.csv", tmp_path / "none.csv"), "does not exist"),
        ((tmp_path / "a.csv", tmp_path / "short.csv"), "numbers of rows"),
        ((tmp_path / "a.csv", tmp_path / "other.csv"), "share no column"),
        ((tmp_path / "a.csv", tmp_path / "a.csv", "--ulps", "-1"), ">= 0"),
    ]:
        status, out, err = run(capsys, *args)
        assert status == 2 and out == "" and message in err and len(err.splitlines()) == 1


# -- live R --------------------------------------------------------------------


def test_compare_with_r_says_python_gives_r_numbers():
    ok, reason = rbridge.r_available("WeightedROC")
    if not ok:
        pytest.skip(reason)
    rng = np.random.default_rng(5)
    guess = np.round(rng.normal(size=300), 2)
    label = np.where(rng.random(300) < 0.4, "yes", "no")
    weight = rng.exponential(size=300)
    report = rbridge.compare_with_r(guess, label, weight)
    assert report["column"].tolist() == ["TPR", "FPR", "threshold", "FN", "FP"]
    assert report["identical"].all() and (report["max_ulps"] == 0).all()
    unweighted = rbridge.compare_with_r(guess, label)
    assert unweighted["identical"].all()
