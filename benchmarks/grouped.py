"""roc_table over many groups against one WeightedROC over all rows.

    .venv/bin/python benchmarks/grouped.py              # 1e7 rows, 100 groups
    .venv/bin/python benchmarks/grouped.py --n 1e6      # quicker

roc_table on a pandas and on a polars frame (one integer ``by`` column of
`--groups` values, uniform guesses, 0/1 labels, unit weights), side by side
with WeightedROC on the same guess and label columns of the pandas frame:
the same rows, the same total output size (one row per distinct guess,
plus one per group).  Rounds run the three in an order rotated each round,
each measurement after one untimed call; medians and minima are printed
as a Markdown table, with ratios to WeightedROC (target: 1.5 or less).
Needs polars and narwhals (``pip install -e ".[polars]"``).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import weightedroc as wr  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=float, default=1e7)
    parser.add_argument("--groups", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
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
    times = {name: [] for name in jobs}
    names = list(jobs)
    for round_ in range(args.rounds):
        for name in names[round_ % 3 :] + names[: round_ % 3]:
            jobs[name]()  # untimed: the job's own memory state
            start = time.perf_counter()
            result = jobs[name]()
            times[name].append(time.perf_counter() - start)
            del result
    base = statistics.median(times[names[0]])
    print(f"n = {n:.0e}, {args.groups} groups, {args.rounds} rounds, weightedroc {wr.__file__}\n")
    print("| job | median s | min s | median / WeightedROC |")
    print("|---|---|---|---|")
    for name in names:
        median = statistics.median(times[name])
        print(f"| {name} | {median:.3f} | {min(times[name]):.3f} | {median / base:.2f} |")


if __name__ == "__main__":
    main()
