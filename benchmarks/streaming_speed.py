"""RocAccumulator.update's speed: 1e7 rows in batches of 1e5 against one
auc_score over all of them, side by side in one process.

    .venv/bin/python benchmarks/streaming_speed.py               # ~1 minute
    .venv/bin/python benchmarks/streaming_speed.py --rows 1e6

Integer-valued scores (10^4 distinct values), 30% positives, unit and
integer weights; alternating rounds, the median of --rounds.  The target:
the streamed total within 3x one auc_score.  Also the same with a budget
(max_scores=1000, so each update cuts bins), also on continuous scores.
Not timed: an exact state of continuous scores (every score distinct)
grows with the data and each update costs O(state): 1e7 distinct scores
in 100 batches took minutes; use a budget, or the sort path.  Writes
benchmarks/results/streaming_speed.md.
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from weightedroc import RocAccumulator, auc_score  # noqa: E402


def streamed(g, y, w, batch, budget=None):
    state = RocAccumulator(budget)
    for i in range(0, len(g), batch):
        state.update(g[i : i + batch], y[i : i + batch], None if w is None else w[i : i + batch])
    return state.auc()


def timed(call, *arguments):
    start = time.perf_counter()
    value = call(*arguments)
    return time.perf_counter() - start, value


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e7)
    parser.add_argument("--batch", type=float, default=1e5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default=str(HERE / "results" / "streaming_speed.md"))
    args = parser.parse_args(argv)
    n, batch = int(args.rows), int(args.batch)
    rng = np.random.default_rng(0)
    y = rng.random(n) < 0.3
    cases = {
        "integer scores, unit weights": (rng.integers(0, 10**4, n).astype(float), None, None),
        "integer scores, integer weights": (
            rng.integers(0, 10**4, n).astype(float),
            rng.integers(1, 6, n).astype(float),
            None,
        ),
        "integer scores, max_scores=1000": (rng.integers(0, 10**4, n).astype(float), None, 1000),
        "continuous scores, max_scores=1000": (rng.normal(size=n), None, 1000),
    }
    lines = [
        "# RocAccumulator.update speed",
        "",
        f"{n:,} rows in batches of {batch:,}, against one auc_score over all rows;",
        f"median of {args.rounds} alternating rounds, one process, on a shared",
        "2-core machine (other sessions were running: read the ratio, not the seconds).",
        "",
        "| case | auc_score (s) | streamed (s) | ratio | same AUC |",
        "|---|---|---|---|---|",
    ]
    for name, (g, w, budget) in cases.items():
        one, many, same = [], [], True
        for _ in range(args.rounds):
            t1, exact = timed(auc_score, g, y, w)
            t2, value = timed(streamed, g, y, w, batch, budget)
            one.append(t1)
            many.append(t2)
            same = value == exact if budget is None else abs(value - exact) < 1e-3
        a, b = np.median(one), np.median(many)
        mark = "bit for bit" if budget is None and same else ("within 1e-3" if same else "NO")
        lines.append(f"| {name} | {a:.2f} | {b:.2f} | {b / a:.2f} | {mark} |")
        print(lines[-1], flush=True)
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
