"""Coverage of time_auc's 95% intervals (timeROC's iid standard errors).

Simulation: marker M ~ N(0, 1); two causes with cause-specific hazards
0.08 exp(M) (cause 1) and 0.04 (cause 2); censoring uniform on (0, 25),
about a third of the subjects.  The true AUC(t) of both definitions comes
from 2 million uncensored subjects (its Monte Carlo error is below 1e-3).
For each n, `reps` data sets: the share of intervals that cover the truth,
the mean standard error, and the standard deviation of the estimates.

    nice -n 10 python benchmarks/time_auc_coverage.py [--reps 1000]

Writes benchmarks/results/time_auc_coverage.csv and .md.
"""

import argparse
import time as clock
from pathlib import Path

import numpy as np
import pandas as pd

from weightedroc import auc_score, time_auc

RESULTS = Path(__file__).parent / "results"
TIMES = [2.0, 5.0, 10.0]


def simulate(n, rng, censor=True):
    marker = rng.normal(size=n)
    rate_1, rate_2 = 0.08 * np.exp(marker), np.full(n, 0.04)
    first = rng.exponential(1 / (rate_1 + rate_2))
    cause = np.where(rng.random(n) < rate_1 / (rate_1 + rate_2), 1, 2)
    if not censor:
        return first, cause, marker
    censoring = rng.uniform(0, 25, n)
    observed = np.minimum(first, censoring)
    return observed, np.where(first <= censoring, cause, 0), marker


def truth(rng, n=2_000_000):
    time, cause, marker = simulate(n, rng, censor=False)
    rows = []
    for t in TIMES:
        case = (time < t) & (cause == 1)
        for definition, control in ((1, time > t), (2, ~case)):
            keep = case | control
            rows.append((t, definition, auc_score(marker[keep], case[keep])))
    return pd.DataFrame(rows, columns=["time", "definition", "true_auc"])


def markdown(frame):
    """The rows of a markdown table of `frame`."""
    rows = [list(frame.columns), ["---"] * frame.shape[1], *frame.astype(str).to_numpy().tolist()]
    return ["| " + " | ".join(map(str, row)) + " |" for row in rows]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reps", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2013)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    true = truth(rng)
    started = clock.perf_counter()
    parts = []
    for n in (100, 300, 1000):
        for rep in range(args.reps):
            time, event, marker = simulate(n, rng)
            table = time_auc(time, event, marker, cause=1, times=TIMES).assign(n=n, rep=rep)
            parts.append(table)
    runs = pd.concat(parts, ignore_index=True).merge(true, on=["time", "definition"])
    runs["covered"] = (runs.conf_low <= runs.true_auc) & (runs.true_auc <= runs.conf_high)
    summary = (
        runs.dropna(subset=["std_error"])
        .groupby(["n", "definition", "time"])
        .agg(
            true_auc=("true_auc", "first"),
            coverage=("covered", "mean"),
            mean_se=("std_error", "mean"),
            sd_auc=("auc", "std"),
            bias=("auc", "mean"),
            reps=("auc", "size"),
        )
        .reset_index()
    )
    summary["bias"] -= summary["true_auc"]
    RESULTS.mkdir(exist_ok=True)
    summary.to_csv(RESULTS / "time_auc_coverage.csv", index=False)
    seconds = clock.perf_counter() - started
    lines = [
        "# Coverage of time_auc's 95% intervals",
        "",
        f"`benchmarks/time_auc_coverage.py`, {args.reps} data sets per n (seed {args.seed}),",
        f"{seconds:.0f} s. Two causes (hazards 0.08 exp(M) and 0.04), uniform censoring on",
        "(0, 25); the truth from 2 million uncensored subjects. A 95% interval covers",
        f"in 95 +/- {196 * np.sqrt(0.95 * 0.05 / args.reps):.1f}% of data sets if it is right.",
        "",
        *markdown(summary.round(4)),
        "",
    ]
    (RESULTS / "time_auc_coverage.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
