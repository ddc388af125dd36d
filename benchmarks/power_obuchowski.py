"""Speed of Obuchowski's variance and power_roc_test against pROC (through
rpy2): ``var``/``cov`` with ``method = "obuchowski"`` and ``power.roc.test``
of one curve, of two curves (DeLong and Obuchowski) and of an AUC alone,
1e3 to 1e6 observations.

R is timed inside R (``proc.time`` around the call, on vectors already in
R), so that the conversion through rpy2 is not counted; both sides build
their curves from the raw scores (pROC's ``roc()`` is inside the timing, as
the arrays are inside ours).  Each time is the fastest of a few measurements after an
untimed call, a measurement being as many calls as last 20 ms (R's clock
ticks in milliseconds).

    python benchmarks/power_obuchowski.py [--max 1e6]

Writes benchmarks/results/power_obuchowski.csv.
"""

import argparse
from pathlib import Path

import numpy as np
import pandas as pd
from timing import best_rate

import weightedroc as wr
from weightedroc import rbridge

RESULTS = Path(__file__).parent / "results"
R_TIMER = """function(g1, g2, y, what, rounds) {
  roc <- function(g) pROC::roc(y, g, levels = c(0, 1), direction = "<", quiet = TRUE)
  run <- switch(what,
    "var" = function() pROC::var(roc(g1), method = "obuchowski"),
    "cov" = function() pROC::cov(roc(g1), roc(g2), method = "obuchowski"),
    "power one curve" = function() pROC::power.roc.test(roc(g1), power = 0.9),
    "power two curves delong" = function() pROC::power.roc.test(roc(g1), roc(g2), power = 0.9),
    "power two curves obuchowski" = function()
      pROC::power.roc.test(roc(g1), roc(g2), power = 0.9, method = "obuchowski"),
    "power solve auc" = function()
      pROC::power.roc.test(ncases = length(y) / 3, ncontrols = length(y), power = 0.9))
  run()
  reps <- 1  # calls per measurement: enough for 20 ms of R's 1 ms clock
  repeat {
    t <- proc.time()[["elapsed"]]; for (i in seq_len(reps)) run()
    if (proc.time()[["elapsed"]] - t >= 0.02) break
    reps <- reps * 10
  }
  best <- Inf
  for (i in seq_len(rounds)) {
    t <- proc.time()[["elapsed"]]; for (j in seq_len(reps)) run()
    best <- min(best, (proc.time()[["elapsed"]] - t) / reps)
  }
  best
}"""
WHAT = (
    "var",
    "cov",
    "power one curve",
    "power two curves delong",
    "power two curves obuchowski",
    "power solve auc",
)


def data(n, seed=1):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.3).astype(np.int64)
    g1 = np.round(rng.normal(size=n) + y, 3)  # ties, as real scores have
    g2 = 0.5 * g1 + rng.normal(size=n) + 0.3 * y
    return g1, g2, y


def ours(what, g1, g2, y):
    return {
        "var": lambda: wr.auc_var(g1, y, method="obuchowski"),
        "cov": lambda: wr.auc_cov(g1, g2, y, method="obuchowski"),
        "power one curve": lambda: wr.power_roc_test((g1, y), power=0.9),
        "power two curves delong": lambda: wr.power_roc_test((g1, y), (g2, y), power=0.9),
        "power two curves obuchowski": lambda: wr.power_roc_test(
            (g1, y), (g2, y), power=0.9, method="obuchowski"
        ),
        "power solve auc": lambda: wr.power_roc_test(
            ncases=len(y) / 3, ncontrols=len(y), power=0.9
        ),
    }[what]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=float, default=1e6)
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
        if have_r:
            r_vectors = ro.FloatVector(g1), ro.FloatVector(g2), ro.FloatVector(y.astype(float))
        for what in WHAT:
            row = {
                "n": n,
                "function": what,
                "weightedroc_s": best_rate(ours(what, g1, g2, y), rounds, least=0.02),
            }
            if have_r:
                row["pROC_s"] = r_timer(*r_vectors, what, 1 if n >= 1e6 else rounds)[0]
                row["ratio"] = row["pROC_s"] / row["weightedroc_s"]
            rows.append(row)
            print(row, flush=True)
    RESULTS.mkdir(exist_ok=True)
    table = pd.DataFrame(rows)
    table.to_csv(RESULTS / "power_obuchowski.csv", index=False, float_format="%.4g")
    print(table.to_string(index=False))


if __name__ == "__main__":
    main()
