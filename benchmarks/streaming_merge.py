"""Merged budgeted states against one state over all the data (issue 39).

    nice -n 10 .venv/bin/python benchmarks/streaming_merge.py          # ~3 minutes
    nice -n 10 .venv/bin/python benchmarks/streaming_merge.py --rows 2e5 --seeds 1

1e6 rows, 64 partitions of a random split merged in a random binary tree,
budget 1000, heavy-tailed weights (lognormal, sigma 2: the largest weight
of a million is about 1e4 times the median), three score shapes: uniform,
log-odds, and beta(0.5, 50) (scores near 0, the rare-event case).  The
ratio is the merged state's ``bin_bound()`` over that of one
``RocAccumulator(1000)`` updated with all the data at once:

- adaptive: every partition cuts its own bins (``max_scores=1000``); each
  merge of the tree cuts again;
- plan_sample: a first pass over a uniform sample of `--sample` rows gives
  the cut plan (``RocAccumulator(1000).update(sample).cut_plan()``); every
  partition's state takes ``cuts=plan``, so bins align across partitions
  and merges only add (no merge cuts).

``bound_holds`` checks |auc() - exact AUC| <= error_bound() and the
trapezoids of roc() within bin_bound(), for every row.  Writes
benchmarks/results/streaming_merge.md.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from weightedroc import RocAccumulator, WeightedAUC, auc_score  # noqa: E402

BUDGET = 1000
PARTITIONS = 64


def data(shape, n, rng):
    """(scores, labels, weights): a model whose positives score higher."""
    if shape == "uniform":
        s = rng.random(n)
        y = rng.random(n) < 0.1 + 0.3 * s
    elif shape == "log_odds":
        y = rng.random(n) < 0.2
        s = rng.normal(0, 2, n) + 1.5 * y
    else:  # beta(0.5, 50): rare-event probabilities, mean 0.01
        s = rng.beta(0.5, 50, n)
        y = rng.random(n) < np.clip(3 * s, 0, 1)
    return s, y, rng.lognormal(0, 2, n)


def random_tree(states, rng):
    """Merge in a random binary tree: two random states at a time."""
    states = list(states)
    while len(states) > 1:
        i, j = rng.choice(len(states), 2, replace=False)
        merged = states[i] + states[j]
        states = [state for k, state in enumerate(states) if k not in (i, j)] + [merged]
    return states[0]


def study(rows, seeds, sample):
    records = []
    for shape in ("uniform", "log_odds", "beta_0.5_50"):
        for seed in range(seeds):
            rng = np.random.default_rng(seed)
            s, y, w = data(shape, rows, rng)
            exact = auc_score(s, y, w)
            one = RocAccumulator(BUDGET).update(s, y, w)
            parts = np.array_split(rng.permutation(rows), PARTITIONS)
            first = rng.choice(rows, sample, replace=False)
            plan = RocAccumulator(BUDGET).update(s[first], y[first], w[first]).cut_plan()
            for method, options in (
                ("adaptive", {"max_scores": BUDGET}),
                ("plan_sample", {"cuts": plan}),
            ):
                started = time.perf_counter()
                states = [RocAccumulator(**options).update(s[p], y[p], w[p]) for p in parts]
                merged = random_tree(states, rng)
                seconds = time.perf_counter() - started
                holds = (
                    abs(merged.auc() - exact) <= merged.error_bound()
                    and abs(WeightedAUC(merged.roc()) - exact) <= merged.bin_bound() + 1e-12
                )
                records.append(
                    (shape, seed, method, one.bin_bound(), merged.bin_bound(),
                     merged.bin_bound() / one.bin_bound(), merged.n_scores,
                     abs(merged.auc() - exact), merged.error_bound(), holds, seconds)
                )  # fmt: skip
    return pd.DataFrame(
        records,
        columns=["scores", "seed", "method", "bin_bound_one", "bin_bound_merged", "ratio",
                 "merged_bins", "error", "error_bound", "bound_holds", "seconds"],
    )  # fmt: skip


def markdown(frame):
    cells = [
        [f"{v:.3g}" if isinstance(v, float) else str(v) for v in row]
        for row in frame.itertuples(index=False)
    ]
    lines = ["| " + " | ".join(map(str, frame.columns)) + " |", "|" + "---|" * len(frame.columns)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in cells])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e6)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=50_000)
    parser.add_argument("--out", default=str(HERE / "results" / "streaming_merge.md"))
    args = parser.parse_args(argv)
    started = time.time()
    table = study(int(args.rows), args.seeds, args.sample)
    summary = (
        table.groupby(["scores", "method"], sort=False)
        .agg(
            ratio_min=("ratio", "min"),
            ratio_max=("ratio", "max"),
            bin_bound_one=("bin_bound_one", "mean"),
            bin_bound_merged=("bin_bound_merged", "mean"),
            merged_bins=("merged_bins", "mean"),
            bound_holds=("bound_holds", "all"),
            seconds=("seconds", "mean"),
        )
        .reset_index()
    )
    text = "\n".join(
        [
            "# Merged budgeted states: bin_bound against one state (budget 1000)",
            "",
            f"{int(args.rows):,} rows, {PARTITIONS} partitions merged in a random tree, "
            f"{args.seeds} seeds, lognormal(0, 2) weights;",
            f"plan_sample: cut plan from a first pass over {args.sample:,} sampled rows.",
            "ratio = merged bin_bound() / bin_bound() of one RocAccumulator(1000) of all",
            "the data (the issue's target: <= 2 on every shape). Shared 2-core machine",
            "under nice; generated by benchmarks/streaming_merge.py in "
            f"{time.time() - started:.0f} s.",
            "",
            markdown(summary),
            "",
            "Every seed:",
            "",
            markdown(table),
            "",
        ]
    )
    Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
