"""auc_table and roc_table over many groups against one pass over the same rows.

    .venv/bin/python benchmarks/grouped.py                    # the issue's cases
    .venv/bin/python benchmarks/grouped.py --cases 1e5x20     # one case
    .venv/bin/python benchmarks/grouped.py --out benchmarks/results/grouped.md

Each case is a frame of shuffled rows with an integer ``user`` column
(``GxS``: G groups of S rows; ``1e6-geometric``: a million groups of
geometric sizes, median 9 rows, 1.25e7 rows in all; ``100x1e5``: few large
groups), uniform guesses (``--guesses log-normal``: exp(3 N(0, 1)), spread
over many binades; ``--guesses binary``: 0 or 1), 0/1 labels and unit
weights (``--weights uniform``: weights drawn from (0, 1]).  Four jobs run on it, in an order
rotated each round, each after one untimed call:

- ``auc_score`` over all rows (the guess and label columns), and
  ``auc_table(..., by="user")``;
- ``WeightedROC`` over all rows, and ``roc_table(..., by="user")``.

A round's ratio is auc_table's time over auc_score's and roc_table's over
WeightedROC's in that round (side by side, so that a busy machine slows
both); the table gives the median and the smallest ratio over the rounds,
with the medians of the times, and the load average before and after.
The issue's targets: 2.5 (auc_table) and 3 (roc_table) for the million
groups.  `--out` writes the table, with the date and the commit, to a file.
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

CASES = ["1e6-geometric", "1e5x20", "1e4x100", "1e3x1e3", "100x1e5"]


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


GUESSES = {  # what the models' scores look like
    "uniform": lambda rng, n: rng.random(n),
    "log-normal": lambda rng, n: np.exp(3 * rng.normal(size=n)),  # revenue, eCPM
    "binary": lambda rng, n: rng.integers(0, 2, n).astype(float),  # hard labels
}


def frame(case, weights, seed, guesses="uniform"):
    """The case's frame: shuffled rows, one integer group column."""
    rng = np.random.default_rng(seed)
    if case.endswith("-geometric"):
        groups = int(float(case.split("-")[0]))
        sizes = rng.geometric(0.08, groups)  # median 9, mean 12.5
    else:
        groups, size = (int(float(part)) for part in case.split("x"))
        sizes = np.full(groups, size)
    user = np.repeat(np.arange(groups), sizes)
    rng.shuffle(user)
    n = len(user)
    columns = {"user": user, "guess": GUESSES[guesses](rng, n), "label": rng.integers(0, 2, n)}
    if weights == "uniform":
        columns["weight"] = 1 - rng.random(n)
    return pd.DataFrame(columns)


def jobs(df):
    weight = "weight" if "weight" in df else None
    w = None if weight is None else df[weight]
    options = dict(guess="guess", label="label", weight=weight, by="user", one_label="skip")
    return {
        "auc_score": lambda: wr.auc_score(df.guess, df.label, w),
        "auc_table": lambda: wr.auc_table(df, **options),
        "WeightedROC": lambda: wr.WeightedROC(df.guess, df.label, w),
        "roc_table": lambda: wr.roc_table(df, **options),
    }


def measure(df, rounds):
    """{job: [seconds of each round]}, in rotated orders."""
    todo = jobs(df)
    names = list(todo)
    wall = {name: [] for name in names}
    for round_ in range(rounds):
        turn = round_ % len(names)
        for name in names[turn:] + names[:turn]:
            todo[name]()  # untimed: the job's own memory state
            start = time.perf_counter()
            result = todo[name]()
            wall[name].append(time.perf_counter() - start)
            del result
    return wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="+", default=CASES, help=f"of {CASES} or GxS")
    parser.add_argument("--weights", choices=["unit", "uniform"], default="unit")
    parser.add_argument("--guesses", choices=list(GUESSES), default="uniform")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the results to this file")
    args = parser.parse_args()
    started, load_before = datetime.datetime.now(datetime.timezone.utc), _load()
    lines = [
        f"{args.weights} weights, {args.guesses} guesses, {args.rounds} rounds, "
        f"weightedroc {wr.__version__} "
        f"at commit {_commit()}",
        "",
        "| groups | rows | auc_score s | auc_table s | ratio (median, min) "
        "| WeightedROC s | roc_table s | ratio (median, min) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for case in args.cases:
        df = frame(case, args.weights, args.seed, args.guesses)
        wall = measure(df, args.rounds)
        cells = [case, f"{len(df):.3g}"]
        for one, table in (("auc_score", "auc_table"), ("WeightedROC", "roc_table")):
            ratios = [b / a for a, b in zip(wall[one], wall[table])]
            cells += [
                f"{statistics.median(wall[one]):.2f}",
                f"{statistics.median(wall[table]):.2f}",
                f"{statistics.median(ratios):.2f}, {min(ratios):.2f}",
            ]
        lines.append("| " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
        del df
    ended, load_after = datetime.datetime.now(datetime.timezone.utc), _load()
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
