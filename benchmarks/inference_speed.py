"""Speed of DeLong inference: auc_var and roc_test against pROC's var() and
roc.test() (through rpy2), 1e3 to 1e6 observations; this package alone to 1e7.

R is timed inside R (``proc.time`` around ``var(roc(...))`` and
``roc.test(roc(...), roc(...))`` on vectors already in R), so that the
conversion through rpy2 is not counted; both sides build their curves from
the raw scores.  Each time is the fastest of a few calls after an untimed
one.  Bytes per observation: the peak of memory numpy allocates during one
call (tracemalloc), over n.

    python benchmarks/inference_speed.py [--max-r 1e6] [--max 1e7]

Writes benchmarks/results/inference_speed.csv.
"""

import argparse
import tracemalloc
from pathlib import Path

import numpy as np
import pandas as pd
from timing import R_BEST_TIME, best_time

import weightedroc as wr
from weightedroc import rbridge

RESULTS = Path(__file__).parent / "results"
R_TIMER = (
    """function(g1, g2, y, what, rounds) {
  roc <- function(g) pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE)
  run <- if (what == "var") function() pROC::var(roc(g1)) else
    function() pROC::roc.test(roc(g1), roc(g2), method = "delong")
"""
    + R_BEST_TIME
)


def data(n, seed=1):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    g1 = np.round(rng.normal(size=n) + y, 3)  # ties, as real scores have
    g2 = rng.normal(size=n) + 0.8 * y
    return g1, g2, y


def ours(what, g1, g2, y):
    if what == "var":
        return lambda: wr.auc_var(g1, y)
    return lambda: wr.roc_test(g1, g2, y)


def peak_bytes(run):
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-r", type=float, default=1e6)
    parser.add_argument("--max", type=float, default=1e7)
    args = parser.parse_args()
    have_r = rbridge.r_available("pROC")[0]
    if have_r:
        ro = rbridge.robjects()
        r_timer = ro.r(R_TIMER)
    rows = []
    for exponent in range(3, int(np.log10(args.max)) + 1):
        n = 10**exponent
        g1, g2, y = data(n)
        rounds = 5 if n <= 1e5 else 2
        if have_r and n <= args.max_r:
            r_vectors = ro.FloatVector(g1), ro.FloatVector(g2), ro.FloatVector(y.astype(float))
        for what in ("var", "roc.test"):
            run = ours(what, g1, g2, y)
            row = {
                "n": n,
                "function": what,
                "weightedroc_s": best_time(run, rounds),
                "bytes_per_obs": peak_bytes(run) / n,
            }
            if have_r and n <= args.max_r:
                row["pROC_s"] = r_timer(*r_vectors, what, 1 if n >= 1e6 else rounds)[0]
                row["ratio"] = row["pROC_s"] / row["weightedroc_s"]
            rows.append(row)
            print(row, flush=True)
    RESULTS.mkdir(exist_ok=True)
    table = pd.DataFrame(rows)
    table.to_csv(RESULTS / "inference_speed.csv", index=False, float_format="%.4g")
    print(table.to_string(index=False))


if __name__ == "__main__":
    main()
