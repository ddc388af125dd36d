"""weightedroc gauc: group_auc of a file, as the other commands' tables."""

import io
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from exact_csv import read_csv
from pandas.testing import assert_frame_equal
from test_cli import assert_one_line_error, read_csv_text, run_cli

from weightedroc import WeightedAUC, WeightedROC, group_auc
from weightedroc.io.cli import main


def click_log(seed=0, users=40):
    rng = np.random.default_rng(seed)
    user = np.repeat(np.arange(users), rng.geometric(0.12, users))
    n = len(user)
    click = rng.random(n) < 0.4
    return pd.DataFrame(
        {
            "user": user,
            "page": rng.choice(["home", "search"], n),
            "score": np.round(rng.normal(size=n) + click, 1),
            "click": np.where(click, "yes", "no"),
            "impressions": rng.integers(1, 5, n),
        }
    )


def test_gauc_writes_the_one_row_result(tmp_path):
    df = click_log()
    df.to_csv(tmp_path / "log.csv", index=False)
    result = run_cli(
        "gauc",
        tmp_path / "log.csv",
        "--guess",
        "score",
        "--label",
        "click",
        "--positive",
        "yes",
        "--weight",
        "impressions",
        "--by",
        "user",
        "--group-weight",
        "weight",
        "--conf-level",
        "0.9",
        "--min-per-class",
        "2",
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    printed = read_csv_text(result.stdout)
    expected = group_auc(
        read_csv(tmp_path / "log.csv"),
        "score",
        "click",
        "impressions",
        by="user",
        group_weight="weight",
        conf_level=0.9,
        min_per_class=2,
        positive="yes",
    )
    assert_frame_equal(printed, expected.to_frame(), check_exact=True)
    # The mean of a plain loop over the users with 2 clicks and 2 non-clicks.
    aucs, weights = [], []
    for _, rows in df.groupby("user"):
        if min((rows.click == "yes").sum(), (rows.click == "no").sum()) >= 2:
            aucs.append(
                WeightedAUC(WeightedROC(rows.score, rows.click, rows.impressions, positive="yes"))
            )
            weights.append(rows.impressions.sum())
    assert printed.loc[0, "gauc"] == pytest.approx(np.average(aucs, weights=weights), rel=1e-14)
    assert printed.loc[0, "n_groups"] == len(aucs)
    assert printed.loc[0, "conf_low"] < printed.loc[0, "gauc"] < printed.loc[0, "conf_high"]


def test_gauc_interval_between(tmp_path):
    df = click_log(seed=3)
    df.to_csv(tmp_path / "log.csv", index=False)
    args = ["gauc", tmp_path / "log.csv", "--guess", "score", "--label", "click"]
    args += ["--positive", "yes", "--by", "user", "--interval", "between"]
    result = run_cli(*args)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    printed = read_csv_text(result.stdout)
    expected = group_auc(
        read_csv(tmp_path / "log.csv"), "score", "click", by="user", positive="yes",
        interval="between",
    )  # fmt: skip
    # (df, a whole number of degrees of freedom, reads back as an integer)
    assert_frame_equal(printed, expected.to_frame(), check_exact=True, check_dtype=False)
    # By hand: G / (G - 1) sum n_i^2 (AUC_i - GAUC)^2 / (sum n_i)^2, t with G - 1 df.
    aucs, sizes = [], []
    for _, rows in df.groupby("user"):
        if rows.click.nunique() == 2:
            aucs.append(WeightedAUC(WeightedROC(rows.score, rows.click == "yes")))
            sizes.append(len(rows))
    aucs, sizes = np.array(aucs), np.array(sizes)
    gauc = np.average(aucs, weights=sizes)
    used = len(aucs)
    variance = used / (used - 1) * np.sum(sizes**2 * (aucs - gauc) ** 2) / sizes.sum() ** 2
    row = printed.iloc[0]
    assert row["interval"] == "between" and row["df"] == used - 1
    assert row["std_error"] == pytest.approx(np.sqrt(variance), rel=1e-12)
    assert not np.isnan(row["conf_low"])


def test_gauc_groups_writes_the_per_group_table_to_parquet(tmp_path):
    pytest.importorskip("pyarrow")
    df = click_log(1)
    df.to_parquet(tmp_path / "log.parquet")
    output = tmp_path / "groups.parquet"
    result = run_cli(
        "gauc",
        tmp_path / "log.parquet",
        "--guess",
        "score",
        "--label",
        "click",
        "--positive",
        "yes",
        "--by",
        "page,user",
        "--groups",
        "-o",
        output,
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr
    expected = group_auc(df, "score", "click", by=["page", "user"], positive="yes").groups
    assert_frame_equal(pd.read_parquet(output), expected, check_exact=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["groups.parquet", "log.parquet"]


def test_gauc_text_labels_warn_once_as_the_other_commands():
    text = click_log(2).to_csv(index=False)
    result = run_cli(
        "gauc", "-", "--guess", "score", "--label", "click", "--by", "user", stdin=text
    )
    assert result.returncode == 0
    assert result.stderr.count("weightedroc: warning: column 'click' has 2 text values") == 1


GOOD = "u,score,y\n1,0.1,0\n1,0.4,1\n2,0.35,0\n2,0.8,1\n2,0.5,0\n"


@pytest.mark.parametrize(
    "args, text, fragments",
    [
        (["gauc", "-", "--guess", "score", "--label", "y"], GOOD, ["gauc needs --by"]),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "user"],
            GOOD,
            ["no column 'user' (given as by)"],
        ),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "u", "--conf-level", "95"],
            GOOD,
            ["--conf-level must be between 0 and 1 (exclusive), e.g. 0.95; got 95"],
        ),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "u", "--min-per-class", "0"],
            GOOD,
            ["--min-per-class must be at least 1, got 0"],
        ),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "u", "--group-weight", "x"],
            GOOD,
            ["argument --group-weight: invalid choice: 'x'"],
        ),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "u", "--interval", "x"],
            GOOD,
            ["argument --interval: invalid choice: 'x'"],
        ),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "u"],
            GOOD.replace("0.4,1", "0.4,0").replace("0.8,1", "0.8,0") + "3,0.2,1\n",
            ["no group of 'u' has both labels"],
        ),
        (
            ["gauc", "-", "--guess", "score", "--label", "y", "--by", "u"],
            GOOD.replace("0.4,", "NA,"),
            ["row 2, column 'score': NA is not a number"],
        ),
    ],
)
def test_bad_gauc_input_returns_2_with_one_line(args, text, fragments, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(args)
    captured = capsys.readouterr()
    assert_one_line_error(
        subprocess.CompletedProcess(args, status, captured.out, captured.err), *fragments
    )


def test_failed_gauc_keeps_an_old_output(tmp_path):
    output = tmp_path / "gauc.csv"
    output.write_text("old\n")
    (tmp_path / "log.csv").write_text(GOOD.replace("0.4,", "NA,"))
    result = run_cli(
        "gauc", tmp_path / "log.csv", "--guess", "score", "--label", "y", "--by", "u", "-o", output
    )
    assert_one_line_error(result, "NA is not a number")
    assert output.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gauc.csv", "log.csv"]


def test_gauc_refuses_to_overwrite_its_input(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text(GOOD)
    result = run_cli("gauc", path, "--guess", "score", "--label", "y", "--by", "u", "-o", path)
    assert_one_line_error(result, "is the input file")
    assert path.read_text() == GOOD
