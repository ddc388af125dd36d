"""roc_table over many groups against one WeightedROC over all rows.

    .venv/bin/python benchmarks/grouped.py              # 1e7 rows, 100 groups
    .venv/bin/python benchmarks/grouped.py --n 1e6      # quicker
    .venv/bin/python benchmarks/grouped.py --out benchmarks/results/grouped.md

roc_table on a pandas and on a polars frame (one integer ``by`` column of
`--groups` values, uniform guesses, 0/1 labels, unit weights), side by side
with WeightedROC on the same guess and label columns of the pandas frame:
the same rows, the same total output size (one row per distinct guess,
plus one per group).  Rounds run the three in an order rotated each round,
each measurement after one untimed call; medians and minima (of wall and
of CPU time, all threads) are printed as a Markdown table, with ratios to
WeightedROC's median and minimum (target: 1.5 or less), and the load
average before and after.  `--out` writes the table, with the date, the
commit and the load, to a file.  Needs polars and narwhals
(``pip install -e ".[polars]"``).
"""

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import weightedroc as wr  # noqa: E402


def _commit():
    def git(*args):
        return subprocess.run(
            ["git", *args], cwd=HERE, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        commit = git("rev-parse", "--short", "HEAD")
        if git("status", "--porcelain", "--", str(HERE.parent / "weightedroc")):
            commit += ", with uncommitted changes in weightedroc/"
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return commit


def _load():
    return "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--groups", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the results to this file")
    args = parser.parse_args()
    import polars as pl

    n = int(args.n)
    rng = np.random.default_rng(args.seed)
    df = pd.DataFrame(
        {
            "group": rng.integers(0, args.groups, n),
            "guess": rng.random(n),
            "label": rng.integers(0, 2, n),
        }
    )
    frame = pl.from_pandas(df)
    jobs = {
        "WeightedROC (all rows, pandas columns)": lambda: wr.WeightedROC(df.guess, df.label),
        "roc_table, pandas, by group": lambda: wr.roc_table(df, "guess", "label", by="group"),
        "roc_table, polars, by group": lambda: wr.roc_table(frame, "guess", "label", by="group"),
    }
    names = list(jobs)
    wall = {name: [] for name in names}
    cpu = {name: [] for name in names}
    started, load_before = datetime.datetime.now(datetime.timezone.utc), _load()
    for round_ in range(args.rounds):
        for name in names[round_ % 3 :] + names[: round_ % 3]:
            jobs[name]()  # untimed: the job's own memory state
            start_cpu, start = time.process_time(), time.perf_counter()
            result = jobs[name]()
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
            del result
    ended, load_after = datetime.datetime.now(datetime.timezone.utc), _load()
    base, base_min = statistics.median(wall[names[0]]), min(wall[names[0]])
    lines = [
        f"n = {n:.0e}, {args.groups} groups, {args.rounds} rounds, "
        f"weightedroc {wr.__version__} at commit {_commit()}",
        "",
        "| job | median s | min s | median / WeightedROC's | min / WeightedROC's | median CPU s |",
        "|---|---|---|---|---|---|",
    ]
    for name in names:
        median, least = statistics.median(wall[name]), min(wall[name])
        lines.append(
            f"| {name} | {median:.3f} | {least:.3f} | {median / base:.2f} "
            f"| {least / base_min:.2f} | {statistics.median(cpu[name]):.3f} |"
        )
    lines += [
        "",
        f"Measured {started:%Y-%m-%d %H:%M}-{ended:%H:%M} UTC on {os.cpu_count()} cores; "
        f"load average (1, 5, 15 min) {load_before} before, {load_after} after.",
    ]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
